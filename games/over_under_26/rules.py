"""The Over/Under 26 Joker rule set (seed 000): the house values of RULES.md.

Three values are the property's (RULES.md **(house)**):

* ``win_return_multiple`` (OU-W): "the player wins 4x Ante" means the player gets back
  this many Antes *in all*, stakes included. Default 4: with the Ante and the Under/Over
  bet up (2 Antes) a win nets 2 x Ante; on a first-card joker (only the Ante up) it nets
  3 x Ante. At least 2, so that a win never returns less than the two bets up.
* ``bonus_pay_table`` (OU-10): the seed's table is missing, so there is **no default**
  (``None``): until a property enters its table, Bonus bets are refused.

* ``max_boxes`` (OU-P0): the boxes a table seats, 1 to 7 (default 7), numbered 1 up
  from the players' right; every seated box bets on the table's four cards.

The Bonus pay table's shape (this module defines it):

* keys are four-card totals written as plain numbers, ``"8"`` to ``"44"`` (the only
  totals four joker-free cards can make, OU-2), plus the optional key ``"joker"``;
* values are payout ratios ``"pays:per"`` (``"50:1"``), the winnings on top of the
  returned Bonus stake (``"0:1"`` returns the stake);
* a hand with a joker among its last three cards (OU-4b) has no four-card total: its
  Bonus is paid at the ``"joker"`` entry, if the table has one; a first-card joker
  always returns the Bonus (OU-4a), whatever the table says;
* a total (or a joker hand) that the table does not list loses the Bonus.

>>> OverUnderRules().win_return_multiple, OverUnderRules().bonus_pay_table is None
(4, True)
>>> rules = OverUnderRules.from_mapping({"bonus_pay_table": {"8": "100:1", "joker": "2:1"}})
>>> bonus_ratio(rules.bonus_pay_table, 8), bonus_ratio(rules.bonus_pay_table, None)
(Ratio(pays=100, per=1), Ratio(pays=2, per=1))
>>> bonus_ratio(rules.bonus_pay_table, 27) is None
True
>>> OverUnderRules.from_mapping({"bonus_pay_table": {"45": "10:1"}})
Traceback (most recent call last):
...
games.errors.RuleSetError: bonus_pay_table: '45' is not a four-card total from 8 to 44 (OU-2) nor "joker"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from games.errors import RuleSetError
from games.house_rules import HouseRules, PayTable
from games.money import Ratio

LOWEST_TOTAL: Final = 8
"""Four Aces are 44 and four 2s are 8: the totals of four joker-free cards (OU-2)."""
HIGHEST_TOTAL: Final = 44
TABLE_BOXES: Final = 7
"""OU-P0: the most boxes an Over/Under table seats (and the default)."""
JOKER_KEY: Final = "joker"
"""The Bonus pay table's entry for a hand with a joker among the last three cards (OU-4b)."""

EXAMPLE_BONUS_PAY_TABLE: Final = PayTable.from_mapping(
    {
        "8": "250:1",
        "44": "250:1",
        "9": "100:1",
        "43": "100:1",
        "10": "50:1",
        "42": "50:1",
        "11": "25:1",
        "41": "25:1",
        "12": "15:1",
        "40": "15:1",
        "13": "10:1",
        "39": "10:1",
        "14": "5:1",
        "38": "5:1",
        "15": "3:1",
        "37": "3:1",
        "16": "1:1",
        "36": "1:1",
        JOKER_KEY: "2:1",
    }
)
"""An EXAMPLE Bonus pay table for demo data and tests, made up for this project.

It is NOT the seed's table (the seed's is missing, RULES.md OU-10) and must never be
presented as the house rules of seed 000; a property enters its own. Under it the Bonus
returns about -6.8% per unit staked (see :func:`games.over_under_26.odds.bonus_expected_return`).
"""


def bonus_ratio(table: PayTable, total: int | None) -> Ratio | None:
    """The table's ratio for a four-card ``total``, or for a joker hand when ``total`` is
    ``None``; ``None`` when the table does not list it (the Bonus loses).

    >>> bonus_ratio(EXAMPLE_BONUS_PAY_TABLE, 44), bonus_ratio(EXAMPLE_BONUS_PAY_TABLE, 30)
    (Ratio(pays=250, per=1), None)
    """
    return table.get(JOKER_KEY if total is None else str(total))


def verify_bonus_pay_table(table: PayTable, setting: str = "bonus_pay_table") -> None:
    """Raise :class:`RuleSetError` naming ``setting`` unless ``table`` has the shape above."""
    if not isinstance(table, PayTable) or not table.entries:
        raise RuleSetError(setting, "must be a non-empty object of four-card total: ratio")
    seen: set[str] = set()
    for key, ratio in table.entries:
        if key in seen:
            raise RuleSetError(setting, f"{key!r} is listed twice")
        seen.add(key)
        if not isinstance(ratio, Ratio):
            raise RuleSetError(setting, f'{key!r}: {ratio!r} is not a payout ratio such as "50:1"')
        if key == JOKER_KEY:
            continue
        canonical = key.isascii() and key.isdecimal() and str(int(key)) == key
        if not (canonical and LOWEST_TOTAL <= int(key) <= HIGHEST_TOTAL):
            raise RuleSetError(
                setting,
                f'{key!r} is not a four-card total from {LOWEST_TOTAL} to {HIGHEST_TOTAL} (OU-2) nor "{JOKER_KEY}"',
            )


@dataclass(frozen=True)
class OverUnderRules(HouseRules):
    """A property's Over/Under 26 Joker rules (RULES.md OU-…, house values OU-W and OU-10)."""

    GAME: ClassVar[str] = "over-under-26"

    win_return_multiple: int = 4
    """OU-W: a win returns this many Antes in all, stakes included."""
    bonus_pay_table: PayTable | None = None
    """OU-10: the property's Bonus pay table; ``None`` (the default) refuses Bonus bets."""
    max_boxes: int = TABLE_BOXES
    """OU-P0 (house): the boxes the table seats, all on the table's four cards."""

    def validate(self) -> None:
        multiple = self.win_return_multiple
        if isinstance(multiple, bool) or not isinstance(multiple, int) or multiple < 2:
            raise RuleSetError(
                "win_return_multiple",
                "must be a whole number of Antes, at least 2: a win returns at least the Ante and the "
                "Under/Over bet (OU-W)",
            )
        if self.bonus_pay_table is not None:
            verify_bonus_pay_table(self.bonus_pay_table)
        if isinstance(self.max_boxes, bool) or not isinstance(self.max_boxes, int) or not (
                1 <= self.max_boxes <= TABLE_BOXES):
            raise RuleSetError("max_boxes", f"a table seats 1 to {TABLE_BOXES} boxes (OU-P0)")
