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
from games.over_under_26.hand import HAND_SIZE, SHOE, TARGET, VALUES, card_value
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


@dataclass(frozen=True)
class FirstCardChoice:
    """The best choice after a joker-free first card of ``value`` (OU-5) and its expected
    net return per Ante: ``"under"``, ``"over"`` or ``"fold"``."""

    value: int
    choice: str
    expected_return: Fraction


@dataclass(frozen=True)
class BaseGameOdds:
    """The base game (Ante and Under/Over, no Bonus) under a win return multiple (OU-W),
    the player choosing best after the first card; returns are net, per Ante."""

    win_return_multiple: int
    first_card_joker: Fraction
    """P(OU-4a) x its net return (multiple - 1 Antes: only the Ante is up)."""
    choices: tuple[FirstCardChoice, ...]
    expected_return: Fraction
    rules: tuple[str, ...] = ("OU-4a", "OU-4b", "OU-5", "OU-7", "OU-8", "OU-9", "OU-W")


def _three_card_ways(per_value: dict[int, int]) -> Counter[int]:
    """Unordered joker-free three-card sets from ``per_value`` by total."""
    ways: Counter[int] = Counter()
    for values in combinations_with_replacement(VALUES, HAND_SIZE - 1):
        ways[sum(values)] += prod(comb(per_value[v], k) for v, k in Counter(values).items())
    return ways


def _best_choice(value: int, per_value: dict[int, int], multiple: int) -> FirstCardChoice:
    """OU-5 after a first card of ``value``: Under, Over or Fold, whichever returns most
    (on a tie the first of Under, Over, Fold)."""
    left = dict(per_value)
    left[value] -= 1
    jokers = SHOE.copies(Joker())
    all_sets = comb(sum(left.values()) + jokers, HAND_SIZE - 1)
    ways = _three_card_ways(left)
    joker_sets = all_sets - sum(ways.values())  # OU-4b: the player wins whatever they chose
    win_net, lose_net = multiple - 2, -2  # two Antes up (OU-5); a win returns `multiple` (OU-W)

    def expected(wins: int) -> Fraction:
        return Fraction(wins * win_net + (all_sets - wins) * lose_net, all_sets)

    under = expected(joker_sets + sum(n for total, n in ways.items() if value + total < TARGET))
    over = expected(joker_sets + sum(n for total, n in ways.items() if value + total > TARGET))
    options = (("under", under), ("over", over), ("fold", Fraction(-1)))  # OU-5: a fold loses the Ante
    choice, best = max(options, key=lambda option: option[1])
    return FirstCardChoice(value, choice, best)


@cache
def base_game_return(win_return_multiple: int) -> BaseGameOdds:
    """The base game's expected net return per Ante (no Bonus), exact.

    The first card (face up, OU-4) is a joker with probability 4/164: the player wins
    at once with only the Ante up, netting ``multiple - 1`` Antes (OU-4a). Otherwise the
    player sees its value and takes the best of Under, Over (a second Ante; a joker among
    the other three wins, OU-4b; 26 loses both, OU-9) and Fold (the Ante lost, OU-5).

    >>> odds = base_game_return(4)
    >>> odds.first_card_joker, odds.expected_return > 0  # RULES.md: as written it favours the player
    (Fraction(3, 41), True)
    >>> [c.choice for c in odds.choices]
    ['under', 'under', 'under', 'under', 'under', 'over', 'over', 'over', 'over', 'over']
    """
    if win_return_multiple < 2:
        raise ValueError("a win returns at least the Ante and the Under/Over bet (OU-W)")
    per_value = _cards_per_value()
    jokers = SHOE.copies(Joker())
    first_joker = Fraction(jokers, SHOE.size) * (win_return_multiple - 1)
    choices = tuple(_best_choice(value, per_value, win_return_multiple) for value in VALUES)
    expected = first_joker + sum(
        (Fraction(per_value[c.value], SHOE.size) * c.expected_return for c in choices), Fraction(0)
    )
    return BaseGameOdds(win_return_multiple, first_joker, choices, expected)
