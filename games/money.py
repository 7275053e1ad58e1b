"""Money: always :class:`~decimal.Decimal`, never float.

Amounts on the table are in currency units with at most two decimals. Payout arithmetic
(3:2 on an odd bet, half a bet for a surrender) can produce a fraction of a cent; the
house decision, applied in one place (:func:`to_cents`), is that a fraction of a cent
is never paid and never collected: results are rounded toward zero to the cent.

>>> parse_money("52.5")
Decimal('52.50')
>>> format_money(payout(Decimal("35"), Ratio(3, 2)))
'52.50'
>>> format_money(to_cents(Decimal("-12.505")))
'-12.50'
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from fractions import Fraction
from typing import Final

from games.errors import MoneyError

CENT: Final = Decimal("0.01")
ZERO: Final = Decimal("0.00")
MAX_AMOUNT: Final = Decimal("1e15")
"""No stake at a table comes near it; larger input would not fit the cents arithmetic."""
MONEY_LIMIT: Final = MAX_AMOUNT  # the same limit under the name branch round-pg-ou gave it


def parse_money(value: object) -> Decimal:
    """A non-negative amount with at most two decimals, from a string, int or Decimal.

    Floats are refused: a JSON number must be decoded as ``Decimal`` first (the rulings
    door does so), so ``10.1`` never becomes ``10.0999…``.

    >>> parse_money(10), parse_money("0.5")
    (Decimal('10.00'), Decimal('0.50'))
    >>> parse_money("1.005")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '1.005' has more than two decimals
    >>> parse_money(Decimal("1e30"))
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '1E+30' is too large an amount
    >>> parse_money("-1")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '-1' is negative
    >>> parse_money("1e30")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '1e30' is too large an amount
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise MoneyError(f"{value!r} is not an amount: expected a string such as \"10.50\" or a number")
    try:
        amount = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise MoneyError(f"{value!r} is not an amount") from None
    if not amount.is_finite():
        raise MoneyError(f"{value!r} is not an amount")
    if amount < 0:
        raise MoneyError(f"{value!r} is negative")
    if amount >= MAX_AMOUNT:
        raise MoneyError(f"{str(value)!r} is too large an amount")
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise MoneyError(f"{value!r} has more than two decimals")
    return amount.quantize(CENT)


def to_cents(amount: Decimal) -> Decimal:
    """Round toward zero to the cent (the house never pays or collects a fraction)."""
    return amount.quantize(CENT, rounding=ROUND_DOWN) + ZERO


def format_money(amount: Decimal) -> str:
    """Two decimals, as in RULINGS.md: ``"52.50"``, ``"-10.00"``, ``"0.00"``.

    >>> format_money(Decimal("-0"))
    '0.00'
    """
    cents = to_cents(amount)
    return f"{abs(cents) if cents == 0 else cents:.2f}"


@dataclass(frozen=True, slots=True, order=True)
class Ratio:
    """A payout ratio ``pays : per``, e.g. 3:2 for a blackjack, 2:1 for insurance.

    >>> Ratio.parse("3:2"), str(Ratio(40, 1))
    (Ratio(pays=3, per=2), '40:1')
    >>> Ratio(3, 2).of(Decimal("25"))
    Decimal('37.50')
    """

    pays: int
    per: int = 1

    def __post_init__(self) -> None:
        if self.pays < 0 or self.per <= 0:
            raise MoneyError(f"{self.pays}:{self.per} is not a payout ratio")

    @classmethod
    def parse(cls, text: object) -> Ratio:
        """``"3:2"``, ``"5 to 1"`` or a plain whole number of units per unit (``40``)."""
        if isinstance(text, bool):
            raise MoneyError(f"{text!r} is not a payout ratio such as \"3:2\"")
        if isinstance(text, int):
            return cls(text, 1)
        if not isinstance(text, str):
            raise MoneyError(f"{text!r} is not a payout ratio such as \"3:2\"")
        normalized = text.strip().lower().replace(" to ", ":").replace(" ", "")
        parts = normalized.split(":")
        if len(parts) == 1:
            parts.append("1")
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise MoneyError(f"{text!r} is not a payout ratio such as \"3:2\"")
        return cls(int(parts[0]), int(parts[1]))

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.pays, self.per)

    def of(self, stake: Decimal) -> Decimal:
        """What this ratio pays on ``stake``, rounded toward zero to the cent."""
        return payout(stake, self)

    def __str__(self) -> str:
        return f"{self.pays}:{self.per}"


def payout(stake: Decimal, ratio: Ratio) -> Decimal:
    """Winnings on ``stake`` at ``ratio`` (stake not included), to the cent.

    >>> payout(Decimal("5"), Ratio(3, 2)), payout(Decimal("0.05"), Ratio(3, 2))
    (Decimal('7.50'), Decimal('0.07'))
    """
    return to_cents(stake * ratio.pays / ratio.per)
