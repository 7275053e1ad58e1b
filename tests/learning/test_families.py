"""Skill families: every kind reports one for each generated scenario, finer than the kind
where the kind mixes situations, with a label for people; generation is unchanged."""

from __future__ import annotations

import pytest

from drills.kinds.base import GENERAL_FAMILY, Difficulty, all_kinds, get_kind
from games.registry import default_rules

KINDS = [kind for kind in all_kinds() if not kind.unavailable_reason(default_rules(kind.game))]


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.slug)
def test_every_scenario_has_a_family_of_its_kind_with_a_label(kind) -> None:
    rules = default_rules(kind.game)
    seen = set()
    for seed in range(40):
        scenario = kind.generate(seed, Difficulty.HARD if seed % 2 else Difficulty.NORMAL, rules)
        assert scenario.family in kind.family_codes()
        assert scenario.family == kind.family_of(scenario.solution)
        seen.add(scenario.family)
    for code in seen:
        label = kind.family_label(code)
        assert (label and "-" not in label.split(" (")[0]) or " " in label  # words, not a slug


def test_mixed_kinds_split_into_the_situations_the_issue_names() -> None:
    rules = default_rules("jack-switch")
    dealer_22 = get_kind("js-settle-dealer-22")
    families = {dealer_22.generate(seed, Difficulty.HARD, rules).family for seed in range(120)}
    assert {"22-push", "22-blackjack"} <= families
    assert dealer_22.family_label("22-push") == "Dealer 22 push"
    house_way = get_kind("pg-house-way")
    steps = {house_way.generate(seed, Difficulty.HARD, default_rules("pai-gow")).family for seed in range(80)}
    assert len(steps) >= 4
    assert all(step.startswith("step-") for step in steps)
    assert house_way.family_label("step-6") == "Two pair (house way step 6)"
    settle = get_kind("bj-settle-box")
    settle_families = {settle.generate(seed, Difficulty.HARD, default_rules("blackjack")).family for seed in range(200)}
    assert "split" in settle_families
    assert "dealer-blackjack" in settle_families


def test_a_kind_of_one_situation_is_one_family_named_after_the_kind() -> None:
    kind = get_kind("ou-total")
    scenario = kind.generate(7, Difficulty.NORMAL, default_rules(kind.game))
    assert scenario.family == GENERAL_FAMILY
    assert kind.family_label(GENERAL_FAMILY) == kind.title


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.slug)
def test_the_family_changes_nothing_that_is_generated(kind) -> None:
    """The scenario is the same function of the seed: situation, prompt and key as drawn
    from the kind's own methods (the family is computed from the solution, after)."""
    import random

    rules = default_rules(kind.game)
    for seed in (3, 11):
        scenario = kind.generate(seed, Difficulty.NORMAL, rules)
        situation = kind.situation(random.Random(f"{kind.slug}:normal:{seed}"), Difficulty.NORMAL, rules)
        assert scenario.situation == situation
        assert scenario.prompt == kind.prompt(situation, rules)
        assert scenario.solution.key == kind.solve(situation, rules).key
        assert "family" not in scenario.public_json()
