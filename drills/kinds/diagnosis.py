"""Diagnosing a wrong answer by its shape, and measuring how often a diagnosis is specific.

A kind names the wrong rules trainees really apply (:meth:`DrillKind.mistakes`) and its own
shapes (:meth:`DrillKind.shapes`); what neither explains falls to the generic shapes here,
read from the fields alone: a net result with the wrong sign, twice or half the amount due,
nothing when something is due, a total off by ten (an Ace counted 1) or by one. What no shape
explains still gets :data:`~drills.kinds.base.ANSWER_DIFFERS`: the fields that differ, yours
against the right one, beside the explanation of why.

:func:`measure_kind` is the measurement issue 14 asks for: wrong answers generated from every
named mistake plus random wrong values, and the share that gets a specific diagnosis.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from drills.kinds.base import (
    ANSWER_DIFFERS,
    JSON,
    AnswerField,
    Difficulty,
    DrillKind,
    FieldType,
    Scenario,
)
from drills.kinds.messages import reason_value
from games.errors import GameError
from games.reasons import Reason, gettext_noop

Shape = Callable[[AnswerField, Any, Any], "tuple[str, Reason] | None"]


def _amount(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value))
    except ArithmeticError:
        return None


def _amount_shape(answer_field: AnswerField, yours: Any, due: Any) -> tuple[str, Reason] | None:
    mine, right = _amount(yours), _amount(due)
    if mine is None or right is None or mine == right:
        return None
    label = reason_value(answer_field.label)
    if right != 0 and mine == -right:
        return "wrong-sign", Reason.of(
            "",
            gettext_noop("{field}: {yours} has the wrong sign; {due} is right (a loss is negative, a win positive)."),
            field=label,
            yours=mine,
            due=right,
        )
    if right == 0:
        return "nothing-due", Reason.of(
            "", gettext_noop("{field}: nothing is due here, not {yours}."), field=label, yours=mine
        )
    if mine == 0:
        return "nothing-given", Reason.of(
            "", gettext_noop("{field}: {due} is due; you answered nothing."), field=label, due=right
        )
    if mine == right * 2:
        return "twice-due", Reason.of(
            "", gettext_noop("{field}: {yours} is twice what is due, {due}."), field=label, yours=mine, due=right
        )
    if mine * 2 == right:
        return "half-due", Reason.of(
            "", gettext_noop("{field}: {yours} is half of what is due, {due}."), field=label, yours=mine, due=right
        )
    if mine * 2 == right * 3 or mine * 3 == right * 2:
        return "ratio-3-2", Reason.of(
            "",
            gettext_noop("{field}: {yours} and {due} differ by a 3:2 ratio: check which ratio this bet pays."),
            field=label,
            yours=mine,
            due=right,
        )
    return None


def _integer_shape(answer_field: AnswerField, yours: Any, due: Any) -> tuple[str, Reason] | None:
    if not isinstance(yours, int) or not isinstance(due, int) or yours == due:
        return None
    label = reason_value(answer_field.label)
    if abs(yours - due) == 10:  # one Ace the wrong way; a larger multiple of ten proves nothing
        return "off-by-ten", Reason.of(
            "",
            gettext_noop("{field}: {yours} is ten away from {due}: an Ace counted 1 instead of 11, or the other way?"),
            field=label,
            yours=yours,
            due=due,
        )
    if abs(yours - due) == 1:
        return "off-by-one", Reason.of(
            "",
            gettext_noop("{field}: {yours} is one away from {due}: count the cards again."),
            field=label,
            yours=yours,
            due=due,
        )
    return None


GENERIC_SHAPES: Mapping[FieldType, Shape] = {
    FieldType.AMOUNT: _amount_shape,
    FieldType.INTEGER: _integer_shape,
}


def _shown(answer_field: AnswerField, value: Any) -> Any:
    """A value as a person reads it: a choice by its label, cards as cards, money as money."""
    if answer_field.type is FieldType.CHOICE:
        return reason_value(dict(answer_field.choices).get(value, str(value)))
    if answer_field.type is FieldType.AMOUNT:
        amount = _amount(value)
        return amount if amount is not None else str(value)
    if answer_field.type is FieldType.CARDS and isinstance(value, list):
        from games.cards import parse_cards

        return parse_cards(value)
    return value


def generic_diagnosis(scenario: Scenario, answer: Mapping[str, JSON]) -> tuple[str, tuple[Reason, ...]]:
    """The generic shapes of the wrong fields, else :data:`ANSWER_DIFFERS` naming each field
    that differs with yours and the right value."""
    key = scenario.solution.key
    wrong = [
        answer_field
        for answer_field in scenario.fields
        if answer_field.name in key and answer.get(answer_field.name) != key[answer_field.name]
    ]
    found: list[tuple[str, Reason]] = []
    for answer_field in wrong:
        shape = GENERIC_SHAPES.get(answer_field.type)
        hit = shape(answer_field, answer.get(answer_field.name), key[answer_field.name]) if shape else None
        if hit is not None:
            found.append(hit)
    if found and len(found) == len(wrong):
        return found[0][0], tuple(reason for _, reason in found)
    differs = tuple(
        Reason.of(
            "",
            gettext_noop("{field}: you answered {yours}; {due} is right."),
            field=reason_value(answer_field.label),
            yours=_shown(answer_field, answer.get(answer_field.name)),
            due=_shown(answer_field, key[answer_field.name]),
        )
        for answer_field in wrong
    )
    return ANSWER_DIFFERS, differs


# --- measurement ----------------------------------------------------------------------


@dataclass
class KindShare:
    """How many generated wrong answers of a kind got a specific diagnosis, by source."""

    kind: str
    total: int = 0
    specific: int = 0
    by_source: dict[str, list[int]] = field(default_factory=dict)  # source -> [specific, total]
    undiagnosed: list[tuple[int, str, dict[str, JSON]]] = field(default_factory=list)  # (seed, source, answer)
    codes: dict[str, int] = field(default_factory=dict)  # diagnosis code -> answers that got it

    @property
    def share(self) -> Decimal:
        return (Decimal(self.specific) / Decimal(self.total)) if self.total else Decimal(0)

    def count(self, source: str, specific: bool) -> None:
        self.total += 1
        self.specific += int(specific)
        tally = self.by_source.setdefault(source, [0, 0])
        tally[0] += int(specific)
        tally[1] += 1


def random_wrong_answers(scenario: Scenario, rng: random.Random, count: int) -> list[dict[str, JSON]]:
    """``count`` answers that differ from the key in one field each, by values a hurried
    trainee gives: another choice, a nearby total, an amount off by a chip or a factor."""
    key = dict(scenario.solution.key)
    groups = {group.name: group.cards for group in scenario.prompt.cards}
    answers: list[dict[str, JSON]] = []
    fields = [answer_field for answer_field in scenario.fields if answer_field.name in key]
    for _ in range(count * 4):
        if len(answers) >= count or not fields:
            break
        answer_field = rng.choice(fields)
        wrong = _wrong_value(answer_field, key[answer_field.name], rng, groups)
        if wrong is None or wrong == key[answer_field.name]:
            continue
        answers.append(key | {answer_field.name: wrong})
    return answers


def _wrong_value(answer_field: AnswerField, due: JSON, rng: random.Random, groups: Mapping[str, Any]) -> JSON:
    if answer_field.type is FieldType.CHOICE:
        others = [value for value, _ in answer_field.choices if value != due]
        return rng.choice(others) if others else None
    if answer_field.type is FieldType.INTEGER:
        low = answer_field.low if answer_field.low is not None else 0
        high = answer_field.high if answer_field.high is not None else low + 60
        value = int(due) + rng.choice((-2, -1, 1, 2, 10, -10, 5))
        return value if low <= value <= high else None
    if answer_field.type is FieldType.AMOUNT:
        right = Decimal(str(due))
        step = rng.choice((Decimal("0.50"), Decimal("1"), Decimal("5"), Decimal("10")))
        factor = rng.choice((Decimal("1.5"), Decimal("2"), Decimal("0.5"), None, None))
        amount = right * factor if factor is not None else right + step * rng.choice((-1, 1))
        if amount < 0 and not answer_field.signed:
            amount = right + step
        return f"{amount.quantize(Decimal('0.01'))}"
    if answer_field.type is FieldType.CARDS:
        cards = list(groups.get(answer_field.source, ()))
        if answer_field.count is None or len(cards) <= answer_field.count:
            return None
        from drills.kinds.base import sort_cards_json
        from games.cards import parse_cards

        return sort_cards_json(parse_cards(rng.sample(cards, answer_field.count)))
    return None


def measure_kind(
    kind: DrillKind[Any],
    rules: Any,
    seeds: Iterable[int],
    random_per_scenario: int = 2,
    difficulties: Iterable[Difficulty] = tuple(Difficulty),
) -> KindShare:
    """Grade every named mistake's answer and some random wrong answers for each seed and
    difficulty; count those that got a specific diagnosis."""
    result = KindShare(kind.slug)
    for difficulty in difficulties:
        for seed in seeds:
            try:
                scenario = kind.generate(seed, difficulty, rules)
            except GameError:
                continue
            key = dict(scenario.solution.key)
            candidates: list[tuple[str, dict[str, JSON]]] = []
            for mistake in kind.mistakes(rules):
                wrong = mistake.solve(scenario.situation)
                if wrong is not None and dict(wrong) != key:
                    candidates.append((f"mistake:{mistake.code}", key | dict(wrong)))
            rng = random.Random(f"diagnosis:{kind.slug}:{difficulty.value}:{seed}")
            candidates += [("random", answer) for answer in random_wrong_answers(scenario, rng, random_per_scenario)]
            for source, answer in candidates:
                grade = kind.grade(scenario, answer, rules)
                if grade.correct:
                    continue
                result.count(source, grade.specific)
                result.codes[grade.mistake_code] = result.codes.get(grade.mistake_code, 0) + 1
                if not grade.specific and len(result.undiagnosed) < 20:
                    result.undiagnosed.append((seed, source, answer))
    return result
