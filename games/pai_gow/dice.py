"""The dice and the Action button (PG-3, PG-4).

Positions are numbered 1–7 clockwise starting at the player-dealer (position 1), empty
positions included. Three dice are summed; the total counts from position 1:
``position = (total - 1) mod 7 + 1`` receives the first hand (all seven hands are dealt,
so that may be the player-dealer or an empty position). The Action button goes to the
same position when a player sits there; when it is the player-dealer's position (or an
empty one) it passes clockwise to the next occupied player position.

>>> read_dice((3, 5, 6), occupied=(2, 3, 5, 6))
DiceReading(total=14, first_hand=7, action=2, rules=('PG-3', 'PG-4'))
>>> read_dice((1, 1, 6)).action
2
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from games.pai_gow.errors import DiceError, PositionError

__all__ = [
    "PLAYER_DEALER",
    "PLAYER_POSITIONS",
    "POSITIONS",
    "DiceReading",
    "action_position",
    "count_to",
    "first_hand_position",
    "read_dice",
    "roll",
]

PLAYER_DEALER: Final = 1
POSITIONS: Final = 7
PLAYER_POSITIONS: Final = tuple(range(2, POSITIONS + 1))
"""Positions 2–7, clockwise from the player-dealer at position 1 (PG-3)."""


@dataclass(frozen=True)
class DiceReading:
    total: int
    first_hand: int
    action: int
    rules: tuple[str, ...]


def roll(rng: random.Random) -> tuple[int, int, int]:
    """Three dice from ``rng`` (PG-3).

    >>> roll(random.Random(3))
    (2, 5, 5)
    """
    return rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)


def first_hand_position(total: int) -> int:
    """PG-3: the position receiving the first hand, counting the total from position 1.

    >>> [first_hand_position(total) for total in (3, 7, 8, 14, 18)]
    [3, 7, 1, 7, 4]
    """
    return (total - 1) % POSITIONS + 1


def count_to(total: int, lap: Sequence[int], later_laps: Sequence[int] | None = None) -> int:
    """Where a count of ``total`` lands going round the positions in ``lap`` (and, from the
    second time round, ``later_laps`` when given). PG-3's count is ``lap`` = 1 … 7, clockwise;
    other laps are how a count goes wrong (counter-clockwise, empty positions skipped...).

    >>> count_to(14, range(1, 8)) == first_hand_position(14)
    True
    >>> count_to(9, (1, 7, 6, 5, 4, 3, 2)), count_to(9, range(1, 8), later_laps=range(2, 8))
    (7, 3)
    """
    if total < 1 or not lap:
        raise DiceError(f"a count of {total} cannot be made round {list(lap)}")
    first = list(lap)
    if total <= len(first) or later_laps is None:
        return first[(total - 1) % len(first)]
    rest = list(later_laps)
    return rest[(total - len(first) - 1) % len(rest)]


def action_position(total: int, occupied: Iterable[int] = PLAYER_POSITIONS) -> tuple[int, tuple[str, ...]]:
    """PG-4: where the Action button goes, and the rules applied.

    >>> action_position(8, occupied=(4, 6))
    (4, ('PG-4',))
    """
    seats = _verify_occupied(occupied)
    position = first_hand_position(total)
    while position not in seats:  # the player-dealer's or an empty position: pass clockwise
        position = position % POSITIONS + 1
    return position, ("PG-4",)


def read_dice(dice: Sequence[int], occupied: Iterable[int] = PLAYER_POSITIONS) -> DiceReading:
    """The first hand and the Action button from three dice (PG-3, PG-4)."""
    if len(dice) != 3:
        raise DiceError(f"three dice are thrown, not {len(dice)} (PG-3)")
    for die in dice:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise DiceError(f"a die shows 1 to 6, not {die!r}")
    total = sum(dice)
    action, _ = action_position(total, occupied)
    return DiceReading(total, first_hand_position(total), action, ("PG-3", "PG-4"))


def _verify_occupied(occupied: Iterable[int]) -> frozenset[int]:
    seats = list(occupied)
    for seat in seats:
        if seat not in PLAYER_POSITIONS:
            raise PositionError(f"position {seat} is not a player position (2 to 7; 1 is the player-dealer)")
    if len(set(seats)) != len(seats):
        raise PositionError("a position is listed twice")
    if not seats:
        raise PositionError("at least one player position must be occupied")
    return frozenset(seats)
