"""Chip sets: a property's denominations and colours (a house rule), and chip stacks.

A stack arrives from the page as ``{"<denomination>": count}``; :func:`stack_amount` sums it
to a :class:`~decimal.Decimal` after checking every denomination is one of the set's and
every count a small whole number. Pure Python (no Django).

>>> chips = ChipSet.default()
>>> stack_amount(chips, {"25": 2, "5.00": 1})
Decimal('55.00')
>>> stack_amount(chips, {"3": 1})
Traceback (most recent call last):
...
drills.rounds.chips.ChipError: 3.00 is not a chip of this table (chips: 1, 2.50, 5, 25, 100, 500, 1000)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.errors import MoneyError
from games.money import format_money, parse_money
from games.reasons import InContext, Translate, gettext_noop, no_translation, pgettext_noop

MAX_CHIPS_PER_STACK = 200
"""More chips than any payout at a training table; refuses hostile input (forty 9s, 1e30)."""

MAX_DENOMINATIONS = 12

MAX_CHIP_VALUE = Decimal("100000")

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class ChipError(ValueError):
    """A chip set or a chip stack that cannot be used; the message says why.

    Like :class:`~drills.rounds.tables.base.TapError`: ``message`` is a message ID (marked with
    ``gettext_noop``) with ``{placeholders}`` filled from ``params``, because it reaches
    trainees (a tap's chip stack) and staff (the chip-set form) in their language;
    ``str(error)`` is the English sentence, :meth:`words` the reader's."""

    def __init__(self, message: str, **params: object) -> None:
        self.message_id, self.params = message, params
        super().__init__(message.format(**params))

    def words(self, translate: Translate = no_translation) -> str:
        """The message in ``translate``'s language."""
        try:
            return translate(self.message_id).format(**self.params)
        except (KeyError, IndexError):
            return str(self)


@dataclass(frozen=True, slots=True)
class Chip:
    value: Decimal
    colour: str  # "#rrggbb", the chip's body
    name: str  # the colour's name, for people and screen readers ("green")

    @property
    def label(self) -> str:
        """The value as printed on the chip: ``25``, ``2.50``, ``1000``. No thousands separator:
        "1,000" reads as one in Spanish (a decimal comma), and chips print their value bare."""
        whole = self.value == self.value.to_integral_value()
        return f"{self.value:.0f}" if whole else f"{self.value:.2f}"

    @property
    def code(self) -> str:
        return format_money(self.value)

    def to_json(self) -> dict[str, str]:
        return {"value": self.code, "colour": self.colour, "name": self.name}

    def named_in(self, translate: Translate = no_translation) -> Chip:
        """The chip with its colour's name in ``translate``'s language: a default colour
        (stored as its English word) is translated in its context; any other name is the
        property's own and comes back unchanged (a ``translate`` returns what it does not
        know)."""
        return dataclasses.replace(self, name=translate(InContext(CHIP_COLOUR, self.name)))


CHIP_COLOUR = "chip colour"  # written out in each marker below: xgettext reads literals only
"""The context of the default colours' names: a chip's colour, not a card's ("red")."""

DEFAULT_CHIPS: tuple[tuple[str, str, str], ...] = (
    ("1", "#f4f4f0", pgettext_noop("chip colour", "white")),
    ("2.50", "#e87ab0", pgettext_noop("chip colour", "pink")),
    ("5", "#c8102e", pgettext_noop("chip colour", "red")),
    ("25", "#1a7f37", pgettext_noop("chip colour", "green")),
    ("100", "#1d1d1d", pgettext_noop("chip colour", "black")),
    ("500", "#6b2fa3", pgettext_noop("chip colour", "purple")),
    ("1000", "#e8871e", pgettext_noop("chip colour", "orange")),
)
"""The common North American colours, used until a property sets its own. The names are
stored as English words; :meth:`Chip.named_in` words them for the reader (a property's own
names pass through unchanged)."""


@dataclass(frozen=True, slots=True)
class ChipSet:
    chips: tuple[Chip, ...]

    @classmethod
    def default(cls) -> ChipSet:
        return cls.from_json([{"value": v, "colour": c, "name": n} for v, c, n in DEFAULT_CHIPS])

    @classmethod
    def from_json(cls, data: Any) -> ChipSet:
        """From ``[{"value": "25", "colour": "#1a7f37", "name": "green"}, ...]``; refuses
        duplicates, bad amounts and bad colours, naming the chip."""
        if not isinstance(data, list) or not data:
            raise ChipError(gettext_noop("a chip set is a non-empty list of chips"))
        if len(data) > MAX_DENOMINATIONS:
            raise ChipError(gettext_noop("at most {most} denominations"), most=MAX_DENOMINATIONS)
        chips: dict[Decimal, Chip] = {}
        for number, item in enumerate(data, start=1):
            if not isinstance(item, Mapping):
                message = gettext_noop("chip {number}: must be an object with value, colour and name")
                raise ChipError(message, number=number)
            try:
                value = parse_money(item.get("value"))
            except MoneyError:
                # The engine's own message is English only: the form says it in its own words
                # (a message ID), with what was typed.
                message = gettext_noop("chip {number}: value must be an amount such as 25 or 2.50, not {value}")
                raise ChipError(message, number=number, value=repr(str(item.get("value", "")))[:24]) from None
            if value <= 0 or value > MAX_CHIP_VALUE:
                # The limit is written without a thousands separator: it reads the same in every language.
                raise ChipError(gettext_noop("chip {number}: value must be above 0 and at most {most}"), number=number,
                               most=f"{MAX_CHIP_VALUE:f}")
            colour = str(item.get("colour", ""))
            if not _COLOUR.match(colour):
                raise ChipError(gettext_noop("chip {number}: colour must be #rrggbb, not {colour}"), number=number,
                               colour=repr(colour))
            name = str(item.get("name", "")).strip()[:30]
            if not name:
                message = gettext_noop("chip {number}: name the colour (for people who cannot see it)")
                raise ChipError(message, number=number)
            if value in chips:
                message = gettext_noop("chip {number}: {value} appears twice")
                raise ChipError(message, number=number, value=format_money(value))
            chips[value] = Chip(value, colour.lower(), name)
        return cls(tuple(sorted(chips.values(), key=lambda chip: chip.value)))

    def to_json(self) -> list[dict[str, str]]:
        return [chip.to_json() for chip in self.chips]

    def chip(self, value: Decimal) -> Chip | None:
        return next((chip for chip in self.chips if chip.value == value), None)

    def describe(self) -> str:
        return ", ".join(chip.label for chip in self.chips)


def stack_amount(chips: ChipSet, stack: Any) -> Decimal:
    """The amount of a chip stack ``{"<denomination>": count}``; :class:`ChipError` if it is
    not one (unknown chip, a count that is not a whole number from 0 to the cap, empty)."""
    if not isinstance(stack, Mapping):
        raise ChipError(gettext_noop("a chip stack is an object such as {example}"), example='{"25": 2, "5": 1}')
    total = Decimal("0.00")
    count_all = 0
    for key, count in stack.items():
        try:
            value = parse_money(str(key))
        except MoneyError:
            raise ChipError(gettext_noop("{key} is not a chip value"), key=repr(str(key)[:20])) from None
        if chips.chip(value) is None:
            message = gettext_noop("{value} is not a chip of this table (chips: {chips})")
            raise ChipError(message, value=format_money(value), chips=chips.describe())
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_CHIPS_PER_STACK:
            raise ChipError(gettext_noop("the count of {value} chips must be a whole number from 0 to {most}"),
                            value=format_money(value), most=MAX_CHIPS_PER_STACK)
        count_all += count
        total += value * count
    if count_all == 0:
        raise ChipError(gettext_noop("the stack is empty: tap chips in the tray to build it"))
    if count_all > MAX_CHIPS_PER_STACK:
        raise ChipError(gettext_noop("at most {most} chips in one stack"), most=MAX_CHIPS_PER_STACK)
    return total.quantize(Decimal("0.01"))


def stack_for(chips: ChipSet, amount: Decimal) -> list[tuple[Chip, int]]:
    """Chips making exactly ``amount``, large chips first (as a dealer cuts a payout), for
    drawing a bet or a payout; when no combination is exact (an amount below the smallest
    chip), the closest stack below it.

    >>> [(chip.label, n) for chip, n in stack_for(ChipSet.default(), Decimal("57.50"))]
    [('25', 2), ('5', 1), ('2.50', 1)]
    >>> [(chip.label, n) for chip, n in stack_for(ChipSet.default(), Decimal("48"))]
    [('25', 1), ('5', 4), ('1', 3)]
    """
    ordered = sorted(chips.chips, key=lambda item: item.value, reverse=True)
    exact = _exact(amount, ordered)
    if exact is not None:
        return exact
    left, out = amount, []
    for chip in ordered:
        count = int(left // chip.value)
        if count:
            out.append((chip, count))
            left -= chip.value * count
    return out


def _exact(amount: Decimal, ordered: list[Chip], tries: int = 6) -> list[tuple[Chip, int]] | None:
    """Largest chips first, backing off a few of each when the rest cannot be made."""
    if amount == 0:
        return []
    if not ordered:
        return None
    chip, rest = ordered[0], ordered[1:]
    most = int(amount // chip.value)
    for count in range(most, max(-1, most - tries), -1):
        tail = _exact(amount - chip.value * count, rest, tries)
        if tail is not None:
            return ([(chip, count)] if count else []) + tail
    return None


def chip_sets_equal(a: Sequence[Mapping[str, str]], b: Sequence[Mapping[str, str]]) -> bool:
    return ChipSet.from_json(list(a)) == ChipSet.from_json(list(b))
