""" "What changed" drills: the situations where a game's old and new house rules disagree.

When a property adopts a new version of a game's rule set, or a trainee moves to another
property, the trainee is assigned the game's "what changed" kind
(``drills.what_changed.services.assign_what_changed``). Its scenarios run under a
:class:`~drills.kinds._changes.RuleChange` (the old and the new rule set, both stored with
the scenario) and show only situations on which the engine's answers under the two rule
sets differ: blackjacks at 3:2 against 6:5, a soft 17 under H17 against S17, a Super Match
row, a Bonus row, a hand two house ways set differently, a collection fee...

One kind per game (``bj-what-changed``, ``js-what-changed``, ``pg-what-changed``,
``ou-what-changed``): a kind has one game, so each change is drilled, mastered and
assigned per game, and the picker, the dashboards and the assignments name the game as for
any kind. Each kind's families are the settings it can show (spaced repetition per setting).

The question, the answer fields and the grading are the existing kind's that the setting
changes (``DIFFERENCES`` in :mod:`drills.kinds._changes`), run under the new rules; the
explanation names the rule and says what the answer was under the old rules. An answer that
was right under the old rules is named as such.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from drills.kinds._changes import (
    DIFFERENCES,
    Difference,
    RuleChange,
    answer_words,
    answers,
    contributing,
    find_situation,
    inner_scenario,
    nothing_to_show,
    probe,
    require_showable,
)
from drills.kinds.base import (
    JSON,
    AnswerField,
    Difficulty,
    DrillKind,
    Family,
    Grade,
    NamedMistake,
    Prompt,
    Scenario,
    Solution,
    register,
)
from drills.kinds.diagnosis import _shown as shown  # one way to show a value (diagnosis.py)
from drills.kinds.messages import joined, phrase, reason_value
from games.errors import GameError
from games.house_rules import HouseRules
from games.reasons import Reason, explain, gettext_noop
from games.registry import game_name

NOT_ASSIGNED = gettext_noop(
    "nothing has changed for you in this game: this drill is assigned when your property adopts new house "
    "rules or you move to another property"
)
OLD_RULES_MISTAKE = "what-changed-old-rules"
OLD_RULES_PART = "what-changed-old-rules-in-part"


def families_of(game: str) -> tuple[Family, ...]:
    return tuple(
        Family(d.family, phrase(gettext_noop("{setting} ({rule})"), setting=d.label, rule=d.rule_id))
        for d in DIFFERENCES[game].values()
    )


class WhatChangedKind(DrillKind[RuleChange]):
    """The situations where the old and the new rules of one game disagree."""

    title = gettext_noop("What changed")
    target_seconds = 30
    general_label = gettext_noop("Other changes")

    # --- the rules it runs under -------------------------------------------------------
    def unavailable_reason(self, rules: HouseRules) -> str | None:
        if not isinstance(rules, RuleChange):
            return NOT_ASSIGNED
        if rules.game != self.game:
            return phrase(
                gettext_noop("these are rules of {game}, not {drill_game}"),
                game=game_name(rules.game).split(" (")[0],
                drill_game=game_name(self.game).split(" (")[0],
            )
        return nothing_to_show(rules)

    def rules_from_mapping(self, values: Mapping[str, JSON]) -> RuleChange:
        return RuleChange.from_mapping(values)

    # --- the drill ---------------------------------------------------------------------
    def difference(self, situation: Mapping[str, JSON], rules: RuleChange) -> Difference:
        try:
            return DIFFERENCES[self.game][situation["setting"]]
        except KeyError:
            raise GameError(f"{situation.get('setting')!r} is not a setting this drill shows") from None

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: RuleChange) -> Mapping[str, JSON]:
        difference = rng.choice(require_showable(rules))
        inner = find_situation(difference, rng, difficulty, rules) or probe(difference, rules)
        assert inner is not None  # showable: the probe found one
        return {"setting": difference.setting, "situation": dict(inner)}

    def _inner(self, situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
        inner = situation["situation"]
        assert isinstance(inner, Mapping)
        return inner

    def solve(self, situation: Mapping[str, JSON], rules: RuleChange) -> Solution:
        difference = self.difference(situation, rules)
        inner = self._inner(situation)
        found = answers(difference, inner, rules)
        if found is None:
            raise GameError("the engine refuses this situation under the old or the new rules")
        fields = difference.base_kind().fields(inner, rules.new)
        new_key = dict(found.new.key)
        moved = contributing(difference, inner, rules)
        said = [
            Reason.of(d.rule_id, gettext_noop("What changed: {change}."), change=d.describe(rules).as_phrase())
            for d in moved
        ]
        if found.old is None:
            said.append(
                Reason.of(
                    "",
                    gettext_noop("Under the old rules this could not happen: {refusal}; now it is {now}."),
                    refusal=reason_value(found.old_refusal),
                    now=answer_words(fields, new_key),
                )
            )
        else:
            changed = [name for name in new_key if found.old.key.get(name) != new_key[name]] or None
            said.append(
                Reason.of(
                    "",
                    gettext_noop("Under the old rules this was {before}; now it is {now}."),
                    before=answer_words(fields, found.old.key, changed),
                    now=answer_words(fields, new_key, changed),
                )
            )
        why = found.new.reasons or (Reason("", found.new.explanation),)
        ids = [d.rule_id for d in moved]
        cited = (*ids, *(rule for rule in found.new.rules if rule not in ids))
        return Solution(key=new_key, rules=cited, reasons=(*said, *why), family=difference.family)

    def prompt(self, situation: Mapping[str, JSON], rules: RuleChange) -> Prompt:
        difference = self.difference(situation, rules)
        base = difference.base_kind().prompt(self._inner(situation), rules.new)
        return Prompt(
            question=phrase(
                gettext_noop("The house rules changed. Answer under the new rules: {question}"), question=base.question
            ),
            cards=base.cards,
            facts=(
                (
                    gettext_noop("What changed"),
                    _changes_text(contributing(difference, self._inner(situation), rules), rules),
                ),
                *base.facts,
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: RuleChange) -> tuple[AnswerField, ...]:
        return self.difference(situation, rules).base_kind().fields(self._inner(situation), rules.new)

    def grade(self, scenario: Scenario, answer: Mapping[str, JSON], rules: RuleChange) -> Grade:
        """The base kind's grade under the new rules (its equivalences and named mistakes),
        with this drill's explanation; an answer right under the old rules is named so."""
        difference = self.difference(scenario.situation, rules)
        base, inner = difference.base_kind(), self._inner(scenario.situation)
        found = answers(difference, inner, rules)
        if found is None:
            raise GameError("the engine refuses this situation under the old or the new rules")
        graded = base.grade(inner_scenario(base, inner, rules.new, found.new), answer, rules.new)
        graded = dataclasses.replace(
            graded,
            explanation=scenario.solution.explanation,
            reasons=scenario.solution.reasons,  # the explanation's own why, so it reads in the reader's language
            rules=scenario.solution.rules,
            expected=dict(scenario.solution.key),
        )
        if graded.correct or found.old is None:
            return graded
        moved = contributing(difference, inner, rules)
        if base.grade(inner_scenario(base, inner, rules.old, found.old), answer, rules.old).correct:
            reasons = tuple(_old_rules_reason(d, rules) for d in moved)
            return dataclasses.replace(
                graded, mistake_code=OLD_RULES_MISTAKE, mistake=explain(reasons), diagnosis=reasons
            )
        fields = {answer_field.name: answer_field for answer_field in scenario.fields}
        old_fields = [
            name
            for name, value in found.old.key.items()
            if name in fields and value != found.new.key.get(name) and answer.get(name) == value
        ]
        if not old_fields:
            return graded
        # Some fields as the old rules had them: name those, then what is wrong with the others.
        said = tuple(_old_field_reason(fields[name], answer.get(name), moved[0], rules) for name in old_fields)
        others = dict(answer) | {name: found.new.key[name] for name in old_fields}
        rest = base.grade(inner_scenario(base, inner, rules.new, found.new), others, rules.new).diagnosis
        return dataclasses.replace(
            graded, mistake_code=OLD_RULES_PART, mistake=explain((*said, *rest)), diagnosis=(*said, *rest)
        )

    def mistakes(self, rules: RuleChange) -> Sequence[NamedMistake]:
        def old_rules(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            found = answers(self.difference(situation, rules), self._inner(situation), rules)
            return None if found is None or found.old is None else found.old.key

        return (NamedMistake(OLD_RULES_MISTAKE, OLD_RULES_CHANGED, old_rules),)


OLD_RULES_CHANGED = Reason.of("", gettext_noop("That was the answer under the old rules: the house rules changed."))


def _old_rules_reason(difference: Difference, rules: RuleChange) -> Reason:
    return Reason.of(
        difference.rule_id,
        gettext_noop("That was the answer under the old rules: {change}."),
        change=difference.describe(rules).as_phrase(),
    )


def _old_field_reason(answer_field: AnswerField, yours: JSON, difference: Difference, rules: RuleChange) -> Reason:
    return Reason.of(
        difference.rule_id,
        gettext_noop("{field}: {yours} was right under the old rules: {change}."),
        field=reason_value(answer_field.label),
        yours=shown(answer_field, yours),
        change=difference.describe(rules).as_phrase(),
    )


def _changes_text(differences: Sequence[Difference], rules: RuleChange) -> str:
    return joined(
        [phrase(gettext_noop("{setting} ({rule})"), setting=d.describe(rules), rule=d.rule_id) for d in differences],
        "; ",
    )


class BlackjackWhatChanged(WhatChangedKind):
    slug = "bj-what-changed"
    game = "blackjack"
    description = gettext_noop(
        "Your Blackjack rules changed: the hands, payouts and options where the new rules give another "
        "answer than the old (blackjack pays, soft 17, insurance, doubles and splits)."
    )
    families = families_of("blackjack")


class JackSwitchWhatChanged(WhatChangedKind):
    slug = "js-what-changed"
    game = "jack-switch"
    description = gettext_noop(
        "Your Jack Switch rules changed: where the new rules give another answer (blackjack pays, soft 17, "
        "Super Match and pair bonus tables, bonus limits)."
    )
    families = families_of("jack-switch")


class PaiGowWhatChanged(WhatChangedKind):
    slug = "pg-what-changed"
    game = "pai-gow"
    description = gettext_noop(
        "Your Pai Gow rules changed: hands the new house way sets differently, and showdowns the new fee "
        "or straight ranking settles differently."
    )
    families = families_of("pai-gow")


class OverUnderWhatChanged(WhatChangedKind):
    slug = "ou-what-changed"
    game = "over-under-26"
    description = gettext_noop("Your Over/Under 26 rules changed: rounds and Bonus bets the new rules pay differently.")
    families = families_of("over-under-26")


KINDS: tuple[WhatChangedKind, ...] = (
    BlackjackWhatChanged(),
    JackSwitchWhatChanged(),
    PaiGowWhatChanged(),
    OverUnderWhatChanged(),
)
for _kind in KINDS:
    register(_kind)


def change_kind(game: str) -> WhatChangedKind:
    """The "what changed" kind of a game."""
    for kind in KINDS:
        if kind.game == game:
            return kind
    raise LookupError(game)


def is_change_kind(kind: DrillKind[Any]) -> bool:
    return isinstance(kind, WhatChangedKind)
