"""The Over/Under 26 Joker table, on its round (``games/over_under_26/round.py``).

The four cards are the table's (OU-P0): they lie in the dealer's area, the first face up,
three face down until turned; every seated box bets on them. The round applies the
players' choices itself; the site automates whatever the trainee is not drilling. Levels:
easy 1–2 boxes, normal 3–4, hard 5–7; a Bonus beside the Ante only where the property
has entered its Bonus pay table (OU-10: the seed's is missing). Antes are multiples of 5.
"""

from __future__ import annotations

import dataclasses
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
from games.house_rules import HouseRules
from games.over_under_26.round import (
    MAX_BOXES,
    VOCABULARY,
    Announce,
    Automation,
    BoxBet,
    Choose,
    Collect,
    DealDown,
    DealUp,
    Discard,
    OverUnderRound,
    OverUnderStart,
    Pay,
    Return,
    Stake,
    Turn,
)
from games.over_under_26.round_words import describe_action, explain_mistake
from games.over_under_26.rules import OverUnderRules
from games.over_under_26.settlement import Choice
from games.procedure import Action, ProcedureError, Round
from games.reasons import Translate, gettext_noop, no_translation, pgettext_noop

ANTES = (Decimal(10), Decimal(20), Decimal(25), Decimal(50), Decimal(100))
SAID_WORDS = {
    Choice.UNDER: pgettext_noop("player says", "under"),
    Choice.OVER: pgettext_noop("player says", "over"),
    Choice.FOLD: pgettext_noop("player says", "fold"),
}
"""A box's choice as the word it says ("Box 2 · says under"): the bet's name for Under and
Over, a verb for fold. In their own context: the same English words stand for "under 26"
and for the verb "fold" elsewhere."""


