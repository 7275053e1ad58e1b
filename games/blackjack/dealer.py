"""The dealer's play: no hole card (BJ-6), draw to 17 (BJ-8; H17 as a house value, JS-5),
and what the dealer's final hand means for the boxes (BJ-9, JS-4).

>>> from games.blackjack.rules import BlackjackRules
>>> dealer_action(parse_hand("AS 6H"), BlackjackRules()).value
<DealerAction.STAND: 'stand'>
>>> dealer_action(parse_hand("AS 6H"), BlackjackRules(dealer_hits_soft_17=True)).value
<DealerAction.HIT: 'hit'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.blackjack.errors import SituationError
from games.blackjack.hand import TWENTY_ONE, HandValue, Ruled, hand_value
from games.blackjack.rules import TwentyOneRules
from games.cards import Card

DEALER_STANDS_ON: Final = 17
"""BJ-8: the dealer draws to 17 or more."""


class DealerAction(StrEnum):
    HIT = "hit"
    STAND = "stand"


def dealer_must_hit(value: HandValue, rules: TwentyOneRules) -> bool:
    """BJ-6/BJ-8/JS-5: a second card always; then below 17, and on a soft 17 when the
    house hits soft 17. Never on a bust hand.

    >>> from games.blackjack.rules import BlackjackRules
    >>> dealer_must_hit(hand_value(parse_hand("TS 6H")), BlackjackRules())
    True
    """
    if value.size < 2:
        return True
    if value.total < DEALER_STANDS_ON:
        return True
    return value.total == DEALER_STANDS_ON and value.soft and rules.dealer_hits_soft_17


def dealer_action(cards: Sequence[Card], rules: TwentyOneRules) -> Ruled[DealerAction]:
    """What the dealer does with ``cards`` (at least one), with the rule IDs.

    >>> from games.blackjack.rules import BlackjackRules
    >>> ruled = dealer_action(parse_hand("TS"), BlackjackRules())
    >>> ruled.value, ruled.rule_ids
    (<DealerAction.HIT: 'hit'>, ('BJ-6',))
    """
    if not cards:
        raise ValueError("a dealer's hand has at least one card")
    value = hand_value(cards)
    draws = rules.IDS.dealer_draws
    if value.size < 2:
        return Ruled(DealerAction.HIT, rules.cite(["BJ-6"]))
    if value.bust:
        return Ruled(DealerAction.STAND, rules.cite(["BJ-3", draws]))
    action = DealerAction.HIT if dealer_must_hit(value, rules) else DealerAction.STAND
    return Ruled(action, rules.cite([draws, rules.IDS.values]))


def verify_dealer_hand(cards: Sequence[Card], rules: TwentyOneRules, *, field: str = "dealer",
                       finished: bool = True) -> None:
    """Raise :class:`SituationError` unless ``cards`` is a dealer's hand as dealt under
    the rules: the dealer never drew a card after standing (BJ-8 / JS-5), and, when
    ``finished``, did not stop while still having to draw (never stands below 17).

    >>> from games.blackjack.rules import BlackjackRules
    >>> verify_dealer_hand(parse_hand("TS 5H"), BlackjackRules())
    Traceback (most recent call last):
    ...
    games.blackjack.errors.SituationError: the dealer stopped on 15 but must draw to 17 (BJ-8)
    >>> verify_dealer_hand(parse_hand("TS 7H 2C"), BlackjackRules())
    Traceback (most recent call last):
    ...
    games.blackjack.errors.SituationError: card 3 (2C) cannot have been drawn: the dealer stands on a hard 17 (BJ-8)
    """
    if not cards:
        raise SituationError(field, "the dealer has at least one card")
    draws = rules.IDS.dealer_draws
    for size in range(1, len(cards)):
        value = hand_value(cards[:size])
        if not dealer_must_hit(value, rules):
            what = "is bust" if value.bust else f"stands on a {'soft' if value.soft else 'hard'} {value.total}"
            if value.blackjack:
                what = "stands on a blackjack"
            raise SituationError(field, f"card {size + 1} ({cards[size]}) cannot have been drawn: the dealer {what} "
                                        f"({draws})")
    value = hand_value(cards)
    if finished and dealer_must_hit(value, rules):
        if value.size < 2:
            raise SituationError(field, "the dealer's hand is not finished: the dealer draws a second card (BJ-6)")
        raise SituationError(field, _stopped_message(value, draws))


def _stopped_message(value: HandValue, draws: str) -> str:
    if value.total == DEALER_STANDS_ON:
        return f"the dealer stopped on a soft 17, but this house's dealer hits soft 17 ({draws})"
    return f"the dealer stopped on {value.total} but must draw to 17 ({draws})"


def is_finished_dealer_hand(cards: Sequence[Card], rules: TwentyOneRules) -> bool:
    """Whether :func:`verify_dealer_hand` accepts ``cards`` as a finished hand."""
    try:
        verify_dealer_hand(cards, rules)
    except SituationError:
        return False
    return True


def play_dealer(cards: Sequence[Card], draws: Iterable[Card], rules: TwentyOneRules) -> tuple[Card, ...]:
    """Complete a dealer's hand from ``cards`` (at least the first card) by taking cards
    from ``draws`` in order, as BJ-8 / JS-5 say.

    >>> from games.blackjack.rules import BlackjackRules
    >>> [str(c) for c in play_dealer(parse_hand("6S"), parse_hand("AH 9C 5D"), BlackjackRules())]
    ['6S', 'AH']
    >>> h17 = BlackjackRules(dealer_hits_soft_17=True)
    >>> [str(c) for c in play_dealer(parse_hand("6S"), parse_hand("AH 9C 5D"), h17)]
    ['6S', 'AH', '9C', '5D']
    """
    hand = list(cards)
    source = iter(draws)
    while dealer_must_hit(hand_value(hand), rules):
        try:
            hand.append(next(source))
        except StopIteration:
            raise ValueError("the shoe ran out while the dealer was drawing") from None
    return tuple(hand)


@dataclass(frozen=True, slots=True)
class DealerResult:
    """The dealer's hand as the boxes are settled against it."""

    total: int
    blackjack: bool
    """Ace + 10-value as the dealer's first two cards (BJ-6: no hole card)."""
    bust: bool
    """Over 21, but for a push total (JS-4: 22): every box still in play wins (BJ-9)."""
    push_total: bool
    """JS-4: the dealer's 22 pushes every hand still in play but a blackjack."""


def dealer_result(cards: Sequence[Card], rules: TwentyOneRules) -> DealerResult:
    """Classify the dealer's final hand.

    >>> from games.jack_switch.rules import JackSwitchRules
    >>> dealer_result(parse_hand("TS 2H TC"), JackSwitchRules())
    DealerResult(total=22, blackjack=False, bust=False, push_total=True)
    """
    value = hand_value(cards)
    push = rules.DEALER_PUSH_TOTAL is not None and value.total == rules.DEALER_PUSH_TOTAL
    return DealerResult(
        total=value.total,
        blackjack=value.blackjack,
        bust=value.total > TWENTY_ONE and not push,
        push_total=push,
    )
