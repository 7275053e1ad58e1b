"""The Jack Switch rule set (seed 004), built on the twenty-one family's mechanism.

Jack Switch plays by the Blackjack engine (``games.blackjack``) with its own values and
traits; where the seed is silent the BJ- rules apply (RULES.md).

House values (RULES.md **(house)**), with their defaults:

* ``blackjack_pays`` 1:1 (JS-3) and ``dealer_hits_soft_17`` True (JS-5), overriding
  Blackjack's 3:2 and S17; the other family values keep Blackjack's defaults (JS-9);
* ``super_match`` (JS-SM) and ``pair_bonus`` (JS-PB): pay tables keyed by combination
  (:data:`SUPER_MATCH_COMBINATIONS`, :data:`PAIR_BONUS_COMBINATIONS`); a combination the
  table leaves out is not paid;
* ``bonus_limits`` (JS-L): the bonus limits per table limits, written
  ``"<table min>-<table max>: <bonus min>-<bonus max>"`` entries separated by commas.

Fixed traits: the dealer's 22 pushes (JS-4), a soft 21 may draw (JS-6), the Switch
exists and a switched hand is never a blackjack (JS-7, JS-8).

>>> rules = JackSwitchRules()
>>> str(rules.blackjack_pays), rules.dealer_hits_soft_17, rules.DEALER_PUSH_TOTAL
('1:1', True, 22)
>>> limit = rules.bonus_limit_for(Decimal("25"), Decimal("500"))
>>> limit.bonus_min, limit.bonus_max
(Decimal('1.00'), Decimal('500.00'))
>>> JackSwitchRules.from_mapping({"bonus_limits": "10-200: 200-1"})
Traceback (most recent call last):
...
games.errors.RuleSetError: bonus_limits: '200-1' is out of order: the minimum comes first (JS-L)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar, Final

from games.blackjack.rules import EVEN_MONEY, RuleIds, TwentyOneRules
from games.errors import BetError, MoneyError, RuleSetError
from games.house_rules import PayTable
from games.money import Ratio, parse_money

SUPER_MATCH_COMBINATIONS: Final = ("one-pair", "three-of-a-kind", "two-pairs", "four-of-a-kind")
PAIR_BONUS_COMBINATIONS: Final = ("different-colour-pair", "same-colour-pair", "same-suit-pair")

DEFAULT_SUPER_MATCH: Final = PayTable.from_mapping(
    {"one-pair": "1:1", "three-of-a-kind": "5:1", "two-pairs": "8:1", "four-of-a-kind": "40:1"}
)
DEFAULT_PAIR_BONUS: Final = PayTable.from_mapping(
    {"different-colour-pair": "5:1", "same-colour-pair": "10:1", "same-suit-pair": "30:1"}
)
DEFAULT_BONUS_LIMITS: Final = "10-200: 1-200, 25-500: 1-500, 50-1000: 1-1000"


@dataclass(frozen=True, slots=True)
class BonusLimit:
    """JS-L: at a table with these limits, a bonus bet from ``bonus_min`` to ``bonus_max``."""

    table_min: Decimal
    table_max: Decimal
    bonus_min: Decimal
    bonus_max: Decimal


def parse_limits(text: object) -> tuple[Decimal, Decimal]:
    """``"25-500"`` -> (25.00, 500.00); raise :class:`BetError` on anything else.

    >>> parse_limits(" 50 - 1000 ")
    (Decimal('50.00'), Decimal('1000.00'))
    >>> parse_limits("500-25")
    Traceback (most recent call last):
    ...
    games.errors.BetError: '500-25' is out of order: the minimum comes first (JS-L)
    """
    if not isinstance(text, str):
        raise BetError(f"{text!r} is not limits written as \"<min>-<max>\", such as \"25-500\"")
    parts = text.split("-")
    if len(parts) != 2:
        raise BetError(f"{text!r} is not limits written as \"<min>-<max>\", such as \"25-500\"")
    try:
        low, high = parse_money(parts[0]), parse_money(parts[1])
    except MoneyError as error:
        raise BetError(f"{text!r} is not limits written as \"<min>-<max>\", such as \"25-500\": {error}") from None
    if low <= 0:
        raise BetError(f"{text!r}: a minimum is more than zero")
    if low > high:
        raise BetError(f"{text.strip()!r} is out of order: the minimum comes first (JS-L)")
    return low, high


def parse_bonus_limits(text: str) -> tuple[BonusLimit, ...]:
    """The ``bonus_limits`` setting as :class:`BonusLimit` values; raise :class:`BetError`."""
    limits: list[BonusLimit] = []
    for entry in text.split(","):
        table, separator, bonus = entry.partition(":")
        if not separator:
            raise BetError(f"{entry.strip()!r} is not \"<table min>-<table max>: <bonus min>-<bonus max>\"")
        table_min, table_max = parse_limits(table)
        bonus_min, bonus_max = parse_limits(bonus)
        if any(limit.table_min == table_min and limit.table_max == table_max for limit in limits):
            raise BetError(f"the table limits {table.strip()} are listed twice")
        limits.append(BonusLimit(table_min, table_max, bonus_min, bonus_max))
    return tuple(limits)


@dataclass(frozen=True)
class JackSwitchRules(TwentyOneRules):
    """Jack Switch, seed 004."""

    GAME: ClassVar[str] = "jack-switch"

    blackjack_pays: Ratio = EVEN_MONEY
    """JS-3 (house): a blackjack pays 1:1."""
    dealer_hits_soft_17: bool = True
    """JS-5 (house): the dealer hits soft 17."""
    super_match: PayTable = DEFAULT_SUPER_MATCH
    """JS-SM (house)."""
    pair_bonus: PayTable = DEFAULT_PAIR_BONUS
    """JS-PB (house)."""
    bonus_limits: str = DEFAULT_BONUS_LIMITS
    """JS-L (house)."""

    DEALER_PUSH_TOTAL: ClassVar[int | None] = 22
    SOFT_21_MAY_DRAW: ClassVar[bool] = True
    HAS_SWITCH: ClassVar[bool] = True
    IDS: ClassVar[RuleIds] = RuleIds(
        shoe="JS-1", values="JS-2", blackjack_pays="JS-3", player_draws="JS-6", dealer_draws="JS-5",
        adopted=("JS-9",), blackjack_paid="JS-P5",
    )

    def validate(self) -> None:
        super().validate()
        for setting, table, known in (
            ("super_match", self.super_match, SUPER_MATCH_COMBINATIONS),
            ("pair_bonus", self.pair_bonus, PAIR_BONUS_COMBINATIONS),
        ):
            for name in table:
                if name not in known:
                    raise RuleSetError(setting, f"{name!r} is not a combination (known: {', '.join(known)})")
        try:
            parse_bonus_limits(self.bonus_limits)
        except BetError as error:
            raise RuleSetError("bonus_limits", str(error)) from None

    @property
    def bonus_limit_table(self) -> tuple[BonusLimit, ...]:
        return parse_bonus_limits(self.bonus_limits)

    def bonus_limit_for(self, table_min: Decimal, table_max: Decimal) -> BonusLimit | None:
        """The bonus limits at a table with these limits, or None if the house has none."""
        for limit in self.bonus_limit_table:
            if limit.table_min == table_min and limit.table_max == table_max:
                return limit
        return None
