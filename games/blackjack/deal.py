"""Seeded deals for drills: a round dealt from a shuffled shoe (BJ-6), and whole situations
played out to the end, ready to settle. Randomness comes only from the ``random.Random``
passed in: the same seed gives the same situation.

>>> import random
>>> from games.blackjack.rules import BlackjackRules
>>> a = deal_round(random.Random(5), BlackjackRules(), boxes=2)
>>> a == deal_round(random.Random(5), BlackjackRules(), boxes=2), len(a.boxes), len(a.shoe)
(True, 2, 307)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from games.blackjack.dealer import play_dealer
from games.blackjack.hand import card_value
from games.blackjack.options import Action, OptionsSituation, can_act
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import Box, PlayerHand, settled_without_dealer
from games.cards import Card, Rank


@dataclass(frozen=True, slots=True)
class DealtRound:
    """The first deal (BJ-6): two cards per box, the dealer's one card, the rest of the
    shoe in the order it will be drawn."""

    boxes: tuple[tuple[Card, Card], ...]
    dealer_upcard: Card
    shoe: tuple[Card, ...]


def shuffled_shoe(rng: random.Random, rules: TwentyOneRules) -> list[Card]:
    """The rule set's shoe (no jokers) shuffled by ``rng``."""
    return [card for card in rules.shoe.shuffled(rng) if isinstance(card, Card)]


def deal_round(rng: random.Random, rules: TwentyOneRules, boxes: int = 1) -> DealtRound:
    """Deal from a freshly shuffled shoe: one card to each box from the players' right,
    one to the dealer, then a second card to each box only (BJ-6, no hole card)."""
    if boxes < 1:
        raise ValueError("deal to at least one box")
    shoe = shuffled_shoe(rng, rules)
    first = shoe[:boxes]
    dealer_upcard = shoe[boxes]
    second = shoe[boxes + 1 : 2 * boxes + 1]
    return DealtRound(tuple(zip(first, second, strict=True)), dealer_upcard, tuple(shoe[2 * boxes + 1 :]))


@dataclass(frozen=True, slots=True)
class Situation:
    """A box played to the end and the dealer's hand: the input of ``settle_box``."""

    box: Box
    dealer: tuple[Card, ...]


def deal_situation(rng: random.Random, rules: TwentyOneRules, bet: Decimal = Decimal("10")) -> Situation:
    """Deal one box and play it by the one simulated player (``games.players.twenty_one``,
    the policy of every round: even money, insurance and surrender are its choices, its
    hand decisions basic strategy with more splits), then play the dealer out (BJ-8 /
    JS-5). Every situation is valid for ``settle_box``.

    >>> import random
    >>> from games.blackjack.rules import BlackjackRules
    >>> from games.blackjack.settle import settle_box
    >>> situation = deal_situation(random.Random(1), BlackjackRules())
    >>> situation == deal_situation(random.Random(1), BlackjackRules())
    True
    >>> [str(c) for c in situation.box.hands[0].cards], situation.box.hands[0].doubled
    (['4H', '6C', '5H'], True)
    >>> settle_box(situation.box, situation.dealer, BlackjackRules()).net
    Decimal('-20.00')
    """
    from games.players.twenty_one import TwentyOnePlayer, play_box  # (it imports this package)

    player = TwentyOnePlayer(insurance=0.3, even_money=0.4, surrender=0.5, extra_splits=0.3, extra_doubles=1.0)
    dealt = deal_round(rng, rules)
    draws: Iterator[Card] = iter(dealt.shoe)
    upcard = dealt.dealer_upcard
    first = dealt.boxes[0]
    start = OptionsSituation(hand=first, dealer=upcard)
    if can_act(start, Action.EVEN_MONEY, rules) and player.takes_even_money(rng):
        box = Box(bet=bet, hands=(PlayerHand(first),), even_money=True)
        return Situation(box, (upcard,))
    insurance = player.insures(bet, rng) if can_act(start, Action.INSURANCE, rules) else Decimal(0)
    if player.surrenders(start, rules, rng):
        box = Box(bet=bet, hands=(PlayerHand(first),), surrendered=True)
        return Situation(box, play_dealer((upcard,), draws, rules))
    hands = play_box(first, upcard, rules, rng, player, draw=lambda: next(draws),
                     second_card=lambda card, split_aces: next(draws))
    box = Box(bet=bet, hands=hands, insurance=insurance)
    dealer: tuple[Card, ...] = (upcard,)
    if not settled_without_dealer(box, upcard, rules) or insurance > 0 or box.extra_stakes:
        dealer = play_dealer(dealer, draws, rules)
    return Situation(box, dealer)


def deal_options_situation(rng: random.Random, rules: TwentyOneRules) -> OptionsSituation:
    """A hand about to act, for an options drill: the first two cards and the dealer's
    card of a fresh deal; a pair is sometimes shown as a hand of a split box.

    >>> from games.blackjack.rules import BlackjackRules
    >>> situation = deal_options_situation(random.Random(2), BlackjackRules())
    >>> situation == deal_options_situation(random.Random(2), BlackjackRules()), len(situation.hand)
    (True, 2)
    """
    dealt = deal_round(rng, rules)
    hand = dealt.boxes[0]
    third_card_dealt = rng.random() < 0.25
    hands_in_box = 1
    from_split_aces = False
    if card_value(hand[0]) == card_value(hand[1]) and rng.random() < 0.3:
        from_split_aces = hand[0].rank is Rank.ACE
        hands_in_box = 2 if from_split_aces else rng.randint(2, rules.max_hands)
        third_card_dealt = True
    return OptionsSituation(hand=hand, dealer=dealt.dealer_upcard, hands_in_box=hands_in_box,
                            from_split_aces=from_split_aces, third_card_dealt=third_card_dealt)
