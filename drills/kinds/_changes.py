"""What changed between two rule sets of a game, and where a dealer's answer changes with it.

A "what changed" drill (:mod:`drills.kinds.what_changed`) runs under a :class:`RuleChange`:
the old and the new rule set of one game. The settings that changed are found from the
values (a diff of the two rule sets' ``to_mapping()``); :data:`DIFFERENCES` is the one
mapping, per game, from a setting to how to show it: the existing drill kind whose
question the setting changes (its *base* kind), the rule ID, and optionally a draw aimed
at the situations the setting decides (otherwise the base kind's own draw is used).

A situation is kept only where the engine's answers under the old and the new rules
disagree: the old answer graded against the new key (by the base kind's own grading, so
"the same two hands" counts as the same house-way setting) must be wrong. A setting the
family cannot show (none of its draws ever disagree, or no base kind asks about it) is
reported, never guessed at: :func:`showable` lists what can be shown and
:class:`NothingToShowError` says what cannot.

Not a kind module (the registry skips names starting with ``_``); no Django.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Self

from drills.kinds import messages
from drills.kinds._boxes import insurance_for
from drills.kinds._twenty_one import SOFT_17, DrawPile, draw_bet
from drills.kinds.base import JSON, AnswerField, Difficulty, DrillKind, FieldType, Scenario, Solution, get_kind
from drills.kinds.messages import gettext_noop, joined, phrase, reason_value
from games import ENGINE_VERSION
from games.blackjack.dealer import verify_dealer_hand
from games.blackjack.errors import SituationError
from games.blackjack.hand import card_value
from games.blackjack.rules import TwentyOneRules
from games.cards import Rank, format_cards, parse_card
from games.errors import CardNotationError, GameError, RuleSetError
from games.house_rules import HouseRules
from games.money import format_money
from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE, OverUnderRules, deal_with
from games.reasons import Phrase
from games.registry import game_name, rules_class

TRIES = 300
"""Situations drawn at most to find one where the two rule sets disagree."""
OWN_LEVEL_TRIES = 30
"""Of those, the first ones at the trainee's difficulty; then at hard (the shapes dealers miss)."""


class NothingToShowError(GameError):
    """The two rule sets differ on nothing a "what changed" drill can show."""


@dataclass(frozen=True)
class RuleChange(HouseRules):
    """The old and the new rule set of one game: what a "what changed" drill runs under.

    Stored as ``{"game": ..., "old": {every setting}, "new": {every setting}}`` with the
    scenario, so that the scenario replays exactly whatever either rule set becomes later.
    A rule-set value in the framework's sense (it subclasses :class:`HouseRules` for the
    drill kinds' type), but not a property's rule set: it is never edited or stored as one.
    """

    old: HouseRules
    new: HouseRules

    def validate(self) -> None:
        if type(self.old) is not type(self.new):
            raise RuleSetError("rules", "the old and the new rules must be of the same game")

    @property
    def game(self) -> str:
        return self.new.GAME

    @classmethod
    def of(cls, game: str, old_values: Mapping[str, object], new_values: Mapping[str, object]) -> RuleChange:
        """From two rule sets' stored values (only the settings set, or all of them)."""
        rules = rules_class(game)
        return cls(_values(rules, old_values, "old"), _values(rules, new_values, "new"))

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> Self:
        if not isinstance(data, Mapping) or set(data) != {"game", "old", "new"}:
            raise RuleSetError("rules", 'a rule change is an object {"game": ..., "old": {...}, "new": {...}}')
        game = data["game"]
        if not isinstance(game, str):
            raise RuleSetError("game", "must be a game's slug")
        old, new = data["old"], data["new"]
        if not isinstance(old, Mapping) or not isinstance(new, Mapping):
            raise RuleSetError("rules", "the old and the new rules must be objects of setting: value")
        rules = rules_class(game)
        return cls(_values(rules, old, "old"), _values(rules, new, "new"))

    def to_mapping(self) -> dict[str, Any]:
        return {"game": self.game, "old": self.old.to_mapping(), "new": self.new.to_mapping()}

    def changed_settings(self) -> list[str]:
        """The settings whose values differ, in the rule set's order."""
        old, new = self.old.to_mapping(), self.new.to_mapping()
        return [name for name in new if old.get(name) != new[name]]


