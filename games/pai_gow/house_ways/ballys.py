"""Bally's Atlantic City house way, adapted to two fully wild jokers (``ballys-ac``).

Source: the Pai Gow Poker house way of Bally's Atlantic City as published by the casino
and reproduced in the Wizard of Odds' collection of casino house ways ("Bally's Atlantic
City House Way"). That text is written for a 53-card deck whose one joker is semi-wild (an
Ace, or the card completing a straight or flush). Its paragraphs, in the step numbers used
here (the same numbers as PG-H's, so a step names the same kind of hand in both ways):

1. Five Aces: always split, two Aces in the low hand; with a pair of Kings, the Kings in
   the low hand and the Aces in the high hand.
2. Four of a kind: 2s–9s never split; 10s–Kings split except when an Ace can be played
   in the low hand (then the four stay in the high hand); four Aces always split, except
   with a pair of Kings (Kings low, four Aces high); four of a kind with a pair or three of
   a kind: the pair low, the four high.
3. Full house: always the pair in the low hand; with a pair of 2s and an Ace and a King,
   the Ace and King low and the full house high. Three of a kind and two pairs: the
   highest pair low. Two three of a kinds: a pair of the higher one low.
4. Straights, flushes, straight flushes: the one that lets the highest two cards go low;
   an Ace-high straight (or straight flush) that needs the joker is played as a pair of
   Aces high with the next two highest cards low, unless the hand can be played as a lower
   straight (or as A-2-3-4-5). With one pair: the pair low if a straight or flush can be
   played high. With two pairs, three pairs, a full house: their own rule. With three of a
   kind: the pair low.
5. Three pairs: the highest pair low.
6. Two pairs, by the pairs' ranks (low 2s–6s, mid 7s–10s, high Jacks–Kings): low-low or
   low-mid: split unless the hand holds a King or Ace; low-high or mid-mid: split unless
   it holds an Ace; mid-high or high-high: always split; Aces and any pair: always split.
7. Three of a kind: high, except three Aces: a pair of Aces high and one Ace low.
8. One pair: the pair high, the two highest other cards low.
9. No pair: the highest card high, the second and third highest low.

How it differs from PG-H: two pair is judged by both pairs, not by the big pair alone
(J-J-4-4 with an Ace keeps both pairs back here, PG-H splits it; 9-9-4-4 with a King keeps
them here, PG-H splits); four 7s–9s never split, four 10s–Kings need an Ace to stay
together, four Aces split even beside a pair of Queens; five Aces split beside any pair but
Kings; a full house always puts its pair in front (trips with two pairs: the higher pair
in front, the full house back; PG-H plays a pair from the trips there), with the 2s
exception; no "Ace in front" exception with a straight and a pair of 10s–Kings, but the
Ace-high joker straight is broken into a pair of Aces.

Adapted to two fully wild jokers (PG-J: each joker may be any card; RULES.md PG-0), the
decisions, tested in ``tests/games/test_pai_gow_house_way_ballys.py``:

* Step 0, the jokers: as PG-H step 0 (:func:`~games.pai_gow.house_ways.pg_h.resolve`):
  each joker takes the identity giving the best seven-card category (fewest jokers, then
  the highest), otherwise it is an Ace. The published text's joker is an Ace unless it
  completes a straight or flush; a fully wild joker also makes pairs, trips, four and five
  of a kind, so the paragraphs above read the cards with the jokers as those ranks.
  Which physical card plays a placed rank is chosen as in PG-H (highest front, then the
  highest back, never a foul, then the canonical card: the setting depends only on the
  seven cards, not their order); in the front a joker pairs its partner.
* Step 1, five of a kind: five Aces as published ("a pair of Kings" is two Kings, or a
  King and a joker not needed for the five Aces). Five of another rank, which one
  semi-wild joker cannot make, is read by the four-of-a-kind paragraph with the fifth
  card kept with the four: with a pair, the pair in front; 2s–9s never split; 10s–Kings
  split (two of them in front, three back) unless an Ace (or a spare joker, an Ace by
  step 0) can go in front, then the five stay back and the other two cards go in front.
* Step 2: "an Ace can be played in the low hand" means an Ace among the other three cards
  (with four of a kind every joker is one of the four: step 0 would make five of a kind
  otherwise); kept together, the Ace and the next highest card go in front. "Four Aces
  always split" is read before the general "with a pair, the pair low": four Aces with a
  pair (or trips) other than Kings split.
* Step 3: "the highest pair" of three of a kind and two pairs is the higher of the two
  pairs (the trips stay together). A full house with a joker is two pairs and a joker:
  the joker joins the higher pair (step 0), the lower pair goes in front.
* Step 4: the joker exception applies when the hand has no pair, holds a standard Ace and
  a joker, and every five-card back that is a straight or better is an Ace-high straight
  or straight flush holding a joker (so "a lower straight", A-2-3-4-5, a flush or a
  straight made without the joker all void it); then the Ace and every joker stay back
  (a pair of Aces, or three with two jokers) and the two highest other cards go in front.
  A pair that cannot go in front with a complete hand back leaves the complete hand back
  with the highest possible front (the paragraph keeps the straight or flush).
* A-2-3-4-5 ranks as the wheel setting says (PG-R **(house)**); "Ace-high" is A-K-Q-J-T.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Final

from games.pai_gow.codes import JOKER_CODE, RANK_OF
from games.pai_gow.house_ways import pg_h
from games.pai_gow.house_ways.base import (
    COMPLETE,
    SPLITS,
    HouseWay,
    Misreading,
    PlaceFunction,
    Placement,
    Split,
    has_flush,
    has_straight,
    rank_range,
    rank_term,
)
from games.pai_gow.ranking import (
    FIVE_OF_A_KIND,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    Tables,
)
from games.reasons import Reason, Term, gettext_noop

ACE: Final = 14
KING: Final = 13
CITE: Final = "Bally's way"
RULE: Final = "PG-H"
"""This way is the property's PG-H **(house)**: its steps cite PG-H."""


