"""Small-integer card codes for the hot paths of Pai Gow (ranking, house way).

The public API takes and returns :class:`~games.cards.Card` / :data:`~games.cards.JOKER`;
inside, a card is a code ``0 … 52``: ``(rank - 2) * 4 + suit`` for the 52 standard cards
(rank 2 … 14 with the Ace 14, suit 0 … 3 for S H D C) and :data:`JOKER_CODE` (52) for
either joker (the two jokers are alike, PG-0).

>>> from games.cards import parse_card
>>> code_of(parse_card("AS")), code_of(parse_card("2C")), code_of(JOKER)
(48, 3, 52)
>>> [str(card_of(code)) for code in (48, 3, 52)]
['AS', '2C', 'JK']
>>> RANK_OF[48], SUIT_OF[48], RANK_OF[JOKER_CODE]
(14, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from games.cards import JOKER, AnyCard, Card, Joker, Rank, ShoeSpec, Suit

__all__ = [
    "DECK",
    "JOKER_CODE",
    "RANK_OF",
    "SUITS",
    "SUIT_OF",
    "card_of",
    "code_of",
    "codes_of",
    "is_one_deck",
    "standard_card",
]

DECK: Final = ShoeSpec(decks=1, jokers_per_deck=2)
"""PG-0: one 52-card deck and two jokers, 54 cards: seven hands of seven and five left over."""

JOKER_CODE: Final = 52
SUITS: Final[tuple[Suit, ...]] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""Suit order of the codes (and of every tie-break on suits): S, H, D, C."""

_CARDS: Final[tuple[AnyCard, ...]] = (
    *(Card(Rank.from_high(code // 4 + 2), SUITS[code % 4]) for code in range(52)),
    JOKER,
)
# Enum members are singletons: keyed by id() they are looked up without hashing the enum.
_RANK_BASE: Final[dict[int, int]] = {id(rank): (rank.high - 2) * 4 for rank in Rank}
_SUIT_INDEX: Final[dict[int, int]] = {id(suit): index for index, suit in enumerate(SUITS)}

RANK_OF: Final[tuple[int, ...]] = (*(code // 4 + 2 for code in range(52)), 0)
"""Poker rank 2 … 14 of a code; 0 for the joker."""
SUIT_OF: Final[tuple[int, ...]] = (*(code % 4 for code in range(52)), -1)
"""Suit index 0 … 3 (S H D C) of a code; -1 for the joker."""


def code_of(card: AnyCard) -> int:
    """The code of a card (:data:`JOKER_CODE` for a joker)."""
    if isinstance(card, Joker):
        return JOKER_CODE
    return _RANK_BASE[id(card.rank)] + _SUIT_INDEX[id(card.suit)]


def codes_of(cards: Iterable[AnyCard]) -> tuple[int, ...]:
    """The codes of several cards, in order."""
    bases, suits = _RANK_BASE, _SUIT_INDEX
    return tuple(
        [JOKER_CODE if isinstance(card, Joker) else bases[id(card.rank)] + suits[id(card.suit)] for card in cards]
    )


def is_one_deck(codes: Sequence[int]) -> bool:
    """Whether the codes can come from the deck (PG-0): no card twice, at most two jokers.

    >>> is_one_deck((0, 1, 52, 52)), is_one_deck((0, 0)), is_one_deck((52, 52, 52))
    (True, False, False)
    """
    jokers = codes.count(JOKER_CODE)
    return jokers <= 2 and len(set(codes)) == len(codes) - jokers + (1 if jokers else 0)


def card_of(code: int) -> AnyCard:
    """The card of a code."""
    return _CARDS[code]


def standard_card(rank: int, suit: int) -> Card:
    """The standard card of a poker rank 2 … 14 and a suit index 0 … 3."""
    card = _CARDS[(rank - 2) * 4 + suit]
    assert isinstance(card, Card)
    return card
