"""Jack Switch drills (seed 004): the Switch, the dealer's 22, soft 17, the side bets and
their limits, and mixed Blackjack / Jack Switch rounds against a dealer 22.

Situations are the bodies of the rulings door's ``jack-switch`` questions where one asks
the same thing (``switch``, ``settle``, ``dealer-action``, ``super-match``,
``pair-bonus``, ``bonus-bet``), so each answer key is checked against the door. Every
answer comes from the engine (``games.blackjack`` with Jack Switch's rule set, and
``games.jack_switch``); named mistakes run it under the wrong rule or with the wrongly
read input.

``js-mixed-22`` is a Jack Switch kind (its rule set is the property's Jack Switch rules)
whose Blackjack rounds are settled under Blackjack's RULES.md defaults
(``BlackjackRules()``), stated in the prompt: a kind has one game, and the point of the
drill is the difference between the two games' 22, not a property's Blackjack values.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from drills.kinds._boxes import (
    box_facts_22,
    box_of,
    deal_against_22,
    door_results_key,
    hand_groups,
    result_fields,
    settle_22_mistakes,
    settle_body,
    settled_key,
)
from drills.kinds._twenty_one import (
    BLACKJACK_SETTLE_FAMILIES,
    YES_NO,
    DealerActionKind,
    DrawPile,
    cards_of,
    draw_bet,
    plain_money,
)
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
    Scenario,
    Solution,
    register,
)
from drills.kinds.diagnosis import GENERIC_SHAPES
from drills.kinds.messages import gettext_noop
from drills.rounds.chips import ChipSet
from games.blackjack.dealer import dealer_action
from games.blackjack.hand import hand_value
from games.blackjack.rules import BlackjackRules, TwentyOneRules
from games.blackjack.settle import Box, settle_box
from games.cards import Card, Rank, Suit, format_cards
from games.jack_switch import words as js_words
from games.jack_switch.bonus import (
    BonusBetDecision,
    PairBonus,
    SuperMatch,
    bonus_bet_decision,
    pair_bonus,
    super_match,
    table_bonus_limit,
)
from games.jack_switch.rules import PAIR_BONUS_COMBINATIONS, SUPER_MATCH_COMBINATIONS, JackSwitchRules
from games.jack_switch.switch import switch_boxes
from games.money import format_money
from games.reasons import Reason

GAME = JackSwitchRules.GAME

DEALER_22_FAMILIES = (
    Family("22-blackjack", "Blackjack against a dealer 22", ("JS-3",), requires=("JS-4",)),
    Family("22-switched-21", "Switched 21 against a dealer 22", ("JS-8",), requires=("JS-4",)),
    Family("22-double-split", "Doubles and splits against a dealer 22", ("JS-9",), requires=("JS-4",)),
    Family("22-bust", "Player bust before a dealer 22", ("BJ-3",), requires=("JS-4",)),
    Family("22-push", "Dealer 22 push", ("JS-4",)),
)
"""Families of a Jack Switch settlement with a dealer 22 (JS-4), most specific first."""

SIDE_BETS = {
    Difficulty.EASY: ("5", "10", "20", "25"),
    Difficulty.NORMAL: ("5", "10", "15", "20", "25", "50"),
    Difficulty.HARD: ("7.50", "12.50", "2.50", "17.50", "35", "4.50", "22.50"),
}
TEN_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
CHIPS = tuple(chip.value for chip in ChipSet.default().chips)
"""The chips a wrong amount may be one too many or short of: the default set (a drill kind
does not know the property; its rounds tables use the same set until a property sets its own)."""


FieldShape = Callable[[AnswerField, Any, Any], "js_words.Diagnosis | None"]


def field_shapes(scenario: Scenario, answer: Mapping[str, JSON], own: FieldShape) -> js_words.Diagnosis | None:
    """A diagnosis when every wrong field has one: the kind's own shape of the field (from
    the engine's values), else the generic shape (:mod:`drills.kinds.diagnosis`)."""
    key = scenario.solution.key
    code = ""
    reasons: list[Reason] = []
    for answer_field in scenario.fields:
        if answer_field.name not in key or answer.get(answer_field.name) == key[answer_field.name]:
            continue
        yours, due = answer.get(answer_field.name), key[answer_field.name]
        hit = own(answer_field, yours, due)
        if hit is None:
            generic = GENERIC_SHAPES.get(answer_field.type)
            found = generic(answer_field, yours, due) if generic else None
            hit = (found[0], (found[1],)) if found else None
        if hit is None:
            return None
        code = code or hit[0]
        reasons += [reason for reason in hit[1] if reason not in reasons]
    return (code, tuple(reasons)) if code else None


def _side_bet(rng: random.Random, difficulty: Difficulty) -> str:
    return format_money(Decimal(rng.choice(SIDE_BETS[difficulty])))