@dataclass(frozen=True)
class BallysThresholds:
    """The ranks the published text names, as data (the step texts are worded from them)."""

    low_pair_top: int = 6
    """Step 6: a low pair is 2s up to this rank."""
    mid_pair_top: int = 10
    """Step 6: a mid pair is above the low pairs up to this rank; Jacks–Kings are high."""
    quads_never_split_top: int = 9
    """Steps 1 and 2: four (or five) of a kind 2s up to this rank never split."""
    full_house_keep_pair: int = 2
    """Step 3: a full house whose pair is this rank stays together with an Ace and King."""


_TWO_PAIR: Final = MappingProxyType({
    "6-aces": (
        gettext_noop("Bally's way step 6: two pair with Aces: always split, the other pair in front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair with "
                     "Aces: always split, the other pair in front"),
    ),
    "6-high": (
        gettext_noop("Bally's way step 6: two pair, mid and high or two high (pairs {low_from}–{low_to} low, "
                     "{mid_from}–{mid_to} mid, {high_from}–{high_to} high): always split, the lower pair in front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair, mid "
                     "and high or two high (pairs {low_from}–{low_to} low, {mid_from}–{mid_to} mid, "
                     "{high_from}–{high_to} high): always split, the lower pair in front"),
    ),
    "6-ace-kept": (
        gettext_noop("Bally's way step 6: two pair, low and high or two mid (pairs {low_from}–{low_to} low, "
                     "{mid_from}–{mid_to} mid, {high_from}–{high_to} high), with an Ace: both pairs back, the Ace "
                     "and the next highest card in front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair, low "
                     "and high or two mid (pairs {low_from}–{low_to} low, {mid_from}–{mid_to} mid, "
                     "{high_from}–{high_to} high), with an Ace: both pairs back, the Ace and the next highest card "
                     "in front"),
    ),
    "6-ace-split": (
        gettext_noop("Bally's way step 6: two pair, low and high or two mid (pairs {low_from}–{low_to} low, "
                     "{mid_from}–{mid_to} mid, {high_from}–{high_to} high), no Ace: split, the lower pair in front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair, low "
                     "and high or two mid (pairs {low_from}–{low_to} low, {mid_from}–{mid_to} mid, "
                     "{high_from}–{high_to} high), no Ace: split, the lower pair in front"),
    ),
    "6-king-kept": (
        gettext_noop("Bally's way step 6: two pair, two low or low and mid (pairs {low_from}–{low_to} low, "
                     "{mid_from}–{mid_to} mid, {high_from}–{high_to} high), with a King or Ace: both pairs back, the "
                     "two highest other cards in front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair, two "
                     "low or low and mid (pairs {low_from}–{low_to} low, {mid_from}–{mid_to} mid, "
                     "{high_from}–{high_to} high), with a King or Ace: both pairs back, the two highest other cards "
                     "in front"),
    ),
    "6-king-split": (
        gettext_noop("Bally's way step 6: two pair, two low or low and mid (pairs {low_from}–{low_to} low, "
                     "{mid_from}–{mid_to} mid, {high_from}–{high_to} high), no King or Ace: split, the lower pair in "
                     "front"),
        gettext_noop("Bally's way steps 4 and 6: straight or flush with two pairs, the two-pair rule: two pair, two "
                     "low or low and mid (pairs {low_from}–{low_to} low, {mid_from}–{mid_to} mid, "
                     "{high_from}–{high_to} high), no King or Ace: split, the lower pair in front"),
    ),
})
"""Step 6's texts (and step 4's, which plays two pairs by them), by the pair buckets."""

