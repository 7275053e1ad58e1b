"""A round of Joker's Wild Pai Gow poker as an immutable state that knows the dealer's next
action (RULES.md PG-P1 – PG-P6; the shared base is :mod:`games.procedure`).

Public API (stable):

* :class:`PaiGowStart`: the 54 cards in the order they come out of the deck, the three
  dice, the player-dealer's bank, the seats (:class:`Seat`: position 2–7 and bet), every
  hand's setting (position 1 is the player-dealer) and the irregularities a scenario
  injects (:data:`games.pai_gow.procedures.DealEvent`). :meth:`PaiGowStart.seeded` shuffles
  the deck, rolls the dice and asks :class:`games.players.pai_gow.PaiGowPlayer` for the
  settings; :meth:`PaiGowStart.of` takes listed settings (missing ones: the house way).
* :class:`PaiGowRound`: ``PaiGowRound.begin(start, rules, automations=...)``; ``due()``,
  ``verify(action)``, ``apply(action)``, the triads ``can_x`` / ``verify_x`` / ``x`` for
  every dealer action, ``log``, ``finished``, ``settlement()`` (the
  :class:`~games.pai_gow.showdown.TableSettlement` of ``settle_table``, ``None`` on a
  misdeal) and ``paid()`` (what the recorded money actions moved, per position).
* :class:`Automation`: the stages the state performs by itself: ``ANNOUNCING`` (the dice
  total and the Action button), ``DEALING`` (set-aside, deliveries, dead hands, a
  replacement card), ``CALLING`` (the ruling on an irregularity), ``OPENING`` (the
  player-dealer's hand), ``SETTLEMENT``, ``CLEARING``. The dice and the players' settings
  are always the state's (``ACTOR`` table / player).

The actions and their notation (one a line)::

    roll dice=3,4,5                        # PG-P2 (table)
    announce total=12 position=5           # PG-P2: the total and the first position
    set-aside cards=AS,KD,7H,2C,JK         # PG-P3: the five left-over cards, unseen
    deliver position=5 cards=AH,...        # PG-P3: a stack of seven, clockwise
    call ruling=replace-exposed-card       # PG-5 – PG-8 (games.pai_gow.procedures.rule_deal)
    replace position=3 exposed=7H card=AS  # PG-8: the first left-over card for an exposed one
    discard-dead position=4                # PG-P3: a hand at an empty position, unseen
    button position=5                      # PG-P4 (PG-4)
    set position=5 high=...  low=...       # PG-P5 (player)
    open-bank                              # PG-P5: the player-dealer's hand, once all are set
    reset-bank high=... low=...            # PG-17: a fouled player-dealer hand set the house way
    collect position=5 amount=10.00        # PG-P6: a losing or fouled hand's covered bet
    pay position=6 amount=10.00            # PG-P6: a winning hand's covered bet
    fee position=6 amount=0.50             # PG-F: the collection fee of a hand in action
    return position=7 amount=40.00         # PG-1: the part of a bet the bank does not cover
    clear                                  # the cards to the discard

The order (**(house)** decisions where RULES.md leaves it open):

1. ``roll``, ``announce`` (PG-P2); ``set-aside`` then the seven ``deliver`` clockwise from
   the first position, empty positions included (PG-P3; a house that delivers only to the
   seated positions, ``stacks_to_empty_positions`` off, puts an empty position's stack in
   the discard in its turn, ``discard-dead``, and has no later ``discard-dead``). Stack *k*
   is cards 7k+1 … 7k+7 of the deck order (decision), the five after them are the
   left-over cards.
2. When the scenario injects irregularities, they are known once the last stack is
   delivered and ``call`` is due then, with the ruling of ``rule_deal`` (one rule, one
   place): a misdeal ends the round (``clear``; every bet stays, nothing is paid);
   ``redeliver`` (PG-7) delivers the seven stacks again; an exposed card is replaced by the
   first left-over card (PG-8); a boxed card was replaced at once, so its stack already
   holds the next card (the boxed card is not dealt and the left-over cards are four).
   The hands that play "the logical way" (PG-5: every player hand; PG-7 with one player
   having looked: the Action hand, decision) are set by the house way.
3. ``discard-dead`` for each empty position in delivery order; ``button`` (PG-P4).
4. The players set, clockwise from the Action position (player actions); ``open-bank``;
   the player-dealer sets (house way by the policy); ``reset-bank`` if that setting fouls.
5. Settlement clockwise from the Action button (PG-P6, PG-1): per hand, ``pay`` or
   ``collect`` the covered amount (nothing on a push), then its ``fee`` (PG-F), then the
   ``return`` of the uncovered part; the player-dealer's own fee last; then ``clear``.

>>> import random
>>> from decimal import Decimal
>>> from games.procedure import play_out
>>> start = PaiGowStart.seeded(random.Random(7), (Seat(3, Decimal("10")), Seat(6, Decimal("25"))), Decimal("100"))
>>> state = play_out(PaiGowRound.begin(start, PaiGowRules()))
>>> state.paid() == {hand.position: hand.win for hand in state.settlement().hands}
True
>>> PaiGowRound.begin(start, PaiGowRules()).due().action.notation()
'announce total=11 position=4'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final, Self

from games.cards import AnyCard
from games.errors import GameError, ImpossibleCardsError
from games.money import ZERO, parse_money
from games.pai_gow.codes import DECK
from games.pai_gow.dice import POSITIONS, action_position, first_hand_position
from games.pai_gow.procedures import (
    BoxedCard,
    DealEvent,
    DealOutcome,
    DealRuling,
    ExposedCard,
    WrongSpots,
    rule_deal,
    verify_events,
)
from games.pai_gow.round_actions import (
    MISTAKES,
    MONEY_ACTIONS,
    VOCABULARY,
    AnnounceDice,
    Automation,
    Button,
    Call,
    Clear,
    Collect,
    Deliver,
    DiscardDead,
    Fee,
    OpenBank,
    Pay,
    Replace,
    ResetBank,
    Return,
    Roll,
    SetAside,
    SetHand,
)
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import Setting, check_foul, house_way
from games.pai_gow.showdown import Result, TableHand, TableSettlement, payment_order, settle_table
from games.players.pai_gow import PaiGowPlayer, player_dealer_sets
from games.procedure import Action, Actor, PlannedRound, Step

__all__ = [
    "MISTAKES",
    "VOCABULARY",
    "AnnounceDice",
    "Automation",
    "Button",
    "Call",
    "Clear",
    "Collect",
    "Deliver",
    "DiscardDead",
    "Fee",
    "OpenBank",
    "PaiGowRound",
    "PaiGowStart",
    "Pay",
    "Replace",
    "ResetBank",
    "Return",
    "Roll",
    "Seat",
    "SetAside",
    "SetHand",
    "StartError",
    "deal_hands",
    "hands_of",
]

STACK: Final = 7
STACKS: Final = 7
PLAYER_DEALER: Final = 1
DEFAULT_PLAYER: Final = PaiGowPlayer()


# --- the start --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player position (2 to 7) and its bet (PG-P1)."""

    position: int
    bet: Decimal


