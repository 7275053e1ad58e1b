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
from drills.kinds._changes import RuleChange
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE
from games.pai_gow.house_ways.pg_h import Thresholds, variant

BONUS_TABLE = EXAMPLE_BONUS_PAY_TABLE.to_mapping()
NEW_BONUS_TABLE = {**{k: v for k, v in BONUS_TABLE.items() if k != "joker"}, "16": "2:1", "20": "1:1"}

EXAMPLES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "blackjack": ({}, {"blackjack_pays": "6:5", "dealer_hits_soft_17": True, "insurance_pays": "3:1",
                       "double_after_split": False, "max_hands": 3}),
    "jack-switch": ({}, {
        "blackjack_pays": "3:2", "dealer_hits_soft_17": False,
        "super_match": {"one-pair": "1:1", "three-of-a-kind": "6:1", "two-pairs": "8:1", "four-of-a-kind": "50:1"},
        "pair_bonus": {"different-colour-pair": "6:1", "same-colour-pair": "10:1", "same-suit-pair": "25:1"},
        "bonus_limits": "10-200: 1-100, 25-500: 1-500, 50-1000: 1-1000",
    }),
    "pai-gow": ({}, {"collection_fee": "1.00", "wheel_lowest_straight": False}),
    "over-under-26": ({"bonus_pay_table": BONUS_TABLE},
                      {"bonus_pay_table": NEW_BONUS_TABLE, "win_return_multiple": 5}),
}
"""game -> (old values, new values)."""


def example_change(game: str) -> RuleChange:
    old, new = EXAMPLES[game]
    return RuleChange.of(game, old, new)


SPLIT_TWO_PAIR = variant("test-split-two-pair", "PG-H, but two pair is always split (a test variant)",
                         Thresholds(two_pair_split_from=3))


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
