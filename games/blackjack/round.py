"""A round of Blackjack or Jack Switch as an immutable state that knows the dealer's next
legal action (in the manner of pokerkit's ``State``). Jack Switch is the same mechanism
under :class:`~games.jack_switch.rules.JackSwitchRules` (its traits: side bets, the
Switch, the 22 push); nothing is copied.

Public API (stable):

* **Start.** ``TwentyOneRound.start(rules, boxes, shoe, *, players=TwentyOnePlayer(),
  seed=0, pairs=(), limits=TableLimits(), irregularities=(), automations=PLAYERS_ONLY)``
  with ``boxes`` a tuple of :class:`BoxBet` (box position 1-7, bet, ``pair_bonus``,
  ``super_match``), ``shoe`` the cards in the order they come out, ``players`` the policy
  (:class:`~games.players.twenty_one.TwentyOnePlayer`) or :class:`Decisions` listed in
  advance, ``pairs`` Jack Switch's paired boxes. ``TwentyOneRound.seeded(seed, rules,
  boxes, difficulty=..., ...)`` shuffles the shoe from the seed and plays the players by the
  difficulty's policy. An impossible start raises :class:`StartError` naming the field.
* **Automations** (a frozenset of :class:`Automation`): what the state performs by itself.
  ``PLAYERS`` (the players' decisions and the table's events) is always on for a trainee;
  :data:`EVERYTHING_TO_TRAINEE` = players only, :data:`ONLY_DEALING` leaves the cards to the
  trainee, :data:`ONLY_SETTLEMENT` leaves the chips, :data:`NOTHING_AUTOMATIC` is for
  replaying a stored log verbatim.
* **The state.** ``log`` (every action so far, automatic ones included), ``finished``,
  ``due()`` (the one right next action and its rule IDs, ``None`` at the end),
  ``verify(action)`` (raises :class:`~games.procedure.ProcedureError`), ``can(action)``,
  ``apply(action)`` (the next state), and per action kind the triad ``verify_x`` /
  ``can_x`` / ``x``: ``deal(box, card, hand=None)``, ``deal_dealer(card)``,
  ``offer_insurance(box)``, ``offer_even_money(box)``, ``exchange(box)``, ``sideways(box)``,
  ``announce(total, blackjack=None)``, ``pay / collect / return_stake(box, amount, hand=None,
  bet=None)``, ``refuse_bet(box)``. ``table`` is what a page draws (:class:`TableView`),
  ``settlement`` each box's :class:`~games.blackjack.settle.BoxSettlement` and the side
  bets: what the round ends with, known from the start.
* **Notation.** :data:`VOCABULARY` with ``games.procedure.format_log`` / ``parse_log``.

>>> from games.blackjack.rules import BlackjackRules
>>> from games.cards import parse_card
>>> from games.procedure import format_log, play_out
>>> shoe = tuple(parse_card(c) for c in "TH 5S 9C TD 7D".split())
>>> start = TwentyOneRound.start(BlackjackRules(), (BoxBet(1, Decimal("25")),), shoe)
>>> start.due().action.notation()
'deal box=1 card=TH'
>>> end = play_out(start)
>>> print(format_log(end.log))
deal box=1 card=TH
deal-dealer card=5S
deal box=1 card=9C
stand box=1
deal-dealer card=TD
deal-dealer card=7D
announce total=22
pay box=1 amount=25.00
>>> start.deal(box=1, card=parse_card("TH")).deal_dealer(card=parse_card("9C"))
Traceback (most recent call last):
...
games.procedure.ProcedureError: card-not-next (BJ-P2): 'deal-dealer card=9C' refused; due: deal-dealer card=5S
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from decimal import Decimal
from typing import Final

from games.blackjack.round_actions import (
    VOCABULARY,
    Announce,
    Automation,
    Collect,
    Deal,
    DealDealer,
    Exchange,
    OfferEvenMoney,
    OfferInsurance,
    Pay,
    RefuseBet,
    Return,
    RoundAction,
    Sideways,
    Stake,
)
from games.blackjack.round_mistakes import diagnose, same_action
from games.blackjack.round_script import Phase, Script, SideBetResult, Step, TableView, build_script
from games.blackjack.round_start import (
    BoxBet,
    DecisionError,
    Decisions,
    Players,
    RoundStart,
    ShoeExhaustedError,
    StartError,
    TableLimits,
    sorted_pairs,
    verify_start,
)
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import BoxSettlement
from games.cards import Card
from games.players.twenty_one import TwentyOnePlayer
from games.procedure import Action, Due, ProcedureError

__all__ = [
    "EVERYTHING_TO_TRAINEE",
    "NOTHING_AUTOMATIC",
    "ONLY_DEALING",
    "ONLY_SETTLEMENT",
    "VOCABULARY",
    "Automation",
    "BoxBet",
    "DecisionError",
    "Decisions",
    "Phase",
    "RoundStart",
    "ShoeExhaustedError",
    "StartError",
    "TableLimits",
    "TableView",
    "TwentyOneRound",
]

EVERYTHING_TO_TRAINEE: Final = frozenset({Automation.PLAYERS})
ONLY_DEALING: Final = frozenset({Automation.PLAYERS, Automation.CALLS, Automation.SETTLEMENT})
"""The trainee deals every card; offers, calls and chips are done for them."""
ONLY_SETTLEMENT: Final = frozenset({Automation.PLAYERS, Automation.DEALING, Automation.CALLS})
"""The trainee moves every chip; cards and calls are done for them."""
NOTHING_AUTOMATIC: Final = frozenset[Automation]()
"""Every action, the players' too, must be applied: for replaying a stored log."""


