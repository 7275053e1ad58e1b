"""Exact odds of Jack Switch's side bets by combinatorics over the full shoe.

The cards are drawn without replacement from the rule set's shoe (six decks: 13 ranks of
24 cards, 6 of each card). Probabilities are exact fractions; the expected return is per
unit staked under the rule set's pay table (a combination the table does not pay loses
the stake).

>>> rules = JackSwitchRules()
>>> odds = pair_bonus_odds(rules).value
>>> odds.outcomes["same-suit-pair"] == Fraction(52 * 15, 312 * 311 // 2)
True
>>> sum(odds.outcomes.values()) == 1
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from games.blackjack.hand import Ruled
from games.house_rules import PayTable
from games.jack_switch.bonus import PairBonus, SuperMatch
from games.jack_switch.rules import JackSwitchRules

_RANKS = 13
_SUITS = 4


@dataclass(frozen=True, slots=True)
class SideBetOdds:
    outcomes: dict[str, Fraction]
    """Every combination (``none`` included) and its probability; they sum to 1."""
    expected_return: Fraction
    """Per unit staked: sum of probability x winnings, minus the probability of losing."""


def _expected_return(outcomes: dict[str, Fraction], table: PayTable) -> Fraction:
    total = Fraction(0)
    for name, probability in outcomes.items():
        ratio = table.get(name)
        total += probability * ratio.fraction if ratio is not None else -probability
    return total


def super_match_odds(rules: JackSwitchRules) -> Ruled[SideBetOdds]:
    """The Super Match combinations of four cards from the full shoe (JS-SM), counted
    by rank pattern.

    >>> odds = super_match_odds(JackSwitchRules()).value
    >>> sum(odds.outcomes.values()) == 1, float(odds.expected_return) < 0
    (True, True)
    """
    per_rank = _SUITS * rules.decks
    ways = {
        SuperMatch.FOUR_OF_A_KIND: _RANKS * comb(per_rank, 4),
        SuperMatch.THREE_OF_A_KIND: _RANKS * comb(per_rank, 3) * (_RANKS - 1) * per_rank,
        SuperMatch.TWO_PAIRS: comb(_RANKS, 2) * comb(per_rank, 2) ** 2,
        SuperMatch.ONE_PAIR: _RANKS * comb(per_rank, 2) * comb(_RANKS - 1, 2) * per_rank**2,
        SuperMatch.NONE: comb(_RANKS, 4) * per_rank**4,
    }
    total = comb(_RANKS * per_rank, 4)
    if sum(ways.values()) != total:  # pragma: no cover - a counting mistake, not an input error
        raise AssertionError("Super Match patterns do not cover every four-card draw")
    outcomes = {combination.value: Fraction(count, total) for combination, count in ways.items()}
    return Ruled(SideBetOdds(outcomes, _expected_return(outcomes, rules.super_match)), ("JS-SM", rules.IDS.shoe))


def pair_bonus_odds(rules: JackSwitchRules) -> Ruled[SideBetOdds]:
    """The pair-bonus combinations of a box's first two cards from the full shoe (JS-PB).

    >>> odds = pair_bonus_odds(JackSwitchRules()).value
    >>> odds.expected_return
    Fraction(-18, 311)
    """
    decks = rules.decks
    same_suit = _RANKS * _SUITS * comb(decks, 2)
    # Suit pairs: of the six pairs of different suits, two share a colour (S-C, H-D).
    same_colour = _RANKS * 2 * decks * decks
    different_colour = _RANKS * 4 * decks * decks
    total = comb(_RANKS * _SUITS * decks, 2)
    ways = {
        PairBonus.DIFFERENT_COLOUR: different_colour,
        PairBonus.SAME_COLOUR: same_colour,
        PairBonus.SAME_SUIT: same_suit,
        PairBonus.NONE: total - same_suit - same_colour - different_colour,
    }
    outcomes = {combination.value: Fraction(count, total) for combination, count in ways.items()}
    return Ruled(SideBetOdds(outcomes, _expected_return(outcomes, rules.pair_bonus)), ("JS-PB", rules.IDS.shoe))
