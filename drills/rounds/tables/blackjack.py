"""The Blackjack and Jack Switch tables, on the twenty-one round (``games/blackjack/round.py``).

The round is started with nothing automatic (the log is replayed verbatim); the site's
automation by focus (``services.automate``) applies the players' decisions and whatever the
trainee is not drilling. The level decides the table (a pure function of the seed):

- easy: 1–2 boxes, players on basic strategy;
- normal: 3–4 boxes, some insurance and deviations (more doubles and splits);
- hard: 5–7 boxes, more of both; at Jack Switch a pair of boxes (the Switch) and side bets;
  one late bet pushed onto an empty box after the first card (an irregularity to refuse).

Bets are multiples of 20 (50 and 150 at hard), so every payment, insurance stake (up to
half, sometimes a quarter, of a bet) and surrender half is a sum of the default chips.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from drills.rounds.tables.base import (
    LEAVE_DEFAULT,
    Bet,
    Control,
    HandView,
    Level,
    Needs,
    Phase,
    Spot,
    TableGame,
    TableView,
    Tap,
    TapError,
)
from games.blackjack.hand import hand_value
from games.blackjack.round import NOTHING_AUTOMATIC, VOCABULARY, BoxBet, TwentyOneRound
from games.blackjack.round_actions import (
    Announce,
    Automation,
    Collect,
    Deal,
    DealDealer,
    Exchange,
    LateBet,
    OfferEvenMoney,
    OfferInsurance,
    Pay,
    RefuseBet,
    Return,
    RoundAction,
    Sideways,
    Stake,
)
from games.blackjack.rules import TwentyOneRules
from games.cards import Card
from games.house_rules import HouseRules
from games.money import format_money
from games.procedure import Action, Actor, ProcedureError, Round
from games.reasons import Translate, gettext_noop, no_translation, pgettext_noop

POSITIONS = 7
BOX_VERBS = frozenset({"offer-insurance", "offer-even-money", "pay", "collect", "return", "exchange", "sideways",
                       "refuse-bet"})
BOX_STAKES = frozenset({"insurance", "super-match", "pair-bonus"})
BETS = (Decimal(20), Decimal(40), Decimal(60), Decimal(100), Decimal(140), Decimal(200))
HARD_BETS = (*BETS, Decimal(50), Decimal(150))
SIDE_BETS = (Decimal(5), Decimal(10), Decimal(20))

STAGE_WORDS = {
    "deal": pgettext_noop("round stage", "deal"),
    "side-bets": pgettext_noop("round stage", "side bets"),
    "offers": pgettext_noop("round stage", "offers"),
    "surrenders": pgettext_noop("round stage", "surrenders"),
    "play": pgettext_noop("round stage", "play"),
    "dealer": pgettext_noop("round stage", "dealer"),
    "settlement": pgettext_noop("round stage", "settlement"),
}
"""The stage of the round (the engine's phase) in words, as the table's facts show it: nouns
(the deal, the dealer's turn), in their own context so they are not worded as the verb "deal"
or the person "dealer" of the same English spelling."""

STAKE_WORDS = {
    None: gettext_noop("the bet"),
    Stake.MAIN: gettext_noop("the bet"),
    Stake.INSURANCE: gettext_noop("the insurance"),
    Stake.SUPER_MATCH: gettext_noop("the Super Match"),
    Stake.PAIR_BONUS: gettext_noop("the pair bonus"),
}

DOUBLE_STAKE = pgettext_noop("bet", "Double")
"""The doubled stake lying on the felt (a noun), not the player's action "Double"."""

PLAYER_WORDS: dict[str, str] = {
    "hit": gettext_noop("hit"),
    "stand": gettext_noop("stand"),
    "double": gettext_noop("double"),
    "split": gettext_noop("split"),
    "surrender": gettext_noop("surrender"),
    "insure": gettext_noop("insure"),
    "no-insurance": gettext_noop("no insurance"),
    "even-money": gettext_noop("even money"),
    "no-even-money": gettext_noop("no even money"),
    "switch": gettext_noop("switch"),
    "no-switch": gettext_noop("no switch"),
    "late-bet": gettext_noop("late bet"),
}
"""A player's decision as the word a box says ("Box 2 says hit")."""

MISTAKE_WORDS: dict[str, str] = {
    "card-not-next": gettext_noop("Cards come out of the shoe in order: that is not the next card"),
    "dealer-second-card": gettext_noop("No hole card: the dealer takes no second card during the deal"),
    "skipped-dealer-card": gettext_noop(
        "The dealer's own card comes after the first card to every box, before the second cards"
    ),
    "deal-out-of-order": gettext_noop("Cards go to the boxes in box order, from the players' right"),
    "card-to-finished-hand": gettext_noop("That hand has finished: it takes no more cards"),
    "card-not-asked-for": gettext_noop("That player did not ask for a card"),
    "dealer-drew-early": gettext_noop("The dealer draws only after every box has played"),
    "dealer-stood-early": gettext_noop("The dealer must draw to 17 or more"),
    "dealer-second-card-needed": gettext_noop(
        "No box is in play, but an insurance bet, a waiting blackjack or stake needs the dealer's second card: "
        "draw that one card only"
    ),
    "dealer-drew-past-stand": gettext_noop("The dealer has reached a standing total: no more cards"),
    "dealer-drew-needlessly": gettext_noop("No box is still in play: the dealer draws no more than needed"),
    "paid-blackjack-against-ace": gettext_noop("A blackjack against a dealer Ace waits for the dealer's second card"),
    "paid-blackjack-against-ten": gettext_noop(
        "A blackjack against a dealer 10-value waits for the dealer's second card"
    ),
    "blackjack-paid-3-2": gettext_noop("This table pays blackjack 1:1, not 3:2"),
    "blackjack-paid-1-1": gettext_noop("A blackjack is paid 3:2 here, not 1:1"),
    "even-money-paid-as-blackjack": gettext_noop("Even money is paid 1:1"),
    "double-paid-as-single": gettext_noop("A doubled hand is paid on both stakes"),
    "surrender-whole-bet": gettext_noop("A surrender takes only half the bet"),
    "collected-waiting-stake": gettext_noop("A busted double or split stake waits for the dealer's second card"),
    "collected-stake-on-dealer-blackjack": gettext_noop(
        "On a dealer blackjack only the original bet loses: doubles and splits are returned"
    ),
    "paid-insurance-before-collecting": gettext_noop(
        "On a dealer blackjack the losing bets are collected before insurance is paid"
    ),
    "collected-bets-before-insurance": gettext_noop("Insurance is collected before the losing bets"),
    "paid-before-collecting": gettext_noop("Losing bets are collected before winners are paid"),
    "settlement-started-at-wrong-box": gettext_noop("Settlement goes in reverse box order, from the players' left"),
    "settlement-out-of-order": gettext_noop("Settlement goes in reverse box order"),
    "paid-on-dealer-22": gettext_noop("A dealer 22 pushes: nothing is paid"),
    "settled-a-push": gettext_noop("A push stays where it is"),
    "wrong-amount": gettext_noop("Wrong amount"),
    "skipped-offer": gettext_noop("Insurance or even money is offered to every box first"),
    "offer-not-due": gettext_noop("No offer is due here"),
    "insurance-offered-to-blackjack": gettext_noop("A blackjack is offered even money, not insurance"),
    "even-money-offered-to-non-blackjack": gettext_noop("Even money is only for a blackjack"),
    "switch-not-called": gettext_noop("Ask the player of the paired boxes whether they switch"),
    "switch-missed": gettext_noop("The player switched: exchange the second cards"),
    "sideways-missed": gettext_noop("A switched Ace and 10-value is turned sideways: 21, not blackjack"),
    "sideways-not-due": gettext_noop("Only a switched Ace and 10-value is turned sideways"),
    "wrong-total": gettext_noop("Wrong total announced"),
    "late-bet-accepted": gettext_noop("A bet placed after the first card must be refused"),
    "refused-a-bet": gettext_noop("That bet was placed in time"),
    "not-a-dealer-action": gettext_noop("That is the player's decision, not the dealer's"),
    "round-over": gettext_noop("The round is over"),
    "out-of-order": gettext_noop("Not now: another action comes first"),
}


class TwentyOneTable(TableGame):
    place_fields = ("box", "hand")
    flags = (("blackjack", gettext_noop("Blackjack")),)
    number_fields = ("total",)
    vocabulary = VOCABULARY

    def __init__(self, slug: str, title: str, switch: bool) -> None:
        self.slug, self.title, self.switch = slug, title, switch
        controls = [
            Control("deal", gettext_noop("Deal a card"), Needs.PLACE, "d"),
            Control("offer-insurance", gettext_noop("Offer insurance"), Needs.PLACE, "i"),
            Control("offer-even-money", gettext_noop("Offer even money"), Needs.PLACE, "e"),
        ]
        if switch:
            controls += [Control("exchange", gettext_noop("Switch the cards"), Needs.PLACE, "s"),
                         Control("sideways", gettext_noop("Turn sideways"), Needs.PLACE, "w")]
        controls += [
            Control("announce", gettext_noop("Announce the total"), Needs.NUMBER, "a"),
            Control("pay", gettext_noop("Pay"), Needs.CHIPS, "p"),
            Control("collect", gettext_noop("Collect"), Needs.CHIPS, "c"),
            Control("return", gettext_noop("Return a stake"), Needs.CHIPS, "r"),
            Control("refuse-bet", gettext_noop("Refuse the bet"), Needs.PLACE, "x"),
        ]
        self.controls_order = tuple(controls)
        self.stakes = (("main", gettext_noop("Bet")), ("insurance", gettext_noop("Insurance")))
        if switch:
            self.stakes += (("pair-bonus", gettext_noop("Pair bonus")), ("super-match", gettext_noop("Super Match")))

    # --- the round --------------------------------------------------------------------
    def start(self, seed: int, level: Level, rules: HouseRules) -> Round:
        assert isinstance(rules, TwentyOneRules)
        rng = random.Random(f"table:{self.slug}:{level.value}:{seed}")
        count = {"easy": rng.randint(1, 2), "normal": rng.randint(3, 4), "hard": rng.randint(5, 7)}[level.value]
        positions = sorted(rng.sample(range(1, POSITIONS + 1), count))
        amounts = HARD_BETS if level is Level.HARD else BETS
        bets = {box: rng.choice(amounts) for box in positions}
        pairs: list[tuple[int, int]] = []
        side: dict[int, tuple[Decimal, Decimal]] = {}
        if self.switch and level is Level.HARD and len(positions) >= 2:
            first, second = positions[0], positions[1]
            bets[second] = bets[first]
            pairs.append((first, second))
            side[first] = (rng.choice(SIDE_BETS), rng.choice(SIDE_BETS))
            for box in positions[2:]:
                if rng.random() < 0.5:
                    side[box] = (rng.choice(SIDE_BETS), Decimal(0))
        boxes = tuple(
            BoxBet(box, bets[box], pair_bonus=side.get(box, (Decimal(0), Decimal(0)))[0],
                   super_match=side.get(box, (Decimal(0), Decimal(0)))[1])
            for box in positions
        )
        late: tuple[Action, ...] = ()
        empty = [box for box in range(1, POSITIONS + 1) if box not in bets]
        if level is Level.HARD and empty:
            late = (LateBet(box=rng.choice(empty), amount=rng.choice(BETS)),)
        return TwentyOneRound.seeded(
            seed, rules, boxes, difficulty=level.value, pairs=pairs, irregularities=late,
            automations=NOTHING_AUTOMATIC,
        )

    def phase(self, action: Action) -> Phase:
        automation = action.AUTOMATION if isinstance(action, RoundAction) else Automation.PLAYERS
        return Phase.SETTLE if automation is Automation.SETTLEMENT else Phase.DEAL

    def resolve(self, tap: Tap) -> Tap:
        if tap.verb == "deal" and "box" not in tap.place:  # the deal tool on the dealer's area
            return Tap("deal-dealer", tap.place, tap.amount, tap.number, tap.choice, tap.flags)
        if tap.verb in BOX_VERBS and "box" not in tap.place:
            raise TapError("place", gettext_noop("tap the box this action is for"))
        if tap.choice in BOX_STAKES and "hand" in tap.place:  # insurance and side bets are the box's
            return Tap(tap.verb, {"box": tap.place["box"]}, tap.amount, tap.number, tap.choice, tap.flags)
        return tap

    def hidden(self, state: Round, action_class: type[Action], name: str) -> Any:
        assert isinstance(state, TwentyOneRound)
        if name == "card":
            shoe, dealt = state.start_of_round.shoe, state.table.cards_dealt
            if dealt >= len(shoe):
                raise TapError("verb", gettext_noop("the shoe is empty"))
            return shoe[dealt]
        return LEAVE_DEFAULT

    # --- what the table shows -------------------------------------------------------
    def table(self, state: Round, translate: Translate = no_translation) -> TableView:
        """The felt as the dealer sees it, its words in the reader's language (``translate``)."""
        assert isinstance(state, TwentyOneRound)
        view = state.table
        start = state.start_of_round
        said = _players_said(state, translate)
        late = _late_bets(state)
        spots = []
        for position in range(1, POSITIONS + 1):
            try:
                box = view.box(position)
            except KeyError:
                bets = (Bet(translate(gettext_noop("Late bet")), late[position]),) if position in late else ()
                box_label = translate(gettext_noop("Box {number}")).format(number=position)
                spots.append(Spot(f"box-{position}", box_label, {"box": position}, bets=bets, empty=True))
                continue
            spots.extend(self._box_spots(box, start.box_bet(position), said.get(position, ""), start.partner(position),
                                         translate))
        dealer = Spot("dealer", translate(gettext_noop("Dealer")), {}, hands=(HandView(
            tuple(str(c) for c in view.dealer), note=_total_note(view.dealer, translate=translate)),))
        stage = translate(STAGE_WORDS.get(view.phase.value, view.phase.value.replace("-", " ")))
        facts: list[tuple[str, str]] = [(translate(gettext_noop("Table")), str(start.limits)),
                                        (translate(gettext_noop("Stage")), stage)]
        if said.get(0):
            facts.append((translate(gettext_noop("Players")), said[0]))
        return TableView(tuple(spots), dealer, shoe_left=len(start.shoe) - view.cards_dealt, facts=tuple(facts))

    def _box_spots(self, box: Any, bet: BoxBet, said: str, partner: int | None,
                   translate: Translate = no_translation) -> list[Spot]:
        """A box's place on the table; a split box is one place per hand (a tap names the hand)."""
        hands = []
        split = len(box.hands) > 1
        for hand in box.hands:
            notes = []
            if hand.taken:
                notes.append(translate(gettext_noop("cards taken")))
            elif hand.cards:
                notes.append(_total_note(hand.cards, switched=box.switched, split=split, translate=translate))
            if hand.doubled:
                notes.append(translate(gettext_noop("doubled")))
            if hand.sideways:
                # the card lying sideways, not the verb "sideways" of the tools' words
                notes.append(translate(pgettext_noop("hand note", "sideways")))
            cards = () if hand.taken else tuple(str(card) for card in hand.cards)
            hands.append(HandView(cards, note=", ".join(note for note in notes if note)))
        bets = [Bet(translate(gettext_noop("Bet")), box.bet)]
        if not split and box.hands and box.hands[0].doubled:
            bets.append(Bet(translate(DOUBLE_STAKE), box.bet))
        if box.insurance:
            bets.append(Bet(translate(gettext_noop("Insurance")), box.insurance))
        if bet.pair_bonus:
            bets.append(Bet(translate(gettext_noop("Pair bonus")), bet.pair_bonus))
        if bet.super_match:
            bets.append(Bet(translate(gettext_noop("Super Match")), bet.super_match))
        paid = [Bet(translate(label), amount) for label, amount in ((gettext_noop("Paid"), box.paid),
                                                                    (gettext_noop("Collected"), box.collected),
                                                                    (gettext_noop("Returned"), box.returned)) if amount]
        label = translate(gettext_noop("Box {number}")).format(number=box.box)
        if partner is not None:
            label += translate(gettext_noop(" (paired with {partner})")).format(partner=partner)
        if box.surrendered:
            label += translate(gettext_noop(" · surrendered"))
        if box.even_money:
            label += translate(gettext_noop(" · even money"))
        if said:
            label += translate(gettext_noop(" · says {said}")).format(said=said)
        if not split:
            return [Spot(f"box-{box.box}", label, {"box": box.box}, hands=tuple(hands), bets=tuple(bets),
                         paid=tuple(paid))]
        spots = []
        for number, (view, hand) in enumerate(zip(hands, box.hands, strict=True), start=1):
            stakes = [Bet(translate(gettext_noop("Bet")), box.bet),
                      *([Bet(translate(DOUBLE_STAKE), box.bet)] if hand.doubled else [])]
            hand_label = label + translate(gettext_noop(" · hand {number}")).format(number=number)
            spots.append(Spot(
                f"box-{box.box}-hand-{number}", hand_label,
                {"box": box.box, "hand": number},
                hands=(view,), bets=tuple(stakes + (bets[1:] if number == 1 else [])),
                paid=tuple(paid) if number == 1 else (),
            ))
        return spots

    # --- words ------------------------------------------------------------------------
    def describe(self, action: Action, reveal: bool = True, translate: Translate = no_translation) -> str:
        box = getattr(action, "box", None)
        hand = getattr(action, "hand", None)
        if hand:
            where = translate(gettext_noop("box {box}, hand {hand}")).format(box=box, hand=hand)
        else:
            where = translate(gettext_noop("box {box}")).format(box=box)
        card = getattr(action, "card", None)
        shown = reveal and isinstance(card, Card)
        card_text = _card(card) if shown and isinstance(card, Card) else ""

        def say(message: str, **values: object) -> str:
            return translate(message).format(**values)

        if isinstance(action, Deal):
            if card_text:
                return say(gettext_noop("Deal {card} to {where}"), card=card_text, where=where)
            return say(gettext_noop("Deal a card to {where}"), where=where)
        if isinstance(action, DealDealer):
            if card_text:
                return say(gettext_noop("Deal {card} to the dealer"), card=card_text)
            return say(gettext_noop("Deal a card to the dealer"))
        if isinstance(action, OfferInsurance):
            return say(gettext_noop("Offer insurance to box {box}"), box=box)
        if isinstance(action, OfferEvenMoney):
            return say(gettext_noop("Offer even money to box {box}"), box=box)
        if isinstance(action, Exchange):
            return say(gettext_noop("Switch the second cards of box {box} and its pair"), box=box)
        if isinstance(action, Sideways):
            return say(gettext_noop("Turn box {box}'s top card sideways"), box=box)
        if isinstance(action, Announce):
            if action.blackjack:
                return say(gettext_noop("Announce blackjack"))
            return say(gettext_noop("Announce {total}"), total=action.total)
        if isinstance(action, (Pay, Collect, Return)):
            message = {
                Pay: gettext_noop("Pay {amount} on {stake} of {where}"),
                Collect: gettext_noop("Collect {amount} on {stake} of {where}"),
                Return: gettext_noop("Return {amount} on {stake} of {where}"),
            }[type(action)]
            stake = translate(STAKE_WORDS[action.bet])
            return say(message, amount=format_money(action.amount), stake=stake, where=where)
        if isinstance(action, RefuseBet):
            return say(gettext_noop("Refuse the late bet on box {box}"), box=box)
        if isinstance(action, LateBet):
            return say(
                gettext_noop("A player pushes a late bet of {amount} onto box {box}"),
                amount=format_money(action.amount),
                box=box,
            )
        if action.ACTOR is Actor.PLAYER:
            decision = translate(PLAYER_WORDS.get(action.VERB, action.VERB.replace("-", " ")))
            if hand:
                return say(
                    gettext_noop("Box {box} says {decision} (hand {hand})"), box=box, decision=decision, hand=hand
                )
            return say(gettext_noop("Box {box} says {decision}"), box=box, decision=decision)
        return action.notation()

    def explain(self, error: ProcedureError, translate: Translate = no_translation) -> str:
        fallback = error.mistake.replace("-", " ").capitalize()
        words = translate(MISTAKE_WORDS[error.mistake]) if error.mistake in MISTAKE_WORDS else fallback
        details = error.details
        if error.mistake == "wrong-amount" and isinstance(error.due, (Pay, Collect, Return)):
            tried = format_money(getattr(error.attempted, "amount", Decimal(0)))
            words = translate(gettext_noop("Wrong amount: {tried} is not the right amount")).format(tried=tried)
        elif error.mistake == "wrong-total" and "announced" in details:
            words = translate(gettext_noop("Wrong total: {announced} is not the dealer's total")).format(
                announced=details["announced"]
            )
        return f"{words} ({error.rule}). {self.right_action(error.due, translate)}"


def _card(card: Card) -> str:
    rank = "10" if card.rank.value == "T" else card.rank.value
    return f"{rank}{card.suit.symbol}"


def _total_note(cards: tuple[Card, ...], *, switched: bool = False, split: bool = False,
                translate: Translate = no_translation) -> str:
    if not cards:
        return ""
    value = hand_value(cards, switched=switched, split_hand=split)
    if value.blackjack and not split and len(cards) == 2:
        return translate(gettext_noop("blackjack"))
    if value.total > 21:
        return translate(gettext_noop("bust ({total})")).format(total=value.total)
    if value.soft:
        return translate(gettext_noop("soft {total}")).format(total=value.total)
    return str(value.total)


def _players_said(state: TwentyOneRound, translate: Translate = no_translation) -> dict[int, str]:
    """What the players said since the dealer last acted, per box (0: all of them)."""
    said: dict[int, str] = {}
    for action in reversed(state.log):
        if action.ACTOR is Actor.DEALER:
            break
        if action.ACTOR is Actor.PLAYER:
            box = getattr(action, "box", 0)
            words = translate(PLAYER_WORDS.get(action.VERB, action.VERB.replace("-", " ")))
            amount = getattr(action, "amount", None)
            if amount is not None:
                words += f" {format_money(amount)}"
            said.setdefault(box, words)
    if said:
        each = translate(gettext_noop("box {box}: {words}"))
        said[0] = "; ".join(each.format(box=box, words=words) for box, words in sorted(said.items()) if box)
    return said


def _late_bets(state: TwentyOneRound) -> dict[int, Decimal]:
    late: dict[int, Decimal] = {}
    for action in state.log:
        if isinstance(action, LateBet):
            late[action.box] = action.amount
        elif isinstance(action, RefuseBet):
            late.pop(action.box, None)
    return late


BLACKJACK = TwentyOneTable("blackjack", "Blackjack", switch=False)
JACK_SWITCH = TwentyOneTable("jack-switch", "Jack Switch", switch=True)