class TwentyOneRound:
    """A round's state: its right sequence (worked out once from the start), how far it
    has gone, and what it performs by itself. Immutable: every action returns a new state."""

    __slots__ = ("_automations", "_position", "_script")

    def __init__(self, script: Script, position: int, automations: frozenset[Automation]) -> None:
        self._script = script
        self._automations = automations
        steps = script.steps
        while position < len(steps) and _automation(steps[position].action) in automations:
            position += 1
        self._position = position

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: TwentyOneRules,
        boxes: Iterable[BoxBet],
        shoe: Iterable[Card],
        *,
        players: Players | None = None,
        seed: int = 0,
        pairs: Iterable[tuple[int, int]] = (),
        limits: TableLimits | None = None,
        irregularities: Iterable[Action] = (),
        automations: Iterable[Automation] = EVERYTHING_TO_TRAINEE,
    ) -> TwentyOneRound:
        """A round about to be dealt (raises :class:`StartError`, :class:`DecisionError` or
        :class:`ShoeExhaustedError` on a start that cannot be played)."""
        from games.blackjack.round_actions import LateBet

        late = tuple(irregularities)
        if not all(isinstance(item, LateBet) for item in late):
            raise StartError("late_bets", "only late bets can be injected")
        start = RoundStart(
            rules=rules, boxes=tuple(boxes), shoe=tuple(shoe), players=players or TwentyOnePlayer(), seed=seed,
            pairs=sorted_pairs(pairs), limits=limits or TableLimits(),
            irregularities=tuple(item for item in late if isinstance(item, LateBet)),
        )
        return cls.from_start(start, automations)

    @classmethod
    def from_start(cls, start: RoundStart, automations: Iterable[Automation] = EVERYTHING_TO_TRAINEE
                   ) -> TwentyOneRound:
        verify_start(start)
        return cls(build_script(start), 0, frozenset(automations))

    @classmethod
    def seeded(
        cls,
        seed: int,
        rules: TwentyOneRules,
        boxes: Iterable[BoxBet],
        *,
        difficulty: str = "normal",
        pairs: Iterable[tuple[int, int]] = (),
        limits: TableLimits | None = None,
        irregularities: Iterable[Action] | None = None,
        automations: Iterable[Automation] = EVERYTHING_TO_TRAINEE,
    ) -> TwentyOneRound:
        """A round from a shoe shuffled by ``seed``, the players playing the difficulty's policy.
        Without ``irregularities``, a ``hard`` round now and then has a late bet pushed onto an
        empty box, which the dealer must refuse (BJ-P1)."""
        items = tuple(boxes)
        shoe = [card for card in rules.shoe.shuffled(random.Random(seed)) if isinstance(card, Card)]
        if irregularities is None:
            irregularities = _injected(seed, difficulty, items, limits or TableLimits())
        return cls.start(rules, items, shoe, players=TwentyOnePlayer.for_difficulty(difficulty), seed=seed,
                         pairs=pairs, limits=limits, irregularities=irregularities, automations=automations)

    def with_automations(self, automations: Iterable[Automation]) -> TwentyOneRound:
        """The same round at the same point, performing other actions by itself."""
        return TwentyOneRound(self._script, self._position, frozenset(automations))

    def restart(self, automations: Iterable[Automation] | None = None) -> TwentyOneRound:
        """This round before its first action."""
        return TwentyOneRound(self._script, 0, self._automations if automations is None else frozenset(automations))

    # -- the Round protocol ----------------------------------------------------------------

    @property
    def start_of_round(self) -> RoundStart:
        return self._script.start

    @property
    def rules(self) -> TwentyOneRules:
        return self._script.start.rules

    @property
    def automations(self) -> frozenset[Automation]:
        return self._automations

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self._script.steps[: self._position])

    @property
    def finished(self) -> bool:
        return self._position >= len(self._script.steps)

    @property
    def position(self) -> int:
        """How many actions have been applied."""
        return self._position

    def due(self) -> Due | None:
        if self.finished:
            return None
        step = self._script.steps[self._position]
        return Due(step.action, step.rules)

    def due_step(self) -> Step | None:
        """The due action with its phase and purpose."""
        return None if self.finished else self._script.steps[self._position]

    def remaining(self) -> tuple[Step, ...]:
        """Every step from here to the end, the automatic ones included."""
        return self._script.steps[self._position:]

    def verify(self, action: Action) -> None:
        if self.finished or not same_action(action, self._script.steps[self._position].action):
            raise diagnose(self._script, self._position, action)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except ProcedureError:
            return False
        return True

    def apply(self, action: Action) -> TwentyOneRound:
        self.verify(action)
        return TwentyOneRound(self._script, self._position + 1, self._automations)

    # -- what a page draws ---------------------------------------------------------------

    @property
    def table(self) -> TableView:
        return self._script.views[self._position]

    @property
    def dealer_final(self) -> tuple[Card, ...]:
        """The dealer's hand at the end of the round."""
        return self._script.dealer

    @property
    def settlement(self) -> tuple[tuple[int, BoxSettlement], ...]:
        """(box, settle_box's settlement) for every box: what the round ends with."""
        return self._script.settlements

    @property
    def side_bets(self) -> tuple[SideBetResult, ...]:
        return self._script.side_bets

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TwentyOneRound):
            return NotImplemented
        return (self._script.start == other._script.start and self._position == other._position
                and self._automations == other._automations)

    def __hash__(self) -> int:
        return hash((self._position, self._automations, len(self._script.steps)))

    def __repr__(self) -> str:
        due = self.due()
        return f"<TwentyOneRound {self.rules.GAME} step {self._position}, due: {due.action.notation() if due else '-'}>"

    # -- the triads --------------------------------------------------------------------

    def verify_deal(self, *, box: int, card: Card, hand: int | None = None) -> None:
        self.verify(Deal(box=box, hand=hand, card=card))

    def can_deal(self, *, box: int, card: Card, hand: int | None = None) -> bool:
        return self.can(Deal(box=box, hand=hand, card=card))

    def deal(self, *, box: int, card: Card, hand: int | None = None) -> TwentyOneRound:
        return self.apply(Deal(box=box, hand=hand, card=card))

    def verify_deal_dealer(self, *, card: Card) -> None:
        self.verify(DealDealer(card=card))

    def can_deal_dealer(self, *, card: Card) -> bool:
        return self.can(DealDealer(card=card))

    def deal_dealer(self, *, card: Card) -> TwentyOneRound:
        return self.apply(DealDealer(card=card))

    def verify_offer_insurance(self, *, box: int) -> None:
        self.verify(OfferInsurance(box=box))

    def can_offer_insurance(self, *, box: int) -> bool:
        return self.can(OfferInsurance(box=box))

    def offer_insurance(self, *, box: int) -> TwentyOneRound:
        return self.apply(OfferInsurance(box=box))

    def verify_offer_even_money(self, *, box: int) -> None:
        self.verify(OfferEvenMoney(box=box))

    def can_offer_even_money(self, *, box: int) -> bool:
        return self.can(OfferEvenMoney(box=box))

    def offer_even_money(self, *, box: int) -> TwentyOneRound:
        return self.apply(OfferEvenMoney(box=box))

    def verify_exchange(self, *, box: int) -> None:
        self.verify(Exchange(box=box))

    def can_exchange(self, *, box: int) -> bool:
        return self.can(Exchange(box=box))

    def exchange(self, *, box: int) -> TwentyOneRound:
        return self.apply(Exchange(box=box))

    def verify_sideways(self, *, box: int) -> None:
        self.verify(Sideways(box=box))

    def can_sideways(self, *, box: int) -> bool:
        return self.can(Sideways(box=box))

    def sideways(self, *, box: int) -> TwentyOneRound:
        return self.apply(Sideways(box=box))

    def verify_announce(self, *, total: int, blackjack: bool | None = None) -> None:
        self.verify(Announce(total=total, blackjack=blackjack))

    def can_announce(self, *, total: int, blackjack: bool | None = None) -> bool:
        return self.can(Announce(total=total, blackjack=blackjack))

    def announce(self, *, total: int, blackjack: bool | None = None) -> TwentyOneRound:
        return self.apply(Announce(total=total, blackjack=blackjack))

    def verify_pay(self, *, box: int, amount: Decimal, hand: int | None = None, bet: Stake | None = None) -> None:
        self.verify(Pay(box=box, hand=hand, bet=bet, amount=amount))

    def can_pay(self, *, box: int, amount: Decimal, hand: int | None = None, bet: Stake | None = None) -> bool:
        return self.can(Pay(box=box, hand=hand, bet=bet, amount=amount))

    def pay(self, *, box: int, amount: Decimal, hand: int | None = None, bet: Stake | None = None) -> TwentyOneRound:
        return self.apply(Pay(box=box, hand=hand, bet=bet, amount=amount))

    def verify_collect(self, *, box: int, amount: Decimal, hand: int | None = None, bet: Stake | None = None) -> None:
        self.verify(Collect(box=box, hand=hand, bet=bet, amount=amount))

    def can_collect(self, *, box: int, amount: Decimal, hand: int | None = None, bet: Stake | None = None) -> bool:
        return self.can(Collect(box=box, hand=hand, bet=bet, amount=amount))

    def collect(self, *, box: int, amount: Decimal, hand: int | None = None,
                bet: Stake | None = None) -> TwentyOneRound:
        return self.apply(Collect(box=box, hand=hand, bet=bet, amount=amount))

    def verify_return_stake(self, *, box: int, amount: Decimal, hand: int | None = None,
                            bet: Stake | None = None) -> None:
        self.verify(Return(box=box, hand=hand, bet=bet, amount=amount))

    def can_return_stake(self, *, box: int, amount: Decimal, hand: int | None = None,
                         bet: Stake | None = None) -> bool:
        return self.can(Return(box=box, hand=hand, bet=bet, amount=amount))

    def return_stake(self, *, box: int, amount: Decimal, hand: int | None = None,
                     bet: Stake | None = None) -> TwentyOneRound:
        return self.apply(Return(box=box, hand=hand, bet=bet, amount=amount))

    def verify_refuse_bet(self, *, box: int) -> None:
        self.verify(RefuseBet(box=box))

    def can_refuse_bet(self, *, box: int) -> bool:
        return self.can(RefuseBet(box=box))

    def refuse_bet(self, *, box: int) -> TwentyOneRound:
        return self.apply(RefuseBet(box=box))


LATE_BET_CHANCE: Final = 0.25


def _injected(seed: int, difficulty: str, boxes: tuple[BoxBet, ...], limits: TableLimits) -> tuple[Action, ...]:
    """The irregularities of a seeded round: a late bet on an empty box, at hard only."""
    from games.blackjack.round_actions import LateBet

    rng = random.Random(f"irregularities:{seed}")  # its own stream: the shoe and players stay as they are
    empty = [box for box in range(1, 8) if all(item.box != box for item in boxes)]
    if difficulty != "hard" or not empty or rng.random() >= LATE_BET_CHANCE:
        return ()
    return (LateBet(box=rng.choice(empty), amount=limits.minimum),)


def _automation(action: Action) -> Automation:
    return action.AUTOMATION if isinstance(action, RoundAction) else Automation.PLAYERS