class OverUnderTable(TableGame):
    slug = "over-under-26"
    title = "Over/Under 26 Joker"
    vocabulary = VOCABULARY
    place_fields = ("box",)
    stakes = (("main", gettext_noop("Ante + Under/Over")), ("bonus", gettext_noop("Bonus")))
    controls_order = (
        Control("deal-up", gettext_noop("Deal face up"), Needs.PLACE, "u"),
        Control("deal-down", gettext_noop("Deal face down"), Needs.PLACE, "f"),
        Control("turn", gettext_noop("Turn the cards"), Needs.PLACE, "t"),
        Control("announce", gettext_noop("Announce the total"), Needs.NUMBER, "a"),
        Control("announce-joker", gettext_noop("Announce a joker"), Needs.PLACE, "j"),
        Control("pay", gettext_noop("Pay"), Needs.CHIPS, "p"),
        Control("collect", gettext_noop("Collect"), Needs.CHIPS, "c"),
        Control("return", gettext_noop("Return"), Needs.CHIPS, "r"),
        Control("discard", gettext_noop("Clear the cards"), Needs.PLACE, "x"),
    )

    def start(self, seed: int, level: Level, rules: HouseRules) -> Round:
        assert isinstance(rules, OverUnderRules)
        rng = random.Random(f"table:{self.slug}:{level.value}:{seed}")
        count = {"easy": rng.randint(1, 2), "normal": rng.randint(3, 4), "hard": rng.randint(5, MAX_BOXES)}[level.value]
        seats = rules.max_boxes  # OU-P0 (house): a table may seat fewer than seven
        positions = sorted(rng.sample(range(1, seats + 1), min(count, seats)))
        boxes = []
        for box in positions:
            ante = rng.choice(ANTES)
            bonus = Decimal(0)
            if rules.bonus_pay_table is not None and level is not Level.EASY and rng.random() < 0.5:
                bonus = rng.choice([amount for amount in (Decimal(5), Decimal(10)) if amount <= ante])
            boxes.append(BoxBet(box, ante, bonus))
        start = OverUnderStart.seeded(rng, boxes)
        return OverUnderRound.begin(start, rules, automations=())

    def phase(self, action: Action) -> Phase:
        return Phase.SETTLE if getattr(action, "STAGE", None) is Automation.SETTLEMENT else Phase.DEAL

    def resolve(self, tap: Tap) -> Tap:
        if tap.verb in ("pay", "collect", "return") and "box" not in tap.place:
            raise TapError("place", gettext_noop("tap the box this action is for"))
        if tap.verb in ("pay", "collect", "return") and tap.choice is None:
            return dataclasses.replace(tap, choice=Stake.MAIN.value)
        return tap

    def hidden(self, state: Round, action_class: type[Action], name: str) -> Any:
        assert isinstance(state, OverUnderRound)
        if name == "card":
            dealt = sum(isinstance(action, (DealUp, DealDown)) for action in state.log)
            if dealt >= len(state.start.cards):
                raise TapError("verb", gettext_noop("the four cards are dealt"))
            return state.start.cards[dealt]
        if name == "bet":
            return Stake.MAIN
        return LEAVE_DEFAULT

    def table(self, state: Round, translate: Translate = no_translation) -> TableView:
        assert isinstance(state, OverUnderRound)
        up: list[str] = []
        down = 0
        turned = cleared = False
        moved: dict[int, dict[str, Decimal]] = {}
        choices: dict[int, Choice] = {}
        called = ""
        for action in state.log:
            if isinstance(action, DealUp):
                up.append(str(action.card))
            elif isinstance(action, DealDown):
                down += 1
            elif isinstance(action, Turn):
                turned = True
            elif isinstance(action, Choose):
                choices[action.box] = action.choice
            elif isinstance(action, Announce):
                called = str(action.total)
            elif action.VERB == "announce-joker":
                called = translate(gettext_noop("joker"))
            elif isinstance(action, (Pay, Collect, Return)):
                label = translate({Pay: gettext_noop("Paid"), Collect: gettext_noop("Collected"),
                                   Return: gettext_noop("Returned")}[type(action)])
                moved.setdefault(action.box, {}).setdefault(label, Decimal(0))
                moved[action.box][label] += action.amount
            elif isinstance(action, Discard):
                cleared = True
        cards = list(state.start.cards[: len(up) + down]) if turned else []
        shown = tuple(str(card) for card in cards) if turned else tuple(up)
        announced = translate(gettext_noop("announced {called}")).format(called=called) if called else ""
        note = translate(gettext_noop("cleared")) if cleared else announced
        dealer = Spot("dealer", translate(gettext_noop("The cards")), {}, hands=(HandView(() if cleared else shown,
                                                               face_down=0 if (turned or cleared) else down,
                                                               note=note),))
        bets = {bet.box: bet for bet in state.start.boxes}
        spots = []
        for position in range(1, state.rules.max_boxes + 1):
            bet = bets.get(position)
            if bet is None:
                box_label = translate(gettext_noop("Box {number}")).format(number=position)
                spots.append(Spot(f"box-{position}", box_label, {"box": position}, empty=True))
                continue
            stakes = [Bet(translate(gettext_noop("Ante")), bet.ante)]
            choice = choices.get(position)
            if choice in (Choice.UNDER, Choice.OVER):
                words = gettext_noop("Under") if choice is Choice.UNDER else gettext_noop("Over")
                stakes.append(Bet(translate(words), bet.ante))
            if bet.bonus:
                stakes.append(Bet(translate(gettext_noop("Bonus")), bet.bonus))
            label = translate(gettext_noop("Box {number}")).format(number=position)
            if choice is not None:
                label += translate(gettext_noop(" · says {said}")).format(said=translate(SAID_WORDS[choice]))
            paid = tuple(Bet(name, amount) for name, amount in moved.get(position, {}).items())
            spots.append(Spot(f"box-{position}", label, {"box": position}, bets=tuple(stakes), paid=paid))
        dealt = len(up) + down
        return TableView(tuple(spots), dealer, shoe_left=len(state.start.cards) - dealt)

    def describe(self, action: Action, reveal: bool = True, translate: Translate = no_translation) -> str:
        if not reveal and isinstance(action, DealUp):
            return translate(gettext_noop("Deal the next card face up"))
        if not reveal and isinstance(action, DealDown):
            return translate(gettext_noop("Deal the next card face down"))
        text = describe_action(action, translate)
        return text[:1].upper() + text[1:]

    def explain(self, error: ProcedureError, translate: Translate = no_translation) -> str:
        # The engine's sentence without its "Due: …" (it names the card still in the shoe).
        details = {key: value for key, value in error.details.items() if key != "next"}
        quiet = ProcedureError(rule=error.rule, mistake=error.mistake, attempted=error.attempted, due=None,
                               details=details)
        return f"{explain_mistake(quiet, translate)} {self.right_action(error.due, translate)}"


OVER_UNDER = OverUnderTable()
