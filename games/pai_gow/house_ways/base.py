"""What every house way shares: the seven-card splits, the evaluation of a split, the
foul check (PG-12) and the searches the steps use.

A house way works on the seven card *codes* (:mod:`games.pai_gow.codes`) and returns a
:data:`Placement`: the indices (into the seven) of the two cards that go in front and the
key of the step that placed them (its text is in the house way's ``STEPS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Final, TypeAlias

from games.pai_gow.codes import RANK_OF
from games.pai_gow.ranking import CARD_VALUES, STRAIGHT, Tables
from games.reasons import Reason, Term, gettext_noop

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
class Misreading:
    """A common wrong reading of a house way, as a place function of its own: the drills
    recognise the setting it gives and name it (``code``, ``reason`` citing the step of
    the house way that was misread, worded with the way's own thresholds)."""

    code: str
    reason: Reason
    place: PlaceFunction

    @property
    def message(self) -> str:
        """The reason in English words."""
        return self.reason.words()


@dataclass(frozen=True)
class HouseWay:
    """A named house way (PG-H **(house)**): ``place`` sets seven codes; ``step_reasons``
    words each step key it returns, citing its step, with the way's own thresholds as
    values; ``label`` names it on pages; ``misreadings`` are the wrong readings the drills
    name."""

    name: str
    description: str
    place: PlaceFunction
    step_reasons: Mapping[str, Reason]
    label: str = ""
    misreadings: tuple[Misreading, ...] = ()
    cite: str = "PG-H"
    """How its steps are cited ("PG-H step 6")."""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.description)

    @property
    def steps(self) -> Mapping[str, str]:
        """Each step key's text in English (the reasons' words without the rule cited)."""
        return MappingProxyType({key: reason.words(cite=False) for key, reason in self.step_reasons.items()})


RANK_PLURALS: Final[Mapping[int, str]] = MappingProxyType({
    2: gettext_noop("2s"), 3: gettext_noop("3s"), 4: gettext_noop("4s"), 5: gettext_noop("5s"), 6: gettext_noop("6s"),
    7: gettext_noop("7s"), 8: gettext_noop("8s"), 9: gettext_noop("9s"), 10: gettext_noop("10s"),
    11: gettext_noop("Jacks"), 12: gettext_noop("Queens"), 13: gettext_noop("Kings"), 14: gettext_noop("Aces"),
})  # fmt: skip
"""Each rank in the plural, as a step text names it ("big pair Jacks–Aces")."""

CARD_OR_BETTER: Final[Mapping[int, tuple[str, str]]] = MappingProxyType({
    14: (gettext_noop("an Ace"), gettext_noop("no Ace")),
    13: (gettext_noop("a King or Ace"), gettext_noop("no King or Ace")),
    12: (gettext_noop("a Queen or better"), gettext_noop("no Queen or better")),
    11: (gettext_noop("a Jack or better"), gettext_noop("no Jack or better")),
    10: (gettext_noop("a 10 or better"), gettext_noop("no 10 or better")),
    9: (gettext_noop("a 9 or better"), gettext_noop("no 9 or better")),
    8: (gettext_noop("an 8 or better"), gettext_noop("no 8 or better")),
    7: (gettext_noop("a 7 or better"), gettext_noop("no 7 or better")),
    6: (gettext_noop("a 6 or better"), gettext_noop("no 6 or better")),
    5: (gettext_noop("a 5 or better"), gettext_noop("no 5 or better")),
    4: (gettext_noop("a 4 or better"), gettext_noop("no 4 or better")),
    3: (gettext_noop("a 3 or better"), gettext_noop("no 3 or better")),
    2: (gettext_noop("a 2 or better"), gettext_noop("no 2 or better")),
})
"""A card of a rank or higher, and none such, as the step texts name them."""


def rank_range(name: str, low: int, high: int) -> dict[str, Term]:
    """The values ``{name}_from`` and ``{name}_to`` of a range of ranks ("{big_from}–{big_to}").

    >>> rank_range("big", 11, 14)
    {'big_from': Term(text='Jacks'), 'big_to': Term(text='Aces')}
    """
    return {f"{name}_from": Term(RANK_PLURALS[min(max(low, 2), 14)]),
            f"{name}_to": Term(RANK_PLURALS[min(max(high, 2), 14)])}


def rank_term(rank: int) -> Term:
    return Term(RANK_PLURALS[min(max(rank, 2), 14)])