def _as_tens(cards: Sequence[Card]) -> list[Card]:
    """The same cards with every J, Q, K read as a 10 (the blackjack habit of "a 10-value")."""
    return [Card(Rank.TEN, card.suit) if card.rank in TEN_RANKS else card for card in cards]


# --- typed situations: each kind's stored JSON, read once --------------------------------


def _cards_json(cards: Sequence[Card]) -> list[str]:
    return format_cards(cards)


@dataclasses.dataclass(frozen=True)
class SwitchSituation:
    """``js-switch-result``: two paired boxes as dealt (the door's ``switch`` body)."""

    box1: tuple[Card, ...]
    box2: tuple[Card, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SwitchSituation:
        return cls(cards_of(data["box1"]), cards_of(data["box2"]))

    def to_json(self) -> dict[str, JSON]:
        return {"box1": _cards_json(self.box1), "box2": _cards_json(self.box2)}


@dataclasses.dataclass(frozen=True)
class SideBetSituation:
    """``js-super-match`` and ``js-pair-bonus``: the cards as dealt and the bet; a pair
    bonus may show the box after the switch too (``after_switch``, stored as null when not)."""

    cards: tuple[Card, ...]
    bet: Decimal
    after_switch: tuple[Card, ...] | None = None
    shows_switch: bool = False  # whether the stored JSON has the ``after_switch`` key (pair bonus)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SideBetSituation:
        after = data.get("after_switch")
        return cls(
            cards_of(data["cards"]), Decimal(data["bet"]), cards_of(after) if after else None, "after_switch" in data
        )

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"cards": _cards_json(self.cards), "bet": format_money(self.bet)}
        if self.shows_switch:
            data["after_switch"] = _cards_json(self.after_switch) if self.after_switch else None
        return data


@dataclasses.dataclass(frozen=True)
class BonusBetSituation:
    """``js-bonus-accepted``: the door's ``bonus-bet`` body."""

    table_limits: str
    main_bet: Decimal
    bonus: Decimal

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> BonusBetSituation:
        return cls(str(data["table_limits"]), Decimal(data["main_bet"]), Decimal(data["bonus"]))

    def to_json(self) -> dict[str, JSON]:
        return {
            "table_limits": self.table_limits,
            "main_bet": format_money(self.main_bet),
            "bonus": format_money(self.bonus),
        }

    def decision(self, rules: JackSwitchRules, main_bet: Decimal | None = None) -> BonusBetDecision:
        main = self.main_bet if main_bet is None else main_bet
        return bonus_bet_decision(self.table_limits, main, self.bonus, rules).value


@dataclasses.dataclass(frozen=True)
class SettleSituation:
    """``js-settle-dealer-22`` and ``js-mixed-22``: the door's ``settle`` body, and for the
    mixed kind the table's game first (``table``)."""

    box: Box
    dealer: tuple[Card, ...]
    table: str | None = None  # js-mixed-22 only: "blackjack" or "jack-switch"

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SettleSituation:
        box, dealer = box_of(data)
        return cls(box, dealer, data.get("table"))

    def to_json(self) -> dict[str, JSON]:
        body = settle_body(self.box, self.dealer, with_switch=self.table in (None, GAME))
        return body if self.table is None else {"table": self.table, **body}


# --- 8. the switch -------------------------------------------------------------------


