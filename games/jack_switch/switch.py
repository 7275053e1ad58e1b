"""The Switch (JS-7, JS-8) and seeded Jack Switch deals.

A Jack Switch player plays two paired boxes with equal bets and may exchange their second
cards once, before any other action on either box; a blackjack may be switched away
(JS-7). After a switch an Ace and a 10-value is 21, not blackjack (JS-8).

>>> result = switch_boxes(parse_hand("AS 5H"), parse_hand("9C KD"), JackSwitchRules())
>>> [str(c) for c in result.box1], [str(c) for c in result.box2], result.totals, result.blackjack
(['AS', 'KD'], ['9C', '5H'], (21, 14), (False, False))
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.blackjack.deal import shuffled_shoe
from games.blackjack.errors import ImpossibleShoeError, SituationError
from games.blackjack.hand import hand_value, is_natural
from games.cards import Card
from games.errors import ImpossibleCardsError
from games.jack_switch import words
from games.jack_switch.rules import JackSwitchRules
from games.reasons import Reason


@dataclass(frozen=True, slots=True)
class SwitchResult:
    box1: tuple[Card, Card]
    box2: tuple[Card, Card]
    totals: tuple[int, int]
    soft: tuple[bool, bool]
    blackjack: tuple[bool, bool]
    """Always False: no switched hand is a blackjack (JS-8)."""
    switched_away: tuple[bool, bool]
    """Whether the box held a blackjack as dealt (JS-7: it may be switched away)."""
    dealt: tuple[tuple[Card, Card], tuple[Card, Card]]
    """The two boxes' first two cards as dealt, before the switch."""
    rule_ids: tuple[str, ...]
    reasons: tuple[Reason, ...] = ()
    """Why each box counts what it does (:func:`games.jack_switch.words.switch_reasons`)."""


def verify_switch(box1: Sequence[Card], box2: Sequence[Card], rules: JackSwitchRules) -> None:
    """Raise (naming ``box1`` / ``box2``) unless these are two boxes' first two cards from
    the shoe."""
    for field, box in (("box1", box1), ("box2", box2)):
        if len(box) != 2:
            raise SituationError(
                field, f"the switch exchanges the second of a box's first two cards: 2 cards, not {len(box)} (JS-7)"
            )
    try:
        rules.shoe.verify(box1)
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("box1", str(error)) from None
    try:
        rules.shoe.verify([*box1, *box2])
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("box2", str(error)) from None


def switch_boxes(box1: Sequence[Card], box2: Sequence[Card], rules: JackSwitchRules) -> SwitchResult:
    """Exchange the second cards of two paired boxes (JS-7); neither result is a
    blackjack (JS-8)."""
    verify_switch(box1, box2, rules)
    new1 = (box1[0], box2[1])
    new2 = (box2[0], box1[1])
    value1 = hand_value(new1, switched=True)
    value2 = hand_value(new2, switched=True)
    ids = ["JS-7"]
    if is_natural(new1) or is_natural(new2) or is_natural(box1) or is_natural(box2):
        ids.append("JS-8")
    ids.append(rules.IDS.values)
    result = SwitchResult(
        box1=new1,
        box2=new2,
        totals=(value1.total, value2.total),
        soft=(value1.soft, value2.soft),
        blackjack=(value1.blackjack, value2.blackjack),
        switched_away=(is_natural(box1), is_natural(box2)),
        dealt=((box1[0], box1[1]), (box2[0], box2[1])),
        rule_ids=tuple(ids),
    )
    return dataclasses.replace(result, reasons=words.switch_reasons(result))


@dataclass(frozen=True, slots=True)
class SwitchDeal:
    """A Jack Switch deal: the paired boxes' first two cards, the dealer's card, the rest
    of the shoe in drawing order."""

    box1: tuple[Card, Card]
    box2: tuple[Card, Card]
    dealer_upcard: Card
    shoe: tuple[Card, ...]


def deal_switch(rng: random.Random, rules: JackSwitchRules) -> SwitchDeal:
    """Deal the two paired boxes and the dealer (BJ-6 order) from a shoe shuffled by ``rng``.

    >>> a = deal_switch(random.Random(3), JackSwitchRules())
    >>> a == deal_switch(random.Random(3), JackSwitchRules()), len(a.shoe)
    (True, 307)
    """
    shoe = shuffled_shoe(rng, rules)
    return SwitchDeal((shoe[0], shoe[3]), (shoe[1], shoe[4]), shoe[2], tuple(shoe[5:]))