def _values(rules: type[HouseRules], values: Mapping[str, object], which: str) -> HouseRules:
    try:
        return rules.from_mapping(values)
    except RuleSetError as error:
        raise RuleSetError(f"{which}.{error.setting}", error.message) from None


# --- how a setting shows -------------------------------------------------------------------

Draw = Callable[[random.Random, Difficulty, RuleChange], Mapping[str, JSON]]
Words = Callable[[Any], str]


@dataclass(frozen=True)
class Difference:
    """How a changed setting shows: the base kind whose question it changes, the rule it
    is, and optionally a draw aimed at the situations it decides."""

    setting: str
    label: str
    rule_id: str
    base: str
    draw: Draw | None = None
    words: Words = str

    @property
    def family(self) -> str:
        return self.setting.replace("_", "-")

    def base_kind(self) -> DrillKind[Any]:
        return get_kind(self.base)

    def draw_situation(self, rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
        if self.draw is not None:
            return self.draw(rng, difficulty, change)
        return self.base_kind().situation(rng, difficulty, change.new)

    def describe(self, change: RuleChange) -> messages.Words:
        """ "Blackjack pays 3:2 → 6:5"; a pay table names the entries that changed (words
        that :func:`~drills.kinds.messages.say` puts in the reader's language)."""
        old, new = change.old.to_mapping()[self.setting], change.new.to_mapping()[self.setting]
        if isinstance(old, Mapping) or isinstance(new, Mapping):
            return phrase(
                gettext_noop("{setting}: {change}"), setting=self.label, change=_table_change(old or {}, new or {})
            )
        if isinstance(old, str) and isinstance(new, str) and "," in f"{old}{new}":
            return phrase(gettext_noop("{setting}: {change}"), setting=self.label, change=_entries_change(old, new))
        return phrase(
            gettext_noop("{setting}: {old} → {new}"), setting=self.label, old=self.words(old), new=self.words(new)
        )


def _entries_change(old: str, new: str) -> messages.Words:
    """Comma-separated entries (the bonus limits): only those that changed."""
    before = [entry.strip() for entry in old.split(",")]
    after = [entry.strip() for entry in new.split(",")]
    gone = [entry for entry in before if entry not in after]
    came = [entry for entry in after if entry not in before]
    return joined(
        [joined(gone) if gone else gettext_noop("nothing"), joined(came) if came else gettext_noop("nothing")], " → "
    )


_TABLE_ROWS: Mapping[str, str] = {
    "one-pair": gettext_noop("one pair"),
    "two-pairs": gettext_noop("two pairs"),
    "three-of-a-kind": gettext_noop("three of a kind"),
    "four-of-a-kind": gettext_noop("four of a kind"),
    "different-colour-pair": gettext_noop("different colour pair"),
    "same-colour-pair": gettext_noop("same colour pair"),
    "same-suit-pair": gettext_noop("same suit pair"),
    "joker": gettext_noop("joker"),
}
"""A pay table's rows as a changed entry names them (the Bonus table's totals are numbers)."""


def _table_change(old: Mapping[str, str], new: Mapping[str, str]) -> messages.Words | str:
    keys = [key for key in (*old, *(k for k in new if k not in old)) if old.get(key) != new.get(key)]
    if not old:
        return gettext_noop("no table → a table")
    if not new:
        return gettext_noop("the table was removed")
    return joined(
        [
            phrase(
                gettext_noop("{row} {old} → {new}"),
                row=_TABLE_ROWS.get(key, key.replace("-", " ")),
                old=old.get(key, gettext_noop("not paid")),
                new=new.get(key, gettext_noop("not paid")),
            )
            for key in keys
        ]
    )


# --- aimed draws -------------------------------------------------------------------------------


def _blackjack_paid(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
    return {"bet": format_money(draw_bet(rng, difficulty)), "kind": "blackjack"}


def _insurance_paid(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
    return {"bet": format_money(insurance_for(draw_bet(rng, difficulty), rng)), "kind": "insurance"}


def _soft_17(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
    """A dealer's soft 17 as it could have been drawn under both rule sets (BJ-8, JS-5)."""
    rules = change.new
    assert isinstance(rules, TwentyOneRules)
    pile = DrawPile(rng, rules)
    shapes = SOFT_17[:1] if difficulty is Difficulty.EASY else SOFT_17
    for _ in range(50):
        values = list(rng.choice(shapes))
        rng.shuffle(values)
        cards = tuple(pile.value(value) for value in values)
        try:
            for either in (change.old, change.new):
                assert isinstance(either, TwentyOneRules)
                verify_dealer_hand(cards, either, finished=False)
        except SituationError:
            pile.put_back(cards)
            continue
        return {"cards": format_cards(cards)}
    return {"cards": ["AS", "6H"]}  # pragma: no cover - every shape has an order the dealer draws


def _split_hand(pair: bool) -> Draw:
    """A two-card hand of a split box (not split Aces): a pair again when ``pair``, with as
    many hands in the box as the smaller split limit allows (BJ-S2, BJ-D2)."""

    def draw(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
        old, new = change.old, change.new
        assert isinstance(old, TwentyOneRules)
        assert isinstance(new, TwentyOneRules)
        pile = DrawPile(rng, new)
        upcard = pile.take(lambda card: card.rank is not Rank.ACE)
        first = pile.value(rng.choice((2, 3, 4, 5, 6, 7, 8, 9, 10)))
        if pair:
            second = pile.value(card_value(first))
            hands = min(old.max_hands, new.max_hands)
        else:
            second = pile.take(lambda card: card.rank is not Rank.ACE and card_value(card) != card_value(first))
            hands = rng.randint(2, max(2, min(old.max_hands, new.max_hands)))
        return {
            "hand": format_cards([first, second]),
            "dealer": format_cards([upcard]),
            "hands_in_box": hands,
            "from_split_aces": False,
            "third_card_dealt": rng.random() < 0.5,
        }

    return draw


def _surrender_hand(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
    """A fresh hard 13 to 16 against a 9 or a 10-value, before any third card at the table: a
    hand that may surrender where the house offers it (BJ-R1, BJ-R2, BJ-R3)."""
    rules = change.new
    assert isinstance(rules, TwentyOneRules)
    pile = DrawPile(rng, rules)
    upcard = pile.take(lambda card: card_value(card) in (9, 10))
    first = pile.value(10)
    second = pile.value(rng.choice((3, 4, 5, 6)))
    return {
        "hand": format_cards([first, second]),
        "dealer": format_cards([upcard]),
        "hands_in_box": 1,
        "from_split_aces": False,
        "third_card_dealt": False,
    }


def _bonus_row(rng: random.Random, difficulty: Difficulty, change: RuleChange) -> Mapping[str, JSON]:
    """A round whose four cards land on a Bonus pay table row that changed (OU-10)."""
    old, new = change.old, change.new
    assert isinstance(old, OverUnderRules)
    assert isinstance(new, OverUnderRules)
    situation = dict(get_kind("ou-bonus").situation(rng, difficulty, new))
    old_table = old.bonus_pay_table.to_mapping() if old.bonus_pay_table else {}
    new_table = new.bonus_pay_table.to_mapping() if new.bonus_pay_table else {}
    rows = sorted({*old_table, *new_table} - {k for k in new_table if old_table.get(k) == new_table[k]})
    if rows:
        row = rng.choice(rows)
        deal = (
            deal_with(rng, first_card_joker=False, joker_after_first=True)
            if row == "joker"
            else deal_with(rng, total=int(row))
        )
        situation["cards"] = format_cards(deal.cards)
        situation["choice"] = rng.choice(["under", "over"])
    return situation


def _soft_17_words(hits: object) -> str:
    return gettext_noop("the dealer hits soft 17") if hits else gettext_noop("the dealer stands on soft 17")


def _yes_no(allowed: object) -> str:
    return gettext_noop("allowed") if allowed else gettext_noop("not allowed")


def _offered_words(offered: object) -> str:
    return gettext_noop("offered") if offered else gettext_noop("not offered")


def _wheel_words(lowest: object) -> str:
    return gettext_noop("the lowest straight") if lowest else gettext_noop("the second-highest straight")


def _fee_words(fee: object) -> str:
    return gettext_noop("none") if Decimal(str(fee)) == 0 else phrase(gettext_noop("{fee} a hand"), fee=str(fee))


def _multiple_words(multiple: object) -> str:
    return phrase(gettext_noop("{multiple} × Ante in all"), multiple=str(multiple))


def _twenty_one(ids: Mapping[str, str], dealer_kind: str, extra: tuple[Difference, ...] = ()) -> dict[str, Difference]:
    differences = (
        Difference(
            "blackjack_pays",
            gettext_noop("Blackjack pays"),
            ids["pays"],
            ids["payout"],
            _blackjack_paid if ids["payout"] == "bj-payout" else None,
        ),
        Difference("dealer_hits_soft_17", gettext_noop("Soft 17"), ids["soft"], dealer_kind, _soft_17, _soft_17_words),
        *extra,
    )
    return {difference.setting: difference for difference in differences}


DIFFERENCES: Mapping[str, Mapping[str, Difference]] = {
    "blackjack": _twenty_one(
        {"pays": "BJ-5", "payout": "bj-payout", "soft": "BJ-8"},
        "bj-dealer-action",
        (
            Difference("insurance_pays", gettext_noop("Insurance pays"), "BJ-I2", "bj-payout", _insurance_paid),
            Difference(
                "double_after_split",
                gettext_noop("Double after a split"),
                "BJ-D2",
                "bj-options",
                _split_hand(False),
                _yes_no,
            ),
            Difference("max_hands", gettext_noop("Most hands in a box"), "BJ-S2", "bj-options", _split_hand(True)),
            Difference(
                "surrender_offered", gettext_noop("Surrender"), "BJ-R1", "bj-options", _surrender_hand, _offered_words
            ),
        ),
    ),
    "jack-switch": _twenty_one(
        {"pays": "JS-3", "payout": "js-settle-dealer-22", "soft": "JS-5"},
        "js-dealer-soft-17",
        (
            Difference("super_match", gettext_noop("Super Match pay table"), "JS-SM", "js-super-match"),
            Difference("pair_bonus", gettext_noop("Pair bonus pay table"), "JS-PB", "js-pair-bonus"),
            Difference("bonus_limits", gettext_noop("Bonus limits"), "JS-L", "js-bonus-accepted"),
            Difference(
                "surrender_offered", gettext_noop("Surrender"), "BJ-R1", "bj-options", _surrender_hand, _offered_words
            ),
        ),
    ),
    "pai-gow": {
        difference.setting: difference
        for difference in (
            Difference("house_way", gettext_noop("House way"), "PG-H", "pg-house-way"),
            Difference("collection_fee", gettext_noop("Collection fee"), "PG-F", "pg-showdown", None, _fee_words),
            Difference("wheel_lowest_straight", gettext_noop("A-2-3-4-5"), "PG-R", "pg-showdown", None, _wheel_words),
        )
    },
    "over-under-26": {
        difference.setting: difference
        for difference in (
            Difference(
                "win_return_multiple", gettext_noop("A win returns"), "OU-W", "ou-settle", None, _multiple_words
            ),
            Difference("bonus_pay_table", gettext_noop("Bonus pay table"), "OU-10", "ou-bonus", _bonus_row),
        )
    },
}
"""Per game, every setting a "what changed" drill can show, and how."""


_BONUS_TABLE = EXAMPLE_BONUS_PAY_TABLE.to_mapping()
EXAMPLE_CHANGES: Mapping[str, tuple[Mapping[str, Any], Mapping[str, Any]]] = {
    "blackjack": (
        {},
        {
            "blackjack_pays": "6:5",
            "dealer_hits_soft_17": True,
            "insurance_pays": "3:1",
            "double_after_split": False,
            "max_hands": 3,
        },
    ),
    "jack-switch": (
        {},
        {
            "blackjack_pays": "3:2",
            "dealer_hits_soft_17": False,
            "super_match": {"one-pair": "1:1", "three-of-a-kind": "6:1", "two-pairs": "8:1", "four-of-a-kind": "50:1"},
            "pair_bonus": {"different-colour-pair": "6:1", "same-colour-pair": "10:1", "same-suit-pair": "25:1"},
            "bonus_limits": "10-200: 1-100, 25-500: 1-500, 50-1000: 1-1000",
        },
    ),
    "pai-gow": ({}, {"collection_fee": "1.00", "wheel_lowest_straight": False}),
    "over-under-26": (
        {"bonus_pay_table": _BONUS_TABLE},
        {
            "bonus_pay_table": {**{k: v for k, v in _BONUS_TABLE.items() if k != "joker"}, "16": "2:1", "20": "1:1"},
            "win_return_multiple": 5,
        },
    ),
}
"""Per game, an example change (old values, new values) touching every setting the family
shows (Pai Gow's house way apart: the engine registers only one house way that a change
could move to). The tests and ``manage.py diagnosis_report`` run the "what changed" kinds
under it; a property's real changes come from its rule versions."""


def example_change(game: str) -> RuleChange:
    """The game's :data:`EXAMPLE_CHANGES` entry as a rule change."""
    old, new = EXAMPLE_CHANGES[game]
    return RuleChange.of(game, old, new)


# --- answers under both rule sets --------------------------------------------------------------


@dataclass(frozen=True)
class Answers:
    """A situation's answers: the new rules' solution, and the old rules' (``None`` where the
    base kind cannot be drilled under the old rules at all: ``old_refusal`` says why)."""

    new: Solution
    old: Solution | None
    old_refusal: str = ""


def inner_scenario(
    base: DrillKind[Any], situation: Mapping[str, JSON], rules: HouseRules, solution: Solution
) -> Scenario:
    """The base kind's scenario for the situation under one rule set (its own grading runs on it)."""
    return Scenario(
        kind=base.slug,
        seed=0,
        difficulty=Difficulty.NORMAL,
        engine_version=ENGINE_VERSION,
        situation=situation,
        prompt=base.prompt(situation, rules),
        fields=base.fields(situation, rules),
        solution=solution,
    )


def answers(difference: Difference, situation: Mapping[str, JSON], change: RuleChange) -> Answers | None:
    """Both answers, or ``None`` where the situation is not one the two rule sets can both
    meet (the engine refuses it under either)."""
    base = difference.base_kind()
    try:
        new = base.solve(situation, change.new)
    except GameError:
        return None
    refusal = base.unavailable_reason(change.old)
    if refusal:
        return Answers(new, None, refusal)
    try:
        return Answers(new, base.solve(situation, change.old))
    except GameError:
        return None


def _graded_same(
    base: DrillKind[Any],
    situation: Mapping[str, JSON],
    rules: HouseRules,
    key: Mapping[str, JSON],
    other: Mapping[str, JSON],
) -> bool:
    """Whether ``other`` is graded right against ``key``: equal keys are; otherwise the base
    kind's own grading decides where it has one (the framework's compares the keys)."""
    if dict(key) == dict(other):
        return True
    if type(base).grade is DrillKind.grade:
        return False
    solution = Solution(key=key, rules=("-",), explanation="")
    return base.grade(inner_scenario(base, situation, rules, solution), dict(other), rules).correct


def alone(difference: Difference, change: RuleChange) -> HouseRules | None:
    """The old rules with only this setting changed to its new value (``None`` when that
    mix is no valid rule set)."""
    try:
        return dataclasses.replace(change.old, **{difference.setting: getattr(change.new, difference.setting)})
    except GameError:
        return None


def disagree(difference: Difference, situation: Mapping[str, JSON], change: RuleChange) -> bool:
    """Whether the old rules' answer is wrong under the new rules, and this setting's change
    alone already moves it (so the drill shows this setting, not another that changed too).
    Graded by the base kind: an answer its grading takes as the same counts as the same."""
    found = answers(difference, situation, change)
    if found is None:
        return False
    if found.old is None:
        return True
    base = difference.base_kind()
    if _graded_same(base, situation, change.new, found.new.key, found.old.key):
        return False
    partly = alone(difference, change)
    if partly is None or partly == change.new:
        return True
    try:
        moved = base.solve(situation, partly).key
    except GameError:
        return True
    return not _graded_same(base, situation, partly, moved, found.old.key)


def find_situation(
    difference: Difference, rng: random.Random, difficulty: Difficulty, change: RuleChange
) -> Mapping[str, JSON] | None:
    """A situation on which the two rule sets disagree, drawn from ``rng``, or ``None`` (also
    when the base kind cannot be drilled under the new rules: no question to ask)."""
    if difference.base_kind().unavailable_reason(change.new):
        return None
    for attempt in range(TRIES):
        level = difficulty if attempt < OWN_LEVEL_TRIES else Difficulty.HARD
        try:
            situation = difference.draw_situation(rng, level, change)
        except GameError:
            continue
        if disagree(difference, situation, change):
            return situation
    return None


@functools.lru_cache(maxsize=256)
def probe(difference: Difference, change: RuleChange) -> Mapping[str, JSON] | None:
    """A disagreeing situation found by a fixed search, or ``None``: whether the setting's
    change can be shown at all (and a fallback for a seed whose own search finds none)."""
    return find_situation(
        difference, random.Random(f"what-changed-probe:{difference.setting}"), Difficulty.NORMAL, change
    )


def showable(change: RuleChange) -> list[Difference]:
    """The changed settings this family can show, in the rule set's order."""
    known = DIFFERENCES.get(change.game, {})
    candidates = [known[name] for name in change.changed_settings() if name in known]
    return [difference for difference in candidates if probe(difference, change) is not None]


def nothing_to_show(change: RuleChange) -> str | None:
    """Why the two rule sets give a "what changed" drill nothing to show, or ``None``: words
    the drill picker shows as why the drill is not available (in the reader's language)."""
    changed = change.changed_settings()
    name = game_name(change.game).split(" (")[0]
    if not changed:
        return phrase(gettext_noop("the old and the new {game} rules are the same: nothing changed"), game=name)
    if showable(change):
        return None
    return phrase(
        gettext_noop(
            "the old and the new {game} rules differ only in {settings}, which changes no answer this drill can ask"
        ),
        game=name,
        settings=joined(changed),  # the settings' stored names: no catalogue knows them, they read as written
    )


def require_showable(change: RuleChange) -> list[Difference]:
    """:func:`showable`, or :class:`NothingToShowError` saying why there is nothing."""
    reason = nothing_to_show(change)
    if reason:
        raise NothingToShowError(reason)
    return showable(change)


def contributing(difference: Difference, situation: Mapping[str, JSON], change: RuleChange) -> list[Difference]:
    """The changed settings that move this situation's answer: ``difference`` and any other
    setting of the same base kind whose change alone already changes the old answer."""
    found = answers(difference, situation, change)
    result = [difference]
    if found is None or found.old is None:
        return result
    for other in showable(change):
        if other is difference or other.base != difference.base:
            continue
        partly = alone(other, change)
        try:
            moved = partly is None or other.base_kind().solve(situation, partly).key != found.old.key
        except GameError:
            moved = True
        if moved:
            result.append(other)
    return result


def answer_words(fields: tuple[AnswerField, ...], key: Mapping[str, JSON], names: list[str] | None = None) -> Phrase:
    """A key in words, field by field ("dealer pays 12.00"), only ``names`` if given: a
    phrase of a reason, so each field's label and chosen answer read in the reader's
    language (labels lowered mid-sentence, money as money).

    >>> fields = (AnswerField("pays", "Dealer pays", FieldType.AMOUNT),
    ...           AnswerField("insurance", "Insurance", FieldType.CHOICE, choices=(("no", "No"),)))
    >>> answer_words(fields, {"pays": "12.00", "insurance": "no"}).words()
    'dealer pays 12.00, insurance no'
    """
    parts = []
    for field in fields:
        if names is not None and field.name not in names:
            continue
        parts.append(
            Phrase.of(
                # Translators: an answer field's label and its value ("dealer pays 12.00") in a sentence.
                gettext_noop("{field} {value}"),
                field=_lowered(field.label),
                value=_answer_value(field, key.get(field.name)),
            )
        )
    return Phrase.joined(parts)


def _answer_value(field: AnswerField, value: JSON) -> Any:
    """One field of a key as a reason's value: a choice by its label (a word to translate),
    an amount as money, cards as cards (read with their symbols, "A♠ 7♥", and a joker as the
    reader's word: people read symbols, the notation is for the key and the API)."""
    if field.type is FieldType.CHOICE:
        label = dict(field.choices).get(str(value))
        return _lowered(label) if label else str(value).lower()
    if isinstance(value, list):
        try:
            return tuple(parse_card(str(item)) for item in value)
        except CardNotationError:  # not cards after all: the values as the key has them
            return " ".join(str(item) for item in value)
    if field.type is FieldType.AMOUNT and isinstance(value, str):
        try:
            return Decimal(value)
        except ArithmeticError:
            return value
    return value if isinstance(value, (int, str)) else str(value)


def _lowered(text: str) -> Phrase:
    """A label read mid-sentence: translated, then its first letter lowered."""
    value = reason_value(text)
    if isinstance(value, Phrase):
        return dataclasses.replace(value, lowercase=True)
    return Phrase(text, lowercase=True)


__all__ = [
    "DIFFERENCES",
    "EXAMPLE_CHANGES",
    "Answers",
    "Difference",
    "NothingToShowError",
    "RuleChange",
    "answer_words",
    "answers",
    "contributing",
    "disagree",
    "example_change",
    "find_situation",
    "inner_scenario",
    "nothing_to_show",
    "probe",
    "require_showable",
    "showable",
]
