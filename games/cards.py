"""Cards, the one card notation, and shoes.

The notation is the one of ``shared/RULINGS.md``: a rank ``A 2 3 4 5 6 7 8 9 T J Q K``
(input also takes ``10``) followed by a suit ``S H D C`` (input also takes the symbols
``♠ ♥ ♦ ♣``), case-insensitive on input; the joker is ``JK`` (input also takes
``JOKER``). Output is always canonical. :func:`parse_card` and :func:`format_card` are the
only parser and formatter of cards in the code base.

>>> parse_card("10h")
Card(rank=Rank.TEN, suit=Suit.HEARTS)
>>> format_card(parse_card("10♥"))
'TH'
>>> format_card(parse_card("joker"))
'JK'
>>> [str(card) for card in parse_cards(["as", "Kd", "jk"])]
['AS', 'KD', 'JK']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from games.errors import CardNotationError, ImpossibleCardsError


class Suit(StrEnum):
    """A suit; the value is the canonical letter of the notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red (RULINGS.md).

        >>> Suit.HEARTS.is_red, Suit.CLUBS.is_red
        (True, False)
        """
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        """The printed suit symbol, for pages (never for the notation).

        >>> Suit.SPADES.symbol
        '♠'
        """
        return _SUIT_SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(StrEnum):
    """A rank; the value is the canonical symbol of the notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def high(self) -> int:
        """Poker order with the Ace high: 2 … 14.

        >>> Rank.ACE.high, Rank.TEN.high, Rank.TWO.high
        (14, 10, 2)
        """
        return _RANK_HIGH[self]

    @property
    def pip(self) -> int:
        """The number printed on the card, Ace 1, J/Q/K 11/12/13 (a game gives its own values).

        >>> Rank.ACE.pip, Rank.TEN.pip, Rank.KING.pip
        (1, 10, 13)
        """
        return 1 if self is Rank.ACE else _RANK_HIGH[self]

    @classmethod
    def from_high(cls, value: int) -> Rank:
        """The rank of a poker order value 2 … 14.

        >>> Rank.from_high(14)
        Rank.ACE
        """
        return _RANK_BY_HIGH[value]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_HIGH: Final = {rank: index + 2 for index, rank in enumerate([*list(Rank)[1:], Rank.ACE])}
_RANK_BY_HIGH: Final = {value: rank for rank, value in _RANK_HIGH.items()}


@dataclass(frozen=True, slots=True)
class Card:
    """A standard playing card.

    >>> Card(Rank.ACE, Suit.SPADES)
    Card(rank=Rank.ACE, suit=Suit.SPADES)
    >>> str(Card(Rank.TEN, Suit.HEARTS))
    'TH'
    """

    rank: Rank
    suit: Suit

    is_joker = False

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker. All jokers are alike: a shoe with two holds two equal values.

    >>> str(JOKER), JOKER == Joker()
    ('JK', True)
    """

    is_joker = True

    def __str__(self) -> str:
        return "JK"


JOKER: Final = Joker()

AnyCard: TypeAlias = Card | Joker
"""A card of a game that may hold jokers (Pai Gow, Over/Under 26)."""

_RANK_INPUT: Final = {rank.value: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_INPUT: Final = {suit.value: suit for suit in Suit} | {
    symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()
} | {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_JOKER_INPUT: Final = frozenset({"JK", "JOKER"})

ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 standard cards, spades first, Ace to King within a suit."""


def parse_card(token: object) -> AnyCard:
    """Parse one card token (RULINGS.md notation); raise :class:`CardNotationError`.

    >>> parse_card(" qS ")
    Card(rank=Rank.QUEEN, suit=Suit.SPADES)
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    games.errors.CardNotationError: '1S' is not a card: expected a rank A 2-9 T J Q K (or 10) and a suit S H D C, or JK
    """
    if not isinstance(token, str):
        raise CardNotationError(f"{token!r} is not a card: expected a string such as 'TH' or 'JK'")
    text = token.strip().upper()
    if text in _JOKER_INPUT:
        return JOKER
    rank = _RANK_INPUT.get(text[:-1]) if len(text) >= 2 else None
    suit = _SUIT_INPUT.get(text[-1:]) if len(text) >= 2 else None
    if rank is None or suit is None:
        raise CardNotationError(
            f"{token!r} is not a card: expected a rank A 2-9 T J Q K (or 10) and a suit S H D C, or JK"
        )
    return Card(rank, suit)


