"""Over/Under 26 Joker (seed 000, RULES.md OU-…): the shoe, totals, bets, settlement and odds.

>>> from decimal import Decimal
>>> from games.cards import parse_cards
>>> settle(parse_cards(["AS", "TH", "9D", "2C"]), Choice.OVER, Decimal("10"), Decimal("0"), OverUnderRules()).net
Decimal('20.00')
"""

from games.over_under_26.deal import Deal, deal_round, deal_rounds, deal_with, deal_with_total
from games.over_under_26.errors import BonusNotConfiguredError, ChoiceError, OverUnderBetError
from games.over_under_26.hand import (
    HAND_SIZE,
    RANKS,
    SHOE,
    TARGET,
    HandTotal,
    card_value,
    hand_total,
    is_in_shoe,
    verify_cards,
)
from games.over_under_26.odds import TotalOdds, bonus_expected_return, total_odds
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE, JOKER_KEY, OverUnderRules, bonus_ratio
from games.over_under_26.settlement import (
    Bets,
    Choice,
    Outcome,
    Settlement,
    can_bet,
    is_first_card_joker,
    settle,
    verify_bets,
    verify_choice,
)
from games.over_under_26.words import explain, odds_reasons, settlement_reasons, total_reasons

__all__ = [
    "EXAMPLE_BONUS_PAY_TABLE",
    "HAND_SIZE",
    "JOKER_KEY",
    "RANKS",
    "SHOE",
    "TARGET",
    "Bets",
    "BonusNotConfiguredError",
    "Choice",
    "ChoiceError",
    "Deal",
    "HandTotal",
    "Outcome",
    "OverUnderBetError",
    "OverUnderRules",
    "Settlement",
    "TotalOdds",
    "bonus_expected_return",
    "bonus_ratio",
    "can_bet",
    "card_value",
    "deal_round",
    "deal_rounds",
    "deal_with",
    "deal_with_total",
    "explain",
    "hand_total",
    "is_first_card_joker",
    "is_in_shoe",
    "odds_reasons",
    "settle",
    "settlement_reasons",
    "total_odds",
    "total_reasons",
    "verify_bets",
    "verify_cards",
    "verify_choice",
]
