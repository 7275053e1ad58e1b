"""House rule sets as immutable values.

Every value that ``shared/RULES.md`` marks **(house)** is a field of a game's rule-set
dataclass, with the RULES.md default. The site stores a property's values as JSON and
turns them into the dataclass with :meth:`HouseRules.from_mapping`, which validates
every value and names the offending setting in a :class:`RuleSetError`. The engine only
ever receives the frozen dataclass; nothing in ``games/`` reads a database.

A game's rule set subclasses :class:`HouseRules` as a frozen dataclass whose fields are
of the types below; extra checks go in ``validate`` (called after construction)::

    @dataclass(frozen=True)
    class ExampleRules(HouseRules):
        blackjack_pays: Ratio = Ratio(3, 2)
        dealer_hits_soft_17: bool = False

Supported field types: ``bool``, ``int`` (non-negative), ``str``, ``Decimal``
(an amount, as :func:`games.money.parse_money` reads it), :class:`Ratio`, :class:`PayTable`, and ``X | None`` of those.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class DemoRules(HouseRules):
...     pays: Ratio = Ratio(3, 2)
...     soft_17_hits: bool = False
>>> DemoRules.from_mapping({"pays": "6:5"}).pays
Ratio(pays=6, per=5)
>>> DemoRules.from_mapping({"soft_17_hits": "yes"})
Traceback (most recent call last):
...
games.errors.RuleSetError: soft_17_hits: must be true or false
>>> DemoRules().to_mapping()
{'pays': '3:2', 'soft_17_hits': False}
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, Self

from games.errors import MoneyError, RuleSetError
from games.money import Ratio, parse_money
from games.reasons import gettext_noop
from games.rule_settings import setting_info

JSONValue = Any
"""A value that ``json.dumps`` accepts."""


@dataclass(frozen=True, slots=True)
class PayTable:
    """A pay table: an ordered mapping from a combination name to its :class:`Ratio`.

    >>> table = PayTable.from_mapping({"one-pair": "1:1", "four-of-a-kind": "40:1"})
    >>> table["four-of-a-kind"], "three-of-a-kind" in table
    (Ratio(pays=40, per=1), False)
    >>> list(PayTable.from_mapping({"10": "5:1", "joker": "2:1", "9": "9:1"}))  # one canonical order
    ['9', '10', 'joker']
    >>> PayTable.from_mapping({"one-pair": "-1:1"})
    Traceback (most recent call last):
    ...
    games.errors.MoneyError: '-1:1' is not a payout ratio such as "3:2"
    """

    entries: tuple[tuple[str, Ratio], ...]

    def __post_init__(self) -> None:
        # One canonical order, whatever order the table was entered or stored in (a
        # PostgreSQL jsonb column reorders keys): regenerating a scenario from a stored
        # rule set must give exactly what was shown. Totals in number order, then names.
        object.__setattr__(self, "entries", tuple(sorted(self.entries, key=_entry_order)))

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> PayTable:
        return cls(tuple((str(key), Ratio.parse(value)) for key, value in data.items()))

    def to_mapping(self) -> dict[str, str]:
        return {key: str(ratio) for key, ratio in self.entries}

    def get(self, key: str) -> Ratio | None:
        for name, ratio in self.entries:
            if name == key:
                return ratio
        return None

    def __getitem__(self, key: str) -> Ratio:
        ratio = self.get(key)
        if ratio is None:
            raise KeyError(key)
        return ratio

    def __contains__(self, key: object) -> bool:
        return any(name == key for name, _ in self.entries)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.entries)

    def __len__(self) -> int:
        return len(self.entries)


def _entry_order(entry: tuple[str, Ratio]) -> tuple[int, int, str]:
    key = entry[0]
    return (0, int(key), key) if key.isascii() and key.isdigit() else (1, 0, key)


@dataclass(frozen=True)
class HouseRules:
    """Base of a game's rule set; subclasses are frozen dataclasses (see module doc)."""

    GAME: ClassVar[str] = ""
    """The game's slug in the rulings door and the site (``blackjack``, ``pai-gow``...)."""

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Cross-field checks; raise :class:`RuleSetError` naming the setting."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> Self:
        """Build from stored JSON values; missing settings take the RULES.md defaults."""
        if not isinstance(data, Mapping):
            raise RuleSetError("rules", "must be an object of settings")
        hints = _type_hints(typing.cast(Hashable, cls))  # classes hash by identity
        fields = {field.name: field for field in dataclasses.fields(cls) if field.init}
        values: dict[str, object] = {}
        for name, raw in data.items():
            if name not in fields:
                known = ", ".join(sorted(fields))
                raise RuleSetError(str(name), f"unknown setting (known: {known})")
            values[name] = _convert(name, hints[name], raw)
        return cls(**values)

    def to_mapping(self) -> dict[str, JSONValue]:
        """The JSON form of every setting (the inverse of :meth:`from_mapping`)."""
        return {field.name: _to_json(getattr(self, field.name)) for field in dataclasses.fields(self)}