class StartError(GameError):
    """A start that cannot be dealt; ``field`` names the part that is wrong."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True, slots=True)
class _Deal:
    """The cards as the deal leaves them (events applied)."""

    stacks: tuple[tuple[AnyCard, ...], ...]
    """In delivery order: stack k goes to ``positions[k]``."""
    positions: tuple[int, ...]
    left_over: tuple[AnyCard, ...]
    hands: Mapping[int, tuple[AnyCard, ...]]
    """Position -> the seven cards it plays (after any PG-8 replacement)."""
    exposed: tuple[int, AnyCard, AnyCard] | None
    """(position, exposed card, its replacement) under PG-8."""
    outcome: DealOutcome | None


def _deal(deck: Sequence[AnyCard], dice: Sequence[int], events: Sequence[DealEvent]) -> _Deal:
    cards = list(deck)
    for event in events:
        if isinstance(event, BoxedCard):
            cards.remove(event.card)  # replaced at once by the next card (PG-8)
    first = first_hand_position(sum(dice))
    positions = tuple((first - 1 + k) % POSITIONS + 1 for k in range(STACKS))
    stacks = tuple(tuple(cards[STACK * k : STACK * (k + 1)]) for k in range(STACKS))
    left_over = tuple(cards[STACK * STACKS :])
    hands = {position: stack for position, stack in zip(positions, stacks, strict=True)}
    outcome = rule_deal(events) if events else None
    exposed = None
    if outcome is not None and outcome.ruling is DealRuling.REPLACE_EXPOSED_CARD:
        card = next(event.card for event in events if isinstance(event, ExposedCard))
        position = next(position for position, hand in hands.items() if card in hand)
        hand = list(hands[position])
        hand[hand.index(card)] = left_over[0]
        hands[position] = tuple(hand)
        exposed = (position, card, left_over[0])
    return _Deal(stacks, positions, left_over, hands, exposed, outcome)


@dataclass(frozen=True, slots=True)
class PaiGowStart:
    """What a round starts from (module doc). ``settings`` maps every seated position and
    the player-dealer's (1) to the hand's setting; the hands that play the logical way
    (PG-5, PG-7) are set by the house way whatever is listed for them."""

    deck: tuple[AnyCard, ...]
    dice: tuple[int, int, int]
    bank: Decimal
    seats: tuple[Seat, ...]
    settings: tuple[tuple[int, Setting], ...]
    events: tuple[DealEvent, ...] = ()

    @classmethod
    def seeded(
        cls,
        rng: random.Random,
        seats: Sequence[Seat],
        bank: Decimal,
        *,
        player: PaiGowPlayer = DEFAULT_PLAYER,
        rules: PaiGowRules | None = None,
        events: Sequence[DealEvent] = (),
    ) -> PaiGowStart:
        """A shuffled deck, three dice and the player policy's settings."""
        rules = rules or PaiGowRules()
        deck = tuple(DECK.shuffled(rng))
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        _verify_deck_and_dice(deck, dice, events)  # e.g. an exposed card that fell among the left-over five
        hands = _deal(deck, dice, events).hands
        settings = [(PLAYER_DEALER, player_dealer_sets(hands[PLAYER_DEALER], rules))]
        settings += [(seat.position, player.set_hand(rng, hands[seat.position], rules)) for seat in seats]
        return cls(deck, dice, bank, tuple(seats), tuple(settings), tuple(events))

    @classmethod
    def of(
        cls,
        deck: Sequence[AnyCard],
        dice: Sequence[int],
        bank: Decimal,
        seats: Sequence[Seat],
        settings: Mapping[int, Setting] | None = None,
        *,
        rules: PaiGowRules | None = None,
        events: Sequence[DealEvent] = (),
    ) -> PaiGowStart:
        """A start from listed settings; a hand without one is set by the house way.
        Raises :class:`StartError` when the deck or dice cannot deal."""
        rules = rules or PaiGowRules()
        _verify_deck_and_dice(deck, dice, events)
        hands = _deal(deck, dice, events).hands
        listed = dict(settings or {})
        chosen = tuple(
            (position, listed.get(position) or house_way(hands[position], rules).setting)
            for position in (PLAYER_DEALER, *(seat.position for seat in seats))
        )
        first, second, third = dice
        return cls(tuple(deck), (first, second, third), bank, tuple(seats), chosen, tuple(events))

    def verify(self) -> None:
        """Raise :class:`StartError` naming the field unless this start can be dealt."""
        _verify_deck_and_dice(self.deck, self.dice, self.events)
        try:
            parse_money(self.bank)
        except GameError as error:
            raise StartError("bank", str(error)) from None
        if not self.seats:
            raise StartError("seats", "a round needs at least one seated player (positions 2 to 7)")
        seen: set[int] = set()
        for index, seat in enumerate(self.seats):
            if not 2 <= seat.position <= POSITIONS or seat.position in seen:
                raise StartError(
                    f"seats.{index}.position", "a seat is a position 2 to 7 (1 is the player-dealer), each once"
                )
            seen.add(seat.position)
            try:
                bet = parse_money(seat.bet)
            except GameError as error:
                raise StartError(f"seats.{index}.bet", str(error)) from None
            if bet == 0:
                raise StartError(f"seats.{index}.bet", "a seated player has a bet (PG-P1)")
        hands = _deal(self.deck, self.dice, self.events).hands
        listed = dict(self.settings)
        for index, position in enumerate((PLAYER_DEALER, *(seat.position for seat in self.seats))):
            name = "bank_setting" if position == PLAYER_DEALER else f"seats.{index - 1}.setting"
            setting = listed.get(position)
            if setting is None:
                raise StartError(name, "every hand needs its setting")
            if sorted(map(str, setting.cards)) != sorted(map(str, hands[position])):
                dealt = " ".join(map(str, hands[position]))
                raise StartError(name, f"sets other cards than the hand dealt to position {position} ({dealt})")


