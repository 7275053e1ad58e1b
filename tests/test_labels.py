"""The one place for what people read (``drills.labels`` and its template filters)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.test import override_settings
from hypothesis import given
from hypothesis import strategies as st

from drills.labels import card_symbols, kind_title, percent_of, whole_percent
from drills.templatetags import labels as filters


@pytest.mark.parametrize(
    ("part", "whole", "shown"),
    [(8, 9, 89), (1, 8, 13), (7, 8, 88), (1, 3, 33), (2, 3, 67), (0, 5, 0), (5, 5, 100), (3, 0, 0)],
)
def test_a_share_is_a_whole_percent_rounded_half_up(part: int, whole: int, shown: int) -> None:
    assert percent_of(part, whole) == shown


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_counts_take_the_integer_path_and_agree_with_the_exact_one(part: int, whole: int) -> None:
    """Two counts are rounded in integers; the same figures as Decimals (the exact path) agree."""
    assert percent_of(part, whole) == percent_of(Decimal(part), Decimal(whole))


def test_a_stored_percentage_is_rounded_half_up_not_truncated_nor_to_even() -> None:
    assert whole_percent(Decimal("88.88")) == 89
    assert whole_percent(Decimal("12.50")) == 13
    assert whole_percent(0.125 * 100) == 13
    assert filters.percent(Decimal("88.88")) == "89 %"
    assert filters.percent(None) == ""


def test_cards_are_shown_with_suit_symbols_and_anything_else_as_it_is() -> None:
    assert card_symbols("TD TS") == "T♦ T♠"
    assert card_symbols(["AH", "JK", "??"]) == "A♥ joker ??"
    assert filters.card_symbols(["KC", "2D"]) == "K♣ 2♦"


def test_a_skill_is_shown_by_its_title() -> None:
    assert kind_title("js-super-match") == "Super Match"
    assert kind_title("round-blackjack").startswith("Deal a round: Blackjack")
    assert kind_title("a-kind-since-removed") == "A kind since removed"


@override_settings(TIME_ZONE="Europe/Madrid", USE_TZ=True)
def test_a_moment_is_local_and_in_words() -> None:
    at = dt.datetime(2026, 12, 3, 8, 14, tzinfo=dt.UTC)
    assert filters.moment(at) == "3 Dec 2026, 09:14"
    assert filters.moment("2026-12-03T08:14:00Z") == "3 Dec 2026, 09:14"  # as a record stores it
    assert filters.moment(None) == ""
