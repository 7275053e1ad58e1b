"""The house ways ("logical way", PG-H **(house)**) by name.

A property picks one by name in its rule set (``PaiGowRules.house_way``). The default,
``pg-h``, is RULES.md's numbered list (:mod:`games.pai_gow.house_ways.pg_h`); ``ballys-ac``
is Bally's Atlantic City published house way adapted to two wild jokers
(:mod:`games.pai_gow.house_ways.ballys`). A property adds its own in one of two ways, then
lists it in :data:`HOUSE_WAYS`:

* as data: :func:`~games.pai_gow.house_ways.pg_h.variant` with other
  :class:`~games.pai_gow.house_ways.pg_h.Thresholds` (the same steps, other ranks);
* as one small module exposing a :class:`HouseWay` whose ``place`` function sets seven
  card codes (see :mod:`games.pai_gow.house_ways.base` for the helpers), as ``ballys``.

Each way has a ``label`` for pages, step texts worded from its own thresholds, and its
``misreadings`` (the named mistakes of the house-way drill).
:mod:`games.pai_gow.house_ways.compare` finds the hands two ways set differently.

Every house way must never foul and must set the seven given cards: the property tests
in ``tests/games/test_pai_gow_house_way.py`` run over every registered name.

>>> sorted(HOUSE_WAYS)
['ballys-ac', 'pg-h']
>>> [way.label for way in HOUSE_WAYS.values()]
['The logical way (PG-H)', "Bally's Atlantic City way (two jokers)"]
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from games.pai_gow.house_ways import ballys, pg_h
from games.pai_gow.house_ways.base import HouseWay, Misreading, Placement

__all__ = ["DEFAULT_HOUSE_WAY", "HOUSE_WAYS", "HouseWay", "Misreading", "Placement"]

DEFAULT_HOUSE_WAY: Final = pg_h.HOUSE_WAY.name

HOUSE_WAYS: Final[Mapping[str, HouseWay]] = MappingProxyType(
    {way.name: way for way in (pg_h.HOUSE_WAY, ballys.HOUSE_WAY)}
)
"""Every house way a rule set may name."""
