"""What every house way shares: the seven-card splits, the evaluation of a split, the
foul check (PG-12) and the searches the steps use.

A house way works on the seven card *codes* (:mod:`games.pai_gow.codes`) and returns a
:data:`Placement`: the indices (into the seven) of the two cards that go in front and the
key of the step that placed them (its text is in the house way's ``STEPS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Final, TypeAlias

from games.pai_gow.codes import JOKER_CODE
from games.pai_gow.ranking import CARD_VALUES, STRAIGHT, Tables

Placement: TypeAlias = tuple[int, int, str]
"""(front index, front index, step key): the two front cards among the seven, lower index first."""

PlaceFunction: TypeAlias = Callable[[Sequence[int], Tables], Placement]

SPLITS: Final[tuple[tuple[int, int, tuple[int, int, int, int, int]], ...]] = tuple(
    (i, j, tuple(x for x in range(7) if x not in (i, j)))  # type: ignore[misc]
    for i, j in combinations(range(7), 2)
)
"""The 21 ways to take two cards of seven for the front: (i, j, the five back indices)."""
BACK_OF: Final[dict[tuple[int, int], tuple[int, int, int, int, int]]] = {(i, j): back for i, j, back in SPLITS}

COMPLETE: Final = STRAIGHT << 20
"""The lowest strength of a "complete hand" (PG-H step 4): a straight or better."""


@dataclass(frozen=True)
class HouseWay:
    """A named house way (PG-H **(house)**): ``place`` sets seven codes; ``steps`` words
    each step key it returns, citing its step."""

    name: str
    description: str
    place: PlaceFunction
    steps: Mapping[str, str]


class Split:
    """The seven codes of one hand, ready for evaluating splits quickly."""

    __slots__ = ("codes", "tables", "values")

    def __init__(self, codes: Sequence[int], tables: Tables) -> None:
        self.codes = codes
        self.tables = tables
        self.values = [CARD_VALUES[code] for code in codes]

    def front(self, i: int, j: int) -> int:
        return self.tables.front[self.codes[i] * 53 + self.codes[j]]

    def back(self, i: int, j: int) -> int:
        a, b, c, d, e = BACK_OF[(i, j) if i < j else (j, i)]
        values = self.values
        return self.tables.five(values[a], values[b], values[c], values[d], values[e])

    def best_complete(self, accept: Callable[[int, int], bool] | None = None) -> tuple[int, int, int, int] | None:
        """PG-H step 4: among the splits with a complete hand (straight or better) back,
        and ``accept``-ed fronts, the one with the highest front, then the highest back:
        (front value, back value, i, j); None when there is none."""
        best: tuple[int, int, int, int] | None = None
        values = self.values
        five = self.tables.five
        for i, j, (a, b, c, d, e) in SPLITS:
            back = five(values[a], values[b], values[c], values[d], values[e])
            if back < COMPLETE or (accept is not None and not accept(i, j)):
                continue
            candidate = (self.front(i, j), back, i, j)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
        return best

    def best_unfouled(self) -> tuple[int, int]:
        """A last resort that never fouls: the highest back, then the highest front."""
        best: tuple[int, int, int, int] | None = None
        for i, j, _ in SPLITS:
            front, back = self.front(i, j), self.back(i, j)
            if front <= back and (best is None or (back, front) > best[:2]):
                best = (back, front, i, j)
        assert best is not None  # the five highest cards back never foul
        return best[2], best[3]

    def realize(self, front: tuple[int, int], resolved: Sequence[int]) -> tuple[int, int] | None:
        """Choose which physical cards play a step's placement (decision, PG-H step 0).

        The steps place cards by the rank each joker took (``resolved``). A joker may then
        change places with a standard card of the same resolved rank in the other hand:
        among those realizations (at most 16), the one with the highest front, then the
        highest back, that does not foul (PG-12); the step's own placement wins ties.
        None when every realization fouls."""
        jokers = [x for x in range(7) if self.codes[x] == JOKER_CODE]
        options: list[list[int | None]] = []
        for x in jokers:
            x_front = x in front
            options.append(
                [None]
                + [
                    y
                    for y in range(7)
                    if self.codes[y] != JOKER_CODE and resolved[y] == resolved[x] and (y in front) != x_front
                ]
            )
        best: tuple[int, int, int, int] | None = None
        for swaps in product(*options):
            chosen = [y for y in swaps if y is not None]
            if len(chosen) != len(set(chosen)):
                continue
            cards = set(front)
            for x, y in zip(jokers, swaps, strict=True):
                if y is not None:
                    cards ^= {x, y}
            i, j = sorted(cards)
            front_value, back_value = self.front(i, j), self.back(i, j)
            if front_value > back_value:
                continue
            if best is None or (front_value, back_value) > best[:2]:
                best = (front_value, back_value, i, j)
        return None if best is None else (best[2], best[3])
