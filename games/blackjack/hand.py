"""Hand values of the twenty-one family: totals, soft hands, blackjack, bust, draws.

>>> from games.cards import parse_cards
>>> hand_value(parse_hand("AS 6H"))
HandValue(total=17, soft=True, blackjack=False, bust=False, size=2)
>>> hand_value(parse_hand("AS KD")).blackjack, hand_value(parse_hand("AS KD"), split_hand=True).blackjack
(True, False)
>>> hand_value(parse_hand("TS 6H 9C"))
HandValue(total=25, soft=False, blackjack=False, bust=True, size=3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Generic, TypeVar

from games.blackjack.errors import SituationError
from games.blackjack.rules import TwentyOneRules
from games.cards import Card, Rank, parse_standard_card

T = TypeVar("T")

TWENTY_ONE: Final = 21
SOFT_BONUS: Final = 10
"""An Ace counts 11 instead of 1: ten more (BJ-2)."""
_VALUES: Final = {rank: min(rank.pip, 10) for rank in Rank}
"""BJ-2 by rank, worked out once: the hot path of every total."""


@dataclass(frozen=True, slots=True)
class Ruled(Generic[T]):
    """An answer and the rule IDs that decided it (most decisive first)."""

    value: T
    rule_ids: tuple[str, ...]


def parse_hand(text: str) -> tuple[Card, ...]:
    """Cards from space-separated tokens of the notation (``"AS KD"``), jokers refused.

    Doctests in ``games.blackjack`` and ``games.jack_switch`` have it in their namespace
    (their ``conftest.py``).

    >>> [str(card) for card in parse_hand("as 10d")]
    ['AS', 'TD']
    """
    return tuple(parse_standard_card(token) for token in text.split())


def card_value(card: Card) -> int:
    """BJ-2: Ace 1 (or 11, see :func:`hand_value`), J/Q/K 10, others face value.

    >>> [card_value(c) for c in parse_hand("AS 7H TD QC")]
    [1, 7, 10, 10]
    """
    return _VALUES[card.rank]


def is_ten_value(card: Card) -> bool:
    """A 10, J, Q or K (BJ-4).

    >>> is_ten_value(parse_hand("JH")[0]), is_ten_value(parse_hand("9H")[0])
    (True, False)
    """
    return card_value(card) == 10


def hard_total(cards: Sequence[Card]) -> int:
    """The total with every Ace counted as 1."""
    values = _VALUES
    total = 0
    for card in cards:
        total += values[card.rank]
    return total


def is_natural(cards: Sequence[Card]) -> bool:
    """An Ace and a 10-value as the only two cards (before asking whether it counts as a
    blackjack: a split or switched hand's Ace + 10 does not, BJ-S4 / JS-8)."""
    return len(cards) == 2 and {card_value(card) for card in cards} == {1, 10}


class HandKind(StrEnum):
    """What a hand is, in one word (exclusive, in this order of precedence: bust, blackjack,
    soft, hard)."""

    HARD = "hard"
    SOFT = "soft"
    BLACKJACK = "blackjack"
    BUST = "bust"


@dataclass(frozen=True, slots=True)
class HandValue:
    """What a hand counts (BJ-2, BJ-3, BJ-4)."""

    total: int
    soft: bool
    """An Ace counts as 11 in ``total``."""
    blackjack: bool
    bust: bool
    """Over 21 (BJ-3). A Jack Switch dealer's 22 is bust too; it pushes (JS-4)."""
    size: int
    """How many cards."""

    @property
    def hard_21(self) -> bool:
        return self.total == TWENTY_ONE and not self.soft

    @property
    def kind(self) -> HandKind:
        """Bust, blackjack, soft or hard (BJ-3, BJ-4, BJ-2).

        >>> hand_value(parse_hand("AS 6H")).kind, hand_value(parse_hand("AS KH")).kind
        (<HandKind.SOFT: 'soft'>, <HandKind.BLACKJACK: 'blackjack'>)
        """
        if self.bust:
            return HandKind.BUST
        if self.blackjack:
            return HandKind.BLACKJACK
        return HandKind.SOFT if self.soft else HandKind.HARD


def hand_value(cards: Sequence[Card], *, split_hand: bool = False, switched: bool = False) -> HandValue:
    """The value of ``cards``: the best total not over 21 (an Ace counts 11 where it
    fits, BJ-2), soft when an Ace counts 11, blackjack for an Ace and a 10-value as the
    first two cards of a hand that was neither split (BJ-4, BJ-S4) nor switched (JS-8),
    bust when over 21 (BJ-3). The order of the cards does not matter.

    >>> hand_value(parse_hand("AS AH 9D")).total, hand_value(parse_hand("AS AH 9D")).soft
    (21, True)
    >>> hand_value(parse_hand("KS AH"), switched=True).blackjack
    False
    """
    hard = hard_total(cards)
    soft = any(card.rank is Rank.ACE for card in cards) and hard + SOFT_BONUS <= TWENTY_ONE
    total = hard + SOFT_BONUS if soft else hard
    return HandValue(
        total=total,
        soft=soft,
        blackjack=is_natural(cards) and not split_hand and not switched,
        bust=total > TWENTY_ONE,
        size=len(cards),
    )


def evaluate_hand(
    cards: Sequence[Card], rules: TwentyOneRules, *, split_hand: bool = False, switched: bool = False
) -> Ruled[HandValue]:
    """:func:`hand_value` with the rule IDs that decided it.

    >>> from games.blackjack.rules import BlackjackRules
    >>> evaluate_hand(parse_hand("TH AS"), BlackjackRules(), split_hand=True).rule_ids
    ('BJ-S4', 'BJ-2')
    """
    value = hand_value(cards, split_hand=split_hand, switched=switched)
    ids: list[str] = []
    if is_natural(cards):
        if switched:
            ids.append("JS-8")
        elif split_hand:
            ids.append("BJ-S4")
        else:
            ids.append("BJ-4")
    elif value.total == TWENTY_ONE:
        ids.append("BJ-4")  # 21, but not an Ace and a 10-value as the first two cards
    if value.bust:
        ids.append("BJ-3")
    ids.append(rules.IDS.values)
    return Ruled(value, rules.cite(ids))


def player_draw_refusal_code(value: HandValue, rules: TwentyOneRules) -> str | None:
    """Why a player's hand may not draw another card, as a code of
    ``games.blackjack.words.REFUSALS``, or ``None`` when it may.

    BJ-7: no draw at 21 (nor on a bust hand, BJ-3). JS-6: a soft 21 that is not a
    blackjack may still draw; no draw on a blackjack or a hard 21.
    """
    if value.bust:
        return "draw-bust"
    if value.blackjack:
        return "draw-blackjack"
    if value.total == TWENTY_ONE:
        if rules.SOFT_21_MAY_DRAW and value.soft:
            return None
        return "draw-hard-21" if rules.SOFT_21_MAY_DRAW else "draw-21"
    return None


def player_draw_refusal(value: HandValue, rules: TwentyOneRules) -> str | None:
    """:func:`player_draw_refusal_code` in words, or ``None`` when the hand may draw.

    >>> from games.blackjack.rules import BlackjackRules
    >>> player_draw_refusal(hand_value(parse_hand("TH 5C 6D")), BlackjackRules())
    'no draw at 21 (BJ-7)'
    """
    from games.blackjack.words import phrase, refused  # the explainer imports this module

    code = player_draw_refusal_code(value, rules)
    return None if code is None else phrase(refused(code, rules, total=value.total))


def can_player_draw(cards: Sequence[Card], rules: TwentyOneRules, *, split_hand: bool = False,
                    switched: bool = False) -> bool:
    """Whether a player's hand may take another card (BJ-7 / JS-6).

    >>> from games.blackjack.rules import BlackjackRules
    >>> can_player_draw(parse_hand("AS TH"), BlackjackRules(), split_hand=True)
    False
    """
    return player_draw_refusal_code(hand_value(cards, split_hand=split_hand, switched=switched), rules) is None


def verify_player_draws(
    cards: Sequence[Card],
    rules: TwentyOneRules,
    *,
    field: str,
    split_hand: bool = False,
    switched: bool = False,
) -> None:
    """Raise :class:`SituationError` (on ``field``) when a card was drawn that the hand
    could not draw: after a bust, at 21 (BJ-7 / JS-6), on a blackjack.

    >>> from games.blackjack.rules import BlackjackRules
    >>> verify_player_draws(parse_hand("TH 9C 5D 2S"), BlackjackRules(), field="cards")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.blackjack.errors.SituationError: card 4 (2S) cannot have been drawn: a bust hand (24) has lost and ...
    """
    for size in range(2, len(cards)):
        value = hand_value(cards[:size], split_hand=split_hand, switched=switched)
        if player_draw_refusal_code(value, rules) is not None:
            reason = player_draw_refusal(value, rules)
            raise SituationError(field, f"card {size + 1} ({cards[size]}) cannot have been drawn: {reason}")