def _verify_deck_and_dice(deck: Sequence[AnyCard], dice: Sequence[int], events: Sequence[DealEvent]) -> None:
    if len(deck) != DECK.size:
        raise StartError("deck", f"the deck holds {DECK.size} cards in the order they come out, not {len(deck)}")
    try:
        DECK.verify(deck)
    except ImpossibleCardsError as error:
        raise StartError("deck", str(error)) from None
    if len(dice) != 3 or any(isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6 for die in dice):
        raise StartError("dice", "three dice, each 1 to 6 (PG-3)")
    try:
        verify_events(events)
    except GameError as error:
        raise StartError("events", str(error)) from None
    exposed = [event.card for event in events if isinstance(event, ExposedCard)]
    boxed = [event.card for event in events if isinstance(event, BoxedCard)]
    for card in exposed:
        if card in boxed:
            raise StartError("events", f"{card} cannot be both boxed and exposed")
        remaining = list(deck)
        for gone in boxed:
            remaining.remove(gone)
        if card not in remaining[: STACK * STACKS]:
            raise StartError("events", f"{card} is exposed on the deal, so it is in one of the seven stacks")
    if sum(isinstance(event, WrongSpots) for event in events) > 1:
        raise StartError("events", "one wrong-spots event a deal")


# --- the course: the one right order -----------------------------------------------------