_STEP_TEXTS: Final = MappingProxyType({
    "1-kings": (gettext_noop("Bally's way step 1: five Aces with a pair of Kings (two Kings, or a King and a joker): "
                             "the Kings in front, the five Aces back"), ""),
    "1-aces": (gettext_noop("Bally's way step 1: five Aces: always split, two Aces in front"), ""),
    "1-pair": (gettext_noop("Bally's way step 1: five of a kind with a pair: the pair in front, the five back"), ""),
    "1-keep": (gettext_noop("Bally's way step 1: five of a kind {middle_from}–{middle_to} with an Ace (or a joker) for "
                            "the front: kept together, the other two cards in front"), "middle"),
    "1-split": (gettext_noop("Bally's way step 1: five of a kind {middle_from}–{middle_to}, no Ace for the front: "
                             "split, two of them in front"), "middle"),
    "1-low": (gettext_noop("Bally's way step 1: five of a kind {low_from}–{low_to}: never split, the other two cards "
                           "in front"), "low"),
    "2-aces-kings": (gettext_noop("Bally's way step 2: four Aces with a pair of Kings: the Kings in front, the four "
                                  "Aces back"), ""),
    "2-aces": (gettext_noop("Bally's way step 2: four Aces: always split, two Aces in front"), ""),
    "2-pair": (gettext_noop("Bally's way step 2: four of a kind with a pair or three of a kind: the pair in front, the "
                            "four back"), ""),
    "2-low": (gettext_noop("Bally's way step 2: four of a kind {low_from}–{low_to}: never split, the two highest other "
                           "cards in front"), "low"),
    "2-keep": (gettext_noop("Bally's way step 2: four of a kind {middle_from}–{middle_to} with an Ace for the front: "
                            "kept together, the Ace and the next highest card in front"), "middle"),
    "2-split": (gettext_noop("Bally's way step 2: four of a kind {middle_from}–{middle_to}, no Ace for the front: "
                             "split, two of them in front"), "middle"),
    "3-two-trips": (gettext_noop("Bally's way step 3: two three of a kinds: a pair of the higher one in front"), ""),
    "3-two-pairs": (gettext_noop("Bally's way step 3: three of a kind and two pairs: the higher pair in front, the "
                                 "full house back"), ""),
    "3-deuces": (gettext_noop("Bally's way step 3: full house with a pair of {deuces} and an Ace and a King: the Ace "
                              "and King in front, the full house back"), "deuces"),
    "3-split": (gettext_noop("Bally's way step 3: full house: split, the pair in front and the three of a kind back"),
                ""),
    "4-no-pair": (gettext_noop("Bally's way step 4: straight, flush or straight flush, no pair: the one that lets the "
                               "highest two cards go in front"), ""),
    "4-joker-aces": (gettext_noop("Bally's way step 4: an Ace-high straight made with a joker, and no other straight "
                                  "or flush: the Ace and the joker (or both jokers) back as Aces, the next two highest "
                                  "cards in front"), ""),
    "4-pair-front": (gettext_noop("Bally's way step 4: straight or flush with one pair: the pair in front, a straight "
                                  "or flush stays back"), ""),
    "4-complete-back": (gettext_noop("Bally's way step 4: straight or flush with one pair that cannot go in front with "
                                     "a straight or flush back: the straight or flush back, the highest possible "
                                     "front"), ""),
    "4-trips": (gettext_noop("Bally's way step 4: straight or flush with three of a kind: a pair of them in front, the "
                             "straight or flush back"), ""),
    "5": (gettext_noop("Bally's way step 5: three pairs: the highest pair in front"), ""),
    "7-aces": (gettext_noop("Bally's way step 7: three Aces: a pair of Aces back, one Ace and the next highest card in "
                            "front"), ""),
    "7": (gettext_noop("Bally's way step 7: three of a kind back, the two highest other cards in front"), ""),
    "8": (gettext_noop("Bally's way step 8: one pair back, the two highest other cards in front"), ""),
    "9": (gettext_noop("Bally's way step 9: no pair: the highest card back, the second and third highest in front"),
          ""),
    "fallback": (gettext_noop("Bally's way: no step placed this hand without a foul; the highest back that does not "
                              "foul was played"), ""),
})
"""Every other step's text and the name of the rank values it takes ("" for none)."""


