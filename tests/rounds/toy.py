"""A tiny round for testing the table machinery apart from any game's engine.

Two boxes with a bet of 10 each; the dealer deals one card to box 1, then box 2; each
player then says stand (a player's action, automated); the dealer pays box 1 its bet and
collects box 2. It keeps the ``Round`` protocol of ``games.procedure``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Self

from drills.rounds.tables.base import (
    LEAVE_DEFAULT,
    Control,
    Focus,
    HandView,
    Level,
    Needs,
    Phase,
    Spot,
    TableGame,
    TableView,
    due_value,
)
from games.cards import Card, ShoeSpec
from games.house_rules import HouseRules
from games.procedure import Action, Actor, Due, ProcedureError, Round, Vocabulary
from games.reasons import Translate, no_translation


@dataclass(frozen=True, slots=True)
class Deal(Action):
    VERB = "deal"
    box: int
    card: Card


@dataclass(frozen=True, slots=True)
class Stand(Action):
    VERB = "stand"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True)
class Pay(Action):
    VERB = "pay"
    box: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Collect(Action):
    VERB = "collect"
    box: int
    amount: Decimal


WORDS = Vocabulary.of(Deal, Stand, Pay, Collect)


@dataclass(frozen=True)
class ToyRound:
    shoe: tuple[Card, ...]
    log: tuple[Action, ...] = field(default=())

    def _script(self) -> list[tuple[Action, tuple[str, ...]]]:
        return [
            (Deal(1, self.shoe[0]), ("T-1",)),
            (Deal(2, self.shoe[1]), ("T-1",)),
            (Stand(1), ("T-2",)),
            (Stand(2), ("T-2",)),
            (Pay(1, Decimal("10.00")), ("T-3",)),
            (Collect(2, Decimal("10.00")), ("T-3",)),
        ]

    @property
    def finished(self) -> bool:
        return len(self.log) == len(self._script())

    def due(self) -> Due | None:
        if self.finished:
            return None
        action, rules = self._script()[len(self.log)]
        return Due(action, rules)

    def verify(self, action: Action) -> None:
        due = self.due()
        if due is None or action != due.action:
            raise ProcedureError(
                rule=due.rules[0] if due else "T-0", mistake="out-of-order", attempted=action,
                due=due.action if due else None,
            )

    def apply(self, action: Action) -> Self:
        self.verify(action)
        return replace(self, log=(*self.log, action))

    @property
    def dealt(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {1: [], 2: []}
        for action in self.log:
            if isinstance(action, Deal):
                out[action.box].append(str(action.card))
        return out


class ToyTable(TableGame):
    slug = "blackjack"
    title = "Toy"
    vocabulary = WORDS
    controls_order = (
        Control("deal", "Deal", Needs.PLACE, "d"),
        Control("pay", "Pay", Needs.CHIPS, "p"),
        Control("collect", "Collect", Needs.CHIPS, "c"),
    )

    def start(self, seed: int, level: Level, rules: HouseRules) -> Round:
        return ToyRound(tuple(ShoeSpec(decks=1).shuffled(random.Random(seed))[:4]))  # type: ignore[arg-type]

    def phase(self, action: Action) -> Phase:
        return Phase.SETTLE if isinstance(action, (Pay, Collect)) else Phase.DEAL

    def table(self, state: Any, translate: Translate = no_translation) -> TableView:
        boxes = tuple(
            Spot(f"box-{n}", f"Box {n}", {"box": n}, hands=(HandView(tuple(state.dealt[n])),)) for n in (1, 2)
        )
        return TableView(boxes, Spot("dealer", "Dealer", {}), shoe_left=4 - sum(map(len, state.dealt.values())))

    def hidden(self, state: Any, action_class: type[Action], name: str) -> Any:
        value = due_value(state.due(), action_class, name)
        if value is LEAVE_DEFAULT and name == "card":
            return state.shoe[sum(map(len, state.dealt.values()))]
        return value

    def describe(self, action: Action, reveal: bool = True, translate: Translate = no_translation) -> str:
        if isinstance(action, Deal) and not reveal:
            return translate("deal a card to box {box}").format(box=action.box)
        return action.notation()

    def explain(self, error: ProcedureError, translate: Translate = no_translation) -> str:
        due = self.describe(error.due, reveal=False, translate=translate) if error.due else "nothing"
        return translate("Out of order ({rule}): due was {due}").format(rule=error.rule, due=due)


TOY = ToyTable()
FOCUS = Focus
