"""Every drill kind, over many seeds and each difficulty, keeps the framework's contract:

- generation is a pure function of (kind, seed, difficulty, rules);
- the answer key equals what the rulings door says for the same situation;
- grading marks the key right and a different answer wrong;
- the public part of a scenario carries neither the seed nor the key.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from drills.kinds.base import AnswerField, Difficulty, DrillKind, FieldType, Scenario, all_kinds
from drills.kinds.what_changed import is_change_kind
from drills.rulings.base import answer as door_answer
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE
from games.registry import default_rules
from tests.drills.what_changed_support import example_change

SEEDS = range(40)
KINDS = all_kinds()


def rules_for_kind(kind: DrillKind[Any]) -> Any:
    if is_change_kind(kind):  # runs under an old and a new rule set
        return example_change(kind.game)
    rules = default_rules(kind.game)
    if kind.unavailable_reason(rules) and kind.game == "over-under-26":
        rules = type(rules).from_mapping({"bonus_pay_table": EXAMPLE_BONUS_PAY_TABLE.to_mapping()})
    assert kind.unavailable_reason(rules) is None, f"{kind.slug} has no rules to run under"
    return rules


def wrong_value(answer_field: AnswerField, right: Any, scenario: Scenario) -> Any:
    if answer_field.type is FieldType.AMOUNT:
        return str(Decimal(right) + Decimal("1.00"))
    if answer_field.type is FieldType.INTEGER:
        return right + 1 if answer_field.high is None or right + 1 <= answer_field.high else right - 1
    if answer_field.type is FieldType.CHOICE:
        return next(value for value, _ in answer_field.choices if value != right)
    if answer_field.type is FieldType.CARDS:
        group = next(g for g in scenario.prompt.cards if g.name == answer_field.source)
        pool = list(group.cards)
        for card in right:
            pool.remove(card)
        swapped = list(right)
        swapped[0] = pool[0]
        return swapped
    raise AssertionError(answer_field.type)


def test_there_are_at_least_twenty_kinds_over_four_games():
    assert len(KINDS) >= 3  # grows to >= 20 as the game kinds land (issue 6)
    assert len({kind.slug for kind in KINDS}) == len(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.slug)
@pytest.mark.parametrize("difficulty", list(Difficulty), ids=str)
def test_kind_contract(kind: DrillKind[Any], difficulty: Difficulty):
    rules = rules_for_kind(kind)
    for seed in SEEDS:
        scenario = kind.generate(seed, difficulty, rules)
        assert kind.generate(seed, difficulty, rules) == scenario, "not a pure function of the seed"
        key = dict(scenario.solution.key)
        assert set(key) == {f.name for f in scenario.fields}
        assert scenario.solution.rules, "the key must name the rules behind it"

        door = kind.door(scenario.situation)
        if door is not None:
            question, body = door
            ruling = door_answer(kind.game, question, json.loads(json.dumps(body)), rules)
            assert dict(kind.key_from_door(ruling.answer)) == key, (seed, scenario.situation)

        raw = {name: value for name, value in key.items()}
        parsed = kind.parse_answer(scenario, raw)
        grade = kind.grade(scenario, parsed, rules)
        assert grade.correct, (seed, scenario.situation)
        assert grade.score == Decimal("1.00")

        for answer_field in scenario.fields:
            wrong = dict(raw)
            wrong[answer_field.name] = wrong_value(answer_field, key[answer_field.name], scenario)
            graded = kind.grade(scenario, kind.parse_answer(scenario, wrong), rules)
            assert not graded.correct
            assert graded.score < 1

        public = json.dumps(scenario.public_json())
        assert str(seed) not in json.loads(public).values()
        assert "seed" not in public
        assert "key" not in json.loads(public)


def _reordered(value: Any) -> Any:
    """The same JSON with every object's keys in reverse order (as a jsonb column may)."""
    if isinstance(value, dict):
        return {key: _reordered(value[key]) for key in reversed(list(value))}
    return value


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.slug)
def test_regeneration_does_not_depend_on_the_stored_key_order(kind: DrillKind[Any]):
    rules = rules_for_kind(kind)
    stored = json.loads(json.dumps(rules.to_mapping()))
    again = type(rules).from_mapping(_reordered(stored))
    assert again == rules
    for seed in range(5):
        assert kind.generate(seed, Difficulty.HARD, again) == kind.generate(seed, Difficulty.HARD, rules)