def step_reasons_for(t: BallysThresholds) -> Mapping[str, Reason]:
    """Each step key as a reason citing its step, with the ranks of ``t`` as its values.

    >>> step_reasons_for(BallysThresholds(quads_never_split_top=6))["2-low"].words(cite=False)
    "Bally's way step 2: four of a kind 2s–6s: never split, the two highest other cards in front"
    """
    values: dict[str, dict[str, Term]] = {
        "": {},
        "low": rank_range("low", 2, t.quads_never_split_top),
        "middle": rank_range("middle", t.quads_never_split_top + 1, KING),
        "deuces": {"deuces": rank_term(t.full_house_keep_pair)},
    }
    buckets = (rank_range("low", 2, t.low_pair_top) | rank_range("mid", t.low_pair_top + 1, t.mid_pair_top)
               | rank_range("high", t.mid_pair_top + 1, KING))
    reasons = {key: Reason.of(RULE, message, **values[takes]) for key, (message, takes) in _STEP_TEXTS.items()}
    for key, (step_6, step_4) in _TWO_PAIR.items():
        reasons[key] = Reason.of(RULE, step_6, **buckets)
        reasons[f"4-{key}"] = Reason.of(RULE, step_4, **buckets)
    return MappingProxyType(reasons)


def steps_for(t: BallysThresholds) -> Mapping[str, str]:
    """The text of each step key in English, with the ranks of ``t``.

    >>> steps_for(BallysThresholds(quads_never_split_top=6))["2-low"]
    "Bally's way step 2: four of a kind 2s–6s: never split, the two highest other cards in front"
    """
    return MappingProxyType({key: reason.words(cite=False) for key, reason in step_reasons_for(t).items()})


STEPS: Final[Mapping[str, str]] = steps_for(BallysThresholds())

Groups = list[list[int]]
Front = tuple[tuple[int, int], str]


def _groups(codes: Sequence[int], resolved: Sequence[int]) -> Groups:
    """The groups of equal resolved rank, the largest first, then the highest rank;
    standard cards before jokers inside a group."""
    if JOKER_CODE in codes:
        order = sorted(range(7), key=lambda x: (resolved[x], codes[x] != JOKER_CODE), reverse=True)
    else:
        order = sorted(range(7), key=resolved.__getitem__, reverse=True)
    ranked: Groups = []
    for x in order:
        if ranked and resolved[ranked[-1][0]] == resolved[x]:
            ranked[-1].append(x)
        else:
            ranked.append([x])
    ranked.sort(key=len, reverse=True)
    return ranked


