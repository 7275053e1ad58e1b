"""Shared parts of the Joker's Wild Pai Gow drill kinds (seed 003): a pack of the 54-card
deck (PG-0) that hands are built from, hand shapes a difficulty asks for, settings of
seven cards (the house way, another unfouled one, a fouled one), bets, and the card
groups and house facts a prompt shows.

Not a kind module (the registry skips names starting with ``_``). Every rule is the
engine's (``games.pai_gow``): this module only deals cards and words prompts, and the
shapes are only aims (the answer key always comes from the engine, whatever the cards
turned out to make). Randomness comes only from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Final

from drills.kinds.base import JSON, AnswerField, CardGroup, Difficulty, FieldType, NamedMistake
from drills.kinds.messages import gettext_noop
from drills.rounds.chips import ChipSet
from games.cards import AnyCard, Card, Joker, Suit, format_cards
from games.money import format_money
from games.pai_gow import DECK, PaiGowRules, Setting, house_way, words
from games.pai_gow.house_ways.pg_h import Thresholds
from games.reasons import Reason

GAME = PaiGowRules.GAME
ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10
RANKS = tuple(range(2, 15))
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


# --- the pack ------------------------------------------------------------------------------


class Pack:
    """The deck shuffled from ``rng``; cards are taken out as hands are built, so no card
    is dealt twice (PG-0). Taking "a card of rank 9" takes the first such card of the
    shuffled deck: a random one."""

    def __init__(self, rng: random.Random, *, jokers: bool = True) -> None:
        self.rng = rng
        cards = DECK.shuffled(rng)
        self.cards: list[AnyCard] = cards if jokers else [card for card in cards if not isinstance(card, Joker)]

    def take(self, wanted: Callable[[AnyCard], bool] | None = None) -> AnyCard | None:
        for index, card in enumerate(self.cards):
            if wanted is None or wanted(card):
                return self.cards.pop(index)
        return None

    def rank(self, high: int, suit: Suit | None = None) -> AnyCard | None:
        """A card of poker rank ``high`` (2 … 14), of ``suit`` if given; None if none is left."""
        return self.take(
            lambda card: isinstance(card, Card) and card.rank.high == high and (suit is None or card.suit is suit)
        )

    def standard(self) -> AnyCard | None:
        return self.take(lambda card: isinstance(card, Card))

    def joker(self) -> AnyCard | None:
        return self.take(lambda card: isinstance(card, Joker))

    def deal(self, count: int, *, jokers: bool = True) -> list[AnyCard]:
        cards = [self.take() if jokers else self.standard() for _ in range(count)]
        return [card for card in cards if card is not None]

    def left(self, high: int) -> int:
        return sum(1 for card in self.cards if isinstance(card, Card) and card.rank.high == high)


def _ranks_of(pack: Pack, ranks: Sequence[int], suit: Suit | None = None) -> list[AnyCard] | None:
    cards = [pack.rank(rank, suit) for rank in ranks]
    if any(card is None for card in cards):
        return None
    return [card for card in cards if card is not None]


def distinct_ranks(
    rng: random.Random, count: int, exclude: Sequence[int] = (), pool: Sequence[int] = RANKS
) -> list[int]:
    choices = [rank for rank in pool if rank not in exclude]
    return rng.sample(choices, count)


def window(top: int) -> list[int]:
    """The five ranks of the straight with ``top`` (5 is the wheel A-2-3-4-5)."""
    return [ACE, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))


# --- five-card shapes (name the hand) -------------------------------------------------------

FIVE_SHAPES = ("high", "pair", "two-pair", "trips", "straight", "flush", "full", "quads", "straight-flush", "five")


def five_of(pack: Pack, rng: random.Random, shape: str, jokers: int = 0, *, top: int | None = None) -> list[AnyCard]:
    """Five cards aiming at ``shape`` with ``jokers`` of them jokers (each replaces a card
    of the shape, so a joker has to complete it); ``top`` fixes a straight's height."""
    for _ in range(20):
        cards = _five_standard(pack, rng, shape, top)
        if cards is not None:
            break
    else:  # pragma: no cover - a full deck always holds the shapes
        cards = pack.deal(5, jokers=False)
    if shape == "five":  # four of a rank and one other: the other goes first
        order = [4, *rng.sample(range(4), 4)]
    else:
        order = rng.sample(range(5), 5)
    for index in order[:jokers]:
        joker = pack.joker()
        if joker is not None:
            cards[index] = joker
    rng.shuffle(cards)
    return cards


