"""The Joker's Wild Pai Gow rule set (seed 003): the values RULES.md marks **(house)**.

* ``collection_fee`` (PG-F): a fee collected per hand, default 0; no commission on wins.
  Money (at most two decimals). How it shows in a result: see :mod:`games.pai_gow.showdown`.
* ``house_way`` (PG-H): the name of the house way ("logical way") the casino uses to set
  a hand (PG-5, PG-7, PG-17); default ``pg-h``, RULES.md's numbered list; ``ballys-ac``
  is Bally's Atlantic City published way adapted to two wild jokers. The names are
  those of :data:`games.pai_gow.house_ways.HOUSE_WAYS`; any other is refused.
* ``wheel_lowest_straight`` (PG-R): A-2-3-4-5 is the lowest straight (default true);
  false ranks it second-highest, below A-K-Q-J-T and above K-Q-J-T-9 (straight flushes
  alike; the royal flush stays the highest).
* ``stacks_to_empty_positions`` (PG-P3): the seven stacks are delivered to every position,
  empty ones included, and a dead hand is then discarded unseen (default true); false: the
  stacks go clockwise to the seated positions and the player-dealer only, the stack of an
  empty position straight to the discard unseen, in its turn.

>>> PaiGowRules().to_mapping()
{'collection_fee': '0.00', 'house_way': 'pg-h', 'wheel_lowest_straight': True, 'stacks_to_empty_positions': True}
>>> PaiGowRules.from_mapping({"house_way": "commerce"})
Traceback (most recent call last):
...
games.errors.RuleSetError: house_way: unknown house way 'commerce' (known: ballys-ac, pg-h)
>>> PaiGowRules.from_mapping({"collection_fee": "0.505"})
Traceback (most recent call last):
...
games.errors.RuleSetError: collection_fee: '0.505' has more than two decimals
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.money import CENT
from games.pai_gow.house_ways import DEFAULT_HOUSE_WAY, HOUSE_WAYS, HouseWay
from games.pai_gow.ranking import Tables, tables_for


@dataclass(frozen=True)
class PaiGowRules(HouseRules):
    """A property's Pai Gow rules; the defaults are RULES.md's."""

    GAME: ClassVar[str] = "pai-gow"

    collection_fee: Decimal = Decimal("0.00")
    house_way: str = DEFAULT_HOUSE_WAY
    wheel_lowest_straight: bool = True
    stacks_to_empty_positions: bool = True
    """PG-P3 (house): False delivers only to seated positions and the player-dealer."""

    def validate(self) -> None:
        fee = self.collection_fee
        if not isinstance(fee, Decimal) or not fee.is_finite() or fee < 0:
            raise RuleSetError("collection_fee", "must be an amount, zero or more")
        if fee != fee.quantize(CENT):
            raise RuleSetError("collection_fee", f"at most two decimals, not {fee}")
        if self.house_way not in HOUSE_WAYS:
            known = ", ".join(sorted(HOUSE_WAYS))
            raise RuleSetError("house_way", f"unknown house way {self.house_way!r} (known: {known})")

    @property
    def fee(self) -> Decimal:
        """The collection fee per hand (PG-F), to the cent."""
        return self.collection_fee.quantize(CENT)

    @property
    def tables(self) -> Tables:
        """The ranking tables of this wheel setting (PG-R)."""
        return tables_for(self.wheel_lowest_straight)

    @property
    def way(self) -> HouseWay:
        """The house way this property uses (PG-H)."""
        return HOUSE_WAYS[self.house_way]