def _read(codes: Sequence[int], tables: Tables) -> tuple[int, list[int], Groups]:
    """Step 0: the category that picks the step (a PG-R number; -1 below three of a kind
    without a joker), the resolved rank of each card, and the groups."""
    resolved = [RANK_OF[code] for code in codes]
    if JOKER_CODE in codes:
        category, identities = pg_h.resolve(codes, tables.wheel_lowest)
        jokers = [x for x in range(7) if codes[x] == JOKER_CODE]
        for x, rank in zip(jokers, identities, strict=True):
            resolved[x] = rank
        return category, resolved, _groups(codes, resolved)
    ranked = _groups(codes, resolved)
    top, second = len(ranked[0]), len(ranked[1])
    if top == 4:
        return QUADS, resolved, ranked
    if top == 3 and second >= 2:
        return FULL_HOUSE, resolved, ranked
    if has_flush(codes) or has_straight(codes):
        return STRAIGHT, resolved, ranked  # step 4 reads the splits: flush or straight alike
    return (TRIPS if top == 3 else -1), resolved, ranked


def _make_place(t: BallysThresholds, misread: frozenset[str] = frozenset()) -> PlaceFunction:
    """The place function; ``misread`` names the wrong readings the drills recognise."""

    def place(codes: Sequence[int], tables: Tables) -> Placement:
        split = Split(codes, tables)
        category, resolved, ranked = _read(codes, tables)
        if category == FIVE_OF_A_KIND:
            found = _step_1(ranked, codes, resolved, t, misread)
        elif category == QUADS:
            found = _step_2(ranked[0], [x for group in ranked[1:] for x in group], resolved, t, misread)
        elif category == FULL_HOUSE:
            found = _step_3(ranked, resolved, t)
        elif category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            by_rank = _step_4_by_rank(split, ranked, resolved, t, misread)
            if by_rank is None:
                i, j, key = _step_4_by_value(split, ranked, resolved)
                return (*split.canonical((i, j), resolved, values_differ=True), key)
            found = by_rank
        else:
            found = _lower_steps(ranked, resolved, t, misread)
        if JOKER_CODE not in codes and category != STRAIGHT:
            # No joker and no flush: exchanging cards of one rank changes no value, and
            # these steps never put the higher hand in front (the tests check it): the
            # canonical cards play, as in PG-H.
            i, j = split.canonical(found[0], resolved, values_differ=False)
            return (i, j, found[1]) if i < j else (j, i, found[1])
        realized = split.realize(found[0], resolved)
        if realized is None:
            return (*split.best_unfouled(), "fallback")
        i, j = realized
        return (i, j, found[1]) if i < j else (j, i, found[1])

    return place


def _lower_steps(ranked: Groups, resolved: Sequence[int], t: BallysThresholds, misread: frozenset[str]) -> Front:
    """Steps 5 to 9 (no complete hand, no four of a kind, no full house)."""
    top, second = len(ranked[0]), len(ranked[1])
    if top == 2 and second == 2:
        if len(ranked[2]) == 2:
            return (ranked[0][0], ranked[0][1]), "5"
        return _step_6(ranked, resolved, t, misread)
    if top == 3:
        if resolved[ranked[0][0]] == ACE:
            return (ranked[0][-1], ranked[1][0]), "7-aces"
        return (ranked[1][0], ranked[2][0]), "7"
    return (ranked[1][0], ranked[2][0]), ("8" if top == 2 else "9")


def _kings(cards: Sequence[int], codes: Sequence[int], resolved: Sequence[int]) -> tuple[int, int] | None:
    """A pair of Kings among ``cards``: two Kings, or a standard King and a joker."""
    kings = [x for x in cards if resolved[x] == KING]
    if len(kings) >= 2:
        return kings[0], kings[1]
    jokers = [x for x in cards if codes[x] == JOKER_CODE]
    if kings and jokers:
        return kings[0], jokers[0]
    return None