class JackSwitchResult(DrillKind[JackSwitchRules]):
    """What the Switch makes of two paired boxes (JS-7, JS-8)."""

    slug = "js-switch-result"
    game = GAME
    title = gettext_noop("After the switch")
    description = gettext_noop("Two paired boxes switch their second cards: each box's total, and is it a blackjack?")
    target_seconds = 10
    families = (Family("switched-21", "A switched Ace + 10 is 21", ("JS-8",)),)
    general_label = gettext_noop("Plain switch")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        roll = rng.random() if difficulty is not Difficulty.EASY else 1.0
        if difficulty is Difficulty.EASY:  # no Aces
            box1, box2 = (
                (pile.take(lambda card: card.rank is not Rank.ACE), pile.take(lambda card: card.rank is not Rank.ACE))
                for _ in range(2)
            )
        elif roll < (0.2 if difficulty is Difficulty.NORMAL else 0.35):  # the switch makes an Ace + 10-value
            ace_box = (pile.rank(Rank.ACE), pile.next())
            ten_box = (pile.next(), pile.value(10))
            box1, box2 = (ace_box, ten_box) if rng.random() < 0.5 else (ten_box, ace_box)
        elif roll < (0.3 if difficulty is Difficulty.NORMAL else 0.55):  # a blackjack switched away
            natural = (pile.rank(Rank.ACE), pile.value(10))
            other = (pile.next(), pile.next())
            box1, box2 = (natural, other) if rng.random() < 0.5 else (other, natural)
        elif roll < 0.75 and difficulty is Difficulty.HARD:  # Aces moving: soft totals
            box1 = (pile.next(), pile.rank(Rank.ACE))
            box2 = (pile.rank(Rank.ACE) if rng.random() < 0.5 else pile.next(), pile.next())
        else:
            box1 = (pile.next(), pile.next())
            box2 = (pile.next(), pile.next())
        return SwitchSituation(box1, box2).to_json()

    def _key(self, box1: Sequence[Card], box2: Sequence[Card], rules: JackSwitchRules) -> dict[str, JSON]:
        result = switch_boxes(box1, box2, rules)
        return {
            "total_1": result.totals[0],
            "blackjack_1": "yes" if result.blackjack[0] else "no",
            "total_2": result.totals[1],
            "blackjack_2": "yes" if result.blackjack[1] else "no",
        }

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        boxes = SwitchSituation.from_json(situation)
        result = switch_boxes(boxes.box1, boxes.box2, rules)
        return Solution(key=self._key(boxes.box1, boxes.box2, rules), rules=result.rule_ids, reasons=result.reasons)

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        boxes = SwitchSituation.from_json(situation)
        return Prompt(
            question=gettext_noop(
                "The player switches these two paired boxes. What does each box count after the switch, and is "
                "it a blackjack?"
            ),
            cards=(
                CardGroup("box1", gettext_noop("Box 1 as dealt"), tuple(format_cards(boxes.box1))),
                CardGroup("box2", gettext_noop("Box 2 as dealt"), tuple(format_cards(boxes.box2))),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("total_1", gettext_noop("Box 1 total"), FieldType.INTEGER, low=2, high=21),
            AnswerField("blackjack_1", gettext_noop("Box 1 blackjack?"), FieldType.CHOICE, choices=YES_NO),
            AnswerField("total_2", gettext_noop("Box 2 total"), FieldType.INTEGER, low=2, high=21),
            AnswerField("blackjack_2", gettext_noop("Box 2 blackjack?"), FieldType.CHOICE, choices=YES_NO),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "switch", SwitchSituation.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        totals, blackjack = answer["totals"], answer["blackjack"]
        return {
            "total_1": totals[0],
            "blackjack_1": "yes" if blackjack[0] else "no",
            "total_2": totals[1],
            "blackjack_2": "yes" if blackjack[1] else "no",
        }

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def switched_as_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            boxes = SwitchSituation.from_json(situation)
            result = switch_boxes(boxes.box1, boxes.box2, rules)
            flags = [hand_value(box).blackjack for box in (result.box1, result.box2)]  # read as dealt, not switched
            return {
                "total_1": result.totals[0],
                "blackjack_1": "yes" if flags[0] else "no",
                "total_2": result.totals[1],
                "blackjack_2": "yes" if flags[1] else "no",
            }

        def first_cards_switched(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            boxes = SwitchSituation.from_json(situation)
            return self._key(boxes.box1[::-1], boxes.box2[::-1], rules)

        def not_switched(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            boxes = SwitchSituation.from_json(situation)
            values = [hand_value(boxes.box1), hand_value(boxes.box2)]
            return {
                "total_1": values[0].total,
                "blackjack_1": "yes" if values[0].blackjack else "no",
                "total_2": values[1].total,
                "blackjack_2": "yes" if values[1].blackjack else "no",
            }

        return (
            NamedMistake(
                "js-switched-ace-ten-blackjack",
                js_words.mistake_reason("js-switched-ace-ten-blackjack", rules),
                switched_as_blackjack,
            ),
            NamedMistake(
                "js-switch-first-cards", js_words.mistake_reason("js-switch-first-cards", rules), first_cards_switched
            ),
            NamedMistake("js-counted-as-dealt", js_words.mistake_reason("js-counted-as-dealt", rules), not_switched),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        boxes = SwitchSituation.from_json(scenario.situation)
        result = switch_boxes(boxes.box1, boxes.box2, rules)

        def own(answer_field: AnswerField, yours: Any, due: Any) -> js_words.Diagnosis | None:
            box = int(answer_field.name[-1])
            if answer_field.name.startswith("blackjack"):
                return js_words.switch_blackjack_claimed(box, result) if yours == "yes" else None
            return js_words.switch_total_misread(box, yours, result) if isinstance(yours, int) else None

        return field_shapes(scenario, answer, own)


# --- 9. and 14. settling against a dealer 22 ------------------------------------------


class JackSwitchDealer22(DrillKind[JackSwitchRules]):
    """Settle a box against a dealer 22 (JS-4): push, except a blackjack wins; a bust hand still loses."""

    slug = "js-settle-dealer-22"
    game = GAME
    title = gettext_noop("Dealer 22")
    description = gettext_noop("The dealer makes 22: push every hand in play, pay a blackjack, collect a bust (JS-4).")
    target_seconds = 20
    families = DEALER_22_FAMILIES
    general_label = gettext_noop("Dealer 22 push")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        box, dealer = deal_against_22(pile, rng, difficulty, rules, draw_bet(rng, difficulty))
        return SettleSituation(box, dealer).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        table = SettleSituation.from_json(situation)
        settled = settle_box(table.box, table.dealer, rules)
        return Solution(
            key=settled_key(table.box, settled),
            rules=settled.rule_ids,
            reasons=js_words.settle_reasons(table.box, settled, table.dealer, rules),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        table = SettleSituation.from_json(situation)
        box, dealer = table.box, table.dealer
        return Prompt(
            question=gettext_noop(
                "The dealer's hand is final. Settle the box: each hand's result, and the player's net for the box "
                "(negative when collected, 0 for a push)."
            ),
            cards=hand_groups(box, dealer),
            facts=box_facts_22(box, rules),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return result_fields(SettleSituation.from_json(situation).box)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return door_results_key(answer)

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        return settle_22_mistakes(rules)

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        return settle_shapes(scenario, answer, rules)


def settle_shapes(scenario: Scenario, answer: Mapping[str, JSON], rules: TwentyOneRules) -> js_words.Diagnosis | None:
    """A settle-against-22 answer's wrong results and net, each explained by the engine's
    settlement of the box (Jack Switch's explainer)."""
    table = SettleSituation.from_json(scenario.situation)
    box, dealer = table.box, table.dealer
    settled = settle_box(box, dealer, rules)

    def own(answer_field: AnswerField, yours: Any, due: Any) -> js_words.Diagnosis | None:
        if answer_field.name.startswith("result"):
            index = int(answer_field.name.rsplit("_", 1)[1]) - 1 if box.split else 0
            return js_words.settle_result_misread(box, index, yours, settled, dealer, rules)
        if answer_field.name == "net":
            cause = js_words.settle_net_cause(box, Decimal(yours), settled, dealer, rules)
            if cause is not None:
                return cause
            generic = GENERIC_SHAPES[answer_field.type](answer_field, yours, due)
            if generic is not None:
                return generic[0], (generic[1], *js_words.settle_reasons(box, settled, dealer, rules)[:-1])
            slip = js_words.amount_slip("", Decimal(yours), settled.net, CHIPS)
            if slip is not None:
                return slip[0], (*slip[1], *js_words.settle_reasons(box, settled, dealer, rules)[:-1])
            return js_words.settle_net_miscounted(box, Decimal(yours), settled, dealer, rules)
        return None

    return field_shapes(scenario, answer, own)


# --- 10. dealer soft 17 --------------------------------------------------------------


class JackSwitchDealerSoft17(DealerActionKind[JackSwitchRules]):
    """Dealer hits soft 17 (JS-5, the house's value)."""

    slug = "js-dealer-soft-17"
    game = GAME
    title = gettext_noop("Dealer: hit or stand (soft 17)")
    description = gettext_noop("The dealer's cards: draw or stand? Jack Switch's dealer hits soft 17 (JS-5).")

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        cards = cards_of(situation["cards"])  # the family's dealer situation (DealerActionKind)
        ruled = dealer_action(cards, rules)
        return Solution(
            key={"action": ruled.value.value},
            rules=ruled.rule_ids,
            reasons=(js_words.dealer_action_reason(cards, rules)[1],),
        )

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        """The family's dealer mistakes (``DealerActionKind``), said by Jack Switch's explainer."""
        return tuple(
            dataclasses.replace(mistake, message=js_words.mistake_reason(mistake.code, rules))
            for mistake in super().mistakes(rules)
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        """Hit for stand or stand for hit: the dealer's total and the house's rule decide."""
        case, reason = js_words.dealer_action_reason(cards_of(scenario.situation["cards"]), rules)
        return f"dealer-{case}", (reason,)


# --- 11. and 12. side bets -----------------------------------------------------------

SUPER_MATCH_CHOICES = tuple(
    (combination.value, js_words.SUPER_MATCH_LABELS[combination])
    for combination in (
        SuperMatch.NONE,
        SuperMatch.ONE_PAIR,
        SuperMatch.TWO_PAIRS,
        SuperMatch.THREE_OF_A_KIND,
        SuperMatch.FOUR_OF_A_KIND,
    )
)
PAIR_BONUS_CHOICES = tuple(
    (combination.value, js_words.PAIR_BONUS_LABELS[combination])
    for combination in (PairBonus.NONE, PairBonus.DIFFERENT_COLOUR, PairBonus.SAME_COLOUR, PairBonus.SAME_SUIT)
)


def _distinct_ranks(rng: random.Random, count: int, tens: bool = False) -> list[Rank]:
    ranks = list(Rank)
    if tens:
        chosen = rng.sample(TEN_RANKS, 2)
        rest = [rank for rank in ranks if rank not in chosen]
        return chosen + rng.sample(rest, count - 2)
    return rng.sample(ranks, count)


def _pay_table_text(entries: Sequence[tuple[str, object]], names: Mapping[str, str], order: Sequence[str]) -> str:
    """A pay table in the engine's order of its combinations (pay order), by their names."""
    rank = {name: index for index, name in enumerate(order)}
    ordered = sorted(entries, key=lambda entry: rank.get(entry[0], len(rank)))
    return ", ".join(f"{names.get(name, name)} {ratio}" for name, ratio in ordered)


class JackSwitchSuperMatch(DrillKind[JackSwitchRules]):
    """Super Match on the four first cards (JS-SM): the combination and its pay."""

    slug = "js-super-match"
    game = GAME
    title = gettext_noop("Super Match")
    description = gettext_noop(
        "The four first cards of the paired boxes: which Super Match combination, and what it pays."
    )
    target_seconds = 20

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        names = [value for value, _ in SUPER_MATCH_CHOICES]
        weights = {
            Difficulty.EASY: (3, 4, 1, 1, 0.3),
            Difficulty.NORMAL: (3, 3, 2, 2, 1),
            Difficulty.HARD: (3, 2, 3, 3, 1),
        }[difficulty]
        combination = rng.choices(names, weights=weights)[0]
        tens = difficulty is Difficulty.HARD and rng.random() < 0.6
        if combination == SuperMatch.NONE:
            ranks = _distinct_ranks(rng, 4, tens)
        elif combination == SuperMatch.ONE_PAIR:
            first, *others = _distinct_ranks(rng, 3, tens)
            ranks = [first, first, *others]
        elif combination == SuperMatch.TWO_PAIRS:
            first, second = _distinct_ranks(rng, 2, tens)
            ranks = [first, first, second, second]
        elif combination == SuperMatch.THREE_OF_A_KIND:
            first, second = _distinct_ranks(rng, 2, tens)
            ranks = [first, first, first, second]
        else:
            ranks = [rng.choice(list(Rank))] * 4
        cards = [pile.rank(rank) for rank in ranks]
        rng.shuffle(cards)
        return SideBetSituation(tuple(cards), Decimal(_side_bet(rng, difficulty))).to_json()

    def _key(self, cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> dict[str, JSON]:
        result = super_match(cards, bet, rules).value
        return {"combination": result.combination, "pays": format_money(result.pays)}

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        bet = SideBetSituation.from_json(situation)
        ruled = super_match(bet.cards, bet.bet, rules)
        return Solution(key=self._key(bet.cards, bet.bet, rules), rules=ruled.rule_ids, reasons=ruled.value.reasons)

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        bet = SideBetSituation.from_json(situation)
        cards = format_cards(bet.cards)
        names = dict(SUPER_MATCH_CHOICES)
        return Prompt(
            question=gettext_noop(
                "Settle the Super Match bet: which combination do the four first cards make, and what does the "
                "dealer pay (0 if the bet loses)?"
            ),
            cards=(
                CardGroup("box1", gettext_noop("Box 1 as dealt"), tuple(cards[:2])),
                CardGroup("box2", gettext_noop("Box 2 as dealt"), tuple(cards[2:])),
            ),
            facts=(
                ("Super Match bet", format_money(bet.bet)),
                ("Super Match pays", _pay_table_text(rules.super_match.entries, names, SUPER_MATCH_COMBINATIONS)),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("combination", gettext_noop("Combination"), FieldType.CHOICE, choices=SUPER_MATCH_CHOICES),
            AnswerField("pays", gettext_noop("Dealer pays"), FieldType.AMOUNT),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "super-match", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"combination": answer["combination"], "pays": answer["pays"]}

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def tens_as_pairs(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            bet = SideBetSituation.from_json(situation)
            return self._key(_as_tens(bet.cards), bet.bet, rules)

        table = rules.super_match.to_mapping()
        swapped = dict(table)
        two, three = SuperMatch.TWO_PAIRS.value, SuperMatch.THREE_OF_A_KIND.value
        if two in table and three in table:
            swapped[two], swapped[three] = table[three], table[two]

        def ratios_swapped(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            wrong = dataclasses.replace(rules, super_match=type(rules.super_match).from_mapping(swapped))
            bet = SideBetSituation.from_json(situation)
            return self._key(bet.cards, bet.bet, wrong)

        return (
            NamedMistake(
                "js-sm-ten-values-pair", js_words.mistake_reason("js-sm-ten-values-pair", rules), tens_as_pairs
            ),
            NamedMistake(
                "js-sm-two-pairs-three-swapped",
                js_words.mistake_reason("js-sm-two-pairs-three-swapped", rules),
                ratios_swapped,
            ),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        return side_bet_shapes("JS-SM", scenario, answer, rules)


class JackSwitchPairBonus(DrillKind[JackSwitchRules]):
    """The pair bonus on a box's first two cards as dealt (JS-PB)."""

    slug = "js-pair-bonus"
    game = GAME
    title = gettext_noop("Pair bonus")
    description = gettext_noop(
        "A box's first two cards as dealt: which pair (colours, suits) and what the pair bonus pays."
    )
    target_seconds = 15

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        names = [value for value, _ in PAIR_BONUS_CHOICES]
        weights = {Difficulty.EASY: (2, 2, 2, 1), Difficulty.NORMAL: (2, 2, 2, 1), Difficulty.HARD: (2, 2, 3, 2)}[
            difficulty
        ]
        combination = rng.choices(names, weights=weights)[0]
        if combination == PairBonus.NONE:
            if difficulty is Difficulty.HARD and rng.random() < 0.6:
                ranks = rng.sample(TEN_RANKS, 2)
            else:
                ranks = rng.sample(list(Rank), 2)
            first, second = pile.rank(ranks[0]), pile.rank(ranks[1])
        else:
            first = pile.next()
            suits = {
                PairBonus.SAME_SUIT: [first.suit],
                PairBonus.SAME_COLOUR: [s for s in Suit if s is not first.suit and s.is_red == first.suit.is_red],
                PairBonus.DIFFERENT_COLOUR: [s for s in Suit if s.is_red != first.suit.is_red],
            }[PairBonus(combination)]
            second = pile.take(lambda card: card.rank is first.rank and card.suit in suits)
        bet = Decimal(_side_bet(rng, difficulty))
        after_switch = None
        if rng.random() < {Difficulty.EASY: 0.0, Difficulty.NORMAL: 0.2, Difficulty.HARD: 0.5}[difficulty]:
            other = pile.rank(first.rank) if rng.random() < 0.5 else pile.next()
            after_switch = (first, other)
        return SideBetSituation((first, second), bet, after_switch, shows_switch=True).to_json()

    def _key(self, cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> dict[str, JSON]:
        result = pair_bonus(cards, bet, rules).value
        return {"combination": result.combination, "pays": format_money(result.pays)}

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        bet = SideBetSituation.from_json(situation)
        ruled = pair_bonus(bet.cards, bet.bet, rules)
        switched = (js_words.pair_bonus_switched(),) if bet.after_switch else ()
        return Solution(
            key=self._key(bet.cards, bet.bet, rules), rules=ruled.rule_ids, reasons=(*ruled.value.reasons, *switched)
        )

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        bet = SideBetSituation.from_json(situation)
        groups = [CardGroup("dealt", gettext_noop("The box as dealt"), tuple(format_cards(bet.cards)))]
        facts = [
            ("Pair bonus bet", format_money(bet.bet)),
            (
                "Pair bonus pays",
                _pay_table_text(rules.pair_bonus.entries, dict(PAIR_BONUS_CHOICES), PAIR_BONUS_COMBINATIONS),
            ),
            ("Colours", "hearts and diamonds are red, spades and clubs black"),
        ]
        if bet.after_switch:
            groups.append(
                CardGroup("switched", gettext_noop("The box after the switch"), tuple(format_cards(bet.after_switch)))
            )
            facts.append(("Switch", "the player switched this box's second card"))
        return Prompt(
            question=gettext_noop(
                "Settle this box's pair bonus: which combination, and what does the dealer pay (0 if it loses)?"
            ),
            cards=tuple(groups),
            facts=tuple(facts),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("combination", gettext_noop("Combination"), FieldType.CHOICE, choices=PAIR_BONUS_CHOICES),
            AnswerField("pays", gettext_noop("Dealer pays"), FieldType.AMOUNT),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        bet = SideBetSituation.from_json(situation)
        return "pair-bonus", dataclasses.replace(bet, after_switch=None, shows_switch=False).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"combination": answer["combination"], "pays": answer["pays"]}

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def after_switch(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            bet = SideBetSituation.from_json(situation)
            return self._key(bet.after_switch, bet.bet, rules) if bet.after_switch else None

        def same_colour_as_suit(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            bet = SideBetSituation.from_json(situation)
            first, second = bet.cards
            if first.rank is not second.rank or first.suit is second.suit:
                return None
            if first.suit.is_red != second.suit.is_red:
                return None
            return self._key([first, Card(second.rank, first.suit)], bet.bet, rules)

        def tens_as_pair(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            bet = SideBetSituation.from_json(situation)
            return self._key(_as_tens(bet.cards), bet.bet, rules)

        return (
            NamedMistake("js-pb-after-switch", js_words.mistake_reason("js-pb-after-switch", rules), after_switch),
            NamedMistake(
                "js-pb-same-colour-as-same-suit",
                js_words.mistake_reason("js-pb-same-colour-as-same-suit", rules),
                same_colour_as_suit,
            ),
            NamedMistake(
                "js-pb-ten-values-pair", js_words.mistake_reason("js-pb-ten-values-pair", rules), tens_as_pair
            ),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        return side_bet_shapes("JS-PB", scenario, answer, rules)


def side_bet_shapes(
    rule: str, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
) -> js_words.Diagnosis | None:
    """A side bet's wrong combination or payout (JS-SM, JS-PB), from the engine's reading of
    the cards and the house's pay table."""
    key, situation = scenario.solution.key, SideBetSituation.from_json(scenario.situation)
    cards, bet = situation.cards, situation.bet

    def own(answer_field: AnswerField, yours: Any, due: Any) -> js_words.Diagnosis | None:
        if answer_field.name == "combination":
            return js_words.combination_misread(rule, cards, yours, due)
        if answer_field.name == "pays":
            mine, right = Decimal(yours), Decimal(due)
            combination = key["combination"]
            cause = js_words.side_bet_pays_misread(rule, combination, bet, mine, right, rules)
            generic = GENERIC_SHAPES[answer_field.type](answer_field, yours, due) if cause is None else None
            if generic is not None:
                return generic[0], (generic[1],)
            return (
                cause
                or js_words.side_bet_pays_slip(rule, combination, bet, mine, right, rules, CHIPS)
                or js_words.side_bet_pays_worked(rule, combination, bet, mine, right, rules)
            )
        return None

    return field_shapes(scenario, answer, own)


# --- 13. bonus bet limits ----------------------------------------------------------------


class JackSwitchBonusAccepted(DrillKind[JackSwitchRules]):
    """Is this bonus bet accepted? (JS-L: a main bet, and the table's bonus limits.)"""

    slug = "js-bonus-accepted"
    game = GAME
    title = gettext_noop("Bonus bet: accept it?")
    description = gettext_noop("A bonus bet at a table with limits: accepted or refused (JS-L).")
    target_seconds = 10

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        limit = rng.choice(rules.bonus_limit_table)
        low, high = limit.table_min, limit.table_max
        step = Decimal(5) if low <= 25 else Decimal(25)  # round amounts, as chips are

        def within(a: Decimal, b: Decimal) -> Decimal:
            """A round amount (a multiple of ``step``) from ``a`` to ``b``; ``a`` if there is none."""
            first = -(-a // step)
            last = b // step
            return step * rng.randint(int(first), int(last)) if first <= last else a

        cases = ["inside", "above-main", "over-max", "no-main", "main-outside", "under-min"]
        weights = {
            Difficulty.EASY: (4, 1, 3, 2, 0, 0),
            Difficulty.NORMAL: (3, 3, 3, 2, 1, 0),
            Difficulty.HARD: (1, 4, 3, 2, 2, 1),
        }[difficulty]
        case = rng.choices(cases, weights=weights)[0]
        main = within(low, high)
        if case == "inside":
            bonus = max(limit.bonus_min, within(step, min(main, limit.bonus_max)))
        elif case == "above-main":
            main = within(low, min(high, limit.bonus_max - step))
            bonus = within(main + step, limit.bonus_max)
        elif case == "over-max":
            bonus = limit.bonus_max + step * rng.randint(1, 4)
        elif case == "no-main":
            main = Decimal(0)
            bonus = within(limit.bonus_min, limit.bonus_max)
        elif case == "main-outside":
            main = (low / 2).quantize(Decimal("0.01")) if rng.random() < 0.5 else high + low
            bonus = within(limit.bonus_min, limit.bonus_max)
        else:
            bonus = (limit.bonus_min / 2).quantize(Decimal("0.01"))
        return BonusBetSituation(f"{plain_money(low)}-{plain_money(high)}", main, bonus).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        bet = BonusBetSituation.from_json(situation)
        ruled = bonus_bet_decision(bet.table_limits, bet.main_bet, bet.bonus, rules)
        return Solution(
            key={"accepted": "yes" if ruled.value.accepted else "no"}, rules=ruled.rule_ids, reasons=ruled.value.reasons
        )

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        limits = "; ".join(
            f"table {plain_money(x.table_min)}-{plain_money(x.table_max)}: bonus "
            f"{plain_money(x.bonus_min)}-{plain_money(x.bonus_max)}"
            for x in rules.bonus_limit_table
        )
        bet = BonusBetSituation.from_json(situation)
        return Prompt(
            question=gettext_noop("A player places this bonus bet before you close bets. Do you accept it?"),
            facts=(
                ("Table limits", bet.table_limits),
                ("Main bet", "none" if bet.main_bet == 0 else format_money(bet.main_bet)),
                ("Bonus bet", format_money(bet.bonus)),
                ("Bonus limits at this house", limits),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (AnswerField("accepted", gettext_noop("Accept the bonus bet?"), FieldType.CHOICE, choices=YES_NO),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "bonus-bet", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"accepted": "yes" if answer["accepted"] else "no"}

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def not_above_main(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            bet = BonusBetSituation.from_json(situation)
            if bet.bonus <= bet.main_bet or not bet.decision(rules).accepted:
                return None
            return {"accepted": "no"}

        def without_main(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            bet = BonusBetSituation.from_json(situation)
            if bet.decision(rules).accepted:
                return None
            table_min = table_bonus_limit(bet.table_limits, rules).table_min  # a main bet there is
            return {"accepted": "yes" if bet.decision(rules, main_bet=table_min).accepted else "no"}

        return (
            NamedMistake(
                "js-bonus-not-above-main", js_words.mistake_reason("js-bonus-not-above-main", rules), not_above_main
            ),
            NamedMistake(
                "js-bonus-without-main", js_words.mistake_reason("js-bonus-without-main", rules), without_main
            ),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        """Accepted for refused or refused for accepted: the JS-L check that decides, with its values."""
        decision = BonusBetSituation.from_json(scenario.situation).decision(rules)
        return f"bonus-{decision.check.value}", decision.reasons


# --- 14. mixed Blackjack / Jack Switch rounds against a dealer 22 -----------------------


class MixedDealer22(DrillKind[JackSwitchRules]):
    """Blackjack or Jack Switch, the dealer makes 22: bust in Blackjack (BJ-9), push in Jack Switch (JS-4).

    The kind's game is Jack Switch (the property's Jack Switch rules); its Blackjack rounds
    run under Blackjack's RULES.md defaults, ``BlackjackRules()``, stated in the prompt."""

    slug = "js-mixed-22"
    game = GAME
    title = gettext_noop("Dealer 22: which game?")
    description = gettext_noop(
        "Blackjack and Jack Switch rounds mixed, the dealer makes 22: bust in one game, push in the other."
    )
    target_seconds = 20
    families = (*DEALER_22_FAMILIES, *BLACKJACK_SETTLE_FAMILIES)
    general_label = gettext_noop("Totals compared")

    def table_rules(self, table: str | None, rules: JackSwitchRules) -> TwentyOneRules:
        """The rules the table of this game plays under (Blackjack's defaults at a Blackjack table)."""
        return BlackjackRules() if table == BlackjackRules.GAME else rules

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        table = BlackjackRules.GAME if rng.random() < 0.5 else GAME
        table_rules = self.table_rules(table, rules)
        pile = DrawPile(rng, table_rules)
        box, dealer = deal_against_22(pile, rng, difficulty, table_rules, draw_bet(rng, difficulty))
        return SettleSituation(box, dealer, table).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        table = SettleSituation.from_json(situation)
        table_rules = self.table_rules(table.table, rules)
        settled = settle_box(table.box, table.dealer, table_rules)
        return Solution(
            key=settled_key(table.box, settled),
            rules=settled.rule_ids,
            reasons=(
                js_words.table_reason(table_rules.GAME),
                *js_words.settle_reasons(table.box, settled, table.dealer, table_rules),
            ),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        table = SettleSituation.from_json(situation)
        box, dealer = table.box, table.dealer
        table_rules = self.table_rules(table.table, rules)
        game = js_words.GAME_NAMES[table_rules.GAME]
        rule_set = "the house rules as written" if table_rules.GAME == BlackjackRules.GAME else "this house's rules"
        return Prompt(
            question=f"This table plays {game}. The dealer's hand is final. Settle the box: each hand's result, and "
            "the player's net for the box (negative when collected, 0 for a push).",
            cards=hand_groups(box, dealer),
            facts=(("Game", f"{game} ({rule_set})"), *box_facts_22(box, table_rules)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return result_fields(SettleSituation.from_json(situation).box)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]] | None:
        table = SettleSituation.from_json(situation)
        if table.table != GAME:
            return None  # a Blackjack round: the jack-switch door would answer under the wrong game
        return "settle", dataclasses.replace(table, table=None).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return door_results_key(answer)

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        return (*settle_22_mistakes(rules), *settle_22_mistakes(BlackjackRules()))

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: JackSwitchRules
    ) -> js_words.Diagnosis | None:
        table = SettleSituation.from_json(scenario.situation).table
        return settle_shapes(scenario, answer, self.table_rules(table, rules))


register(JackSwitchResult())
register(JackSwitchDealer22())
register(JackSwitchDealerSoft17())
register(JackSwitchSuperMatch())
register(JackSwitchPairBonus())
register(JackSwitchBonusAccepted())
register(MixedDealer22())
