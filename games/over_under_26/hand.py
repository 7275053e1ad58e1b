"""The shoe (OU-1), card values (OU-2) and hand totals.

>>> SHOE.size
164
>>> [card_value(parse_card(token)) for token in ("AS", "TH", "2C", "JK")]
[11, 10, 2, 0]
>>> hand_total(parse_cards(["AS", "9H", "4D", "3C"]))
HandTotal(total=27, jokers=0, rules=('OU-2',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.cards import AnyCard, Joker, Rank, ShoeSpec, parse_card, parse_cards  # noqa: F401 (parse_cards: doctests)
from games.errors import ImpossibleCardsError

RANKS: Final = frozenset(Rank) - {Rank.JACK, Rank.QUEEN, Rank.KING}
"""OU-1: J, Q and K are removed from the decks."""
SHOE: Final = ShoeSpec(decks=4, jokers_per_deck=1, ranks=RANKS)
"""OU-1: four decks without J, Q, K, one joker each: 4 x 41 = 164 cards."""
HAND_SIZE: Final = 4
"""OU-4: four cards are dealt, the first face up, three face down."""
TARGET: Final = 26
"""OU-7 – OU-9: the line the player bets under or over."""
VALUES: Final[tuple[int, ...]] = tuple(range(2, 12))
"""OU-2: the point values a card can have (2 – 10 face value, Ace 11)."""


def card_value(card: AnyCard) -> int:
    """OU-2: an Ace counts 11, 2 – 10 their face value, a joker nothing.

    A J, Q or K is not in this shoe (OU-1): :class:`ImpossibleCardsError`.

    >>> card_value(parse_card("KS"))
    Traceback (most recent call last):
    ...
    games.errors.ImpossibleCardsError: KS is not in this shoe: J, Q and K are removed (OU-1)
    """
    if isinstance(card, Joker):
        return 0
    verify_in_shoe(card)
    return 11 if card.rank is Rank.ACE else card.rank.pip


def is_in_shoe(card: AnyCard) -> bool:
    """Whether the card exists in the 164-card shoe (no J, Q, K; jokers yes) (OU-1).

    >>> is_in_shoe(parse_card("JK")), is_in_shoe(parse_card("QH"))
    (True, False)
    """
    return SHOE.copies(card) > 0


def verify_in_shoe(card: AnyCard) -> None:
    """Raise :class:`ImpossibleCardsError` for a J, Q or K (OU-1)."""
    if not is_in_shoe(card):
        raise ImpossibleCardsError(f"{card} is not in this shoe: J, Q and K are removed (OU-1)")


def verify_cards(cards: Sequence[AnyCard], *, count: int | None = None) -> None:
    """Raise :class:`ImpossibleCardsError` unless ``cards`` can be dealt together from the
    shoe (OU-1: no J/Q/K, at most four of a card, four jokers) and, if given, number
    ``count``; a hand is never more than four cards (OU-4).

    >>> verify_cards(parse_cards(["AS", "2H"]), count=4)
    Traceback (most recent call last):
    ...
    games.errors.ImpossibleCardsError: a hand is 4 cards (OU-4), not 2
    """
    if count is not None and len(cards) != count:
        raise ImpossibleCardsError(f"a hand is {count} cards (OU-4), not {len(cards)}")
    if len(cards) > HAND_SIZE:
        raise ImpossibleCardsError(f"a hand is at most {HAND_SIZE} cards (OU-4), not {len(cards)}")
    for card in cards:
        verify_in_shoe(card)
    SHOE.verify(cards)


@dataclass(frozen=True, slots=True)
class HandTotal:
    """The points of some cards (OU-2) and how many jokers are among them."""

    total: int
    jokers: int
    rules: tuple[str, ...]


def hand_total(cards: Sequence[AnyCard]) -> HandTotal:
    """The total of up to four cards (jokers count nothing, OU-2), after :func:`verify_cards`.

    >>> hand_total(parse_cards(["JK", "AS", "AH", "TD"]))
    HandTotal(total=32, jokers=1, rules=('OU-2',))
    """
    verify_cards(cards)
    return HandTotal(
        total=sum(card_value(card) for card in cards),
        jokers=sum(1 for card in cards if isinstance(card, Joker)),
        rules=("OU-2",),
    )


def has_joker(cards: Sequence[AnyCard]) -> bool:
    """Whether any of ``cards`` is a joker."""
    return any(isinstance(card, Joker) for card in cards)

