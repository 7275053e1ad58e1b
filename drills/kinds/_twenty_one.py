"""Shared parts of the twenty-one family's drill kinds (``drills.kinds.blackjack`` and
``drills.kinds.jack_switch``): bets by difficulty, a draw pile that can be steered towards
the cases a drill wants, a box played to the end by the one player policy
(``games.players.twenty_one``; the drills choose players by their tendencies and steer
only the cards), the dealer's hand,
and the dealer hit-or-stand kind both games drill (boxes and settling: ``_boxes``).

Not a kind module: the registry skips modules whose name starts with ``_``. Every rule
is the engine's (``games.blackjack``, ``games.jack_switch``); this module only deals
cards and words prompts. Randomness comes only from the ``random.Random`` passed in.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, TypeVar

from drills.kinds.base import (
    JSON,
    AnswerField,
    CardGroup,
    Difficulty,
    DrillKind,
    Family,
    FieldType,
    NamedMistake,
    Prompt,
    Scenario,
    Solution,
)
from drills.kinds.messages import gettext_noop
from games.blackjack.deal import shuffled_shoe
from games.blackjack.dealer import DealerAction, dealer_action, dealer_must_hit, verify_dealer_hand
from games.blackjack.errors import SituationError
from games.blackjack.hand import card_value, hand_value
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import PlayerHand
from games.blackjack.words import dealer_reason, hard_17_with_ace, soft_17_confusion
from games.cards import Card, Rank, format_cards, parse_standard_card
from games.money import format_money
from games.players import twenty_one as players
from games.players.twenty_one import TwentyOnePlayer
from games.reasons import Reason

R = TypeVar("R", bound=TwentyOneRules)

EASY_BETS = ("10", "20", "25", "50", "100")
NORMAL_BETS = ("10", "15", "20", "25", "30", "35", "40", "50", "75", "100")
HARD_BETS = ("35", "25.50", "17.50", "12.50", "45", "7.50", "65", "15", "27.50", "105", "55", "22.50")
"""Odd amounts for hard drills: 3:2 and halves land on 25 and 75 cents (never a fraction of
a cent, so no rounding question hides in the drill)."""

YES_NO = (("yes", gettext_noop("Yes")), ("no", gettext_noop("No")))

def draw_bet(rng: random.Random, difficulty: Difficulty) -> Decimal:
    """A bet for the difficulty: round amounts when easy, odd ones when hard."""
    choices = {Difficulty.EASY: EASY_BETS, Difficulty.NORMAL: NORMAL_BETS + HARD_BETS[:4],
               Difficulty.HARD: HARD_BETS}[difficulty]
    return Decimal(rng.choice(choices))


def cards_of(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_standard_card(text) for text in texts)


def words(cards: Sequence[Card]) -> str:
    return " ".join(format_cards(cards))


def plain_money(amount: Decimal) -> str:
    """``25`` for whole amounts, ``25.50`` otherwise (table limits read this way)."""
    return str(int(amount)) if amount == amount.to_integral_value() else format_money(amount)


def house_values(rules: TwentyOneRules) -> tuple[tuple[str, str], ...]:
    """The house values a settling dealer needs to know (BJ-5 / JS-3, BJ-8 / JS-5)."""
    soft = gettext_noop("hits soft 17") if rules.dealer_hits_soft_17 else gettext_noop("stands on soft 17")
    return (
        (gettext_noop("Blackjack pays"), str(rules.blackjack_pays)),
        (gettext_noop("Insurance pays"), str(rules.insurance_pays)),
        (gettext_noop("Dealer"), soft),
    )


def with_class_traits(rules: R, **traits: Any) -> R:
    """``rules`` with some fixed traits of its game changed (``DEALER_PUSH_TOTAL``...): a
    subclass of its class, the same house values. Named mistakes run the engine under it."""
    base = type(rules)
    wrong = dataclasses.make_dataclass(f"Wrong{base.__name__}", [], bases=(base,), frozen=True, namespace=traits)
    values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    result: R = wrong(**values)
    return result


# --- dealing -----------------------------------------------------------------------


class DrawPile:
    """The game's shoe shuffled by ``rng``: cards are drawn in order, or the next card
    matching a wish is taken out of it (a stacked deck: every situation stays possible in
    the shoe, since each card is taken from it at most once)."""

    def __init__(self, rng: random.Random, rules: TwentyOneRules) -> None:
        self._cards = shuffled_shoe(rng, rules)

    def next(self) -> Card:
        return self._cards.pop()

    def find(self, wanted: Callable[[Card], bool]) -> Card | None:
        for card in reversed(self._cards):
            if wanted(card):
                return card
        return None

    def take(self, wanted: Callable[[Card], bool]) -> Card:
        """The next card matching ``wanted`` (the next card when none does)."""
        for index in range(len(self._cards) - 1, -1, -1):
            if wanted(self._cards[index]):
                return self._cards.pop(index)
        return self.next()

    def value(self, value: int) -> Card:
        """The next card of this blackjack value (1 for an Ace, 10 for T J Q K)."""
        return self.take(lambda card: card_value(card) == value)

    def rank(self, *ranks: Rank) -> Card:
        return self.take(lambda card: card.rank in ranks)

    def put_back(self, cards: Sequence[Card]) -> None:
        """Return cards to the bottom of the pile (a redrawn hand's cards)."""
        self._cards[0:0] = cards

    def stream(self) -> Iterator[Card]:
        while True:
            yield self.next()


@dataclasses.dataclass(frozen=True)
class Steer:
    """How a drill steers the cards of a split hand (not the player's decisions: those are
    the policy's): chances from 0 to 1."""

    double: float = 0.0
    """Give a split hand a second card that makes it a 9-11 (a double may follow)."""
    ten: float = 0.0
    """Give a split hand a 10-value as its second card (split Aces: 21, not blackjack)."""


NO_STEER = Steer()


def _second_card(pile: DrawPile, first: Card, split_aces: bool, steer: Steer, rng: random.Random) -> Card:
    if steer.ten and rng.random() < steer.ten:
        return pile.value(10)
    if steer.double and not split_aces and rng.random() < steer.double:
        start = card_value(first)
        return pile.take(lambda card: card.rank is not Rank.ACE and 9 <= start + card_value(card) <= 11)
    return pile.next()


def play_box(pile: DrawPile, first: tuple[Card, Card], upcard: Card, rules: TwentyOneRules, rng: random.Random,
             player: TwentyOnePlayer, steer: Steer = NO_STEER, *, switched: bool = False) -> tuple[PlayerHand, ...]:
    """A box played from its first two cards by the one simulated player
    (``games.players.twenty_one.play_box``), its cards drawn from ``pile`` (a split hand's
    second card steered by ``steer``)."""
    return players.play_box(
        first, upcard, rules, rng, player, draw=pile.next,
        second_card=lambda card, split_aces: _second_card(pile, card, split_aces, steer, rng), switched=switched,
    )


def finish_dealer(pile: DrawPile, upcard: Card, rules: TwentyOneRules, rng: random.Random,
                  want: Callable[[tuple[Card, ...]], bool] | None = None, steer: float = 0.7) -> tuple[Card, ...]:
    """The dealer's hand from ``upcard``, drawn as BJ-8 / JS-5 say. With ``want``, the
    draws are steered (each time a card would finish the hand as wanted, it is taken with
    chance ``steer``) and the hand is redrawn until it ends as wanted."""
    for _ in range(200):
        hand: tuple[Card, ...] = (upcard,)
        while dealer_must_hit(hand_value(hand), rules):
            finishing = None
            if want is not None and rng.random() < steer:
                finishing = pile.find(_finishes(hand, want, rules))
            hand = (*hand, pile.take(finishing.__eq__) if finishing is not None else pile.next())
        if want is None or want(hand):
            return hand
        pile.put_back(hand[1:])
    raise RuntimeError("no dealer hand as wanted")  # pragma: no cover: steering finds one at once


def _finishes(hand: tuple[Card, ...], want: Callable[[tuple[Card, ...]], bool],
              rules: TwentyOneRules) -> Callable[[Card], bool]:
    """Whether a card ends the dealer's hand (BJ-8 / JS-5) as wanted."""
    return lambda card: want((*hand, card)) and not dealer_must_hit(hand_value((*hand, card)), rules)


def dealer_total_is(total: int) -> Callable[[tuple[Card, ...]], bool]:
    return lambda cards: hand_value(cards).total == total


def dealer_blackjack(cards: tuple[Card, ...]) -> bool:
    return hand_value(cards).blackjack


# --- the dealer's hit or stand (BJ-8, JS-5) ----------------------------------------------

SOFT_17 = ((1, 6), (1, 1, 5), (1, 2, 4), (1, 3, 3), (1, 1, 1, 4), (1, 1, 2, 3), (1, 2, 2, 2))
SOFT_18 = ((1, 7), (1, 2, 5), (1, 3, 4), (1, 1, 6), (1, 2, 2, 3), (1, 1, 1, 5))
HARD_17_WITH_ACE = ((10, 6, 1), (9, 7, 1), (8, 8, 1), (10, 5, 1, 1), (5, 5, 6, 1), (4, 2, 10, 1), (1, 6, 10))
SIXTEEN_WITH_ACE = ((1, 5), (1, 2, 3), (1, 1, 4), (10, 5, 1), (9, 6, 1), (1, 5, 10), (1, 4, 1, 10))


def _compose(pile: DrawPile, rng: random.Random, rules: TwentyOneRules,
             shapes: Sequence[Sequence[int]]) -> tuple[Card, ...]:
    """A dealer hand of one of these values (1 = Ace) in an order the dealer could have
    drawn it under ``rules``."""
    for _ in range(100):
        values = list(rng.choice(shapes))
        rng.shuffle(values)
        cards = tuple(pile.value(value) for value in values)
        try:
            verify_dealer_hand(cards, rules, finished=False)
        except SituationError:
            continue
        return cards
    raise RuntimeError("no dealer hand of these shapes")  # pragma: no cover: every shape has a valid order


def _natural_dealer_hand(pile: DrawPile, rng: random.Random, rules: TwentyOneRules,
                         keep: Callable[[tuple[Card, ...]], bool]) -> tuple[Card, ...]:
    """A dealer hand stopped at a random point of the draw (two cards or more)."""
    while True:
        hand: list[Card] = [pile.next(), pile.next()]
        prefixes = [tuple(hand)]
        while dealer_must_hit(hand_value(hand), rules):
            hand.append(pile.next())
            prefixes.append(tuple(hand))
        candidates = [prefix for prefix in prefixes if keep(prefix)]
        if candidates:
            return rng.choice(candidates)


DEALER_LABELS = {DealerAction.HIT: gettext_noop("Hit"), DealerAction.STAND: gettext_noop("Stand")}
DEALER_CHOICES = tuple((action.value, DEALER_LABELS[action]) for action in DealerAction)
"""The dealer's choices, from the engine's enum."""

BLACKJACK_SETTLE_FAMILIES = (
    Family("dealer-blackjack", "Dealer blackjack: only the original bet lost", ("BJ-O",)),
    Family("split", "Split hands", ("BJ-S1", "BJ-S2", "BJ-S3", "BJ-S4")),
    Family("double", "Doubled hands", ("BJ-D1", "BJ-D2")),
    Family("surrender", "Surrender", ("BJ-R1",)),
    Family("even-money", "Even money", ("BJ-E",)),
    Family("insurance", "Insurance", ("BJ-I1", "BJ-I2")),
    Family("blackjack", "Player blackjack", ("BJ-10", "BJ-4")),
    Family("bust", "Player bust", ("BJ-3",)),
    Family("dealer-bust", "Dealer bust", ("BJ-9",)),
)
"""Families of a box settlement, most specific first (a split hand that doubled is a split)."""


class DealerActionKind(DrillKind[R]):
    """Does the dealer hit or stand? (BJ-8 / JS-5: H17 is the rule set's value.)"""

    target_seconds = 5
    families = (Family("dealer-bust", "The dealer busts", ("BJ-3",)),)
    general_label = gettext_noop("Draw or stand")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: R) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        if difficulty is Difficulty.EASY:
            cards = _natural_dealer_hand(pile, rng, rules, lambda hand: not hand_value(hand).soft)
        elif difficulty is Difficulty.NORMAL:
            cards = _natural_dealer_hand(pile, rng, rules, lambda hand: True)
        else:
            roll = rng.random()
            shapes = SOFT_17 if roll < 0.45 else SOFT_18 if roll < 0.6 else (
                HARD_17_WITH_ACE if roll < 0.8 else SIXTEEN_WITH_ACE)
            cards = _compose(pile, rng, rules, shapes)
        return {"cards": format_cards(cards)}

    def solve(self, situation: Mapping[str, JSON], rules: R) -> Solution:
        cards = cards_of(situation["cards"])
        ruled = dealer_action(cards, rules)
        return Solution(key={"action": ruled.value.value}, rules=ruled.rule_ids,
                        reasons=(dealer_reason(cards, rules),))

    def prompt(self, situation: Mapping[str, JSON], rules: R) -> Prompt:
        soft = (
            gettext_noop("hits soft 17")
            if rules.dealer_hits_soft_17
            else gettext_noop("stands on all 17s, soft 17 included")
        )
        return Prompt(
            question=gettext_noop("Every box has played. Does the dealer draw another card or stand?"),
            cards=(CardGroup("dealer", gettext_noop("Dealer"), tuple(situation["cards"])),),
            facts=((gettext_noop("This house's dealer"), soft),),
        )

    def fields(self, situation: Mapping[str, JSON], rules: R) -> tuple[AnswerField, ...]:
        return (AnswerField("action", gettext_noop("Dealer"), FieldType.CHOICE, choices=DEALER_CHOICES),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "dealer-action", {"cards": situation["cards"]}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"action": answer["action"]}

    def mistakes(self, rules: R) -> Sequence[NamedMistake]:
        def other_soft_17_rule(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            wrong = dataclasses.replace(rules, dealer_hits_soft_17=not rules.dealer_hits_soft_17)
            return {"action": dealer_action(cards_of(situation["cards"]), wrong).value.value}

        def ace_always_soft(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = cards_of(situation["cards"])
            value = hand_value(cards)
            if value.size < 2 or value.bust or not any(card.rank is Rank.ACE for card in cards):
                return None
            hits = dealer_must_hit(dataclasses.replace(value, soft=True), rules)
            return {"action": (DealerAction.HIT if hits else DealerAction.STAND).value}

        return (
            NamedMistake("dealer-soft-17-rule", soft_17_confusion(rules), other_soft_17_rule),
            NamedMistake("dealer-hard-17-with-ace-as-soft", hard_17_with_ace(rules), ace_always_soft),
        )

    def shapes(self, scenario: Scenario, answer: Mapping[str, JSON],
               rules: R) -> tuple[str, tuple[Reason, ...]] | None:
        """The other choice: why the dealer must draw (below 17, soft 17 where the house hits
        it, one card) or must stand (17 or more, bust), from the engine."""
        due = scenario.solution.key["action"]
        if answer.get("action") == due:
            return None
        reason = dealer_reason(cards_of(scenario.situation["cards"]), rules)
        return f"dealer-must-{due}", (reason,)
