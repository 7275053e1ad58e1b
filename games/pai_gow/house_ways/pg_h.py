"""PG-H: the default house way ("logical way") of RULES.md, steps 0 to 9.

Apply the first step that fits; the house way never fouls (PG-12, PG-13, PG-17) and
always sets the seven given cards. Where a step leaves a choice open, the choice is
written beside it ("Decision") and tested in ``tests/games/test_pai_gow_house_way.py``.

Step 0, the jokers (PG-J). "Each joker takes the identity giving the best seven-card
category; otherwise it is an Ace." Decisions:

* The seven-card category is the PG-R category of the best five-card hand the seven
  cards hold (five of a kind > straight flush > four of a kind > full house > flush >
  straight > three of a kind > two pair > pair > no pair).
* A joker is *needed* when the best category cannot be reached with it as an Ace.
  Needed jokers take the fewest-jokers way to the category (then the highest one): the
  rank of the five/four/three of a kind, the missing cards of the straight (flush), the
  higher pair of a full house, the highest single for a pair; a flush is filled with the
  highest ranks not already among the seven (so the joker makes no pair a step would
  then read), else the highest not in the flush suit. Every other joker is an Ace.
* The steps then read the seven cards with the jokers as those ranks ("resolved").
  Which physical card plays a placed rank, a joker or any standard card of the same
  rank, is chosen by :meth:`Split.realize` (highest front, then highest back, never a
  foul): ``JK 9C 4C 2C QC QD QS`` (four Queens, split) puts two Queens in front and
  keeps the Queen of clubs back with the joker, a club flush. In the front a joker
  always pairs its partner (PG-J), in the back it becomes whatever makes the back best.
  Steps 3 and 4 choose among the physical cards themselves, by value.

The house way is a function of the seven cards, not of the order they are listed in:
where several cards of one rank could play a placement with the same values front and
back, the canonical one plays (:meth:`Split.canonical_key`: standard cards in front
before jokers, then the lowest rank and the suit order S, H, D, C).

Steps 1–9 are documented at each step function below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from types import MappingProxyType
from typing import Final

from games.pai_gow.codes import JOKER_CODE, RANK_OF
from games.pai_gow.house_ways.base import (
    HouseWay,
    Misreading,
    PlaceFunction,
    Placement,
    Split,
    card_or_better,
    has_flush,
    has_straight,
    rank_range,
    rank_term,
)
from games.pai_gow.ranking import (
    FIVE_OF_A_KIND,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    Tables,
)
from games.reasons import Reason, Term, gettext_noop

ACE: Final = 14
KING: Final = 13


@dataclass(frozen=True)
class Thresholds:
    """The ranks PG-H names, as data: a property's variant of PG-H may change them and
    register itself under its own name (see :mod:`games.pai_gow.house_ways`)."""

    quads_split_from: int = 11
    """Step 2: four of a kind Jacks–Aces is split into two pairs."""
    quads_keep_from: int = 7
    """Step 2: four of a kind 7s–10s stays together if a King or Ace can go in front."""
    quads_keep_front: int = KING
    """Step 2: "a King or Ace"."""
    two_pair_split_from: int = 11
    """Step 6: big pair Jacks–Aces: split."""
    two_pair_ace_from: int = 7
    """Step 6: big pair 7s–10s: both back if an Ace can go in front, else split."""
    two_pair_king_from: int = 3
    """Step 6: big pair 3s–6s: both back if a King or Ace can go in front, else split."""
    ace_front_pairs: tuple[int, int] = (10, KING)
    """Step 4: with an Ace and a pair of 10s–Kings, Ace in front when that improves it."""


def step_reasons_for(t: Thresholds) -> Mapping[str, Reason]:
    """Each step key as a reason citing its step, with the ranks of ``t`` as its values: a
    variant explains itself with its own thresholds.

    >>> step_reasons_for(Thresholds(two_pair_split_from=12))["6-split"].words()
    'PG-H step 6: two pair, big pair Queens–Aces: split, the small pair in front (PG-H).'
    """
    split = rank_range("split", t.quads_split_from, ACE)
    middle = rank_range("middle", t.quads_keep_from, t.quads_split_from - 1)
    low = rank_range("low", 2, t.quads_keep_from - 1)
    front = card_or_better("front", t.quads_keep_front)
    big_split = rank_range("big", t.two_pair_split_from, ACE)
    big_ace = rank_range("big", t.two_pair_ace_from, t.two_pair_split_from - 1)
    big_king = rank_range("big", t.two_pair_king_from, t.two_pair_ace_from - 1)
    big_low = rank_range("big", 3, t.two_pair_ace_from - 1)
    always = {"always": rank_term(t.two_pair_king_from)}
    ace_pairs = rank_range("pairs", *t.ace_front_pairs)
    low_split = (
        (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}, no King or Ace for the front (below "
                      "{always}: always): split"),
         gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big pair "
                      "{big_from}–{big_to}, no King or Ace for the front (below {always}: always): split"))
        if t.two_pair_king_from > 3  # below it, big pairs split whatever the singles
        else (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}, no King or Ace for the front: split"),
              gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big pair "
                           "{big_from}–{big_to}, no King or Ace for the front: split"))
    )
    texts: dict[str, tuple[str, dict[str, Term]]] = {
        "1-pair": (gettext_noop("PG-H step 1: five of a kind with another pair: the five back, the pair in front"), {}),
        "1-kings": (gettext_noop("PG-H step 1: five Aces: a pair of Kings (a King and a joker) can go in front, so it "
                                 "does"), {}),
        "1-aces": (gettext_noop("PG-H step 1: five Aces: a pair of Aces in front"), {}),
        "1-quads-pair": (gettext_noop("PG-H steps 1 and 2: five of a kind as four of a kind plus a single, with "
                                      "another pair: that pair in front"), {}),
        "1-quads-split": (gettext_noop("PG-H steps 1 and 2: five of a kind as four of a kind {split_from}–{split_to} "
                                       "plus a single: split into two pairs"), split),
        "1-quads-keep": (gettext_noop("PG-H steps 1 and 2: five of a kind as four of a kind "
                                      "{middle_from}–{middle_to} plus a single: kept together, {front} goes in front"),
                         middle | front),
        "1-quads-middle-split": (gettext_noop("PG-H steps 1 and 2: five of a kind as four of a kind "
                                              "{middle_from}–{middle_to} plus a single: {no_front} for the front, so "
                                              "split"), middle | front),
        "1-quads-low": (gettext_noop("PG-H steps 1 and 2: five of a kind as four of a kind {low_from}–{low_to} plus a "
                                     "single: never split, the two highest singles in front"), low),
        "2-pair": (gettext_noop("PG-H step 2: four of a kind with another pair (or trips): that pair in front"), {}),
        "2-split": (gettext_noop("PG-H step 2: four of a kind {split_from}–{split_to}: split into two pairs"), split),
        "2-keep": (gettext_noop("PG-H step 2: four of a kind {middle_from}–{middle_to} with {front} for the front: "
                                "kept together"), middle | front),
        "2-middle-split": (gettext_noop("PG-H step 2: four of a kind {middle_from}–{middle_to} without {front} for "
                                        "the front: split"), middle | front),
        "2-low": (gettext_noop("PG-H step 2: four of a kind {low_from}–{low_to}: never split, the two highest singles "
                               "in front"), low),
        "3-full-house": (gettext_noop("PG-H step 3: full house: the highest pair that keeps the back ahead goes in "
                                      "front"), {}),
        "3-two-trips": (gettext_noop("PG-H step 3: two three of a kinds: a pair from the higher one in front"), {}),
        "4-no-pair": (gettext_noop("PG-H step 4: straight or flush, no pair: the complete hand back, the highest "
                                   "possible front"), {}),
        "4-pair-front": (gettext_noop("PG-H step 4: straight or flush with one pair: the pair in front, a complete "
                                      "hand stays back"), {}),
        "4-ace-front": (gettext_noop("PG-H step 4: straight or flush with an Ace and a pair of "
                                     "{pairs_from}–{pairs_to}: the Ace in front and the pair back, as that improves "
                                     "the front"), ace_pairs),
        "4-complete-back": (gettext_noop("PG-H step 4: straight or flush with one pair that cannot go in front with a "
                                         "complete hand back: the complete hand back, the highest possible front"), {}),
        "4-trips": (gettext_noop("PG-H step 4: straight or flush with three of a kind: the complete hand back, the "
                                 "leftover pair in front"), {}),
        "4-6-split": (gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big pair "
                                   "{big_from}–{big_to}: split, the small pair in front"), big_split),
        "4-6-ace": (gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big pair "
                                 "{big_from}–{big_to}, an Ace for the front: both pairs back"), big_ace),
        "4-6-middle-split": (gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big "
                                          "pair {big_from}–{big_to}, no Ace for the front: split"), big_ace),
        "4-6-king-ace": (gettext_noop("PG-H steps 4 and 6: straight or flush with two pair plays as two pair; big "
                                      "pair {big_from}–{big_to}, a King or Ace for the front: both pairs back"),
                         big_king),
        "4-6-low-split": (low_split[1], big_low | always),
        "5": (gettext_noop("PG-H step 5: three pair: the highest pair in front"), {}),
        "6-split": (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}: split, the small pair in "
                                 "front"), big_split),
        "6-ace": (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}, an Ace for the front: both pairs "
                               "back"), big_ace),
        "6-middle-split": (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}, no Ace for the front: "
                                        "split"), big_ace),
        "6-king-ace": (gettext_noop("PG-H step 6: two pair, big pair {big_from}–{big_to}, a King or Ace for the "
                                    "front: both pairs back"), big_king),
        "6-low-split": (low_split[0], big_low | always),
        "7-aces": (gettext_noop("PG-H step 7: three Aces: a pair of Aces back, the third Ace and the next highest card "
                                "in front"), {}),
        "7": (gettext_noop("PG-H step 7: three of a kind back, the two highest singles in front"), {}),
        "8": (gettext_noop("PG-H step 8: one pair back, the two highest singles in front"), {}),
        "9": (gettext_noop("PG-H step 9: no pair: the highest card back, the second and third highest in front"), {}),
        "fallback": (gettext_noop("PG-H: no step placed this hand without a foul; the highest back that does not foul "
                                  "was played"), {}),
    }
    return MappingProxyType({key: Reason.of("PG-H", message, **values) for key, (message, values) in texts.items()})


def steps_for(t: Thresholds) -> Mapping[str, str]:
    """The text of each step key in English, with the ranks of ``t``.

    >>> steps_for(Thresholds(two_pair_split_from=12))["6-split"]
    'PG-H step 6: two pair, big pair Queens–Aces: split, the small pair in front'
    """
    return MappingProxyType({key: reason.words(cite=False) for key, reason in step_reasons_for(t).items()})


STEPS: Final[Mapping[str, str]] = steps_for(Thresholds())
"""The text of each step key (explanations cite the step)."""


# --- step 0 ---------------------------------------------------------------------------------

_WINDOWS_WHEEL_LOW: Final = (
    *((top, top - 1, top - 2, top - 3, top - 4) for top in range(ACE, 5, -1)),
    (5, 4, 3, 2, ACE),
)
_WINDOWS_WHEEL_SECOND: Final = (_WINDOWS_WHEEL_LOW[0], _WINDOWS_WHEEL_LOW[-1], *_WINDOWS_WHEEL_LOW[1:-1])
"""The straights from the highest down, by the wheel setting (PG-R **(house)**)."""


def _straight_fill(mask: int, jokers: int, wheel_lowest: bool) -> tuple[int, int, list[int]] | None:
    """The straight needing the fewest jokers (at most ``jokers``), the highest among
    those: (jokers needed, its place from the highest straight down, the missing ranks);
    None when no straight can be made."""
    best: tuple[int, int, list[int]] | None = None
    for place, window in enumerate(_WINDOWS_WHEEL_LOW if wheel_lowest else _WINDOWS_WHEEL_SECOND):
        missing = [rank for rank in window if not mask >> rank & 1]
        if len(missing) <= jokers and (best is None or len(missing) < best[0]):
            best = (len(missing), place, missing)
            if not missing:
                break
    return best


def resolve(codes: Sequence[int], wheel_lowest: bool) -> tuple[int, list[int]]:
    """PG-H step 0: the seven-card category (a PG-R category number) and the rank each
    joker takes, jokers in the order they appear (module doc for the decisions).

    >>> from games.cards import parse_card
    >>> from games.pai_gow.codes import codes_of
    >>> resolve(codes_of(map(parse_card, "KS KH 9D 7C 5H 3S JK".split())), True)
    (3, [13])
    >>> resolve(codes_of(map(parse_card, "AS KS 9S 5S 2D 3H JK".split())), True)
    (5, [12])
    """
    real = [code for code in codes if code != JOKER_CODE]
    jokers = len(codes) - len(real)
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    suit_counts = [0, 0, 0, 0]
    for code in real:
        rank = RANK_OF[code]
        counts[rank] += 1
        suit_masks[code & 3] |= 1 << rank
        suit_counts[code & 3] += 1
    rank_mask = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
    ranks_down = range(ACE, 1, -1)
    most = max(counts)

    def of_a_kind(size: int) -> list[int]:
        # fewest jokers first, then the highest rank
        rank = max((rank for rank in ranks_down if counts[rank] + jokers >= size), key=lambda r: (counts[r], r))
        need = size - counts[rank]
        return [rank] * need + [ACE] * (jokers - need)

    if most + jokers >= 5:
        return FIVE_OF_A_KIND, of_a_kind(5)
    straight_flush: tuple[int, int, list[int]] | None = None
    for suit in range(4):
        if suit_counts[suit] + jokers >= 5:
            fill = _straight_fill(suit_masks[suit], jokers, wheel_lowest)
            if fill is not None and (straight_flush is None or fill[:2] < straight_flush[:2]):
                straight_flush = fill
    if straight_flush is not None:
        return STRAIGHT_FLUSH, straight_flush[2] + [ACE] * (jokers - straight_flush[0])
    if most + jokers >= 4:
        return QUADS, of_a_kind(4)
    pairs = [rank for rank in ranks_down if counts[rank] == 2]
    if jokers == 1 and len(pairs) >= 2:
        return FULL_HOUSE, [pairs[0]]
    for suit in range(4):
        if suit_counts[suit] + jokers >= 5:
            need = max(0, 5 - suit_counts[suit])
            unheld = [rank for rank in ranks_down if not rank_mask >> rank & 1]
            unheld += [rank for rank in ranks_down if not suit_masks[suit] >> rank & 1 and rank not in unheld]
            return FLUSH, unheld[:need] + [ACE] * (jokers - need)
    straight = _straight_fill(rank_mask, jokers, wheel_lowest)
    if straight is not None:
        return STRAIGHT, straight[2] + [ACE] * (jokers - straight[0])
    if most + jokers >= 3:
        return TRIPS, of_a_kind(3)
    return PAIR, of_a_kind(2)  # one joker, seven different ranks: it pairs the highest


# --- the steps --------------------------------------------------------------------------------
#
# The steps read ``ranked``: the groups of equal (resolved) rank, each a list of indices
# into the seven cards, the largest group first and, among equal sizes, the highest rank
# first; standard cards before jokers inside a group.

Groups = list[list[int]]



def _make_place(thresholds: Thresholds) -> PlaceFunction:
    t = thresholds

    def place(codes: Sequence[int], tables: Tables) -> Placement:
        if JOKER_CODE in codes:
            return _place_with_jokers(codes, tables, t)
        ranks = [RANK_OF[code] for code in codes]
        # highest rank first; equal ranks in the order given (a stable sort)
        order = sorted(range(7), key=ranks.__getitem__, reverse=True)
        ranked: Groups = []
        previous = -1
        for x in order:
            if ranks[x] == previous:
                ranked[-1].append(x)
            else:
                ranked.append([x])
                previous = ranks[x]
        ranked.sort(key=len, reverse=True)  # stable: equal sizes stay highest rank first
        top, second = len(ranked[0]), len(ranked[1])
        # Where a step leaves cards of one rank in both hands (steps 2, 3, 4 and 7 with
        # Aces) the canonical ones play: the setting must not depend on the given order.
        # Without a joker the exchanged cards differ in suit only, and with four of a kind
        # or a full house no flush can be among the seven: no value changes.
        if top == 4:
            front, key = _step_2(ranked[0], [x for group in ranked[1:] for x in group], ranks, t, "2-")
            if key in ("2-keep", "2-low"):
                return _ordered(front, key)
            return (*Split(codes, tables).canonical(_ordered(front, key)[:2], ranks, values_differ=False), key)
        if top == 3 and second >= 2:
            split = Split(codes, tables)
            i, j, key = _step_3(split, ranked)
            return (*split.canonical((i, j), ranks, values_differ=False), key)
        flush = has_flush(codes)
        if flush or has_straight(codes):
            if top == 2 and second == 2:
                front, key = _step_6(ranked, ranks, t)  # step 4: "Two pair: as step 6"
                return _ordered(front, "4-" + key)
            split = Split(codes, tables)
            i, j, key = _step_4(split, ranked, ranks, t)
            return (*split.canonical((i, j), ranks, values_differ=flush), key)
        if top == 2 and second == 2:
            if len(ranked) == 4:
                return _ordered((ranked[0][0], ranked[0][1]), "5")  # step 5: three pair, the highest pair in front
            front, key = _step_6(ranked, ranks, t)
            return _ordered(front, key)
        if top == 3:
            front, key = _step_7(ranked, ranks[ranked[0][0]])
            if key == "7-aces":
                return (*Split(codes, tables).canonical(_ordered(front, key)[:2], ranks, values_differ=False), key)
            return _ordered(front, key)
        if top == 2:
            return _ordered((ranked[1][0], ranked[2][0]), "8")  # step 8: pair back, the two highest singles in front
        return _ordered((ranked[1][0], ranked[2][0]), "9")  # step 9: highest card back, the 2nd and 3rd in front

    return place


def _ordered(front: tuple[int, int], key: str) -> Placement:
    i, j = front
    return (i, j, key) if i < j else (j, i, key)


def _place_with_jokers(codes: Sequence[int], tables: Tables, t: Thresholds) -> Placement:
    split = Split(codes, tables)
    category, identities = resolve(codes, tables.wheel_lowest)  # step 0
    resolved = [RANK_OF[code] for code in codes]
    jokers = [x for x in range(7) if codes[x] == JOKER_CODE]
    for x, rank in zip(jokers, identities, strict=True):
        resolved[x] = rank
    order = sorted(range(7), key=lambda x: (resolved[x], codes[x] != JOKER_CODE), reverse=True)
    ranked: Groups = []
    for x in order:
        if ranked and resolved[ranked[-1][0]] == resolved[x]:
            ranked[-1].append(x)
        else:
            ranked.append([x])
    ranked.sort(key=len, reverse=True)
    top, second = len(ranked[0]), len(ranked[1])
    if category == FIVE_OF_A_KIND:
        front, key = _step_1(ranked, codes, resolved, t)
    elif category == QUADS:
        front, key = _step_2(ranked[0], [x for group in ranked[1:] for x in group], resolved, t, "2-")
    elif category == FULL_HOUSE:
        return _canonical(split, resolved, _step_3(split, ranked))
    elif category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
        if top == 2 and second == 2:
            front, key = _step_6(ranked, resolved, t)  # step 4: "Two pair: as step 6"
            key = "4-" + key
        else:
            return _canonical(split, resolved, _step_4(split, ranked, resolved, t))
    elif category == TRIPS:
        front, key = _step_7(ranked, resolved[ranked[0][0]])
    else:  # PAIR: one joker pairs the highest single
        front, key = (ranked[1][0], ranked[2][0]), "8"
    realized = split.realize(front, resolved)
    if realized is None:
        return _canonical(split, resolved, (*split.best_unfouled(), "fallback"))
    return _ordered(realized, key)


def _canonical(split: Split, resolved: Sequence[int], placement: Placement) -> Placement:
    """A placement chosen by value (steps 3 and 4 search the splits) played by the
    canonical cards of equal value (:meth:`Split.canonical`)."""
    i, j, key = placement
    i, j = split.canonical((i, j), resolved, values_differ=True)
    return i, j, key


def _step_1(ranked: Groups, codes: Sequence[int], resolved: list[int], t: Thresholds) -> tuple[tuple[int, int], str]:
    """Step 1, five of a kind: with another pair, the five back and the pair in front;
    five Aces: a pair of Aces in front unless a pair of Kings can go there; other five of
    a kind: as four of a kind plus a single (step 2).

    Decisions: with six Aces (four Aces and two jokers) any five of them are "the five";
    "a pair of Kings can go there" means a King and a joker (a joker pairs its partner,
    PG-J); two Kings would be "another pair"."""
    everything = ranked[0]
    five_rank = resolved[everything[0]]
    five = everything[:5]
    rest = everything[5:] + [x for group in ranked[1:] for x in group]
    if resolved[rest[0]] == resolved[rest[1]]:
        return (rest[0], rest[1]), "1-pair"
    if five_rank == ACE:
        kings = [x for x in rest if resolved[x] == KING and codes[x] != JOKER_CODE]
        jokers = [x for x in range(7) if codes[x] == JOKER_CODE]
        if kings and jokers:
            return (kings[0], jokers[-1]), "1-kings"
        return (five[0], five[1]), "1-aces"
    return _step_2(five[:4], [five[4], *rest], resolved, t, "1-quads-")


def _step_2(
    quads: list[int], others: list[int], resolved: list[int], t: Thresholds, prefix: str
) -> tuple[tuple[int, int], str]:
    """Step 2, four of a kind: with another pair or trips, that pair in front. Jacks–Aces:
    split into two pairs. 7s–10s: keep together if a King or Ace can go in front, else
    split. 2s–6s: never split; the two highest singles in front.

    Decision: "kept together" puts the two highest other cards in front (with five of a
    kind the fifth card counts as a single, step 1)."""
    quad_rank = resolved[quads[0]]
    others = sorted(others, key=resolved.__getitem__, reverse=True)
    for a, b in combinations(others, 2):
        if resolved[a] == resolved[b]:
            return (a, b), prefix + "pair"
    highest = (others[0], others[1])
    if quad_rank >= t.quads_split_from:
        return (quads[0], quads[1]), prefix + "split"
    if quad_rank >= t.quads_keep_from:
        if resolved[others[0]] >= t.quads_keep_front:
            return highest, prefix + "keep"
        return (quads[0], quads[1]), prefix + "middle-split"
    return highest, prefix + "low"


def _step_3(split: Split, ranked: Groups) -> Placement:
    """Step 3, full house (also two trips): the highest pair that keeps the back ahead goes
    in front; with two trips, the pair comes from the higher trips.

    Decisions: "ahead" means the front does not foul (PG-12); the pairs tried include a
    pair taken from the three of a kind (with trips and two pairs, KKK-QQ-99, that is KK
    in front and two pair back); among the physical cards of the pair the one leaving
    the highest back plays."""
    codes = split.codes
    rank = [RANK_OF[code] for code in codes]  # a joker's own rank is 0; groups carry resolved ranks
    trips = [group for group in ranked if len(group) == 3]
    if len(trips) >= 2:
        candidates, key = [trips[0]], "3-two-trips"
    else:
        candidates = sorted((group for group in ranked if len(group) >= 2), key=_group_rank(rank), reverse=True)
        key = "3-full-house"
    for group in candidates:
        best: tuple[int, int, int] | None = None
        for i, j in combinations(sorted(group), 2):
            front, back = split.front(i, j), split.back(i, j)
            if front <= back and (best is None or back > best[0]):
                best = (back, i, j)
        if best is not None:
            return best[1], best[2], key
    return (*split.best_unfouled(), "fallback")


def _group_rank(rank: list[int]) -> Callable[[list[int]], int]:
    # a group's standard cards come first, so its first card names its rank (a group is
    # never jokers only: a joker joins a rank some standard card holds, or is an Ace)
    return lambda group: max(rank[x] for x in group)


def _step_4(split: Split, ranked: Groups, resolved: list[int], t: Thresholds) -> Placement:
    """Step 4, straight, flush or straight flush. No pair: the complete hand back with the
    highest possible front. One pair: the pair in front if a complete hand stays back
    (with an Ace and a pair of 10s–Kings, the Ace in front and the pair back when that
    improves the front). Two pair: as step 6 (see the callers). Trips: the complete hand
    back, the leftover pair in front.

    Decisions: a complete hand is a straight or better in the back (jokers wild);
    "highest possible front" compares fronts as two-card hands (PG-R, a joker pairs its
    partner), then the backs; a pair that cannot go in front with a complete hand back
    leaves the complete hand back with the highest possible front; "an Ace" is a standard
    Ace (a joker in front pairs its partner, it is no Ace there); "Ace in front" takes the
    Ace and the highest other single (as in step 8) and is played only when that front
    beats the front otherwise chosen and does not foul."""
    top = len(ranked[0])
    if top == 3:
        rank = resolved[ranked[0][0]]
        found = split.best_complete(lambda i, j: resolved[i] == resolved[j] == rank)
        if found is not None:
            return found[2], found[3], "4-trips"
        found = split.best_complete()
        assert found is not None
        return found[2], found[3], "4-complete-back"
    best = split.best_complete()
    assert best is not None  # step 0 found a complete hand
    if top == 1:
        return best[2], best[3], "4-no-pair"
    pair = resolved[ranked[0][0]]
    chosen = split.best_complete(lambda i, j: resolved[i] == resolved[j] == pair)
    key = "4-pair-front"
    if chosen is None:
        chosen, key = best, "4-complete-back"
    low, high = t.ace_front_pairs
    singles = [group[0] for group in ranked[1:]]  # highest first
    if low <= pair <= high and resolved[singles[0]] == ACE and split.codes[singles[0]] != JOKER_CODE:
        i, j = sorted((singles[0], singles[1]))
        front = split.front(i, j)
        if front > chosen[0] and front <= split.back(i, j):
            return i, j, "4-ace-front"
    return chosen[2], chosen[3], key


def _step_6(ranked: Groups, resolved: list[int], t: Thresholds) -> tuple[tuple[int, int], str]:
    """Step 6, two pair: big pair Jacks–Aces: split, the small pair in front. Big pair
    7s–10s: both back if an Ace can go in front, else split. Big pair 3s–6s: both back if
    a King or Ace can go in front, else split.

    Decision: "both back" puts the two highest singles in front."""
    big = resolved[ranked[0][0]]
    small_pair = (ranked[1][0], ranked[1][1])
    highest_single = resolved[ranked[2][0]]
    both_back = (ranked[2][0], ranked[3][0])
    if big >= t.two_pair_split_from:
        return small_pair, "6-split"
    if big >= t.two_pair_ace_from:
        if highest_single == ACE:
            return both_back, "6-ace"
        return small_pair, "6-middle-split"
    if big >= t.two_pair_king_from and highest_single >= KING:
        return both_back, "6-king-ace"
    return small_pair, "6-low-split"


def _step_7(ranked: Groups, trips_rank: int) -> tuple[tuple[int, int], str]:
    """Step 7, three of a kind: Aces: a pair of Aces back, the third Ace and the next
    highest in front. Otherwise the trips back, the two highest singles in front."""
    if trips_rank == ACE:
        return (ranked[0][-1], ranked[1][0]), "7-aces"
    return (ranked[1][0], ranked[2][0]), "7"


def misreadings_for(t: Thresholds) -> tuple[Misreading, ...]:
    """The common wrong readings of PG-H with the ranks of ``t`` (the drills name them):
    each is PG-H with one threshold misread."""
    big_ace = rank_range("ace", t.two_pair_ace_from, t.two_pair_split_from - 1)
    big_king = rank_range("king", t.two_pair_king_from, t.two_pair_ace_from - 1)
    split = rank_range("split", t.quads_split_from, ACE)
    middle = rank_range("middle", t.quads_keep_from, t.quads_split_from - 1)
    front = card_or_better("front", t.quads_keep_front)
    return (
        Misreading(
            "pg-house-way-two-pair-always-split",
            Reason.of("PG-H", gettext_noop(
                "Two pair is not always split: with a big pair of {ace_from}–{ace_to} and an Ace, or of "
                "{king_from}–{king_to} and a King or Ace, for the front, both pairs stay back (PG-H step 6)"),
                **big_ace, **big_king),
            _make_place(replace(t, two_pair_split_from=3)),
        ),
        Misreading(
            "pg-house-way-quads-kept",
            Reason.of("PG-H", gettext_noop(
                "Four {split_from}–{split_to} are split into two pairs, and four {middle_from}–{middle_to} too when "
                "{front} cannot go in front (PG-H step 2)"), **split, **middle, front=front["front"]),
            _make_place(replace(t, quads_split_from=ACE + 1, quads_keep_from=ACE + 1)),
        ),
        Misreading(
            "pg-house-way-ace-front-missed",
            Reason.of("PG-H", gettext_noop(
                "With a straight or flush, an Ace and a pair of {pairs_from}–{pairs_to}, the Ace goes in front and "
                "the pair back when that improves the front (PG-H step 4)"), **rank_range("pairs", *t.ace_front_pairs)),
            _make_place(replace(t, ace_front_pairs=(ACE + 1, ACE + 1))),
        ),
    )


HOUSE_WAY: Final = HouseWay(
    name="pg-h",
    description="RULES.md PG-H, steps 0–9 (the default logical way)",
    place=_make_place(Thresholds()),
    step_reasons=step_reasons_for(Thresholds()),
    label=gettext_noop("The logical way (PG-H)"),
    misreadings=misreadings_for(Thresholds()),
)


def variant(name: str, description: str, thresholds: Thresholds, label: str = "") -> HouseWay:
    """A property's variant of PG-H as data: the same steps with other thresholds, its
    step texts and named misreadings worded with those thresholds.

    >>> way = variant("split-tens", "PG-H, but four 10s split", Thresholds(quads_split_from=10))
    >>> way.name, way.steps["2-split"]
    ('split-tens', 'PG-H step 2: four of a kind 10s–Aces: split into two pairs')
    """
    return HouseWay(
        name=name,
        description=description,
        place=_make_place(thresholds),
        step_reasons=step_reasons_for(thresholds),
        label=label or description,
        misreadings=misreadings_for(thresholds),
    )
