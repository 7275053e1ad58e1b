"""Ranking of five-card and two-card hands with up to two wild jokers (PG-R, PG-J / PG-9).

Hand strength is one integer, higher is better, comparable across the five-card and the
two-card hand (that is what a foul check needs, PG-12)::

    category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

with the categories of :class:`Category` numbered 0 (high card) … 9 (five of a kind) and
``r1 …`` the ranks (2 … 14) that break ties, most significant first, zero-padded:

* five of a kind, straight, straight flush: one rank (the straight's *height*: its top
  card; the wheel A-2-3-4-5 has height 5, the lowest straight, unless the house ranks it
  second-highest (PG-R **(house)** ``wheel_lowest_straight``): then the wheel has height
  14 and A-K-Q-J-T 15, so the royal flush stays the highest straight flush);
* four of a kind: quads, kicker; full house: trips, pair; two pair: high pair, low pair,
  kicker; three of a kind: trips, two kickers; pair: pair, three kickers;
* flush and high card: the five ranks from the highest down. A joker may duplicate a card
  already held (PG-J), so a flush may hold a rank twice: A♠ A♠(joker) K♠ 9♠ 5♠ is a flush
  A-A-K-9-5, higher than A-K-Q-9-5 (decision: flushes compare their five ranks from the
  highest down, duplicates included, like any other flush);
* the two-card hand (PG-R): a pair, ``PAIR << 20 | rank << 16``, beats any non-pair,
  ``HIGH << 20 | high << 16 | low << 12``. A pair in front and the same pair with
  kickers in the back compare as "back not lower" because the padding is zero: the front
  fouls (PG-12) only when it is strictly higher.

A joker becomes whatever card makes its hand best, a card already in the hand included
(PG-J); in the two-card hand it pairs its partner and two jokers are a pair of Aces.

Speed: the joker-free five-card hand is one sum, one ``&`` and one dict look-up on
precomputed card values (the tables are built at import, ~0.1 s per wheel setting): see
``tests/benchmarks/bench_pai_gow.py``. Hands with jokers use the same look-up: the
tables hold, for every multiset of the other ranks, the best the jokers can make.

>>> from games.cards import parse_cards
>>> value = rank_hand(parse_cards(["AS", "KS", "9S", "5S", "JK"]))
>>> value.category, [str(card) for card in value.best]
(Category.FLUSH, ['AS', 'KS', '9S', '5S', 'AS'])
>>> rank_hand(parse_cards(["JK", "7D"])).describe()
'pair of 7s'
>>> rank_hand(parse_cards(["AH", "2D", "3S", "4C", "5H"])) < rank_hand(parse_cards(["2H", "3D", "4S", "5C", "6H"]))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, combinations_with_replacement, product
from typing import Final

from games.cards import AnyCard, Card
from games.errors import ImpossibleCardsError
from games.pai_gow.codes import DECK, JOKER_CODE, RANK_OF, SUIT_OF, codes_of, standard_card

__all__ = [
    "Category",
    "HandValue",
    "Tables",
    "rank_hand",
    "tables_for",
]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_OF_A_KIND = range(10)
ACE: Final = 14
RANKS: Final = tuple(range(2, 15))


class Category(StrEnum):
    """A hand category, PG-R order; the value is the RULINGS.md ``rank`` name."""

    HIGH_CARD = "high-card"
    PAIR = "pair"
    TWO_PAIR = "two-pair"
    THREE_OF_A_KIND = "three-of-a-kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full-house"
    FOUR_OF_A_KIND = "four-of-a-kind"
    STRAIGHT_FLUSH = "straight-flush"
    FIVE_OF_A_KIND = "five-of-a-kind"

    @property
    def order(self) -> int:
        """0 for high card … 9 for five of a kind (PG-R).

        >>> Category.FIVE_OF_A_KIND.order > Category.STRAIGHT_FLUSH.order > Category.FOUR_OF_A_KIND.order
        True
        """
        return _CATEGORY_ORDER[self]

    @classmethod
    def of(cls, strength: int) -> Category:
        """The category of a strength integer."""
        return _CATEGORIES[strength >> 20]

    def __repr__(self) -> str:
        return f"Category.{self.name}"


_CATEGORIES: Final[tuple[Category, ...]] = tuple(Category)
_CATEGORY_ORDER: Final = {category: index for index, category in enumerate(_CATEGORIES)}


def pack(category: int, ranks: Sequence[int] = ()) -> int:
    """The strength integer of a category and its tie-break ranks (module doc).

    >>> pack(PAIR, (13,)) < pack(PAIR, (13, 9, 5, 2)) < pack(PAIR, (14,))
    True
    """
    value = category
    for index in range(5):
        value = value << 4 | (ranks[index] if index < len(ranks) else 0)
    return value


def straight_height(ranks: Sequence[int], wheel_lowest: bool = True) -> int:
    """The height of a straight of five ranks, 0 when they are not a straight (PG-R).

    >>> straight_height([14, 2, 3, 4, 5]), straight_height([14, 2, 3, 4, 5], wheel_lowest=False)
    (5, 14)
    >>> straight_height([10, 11, 12, 13, 14], wheel_lowest=False), straight_height([2, 3, 4, 5, 7])
    (15, 0)
    """
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5 or len(ranks) != 5:
        return 0
    if distinct[0] - distinct[4] == 4:
        top = distinct[0]
        return 15 if top == ACE and not wheel_lowest else top
    if distinct == [ACE, 5, 4, 3, 2]:
        return 5 if wheel_lowest else ACE
    return 0


def concrete_value(ranks: Sequence[int], suits: Sequence[int], wheel_lowest: bool = True) -> int:
    """The strength of five concrete cards (ranks 2 … 14, suit indices), a card repeated
    allowed (what a joker may become, PG-J): the best category the cards qualify for.

    This is the slow, plain definition the look-up tables are built from.

    >>> Category.of(concrete_value([14, 14, 14, 14, 14], [0, 0, 1, 2, 3]))
    Category.FIVE_OF_A_KIND
    >>> Category.of(concrete_value([14, 14, 13, 9, 5], [0, 0, 0, 0, 0]))
    Category.FLUSH
    """
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    if pattern[0] == 5:
        return pack(FIVE_OF_A_KIND, order)
    if pattern[0] == 4:
        value = pack(QUADS, order)
    elif pattern == [3, 2]:
        value = pack(FULL_HOUSE, order)
    elif pattern[0] == 3:
        value = pack(TRIPS, order)
    elif pattern == [2, 2, 1]:
        value = pack(TWO_PAIR, order)
    elif pattern[0] == 2:
        value = pack(PAIR, order)
    else:
        value = pack(HIGH_CARD, order)
    flush = len(set(suits)) == 1
    height = straight_height(ranks, wheel_lowest)
    if flush and height:
        value = max(value, pack(STRAIGHT_FLUSH, (height,)))
    elif flush:
        value = max(value, pack(FLUSH, sorted(ranks, reverse=True)))
    elif height:
        value = max(value, pack(STRAIGHT, (height,)))
    return value


def two_card_value(first: int, second: int) -> int:
    """The strength of a two-card hand of two ranks (PG-R): a pair beats any non-pair.

    >>> two_card_value(2, 2) > two_card_value(14, 13) > two_card_value(14, 12)
    True
    """
    if first == second:
        return pack(PAIR, (first,))
    return pack(HIGH_CARD, (max(first, second), min(first, second)))


# --- the look-up tables ------------------------------------------------------------------
#
# A card's *value* is ``5 ** (rank - 2) << 7 | suit bit`` (suit bits 1, 2, 4, 8); a joker's
# is ``1 << 40 | 15``. The sum of five values, shifted right by 7, is a key that names the
# multiset of the standard ranks (base-5 digits: a rank appears at most four times) plus
# the number of jokers (times ``1 << 33``); the ``&`` of the five values keeps a suit bit
# exactly when every standard card has that suit (a joker's 15 keeps them all).

_WEIGHT: Final = {rank: 5 ** (rank - 2) for rank in RANKS}
_JOKER_KEY: Final = 1 << 33
CARD_VALUES: Final[tuple[int, ...]] = (
    *(_WEIGHT[RANK_OF[code]] << 7 | 1 << SUIT_OF[code] for code in range(52)),
    1 << 40 | 15,
)
"""The card value of each code (module comment above); index :data:`JOKER_CODE` is the joker."""


FiveFunction = Callable[[int, int, int, int, int], int]


@dataclass(frozen=True, eq=False)
class Tables:
    """The look-up tables of one wheel setting (PG-R **(house)**)."""

    wheel_lowest: bool
    plain: Mapping[int, int]
    """key -> strength when the standard cards are not all of one suit."""
    suited: Mapping[int, int]
    """key -> strength when the standard cards are all of one suit (flushes possible)."""
    front: tuple[int, ...]
    """``code_a * 53 + code_b`` -> strength of that two-card hand (PG-J front rules)."""
    five: FiveFunction
    """Strength of five card *values* (:data:`CARD_VALUES`), jokers included: the hot path."""

    def five_codes(self, codes: Sequence[int]) -> int:
        """Strength of five card codes, jokers included.

        >>> from games.cards import parse_cards
        >>> DEFAULT_TABLES.five_codes(codes_of(parse_cards(["JK", "JK", "AS", "AH", "AD"]))) >> 20 == FIVE_OF_A_KIND
        True
        """
        a, b, c, d, e = codes
        values = CARD_VALUES
        return self.five(values[a], values[b], values[c], values[d], values[e])

    def two_codes(self, a: int, b: int) -> int:
        """Strength of a two-card hand of codes (a joker pairs its partner; two jokers: Aces)."""
        return self.front[a * 53 + b]


def _make_five(plain: Mapping[int, int], suited: Mapping[int, int]) -> FiveFunction:
    def five(a: int, b: int, c: int, d: int, e: int) -> int:
        if a & b & c & d & e & 15:  # every standard card of one suit (a joker keeps all bits)
            return suited[(a + b + c + d + e) >> 7]
        return plain[(a + b + c + d + e) >> 7]

    return five


def _front_value(a: int, b: int) -> int:
    if a == JOKER_CODE and b == JOKER_CODE:
        return two_card_value(ACE, ACE)  # PG-J: two jokers in front are a pair of Aces
    if a == JOKER_CODE or b == JOKER_CODE:
        partner = RANK_OF[b if a == JOKER_CODE else a]
        return two_card_value(partner, partner)  # PG-J: a joker in front pairs its partner
    return two_card_value(RANK_OF[a], RANK_OF[b])


def build_tables(wheel_lowest: bool) -> Tables:
    """Build the tables of one wheel setting (about 0.1 s)."""
    weight = _WEIGHT
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    mixed_suits = (0, 1, 2, 3, 0)
    for combo in combinations_with_replacement(RANKS, 5):  # five of a kind only with jokers
        plain[sum(map(weight.__getitem__, combo))] = concrete_value(combo, mixed_suits, wheel_lowest)
    for combo in combinations(RANKS, 5):
        suited[sum(map(weight.__getitem__, combo))] = concrete_value(combo, (0,) * 5, wheel_lowest)
    flush_base = FLUSH << 20

    def suited_fill(ranks: list[int]) -> int:
        # Jokers of the standard cards' suit: distinct ranks make a flush or a straight
        # flush; a repeated rank (a joker duplicating a card, PG-J) a flush that holds it.
        if len(set(ranks)) == 5:
            return suited[sum(map(weight.__getitem__, ranks))]
        ranks.sort(reverse=True)
        a, b, c, d, e = ranks
        return flush_base | a << 16 | b << 12 | c << 8 | d << 4 | e

    joker_pairs = [
        (first, second, weight[first] + weight[second]) for first, second in combinations_with_replacement(RANKS, 2)
    ]
    for combo4 in combinations_with_replacement(RANKS, 4):
        base = sum(map(weight.__getitem__, combo4))
        plain[base + _JOKER_KEY] = max([plain[base + weight[rank]] for rank in RANKS])
    for combo3 in combinations_with_replacement(RANKS, 3):
        base = sum(map(weight.__getitem__, combo3))
        plain[base + 2 * _JOKER_KEY] = max([plain[base + pair_weight] for _, _, pair_weight in joker_pairs])
    for combo4 in combinations(RANKS, 4):
        key = sum(map(weight.__getitem__, combo4)) + _JOKER_KEY
        suited[key] = max(plain[key], *[suited_fill([*combo4, rank]) for rank in RANKS])
    for combo3 in combinations(RANKS, 3):
        key = sum(map(weight.__getitem__, combo3)) + 2 * _JOKER_KEY
        suited[key] = max(plain[key], *[suited_fill([*combo3, first, second]) for first, second, _ in joker_pairs])
    front = tuple(_front_value(a, b) for a in range(53) for b in range(53))
    return Tables(wheel_lowest, plain, suited, front, _make_five(plain, suited))


DEFAULT_TABLES: Final = build_tables(wheel_lowest=True)
WHEEL_SECOND_TABLES: Final = build_tables(wheel_lowest=False)


def tables_for(wheel_lowest: bool) -> Tables:
    """The tables of a wheel setting (PG-R **(house)** ``wheel_lowest_straight``)."""
    return DEFAULT_TABLES if wheel_lowest else WHEEL_SECOND_TABLES


# --- the public value ----------------------------------------------------------------------

_RANK_WORDS: Final = {
    2: ("2", "2s"), 3: ("3", "3s"), 4: ("4", "4s"), 5: ("5", "5s"), 6: ("6", "6s"), 7: ("7", "7s"),
    8: ("8", "8s"), 9: ("9", "9s"), 10: ("10", "10s"), 11: ("Jack", "Jacks"), 12: ("Queen", "Queens"),
    13: ("King", "Kings"), 14: ("Ace", "Aces"),
}  # fmt: skip


def describe_strength(strength: int, wheel_lowest: bool = True) -> str:
    """A hand's value in words, for explanations.

    >>> describe_strength(pack(FULL_HOUSE, (13, 9)))
    'full house, Kings over 9s'
    >>> describe_strength(pack(STRAIGHT, (5,))), describe_strength(pack(HIGH_CARD, (14, 12)))
    ('straight, 5 high', 'Ace-Queen high')
    >>> describe_strength(pack(STRAIGHT_FLUSH, (15,)), wheel_lowest=False)
    'royal flush'
    """
    category = strength >> 20
    ranks = [(strength >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        broadway = 14 if wheel_lowest else 15
        if category == STRAIGHT_FLUSH and ranks[0] == broadway:
            return "royal flush"
        kind = "straight" if category == STRAIGHT else "straight flush"
        if ranks[0] == broadway:
            return f"{kind}, Ace high"
        if not wheel_lowest and ranks[0] == ACE:
            return f"{kind}, 5 high (the wheel)"
        return f"{kind}, {_RANK_WORDS[ranks[0]][0]} high"
    many = _RANK_WORDS[ranks[0]][1]
    if category == FIVE_OF_A_KIND:
        return f"five {many}"
    if category == QUADS:
        return f"four {many}"
    if category == FULL_HOUSE:
        return f"full house, {many} over {_RANK_WORDS[ranks[1]][1]}"
    if category == FLUSH:
        return "flush, " + "-".join(_RANK_WORDS[rank][0] for rank in ranks)
    if category == TRIPS:
        return f"three {many}"
    if category == TWO_PAIR:
        return f"two pair, {many} and {_RANK_WORDS[ranks[1]][1]}"
    if category == PAIR:
        return f"pair of {many}"
    return "-".join(_RANK_WORDS[rank][0] for rank in ranks if rank) + " high"


@dataclass(frozen=True, order=True)
class HandValue:
    """A ranked five-card or two-card hand; ordered by strength only (PG-R), so a
    two-card and a five-card value compare as a foul check needs (PG-12)."""

    strength: int
    category: Category = field(compare=False)
    cards: tuple[AnyCard, ...] = field(compare=False)
    """The cards as given."""
    best: tuple[Card, ...] = field(compare=False)
    """The cards the hand counts as, each joker replaced by what it became (PG-J), in
    the order given."""
    wheel_lowest: bool = field(default=True, compare=False)

    def describe(self) -> str:
        return describe_strength(self.strength, self.wheel_lowest)


def _verify(cards: Sequence[AnyCard]) -> None:
    if len(cards) not in (2, 5):
        raise ImpossibleCardsError(f"a Pai Gow hand holds 5 cards (back) or 2 (front), not {len(cards)}")
    DECK.verify(cards)  # PG-0: one of each card, two jokers


def rank_hand(cards: Sequence[AnyCard], wheel_lowest: bool = True) -> HandValue:
    """Rank a five-card or two-card hand (PG-R, PG-J); raise :class:`ImpossibleCardsError`
    for another count, a card twice or a third joker (PG-0).

    Which card a joker became (``best``): the one giving the highest strength; among equal
    ones (decision) a card not already in the hand, then the highest rank, then the suit
    order S, H, D, C.

    >>> from games.cards import parse_cards
    >>> [str(card) for card in rank_hand(parse_cards(["JK", "JK"])).best]
    ['AS', 'AH']
    >>> [str(card) for card in rank_hand(parse_cards(["KD", "JK"])).best]
    ['KD', 'KS']
    >>> rank_hand(parse_cards(["AS", "AS"]))
    Traceback (most recent call last):
    ...
    games.errors.ImpossibleCardsError: AS appears 2 times, but the shoe (1 deck) holds only 1
    """
    _verify(cards)
    tables = tables_for(wheel_lowest)
    codes = codes_of(cards)
    strength = tables.two_codes(*codes) if len(codes) == 2 else tables.five_codes(codes)
    best = _best_cards(codes, strength, wheel_lowest)
    return HandValue(strength, Category.of(strength), tuple(cards), best, wheel_lowest)


def _best_cards(codes: tuple[int, ...], strength: int, wheel_lowest: bool) -> tuple[Card, ...]:
    jokers = [index for index, code in enumerate(codes) if code == JOKER_CODE]
    held = {code for code in codes if code != JOKER_CODE}
    values: dict[tuple[tuple[int, ...], bool], int] = {}  # a value depends on the ranks and "one suit" only
    best_key: tuple[int, ...] | None = None
    best_codes = codes
    for identities in product(range(52), repeat=len(jokers)):
        candidate = list(codes)
        for index, identity in zip(jokers, identities, strict=True):
            candidate[index] = identity
        ranks = tuple(sorted(RANK_OF[code] for code in candidate))
        one_suit = len({SUIT_OF[code] for code in candidate}) == 1
        value = values.get((ranks, one_suit))
        if value is None:
            if len(ranks) == 2:
                value = two_card_value(*ranks)
            else:
                value = concrete_value(ranks, [0] * 5 if one_suit else [0, 1, 0, 0, 0], wheel_lowest)
            values[(ranks, one_suit)] = value
        duplicates = sum(identity in held for identity in identities) + len(identities) - len(set(identities))
        preference = (part for identity in identities for part in (RANK_OF[identity], -SUIT_OF[identity]))
        key = (value, -duplicates, *preference)
        if best_key is None or key > best_key:
            best_key, best_codes = key, tuple(candidate)
    assert best_key is not None
    assert best_key[0] == strength, "the tables and the plain definition disagree"
    return tuple(standard_card(RANK_OF[code], SUIT_OF[code]) for code in best_codes)
