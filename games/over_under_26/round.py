"""A round of Over/Under 26 Joker as an immutable state that knows the dealer's next action
(RULES.md OU-P0 – OU-P6; the shared base is :mod:`games.procedure`).

Public API (stable):

* :class:`OverUnderStart`: the four cards in the order they come out of the shoe, the
  boxes with their bets (:class:`BoxBet`) and each box's choice (OU-5; ``None`` on a
  first-card joker). :meth:`OverUnderStart.seeded` deals from a shuffled 164-card shoe and
  asks :class:`games.players.over_under_26.OverUnderPlayer` for the choices.
* :class:`OverUnderRound`: ``OverUnderRound.begin(start, rules, automations=...)``; then
  ``due()``, ``verify(action)``, ``apply(action)``, the triads ``can_x`` / ``verify_x`` /
  ``x`` for every dealer action, ``log``, ``finished``, ``settlement()`` (the settlement the
  round must end with, per box, from :func:`games.over_under_26.settle`) and ``paid()``
  (what the recorded actions moved so far).
* :class:`Automation`: what the state performs by itself (pokerkit's *automations*):
  ``DEALING``, ``REVEALING`` (turning the three cards and announcing), ``SETTLEMENT``
  (every pay / collect / return), ``CLEARING`` (the cards to the discard). The players'
  choices are always the state's (``ACTOR = player``): they appear in the log.

The actions and their notation (one a line, :mod:`games.procedure`)::

    deal-up card=9S                  # OU-P2: the first card, face up
    deal-down card=5H                # OU-P2: three cards face down, one a line
    choose box=1 choice=over         # OU-P4 (player): under / over / fold
    collect box=2 bet=main amount=10.00
    turn                             # OU-P5: the three cards turned
    announce total=27                # OU-P5 (OU-6)
    announce-joker                   # OU-P5 (OU-4b)
    pay box=1 bet=main amount=20.00  # OU-P6: bet=main (Ante + Under/Over bet) or bonus
    return box=1 bet=bonus amount=5.00   # OU-P3: the Bonus back on a first-card joker
    discard                          # the four cards to the discard (OU-P3: unseen)

The order (OU-P…, **(house)** where RULES.md leaves it open, documented here):

1. OU-P2: ``deal-up``, then three ``deal-down``.
2. OU-P3, first card a joker: in reverse box order each Ante paid (OU-4a, OU-W), then in
   reverse box order each Bonus returned (decision: the passes of OU-P6), then
   ``discard`` (the three cards collected unseen); the round ends.
3. OU-P4: each box in box order chooses (a player action); a fold is collected at once,
   the Ante (``bet=main``) then any Bonus.
4. OU-P5: ``turn`` and ``announce`` (the total, or ``announce-joker``) when any box is
   still in; when every box folded, the three cards are not turned (decision).
5. OU-P6, in reverse box order: every losing main bet collected, then every winning main
   bet paid, then every Bonus collected or paid (a Bonus that pays 0:1 stays, no action).
6. ``discard``.

A wrong action raises :class:`games.procedure.ProcedureError` with the rule, the action
that was due and a mistake code (:data:`MISTAKES`; words in
:mod:`games.over_under_26.round_words`).

>>> from decimal import Decimal
>>> from games.cards import parse_cards
>>> from games.procedure import format_log
>>> start = OverUnderStart(parse_cards("9S 5H 6D 7C".split()), (BoxBet(1, Decimal("10")),), (Choice.OVER,))
>>> state = OverUnderRound.begin(start, OverUnderRules(), automations=frozenset(Automation))
>>> print(format_log(state.log))
deal-up card=9S
deal-down card=5H
deal-down card=6D
deal-down card=7C
choose box=1 choice=over
turn
announce total=27
pay box=1 bet=main amount=20.00
discard
>>> state = OverUnderRound.begin(start, OverUnderRules(), automations=frozenset({Automation.DEALING}))
>>> state.due().action
Turn()
>>> state.pay(1, Stake.MAIN, Decimal("20"))
Traceback (most recent call last):
...
games.procedure.ProcedureError: settled-before-the-reveal (OU-P5): 'pay box=1 bet=main amount=20.00' refused; due: turn
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar, Final, Self

from games.cards import AnyCard, Joker
from games.errors import GameError
from games.money import ZERO, parse_money
from games.over_under_26.errors import ChoiceError, OverUnderBetError
from games.over_under_26.hand import HAND_SIZE, SHOE, verify_cards
from games.over_under_26.rules import TABLE_BOXES, OverUnderRules
from games.over_under_26.settlement import Choice, Settlement, settle, verify_bets, verify_choice
from games.players.over_under_26 import OverUnderPlayer
from games.procedure import Action, Actor, PlannedRound, Step, Vocabulary

__all__ = [
    "MAX_BOXES",
    "MISTAKES",
    "VOCABULARY",
    "Announce",
    "AnnounceJoker",
    "Automation",
    "BoxBet",
    "Choose",
    "Collect",
    "DealDown",
    "DealUp",
    "Discard",
    "OverUnderRound",
    "OverUnderStart",
    "Pay",
    "Return",
    "Stake",
    "StartError",
    "Turn",
]

MAX_BOXES: Final = TABLE_BOXES
"""OU-P0: up to seven boxes; a house may seat fewer (``OverUnderRules.max_boxes``)."""
DEFAULT_PLAYER: Final = OverUnderPlayer()


class Automation(StrEnum):
    """The dealer actions a round may perform by itself (the rest is the trainee's)."""

    DEALING = "dealing"
    REVEALING = "revealing"
    SETTLEMENT = "settlement"
    CLEARING = "clearing"


class Stake(StrEnum):
    """Which bet of a box a payment is for: the Ante with the Under/Over bet, or the Bonus."""

    MAIN = "main"
    BONUS = "bonus"


# --- the actions ------------------------------------------------------------------------


class _OverUnderAction(Action):
    STAGE: ClassVar[Automation | None] = None


@dataclass(frozen=True, slots=True)
class DealUp(_OverUnderAction):
    VERB = "deal-up"
    STAGE = Automation.DEALING
    card: AnyCard


@dataclass(frozen=True, slots=True)
class DealDown(_OverUnderAction):
    VERB = "deal-down"
    STAGE = Automation.DEALING
    card: AnyCard


@dataclass(frozen=True, slots=True)
class Choose(_OverUnderAction):
    VERB = "choose"
    ACTOR = Actor.PLAYER
    box: int
    choice: Choice


@dataclass(frozen=True, slots=True)
class Turn(_OverUnderAction):
    VERB = "turn"
    STAGE = Automation.REVEALING


@dataclass(frozen=True, slots=True)
class Announce(_OverUnderAction):
    VERB = "announce"
    STAGE = Automation.REVEALING
    total: int


@dataclass(frozen=True, slots=True)
class AnnounceJoker(_OverUnderAction):
    VERB = "announce-joker"
    STAGE = Automation.REVEALING


@dataclass(frozen=True, slots=True)
class Pay(_OverUnderAction):
    VERB = "pay"
    STAGE = Automation.SETTLEMENT
    box: int
    bet: Stake
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Collect(_OverUnderAction):
    VERB = "collect"
    STAGE = Automation.SETTLEMENT
    box: int
    bet: Stake
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Return(_OverUnderAction):
    VERB = "return"
    STAGE = Automation.SETTLEMENT
    box: int
    bet: Stake
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Discard(_OverUnderAction):
    VERB = "discard"
    STAGE = Automation.CLEARING


VOCABULARY: Final = Vocabulary.of(
    DealUp, DealDown, Choose, Turn, Announce, AnnounceJoker, Pay, Collect, Return, Discard
)
_MONEY: Final = (Pay, Collect, Return)

MISTAKES: Final = (
    "not-the-next-card",
    "first-card-face-down",
    "dealt-out-of-turn",
    "revealed-after-first-card-joker",
    "choice-taken-by-the-dealer",
    "fold-not-collected-at-once",
    "turned-after-every-fold",
    "announced-before-turning",
    "wrong-total",
    "wrong-announcement",
    "settled-before-the-reveal",
    "started-settlement-at-wrong-box",
    "settled-out-of-order",
    "paid-before-collecting",
    "bonus-before-main-bets",
    "paid-a-losing-bet",
    "collected-a-winning-bet",
    "wrong-amount",
    "wrong-bet",
    "settled-twice",
    "discarded-early",
    "round-over",
    "out-of-order",
)
"""Every mistake code a round names (the explainer words each one)."""


# --- the start --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoxBet:
    """One seated box and its bets (OU-3, OU-P1)."""

    box: int
    ante: Decimal
    bonus: Decimal = ZERO


@dataclass(frozen=True, slots=True)
class OverUnderStart:
    """What a round starts from: the four cards in shoe order, the boxes (box order), and
    each box's choice, in the same order (``None`` for every box on a first-card joker)."""

    cards: tuple[AnyCard, ...]
    boxes: tuple[BoxBet, ...]
    choices: tuple[Choice | None, ...]

    @classmethod
    def seeded(
        cls, rng: random.Random, boxes: Sequence[BoxBet], player: OverUnderPlayer = DEFAULT_PLAYER
    ) -> OverUnderStart:
        """Four cards from a freshly shuffled shoe (OU-1) and the player policy's choices."""
        cards = tuple(rng.sample(SHOE.cards(), HAND_SIZE))
        if isinstance(cards[0], Joker):
            choices: tuple[Choice | None, ...] = tuple(None for _ in boxes)
        else:
            choices = tuple(player.choose(rng, cards[0]) for _ in boxes)
        return cls(cards, tuple(boxes), choices)

    def verify(self, rules: OverUnderRules) -> None:
        """Raise :class:`StartError` naming the field unless this start can be dealt."""
        try:
            verify_cards(self.cards, count=HAND_SIZE)
        except GameError as error:
            raise StartError("cards", str(error)) from None
        seats = rules.max_boxes  # OU-P0 (house)
        if not 1 <= len(self.boxes) <= seats:
            raise StartError("boxes", f"this table seats 1 to {seats} boxes (OU-P0), not {len(self.boxes)}")
        if len(self.choices) != len(self.boxes):
            raise StartError("choices", "one choice per box")
        seen: set[int] = set()
        for index, (bet, choice) in enumerate(zip(self.boxes, self.choices, strict=True)):
            if not 1 <= bet.box <= seats or bet.box in seen:
                raise StartError(f"boxes.{index}.box", f"a box is numbered 1 to {seats}, each once (OU-P0)")
            seen.add(bet.box)
            try:
                verify_bets(parse_money(bet.ante), parse_money(bet.bonus), rules)
            except OverUnderBetError as error:
                raise StartError(f"boxes.{index}.{error.bet}", str(error)) from None
            except GameError as error:
                raise StartError(f"boxes.{index}.bonus", str(error)) from None
            try:
                verify_choice(self.cards, choice)
            except ChoiceError as error:
                raise StartError(f"boxes.{index}.choice", str(error)) from None
        if [bet.box for bet in self.boxes] != sorted(seen):
            raise StartError("boxes", "boxes are listed in box order")


class StartError(GameError):
    """A start that cannot be dealt; ``field`` names the part that is wrong."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


# --- the plan: the one right order -------------------------------------------------------


def _plan(start: OverUnderStart, rules: OverUnderRules) -> tuple[tuple[Step, ...], tuple[Settlement, ...]]:
    steps: list[Step] = [Step(DealUp(start.cards[0]), ("OU-P2", "OU-4"), "deal")]
    steps += [Step(DealDown(card), ("OU-P2", "OU-4"), "deal") for card in start.cards[1:]]
    results = tuple(
        settle(start.cards, choice, bet.ante, bet.bonus, rules)
        for bet, choice in zip(start.boxes, start.choices, strict=True)
    )
    reverse = list(zip(start.boxes, results, strict=True))[::-1]
    if isinstance(start.cards[0], Joker):
        paid = ("OU-P3", "OU-4a", "OU-W")
        steps += [Step(Pay(bet.box, Stake.MAIN, result.ante_win), paid, "joker") for bet, result in reverse]
        steps += [
            Step(Return(bet.box, Stake.BONUS, result.bets.bonus), ("OU-P3", "OU-4a"), "joker")
            for bet, result in reverse
            if result.bets.bonus > 0
        ]
        steps.append(Step(Discard(), ("OU-P3", "OU-4a"), "clear"))
        return tuple(steps), results
    for bet, result in zip(start.boxes, results, strict=True):
        assert result.choice is not None  # verify_choice
        steps.append(Step(Choose(bet.box, result.choice), ("OU-P4", "OU-5"), "choices"))
        if result.choice is Choice.FOLD:
            steps.append(Step(Collect(bet.box, Stake.MAIN, result.bets.ante), ("OU-P4", "OU-5"), "choices"))
            if result.bets.bonus > 0:
                steps.append(Step(Collect(bet.box, Stake.BONUS, result.bets.bonus), ("OU-P4", "OU-5"), "choices"))
    playing = [(bet, result) for bet, result in reverse if result.choice is not Choice.FOLD]
    if playing:
        steps.append(Step(Turn(), ("OU-P5", "OU-6"), "reveal"))
        if any(isinstance(card, Joker) for card in start.cards[1:]):
            steps.append(Step(AnnounceJoker(), ("OU-P5", "OU-4b"), "reveal"))
        else:
            total = playing[0][1].total
            assert total is not None
            steps.append(Step(Announce(total), ("OU-P5", "OU-6", "OU-2"), "reveal"))
    for bet, result in playing:
        if result.ante_win < 0:
            steps.append(
                Step(Collect(bet.box, Stake.MAIN, -result.ante_win), ("OU-P6", *result.rules[:1]), "settle-lose")
            )
    for bet, result in playing:
        if result.ante_win > 0:
            won = ("OU-P6", *result.rules[:1], "OU-W")
            steps.append(Step(Pay(bet.box, Stake.MAIN, result.ante_win), won, "settle-win"))
    for bet, result in playing:
        if result.bonus_win < 0:
            steps.append(Step(Collect(bet.box, Stake.BONUS, -result.bonus_win), ("OU-P6", "OU-10"), "settle-bonus"))
        elif result.bonus_win > 0:
            steps.append(Step(Pay(bet.box, Stake.BONUS, result.bonus_win), ("OU-P6", "OU-10"), "settle-bonus"))
    steps.append(Step(Discard(), ("OU-P6",), "clear"))
    return tuple(steps), results


# --- the round ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OverUnderRound(PlannedRound):
    """An Over/Under 26 round: the start, the course it fixes, and the actions so far."""

    start: OverUnderStart
    rules: OverUnderRules
    automations: frozenset[Automation]
    steps: tuple[Step, ...] = field(repr=False)
    results: tuple[Settlement, ...] = field(repr=False)
    log: tuple[Action, ...] = ()

    @classmethod
    def begin(
        cls, start: OverUnderStart, rules: OverUnderRules, *, automations: Iterable[Automation] = ()
    ) -> OverUnderRound:
        """The round before its first action (raises :class:`StartError` on a bad start);
        the automated actions and the players' choices due first are already applied."""
        start.verify(rules)
        steps, results = _plan(start, rules)
        state = cls(start, rules, frozenset(automations), steps, results)
        return state._advanced(state)

    # results

    def settlement(self) -> dict[int, Settlement]:
        """Box -> the settlement the round ends with (:func:`games.over_under_26.settle`)."""
        return {bet.box: result for bet, result in zip(self.start.boxes, self.results, strict=True)}

    def paid(self) -> dict[int, Decimal]:
        """Box -> the net the recorded money actions gave the player so far (a return nets 0)."""
        nets = {bet.box: ZERO for bet in self.start.boxes}
        for action in self.log:
            if isinstance(action, Pay):
                nets[action.box] += action.amount
            elif isinstance(action, Collect):
                nets[action.box] -= action.amount
        return nets

    # the triads

    def verify_deal_up(self, card: AnyCard) -> None:
        self.verify(DealUp(card))

    def can_deal_up(self, card: AnyCard) -> bool:
        return self._can(DealUp(card))

    def deal_up(self, card: AnyCard) -> Self:
        return self.apply(DealUp(card))

    def verify_deal_down(self, card: AnyCard) -> None:
        self.verify(DealDown(card))

    def can_deal_down(self, card: AnyCard) -> bool:
        return self._can(DealDown(card))

    def deal_down(self, card: AnyCard) -> Self:
        return self.apply(DealDown(card))

    def verify_turn(self) -> None:
        self.verify(Turn())

    def can_turn(self) -> bool:
        return self._can(Turn())

    def turn(self) -> Self:
        return self.apply(Turn())

    def verify_announce(self, total: int) -> None:
        self.verify(Announce(total))

    def can_announce(self, total: int) -> bool:
        return self._can(Announce(total))

    def announce(self, total: int) -> Self:
        return self.apply(Announce(total))

    def verify_announce_joker(self) -> None:
        self.verify(AnnounceJoker())

    def can_announce_joker(self) -> bool:
        return self._can(AnnounceJoker())

    def announce_joker(self) -> Self:
        return self.apply(AnnounceJoker())

    def verify_pay(self, box: int, bet: Stake, amount: Decimal) -> None:
        self.verify(Pay(box, bet, amount))

    def can_pay(self, box: int, bet: Stake, amount: Decimal) -> bool:
        return self._can(Pay(box, bet, amount))

    def pay(self, box: int, bet: Stake, amount: Decimal) -> Self:
        return self.apply(Pay(box, bet, parse_money(amount)))

    def verify_collect(self, box: int, bet: Stake, amount: Decimal) -> None:
        self.verify(Collect(box, bet, amount))

    def can_collect(self, box: int, bet: Stake, amount: Decimal) -> bool:
        return self._can(Collect(box, bet, amount))

    def collect(self, box: int, bet: Stake, amount: Decimal) -> Self:
        return self.apply(Collect(box, bet, parse_money(amount)))

    def verify_return(self, box: int, bet: Stake, amount: Decimal) -> None:
        self.verify(Return(box, bet, amount))

    def can_return(self, box: int, bet: Stake, amount: Decimal) -> bool:
        return self._can(Return(box, bet, amount))

    def return_bet(self, box: int, bet: Stake, amount: Decimal) -> Self:
        """The ``return`` action (``return`` is a Python keyword)."""
        return self.apply(Return(box, bet, parse_money(amount)))

    def verify_discard(self) -> None:
        self.verify(Discard())

    def can_discard(self) -> bool:
        return self._can(Discard())

    def discard(self) -> Self:
        return self.apply(Discard())

    # inside

    def _can(self, action: Action) -> bool:
        return self.can(action)

    def _diagnose(self, step: Step, action: Action) -> tuple[str, str, dict[str, str]]:
        due = step.action
        rule = step.rules[0]
        details = {"due": due.notation(), "attempted": action.notation()}
        if action.ACTOR is not Actor.DEALER:
            return "OU-P4", "choice-taken-by-the-dealer", details
        if isinstance(action, (DealUp, DealDown)):
            if isinstance(due, (DealUp, DealDown)) and type(action) is type(due):
                return "OU-P2", "not-the-next-card", {**details, "card": str(action.card), "next": str(due.card)}
            if isinstance(due, DealUp):
                return "OU-P2", "first-card-face-down", details
            return "OU-P2", "dealt-out-of-turn", details
        if step.phase == "deal":
            return "OU-P2", "out-of-order", details
        first_joker = isinstance(self.start.cards[0], Joker)
        if first_joker and isinstance(action, (Turn, Announce, AnnounceJoker)):
            return "OU-P3", "revealed-after-first-card-joker", {**details, "first_card": "JK"}
        if isinstance(action, Discard):
            return rule, "discarded-early", details
        if step.phase == "choices":
            if isinstance(action, Turn):
                return "OU-P4", "fold-not-collected-at-once", details
            return "OU-P4", "out-of-order", details
        if isinstance(action, (Turn, Announce, AnnounceJoker)):
            return self._diagnose_reveal(step, action, details)
        if isinstance(action, _MONEY):
            return self._diagnose_money(step, action, details)
        return rule, "out-of-order", details

    def _diagnose_reveal(self, step: Step, action: Action, details: dict[str, str]) -> tuple[str, str, dict[str, str]]:
        due = step.action
        if isinstance(action, Turn):
            if not any(isinstance(s.action, Turn) for s in self.steps):
                return "OU-P5", "turned-after-every-fold", details
            return "OU-P5", "out-of-order", details
        if isinstance(due, Turn):
            return "OU-P5", "announced-before-turning", details
        if isinstance(due, Announce) and isinstance(action, Announce):
            return "OU-6", "wrong-total", {**details, "total": str(due.total), "announced": str(action.total)}
        if isinstance(due, (Announce, AnnounceJoker)):
            return "OU-P5", "wrong-announcement", details
        return "OU-P5", "out-of-order", details

    def _diagnose_money(self, step: Step, action: Action, details: dict[str, str]) -> tuple[str, str, dict[str, str]]:
        assert isinstance(action, (Pay, Collect, Return))
        due = step.action
        if step.phase == "reveal":
            return "OU-P5", "settled-before-the-reveal", details
        if step.phase == "clear":
            settled = any(a == action for a in self.log)
            return "OU-P6", "settled-twice" if settled else "out-of-order", details
        if not isinstance(due, (Pay, Collect, Return)):
            return step.rules[0], "out-of-order", details
        if type(action) is type(due) and action.box == due.box and action.bet == due.bet:
            return step.rules[0], "wrong-amount", {**details, "amount": str(due.amount), "given": str(action.amount)}
        started = any(isinstance(a, _MONEY) for a in self.log if a not in self._fold_collections())
        if action.box != due.box and not started and step.phase.startswith("settle"):
            return (
                "OU-P6",
                "started-settlement-at-wrong-box",
                {**details, "box": str(due.box), "given": str(action.box)},
            )
        if action.box == due.box and type(action) is not type(due) and action.bet == due.bet:
            mistake = "paid-a-losing-bet" if isinstance(action, Pay) else "collected-a-winning-bet"
            return step.rules[0], mistake, details
        if action.box == due.box and action.bet != due.bet:
            return step.rules[0], "wrong-bet", details
        if step.phase == "settle-lose" and isinstance(action, Pay):
            return "OU-P6", "paid-before-collecting", details
        if step.phase in ("settle-lose", "settle-win") and action.bet is Stake.BONUS:
            return "OU-P6", "bonus-before-main-bets", details
        return step.rules[0], "settled-out-of-order", details

    def _fold_collections(self) -> tuple[Action, ...]:
        return tuple(
            step.action for step in self.steps if step.phase == "choices" and isinstance(step.action, Collect)
        )
