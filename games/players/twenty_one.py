"""The simulated player of the twenty-one family (Blackjack, Jack Switch): the one policy
behind every round (``games.blackjack.round``) and every drill that plays a box.

Two ways to play, one module:

* :class:`TwentyOnePlayer` decides one thing at a time, as a round asks: insurance, even
  money, surrender, the Switch (JS-7) and stand / hit / double / split. It plays basic
  strategy (:func:`basic_strategy`) and deviates from it now and then by difficulty
  (:meth:`TwentyOnePlayer.for_difficulty`): a deviation is another *legal* option.
* :func:`play_box` plays a whole box from its first two cards with the same decisions,
  drawing from the callables it is given: the drills deal their situations with it, with
  players whose tendencies (more splits, fewer doubles, standing or hitting a stiff hand)
  make the cases a drill wants.

Every option is checked with the engine (``games.blackjack.options.can_act``), so a
simulated player never does what the rules forbid. Randomness comes only from the
``random.Random`` passed in.

>>> from games.blackjack.options import OptionsSituation
>>> from games.blackjack.rules import BlackjackRules
>>> from games.cards import parse_card
>>> situation = OptionsSituation(hand=(parse_card("8S"), parse_card("8H")), dealer=parse_card("TD"))
>>> basic_strategy(situation, BlackjackRules())
<Play.SPLIT: 'split'>
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from games.blackjack.hand import card_value, hand_value
from games.blackjack.options import Action, OptionsSituation, can_act
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import PlayerHand, half
from games.cards import Card, Rank
from games.money import ZERO


class Play(StrEnum):
    """A hand's decision once it is its turn (BJ-P6)."""

    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"


_ACTION_OF = {Play.STAND: Action.STAND, Play.HIT: Action.HIT, Play.DOUBLE: Action.DOUBLE, Play.SPLIT: Action.SPLIT}


@functools.lru_cache(maxsize=8192)
def legal_plays(situation: OptionsSituation, rules: TwentyOneRules) -> tuple[Play, ...]:
    """The decisions the engine allows this hand now, in :class:`Play` order (cached: the
    same hand against the same card recurs in every round)."""
    return tuple(play for play in Play if can_act(situation, _ACTION_OF[play], rules))


def _pair_splits(pair_value: int, up: int) -> bool:
    if pair_value in (1, 8):
        return True
    if pair_value == 9:
        return up in (2, 3, 4, 5, 6, 8, 9)
    if pair_value in (2, 3, 7):
        return 2 <= up <= 7
    if pair_value == 6:
        return 2 <= up <= 6
    if pair_value == 4:
        return up in (5, 6)
    return False  # 5s and 10-values are never split


def _soft_play(total: int, up: int) -> Play:
    if total >= 19:
        return Play.STAND
    if total == 18:
        if 3 <= up <= 6:
            return Play.DOUBLE
        return Play.STAND if up in (2, 7, 8) else Play.HIT
    doubles_from = {13: 5, 14: 5, 15: 4, 16: 4, 17: 3}.get(total, 99)
    return Play.DOUBLE if doubles_from <= up <= 6 else Play.HIT


def _hard_play(total: int, up: int) -> Play:
    if total >= 17:
        return Play.STAND
    if total >= 13:
        return Play.STAND if 2 <= up <= 6 else Play.HIT
    if total == 12:
        return Play.STAND if 4 <= up <= 6 else Play.HIT
    if total == 11:
        return Play.DOUBLE if up != 1 else Play.HIT
    if total == 10:
        return Play.DOUBLE if 2 <= up <= 9 else Play.HIT
    if total == 9:
        return Play.DOUBLE if 3 <= up <= 6 else Play.HIT
    return Play.HIT


def basic_strategy(situation: OptionsSituation, rules: TwentyOneRules) -> Play:
    """Basic strategy for a six-deck shoe with double after split, as a chart by the
    dealer's card (an Ace counts 1 here); where the chart says double or split and the
    hand may not, it hits (or stands on a soft 18+). Always a legal play.
    """
    legal = legal_plays(situation, rules)
    cards = situation.hand
    if len(cards) == 2 and card_value(cards[0]) == card_value(cards[1]) and Play.SPLIT in legal and _pair_splits(
            card_value(cards[0]), card_value(situation.dealer)):
        return Play.SPLIT
    return _total_play(situation, legal)


def _total_play(situation: OptionsSituation, legal: tuple[Play, ...]) -> Play:
    """The chart's play for the hand's total (a pair played as a total)."""
    up = card_value(situation.dealer)
    value = situation.value
    wanted = _soft_play(value.total, up) if value.soft else _hard_play(value.total, up)
    if wanted is Play.DOUBLE and Play.DOUBLE not in legal:
        wanted = _without_double(situation)
    if wanted not in legal:
        wanted = Play.STAND if Play.STAND in legal else legal[0]
    return wanted