def parse_standard_card(token: object) -> Card:
    """Parse a card of a game without jokers; a joker is an error.

    >>> parse_standard_card("JK")
    Traceback (most recent call last):
    ...
    games.errors.CardNotationError: 'JK' is a joker: this game has no jokers
    """
    card = parse_card(token)
    if isinstance(card, Joker):
        raise CardNotationError(f"{token!r} is a joker: this game has no jokers")
    return card


def parse_cards(tokens: Iterable[object]) -> tuple[AnyCard, ...]:
    """Parse several tokens; the error names the position of the first bad one (from 0)."""
    cards: list[AnyCard] = []
    for index, token in enumerate(tokens):
        try:
            cards.append(parse_card(token))
        except CardNotationError as error:
            raise CardNotationError(f"card {index}: {error}") from None
    return tuple(cards)


def format_card(card: AnyCard) -> str:
    """The canonical notation of a card: ``TH``, ``AS``, ``JK``."""
    return str(card)


def format_card_symbol(card: AnyCard) -> str:
    """A card for people (explanations, pages), with its suit symbol: ``T♦``, ``A♠``, ``joker``.

    >>> format_card_symbol(parse_card("TD")), format_card_symbol(JOKER)
    ('T♦', 'joker')
    """
    if isinstance(card, Joker):
        return "joker"
    return f"{card.rank.value}{card.suit.symbol}"


def format_cards(cards: Iterable[AnyCard]) -> list[str]:
    """The canonical notation of several cards, as a JSON-ready list."""
    return [str(card) for card in cards]


@dataclass(frozen=True, slots=True)
class ShoeSpec:
    """What a game's shoe holds: ``decks`` decks of the ``ranks`` in four suits, plus
    ``jokers_per_deck`` jokers per deck.

    >>> ShoeSpec(decks=6).size
    312
    >>> ShoeSpec(decks=1, jokers_per_deck=2).size
    54
    """

    decks: int
    jokers_per_deck: int = 0
    ranks: frozenset[Rank] = frozenset(Rank)

    def __post_init__(self) -> None:
        if self.decks < 1 or self.jokers_per_deck < 0 or not self.ranks:
            raise ValueError("a shoe needs at least one deck, some ranks and no negative jokers")

    @property
    def size(self) -> int:
        return self.decks * (4 * len(self.ranks) + self.jokers_per_deck)

    def copies(self, card: AnyCard) -> int:
        """How many of this card the shoe holds (0 for a card not in it)."""
        if isinstance(card, Joker):
            return self.decks * self.jokers_per_deck
        return self.decks if card.rank in self.ranks else 0

    def cards(self) -> list[AnyCard]:
        """Every card of the shoe in a fixed order (unshuffled)."""
        one_deck: list[AnyCard] = [card for card in ALL_CARDS if card.rank in self.ranks]
        one_deck.extend([JOKER] * self.jokers_per_deck)
        return one_deck * self.decks

    def shuffled(self, rng: random.Random) -> list[AnyCard]:
        """The shoe shuffled by ``rng``, the only source of randomness.

        >>> a = ShoeSpec(decks=1).shuffled(random.Random(7))
        >>> a == ShoeSpec(decks=1).shuffled(random.Random(7)), sorted(map(str, a)) == sorted(map(str, ALL_CARDS))
        (True, True)
        """
        shoe = self.cards()
        rng.shuffle(shoe)
        return shoe

    def verify(self, cards: Sequence[AnyCard]) -> None:
        """Raise :class:`ImpossibleCardsError` unless all ``cards`` can come from one shoe.

        >>> ShoeSpec(decks=6).verify([parse_card("AS")] * 7)
        Traceback (most recent call last):
        ...
        games.errors.ImpossibleCardsError: AS appears 7 times, but the shoe (6 decks) holds only 6
        """
        for card, count in Counter(cards).items():
            available = self.copies(card)
            if count > available:
                if available == 0:
                    raise ImpossibleCardsError(f"{card} is not in this shoe")
                deck_word = "deck" if self.decks == 1 else "decks"
                raise ImpossibleCardsError(
                    f"{card} appears {count} times, but the shoe ({self.decks} {deck_word}) "
                    f"holds only {available}"
                )

    def can_hold(self, cards: Sequence[AnyCard]) -> bool:
        """Whether :meth:`verify` would accept ``cards``."""
        try:
            self.verify(cards)
        except ImpossibleCardsError:
            return False
        return True
