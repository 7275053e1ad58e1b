"""Over/Under 26 exact odds (RULINGS.md total-odds), checked against an independent count."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from games.house_rules import PayTable
from games.over_under_26 import (
    EXAMPLE_BONUS_PAY_TABLE,
    SHOE,
    bonus_expected_return,
    card_value,
    deal_round,
    total_odds,
)


def card_by_card_counts() -> tuple[dict[int, int], int]:
    """Unordered joker-free four-card sets by total, adding the shoe's 164 cards one at a
    time (a different method from the module's value multisets), and all four-card sets."""
    ways = [[0] * 45 for _ in range(5)]  # ways[cards taken][total]
    ways[0][0] = 1
    for card in SHOE.cards():
        if card.is_joker:
            continue
        value = card_value(card)
        for taken in range(4, 0, -1):
            for total in range(44, value - 1, -1):
                ways[taken][total] += ways[taken - 1][total - value]
    return {total: ways[4][total] for total in range(45) if ways[4][total]}, comb(len(SHOE.cards()), 4)


def test_the_totals_match_a_card_by_card_count():
    counts, all_sets = card_by_card_counts()
    odds = total_odds()
    assert sorted(counts) == list(range(8, 45)) == sorted(odds.totals)
    for total, count in counts.items():
        assert odds.totals[total] == Fraction(count, all_sets)
    assert all_sets == 29_051_001
    assert counts[8] == comb(16, 4) == counts[44]  # four 2s / four Aces out of 16 each


def test_the_odds_sum_to_one_exactly():
    odds = total_odds()
    assert sum(odds.totals.values()) + odds.any_joker == 1


def test_the_totals_are_symmetric_about_26():
    """Values 2..11 have 16 cards each and v -> 13 - v maps them onto themselves, so it
    maps every four-card set of total t onto one of total 52 - t, one to one."""
    totals = total_odds().totals
    for total in range(8, 45):
        assert totals[total] == totals[52 - total]
    assert max(totals, key=totals.__getitem__) == 26


def test_joker_chances():
    odds = total_odds()
    assert odds.any_joker == 1 - Fraction(comb(160, 4), comb(164, 4))
    assert odds.first_card_joker == Fraction(1, 41)
    # ordered: the first card is one of 4 jokers out of 164, whatever follows
    assert odds.first_card_joker == Fraction(4 * 163 * 162 * 161, 164 * 163 * 162 * 161)
    # first card not a joker, at least one joker among the next three (ordered count)
    after = Fraction(160 * (163 * 162 * 161 - 159 * 158 * 157), 164 * 163 * 162 * 161)
    assert odds.joker_after_first == after


def test_a_seeded_sample_agrees_roughly():
    """A sanity check of the meaning (shares of ALL deals), not of the digits."""
    rng = random.Random(2026)
    deals = [deal_round(rng) for _ in range(20_000)]
    first = sum(deal.first_card_joker for deal in deals) / len(deals)
    twenty_six = sum(not any(c.is_joker for c in deal.cards) and deal.total == 26 for deal in deals) / len(deals)
    odds = total_odds()
    assert abs(first - float(odds.first_card_joker)) < 0.005
    assert abs(twenty_six - float(odds.totals[26])) < 0.006


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        pytest.param({"joker": "0:1"}, lambda o: -sum(o.totals.values()), id="only-a-joker-push"),
        pytest.param({**{str(t): "1:1" for t in range(8, 45)}, "joker": "1:1"}, lambda o: 1 - o.first_card_joker,
                     id="everything-even-money"),
        pytest.param({**{str(t): "0:1" for t in range(8, 45)}, "joker": "0:1"}, lambda o: Fraction(0),
                     id="everything-returned"),
        pytest.param({"26": "10:1"}, lambda o: 11 * o.totals[26] - (1 - o.first_card_joker), id="26-pays-10-to-1"),
    ],
)
def test_bonus_expected_return(table, expected):
    assert bonus_expected_return(PayTable.from_mapping(table)) == expected(total_odds())


def test_the_example_tables_expected_return_by_the_independent_count():
    counts, all_sets = card_by_card_counts()
    odds = total_odds()
    expected = odds.joker_after_first * EXAMPLE_BONUS_PAY_TABLE["joker"].fraction
    for total, count in counts.items():
        ratio = EXAMPLE_BONUS_PAY_TABLE.get(str(total))
        expected += Fraction(count, all_sets) * (-1 if ratio is None else ratio.fraction)
    assert bonus_expected_return(EXAMPLE_BONUS_PAY_TABLE) == expected
    assert -0.07 < expected < -0.06