def _bold_double(situation: OptionsSituation) -> bool:
    """A two-card hard 9-11, or a soft 13-18 against a 3-6: where a bold player doubles."""
    value = situation.value
    up = card_value(situation.dealer)
    if len(situation.hand) != 2:
        return False
    return (not value.soft and value.total in (9, 10, 11)) or (value.soft and 13 <= value.total <= 18 and 3 <= up <= 6)


def _without_double(situation: OptionsSituation) -> Play:
    value = situation.value
    return Play.STAND if value.soft and value.total >= 18 else Play.HIT


def surrender_chart(situation: OptionsSituation) -> bool:
    """Late surrender by the chart: a hard 16 (not a pair of 8s) against a 9 or 10-value,
    a hard 15 against a 10-value."""
    value = situation.value
    up = card_value(situation.dealer)
    if value.soft or (situation.hand[0].rank is Rank.EIGHT and situation.hand[1].rank is Rank.EIGHT):
        return False
    return (value.total == 16 and up in (9, 10)) or (value.total == 15 and up == 10)


def _switch_score(cards: tuple[Card, Card], rules: TwentyOneRules, switched: bool) -> int:
    """How good a two-card start is for the player, roughly (21 and 20 best, then 11 and 10
    to double, then 19...; 12-16 worst)."""
    value = hand_value(cards, switched=switched)
    if value.blackjack:
        return 13
    order = {21: 12, 20: 11, 11: 10, 19: 9, 10: 8, 18: 7, 9: 6, 17: 4}
    if value.soft and value.total < 18:
        return 5
    return order.get(value.total, 3 if value.total <= 8 else 0)


@dataclass(frozen=True, slots=True)
class TwentyOnePlayer:
    """A simulated player: basic strategy, with tendencies and chances (0 to 1) of
    departing from it. The defaults play basic strategy exactly (and draw nothing from the
    round's ``random.Random`` for the tendencies left at their defaults)."""

    deviation: float = 0.0
    """Chance that a hand's decision is another legal one than the policy's."""
    insurance: float = 0.0
    """Chance of taking insurance when offered (basic strategy never does)."""
    even_money: float = 0.0
    """Chance of taking even money when offered."""
    surrender: float = 1.0
    """Chance of surrendering where the surrender chart says so."""
    switch: float = 1.0
    """Chance of switching where the switch makes the two boxes better."""
    split: float = 1.0
    """Chance of taking a split basic strategy calls for (0: the player never splits)."""
    extra_splits: float = 0.0
    """Chance of splitting a pair that basic strategy plays as a total."""
    double: float = 1.0
    """Chance of taking a double basic strategy calls for (0: the player never doubles)."""
    extra_doubles: float = 0.0
    """Chance of doubling a two-card hard 9-11, or a soft 13-18 against a 3-6, where basic
    strategy does not (a bold player)."""
    extra_surrenders: float = 0.0
    """Chance of surrendering a hard 13-16 the surrender chart keeps (a nervous player)."""
    stand_low: float = 0.0
    """Chance of standing on a hard 12-16 where basic strategy hits (a timid player)."""
    hit_low: float = 0.0
    """Chance of hitting a hard 12-16 where basic strategy stands (a player who draws to bust)."""

    @classmethod
    def for_difficulty(cls, difficulty: str) -> TwentyOnePlayer:
        """``easy``: basic strategy, no side decisions; ``normal``: a few deviations and
        some insurance; ``hard``: more of both (more splits and doubles to settle)."""
        if difficulty == "easy":
            return cls()
        if difficulty == "normal":
            return cls(deviation=0.1, insurance=0.2, even_money=0.3, surrender=0.8)
        if difficulty == "hard":
            return cls(deviation=0.25, insurance=0.4, even_money=0.5, surrender=0.7, switch=0.9)
        raise ValueError(f"unknown difficulty {difficulty!r} (easy, normal, hard)")

    def play(self, situation: OptionsSituation, rules: TwentyOneRules, rng: random.Random) -> Play:
        """Stand, hit, double or split: a legal play."""
        legal = legal_plays(situation, rules)
        choice = self._tendencies(situation, legal, basic_strategy(situation, rules), rng)
        if self.deviation > 0 and rng.random() < self.deviation:
            others = [play for play in legal if play is not choice]
            if others:
                return rng.choice(others)
        return choice

    def _tendencies(self, situation: OptionsSituation, legal: tuple[Play, ...], choice: Play,
                    rng: random.Random) -> Play:
        if choice is Play.SPLIT:
            if self.split < 1 and rng.random() >= self.split:
                choice = _total_play(situation, legal)
        elif Play.SPLIT in legal and self.extra_splits > 0 and rng.random() < self.extra_splits:
            return Play.SPLIT
        value = situation.value
        if choice is Play.DOUBLE and self.double < 1 and rng.random() >= self.double:
            wanted = _without_double(situation)
            choice = wanted if wanted in legal else choice
        elif (choice is not Play.SPLIT and Play.DOUBLE in legal and self.extra_doubles > 0 and _bold_double(situation)
              and rng.random() < self.extra_doubles):
            return Play.DOUBLE
        if value.soft or not 12 <= value.total <= 16:
            return choice
        if choice is Play.HIT and Play.STAND in legal and self.stand_low > 0 and rng.random() < self.stand_low:
            return Play.STAND
        if choice is Play.STAND and Play.HIT in legal and self.hit_low > 0 and rng.random() < self.hit_low:
            return Play.HIT
        return choice

    def insures(self, bet: Decimal, rng: random.Random) -> Decimal:
        """The insurance stake on ``bet`` (0 to decline): up to half the bet (BJ-I1)."""
        if self.insurance <= 0 or rng.random() >= self.insurance:
            return ZERO
        most = half(bet)
        return most if rng.random() < 0.7 or most < Decimal(2) else half(most)

    def takes_even_money(self, rng: random.Random) -> bool:
        return self.even_money > 0 and rng.random() < self.even_money

    def surrenders(self, situation: OptionsSituation, rules: TwentyOneRules, rng: random.Random) -> bool:
        if not can_act(situation, Action.SURRENDER, rules):
            return False
        if surrender_chart(situation):
            return rng.random() < self.surrender
        value = situation.value
        if self.extra_surrenders > 0 and not value.soft and 13 <= value.total <= 16:
            return rng.random() < self.extra_surrenders
        return False

    def switches(self, first: tuple[Card, Card], second: tuple[Card, Card], rules: TwentyOneRules,
                 rng: random.Random) -> bool:
        """Whether to exchange the second cards of two paired boxes (JS-7): when the two
        hands after the switch score better than as dealt."""
        before = _switch_score(first, rules, False) + _switch_score(second, rules, False)
        after = (_switch_score((first[0], second[1]), rules, True)
                 + _switch_score((second[0], first[1]), rules, True))
        return after > before and rng.random() < self.switch