def _step_1(ranked: Groups, codes: Sequence[int], resolved: Sequence[int], t: BallysThresholds,
            misread: frozenset[str]) -> Front:
    """Step 1, five of a kind (module doc: five Aces as published, other ranks by step 2)."""
    five = ranked[0][:5]
    rest = ranked[0][5:] + [x for group in ranked[1:] for x in group]  # two cards
    rank = resolved[five[0]]
    if rank == ACE:
        kings = _kings(rest, codes, resolved)
        if kings is not None:
            return kings, "1-kings"
        if "quads-kept" in misread:
            return (rest[0], rest[1]), "1-aces"
        return (five[0], five[1]), "1-aces"
    others = (rest[0], rest[1])
    if resolved[rest[0]] == resolved[rest[1]]:
        return others, "1-pair"
    if rank <= t.quads_never_split_top or "quads-kept" in misread:
        return others, "1-low"
    if ACE in (resolved[rest[0]], resolved[rest[1]]):
        return others, "1-keep"
    return (five[0], five[1]), "1-split"


def _step_2(quads: list[int], others: list[int], resolved: Sequence[int], t: BallysThresholds,
            misread: frozenset[str]) -> Front:
    """Step 2, four of a kind (module doc)."""
    rank = resolved[quads[0]]
    others = sorted(others, key=resolved.__getitem__, reverse=True)
    pair = next(((a, b) for a, b in combinations(others, 2) if resolved[a] == resolved[b]), None)
    highest = (others[0], others[1])
    if rank == ACE:
        if pair is not None and resolved[pair[0]] == KING:
            return pair, "2-aces-kings"
        if "quads-kept" in misread:
            return pair or highest, "2-aces"
        return (quads[0], quads[1]), "2-aces"
    if pair is not None:
        return pair, "2-pair"
    if rank <= t.quads_never_split_top or "quads-kept" in misread:
        return highest, "2-low"
    if resolved[others[0]] == ACE:
        return highest, "2-keep"
    return (quads[0], quads[1]), "2-split"


def _step_3(ranked: Groups, resolved: Sequence[int], t: BallysThresholds) -> Front:
    """Step 3, full house, three of a kind with two pairs, two three of a kinds."""
    if len(ranked[1]) == 3:
        return (ranked[0][0], ranked[0][1]), "3-two-trips"
    if len(ranked[2]) == 2:
        return (ranked[1][0], ranked[1][1]), "3-two-pairs"
    singles = (ranked[2][0], ranked[3][0])
    if resolved[ranked[1][0]] == t.full_house_keep_pair and (resolved[singles[0]], resolved[singles[1]]) == (ACE, KING):
        return singles, "3-deuces"
    return (ranked[1][0], ranked[1][1]), "3-split"


def _step_4_by_rank(split: Split, ranked: Groups, resolved: Sequence[int], t: BallysThresholds,
                    misread: frozenset[str]) -> Front | None:
    """Step 4 where it places by rank: two pairs (the two-pair rule) and the joker
    exception; None where the step chooses among the splits by value."""
    if len(ranked[0]) == 2 and len(ranked[1]) == 2:
        front, key = _step_6(ranked, resolved, t, misread)
        return front, "4-" + key
    if len(ranked[0]) == 1 and "joker-straight-kept" not in misread and _joker_aces(split):
        naturals = [group[0] for group in ranked if split.codes[group[0]] != JOKER_CODE and resolved[group[0]] != ACE]
        return (naturals[0], naturals[1]), "4-joker-aces"
    return None


def _step_4_by_value(split: Split, ranked: Groups, resolved: Sequence[int]) -> Placement:
    """Step 4 by value: the complete hand back with the highest front, a pair (of the
    trips, or the one pair) in front where a complete hand stays back."""
    best = split.best_complete()
    assert best is not None  # step 0 found a complete hand
    top = len(ranked[0])
    if top == 1:
        return best[2], best[3], "4-no-pair"
    rank = resolved[ranked[0][0]]
    found = split.best_complete(lambda i, j: resolved[i] == resolved[j] == rank)
    if found is not None:
        return found[2], found[3], "4-trips" if top == 3 else "4-pair-front"
    return best[2], best[3], "4-complete-back"


