"""The generic diagnosis of a wrong answer (drills.kinds.diagnosis) and its measurement."""

from __future__ import annotations

from decimal import Decimal

import pytest

from drills.kinds.base import ANSWER_DIFFERS, Difficulty, get_kind
from drills.kinds.diagnosis import generic_diagnosis, measure_kind
from games.blackjack import BlackjackRules
from games.reasons import Reason


def _scenario(slug: str):
    """The first seed whose key pays something (an amount that is not zero)."""
    for seed in range(100):
        scenario = get_kind(slug).generate(seed, Difficulty.NORMAL, BlackjackRules())
        if any(isinstance(v, str) and Decimal(v) != 0 for v in scenario.solution.key.values()):
            return scenario
    raise AssertionError("no seed pays")


@pytest.mark.parametrize(
    ("factor", "code"),
    [
        (Decimal("2"), "twice-due"),
        (Decimal("0.5"), "half-due"),
        (Decimal("1.5"), "ratio-3-2"),
        (Decimal("0"), "nothing-given"),
    ],
)
def test_an_amount_answer_is_diagnosed_by_its_shape(factor, code):
    scenario = _scenario("bj-payout")
    (name, due), *_ = [(k, v) for k, v in scenario.solution.key.items() if isinstance(v, str) and Decimal(v) != 0]
    yours = f"{(Decimal(due) * factor).quantize(Decimal('0.01'))}"
    found, reasons = generic_diagnosis(scenario, dict(scenario.solution.key) | {name: yours})
    assert found == code
    assert all(isinstance(reason, Reason) for reason in reasons)


def test_an_unexplained_answer_still_says_what_differs():
    scenario = _scenario("bj-payout")
    (name, due), *_ = [(k, v) for k, v in scenario.solution.key.items() if isinstance(v, str) and Decimal(v) != 0]
    yours = f"{Decimal(due) + Decimal('0.37')}"
    found, reasons = generic_diagnosis(scenario, dict(scenario.solution.key) | {name: yours})
    assert found == ANSWER_DIFFERS
    words = reasons[0].words()
    assert yours in words
    assert f"{Decimal(due):.2f}" in words


def test_a_named_mistake_is_diagnosed_as_itself():
    kind = get_kind("bj-payout")
    share = measure_kind(kind, BlackjackRules(), range(6), random_per_scenario=0)
    assert share.total > 0
    assert all(right == total for source, (right, total) in share.by_source.items() if source.startswith("mistake:"))
