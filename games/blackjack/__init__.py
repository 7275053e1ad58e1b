"""Blackjack (seed 001) and the twenty-one family's shared mechanism.

Hand values (:mod:`.hand`), the dealer's play (:mod:`.dealer`), a hand's options
(:mod:`.options`), settling a box (:mod:`.settle`), exact dealer odds (:mod:`.odds`) and
seeded deals for drills (:mod:`.deal`) all take a :class:`TwentyOneRules` value: Blackjack's
:class:`BlackjackRules`, or Jack Switch's rule set (``games.jack_switch``), which is built
on the same mechanism. Every ruling function returns its answer with the rule IDs applied.
"""

from games.blackjack.deal import DealtRound, Situation, deal_options_situation, deal_round, deal_situation
from games.blackjack.dealer import (
    DealerAction,
    DealerResult,
    dealer_action,
    dealer_result,
    play_dealer,
    verify_dealer_hand,
)
from games.blackjack.errors import ImpossibleShoeError, SituationError, StakeError
from games.blackjack.hand import (
    HandValue,
    Ruled,
    can_player_draw,
    card_value,
    evaluate_hand,
    hand_value,
    parse_hand,
    verify_player_draws,
)
from games.blackjack.odds import dealer_odds
from games.blackjack.options import Action, OptionsReport, OptionsSituation, legal_options, verify_options_situation
from games.blackjack.rules import BlackjackRules, RuleIds, TwentyOneRules
from games.blackjack.settle import (
    BlackjackTiming,
    Box,
    BoxSettlement,
    HandSettlement,
    Payout,
    PayoutKind,
    PlayerHand,
    Result,
    blackjack_timing,
    dealer_payout,
    settle_box,
    verify_box,
)

__all__ = [
    "Action",
    "BlackjackRules",
    "BlackjackTiming",
    "Box",
    "BoxSettlement",
    "DealerAction",
    "DealerResult",
    "DealtRound",
    "HandSettlement",
    "HandValue",
    "ImpossibleShoeError",
    "OptionsReport",
    "OptionsSituation",
    "Payout",
    "PayoutKind",
    "PlayerHand",
    "Result",
    "RuleIds",
    "Ruled",
    "Situation",
    "SituationError",
    "StakeError",
    "TwentyOneRules",
    "blackjack_timing",
    "can_player_draw",
    "card_value",
    "deal_options_situation",
    "deal_round",
    "deal_situation",
    "dealer_action",
    "dealer_odds",
    "dealer_payout",
    "dealer_result",
    "evaluate_hand",
    "hand_value",
    "legal_options",
    "parse_hand",
    "play_dealer",
    "settle_box",
    "verify_box",
    "verify_dealer_hand",
    "verify_options_situation",
    "verify_player_draws",
]
