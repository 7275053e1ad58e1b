"""Jack Switch (seed 004), built on the twenty-one family's mechanism of ``games.blackjack``.

The blackjack engine plays Jack Switch from :class:`JackSwitchRules` (1:1 blackjack, H17,
the dealer's 22 push, soft-21 draws; call ``games.blackjack``'s functions with it); this
package adds what only Jack Switch has: the Switch (:mod:`.switch`), the Super Match and
pair-bonus side bets and their limits (:mod:`.bonus`), and their exact odds (:mod:`.odds`).
"""

from games.jack_switch.bonus import (
    BonusBetDecision,
    PairBonus,
    SideBetResult,
    SuperMatch,
    bonus_bet_decision,
    pair_bonus,
    pair_bonus_combination,
    super_match,
    super_match_combination,
    table_bonus_limit,
)
from games.jack_switch.odds import SideBetOdds, pair_bonus_odds, super_match_odds
from games.jack_switch.rules import BonusLimit, JackSwitchRules
from games.jack_switch.switch import SwitchDeal, SwitchResult, deal_switch, switch_boxes, verify_switch

__all__ = [
    "BonusBetDecision",
    "BonusLimit",
    "JackSwitchRules",
    "PairBonus",
    "SideBetOdds",
    "SideBetResult",
    "SuperMatch",
    "SwitchDeal",
    "SwitchResult",
    "bonus_bet_decision",
    "deal_switch",
    "pair_bonus",
    "pair_bonus_combination",
    "pair_bonus_odds",
    "super_match",
    "super_match_combination",
    "super_match_odds",
    "switch_boxes",
    "table_bonus_limit",
    "verify_switch",
]