def _course(start: PaiGowStart, rules: PaiGowRules) -> tuple[tuple[Step, ...], TableSettlement | None]:
    deal = _deal(start.deck, start.dice, start.events)
    total = sum(start.dice)
    occupied = [seat.position for seat in start.seats]
    steps = [
        Step(Roll(start.dice), ("PG-P2", "PG-3"), "dice"),
        Step(AnnounceDice(total, deal.positions[0]), ("PG-P2", "PG-3"), "dice"),
        Step(SetAside(deal.left_over), ("PG-P3", "PG-0"), "deal"),
    ]
    live = {PLAYER_DEALER, *occupied}
    to_every_position = rules.stacks_to_empty_positions  # PG-P3 (house)
    steps += [
        Step(Deliver(p, s), ("PG-P3", "PG-3"), "deal") if to_every_position or p in live
        else Step(DiscardDead(p), ("PG-P3",), "deal")
        for p, s in zip(deal.positions, deal.stacks, strict=True)
    ]
    outcome = deal.outcome
    action, _ = action_position(total, occupied)
    logical: set[int] = set()
    if outcome is not None:
        steps.append(Step(Call(outcome.ruling), outcome.rules, "call"))
        if outcome.ruling is DealRuling.MISDEAL:
            steps.append(Step(Clear(), ("PG-6",), "clear"))
            return tuple(steps), None
        if "PG-7" in outcome.rules:
            steps += [
                Step(Deliver(p, s), ("PG-7",), "redeal")
                for p, s in zip(deal.positions, deal.stacks, strict=True)
                if to_every_position or p in live
            ]
        if deal.exposed is not None and (to_every_position or deal.exposed[0] in live):
            position, exposed, card = deal.exposed
            steps.append(Step(Replace(position, exposed, card), ("PG-8",), "replace"))
        if "PG-5" in outcome.rules:
            logical.update(occupied)
        elif outcome.logical_way:
            logical.add(action)  # PG-7: the Action hand, the one pushed to the wrong spot
    if to_every_position:
        steps += [Step(DiscardDead(p), ("PG-P3",), "dead") for p in deal.positions if p not in live]
    steps.append(Step(Button(action), ("PG-P4", "PG-4"), "button"))
    settings = dict(start.settings)
    for position in logical:
        settings[position] = house_way(deal.hands[position], rules).setting
    order = payment_order(action, occupied)
    for position in order:
        setting = settings[position]
        steps.append(Step(SetHand(position, setting.high, setting.low), ("PG-P5",), "set"))
    steps.append(Step(OpenBank(), ("PG-P5", "PG-5"), "open"))
    bank_setting = settings[PLAYER_DEALER]
    steps.append(Step(SetHand(PLAYER_DEALER, bank_setting.high, bank_setting.low), ("PG-P5",), "open"))
    if check_foul(bank_setting, rules).fouled:
        reset = house_way(bank_setting.cards, rules).setting
        steps.append(Step(ResetBank(reset.high, reset.low), ("PG-17", "PG-H"), "open"))
    bets = {seat.position: parse_money(seat.bet) for seat in start.seats}
    table = settle_table(
        bank_setting, parse_money(start.bank), action, [TableHand(p, settings[p], bets[p]) for p in order], rules
    )
    for hand in table.hands:
        steps += _hand_settlement(hand.position, hand.showdown.result, hand.covered, hand.showdown.fee, hand.returned,
                                  hand.showdown.rules)  # fmt: skip
    if table.banker_fee:
        steps.append(Step(Fee(PLAYER_DEALER, table.banker_fee), ("PG-P6", "PG-F"), "settle"))
    steps.append(Step(Clear(), ("PG-P6",), "clear"))
    return tuple(steps), table


