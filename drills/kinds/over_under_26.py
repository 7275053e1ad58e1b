"""Over/Under 26 Joker drills (seed 000): the total, settling a round, the Bonus.

Situations are the bodies of the rulings door's ``over-under-26`` questions, so every
answer key can be checked against the door.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

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
    Solution,
    register,
)
from drills.kinds.messages import gettext_noop
from games.cards import AnyCard, Card, Joker, Rank, format_cards, parse_cards
from games.money import format_money
from games.over_under_26 import (
    Choice,
    OverUnderRules,
    deal_with,
    explain,
    hand_total,
    settle,
)
from games.players.over_under_26 import OverUnderPlayer

GAME = "over-under-26"

EASY_ANTES = ("5", "10", "20", "25", "50", "100")
ODD_ANTES = ("7.50", "12.50", "15", "17.50", "35", "45", "65", "85", "125")


def _cards(situation: Mapping[str, JSON]) -> tuple[AnyCard, ...]:
    return parse_cards(situation["cards"])


def _ante(rng: random.Random, difficulty: Difficulty) -> str:
    choices: tuple[str, ...] = EASY_ANTES if difficulty is Difficulty.EASY else EASY_ANTES + ODD_ANTES
    if difficulty is Difficulty.HARD:
        choices = ODD_ANTES
    return format_money(Decimal(rng.choice(choices)))


def _card_values_text() -> str:
    return "Ace 11, 2–10 face value, a joker no value (OU-2)"


class OverUnderTotal(DrillKind[OverUnderRules]):
    """Announce the four-card total (OU-6, OU-2)."""

    slug = "ou-total"
    game = GAME
    title = gettext_noop("Announce the total")
    description = gettext_noop("Four cards are turned: call the total. Aces count 11.")
    target_seconds = 8

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Mapping[str, JSON]:
        if difficulty is Difficulty.EASY:
            deal = deal_with(rng, total=rng.randint(12, 40))
        elif difficulty is Difficulty.HARD:
            # The cases dealers get wrong: several Aces, and totals right around 26.
            deal = deal_with(rng, total=rng.choice((25, 26, 27, 33, 34, 35, 36, 44)))
        else:
            deal = deal_with(rng, first_card_joker=False, joker_after_first=False)
        return {"cards": format_cards(deal.cards)}

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        total = hand_total(_cards(situation)).total
        return Solution(
            key={"total": total},
            rules=("OU-2", "OU-6"),
            explanation=f"The cards total {total}: {_card_values_text()}; the dealer announces it (OU-6).",
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        return Prompt(
            question=gettext_noop("The three face-down cards are turned. What total do you announce?"),
            cards=(CardGroup("cards", gettext_noop("The four cards"), tuple(situation["cards"])),),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (AnswerField("total", gettext_noop("Total"), FieldType.INTEGER, low=0, high=60),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "total", {"cards": situation["cards"]}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"total": answer["total"]}

    def mistakes(self, rules: OverUnderRules) -> Sequence[NamedMistake]:
        def aces_as_one(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            cards = _cards(situation)
            aces = sum(1 for card in cards if isinstance(card, Card) and card.rank is Rank.ACE)
            return {"total": hand_total(cards).total - 10 * aces}

        return (
            NamedMistake("ou-ace-as-one", "you counted an Ace as 1: in this game an Ace is 11 (OU-2)", aces_as_one),
        )


DRILL_PLAYER = OverUnderPlayer(fold_rate=0.1, spread=0.5)
"""The drills' Over/Under player (the one policy, ``games.players.over_under_26``): folds one
time in ten, otherwise Under or Over evenly, whatever the first card."""
EASY_PLAYER = OverUnderPlayer(fold_rate=0.0, spread=0.5)
"""Never folds: Under or Over evenly."""


def _settle_situation(rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> dict[str, JSON]:
    roll = rng.random()
    if difficulty is Difficulty.EASY:
        deal = deal_with(rng, first_card_joker=False, joker_after_first=False)
    elif difficulty is Difficulty.HARD and roll < 0.25:
        deal = deal_with(rng, total=26)  # OU-9: the 26 dealers pay as a push
    elif difficulty is Difficulty.HARD and roll < 0.45:
        deal = deal_with(rng, first_card_joker=True)  # OU-4a
    elif roll < 0.65:
        deal = deal_with(rng, first_card_joker=False, joker_after_first=True)  # OU-4b
    else:
        deal = deal_with(rng, first_card_joker=False)
    ante = _ante(rng, difficulty)
    choice: str | None = None
    if not deal.first_card_joker:
        player = EASY_PLAYER if difficulty is Difficulty.EASY else DRILL_PLAYER
        choice = player.choose(rng, deal.cards[0]).value
    return {"ante": ante, "bonus": "0.00", "cards": format_cards(deal.cards), "choice": choice}


def _choice(situation: Mapping[str, JSON]) -> Choice | None:
    value = situation.get("choice")
    return None if value is None else Choice(value)


def _facts(situation: Mapping[str, JSON]) -> tuple[tuple[str, str], ...]:
    facts = [("Ante", situation["ante"])]
    if Decimal(situation["bonus"]) > 0:
        facts.append(("Bonus", situation["bonus"]))
    choice = situation.get("choice")
    facts.append(("Player's choice", "none (first card is a joker)" if choice is None else str(choice).capitalize()))
    return tuple(facts)


OUTCOME_CHOICES = (
    ("first-card-joker", gettext_noop("First-card joker")),
    ("joker", gettext_noop("Joker")),
    ("under", gettext_noop("Under")),
    ("over", gettext_noop("Over")),
    ("twenty-six", "26"),
    ("fold", gettext_noop("Fold")),
)


class OverUnderSettle(DrillKind[OverUnderRules]):
    """Settle a round: outcome and the player's net (OU-4 – OU-9, OU-W)."""

    slug = "ou-settle"
    game = GAME
    title = gettext_noop("Settle the round")
    description = gettext_noop("First-card joker, joker, Under, Over, 26 or fold: call it and pay it.")
    target_seconds = 20
    families = (
        Family("first-joker", "Joker as the first card", ("OU-4a",)),
        Family("joker", "Joker among the three", ("OU-4b",)),
        Family("fold", "Fold", ("OU-5",)),
        Family("exactly-26", "Total exactly 26", ("OU-9",)),
        Family("under", "Under bets", ("OU-7",)),
        Family("over", "Over bets", ("OU-8",)),
    )
    general_label = gettext_noop("Other cases")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Mapping[str, JSON]:
        return _settle_situation(rng, difficulty, rules)

    def _settle(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Any:
        return settle(
            _cards(situation), _choice(situation), Decimal(situation["ante"]), Decimal(situation["bonus"]), rules
        )

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        result = self._settle(situation, rules)
        return Solution(
            key={"outcome": result.outcome.value, "net": format_money(result.net)},
            rules=result.rules,
            explanation=explain(result, rules),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        return Prompt(
            question=gettext_noop(
                "How does the round end, and what is the player's net result (negative if collected)?"
            ),
            cards=(CardGroup("cards",
                             gettext_noop("The four cards (first dealt face up)"), tuple(situation["cards"])),),
            facts=_facts(situation),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("outcome", gettext_noop("Outcome"), FieldType.CHOICE, choices=OUTCOME_CHOICES),
            AnswerField("net", gettext_noop("Player's net result"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"outcome": answer["outcome"], "net": answer["net"]}

    def mistakes(self, rules: OverUnderRules) -> Sequence[NamedMistake]:
        def net_four_times(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            # Reading "wins 4x Ante" as 4 x Ante on top of the stakes (OU-W says: in all).
            up = 1 if _choice(situation) is None else 2
            wrong = dataclasses.replace(rules, win_return_multiple=rules.win_return_multiple + up)
            return self.solve(situation, wrong).key

        def twenty_six_push(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = self._settle(situation, rules)
            if result.outcome.value != "twenty-six":
                return None
            return {"outcome": "twenty-six", "net": format_money(result.bonus_win)}

        return (
            NamedMistake(
                "ou-paid-net-multiple",
                f"you paid {rules.win_return_multiple} x Ante on top of the stakes: a win returns "
                f"{rules.win_return_multiple} x Ante in all, stakes included (OU-W)",
                net_four_times,
            ),
            NamedMistake("ou-26-push", "a total of exactly 26 is not a push: both bets lose (OU-9)", twenty_six_push),
        )


class OverUnderBonus(DrillKind[OverUnderRules]):
    """Pay the Bonus from the property's table (OU-10); only where a table is entered."""

    slug = "ou-bonus"
    game = GAME
    title = gettext_noop("Pay the Bonus")
    description = gettext_noop("The Bonus bet on the four-card total, from your property's pay table.")
    target_seconds = 30

    def unavailable_reason(self, rules: OverUnderRules) -> str | None:
        if rules.bonus_pay_table is None:
            return "the Bonus pay table is not configured for this property (OU-10)"
        return None

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Mapping[str, JSON]:
        situation = _settle_situation(rng, difficulty, rules)
        table = rules.bonus_pay_table
        assert table is not None  # unavailable_reason
        if difficulty is not Difficulty.EASY and rng.random() < 0.5:
            # Aim at a paying total or the joker entry: that is where mistakes cost money.
            keys = list(table)
            key = rng.choice(keys)
            if key == "joker":
                deal = deal_with(rng, first_card_joker=False, joker_after_first=True)
            else:
                deal = deal_with(rng, total=int(key))
            situation["cards"] = format_cards(deal.cards)
            first = deal.cards[0]
            situation["choice"] = None if isinstance(first, Joker) else EASY_PLAYER.choose(rng, first).value
        ante = Decimal(situation["ante"])
        step = Decimal("1") if difficulty is Difficulty.EASY else Decimal("0.50")
        units = int(ante / step)
        situation["bonus"] = format_money(step * rng.randint(1, max(1, units)))
        return situation

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        result = settle(
            _cards(situation), _choice(situation), Decimal(situation["ante"]), Decimal(situation["bonus"]), rules
        )
        bonus_rules = tuple(rule for rule in result.rules if rule in {"OU-10", "OU-4a", "OU-4b", "OU-5"})
        if result.outcome.value == "first-card-joker":
            why = "The first card is a joker: the Bonus is returned, neither won nor lost (OU-4a)."
        elif result.outcome.value == "fold":
            why = "The player folded: the Bonus is lost with the Ante (OU-5)."
        else:
            basis = "the joker entry" if result.total is None else f"the four-card total {result.total}"
            why = f"The Bonus is paid on {basis} from the property's pay table (OU-10)."
        return Solution(
            key={"bonus_win": format_money(result.bonus_win)},
            rules=bonus_rules or ("OU-10",),
            explanation=f"{why} Bonus result {format_money(result.bonus_win)}.",
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        table = rules.bonus_pay_table
        assert table is not None
        paying = ", ".join(f"{key}: {ratio}" for key, ratio in table.entries)
        return Prompt(
            question=gettext_noop("What is the result of the Bonus bet (negative if collected, 0 if returned)?"),
            cards=(CardGroup("cards",
                             gettext_noop("The four cards (first dealt face up)"), tuple(situation["cards"])),),
            facts=(*_facts(situation), ("Bonus pay table", paying)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (AnswerField("bonus_win", gettext_noop("Bonus result"), FieldType.AMOUNT, signed=True),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"bonus_win": answer["bonus_win"]}

    def mistakes(self, rules: OverUnderRules) -> Sequence[NamedMistake]:
        def first_joker_bonus_paid(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if _choice(situation) is not None:
                return None
            return {"bonus_win": format_money(-Decimal(situation["bonus"]))}

        return (
            NamedMistake(
                "ou-first-joker-bonus-lost",
                "on a first-card joker the Bonus is returned, not lost (OU-4a)",
                first_joker_bonus_paid,
            ),
        )


register(OverUnderTotal())
register(OverUnderSettle())
register(OverUnderBonus())