def _five_standard(pack: Pack, rng: random.Random, shape: str, top: int | None) -> list[AnyCard] | None:
    if shape in ("straight", "straight-flush"):
        height = top if top is not None else rng.randint(5, 14)
        suit = rng.choice(SUITS) if shape == "straight-flush" else None
        return _ranks_of(pack, window(height), suit)
    if shape == "flush":
        ranks = distinct_ranks(rng, 5)
        return _ranks_of(pack, ranks, rng.choice(SUITS))
    counts = {
        "high": [1, 1, 1, 1, 1],
        "pair": [2, 1, 1, 1],
        "two-pair": [2, 2, 1],
        "trips": [3, 1, 1],
        "full": [3, 2],
        "quads": [4, 1],
        "five": [4, 1],
    }[shape]
    ranks = distinct_ranks(rng, len(counts))
    return _ranks_of(pack, [rank for rank, count in zip(ranks, counts, strict=True) for _ in range(count)])


# --- seven-card shapes (house way, fouls, showdowns) ------------------------------------------

_WAY: Final = Thresholds()
"""The ranks of the default house way's steps (PG-H), read from the engine: the shapes aim
at each step's cases (only aims: the key is always the engine's, under the rules' way)."""


def seven_of(pack: Pack, rng: random.Random, shape: str) -> list[AnyCard]:
    """Seven cards aiming at ``shape`` (see :data:`SEVEN_SHAPES`), shuffled; falls back to
    a plain deal when the pack cannot make the shape."""
    build = SEVEN_SHAPES[shape]
    for _ in range(20):
        kept = list(pack.cards)
        cards = build(pack, rng)
        if cards is not None and len(cards) == 7:
            rng.shuffle(cards)
            return cards
        pack.cards = kept  # a failed attempt puts its cards back
    return pack.deal(7)


def _with_singles(
    pack: Pack, rng: random.Random, core: list[AnyCard] | None, used: Sequence[int], pool: Sequence[int] = RANKS
) -> list[AnyCard] | None:
    """``core`` filled up to seven cards with singles of ranks not in ``used``."""
    if core is None:
        return None
    ranks = distinct_ranks(rng, 7 - len(core), exclude=used, pool=pool)
    singles = _ranks_of(pack, ranks)
    return None if singles is None else core + singles


def _pairs(pack: Pack, ranks: Sequence[int], size: int = 2) -> list[AnyCard] | None:
    return _ranks_of(pack, [rank for rank in ranks for _ in range(size)])