def _hand_settlement(
    position: int, result: Result, covered: Decimal, fee: Decimal, returned: Decimal, applied: tuple[str, ...]
) -> list[Step]:
    rules = ("PG-P6", "PG-1", *applied)
    steps: list[Step] = []
    if covered > 0 and result is Result.WIN:
        steps.append(Step(Pay(position, covered), rules, "settle"))
    elif covered > 0 and result in (Result.LOSE, Result.FOUL):
        steps.append(Step(Collect(position, covered), rules, "settle"))
    if fee > 0:
        steps.append(Step(Fee(position, fee), ("PG-P6", "PG-F"), "settle"))
    if returned > 0:
        steps.append(Step(Return(position, returned), ("PG-P6", "PG-1"), "settle"))
    return steps


# --- the round ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PaiGowRound(PlannedRound):
    """A Pai Gow round: the start, the course it fixes, and the actions so far."""

    start: PaiGowStart
    rules: PaiGowRules
    automations: frozenset[Automation]
    steps: tuple[Step, ...] = field(repr=False)
    table: TableSettlement | None = field(repr=False)
    log: tuple[Action, ...] = ()

    @classmethod
    def begin(cls, start: PaiGowStart, rules: PaiGowRules, *, automations: Iterable[Automation] = ()) -> PaiGowRound:
        """The round before its first dealer action (raises :class:`StartError`); the dice,
        the automated actions and the players' settings due first are already applied."""
        start.verify()
        steps, table = _course(start, rules)
        state = cls(start, rules, frozenset(automations), steps, table)
        return state._advanced(state)

    def settlement(self) -> TableSettlement | None:
        """What the round ends with (``settle_table``); ``None`` after a misdeal (PG-6)."""
        return self.table

    def paid(self) -> dict[int, Decimal]:
        """Player position -> the net the recorded money actions gave it (returns net 0)."""
        nets = {seat.position: ZERO for seat in self.start.seats}
        for action in self.log:
            if isinstance(action, Pay) and action.position in nets:
                nets[action.position] += action.amount
            elif isinstance(action, (Collect, Fee)) and action.position in nets:
                nets[action.position] -= action.amount
        return nets

    # the triads

    def verify_announce(self, total: int, position: int) -> None:
        self.verify(AnnounceDice(total, position))

    def can_announce(self, total: int, position: int) -> bool:
        return self.can(AnnounceDice(total, position))

    def announce(self, total: int, position: int) -> Self:
        return self.apply(AnnounceDice(total, position))

    def verify_set_aside(self, cards: Sequence[AnyCard]) -> None:
        self.verify(SetAside(tuple(cards)))

    def can_set_aside(self, cards: Sequence[AnyCard]) -> bool:
        return self.can(SetAside(tuple(cards)))

    def set_aside(self, cards: Sequence[AnyCard]) -> Self:
        return self.apply(SetAside(tuple(cards)))

    def verify_deliver(self, position: int, cards: Sequence[AnyCard]) -> None:
        self.verify(Deliver(position, tuple(cards)))

    def can_deliver(self, position: int, cards: Sequence[AnyCard]) -> bool:
        return self.can(Deliver(position, tuple(cards)))

    def deliver(self, position: int, cards: Sequence[AnyCard]) -> Self:
        return self.apply(Deliver(position, tuple(cards)))

    def verify_call(self, ruling: DealRuling) -> None:
        self.verify(Call(ruling))

    def can_call(self, ruling: DealRuling) -> bool:
        return self.can(Call(ruling))

    def call(self, ruling: DealRuling) -> Self:
        return self.apply(Call(ruling))

    def verify_replace(self, position: int, exposed: AnyCard, card: AnyCard) -> None:
        self.verify(Replace(position, exposed, card))

    def can_replace(self, position: int, exposed: AnyCard, card: AnyCard) -> bool:
        return self.can(Replace(position, exposed, card))

    def replace(self, position: int, exposed: AnyCard, card: AnyCard) -> Self:
        return self.apply(Replace(position, exposed, card))

    def verify_discard_dead(self, position: int) -> None:
        self.verify(DiscardDead(position))

    def can_discard_dead(self, position: int) -> bool:
        return self.can(DiscardDead(position))

    def discard_dead(self, position: int) -> Self:
        return self.apply(DiscardDead(position))

    def verify_button(self, position: int) -> None:
        self.verify(Button(position))

    def can_button(self, position: int) -> bool:
        return self.can(Button(position))

    def button(self, position: int) -> Self:
        return self.apply(Button(position))

    def verify_open_bank(self) -> None:
        self.verify(OpenBank())

    def can_open_bank(self) -> bool:
        return self.can(OpenBank())

    def open_bank(self) -> Self:
        return self.apply(OpenBank())

    def verify_reset_bank(self, setting: Setting) -> None:
        self.verify(ResetBank(setting.high, setting.low))

    def can_reset_bank(self, setting: Setting) -> bool:
        return self.can(ResetBank(setting.high, setting.low))

    def reset_bank(self, setting: Setting) -> Self:
        return self.apply(ResetBank(setting.high, setting.low))

    def verify_pay(self, position: int, amount: Decimal) -> None:
        self.verify(Pay(position, amount))

    def can_pay(self, position: int, amount: Decimal) -> bool:
        return self.can(Pay(position, amount))

    def pay(self, position: int, amount: Decimal) -> Self:
        return self.apply(Pay(position, parse_money(amount)))

    def verify_collect(self, position: int, amount: Decimal) -> None:
        self.verify(Collect(position, amount))

    def can_collect(self, position: int, amount: Decimal) -> bool:
        return self.can(Collect(position, amount))

    def collect(self, position: int, amount: Decimal) -> Self:
        return self.apply(Collect(position, parse_money(amount)))

    def verify_fee(self, position: int, amount: Decimal) -> None:
        self.verify(Fee(position, amount))

    def can_fee(self, position: int, amount: Decimal) -> bool:
        return self.can(Fee(position, amount))

    def fee(self, position: int, amount: Decimal) -> Self:
        return self.apply(Fee(position, parse_money(amount)))

    def verify_return(self, position: int, amount: Decimal) -> None:
        self.verify(Return(position, amount))

    def can_return(self, position: int, amount: Decimal) -> bool:
        return self.can(Return(position, amount))

    def return_bet(self, position: int, amount: Decimal) -> Self:
        """The ``return`` action (``return`` is a Python keyword)."""
        return self.apply(Return(position, parse_money(amount)))

    def verify_clear(self) -> None:
        self.verify(Clear())

    def can_clear(self) -> bool:
        return self.can(Clear())

    def clear(self) -> Self:
        return self.apply(Clear())

    # the diagnosis

    def _diagnose(self, step: Step, action: Action) -> tuple[str, str, dict[str, str]]:
        due = step.action
        details = {"due": due.notation(), "attempted": action.notation()}
        if action.ACTOR is not Actor.DEALER:
            return "PG-P5", "out-of-order", details
        phase = step.phase
        if isinstance(due, AnnounceDice) and isinstance(action, AnnounceDice):
            if action.total != due.total:
                return "PG-3", "wrong-dice-total", {**details, "total": str(due.total), "given": str(action.total)}
            return (
                "PG-3",
                "wrong-first-position",
                {**details, "position": str(due.position), "given": str(action.position)},
            )
        if isinstance(action, Deliver) and isinstance(due, DiscardDead) and action.position == due.position:
            return "PG-P3", "delivered-to-an-empty-position", {**details, "position": str(due.position)}
        if isinstance(action, DiscardDead) and isinstance(due, Deliver) and action.position == due.position:
            live = {PLAYER_DEALER, *(seat.position for seat in self.start.seats)}
            if due.position not in live:
                return "PG-P3", "skipped-an-empty-position", {**details, "position": str(due.position)}
        if isinstance(action, (SetAside, Deliver)) and isinstance(due, (SetAside, Deliver)):
            return self._diagnose_delivery(due, action, details)
        if isinstance(due, Call):
            if isinstance(action, Call):
                return (
                    due_rule(step),
                    "wrong-ruling",
                    {**details, "ruling": due.ruling.value, "given": action.ruling.value},
                )
            return due_rule(step), "irregularity-not-called", {**details, "ruling": due.ruling.value}
        if isinstance(action, Call):
            return "PG-P3", "called-without-irregularity", details
        if self.table is None and phase == "clear":
            return "PG-6", "settled-after-a-misdeal", details
        if isinstance(due, Replace):
            return "PG-8", "exposed-card-not-replaced", details
        if isinstance(due, DiscardDead):
            if isinstance(action, DiscardDead):
                return "PG-P3", "discarded-a-live-hand", details
            return "PG-P3", "dead-hand-not-discarded", {**details, "position": str(due.position)}
        if isinstance(action, DiscardDead):
            return "PG-P3", "discarded-a-live-hand", details
        if isinstance(due, Button) and isinstance(action, Button):
            return (
                "PG-4",
                "button-at-wrong-position",
                {**details, "position": str(due.position), "given": str(action.position)},
            )
        if isinstance(action, OpenBank):
            return "PG-5", "opened-bank-early", details
        if isinstance(due, ResetBank):
            return "PG-17", "bank-hand-not-reset", details
        if isinstance(action, ResetBank):
            return "PG-17", "reset-a-valid-bank-hand", details
        if isinstance(action, MONEY_ACTIONS):
            return self._diagnose_money(step, action, details)
        if isinstance(action, Clear):
            return step.rules[0], "cleared-early", details
        return step.rules[0], "out-of-order", details

    def _diagnose_delivery(
        self, due: SetAside | Deliver, action: SetAside | Deliver, details: dict[str, str]
    ) -> tuple[str, str, dict[str, str]]:
        if type(action) is not type(due):
            return "PG-P3", "out-of-order", details
        if action.cards != due.cards:  # the next stack is the next stack: other cards cannot come
            return "PG-P3", "not-the-next-stack", details
        assert isinstance(due, Deliver)
        assert isinstance(action, Deliver)
        given = {**details, "position": str(due.position), "given": str(action.position)}
        if not any(isinstance(done, Deliver) for done in self.log):
            return "PG-3", "started-the-deal-at-wrong-position", given
        occupied = {PLAYER_DEALER, *(seat.position for seat in self.start.seats)}
        if due.position not in occupied:
            return "PG-P3", "skipped-an-empty-position", given
        return "PG-P3", "delivered-out-of-order", given

    def _diagnose_money(self, step: Step, action: Action, details: dict[str, str]) -> tuple[str, str, dict[str, str]]:
        assert isinstance(action, (Pay, Collect, Fee, Return))
        due = step.action
        if step.phase != "settle":
            if step.phase in ("open", "set", "button", "dead", "call", "replace", "redeal"):
                return "PG-P6", "settled-before-the-bank-was-opened", details
            return step.rules[0], "out-of-order", details
        assert isinstance(due, (Pay, Collect, Fee, Return))
        given = {**details, "position": str(due.position), "given": str(action.position)}
        started = any(isinstance(done, MONEY_ACTIONS) for done in self.log)
        if action.position != due.position:
            if not started:
                return "PG-1", "started-settlement-at-wrong-position", given
            if isinstance(due, Fee):
                return "PG-F", "fee-not-taken", given
            if isinstance(due, Return):
                return "PG-1", "uncovered-not-returned", given
            return "PG-1", "settled-out-of-order", given
        if type(action) is type(due):
            return step.rules[0], "wrong-amount", {**details, "amount": str(due.amount), "given": str(action.amount)}
        if isinstance(due, Collect) and isinstance(action, Pay):
            fouled = "PG-12" in step.rules or "PG-13" in step.rules
            return ("PG-12" if fouled else "PG-C"), "paid-a-fouled-hand" if fouled else "paid-a-losing-hand", details
        if isinstance(due, Pay) and isinstance(action, Collect):
            return "PG-C", "collected-a-winning-hand", details
        if isinstance(due, Fee):
            return "PG-F", "fee-not-taken", details
        if isinstance(due, Return):
            return "PG-1", "uncovered-not-returned", details
        if isinstance(action, (Pay, Collect)):
            return "PG-C", "settled-a-push", details
        return step.rules[0], "out-of-order", details


def due_rule(step: Step) -> str:
    """The deciding rule of a step: the first of its rule IDs."""
    return step.rules[0] if step.rules else "PG-P3"


def hands_of(start: PaiGowStart) -> dict[int, tuple[AnyCard, ...]]:
    """Position -> the seven cards it plays, as the deal leaves them (the player policy
    and the door's listed settings are checked against these)."""
    return dict(_deal(start.deck, start.dice, start.events).hands)


def deal_hands(
    deck: Sequence[AnyCard], dice: Sequence[int], events: Sequence[DealEvent] = ()
) -> dict[int, tuple[AnyCard, ...]]:
    """The same for a deck and dice before a start exists (raises :class:`StartError`)."""
    _verify_deck_and_dice(deck, dice, events)
    return dict(_deal(deck, dice, events).hands)
