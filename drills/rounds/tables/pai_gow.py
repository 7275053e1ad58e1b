"""The Joker's Wild Pai Gow table, on its round (``games/pai_gow/round.py``).

Seven positions clockwise, position 1 the player-dealer with the bank. The dealer
announces the dice (the total typed, the first position tapped), sets the five left-over
cards aside, delivers the seven stacks clockwise, calls any irregularity (the ruling
picked), discards dead hands, places the Action button, opens the player-dealer's hand and
settles clockwise from the button, to what the bank covers. Stacks and the left-over cards
are filled in by the server (the trainee taps where they go). Levels: easy 2 seats,
normal 3–4, hard 5–6 with a short bank (less than the bets) and now and then an
irregularity on the deal (a card exposed or boxed).
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
    due_value,
)
from games.house_rules import HouseRules
from games.money import format_money
from games.pai_gow.codes import DECK
from games.pai_gow.procedures import BoxedCard, DealRuling, ExposedCard
from games.pai_gow.round import PaiGowRound, PaiGowStart, Seat
from games.pai_gow.round_actions import (
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
from games.pai_gow.round_words import explain_mistake
from games.pai_gow.rules import PaiGowRules
from games.procedure import Action, Actor, ProcedureError, Round
from games.reasons import Translate, gettext_noop, no_translation, pgettext_noop

POSITIONS = 7
BETS = (Decimal(10), Decimal(20), Decimal(25), Decimal(50), Decimal(100))
RULING_WORDS = {
    DealRuling.CONTINUE: gettext_noop("Continue"),
    DealRuling.REPLACE_BOXED_CARD: gettext_noop("Replace the boxed card"),
    DealRuling.REPLACE_EXPOSED_CARD: gettext_noop("Replace the exposed card"),
    DealRuling.REDELIVER: gettext_noop("Redeliver"),
    DealRuling.MISDEAL: gettext_noop("Misdeal"),
    DealRuling.CALL_SUPERVISOR: gettext_noop("Call a supervisor"),
}


class PaiGowTable(TableGame):
    slug = "pai-gow"
    title = "Joker's Wild Pai Gow poker"
    vocabulary = VOCABULARY
    place_fields = ("position",)
    number_fields = ("total",)
    stakes = tuple((ruling.value, words) for ruling, words in RULING_WORDS.items())
    stakes_legend = gettext_noop("Ruling (for a call)")
    controls_order = (
        Control("announce", gettext_noop("Announce the dice"), Needs.NUMBER, "a"),
        Control("set-aside", gettext_noop("Set the five aside"), Needs.PLACE, "s"),
        Control("deliver", gettext_noop("Deliver a stack"), Needs.PLACE, "d"),
        Control("call", gettext_noop("Call the ruling"), Needs.CHOICE, "k"),
        Control("replace", gettext_noop("Replace a card"), Needs.PLACE, "r"),
        Control("discard-dead", gettext_noop("Discard a dead hand"), Needs.PLACE, "x"),
        Control("button", gettext_noop("Place the button"), Needs.PLACE, "b"),
        Control("open-bank", gettext_noop("Open the bank's hand"), Needs.PLACE, "o"),
        Control("reset-bank", gettext_noop("Reset the bank's hand"), Needs.PLACE, "h"),
        Control("pay", gettext_noop("Pay"), Needs.CHIPS, "p"),
        Control("collect", gettext_noop("Collect"), Needs.CHIPS, "c"),
        Control("fee", gettext_noop("Take the fee"), Needs.CHIPS, "f"),
        Control("return", gettext_noop("Return"), Needs.CHIPS, "t"),
        Control("clear", gettext_noop("Clear the cards"), Needs.PLACE, "l"),
    )

    def start(self, seed: int, level: Level, rules: HouseRules) -> Round:
        assert isinstance(rules, PaiGowRules)
        rng = random.Random(f"table:{self.slug}:{level.value}:{seed}")
        count = {"easy": 2, "normal": rng.randint(3, 4), "hard": rng.randint(5, 6)}[level.value]
        positions = sorted(rng.sample(range(2, POSITIONS + 1), count))
        seats = tuple(Seat(position, rng.choice(BETS)) for position in positions)
        total = sum((seat.bet for seat in seats), Decimal(0))
        bank = total * 2 if level is not Level.HARD else (total / 2).quantize(Decimal(1)) + Decimal(5)
        events: list[Any] = []
        irregular = random.Random(f"table:{self.slug}:{level.value}:{seed}:irregularity")
        if level is Level.HARD and irregular.random() < 0.4:
            # a card of the delivered stacks: the deck ``seeded`` is about to shuffle, seen
            # ahead on a copy of its generator (``rng`` itself is left as it is)
            ahead = random.Random()
            ahead.setstate(rng.getstate())
            card = irregular.choice(DECK.shuffled(ahead)[: 7 * POSITIONS])
            events.append(ExposedCard(card) if irregular.random() < 0.5 else BoxedCard(card))
        start = PaiGowStart.seeded(rng, seats, bank, rules=rules, events=events)
        return PaiGowRound.begin(start, rules, automations=())

    def phase(self, action: Action) -> Phase:
        return Phase.SETTLE if getattr(action, "STAGE", None) is Automation.SETTLEMENT else Phase.DEAL

    def hidden(self, state: Round, action_class: type[Action], name: str) -> Any:
        if name == "ruling":
            return LEAVE_DEFAULT
        return due_value(state.due(), action_class, name)

    def table(self, state: Round, translate: Translate = no_translation) -> TableView:
        assert isinstance(state, PaiGowRound)
        start = state.start
        bets = {seat.position: seat.bet for seat in start.seats}
        delivered: dict[int, int] = {}
        set_hands: dict[int, tuple[str, ...]] = {}
        moved: dict[int, dict[str, Decimal]] = {}
        dead: set[int] = set()
        facts: list[tuple[str, str]] = [(translate(gettext_noop("Bank")), format_money(start.bank))]
        button = opened = cleared = False
        for action in state.log:
            if isinstance(action, Roll):
                facts.append((translate(gettext_noop("Dice")), " + ".join(str(d) for d in action.dice)))
            elif isinstance(action, AnnounceDice):
                first = translate(gettext_noop("{total}, first hand to position {position}"))
                facts.append((translate(gettext_noop("Announced")),
                              first.format(total=action.total, position=action.position)))
            elif isinstance(action, SetAside):
                facts.append((translate(gettext_noop("Set aside")), translate(gettext_noop("5 cards"))))
            elif isinstance(action, Deliver):
                delivered[action.position] = len(action.cards)
            elif isinstance(action, DiscardDead):
                dead.add(action.position)
            elif isinstance(action, Button):
                where = translate(gettext_noop("position {position}")).format(position=action.position)
                facts.append((translate(gettext_noop("Action button")), where))
                button = True
            elif isinstance(action, Call):
                ruling = RULING_WORDS.get(action.ruling)
                facts.append((translate(gettext_noop("Ruling")), translate(ruling) if ruling else str(action.ruling)))
            elif isinstance(action, SetHand):
                set_hands[action.position] = (*map(str, action.high), *map(str, action.low))
            elif isinstance(action, OpenBank):
                opened = True
            elif isinstance(action, ResetBank):
                set_hands[1] = (*map(str, action.high), *map(str, action.low))
            elif isinstance(action, (Pay, Collect, Fee, Return)):
                label = translate({Pay: gettext_noop("Paid"), Collect: gettext_noop("Collected"),
                                   Fee: gettext_noop("Fee"), Return: gettext_noop("Returned")}[type(action)])
                moved.setdefault(action.position, {}).setdefault(label, Decimal(0))
                moved[action.position][label] += action.amount
            elif isinstance(action, Clear):
                cleared = True
        del button
        spots = []
        for position in range(1, POSITIONS + 1):
            seated = position == 1 or position in bets
            cards: tuple[str, ...] = ()
            down = 0
            note = ""
            if position in dead:
                note = translate(gettext_noop("dead hand, discarded"))
            elif not cleared and position in delivered:
                shown = opened and position in set_hands  # every hand is turned once the bank opens
                if shown:
                    cards = set_hands[position]
                    note = translate(gettext_noop("set: five back, two front"))
                else:
                    down = delivered[position]
                    note = translate(pgettext_noop("hand note", "set")) if position in set_hands else ""
            label = (translate(gettext_noop("Position 1 · player-dealer")) if position == 1
                     else translate(gettext_noop("Position {number}")).format(number=position))
            bank, bet = translate(gettext_noop("Bank")), translate(gettext_noop("Bet"))
            stakes = (Bet(bank, start.bank),) if position == 1 else ((Bet(bet, bets[position]),) if seated else ())
            paid = tuple(Bet(name, amount) for name, amount in moved.get(position, {}).items())
            spots.append(Spot(f"position-{position}", label, {"position": position},
                              hands=(HandView(cards, face_down=down, note=note),) if (cards or down or note) else (),
                              bets=stakes, paid=paid, empty=not seated))
        dealt = sum(delivered.values()) + (5 if any(isinstance(a, SetAside) for a in state.log) else 0)
        dealer = Spot("dealer", translate(gettext_noop("The dealer (the deck, the dice)")), {})
        return TableView(tuple(spots), dealer, shoe_left=max(0, len(start.deck) - dealt), facts=tuple(facts))

    def describe(self, action: Action, reveal: bool = True, translate: Translate = no_translation) -> str:
        position = getattr(action, "position", None)

        def say(message: str, **values: object) -> str:
            return translate(message).format(position=position, **values)

        if isinstance(action, AnnounceDice):
            return say(gettext_noop("Announce {total}: the first hand to position {position}"), total=action.total)
        if isinstance(action, SetAside):
            return say(gettext_noop("Set the five left-over cards aside, unseen"))
        if isinstance(action, Deliver):
            return say(gettext_noop("Deliver the next stack of seven to position {position}"))
        if isinstance(action, Call):
            ruling = RULING_WORDS.get(action.ruling)
            words = translate(ruling) if ruling is not None else str(action.ruling)
            return say(gettext_noop("Call the ruling: {ruling}"), ruling=words.lower())
        if isinstance(action, Replace):
            return say(gettext_noop("Replace the exposed card of position {position} with the first left-over card"))
        if isinstance(action, DiscardDead):
            return say(gettext_noop("Discard the dead hand of position {position}, unseen"))
        if isinstance(action, Button):
            return say(gettext_noop("Place the Action button at position {position}"))
        if isinstance(action, OpenBank):
            return say(gettext_noop("Open the player-dealer's hand"))
        if isinstance(action, ResetBank):
            return say(gettext_noop("Reset the player-dealer's hand the house way"))
        if isinstance(action, (Pay, Collect, Fee, Return)):
            message = {
                Pay: gettext_noop("Pay {amount} to position {position}"),
                Collect: gettext_noop("Collect {amount} from position {position}"),
                Fee: gettext_noop("Take the fee of {amount} from position {position}"),
                Return: gettext_noop("Return {amount} to position {position}"),
            }[type(action)]
            return say(message, amount=format_money(action.amount))
        if isinstance(action, Clear):
            return say(gettext_noop("Clear the cards to the discard"))
        if isinstance(action, Roll):
            return say(gettext_noop("The dice are rolled: {dice}"), dice=" + ".join(str(d) for d in action.dice))
        if action.ACTOR is Actor.PLAYER:
            return say(gettext_noop("Position {position} sets the hand"))
        return action.notation()

    def explain(self, error: ProcedureError, translate: Translate = no_translation) -> str:
        # The engine's sentence (games.pai_gow.round_words) without its "Due: …", which could
        # name cards still in the deck; the due action is described here without them.
        quiet = ProcedureError(rule=error.rule, mistake=error.mistake, attempted=error.attempted, due=None,
                               details=error.details)
        return f"{explain_mistake(quiet, translate)} {self.right_action(error.due, translate)}"


PAI_GOW = PaiGowTable()
