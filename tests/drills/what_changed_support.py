"""Example rule changes for the "what changed" kinds: per game, old and new values that
differ in every setting the family shows (Pai Gow's house way apart: a second house way is
registered only by the tests that need one, see :func:`registered_house_way`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

import games.pai_gow.house_ways as house_ways
import games.pai_gow.rules as pai_gow_rules
from drills.kinds._changes import EXAMPLE_CHANGES, example_change
from games.pai_gow.house_ways.pg_h import Thresholds, variant

EXAMPLES = EXAMPLE_CHANGES
"""game -> (old values, new values): the examples the diagnosis report uses too."""


SPLIT_TWO_PAIR = variant(
    "test-split-two-pair", "PG-H, but two pair is always split (a test variant)", Thresholds(two_pair_split_from=3)
)


@contextmanager
def registered_house_way(way: Any = SPLIT_TWO_PAIR) -> Iterator[str]:
    """A second house way (a PG-H variant with other thresholds) registered while the block runs."""
    saved = house_ways.HOUSE_WAYS
    ways = MappingProxyType({**saved, way.name: way})
    house_ways.HOUSE_WAYS = ways  # type: ignore[misc]
    pai_gow_rules.HOUSE_WAYS = ways  # type: ignore[misc]
    try:
        yield way.name
    finally:
        house_ways.HOUSE_WAYS = saved  # type: ignore[misc]
        pai_gow_rules.HOUSE_WAYS = saved  # type: ignore[misc]


__all__ = ["EXAMPLES", "SPLIT_TWO_PAIR", "example_change", "registered_house_way"]