def _two_pair(big: Sequence[int], single: int | None) -> Callable[[Pack, random.Random], list[AnyCard] | None]:
    """Two pair with the big pair from ``big`` and, when given, a single of rank ``single``
    (the Ace or King that decides step 6); other singles below it."""

    def build(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
        high = rng.choice(big)
        low = rng.choice(range(2, high))
        core = _pairs(pack, [high, low])
        used = [high, low]
        if single is not None and core is not None:
            extra = pack.rank(single)
            if extra is None or single in used:
                return None
            core.append(extra)
            used.append(single)
            pool = range(2, single)
        else:
            pool = range(2, KING)  # no Ace or King: the split case
        return _with_singles(pack, rng, core, used, pool)

    return build


def _straight_pair(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    ranks = window(rng.randint(5, 14))
    core = _ranks_of(pack, ranks)
    if core is None:
        return None
    pair = pack.rank(rng.choice(ranks))
    return _with_singles(pack, rng, [*core, pair] if pair else None, ranks)


def _flush_pair(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    suit = rng.choice(SUITS)
    ranks = distinct_ranks(rng, 5)
    core = _ranks_of(pack, ranks, suit)
    if core is None:
        return None
    pair = pack.rank(rng.choice(ranks))
    return _with_singles(pack, rng, [*core, pair] if pair else None, ranks)


def _straight_ace_pair(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    """A straight without an Ace, an Ace, and a pair of the ranks PG-H step 4's exception names."""
    pair_rank = rng.choice(range(_WAY.ace_front_pairs[0], _WAY.ace_front_pairs[1] + 1))
    tops = [top for top in range(6, 14) if pair_rank in window(top)]
    ranks = window(rng.choice(tops))
    core = _ranks_of(pack, ranks)
    extra = _ranks_of(pack, [pair_rank, ACE])
    return None if core is None or extra is None else core + extra


def _joker_straight(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    full = window(rng.randint(5, 14))
    gap = rng.choice(full)
    ranks = [rank for rank in full if rank != gap]
    core = _ranks_of(pack, ranks)
    joker = pack.joker()
    return _with_singles(pack, rng, [*core, joker] if core and joker else None, full)


def _joker_flush(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    suit = rng.choice(SUITS)
    ranks = distinct_ranks(rng, 4)
    core = _ranks_of(pack, ranks, suit)
    joker = pack.joker()
    return _with_singles(pack, rng, [*core, joker] if core and joker else None, ranks)


def _jokers_with(shape: str, jokers: int) -> Callable[[Pack, random.Random], list[AnyCard] | None]:
    def build(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
        five = five_of(pack, rng, shape, jokers)
        return five + pack.deal(2, jokers=False)

    return build


Builder = Callable[[Pack, random.Random], list[AnyCard] | None]


def _pattern(counts: Sequence[int], pool: Sequence[int] = RANKS) -> Builder:
    def build(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
        ranks = distinct_ranks(rng, len(counts), pool=pool)
        return _ranks_of(pack, [rank for rank, count in zip(ranks, counts, strict=True) for _ in range(count)])

    return build


def _aces_trips(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    return _with_singles(pack, rng, _pairs(pack, [ACE], 3), [ACE])


def _quads(pool: Sequence[int], with_high: bool) -> Callable[[Pack, random.Random], list[AnyCard] | None]:
    def build(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
        rank = rng.choice(pool)
        core = _pairs(pack, [rank], 4)
        if not with_high:
            return _with_singles(pack, rng, core, [rank], pool=range(2, KING))
        extra = pack.rank(rng.choice([r for r in (KING, ACE) if r != rank]))
        return _with_singles(
            pack, rng, [*core, extra] if core and extra else None, [rank, ACE, KING], pool=range(2, KING)
        )

    return build


def _top_pair(pack: Pack, rng: random.Random) -> list[AnyCard] | None:
    """A pair of the highest rank (Queens–Aces) and five lower singles: split, it makes the
    close fouls (A-K in front of A-Q-…)."""
    rank = rng.choice((QUEEN, KING, ACE))
    return _with_singles(pack, rng, _pairs(pack, [rank]), [rank], pool=range(2, rank))


SEVEN_SHAPES: Mapping[str, Callable[[Pack, random.Random], list[AnyCard] | None]] = {
    "deal": lambda pack, rng: pack.deal(7),
    "no-pair": _pattern([1] * 7),
    "one-pair": _pattern([2, 1, 1, 1, 1, 1]),
    "top-pair": _top_pair,
    "two-pair-high": _two_pair(range(_WAY.two_pair_split_from, ACE + 1), None),
    "two-pair-mid-ace": _two_pair(range(_WAY.two_pair_ace_from, _WAY.two_pair_split_from), ACE),
    "two-pair-mid": _two_pair(range(_WAY.two_pair_ace_from, _WAY.two_pair_split_from), None),
    "two-pair-low-king": _two_pair(range(_WAY.two_pair_king_from, _WAY.two_pair_ace_from), KING),
    "two-pair-low": _two_pair(range(_WAY.two_pair_king_from, _WAY.two_pair_ace_from), None),
    "three-pair": _pattern([2, 2, 2, 1]),
    "trips": _pattern([3, 1, 1, 1, 1]),
    "trips-aces": _aces_trips,
    "full-house": _pattern([3, 2, 1, 1]),
    "two-trips": _pattern([3, 3, 1]),
    "quads-high": _quads(range(_WAY.quads_split_from, ACE + 1), False),
    "quads-mid-keep": _quads(range(_WAY.quads_keep_from, _WAY.quads_split_from), True),
    "quads-mid": _quads(range(_WAY.quads_keep_from, _WAY.quads_split_from), False),
    "quads-low": _quads(range(2, _WAY.quads_keep_from), False),
    "straight-pair": _straight_pair,
    "flush-pair": _flush_pair,
    "straight-ace-pair": _straight_ace_pair,
    "joker-straight": _joker_straight,
    "joker-flush": _joker_flush,
    "joker-pair": _jokers_with("pair", 1),
    "joker-trips": _jokers_with("trips", 1),
    "joker-five": _jokers_with("five", 1),
    "two-jokers": _jokers_with("pair", 2),
    "two-jokers-five": _jokers_with("five", 2),
}
"""The seven-card shapes: a name, and a builder that may fail (None) when the pack runs short."""


# --- settings -------------------------------------------------------------------------------
# How a simulated player sets a hand (the house way, a foul, an odd split, a setting of
# their own) is the one player policy's, ``games.players.pai_gow``, which the kinds import.


def house_setting(cards: Sequence[AnyCard], rules: PaiGowRules) -> Setting:
    return house_way(cards, rules).setting


# --- money ------------------------------------------------------------------------------------

EASY_BETS = ("10", "20", "25", "50", "100")
NORMAL_BETS = (*EASY_BETS, "15", "30", "35", "40", "75", "150")
HARD_BETS = ("35", "45", "65", "85", "12.50", "17.50", "27.50", "105", "55", "22.50", "7.50", "135")


def draw_bet(rng: random.Random, difficulty: Difficulty) -> Decimal:
    choices = {Difficulty.EASY: EASY_BETS, Difficulty.NORMAL: NORMAL_BETS, Difficulty.HARD: HARD_BETS}[difficulty]
    return Decimal(rng.choice(choices))


# --- named mistakes ---------------------------------------------------------------------------


def named(code: str, solve: Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]) -> NamedMistake:
    """A named mistake worded by the game's explainer (:func:`games.pai_gow.words.mistake`)."""
    return NamedMistake(code, words.mistake(code), solve)


# --- prompts ----------------------------------------------------------------------------------

YES_NO = (("yes", gettext_noop("Yes")), ("no", gettext_noop("No")))


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def setting_groups(name: str, label: str, setting: Setting) -> tuple[CardGroup, CardGroup]:
    """Two card groups for a set hand: the back (five-card) hand and the front (two-card) hand."""
    high, low = tuple(format_cards(setting.high)), tuple(format_cards(setting.low))
    back = "five-card hand (back)" if len(high) == 5 else f"back hand ({len(high)} cards)"
    front = "two-card hand (front)" if len(low) == 2 else f"front hand ({len(low)} cards)"
    return CardGroup(f"{name}_high", f"{label}: {back}", high), CardGroup(f"{name}_low", f"{label}: {front}", low)


def wheel_words(rules: PaiGowRules) -> str:
    if rules.wheel_lowest_straight:
        return gettext_noop("the lowest straight")
    return gettext_noop("the second-highest straight (below A-K-Q-J-T)")


def fee_words(rules: PaiGowRules) -> str:
    return format_money(rules.fee) if rules.fee else gettext_noop("none")


def house_facts(rules: PaiGowRules, *, fee: bool = False, way: bool = False) -> tuple[tuple[str, str], ...]:
    """The house values a dealer needs for these cards (PG-R, PG-F, PG-H **(house)**)."""
    facts = [(gettext_noop("A-2-3-4-5 is"), wheel_words(rules))]
    if fee:
        facts.append((gettext_noop("Collection fee per hand in action"), fee_words(rules)))
    if way:
        facts.append((gettext_noop("House way"), rules.way.label))
    return tuple(facts)


# --- shapes ---------------------------------------------------------------------------------

FieldShape = Callable[[JSON, JSON], "tuple[str, tuple[Reason, ...]] | None"]


def field_shapes(
    key: Mapping[str, JSON], answer: Mapping[str, JSON], shapes: Mapping[str, FieldShape]
) -> tuple[str, tuple[Reason, ...]] | None:
    """Each wrong field's own diagnosis (``shapes[name](yours, due)``); the first field's code
    and every field's reasons when every wrong field has one, else None."""
    found: list[tuple[str, tuple[Reason, ...]]] = []
    for name, due in key.items():
        yours = answer.get(name)
        if yours == due:
            continue
        shape = shapes.get(name)
        hit = shape(yours, due) if shape is not None else None
        if hit is None:
            return None
        found.append(hit)
    if not found:
        return None
    reasons = tuple(dict.fromkeys(reason for _, field_reasons in found for reason in field_reasons))
    return found[0][0], reasons


TABLE_CHIPS: Final = tuple(sorted(chip.value for chip in ChipSet.default().chips))
"""The chips a table pays with (the default set: a drill has no property's own set)."""


def one_chip(yours: Decimal, due: Decimal) -> Decimal | None:
    """The chip ``yours`` is over or short of ``due`` by, when that is exactly one chip and
    both are paid (or both collected): a payment does not cross zero by one chip."""
    if yours * due <= 0:
        return None
    off = abs(yours - due)
    return off if off in TABLE_CHIPS else None


def amount_shape(
    fields: Sequence[AnswerField], name: str, yours: JSON, due: JSON
) -> tuple[str, tuple[Reason, ...]] | None:
    """The generic shape of a wrong amount (the wrong sign, twice or half...), or None."""
    from drills.kinds.diagnosis import GENERIC_SHAPES

    answer_field = next(answer_field for answer_field in fields if answer_field.name == name)
    hit = GENERIC_SHAPES[FieldType.AMOUNT](answer_field, yours, due)
    return None if hit is None else (hit[0], (hit[1],))
