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

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from typing import Final

from games.errors import MoneyError

CENT: Final = Decimal("0.01")
ZERO: Final = Decimal("0.00")
MAX_AMOUNT: Final = Decimal("1000000.00")
"""The largest amount any door accepts, per amount (a bet, a bank, a limit, a net).

No stake, bank or table limit at a training table comes near a million; an amount past it
is a typing slip or a probe, not a situation to rule on. The ceiling also keeps every
result exact: the largest payout the pay tables allow on it (1,000,000 x 500:1) has 11
digits, far inside ``Decimal``'s 28-digit context, where 1e26 used to overflow ``quantize``.
"""

AMOUNT_FORMAT: Final = 'digits 0-9 with at most two decimals, such as "10.50"'


def gettext_noop(message: str) -> str:
    """Marks a message ID for the catalogues (the extractor looks for this name); the
    engine's own marker lives in :mod:`games.reasons`, which imports this module."""
    return message


# Refusals of an amount a person typed: message IDs with {value} (and {most}), worded by the site.
NOT_AN_AMOUNT: Final = gettext_noop(
    '{value} is not an amount: write digits 0-9 with at most two decimals, such as "10.50"'
)
TOO_MANY_DECIMALS: Final = gettext_noop("{value} has more than two decimals")
IS_NEGATIVE: Final = gettext_noop("{value} is negative")
SIGNED_ZERO: Final = gettext_noop("{value} is zero: a zero result takes no sign")
TOO_LARGE: Final = gettext_noop("{value} is more than {most}, the largest amount accepted")

# The one written form of an amount: ASCII digits, optionally a point and one or two
# more. No exponent ("1e3"), no digit separators ("1_000", "1,000"), no other scripts'
# digits ("١٠", "１０": str.isdigit and Decimal accept them, people rarely mean them).
_AMOUNT_TEXT: Final = re.compile(r"(?P<sign>[-+\u2212]?)(?P<units>[0-9]+)(?:\.(?P<cents>[0-9]+))?")
_BLANKS: Final = " \t\r\n"


class ExponentNumber(Decimal):
    """A JSON number written with an exponent (``1e3``, ``2.5E+1``).

    The site's JSON decoders (:func:`decimal_from_json`) produce it instead of a plain
    ``Decimal`` so that :func:`parse_money` can refuse the exponent form by field, while
    a plain literal such as ``10.50`` stays an ordinary amount.
    """


def decimal_from_json(literal: str) -> Decimal:
    """``parse_float`` for ``json.loads``: a JSON number with a fraction or an exponent.

    >>> decimal_from_json("10.50"), type(decimal_from_json("1e3")).__name__
    (Decimal('10.50'), 'ExponentNumber')
    """
    if "e" in literal or "E" in literal:
        return ExponentNumber(literal)
    return Decimal(literal)


def parse_money(value: object) -> Decimal:
    """A non-negative amount up to :data:`MAX_AMOUNT`, at most two decimals.

    From a string (:data:`AMOUNT_FORMAT`), an int or a ``Decimal`` (a JSON number decoded
    by :func:`decimal_from_json`: a plain literal, not an exponent form). Floats are
    refused: ``10.1`` must never become ``10.0999…``.

    >>> parse_money(10), parse_money("0.5"), parse_money(" 7 ")
    (Decimal('10.00'), Decimal('0.50'), Decimal('7.00'))
    >>> parse_money("1.005")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '1.005' has more than two decimals
    >>> parse_money("-1")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '-1' is negative
    >>> parse_money("1e30")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '1e30' is not an amount: write digits 0-9 with at most two decimals, such as "10.50"
    >>> parse_money(10**7)
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: 10000000 is more than 1000000.00, the largest amount accepted
    """
    return _parse_amount(value, signed=False)


def parse_signed_money(value: object) -> Decimal:
    """Like :func:`parse_money`, for a net result that may be negative (``"-20"``).

    A loss takes ``-`` (or the minus sign ``−``) in front; zero takes no sign.

    >>> parse_signed_money("-20"), parse_signed_money("\u221212.5"), parse_signed_money(-3)
    (Decimal('-20.00'), Decimal('-12.50'), Decimal('-3.00'))
    >>> parse_signed_money("-0")
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '-0' is zero: a zero result takes no sign
    """
    return _parse_amount(value, signed=True)


def _parse_amount(value: object, *, signed: bool) -> Decimal:
    if isinstance(value, float):
        raise MoneyError(f"{value!r} is a binary fraction, not an exact amount: write it as text, such as \"10.50\"")
    if isinstance(value, bool) or not isinstance(value, (str, int, Decimal)):
        raise MoneyError(f"{value!r} is not an amount: expected a string such as \"10.50\" or a number")
    if isinstance(value, str):
        negative, amount = _parse_text(value)
    elif isinstance(value, int):
        negative, amount = value < 0, Decimal(abs(value))
    else:
        negative, amount = _from_decimal(value)
    if negative and not signed:
        raise MoneyError(message_id=IS_NEGATIVE, params={"value": _shown(value)})
    if negative and amount == 0:
        raise MoneyError(message_id=SIGNED_ZERO, params={"value": _shown(value)})
    if amount > MAX_AMOUNT:
        raise MoneyError(message_id=TOO_LARGE, params={"value": _shown(value), "most": str(MAX_AMOUNT)})
    amount = amount.quantize(CENT)
    return -amount if negative else amount


def _parse_text(value: str) -> tuple[bool, Decimal]:
    match = _AMOUNT_TEXT.fullmatch(value.strip(_BLANKS))
    if match is None or match["sign"] == "+":
        raise MoneyError(message_id=NOT_AN_AMOUNT, params={"value": repr(value)})
    if match["cents"] is not None and len(match["cents"]) > 2:
        raise MoneyError(message_id=TOO_MANY_DECIMALS, params={"value": repr(value)})
    digits = match["units"] + (f".{match['cents']}" if match["cents"] is not None else "")
    return match["sign"] != "", Decimal(digits)


def _from_decimal(value: Decimal) -> tuple[bool, Decimal]:
    if isinstance(value, ExponentNumber) or not value.is_finite():
        raise MoneyError(message_id=NOT_AN_AMOUNT, params={"value": _shown(value)})
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -2:
        raise MoneyError(message_id=TOO_MANY_DECIMALS, params={"value": _shown(value)})
    return value.is_signed(), abs(value)


def _shown(value: object) -> str:
    """The value as the person wrote it: a string quoted, a number as its digits."""
    return repr(value) if isinstance(value, str) else str(value)


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
