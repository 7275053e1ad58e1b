"""Exact odds of the deal, by combinatorics over the full 164-card shoe (OU-1).

The four cards are an ordered deal (the first face up, OU-4). A joker-free total does not
depend on the order, so it is counted over unordered four-card sets; whether the *first*
card is a joker does, and is 4/164 = 1/41 (each of the 164 cards is equally likely first).

Every value 2 … 11 has exactly 16 cards (4 decks x 4 suits; Ace 11, Ten 10, no J/Q/K), so
``v -> 13 - v`` maps the shoe's values onto themselves card for card, and four cards
totalling ``t`` onto four totalling ``52 - t``: the totals are symmetric about 26.

>>> odds = total_odds()
>>> odds.first_card_joker, odds.totals[8] * ALL_DEALS, odds.totals[26] == max(odds.totals.values())
(Fraction(1, 41), Fraction(1820, 1), True)
>>> sum(odds.totals.values()) + odds.any_joker
Fraction(1, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from types import MappingProxyType
from typing import Final

from games.cards import Joker
from games.house_rules import PayTable
from games.over_under_26.hand import HAND_SIZE, SHOE, VALUES, card_value
from games.over_under_26.rules import HIGHEST_TOTAL, LOWEST_TOTAL, bonus_ratio

ALL_DEALS: Final = comb(SHOE.size, HAND_SIZE)
"""Unordered four-card sets from the shoe: C(164, 4) = 29,051,001."""


@dataclass(frozen=True)
class TotalOdds:
    """``totals``: P(no joker and this total) for 8 … 44, shares of all deals;
    ``any_joker``: P(at least one joker among the four); ``first_card_joker``: P(OU-4a)."""

    totals: MappingProxyType[int, Fraction]
    any_joker: Fraction
    first_card_joker: Fraction
    rules: tuple[str, ...] = ("OU-1", "OU-2", "OU-4")

    @property
    def joker_after_first(self) -> Fraction:
        """P(OU-4b): the first card is not a joker but one of the other three is."""
        return self.any_joker - self.first_card_joker


def _cards_per_value() -> dict[int, int]:
    counts: Counter[int] = Counter()
    for card in set(SHOE.cards()):
        if not isinstance(card, Joker):
            counts[card_value(card)] += SHOE.copies(card)
    return dict(counts)


@cache
def total_odds() -> TotalOdds:
    """The exact distribution of a deal (see the module doc). Cached: it never changes."""
    per_value = _cards_per_value()
    assert sorted(per_value) == list(VALUES)
    ways: Counter[int] = Counter()
    for values in combinations_with_replacement(VALUES, HAND_SIZE):
        ways[sum(values)] += prod(comb(per_value[v], k) for v, k in Counter(values).items())
    totals = {total: Fraction(ways[total], ALL_DEALS) for total in range(LOWEST_TOTAL, HIGHEST_TOTAL + 1)}
    assert set(ways) == set(totals)
    jokers = SHOE.copies(Joker())
    joker_free = comb(SHOE.size - jokers, HAND_SIZE)
    return TotalOdds(
        totals=MappingProxyType(totals),
        any_joker=1 - Fraction(joker_free, ALL_DEALS),
        first_card_joker=Fraction(jokers, SHOE.size),
    )


def bonus_expected_return(table: PayTable) -> Fraction:
    """The Bonus bet's expected net return per unit staked under ``table`` (OU-10).

    Assumes the player plays every hand out (a fold loses the Bonus, OU-5, so folding can
    only lower it); a first-card joker returns the Bonus (OU-4a, net 0); a joker among the
    other three pays the ``joker`` entry (OU-4b); any hand the table does not list loses.
    Exact: fractions of a cent (games.money) are ignored.

    >>> from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE
    >>> round(float(bonus_expected_return(EXAMPLE_BONUS_PAY_TABLE)), 4)
    -0.0679
    >>> bonus_expected_return(PayTable.from_mapping({"joker": "0:1"})) == -sum(total_odds().totals.values())
    True
    """
    odds = total_odds()

    def net(total: int | None) -> Fraction:
        ratio = bonus_ratio(table, total)
        return Fraction(-1) if ratio is None else ratio.fraction

    expected = odds.joker_after_first * net(None)  # + first_card_joker * 0 (OU-4a)
    for total, probability in odds.totals.items():
        expected += probability * net(total)
    return expected
