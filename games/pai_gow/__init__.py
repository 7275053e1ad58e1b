"""Joker's Wild Pai Gow poker (seed 003): wild-joker ranking, fouls, the house way,
showdown and table settlement, dice and the Action button, deal procedures.

Rule IDs are RULES.md's PG-…; every function returns its answer with the IDs applied.

* :mod:`~games.pai_gow.rules`: :class:`PaiGowRules`, the house values (PG-F, PG-H, PG-R).
* :mod:`~games.pai_gow.ranking`: :func:`rank_hand`, :class:`HandValue` (PG-R, PG-J).
* :mod:`~games.pai_gow.setting`: :class:`Setting`, :func:`check_foul` (PG-12, PG-13),
  :func:`house_way` (PG-H), :func:`player_dealer_setting` (PG-17),
  :func:`may_reset_player_dealer` (PG-18).
* :mod:`~games.pai_gow.house_ways`: the registry of named house ways.
* :mod:`~games.pai_gow.showdown`: :func:`showdown`, :func:`settle_table` (PG-C, PG-F, PG-1).
* :mod:`~games.pai_gow.dice`: :func:`read_dice` (PG-3, PG-4).
* :mod:`~games.pai_gow.procedures`: :func:`rule_deal` (PG-5 – PG-8).
"""

from games.pai_gow.codes import DECK
from games.pai_gow.dice import DiceReading, action_position, first_hand_position, read_dice, roll
from games.pai_gow.errors import DealEventError, DiceError, PositionError, SettingError
from games.pai_gow.house_ways import DEFAULT_HOUSE_WAY, HOUSE_WAYS, HouseWay
from games.pai_gow.procedures import (
    BoxedCard,
    DealerHandOpenedEarly,
    DealEvent,
    DealOutcome,
    DealRuling,
    ExposedCard,
    WrongSpots,
    rule_deal,
)
from games.pai_gow.ranking import Category, HandValue, rank_hand
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import (
    FoulCheck,
    HouseWaySetting,
    Setting,
    check_foul,
    house_way,
    may_reset_player_dealer,
    player_dealer_setting,
    verify_seven,
)
from games.pai_gow.showdown import (
    HandSettlement,
    Result,
    Showdown,
    TableHand,
    TableSettlement,
    Winner,
    payment_order,
    settle_table,
    showdown,
)

__all__ = [
    "DECK",
    "DEFAULT_HOUSE_WAY",
    "HOUSE_WAYS",
    "BoxedCard",
    "Category",
    "DealEvent",
    "DealEventError",
    "DealOutcome",
    "DealRuling",
    "DealerHandOpenedEarly",
    "DiceError",
    "DiceReading",
    "ExposedCard",
    "FoulCheck",
    "HandSettlement",
    "HandValue",
    "HouseWay",
    "HouseWaySetting",
    "PaiGowRules",
    "PositionError",
    "Result",
    "Setting",
    "SettingError",
    "Showdown",
    "TableHand",
    "TableSettlement",
    "Winner",
    "WrongSpots",
    "action_position",
    "check_foul",
    "first_hand_position",
    "house_way",
    "may_reset_player_dealer",
    "payment_order",
    "player_dealer_setting",
    "rank_hand",
    "read_dice",
    "roll",
    "rule_deal",
    "settle_table",
    "showdown",
    "verify_seven",
]