def _joker_aces(split: Split) -> bool:
    """The step-4 joker exception (module doc): a standard Ace and a joker, and every
    complete back an Ace-high straight or straight flush holding a joker."""
    codes = split.codes
    if JOKER_CODE not in codes or not any(RANK_OF[code] == ACE for code in codes):
        return False
    broadway = ACE if split.tables.wheel_lowest else ACE + 1
    for i, j, back in SPLITS:
        value = split.back(i, j)
        if value < COMPLETE:
            continue
        if value >> 20 not in (STRAIGHT, STRAIGHT_FLUSH) or value >> 16 & 15 != broadway:
            return False
        if all(codes[x] != JOKER_CODE for x in back):
            return False
    return True


_BUCKETS: Final = ("low", "mid", "high")


def _step_6(ranked: Groups, resolved: Sequence[int], t: BallysThresholds, misread: frozenset[str]) -> Front:
    """Step 6, two pairs, by the buckets of both pairs (module doc)."""
    big, small = resolved[ranked[0][0]], resolved[ranked[1][0]]
    split_front = (ranked[1][0], ranked[1][1])
    kept_front = (ranked[2][0], ranked[3][0])
    highest_single = resolved[ranked[2][0]]

    def bucket(rank: int) -> int:
        return 0 if rank <= t.low_pair_top else 1 if rank <= t.mid_pair_top else 2

    if big == ACE:
        return split_front, "6-aces"
    both = bucket(big) + bucket(small)  # low-low 0, low-mid 1, low-high or mid-mid 2, mid-high 3, high-high 4
    if both >= 3:
        return split_front, "6-high"
    if both == 2:
        if highest_single == ACE and "two-pair-always-split" not in misread:
            return kept_front, "6-ace-kept"
        return split_front, "6-ace-split"
    if highest_single >= KING and "two-pair-always-split" not in misread:
        return kept_front, "6-king-kept"
    return split_front, "6-king-split"


def misreadings_for(t: BallysThresholds) -> tuple[Misreading, ...]:
    """The common wrong readings of this way (the drills name them), each citing its step,
    and the default way (PG-H) played where this one applies."""
    buckets = rank_range("low", 2, t.low_pair_top) | rank_range("mid", t.low_pair_top + 1, t.mid_pair_top)
    middle = rank_range("middle", t.quads_never_split_top + 1, KING)
    return (
        Misreading(
            "pg-house-way-two-pair-always-split",
            Reason.of(RULE, gettext_noop(
                "Two pair is not always split here: two low pairs ({low_from}–{low_to}) or a low and a mid pair "
                "({mid_from}–{mid_to}) stay back with a King or Ace, a low and a high pair or two mid pairs with an "
                "Ace (Bally's way step 6)"), **buckets),
            _make_place(t, frozenset({"two-pair-always-split"})),
        ),
        Misreading(
            "pg-house-way-quads-kept",
            Reason.of(RULE, gettext_noop(
                "Four (or five) {middle_from}–{middle_to} are split unless an Ace can go in front, and four or five "
                "Aces are split unless a pair of Kings can (Bally's way steps 1 and 2)"), **middle),
            _make_place(t, frozenset({"quads-kept"})),
        ),
        Misreading(
            "pg-house-way-joker-straight-kept",
            Reason.of(RULE, gettext_noop(
                "An Ace-high straight that needs a joker is broken here: the Ace and the joker stay back as a pair of "
                "Aces and the next two highest cards go in front (Bally's way step 4)")),
            _make_place(t, frozenset({"joker-straight-kept"})),
        ),
        Misreading(
            "pg-house-way-default-way",
            Reason.of(RULE, gettext_noop(
                "That is the default way's setting (RULES.md PG-H); this property sets its hands Bally's way (a "
                "house rule)")),
            pg_h.HOUSE_WAY.place,
        ),
    )


HOUSE_WAY: Final = HouseWay(
    name="ballys-ac",
    description="Bally's Atlantic City house way as published, adapted to two wild jokers",
    place=_make_place(BallysThresholds()),
    step_reasons=step_reasons_for(BallysThresholds()),
    label=gettext_noop("Bally's Atlantic City way (two jokers)"),
    misreadings=misreadings_for(BallysThresholds()),
    cite=CITE,
)
