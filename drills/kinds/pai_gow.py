"""Joker's Wild Pai Gow poker drills (seed 003).

Seven kinds, each on the engine (``games.pai_gow``) with its key checked against the
rulings door (``drills.rulings.pai_gow``):

* ``pg-name-hand`` — name a five-card or two-card hand, jokers wild (PG-R, PG-J);
* ``pg-house-way`` — set seven cards the house way: tap the front (PG-H); any front that
  leaves the same two hands is accepted;
* ``pg-foul`` — fouled or not, and why (PG-12, PG-13);
* ``pg-showdown`` — one hand against the player-dealer's (PG-C, PG-F, PG-17);
* ``pg-dice-action`` — the first hand and the Action button from the dice (PG-3, PG-4);
* ``pg-deal-procedure`` — boxed and exposed cards, wrong spots, a hand opened early (PG-5 – PG-8);
* ``pg-table-settle`` — settle the table in order with a limited bank (PG-1).

The kinds live in ``_pai_gow_hands`` and ``_pai_gow_table`` (dealing helpers in
``_pai_gow_deal``) to keep modules small; this module registers them.
"""

from __future__ import annotations

from drills.kinds._pai_gow_hands import PaiGowFoul, PaiGowHouseWay, PaiGowNameHand
from drills.kinds._pai_gow_table import PaiGowDealProcedure, PaiGowDice, PaiGowShowdown, PaiGowTableSettle
from drills.kinds.base import register

KINDS = (
    PaiGowNameHand(),
    PaiGowHouseWay(),
    PaiGowFoul(),
    PaiGowShowdown(),
    PaiGowDice(),
    PaiGowDealProcedure(),
    PaiGowTableSettle(),
)

for _kind in KINDS:
    register(_kind)

__all__ = [
    "KINDS",
    "PaiGowDealProcedure",
    "PaiGowDice",
    "PaiGowFoul",
    "PaiGowHouseWay",
    "PaiGowNameHand",
    "PaiGowShowdown",
    "PaiGowTableSettle",
]