# --- a whole box (the drills' dealing) -------------------------------------------------


def play_box(first: tuple[Card, Card], upcard: Card, rules: TwentyOneRules, rng: random.Random,
             player: TwentyOnePlayer, *, draw: Callable[[], Card], second_card: Callable[[Card, bool], Card],
             switched: bool = False) -> tuple[PlayerHand, ...]:
    """Play a box from its first two cards as a round plays it (BJ-P6: split hands in turn,
    each split hand's second card when its turn comes, split Aces one card each), every
    decision :meth:`TwentyOnePlayer.play`'s. ``draw()`` gives the next card;
    ``second_card(split card, split Aces)`` the second card of a split hand.

    >>> from games.blackjack.rules import BlackjackRules
    >>> from games.cards import parse_card
    >>> cards = iter(parse_card(c) for c in "9D TC 5H".split())
    >>> hands = play_box((parse_card("8S"), parse_card("8H")), parse_card("TD"), BlackjackRules(),
    ...                  random.Random(1), TwentyOnePlayer(), draw=lambda: next(cards),
    ...                  second_card=lambda card, aces: next(cards))
    >>> [" ".join(map(str, hand.cards)) for hand in hands]
    ['8S 9D', '8H TC']
    """
    pending: list[list[Card]] = [list(first)]
    finished: list[PlayerHand] = []
    split_aces = False
    while pending:
        cards = pending.pop(0)
        if len(cards) == 1:
            cards.append(second_card(cards[0], split_aces))
            if split_aces:  # BJ-S3: one card each
                finished.append(PlayerHand(tuple(cards)))
                continue
        doubled = False
        while not doubled and not hand_value(cards, split_hand=bool(finished or pending), switched=switched).bust:
            situation = OptionsSituation(
                hand=tuple(cards), dealer=upcard, hands_in_box=len(finished) + len(pending) + 1,
                from_split_aces=split_aces, third_card_dealt=True, switched=switched,
            )
            if legal_plays(situation, rules) in ((), (Play.STAND,)):
                break
            play = player.play(situation, rules, rng)
            if play is Play.STAND:
                break
            if play is Play.SPLIT:
                split_aces = cards[0].rank is Rank.ACE
                pending[0:0] = [[cards[0]], [cards[1]]]
                cards = []
                break
            doubled = play is Play.DOUBLE
            cards.append(draw())
        if cards:
            finished.append(PlayerHand(tuple(cards), doubled))
    return tuple(finished)
