"""The math panel's words: percentages people read, rounded from exact fractions."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drills.house_rules.presenters import math_view, percent, share
from games.house_math import house_math
from games.jack_switch.rules import JackSwitchRules
from games.over_under_26.rules import OverUnderRules


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(-18, 311), "\u22125.79\u00a0%"),
        (Fraction(-126536, 4965115), "\u22122.55\u00a0%"),  # Super Match under RULES.md JS-SM
        (Fraction(1, 8), "+12.50\u00a0%"),
        (Fraction(0), "0.00\u00a0%"),
        (Fraction(1, 20000), "+0.01\u00a0%"),  # half a hundredth rounds away from zero
        (Fraction(-1, 20000), "\u22120.01\u00a0%"),
        (Fraction(30), "+3000.00\u00a0%"),
    ],
)
def test_percent(value, shown):
    assert percent(value) == shown


@given(st.fractions(min_value=-1000, max_value=1000))
def test_percent_is_within_half_a_hundredth(value):
    text = percent(value).replace("\u2212", "-").replace("\u00a0%", "")
    assert abs(Fraction(Decimal(text)) - value * 100) <= Fraction(1, 200)


def test_share_has_no_sign():
    assert share(Fraction(1, 4)) == "25.00\u00a0%"


def test_the_view_words_every_figure():
    rules = JackSwitchRules.from_mapping({"pair_bonus": {"same-suit-pair": "1000:1"}})
    view = math_view(house_math(rules), rules)
    assert [row.label for row in view.returns] == ["Super Match", "Pair bonus"]
    # By hand: 780 same-suit pairs of 48,516 pay 1000, the rest lose:
    # (780 x 1000 - 47,736) / 48,516 = 15.09324... = +1509.32 %.
    assert view.warnings == [
        "Pair bonus: these values give the player the edge, +1509.32\u00a0% in the long run (JS-PB, JS-1)."
    ]
    assert [column.label for column in view.dealer_columns] == ["Stands on soft 17 (S17)", "Hits soft 17 (H17)"]
    assert [column.entered for column in view.dealer_columns] == [False, True]
    assert [row.label for row in view.dealer_rows][-3:] == ["22 (pushes the hands in play, JS-4)", "Bust", "Blackjack"]


def test_no_bonus_table_reads_not_offered():
    rules = OverUnderRules()
    (base, bonus) = math_view(house_math(rules), rules).returns
    assert bonus.value == "not offered: no pay table"
    assert base.player_edge  # RULES.md: as written, the base game favours the player
