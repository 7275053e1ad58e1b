"""The math of a house rule set: what its values cost or give the player, exactly.

:func:`house_math` reads a game's frozen rule set (:class:`games.house_rules.HouseRules`)
and returns exact :class:`~fractions.Fraction` figures from the games' odds modules, each
with a stable key and the rule IDs that decide it. No prose: the site words and rounds
the figures for people (``drills.house_rules.presenters``).

* twenty-one games: the dealer's final-hand distribution (``games.blackjack.odds``) under
  both soft-17 rules, side by side, the rule set's one marked (BJ-8 / JS-5);
* Jack Switch: the Super Match and pair-bonus returns under its pay tables (JS-SM, JS-PB);
* Over/Under 26: the base game's return under the win multiple (OU-W) and the Bonus
  return under the property's pay table (OU-10; none until a table is entered);
* Pai Gow: no figures (the fee and the house way change no return computed here).

A return is net per unit staked; above zero the player has the edge.

>>> from games.over_under_26.rules import OverUnderRules
>>> math = house_math(OverUnderRules.from_mapping({"bonus_pay_table": {"8": "1000000:1"}}))
>>> [(figure.key, figure.player_edge) for figure in math.returns]
[('ou-base', True), ('ou-bonus', True)]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final

from games.blackjack.odds import OUTCOME_KEYS, dealer_odds
from games.blackjack.rules import TwentyOneRules
from games.house_rules import HouseRules
from games.jack_switch.odds import pair_bonus_odds, super_match_odds
from games.jack_switch.rules import JackSwitchRules
from games.over_under_26.odds import base_game_return, bonus_expected_return
from games.over_under_26.rules import OverUnderRules
from games.registry import rules_class

SOFT_17_KEYS: Final = {False: "s17", True: "h17"}
"""Stable keys of the two soft-17 rules: the dealer stands on soft 17 / hits it."""


@dataclass(frozen=True, slots=True)
class BetReturn:
    """A bet's expected net return per unit staked; ``None`` when the bet is not offered
    (an Over/Under Bonus without a pay table, OU-10)."""

    key: str
    rule_ids: tuple[str, ...]
    expected_return: Fraction | None

    @property
    def player_edge(self) -> bool:
        """Whether the player wins in the long run (expected return above zero)."""
        return self.expected_return is not None and self.expected_return > 0


@dataclass(frozen=True, slots=True)
class DealerOutcomes:
    """The dealer's final hand from a full shoe (no upcard) under one soft-17 rule:
    ``outcomes`` in :data:`games.blackjack.odds.OUTCOME_KEYS` order (``22`` is part of
    ``bust``); ``entered`` marks the rule the rule set has."""

    key: str
    hits_soft_17: bool
    entered: bool
    outcomes: tuple[tuple[str, Fraction], ...]
    rule_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HouseMath:
    game: str
    returns: tuple[BetReturn, ...] = ()
    dealer: tuple[DealerOutcomes, ...] = ()

    @property
    def player_edges(self) -> tuple[BetReturn, ...]:
        """The bets whose table gives the player the edge."""
        return tuple(figure for figure in self.returns if figure.player_edge)


def house_math(rules: HouseRules) -> HouseMath:
    """Every figure of ``rules`` (see the module doc)."""
    if isinstance(rules, TwentyOneRules):
        returns = _jack_switch_returns(rules) if isinstance(rules, JackSwitchRules) else ()
        return HouseMath(rules.GAME, returns, _dealer_table(rules))
    if isinstance(rules, OverUnderRules):
        return HouseMath(rules.GAME, _over_under_returns(rules))
    return HouseMath(rules.GAME)


def _jack_switch_returns(rules: JackSwitchRules) -> tuple[BetReturn, ...]:
    super_match = super_match_odds(rules)
    pair_bonus = pair_bonus_odds(rules)
    return (
        BetReturn("super-match", super_match.rule_ids, super_match.value.expected_return),
        BetReturn("pair-bonus", pair_bonus.rule_ids, pair_bonus.value.expected_return),
    )


def _over_under_returns(rules: OverUnderRules) -> tuple[BetReturn, ...]:
    base = base_game_return(rules.win_return_multiple)
    table = rules.bonus_pay_table
    bonus = None if table is None else bonus_expected_return(table)
    return (
        BetReturn("ou-base", base.rules, base.expected_return),
        BetReturn("ou-bonus", ("OU-10", "OU-4a", "OU-4b", "OU-5"), bonus),
    )


def _dealer_table(rules: TwentyOneRules) -> tuple[DealerOutcomes, ...]:
    return tuple(
        DealerOutcomes(
            SOFT_17_KEYS[hits],
            hits,
            hits == rules.dealer_hits_soft_17,
            *_dealer_outcomes(rules.GAME, rules.decks, hits),
        )
        for hits in (False, True)
    )


@lru_cache(maxsize=64)
def _dealer_outcomes(
    game: str, decks: int, hits_soft_17: bool
) -> tuple[tuple[tuple[str, Fraction], ...], tuple[str, ...]]:
    """The dealer's distribution depends only on the game, the decks and the soft-17
    rule: about 0.2 s to count, so counted once per such value."""
    cls = rules_class(game)
    assert issubclass(cls, TwentyOneRules)
    odds = dealer_odds(cls(decks=decks, dealer_hits_soft_17=hits_soft_17))
    return tuple((key, odds.value[key]) for key in OUTCOME_KEYS), odds.rule_ids
