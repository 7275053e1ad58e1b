"""The one right sequence of a twenty-one round, worked out from its start.

RULES.md "Procedures of a round" (BJ-P1 ... BJ-P10, JS-P5, JS-P6) fixes one order, and the
players' decisions depend only on the cards, so a start determines every action of the
round: each step's action, the rule IDs that call for it, its phase and its purpose (what
the step is for, which the mistake diagnosis reads), and the table after it. The final
settlement of each box is :func:`games.blackjack.settle.settle_box`'s (one rule, one
place); the payments made at once come from :func:`games.blackjack.settle.dealer_payout`,
and what is left of each hand's result is settled in the BJ-P9 passes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from games.blackjack.dealer import dealer_must_hit
from games.blackjack.hand import hand_value, is_ten_value
from games.blackjack.options import Action as Option
from games.blackjack.options import OptionsSituation, can_act
from games.blackjack.round_actions import (
    Announce,
    Collect,
    Deal,
    DealDealer,
    Double,
    Exchange,
    Hit,
    Insure,
    NoEvenMoney,
    NoInsurance,
    NoSwitch,
    OfferEvenMoney,
    OfferInsurance,
    Pay,
    RefuseBet,
    Return,
    RoundAction,
    Sideways,
    Split,
    Stake,
    Stand,
    Surrender,
    Switch,
    TakeEvenMoney,
)
from games.blackjack.round_start import DecisionError, Decisions, RoundStart, ShoeExhaustedError
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import (
    BlackjackTiming,
    Box,
    BoxSettlement,
    PayoutKind,
    PlayerHand,
    blackjack_timing,
    dealer_payout,
    half,
    settle_box,
)
from games.cards import Card, Rank
from games.money import ZERO
from games.players.twenty_one import Play, TwentyOnePlayer, legal_plays


class Phase(StrEnum):
    DEAL = "deal"
    SIDE_BETS = "side-bets"
    OFFERS = "offers"
    SURRENDERS = "surrenders"
    PLAY = "play"
    DEALER = "dealer"
    SETTLEMENT = "settlement"


class Purpose(StrEnum):
    """What a step is for (the diagnosis of a wrong action reads it)."""

    CARD = "card"
    LATE_BET = "late-bet"
    SIDE_BET = "side-bet"
    OFFER = "offer"
    DECISION = "decision"
    EVEN_MONEY = "even-money"
    SURRENDER = "surrender"
    SWITCH = "switch"
    BLACKJACK_NOW = "blackjack-now"
    BUST = "bust"
    DEALER_CARD = "dealer-card"
    ANNOUNCE = "announce"
    INSURANCE = "insurance"
    LOSE = "lose"
    WIN = "win"
    RETURN = "return"


@dataclass(frozen=True, slots=True)
class Step:
    action: RoundAction
    rules: tuple[str, ...]
    phase: Phase
    purpose: Purpose


@dataclass(frozen=True, slots=True)
class HandView:
    cards: tuple[Card, ...]
    doubled: bool = False
    sideways: bool = False
    finished: bool = False
    """Stood, bust, doubled, 21, or settled: it takes no more cards."""
    taken: bool = False
    """Its cards were taken (a bust, a surrender, a blackjack paid at once)."""


@dataclass(frozen=True, slots=True)
class BoxView:
    box: int
    bet: Decimal
    hands: tuple[HandView, ...]
    insurance: Decimal = ZERO
    even_money: bool = False
    surrendered: bool = False
    switched: bool = False
    paid: Decimal = ZERO
    collected: Decimal = ZERO
    returned: Decimal = ZERO


@dataclass(frozen=True, slots=True)
class TableView:
    """The table after a step: what a page draws."""

    boxes: tuple[BoxView, ...]
    dealer: tuple[Card, ...]
    phase: Phase
    cards_dealt: int
    """How many cards have come out of the shoe."""

    def box(self, number: int) -> BoxView:
        for view in self.boxes:
            if view.box == number:
                return view
        raise KeyError(number)


@dataclass(frozen=True, slots=True)
class SideBetResult:
    box: int
    bet: Stake
    stake: Decimal
    combination: str
    win: Decimal
    """The winnings paid, or minus the stake collected."""


@dataclass(frozen=True, slots=True)
class Script:
    """A round's right sequence: steps, the table before each step and after the last
    (``views[i]`` is before step ``i``), and the settlement it ends with."""

    start: RoundStart
    steps: tuple[Step, ...]
    views: tuple[TableView, ...]
    dealer: tuple[Card, ...]
    settlements: tuple[tuple[int, BoxSettlement], ...]
    side_bets: tuple[SideBetResult, ...]


# --- the simulation ----------------------------------------------------------------------


@dataclass
class _Hand:
    cards: list[Card]
    doubled: bool = False
    sideways: bool = False
    finished: bool = False
    taken: bool = False
    paid: Decimal = ZERO
    collected: Decimal = ZERO
    returned: Decimal = ZERO

    @property
    def moved(self) -> Decimal:
        return self.paid - self.collected


@dataclass
class _Box:
    box: int
    bet: Decimal
    hands: list[_Hand] = field(default_factory=list)
    insurance: Decimal = ZERO
    insurance_moved: Decimal = ZERO
    even_money: bool = False
    surrendered: bool = False
    switched: bool = False
    split_aces: bool = False

    def hand_number(self, index: int) -> int | None:
        return index + 1 if len(self.hands) > 1 else None

    def stake(self, hand: _Hand) -> Decimal:
        return self.bet * 2 if hand.doubled else self.bet

    def is_blackjack(self) -> bool:
        return len(self.hands) == 1 and hand_value(self.hands[0].cards, switched=self.switched).blackjack

    @property
    def out(self) -> bool:
        """Settled before play: even money or a surrender."""
        return self.even_money or self.surrendered

    def freeze(self) -> BoxView:
        hands = tuple(HandView(tuple(h.cards), h.doubled, h.sideways, h.finished, h.taken) for h in self.hands)
        return BoxView(
            self.box, self.bet, hands, self.insurance, self.even_money, self.surrendered, self.switched,
            sum((h.paid for h in self.hands), ZERO) + max(self.insurance_moved, ZERO),
            sum((h.collected for h in self.hands), ZERO) + max(-self.insurance_moved, ZERO),
            sum((h.returned for h in self.hands), ZERO),
        )


class _Decider:
    """The players' decisions: a policy with the round's chances, or a listed script."""

    def __init__(self, start: RoundStart) -> None:
        self.rules = start.rules
        self.policy = start.players if isinstance(start.players, TwentyOnePlayer) else None
        self.rng = random.Random(start.seed)
        self.queues: dict[int, list[tuple[int, RoundAction]]] = {}
        if isinstance(start.players, Decisions):
            for index, action in enumerate(start.players.actions):
                box = getattr(action, "box", None)
                if not isinstance(box, int) or all(item.box != box for item in start.boxes):
                    raise DecisionError(index, f"{action.notation()!r}: no box {box} at this table")
                self.queues.setdefault(box, []).append((index, action))

    def _next(self, box: int, *kinds: type[RoundAction]) -> RoundAction | None:
        queue = self.queues.get(box, [])
        if queue and isinstance(queue[0][1], kinds):
            return queue.pop(0)[1]
        return None

    def even_money(self, box: int) -> bool:
        if self.policy is not None:
            return self.policy.takes_even_money(self.rng)
        return isinstance(self._next(box, TakeEvenMoney, NoEvenMoney), TakeEvenMoney)

    def insurance(self, box: int, bet: Decimal) -> Decimal:
        if self.policy is not None:
            return self.policy.insures(bet, self.rng)
        queue = self.queues.get(box, [])
        index = queue[0][0] if queue else None
        action = self._next(box, Insure, NoInsurance)
        if isinstance(action, Insure):
            if not ZERO < action.amount <= half(bet):
                raise DecisionError(index, f"box {box}: insurance is more than zero and at most half the bet, "
                                           f"{half(bet)} (BJ-I1)")
            return action.amount
        return ZERO

    def surrender(self, box: int, situation: OptionsSituation) -> bool:
        if self.policy is not None:
            return self.policy.surrenders(situation, self.rules, self.rng)
        queue = self.queues.get(box, [])
        if queue and isinstance(queue[0][1], Surrender):
            if not can_act(situation, Option.SURRENDER, self.rules):
                raise DecisionError(queue[0][0], f"box {box} may not surrender (BJ-R1, BJ-R3)")
            queue.pop(0)
            return True
        return False

    def switch(self, box: int, first: tuple[Card, Card], second: tuple[Card, Card]) -> bool:
        if self.policy is not None:
            return self.policy.switches(first, second, self.rules, self.rng)
        return isinstance(self._next(box, Switch, NoSwitch), Switch)

    def play(self, box: int, hand: int | None, situation: OptionsSituation) -> Play:
        if self.policy is not None:
            return self.policy.play(situation, self.rules, self.rng)
        legal = legal_plays(situation, self.rules)
        queue = self.queues.get(box, [])
        where = f"box {box}" + (f" hand {hand}" if hand is not None else "")
        wanted = ", ".join(play.value for play in legal)
        if not queue:
            raise DecisionError(None, f"{where} must decide now ({wanted}): its decision is missing")
        index, action = queue[0]
        plays = {Stand: Play.STAND, Hit: Play.HIT, Double: Play.DOUBLE, Split: Play.SPLIT}
        play = plays.get(type(action))
        given_hand = getattr(action, "hand", None)
        if play is None or (given_hand or 1) != (hand or 1):
            raise DecisionError(index, f"{action.notation()!r} is not what {where} decides now ({wanted})")
        if play not in legal:
            raise DecisionError(index, f"{where} may not {play.value} now (it may: {wanted})")
        queue.pop(0)
        return play

    def verify_all_used(self) -> None:
        left = sorted(index for queue in self.queues.values() for index, _ in queue)
        if left:
            raise DecisionError(left[0], "this decision is never taken: the box's play ended before it")


class _Simulation:
    def __init__(self, start: RoundStart) -> None:
        self.start = start
        self.rules: TwentyOneRules = start.rules
        self.decide = _Decider(start)
        self.boxes = [_Box(item.box, item.bet) for item in start.boxes]
        self.dealer: list[Card] = []
        self.next_card = 0
        self.phase = Phase.DEAL
        self.steps: list[Step] = []
        self.frozen = [box.freeze() for box in self.boxes]
        self.views: list[TableView] = [self._view()]
        self.side_bets: list[SideBetResult] = []

    # -- recording ---------------------------------------------------------------------

    def _view(self) -> TableView:
        return TableView(tuple(self.frozen), tuple(self.dealer), self.phase, self.next_card)

    def emit(self, action: RoundAction, purpose: Purpose, rules: Sequence[str], box: _Box | None = None) -> None:
        if box is not None:
            self.frozen[self.boxes.index(box)] = box.freeze()
        self.steps.append(Step(action, self.rules.cite(rules), self.phase, purpose))
        self.views.append(self._view())

    def card(self) -> Card:
        if self.next_card >= len(self.start.shoe):
            raise ShoeExhaustedError(len(self.start.shoe))
        card = self.start.shoe[self.next_card]
        self.next_card += 1
        return card

    def deal_to(self, box: _Box, index: int, rules: Sequence[str]) -> None:
        card = self.card()
        hand = box.hands[index]
        hand.cards.append(card)
        self.emit(Deal(box=box.box, hand=box.hand_number(index), card=card), Purpose.CARD, rules, box)

    def player(self, action: RoundAction, rules: Sequence[str], box: _Box) -> None:
        self.emit(action, Purpose.DECISION, rules, box)

    @property
    def upcard(self) -> Card:
        return self.dealer[0]

    @property
    def upcard_ace_or_ten(self) -> bool:
        return self.upcard.rank is Rank.ACE or is_ten_value(self.upcard)

    # -- the round, phase by phase ------------------------------------------------------

    def run(self) -> Script:
        self.deal()
        self.late_bets()
        self.settle_side_bets()
        self.offers()
        self.surrenders()
        self.play()
        self.dealer_hand()
        settlements = self.settle()
        self.decide.verify_all_used()
        return Script(self.start, tuple(self.steps), tuple(self.views), tuple(self.dealer), settlements,
                      tuple(self.side_bets))

    def deal(self) -> None:
        """BJ-P2 (BJ-6): a card to each box in box order, one to the dealer, a second card
        to each box; no second card to the dealer."""
        rules = ("BJ-P2", "BJ-6")
        for box in self.boxes:
            box.hands.append(_Hand([]))
            self.deal_to(box, 0, rules)
        card = self.card()
        self.dealer.append(card)
        self.emit(DealDealer(card=card), Purpose.DEALER_CARD, rules)
        for box in self.boxes:
            self.deal_to(box, 0, rules)

    def late_bets(self) -> None:
        for late in self.start.irregularities:
            self.emit(late, Purpose.LATE_BET, ("BJ-P1",))
            self.emit(RefuseBet(box=late.box), Purpose.LATE_BET, ("BJ-P1",))

    def settle_side_bets(self) -> None:
        """BJ-P3: side bets in one pass in box order, on the cards as dealt; Super Match first."""
        from games.jack_switch.bonus import pair_bonus, super_match
        from games.jack_switch.rules import JackSwitchRules

        rules = self.rules
        if not isinstance(rules, JackSwitchRules):
            return
        self.phase = Phase.SIDE_BETS
        for box, item in zip(self.boxes, self.start.boxes, strict=True):
            if item.super_match > 0:
                partner = self._box(self.start.partner(box.box))
                cards = (*box.hands[0].cards, *partner.hands[0].cards)
                ruled = super_match(cards, item.super_match, rules)
                self._side_bet(box, Stake.SUPER_MATCH, item.super_match, ruled.value.combination, ruled.value.pays,
                               ("BJ-P3", "JS-SM"))
            if item.pair_bonus > 0:
                ruled = pair_bonus(box.hands[0].cards, item.pair_bonus, rules)
                self._side_bet(box, Stake.PAIR_BONUS, item.pair_bonus, ruled.value.combination, ruled.value.pays,
                               ("BJ-P3", "JS-PB"))

    def _side_bet(self, box: _Box, stake: Stake, amount: Decimal, combination: str, pays: Decimal,
                  rules: Sequence[str]) -> None:
        if pays > 0:
            self.side_bets.append(SideBetResult(box.box, stake, amount, combination, pays))
            self.emit(Pay(box=box.box, bet=stake, amount=pays), Purpose.SIDE_BET, rules, box)
        else:
            self.side_bets.append(SideBetResult(box.box, stake, amount, combination, -amount))
            self.emit(Collect(box=box.box, bet=stake, amount=amount), Purpose.SIDE_BET, rules, box)

    def _box(self, number: int | None) -> _Box:
        for box in self.boxes:
            if box.box == number:
                return box
        raise KeyError(number)

    def offers(self) -> None:
        """BJ-P4: against a dealer Ace, insurance (or even money to a blackjack) offered to
        each box in box order before any box acts; even money is paid 1:1 at once."""
        if self.upcard.rank is not Rank.ACE:
            return
        self.phase = Phase.OFFERS
        for box in self.boxes:
            if box.is_blackjack():
                self.emit(OfferEvenMoney(box=box.box), Purpose.OFFER, ("BJ-P4", "BJ-E"), box)
                if self.decide.even_money(box.box):
                    self.player(TakeEvenMoney(box=box.box), ("BJ-P4", "BJ-E"), box)
                    box.even_money = True
                    hand = box.hands[0]
                    hand.finished = hand.taken = True
                    hand.paid = dealer_payout(PayoutKind.EVEN_MONEY, box.bet, self.rules).value.pays
                    self.emit(Pay(box=box.box, amount=hand.paid), Purpose.EVEN_MONEY, ("BJ-P4", "BJ-E"), box)
                else:
                    self.player(NoEvenMoney(box=box.box), ("BJ-P4", "BJ-E"), box)
                continue
            self.emit(OfferInsurance(box=box.box), Purpose.OFFER, ("BJ-P4", "BJ-I1"), box)
            amount = self.decide.insurance(box.box, box.bet)
            if amount > 0:
                box.insurance = amount
                self.player(Insure(box=box.box, amount=amount), ("BJ-P4", "BJ-I1"), box)
            else:
                self.player(NoInsurance(box=box.box), ("BJ-P4", "BJ-I1"), box)

    def surrenders(self) -> None:
        """BJ-P4b: a pass of its own, in box order, before the first box acts (never
        against an Ace): half the bet collected, half returned (BJ-R1, BJ-P10)."""
        if self.upcard.rank is Rank.ACE:
            return
        self.phase = Phase.SURRENDERS
        for box in self.boxes:
            hand = box.hands[0]
            situation = OptionsSituation(hand=tuple(hand.cards), dealer=self.upcard)
            if not can_act(situation, Option.SURRENDER, self.rules) or not self.decide.surrender(box.box, situation):
                continue
            rules = ("BJ-P4b", "BJ-R1", "BJ-R2")
            self.player(Surrender(box=box.box), rules, box)
            box.surrendered = True
            hand.finished = hand.taken = True
            hand.collected = dealer_payout(PayoutKind.SURRENDER, box.bet, self.rules).value.collects
            self.emit(Collect(box=box.box, amount=hand.collected), Purpose.SURRENDER, (*rules, "BJ-P10"), box)
            hand.returned = box.bet - hand.collected
            self.emit(Return(box=box.box, amount=hand.returned), Purpose.SURRENDER, (*rules, "BJ-P10"), box)

    def play(self) -> None:
        """BJ-P5, BJ-P6, BJ-P7 (JS-P5, JS-P6): each box in box order."""
        self.phase = Phase.PLAY
        for box in self.boxes:
            if box.out:
                continue
            partner_number = self.start.partner(box.box)
            if partner_number is not None and partner_number > box.box:
                self.switch_decision(box, self._box(partner_number))
            if box.is_blackjack():
                self.blackjack(box)
                continue
            index = 0
            while index < len(box.hands):
                self.play_hand(box, index)
                index += 1

    def switch_decision(self, box: _Box, partner: _Box) -> None:
        """JS-P6: the player of paired boxes says "switch" or not when the first is due to
        act; a surrendered or even-money box is no longer switched (JS-7, BJ-P4b)."""
        if partner.out:
            return
        first = (box.hands[0].cards[0], box.hands[0].cards[1])
        second = (partner.hands[0].cards[0], partner.hands[0].cards[1])
        rules = ("JS-P6", "JS-7")
        if not self.decide.switch(box.box, first, second):
            self.player(NoSwitch(box=box.box), rules, box)
            return
        self.player(Switch(box=box.box), rules, box)
        box.hands[0].cards[1], partner.hands[0].cards[1] = second[1], first[1]
        box.switched = partner.switched = True
        self.frozen[self.boxes.index(partner)] = partner.freeze()
        self.emit(Exchange(box=box.box), Purpose.SWITCH, rules, box)
        for turned in (box, partner):
            cards = turned.hands[0].cards
            if hand_value(cards).blackjack:  # Ace + 10-value after the switch: 21, not blackjack
                turned.hands[0].sideways = True
                self.emit(Sideways(box=turned.box), Purpose.SWITCH, ("JS-P6", "JS-8"), turned)

    def blackjack(self, box: _Box) -> None:
        """BJ-P5 / JS-P5: paid at once against a dealer card that is not an Ace or a
        10-value (BJ-10), or, as the house chooses (``blackjack_paid_at_turn`` off), in the
        settlement; otherwise it waits for the dealer's second card."""
        hand = box.hands[0]
        hand.finished = True
        if blackjack_timing(self.upcard, self.rules).value is BlackjackTiming.WAITS or self._waits_for_settlement(box):
            self.frozen[self.boxes.index(box)] = box.freeze()
            return
        hand.taken = True
        hand.paid = dealer_payout(PayoutKind.BLACKJACK, box.bet, self.rules).value.pays
        procedure = self.rules.IDS.blackjack_paid
        self.emit(Pay(box=box.box, amount=hand.paid), Purpose.BLACKJACK_NOW,
                  (procedure, "BJ-10", self.rules.IDS.blackjack_pays), box)

    def _waits_for_settlement(self, box: _Box) -> bool:
        """BJ-P5 (house ``blackjack_paid_at_turn`` off): a blackjack the dealer cannot beat is
        paid with the winning bets in the settlement, not when its box's turn comes."""
        return (not self.rules.blackjack_paid_at_turn and box.is_blackjack() and not box.out
                and blackjack_timing(self.upcard, self.rules).value is BlackjackTiming.NOW)

    def play_hand(self, box: _Box, index: int) -> None:
        procedure = "JS-P6" if self.rules.HAS_SWITCH else "BJ-P6"
        hand = box.hands[index]
        if len(hand.cards) == 1:  # a split hand gets its second card when its turn comes
            self.deal_to(box, index, (procedure, "BJ-S3" if box.split_aces else "BJ-S1"))
            if box.split_aces:
                hand.finished = True
                self.frozen[self.boxes.index(box)] = box.freeze()
                return
        while True:
            value = hand_value(hand.cards, split_hand=len(box.hands) > 1, switched=box.switched)
            if value.bust:
                self.bust(box, index)
                return
            situation = OptionsSituation(
                hand=tuple(hand.cards), dealer=self.upcard, hands_in_box=len(box.hands),
                from_split_aces=box.split_aces, third_card_dealt=True, switched=box.switched,
            )
            legal = legal_plays(situation, self.rules)
            if legal in ((), (Play.STAND,)):  # 21 (BJ-7) or hard 21 (JS-6): no decision to take
                hand.finished = True
                self.frozen[self.boxes.index(box)] = box.freeze()
                return
            number = box.hand_number(index)
            play = self.decide.play(box.box, number, situation)
            if play is Play.STAND:
                hand.finished = True
                self.player(Stand(box=box.box, hand=number), (procedure, self.rules.IDS.player_draws), box)
                return
            if play is Play.HIT:
                self.player(Hit(box=box.box, hand=number), (procedure, self.rules.IDS.player_draws), box)
                self.deal_to(box, index, (procedure, self.rules.IDS.player_draws))
                continue
            if play is Play.DOUBLE:
                hand.doubled = True
                self.player(Double(box=box.box, hand=number), (procedure, "BJ-D1"), box)
                self.deal_to(box, index, (procedure, "BJ-D1"))
                if hand_value(hand.cards).bust:
                    self.bust(box, index)
                else:
                    hand.finished = True
                    self.frozen[self.boxes.index(box)] = box.freeze()
                return
            self.split(box, index, number, procedure)

    def split(self, box: _Box, index: int, number: int | None, procedure: str) -> None:
        hand = box.hands[index]
        box.split_aces = hand.cards[0].rank is Rank.ACE
        box.hands.insert(index + 1, _Hand([hand.cards.pop()]))
        rule = "BJ-S3" if box.split_aces else "BJ-S1"
        self.player(Split(box=box.box, hand=number), (procedure, rule, "BJ-S2"), box)
        self.deal_to(box, index, (procedure, rule))
        if box.split_aces:
            hand.finished = True
            self.frozen[self.boxes.index(box)] = box.freeze()

    def bust(self, box: _Box, index: int) -> None:
        """BJ-P7: a bust is collected at once; while the dealer's card is an Ace or a
        10-value only its original bet is (BJ-O may return the rest)."""
        hand = box.hands[index]
        hand.finished = hand.taken = True
        if self.upcard_ace_or_ten:
            amount = box.bet if index == 0 else ZERO
        else:
            amount = box.stake(hand)
        if amount == 0:
            self.frozen[self.boxes.index(box)] = box.freeze()
            return
        hand.collected = amount
        self.emit(Collect(box=box.box, hand=box.hand_number(index), amount=amount), Purpose.BUST,
                  ("BJ-P7", "BJ-3", *(["BJ-O"] if self.upcard_ace_or_ten else [])), box)

    def dealer_hand(self) -> None:
        """BJ-P8: the dealer draws to BJ-8 / JS-5 while a box hand is in play; otherwise only
        the second card, and only when insurance, a waiting blackjack or stake needs it."""
        self.phase = Phase.DEALER
        draws = self.rules.IDS.dealer_draws
        in_play = any(
            not box.out and not box.is_blackjack() and any(not hand_value(h.cards).bust for h in box.hands)
            for box in self.boxes
        )
        if in_play:
            while dealer_must_hit(hand_value(self.dealer), self.rules):
                self._dealer_card(("BJ-P8", draws))
        elif self._second_card_needed():
            self._dealer_card(("BJ-P8", "BJ-I2", "BJ-O"))
        if len(self.dealer) >= 2:
            value = hand_value(self.dealer)
            self.emit(Announce(total=value.total, blackjack=True if value.blackjack else None), Purpose.ANNOUNCE,
                      ("BJ-P8", draws, self.rules.IDS.values))

    def _dealer_card(self, rules: Sequence[str]) -> None:
        card = self.card()
        self.dealer.append(card)
        self.emit(DealDealer(card=card), Purpose.DEALER_CARD, rules)

    def _second_card_needed(self) -> bool:
        for box in self.boxes:
            if box.insurance > 0:
                return True
            if box.out:
                continue
            if box.is_blackjack() and blackjack_timing(self.upcard, self.rules).value is BlackjackTiming.WAITS:
                return True
            if any(h.collected < box.stake(h) for h in box.hands if hand_value(h.cards).bust):
                return True  # a double or split stake waits (BJ-P7)
        return False

    def settle(self) -> tuple[tuple[int, BoxSettlement], ...]:
        """BJ-P9 (in passes, or box by box: ``settle_box_by_box``), with each box's result
        from ``settle_box``."""
        self.phase = Phase.SETTLEMENT
        dealer = tuple(self.dealer)
        settled = [
            (box, settle_box(Box(
                bet=box.bet,
                hands=tuple(PlayerHand(tuple(h.cards), h.doubled) for h in box.hands),
                insurance=box.insurance, even_money=box.even_money, surrendered=box.surrendered,
                switched=box.switched,
            ), dealer, self.rules))
            for box in self.boxes
        ]
        order = list(reversed(settled))
        if self.rules.settle_box_by_box:  # BJ-P9 (house): each box at once, in reverse box order
            for box, result in order:
                self._settle_one_box(box, result, dealer_blackjack=hand_value(dealer).blackjack)
        elif hand_value(dealer).blackjack:
            for box, result in order:
                self._collect_and_return(box, result)
            for box, result in order:
                self._insurance(box, result)
        else:
            for box, result in order:
                self._insurance(box, result)
            for box, result in order:
                for index in reversed(range(len(box.hands))):
                    self._remainder(box, index, result, losing=True)
            for box, result in order:
                for index in reversed(range(len(box.hands))):
                    self._remainder(box, index, result, losing=False)
        for box, result in settled:
            moved = [h.moved for h in box.hands]
            if moved != [hand.win for hand in result.hands] or box.insurance_moved != result.insurance_win:
                raise AssertionError(f"box {box.box}: the chips moved do not match the settlement")  # pragma: no cover
        return tuple((box.box, result) for box, result in settled)

    def _settle_one_box(self, box: _Box, result: BoxSettlement, *, dealer_blackjack: bool) -> None:
        """BJ-P9 box by box (house): the box's passes in the table order's sequence."""
        if dealer_blackjack:
            self._collect_and_return(box, result)
            self._insurance(box, result)
            return
        self._insurance(box, result)
        for losing in (True, False):
            for index in reversed(range(len(box.hands))):
                self._remainder(box, index, result, losing=losing)

    def _settle_rules(self, result: BoxSettlement, index: int, box: _Box | None = None) -> tuple[str, ...]:
        if box is not None and self._waits_for_settlement(box):
            return ("BJ-P9", self.rules.IDS.blackjack_paid, *result.hands[index].rule_ids)
        return ("BJ-P9", *result.hands[index].rule_ids)

    def _collect_and_return(self, box: _Box, result: BoxSettlement) -> None:
        """A dealer blackjack: the box's losing original bet, then its doubles and split
        stakes returned (BJ-O), hands last-played first."""
        for index in reversed(range(len(box.hands))):
            self._remainder(box, index, result, losing=True)
        for index in reversed(range(len(box.hands))):
            hand = box.hands[index]
            if box.out or not (len(box.hands) > 1 or hand.doubled):
                continue
            back = box.stake(hand) - hand.collected
            if back > 0:
                hand.returned = back
                self.emit(Return(box=box.box, hand=box.hand_number(index), amount=back), Purpose.RETURN,
                          self._settle_rules(result, index), box)

    def _remainder(self, box: _Box, index: int, result: BoxSettlement, *, losing: bool) -> None:
        hand = box.hands[index]
        left = result.hands[index].win - hand.moved
        if losing and left < 0:
            hand.collected += -left
            self.emit(Collect(box=box.box, hand=box.hand_number(index), amount=-left), Purpose.LOSE,
                      self._settle_rules(result, index), box)
        elif not losing and left > 0:
            hand.paid += left
            self.emit(Pay(box=box.box, hand=box.hand_number(index), amount=left), Purpose.WIN,
                      self._settle_rules(result, index, box), box)

    def _insurance(self, box: _Box, result: BoxSettlement) -> None:
        if box.insurance == 0:
            return
        win = result.insurance_win
        box.insurance_moved = win
        rules = ("BJ-P9", "BJ-I2", *(["BJ-5"] if win > 0 else []))
        action: RoundAction
        if win > 0:
            action = Pay(box=box.box, bet=Stake.INSURANCE, amount=win)
        else:
            action = Collect(box=box.box, bet=Stake.INSURANCE, amount=-win)
        self.emit(action, Purpose.INSURANCE, rules, box)


def build_script(start: RoundStart) -> Script:
    """The one right sequence of ``start`` (checked first by ``verify_start``)."""
    return _Simulation(start).run()