@functools.cache
def _type_hints(cls: Hashable) -> dict[str, object]:
    """Field annotations, evaluated once per class (they are strings under PEP 563)."""
    return typing.get_type_hints(cls)


def _convert(name: str, hint: object, raw: object) -> object:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        if raw is None:
            return None
        (inner,) = [arg for arg in args if arg is not type(None)]
        return _convert(name, inner, raw)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        raise RuleSetError(name, "must be true or false")
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise RuleSetError(name, "must be a whole number, zero or more")
        return raw
    if hint is str:
        if not isinstance(raw, str) or not raw.strip():
            raise RuleSetError(name, "must be a non-empty text")
        return raw.strip()
    if hint is Decimal:
        try:
            return parse_money(raw)
        except MoneyError as error:
            raise RuleSetError(name, str(error)) from None
    if hint is Ratio:
        try:
            return Ratio.parse(raw)
        except MoneyError as error:
            raise RuleSetError(name, str(error)) from None
    if hint is PayTable:
        if not isinstance(raw, Mapping) or not raw:
            raise RuleSetError(name, "must be a non-empty object of combination: ratio")
        try:
            return PayTable.from_mapping(raw)
        except MoneyError as error:
            raise RuleSetError(name, str(error)) from None
    raise TypeError(f"unsupported rule-set field type for {name}: {hint!r}")  # a programming error


def _to_json(value: object) -> JSONValue:
    if isinstance(value, PayTable):
        return value.to_mapping()
    if isinstance(value, (Ratio, Decimal)):
        return str(value)
    return value


# --- what changed between two rule sets -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """One setting that differs: its name, its RULES.md rule (``""`` if none is known), and
    the old and new value as canonical text (:func:`value_text`)."""

    setting: str
    rule_id: str
    old: str
    new: str


def value_text(value: object) -> str:
    """A setting's value as one canonical line of text (English: ``yes``, ``no`` and ``none``
    are message IDs, translated where a page shows them).

    >>> value_text(True), value_text(None), value_text(Ratio(3, 2)), value_text(Decimal("0.5"))
    ('yes', 'none', '3:2', '0.5')
    >>> value_text(PayTable.from_mapping({"joker": "2:1", "9": "9:1"}))
    '9 9:1, joker 2:1'
    """
    if value is None:
        return gettext_noop("none")
    if isinstance(value, bool):
        return gettext_noop("yes") if value else gettext_noop("no")
    if isinstance(value, PayTable):
        return ", ".join(f"{name} {ratio}" for name, ratio in value.entries)
    return str(value)


def diff(old: HouseRules, new: HouseRules) -> tuple[Change, ...]:
    """The settings ``new`` sets differently from ``old`` (same game), in field order.

    >>> from games.blackjack.rules import BlackjackRules
    >>> diff(BlackjackRules(), BlackjackRules.from_mapping({"blackjack_pays": "6:5", "decks": 6}))
    (Change(setting='blackjack_pays', rule_id='BJ-5', old='3:2', new='6:5'),)
    """
    if type(old) is not type(new):
        raise TypeError(f"cannot compare rules of {old.GAME!r} with rules of {new.GAME!r}")
    changes = []
    for field in dataclasses.fields(old):
        before, after = value_text(getattr(old, field.name)), value_text(getattr(new, field.name))
        if before != after:
            changes.append(Change(field.name, setting_info(old.GAME, field.name).rule_id, before, after))
    return tuple(changes)