def card_or_better(name: str, lowest: int) -> dict[str, Term]:
    """The values ``{name}`` ("a King or Ace") and ``no_{name}`` ("no King or Ace")."""
    some, none = CARD_OR_BETTER[min(max(lowest, 2), 14)]
    return {name: Term(some), f"no_{name}": Term(none)}


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
        and ``accept``-ed fronts, the one with the highest front, then the highest back,
        then the :meth:`canonical_key` (so that the choice depends on the seven cards, not
        their order: two jokers in front and an Ace with a joker are both a pair of Aces):
        (front value, back value, i, j); None when there is none."""
        best: tuple[int, int, int, int] | None = None
        values = self.values
        five = self.tables.five
        for i, j, (a, b, c, d, e) in SPLITS:
            back = five(values[a], values[b], values[c], values[d], values[e])
            if back < COMPLETE or (accept is not None and not accept(i, j)):
                continue
            candidate = (self.front(i, j), back, i, j)
            if best is None or self._beats(candidate, best):
                best = candidate
        return best

    def _beats(self, candidate: tuple[int, int, int, int], best: tuple[int, int, int, int]) -> bool:
        """The higher (front, back), then the lower canonical key."""
        if candidate[:2] != best[:2]:
            return candidate[:2] > best[:2]
        return self.canonical_key(candidate[2], candidate[3]) < self.canonical_key(best[2], best[3])

    def best_unfouled(self) -> tuple[int, int]:
        """A last resort that never fouls: the highest back, then the highest front."""
        best: tuple[int, int, int, int] | None = None
        for i, j, _ in SPLITS:
            front, back = self.front(i, j), self.back(i, j)
            if front <= back and (best is None or (back, front) > best[:2]):
                best = (back, front, i, j)
        assert best is not None  # the five highest cards back never foul
        return best[2], best[3]

    def alternatives(self, front: tuple[int, int], resolved: Sequence[int]) -> list[tuple[int, int]]:
        """Every front (lower index first) holding the same ranks as ``front``: the cards of
        one (resolved) rank, standard cards and jokers alike, may change places between
        the front and the back. ``front`` itself is among them."""
        i, j = front
        rank_i, rank_j = resolved[i], resolved[j]
        with_i = [x for x in range(7) if resolved[x] == rank_i]
        if rank_i == rank_j:
            return list(combinations(with_i, 2))
        with_j = [x for x in range(7) if resolved[x] == rank_j]
        return [(a, b) if a < b else (b, a) for a in with_i for b in with_j]

    def canonical_key(self, i: int, j: int) -> tuple[int, int]:
        """Among settings of equal value, the one whose front has the lowest codes plays:
        standard cards before jokers, then by rank and the suit order S, H, D, C, so that
        the setting depends on the seven cards, never on the order they are listed in."""
        a, b = self.codes[i], self.codes[j]
        return (a, b) if a < b else (b, a)

    def realize(self, front: tuple[int, int], resolved: Sequence[int]) -> tuple[int, int] | None:
        """Choose which physical cards play a step's placement (decision, PG-H step 0).

        The steps place cards by rank (a joker by the rank it took, ``resolved``). Any
        card may then change places with a card of the same rank in the other hand, a
        joker or a standard card alike: among those realizations, the one with the
        highest front, then the highest back, that does not foul (PG-12); among equal
        values the :meth:`canonical_key`. None when every realization fouls."""
        best: tuple[int, int, tuple[int, int], int, int] | None = None
        for i, j in self.alternatives(front, resolved):
            front_value, back_value = self.front(i, j), self.back(i, j)
            if front_value > back_value:
                continue
            candidate = (front_value, back_value, self.canonical_key(i, j), i, j)
            if best is None or candidate[:2] > best[:2] or (candidate[:2] == best[:2] and candidate[2] < best[2]):
                best = candidate
        return None if best is None else (best[3], best[4])

    def canonical(self, front: tuple[int, int], resolved: Sequence[int], *, values_differ: bool) -> tuple[int, int]:
        """The same setting as ``front`` in value, played by the canonical cards: among the
        same-rank exchanges that leave the front and the back at their values, the one
        with the lowest :meth:`canonical_key`. ``values_differ`` says whether an exchange
        can change a value at all (a flush or a joker among the seven); when it cannot,
        no hand is evaluated."""
        options = self.alternatives(front, resolved)
        if len(options) == 1:
            return front
        if values_differ:
            i, j = front
            target = (self.front(i, j), self.back(i, j))
            options = [(a, b) for a, b in options if (self.front(a, b), self.back(a, b)) == target]
        return min(options, key=lambda option: self.canonical_key(*option))


_SUIT_FIELD: Final = tuple(1 << 3 * (code & 3) for code in range(52))
"""Per code, a 3-bit counter field for its suit: the sum over seven cards counts each suit."""
_HAS_FLUSH: Final = tuple(any(total >> 3 * suit & 7 >= 5 for suit in range(4)) for total in range(1 << 12))
_RANK_BIT: Final = tuple(1 << RANK_OF[code] | (2 if RANK_OF[code] == 14 else 0) for code in range(52))
"""Per code, its rank bit (the Ace also sets bit 1: A-2-3-4-5)."""


def has_flush(codes: Sequence[int]) -> bool:
    """Whether seven joker-free codes hold five of one suit."""
    return _HAS_FLUSH[sum(map(_SUIT_FIELD.__getitem__, codes))]


def has_straight(codes: Sequence[int]) -> bool:
    """Whether seven joker-free codes hold five ranks in a row (A-2-3-4-5 included)."""
    mask = 0
    for code in codes:
        mask |= _RANK_BIT[code]
    return bool(mask & mask >> 1 & mask >> 2 & mask >> 3 & mask >> 4)
