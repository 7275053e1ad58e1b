"""Blackjack drills (seed 001): hand totals, the dealer's draw, payouts, a hand's options,
settling a box, the insurance maximum, and paying a blackjack now or later.

Situations are the bodies of the rulings door's ``blackjack`` questions where one asks the
same thing (``hand``, ``dealer-action``, ``payout``, ``options``, ``settle``), so each
answer key is checked against the door. Every answer comes from ``games.blackjack``;
named mistakes run the engine under the wrong rule or with the wrongly read input.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from drills.kinds._boxes import (
    LIVELY,
    PLAIN_PLAYER,
    SPLITTER,
    box_facts,
    box_of,
    deal_box,
    door_settle_key,
    hand_groups,
    insurance_for,
    settle_body,
    settle_fields,
    settle_mistakes,
    settlement_key,
)
from drills.kinds._twenty_one import (
    BLACKJACK_SETTLE_FAMILIES,
    YES_NO,
    DealerActionKind,
    DrawPile,
    Steer,
    cards_of,
    dealer_blackjack,
    draw_bet,
    house_values,
    with_class_traits,
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
from drills.kinds.messages import phrase, reason_value
from drills.rounds.chips import ChipSet
from games.blackjack import words as bj_words
from games.blackjack.hand import (
    HandKind,
    HandValue,
    Ruled,
    can_player_draw,
    card_value,
    evaluate_hand,
    hand_value,
    hard_total,
)
from games.blackjack.options import (
    Action,
    OptionsSituation,
    legal_options,
    option_reasons,
    options_reasons,
    verify_options_situation,
)
from games.blackjack.rules import EVEN_MONEY, BlackjackRules, TwentyOneRules
from games.blackjack.settle import (
    BlackjackTiming,
    Box,
    PayoutKind,
    blackjack_timing,
    dealer_payout,
    half,
    insurance_maximum,
    settle_box,
)
from games.cards import Card, Rank, format_cards
from games.errors import GameError
from games.money import ZERO, format_money
from games.reasons import Phrase, Reason, Term, gettext_noop

GAME = BlackjackRules.GAME


def _amount(value: JSON) -> Decimal | None:
    try:
        return Decimal(str(value))
    except ArithmeticError:
        return None


def _generic_amount(yours: Decimal, due: Decimal) -> bool:
    """Whether the generic shapes name this amount (the wrong sign, nothing, twice, half, a
    3:2 ratio): a kind's shape leaves it to them."""
    field = AnswerField("amount", "", FieldType.AMOUNT, signed=True)
    return GENERIC_SHAPES[FieldType.AMOUNT](field, yours, due) is not None


TABLE_CHIPS = tuple(chip.value for chip in ChipSet.default().chips)
"""The chips a drill's table pays with: the default set (drills are not graded per property)."""


def _label(text: str) -> Phrase | Term:
    """A field's label as a reason's value: its words (a phrase of its own) in the reader's language."""
    value = reason_value(text)
    return Term(value) if isinstance(value, str) else value


def amount_slip(
    label: Phrase | Term, yours: Decimal, due: Decimal, stake: Decimal | None = None
) -> tuple[str, Reason] | None:
    """A dealer's slip that gives exactly ``yours`` for ``due``: one chip of the table's set
    over or short, the cents of a half rounded off to a whole unit (BJ-P10), the player's
    stake counted into a win; None when no single slip gives it."""
    if yours == due:
        return None
    if stake is not None and due > 0 and yours == due + stake:
        return "bj-stake-included", bj_words.stake_included(label, yours, due, stake)
    if due != due.to_integral_value() and yours in (
        due.to_integral_value(ROUND_FLOOR),
        due.to_integral_value(ROUND_CEILING),
    ):
        return "bj-half-rounded", bj_words.half_rounded(label, yours, due)
    if due != 0 and (yours > 0) == (due > 0) and yours != 0:
        step = abs(yours) - abs(due)
        if abs(step) in TABLE_CHIPS:
            return (
                ("bj-chip-over", bj_words.chip_over(label, yours, due, abs(step)))
                if step > 0
                else ("bj-chip-short", bj_words.chip_short(label, yours, due, abs(step)))
            )
    return None


# --- typed situations: each kind reads its situation as a value; the stored JSON stays as it was ---


@dataclasses.dataclass(frozen=True)
class HandSituation:
    """bj-hand-total (and the door's ``hand`` body): a player's hand, and whether it is one of
    a split box's hands."""

    cards: tuple[Card, ...]
    split_hand: bool

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> HandSituation:
        return cls(cards_of(data["cards"]), bool(data["split_hand"]))

    def to_json(self) -> dict[str, JSON]:
        return {"cards": format_cards(self.cards), "split_hand": self.split_hand}


@dataclasses.dataclass(frozen=True)
class PayoutSituation:
    """bj-payout (and the door's ``payout`` body): a bet and what happened to it."""

    bet: Decimal
    kind: PayoutKind

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> PayoutSituation:
        return cls(Decimal(data["bet"]), PayoutKind(data["kind"]))

    def to_json(self) -> dict[str, JSON]:
        return {"bet": format_money(self.bet), "kind": self.kind.value}


@dataclasses.dataclass(frozen=True)
class UpcardSituation:
    """bj-insurance-max and bj-pay-now-or-wait: a bet, the player's two cards and the
    dealer's first card."""

    bet: Decimal
    hand: tuple[Card, ...]
    upcard: Card

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> UpcardSituation:
        return cls(Decimal(data["bet"]), cards_of(data["hand"]), cards_of(data["dealer"])[0])

    def to_json(self) -> dict[str, JSON]:
        return {"bet": format_money(self.bet), "hand": format_cards(self.hand), "dealer": format_cards([self.upcard])}

    @property
    def options(self) -> OptionsSituation:
        return OptionsSituation(hand=self.hand, dealer=self.upcard)

    def groups(self) -> tuple[CardGroup, ...]:
        return (
            CardGroup("dealer", gettext_noop("Dealer"), tuple(format_cards([self.upcard]))),
            CardGroup("hand", gettext_noop("Player's hand"), tuple(format_cards(self.hand))),
        )


# --- 1. hand total -------------------------------------------------------------------

VALUE_LABELS = {
    HandKind.HARD: gettext_noop("Hard"),
    HandKind.SOFT: gettext_noop("Soft"),
    HandKind.BLACKJACK: gettext_noop("Blackjack"),
    HandKind.BUST: gettext_noop("Bust"),
}
VALUE_CHOICES = tuple((kind.value, VALUE_LABELS[kind]) for kind in HandKind)


def value_category(value: HandValue) -> str:
    """One word for what a hand is (the engine's :class:`HandKind`)."""
    return value.kind.value


def _draw_hand(
    pile: DrawPile,
    rng: random.Random,
    rules: TwentyOneRules,
    first: Sequence[Card],
    size: int,
    *,
    split_hand: bool = False,
    small: float = 0.0,
) -> tuple[Card, ...]:
    """A player's hand from ``first``, drawn (as BJ-7 allows) up to ``size`` cards;
    with chance ``small`` each draw is steered to a 2-5."""
    cards = list(first)
    while len(cards) < size and can_player_draw(cards, rules, split_hand=split_hand):
        cards.append(pile.take(lambda card: 2 <= card_value(card) <= 5) if rng.random() < small else pile.next())
    return tuple(cards)


def _reorder(cards: tuple[Card, ...], rng: random.Random, rules: TwentyOneRules, split_hand: bool) -> tuple[Card, ...]:
    """The same cards in another order the hand could have been drawn in (the Ace not always first)."""
    shuffled = list(cards)
    rng.shuffle(shuffled)
    for size in range(2, len(shuffled)):
        if not can_player_draw(shuffled[:size], rules, split_hand=split_hand):
            return cards
    return tuple(shuffled)


class BlackjackHandTotal(DrillKind[BlackjackRules]):
    """Count a hand: total, and hard, soft, blackjack or bust (BJ-2, BJ-3, BJ-4, BJ-S4)."""

    slug = "bj-hand-total"
    game = GAME
    title = gettext_noop("Count the hand")
    description = gettext_noop("A player's hand: its total, and whether it is hard, soft, a blackjack or bust.")
    target_seconds = 5
    families = (
        Family("blackjack", gettext_noop("Blackjack"), ("BJ-4",)),
        Family("split-21", gettext_noop("Ace + 10 after a split"), ("BJ-S4",)),
        Family("bust", gettext_noop("Bust hands"), ("BJ-3",)),
    )
    general_label = gettext_noop("Plain totals")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        split_hand = False
        if difficulty is Difficulty.EASY:
            cards = _draw_hand(pile, rng, rules, (pile.next(), pile.next()), rng.choice((2, 2, 3)))
        elif difficulty is Difficulty.NORMAL:
            split_hand = rng.random() < 0.1
            cards = _draw_hand(
                pile, rng, rules, (pile.next(), pile.next()), rng.choice((2, 3, 3, 4, 5)), split_hand=split_hand
            )
        else:
            roll = rng.random()
            if roll < 0.3:  # Ace + 10-value: a blackjack, or 21 after a split (BJ-S4)
                split_hand = roll < 0.2
                cards = (pile.rank(Rank.ACE), pile.value(10))
            else:  # soft hands of many cards, Aces that turn hard, two Aces
                split_hand = rng.random() < 0.15
                first = (pile.rank(Rank.ACE), pile.rank(Rank.ACE) if rng.random() < 0.3 else pile.next())
                cards = _draw_hand(pile, rng, rules, first, rng.choice((3, 4, 4, 5)), split_hand=split_hand, small=0.6)
            cards = _reorder(cards, rng, rules, split_hand)
        return HandSituation(cards, split_hand).to_json()

    def _value(
        self, situation: Mapping[str, JSON], rules: BlackjackRules, split_hand: bool | None = None
    ) -> Ruled[HandValue]:
        hand = HandSituation.from_json(situation)
        split = hand.split_hand if split_hand is None else split_hand
        return evaluate_hand(hand.cards, rules, split_hand=split)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        ruled = self._value(situation, rules)
        value: HandValue = ruled.value
        hand = HandSituation.from_json(situation)
        reasons = bj_words.hand_reasons(hand.cards, rules, split_hand=hand.split_hand)
        return Solution(
            key={"total": value.total, "value": value_category(value)}, rules=ruled.rule_ids, reasons=reasons
        )

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        hand = HandSituation.from_json(situation)
        origin = (
            gettext_noop("one of the hands of a split box")
            if hand.split_hand
            else gettext_noop("as dealt and drawn (not split)")
        )
        return Prompt(
            question=gettext_noop("What does this hand count, and is it hard, soft, a blackjack or bust?"),
            cards=(CardGroup("hand", gettext_noop("Player's hand"), tuple(format_cards(hand.cards))),),
            facts=((gettext_noop("Hand"), origin),),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("total", gettext_noop("Total"), FieldType.INTEGER, low=2, high=30),
            AnswerField("value", gettext_noop("The hand is"), FieldType.CHOICE, choices=VALUE_CHOICES),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "hand", HandSituation.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        value = HandValue(
            total=answer["total"], soft=answer["soft"], blackjack=answer["blackjack"], bust=answer["bust"], size=0
        )
        return {"total": answer["total"], "value": value_category(value)}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def split_ace_ten_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not HandSituation.from_json(situation).split_hand:
                return None
            value = self._value(situation, rules, split_hand=False).value
            return {"total": value.total, "value": value_category(value)}

        def ace_always_eleven(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = HandSituation.from_json(situation).cards
            if not any(card.rank is Rank.ACE for card in cards) or hand_value(cards).soft:
                return None
            total = hard_total(cards) + 10
            return {"total": total, "value": (HandKind.BUST if total > 21 else HandKind.HARD).value}

        def ace_always_one(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = HandSituation.from_json(situation).cards
            if not hand_value(cards).soft:
                return None
            return {"total": hard_total(cards), "value": HandKind.HARD.value}

        def soft_called_hard(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            value = self._value(situation, rules).value
            if not value.soft or value.blackjack:
                return None
            return {"total": value.total, "value": HandKind.HARD.value}

        return (
            NamedMistake("bj-split-ace-ten-blackjack", bj_words.not_blackjack(rules), split_ace_ten_blackjack),
            NamedMistake("bj-ace-always-eleven", bj_words.ace_always_eleven(rules), ace_always_eleven),
            NamedMistake("bj-ace-always-one", bj_words.ace_always_one(rules), ace_always_one),
            NamedMistake("bj-soft-called-hard", bj_words.soft_called_hard(rules), soft_called_hard),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A miscounted total (the cards added up again, BJ-2) and a wrong call of the hand
        (a 21 of three cards called blackjack, a hard hand called soft...: why not, from the
        cards)."""
        situation, key = HandSituation.from_json(scenario.situation), scenario.solution.key
        cards = situation.cards
        found: list[tuple[str, Reason]] = []
        if answer.get("value") != key["value"]:
            call = bj_words.category_reason(cards, rules, str(answer.get("value")), split_hand=situation.split_hand)
            if call is None:
                return None
            found.append((f"bj-{call[0]}", call[1]))
        total = answer.get("total")
        if total != key["total"]:
            if not isinstance(total, int):
                return None
            cause = bj_words.miscount_cause(cards, rules, total, split_hand=situation.split_hand)
            found.append(
                (f"bj-{cause[0]}", cause[1])
                if cause is not None
                else ("bj-miscounted", bj_words.counted(cards, rules, total, split_hand=situation.split_hand))
            )
        return (found[0][0], tuple(reason for _, reason in found)) if found else None


# --- 2. dealer action ------------------------------------------------------------------


class BlackjackDealerAction(DealerActionKind[BlackjackRules]):
    """Dealer hits or stands (BJ-8; soft 17 by the house's value)."""

    slug = "bj-dealer-action"
    game = GAME
    title = gettext_noop("Dealer: hit or stand")
    description = gettext_noop("The dealer's cards: draw or stand? Soft 17 as this house plays it (BJ-8).")


# --- 3. payouts ----------------------------------------------------------------------

PAYOUT_EVENTS = {
    "blackjack": gettext_noop("The player's blackjack wins: the dealer did not make blackjack."),
    "win": gettext_noop("The player's hand beats the dealer's hand."),
    "insurance": gettext_noop("The dealer made blackjack: settle the player's insurance bet."),
    "even-money": gettext_noop(
        "The player has a blackjack, the dealer's first card is an Ace, and the player takes even money."
    ),
    "surrender": gettext_noop("The player surrenders on the first two cards."),
}


class BlackjackPayout(DrillKind[BlackjackRules]):
    """Pay or collect: blackjack, a win, insurance, even money, surrender (BJ-5, BJ-I2, BJ-E, BJ-R1)."""

    slug = "bj-payout"
    game = GAME
    title = gettext_noop("Payouts")
    description = gettext_noop(
        "Blackjack at 3:2 on odd amounts, wins, insurance, even money and surrender: pay or collect."
    )
    target_seconds = 10
    families = (
        Family("surrender", gettext_noop("Surrender"), ("BJ-R1",)),
        Family("even-money", gettext_noop("Even money"), ("BJ-E",)),
        Family("insurance", gettext_noop("Insurance paid"), ("BJ-I2",)),
        Family("blackjack", gettext_noop("Blackjack pays"), ("BJ-10",)),
    )
    general_label = gettext_noop("Even-money wins")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        kinds = list(PayoutKind)
        weights: tuple[int, ...] = {
            Difficulty.EASY: (4, 3, 2, 1, 1),
            Difficulty.NORMAL: (3, 2, 2, 2, 2),
            Difficulty.HARD: (4, 1, 2, 3, 3),
        }[difficulty]
        if not rules.surrender_offered:  # BJ-R1: no surrender to pay where the house offers none
            weights = tuple(w for k, w in zip(kinds, weights, strict=True) if k != PayoutKind.SURRENDER)
            kinds = [k for k in kinds if k != PayoutKind.SURRENDER]
        kind = rng.choices(kinds, weights=weights)[0]
        bet = draw_bet(rng, difficulty)
        if kind == PayoutKind.INSURANCE:
            bet = insurance_for(bet, rng)
        return PayoutSituation(bet, kind).to_json()

    def _payout(self, situation: PayoutSituation, rules: TwentyOneRules) -> Mapping[str, JSON]:
        ruled = dealer_payout(situation.kind, situation.bet, rules)
        return {"pays": format_money(ruled.value.pays), "collects": format_money(ruled.value.collects)}

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        payout = PayoutSituation.from_json(situation)
        kind, bet = payout.kind, payout.bet
        ruled = dealer_payout(kind, bet, rules)
        paid = ruled.value
        why = bj_words.payout_reason(kind.value, bet, paid.pays, paid.collects, rules)
        return Solution(
            key={"pays": format_money(paid.pays), "collects": format_money(paid.collects)},
            rules=ruled.rule_ids,
            reasons=(why,),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        payout = PayoutSituation.from_json(situation)
        kind = payout.kind
        stake = gettext_noop("Insurance bet") if kind == PayoutKind.INSURANCE else gettext_noop("Bet")
        return Prompt(
            question=phrase(
                gettext_noop(
                    "{event} How much does the dealer pay out, and how much does the dealer take in (0 where nothing)?"
                ),
                event=PAYOUT_EVENTS[kind],
            ),
            facts=((stake, format_money(payout.bet)), *house_values(rules)[:2]),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("pays", gettext_noop("Dealer pays"), FieldType.AMOUNT),
            AnswerField("collects", gettext_noop("Dealer collects"), FieldType.AMOUNT),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "payout", PayoutSituation.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"pays": answer["pays"], "collects": answer["collects"]}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def only(
            kind: PayoutKind, solve: Callable[[PayoutSituation], Mapping[str, JSON]]
        ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
            def run(data: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                situation = PayoutSituation.from_json(data)
                return solve(situation) if situation.kind is kind else None

            return run

        def even_money_at_blackjack_pays(situation: PayoutSituation) -> Mapping[str, JSON]:
            return self._payout(dataclasses.replace(situation, kind=PayoutKind.BLACKJACK), rules)

        def surrender_whole_bet(situation: PayoutSituation) -> Mapping[str, JSON]:
            return {"pays": "0.00", "collects": format_money(situation.bet)}

        def blackjack_even(situation: PayoutSituation) -> Mapping[str, JSON]:
            return self._payout(situation, dataclasses.replace(rules, blackjack_pays=EVEN_MONEY))

        def insurance_even(situation: PayoutSituation) -> Mapping[str, JSON]:
            return self._payout(situation, dataclasses.replace(rules, insurance_pays=EVEN_MONEY))

        def surrender_paid(situation: PayoutSituation) -> Mapping[str, JSON]:
            return {"pays": format_money(half(situation.bet)), "collects": "0.00"}

        return (
            NamedMistake(
                "bj-even-money-paid-as-blackjack",
                bj_words.even_money_not_blackjack_ratio(rules),
                only(PayoutKind.EVEN_MONEY, even_money_at_blackjack_pays),
            ),
            NamedMistake(
                "bj-surrender-whole-bet",
                bj_words.surrender_not_whole_bet(),
                only(PayoutKind.SURRENDER, surrender_whole_bet),
            ),
            NamedMistake(
                "bj-surrender-paid", bj_words.surrender_is_a_loss(), only(PayoutKind.SURRENDER, surrender_paid)
            ),
            NamedMistake(
                "bj-blackjack-paid-1-1", bj_words.blackjack_not_even(rules), only(PayoutKind.BLACKJACK, blackjack_even)
            ),
            NamedMistake(
                "bj-insurance-paid-1-1", bj_words.insurance_not_even(rules), only(PayoutKind.INSURANCE, insurance_even)
            ),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Paid where the dealer collects (or the reverse), and a payout at the right ratio
        worked out wrong: the ratio, the bet and the arithmetic, from the engine."""
        situation, key = PayoutSituation.from_json(scenario.situation), scenario.solution.key
        kind, bet = situation.kind, situation.bet
        pays, collects = Decimal(key["pays"]), Decimal(key["collects"])
        yours_pays, yours_collects = _amount(answer.get("pays")), _amount(answer.get("collects"))
        if yours_pays is None or yours_collects is None:
            return None
        rule = dealer_payout(kind, bet, rules).rule_ids[0]
        labels = {answer_field.name: _label(answer_field.label) for answer_field in scenario.fields}
        if kind is PayoutKind.SURRENDER:
            if yours_pays != 0:
                return "bj-surrender-paid-out", (bj_words.surrender_paid_out(collects),)
            slip = amount_slip(labels["collects"], yours_collects, collects)
            if slip is not None:
                return slip[0], (slip[1], bj_words.surrender_half(bet, collects, yours_collects))
            if yours_collects != collects and not _generic_amount(yours_collects, collects):
                return "bj-surrender-not-half", (bj_words.surrender_half(bet, collects, yours_collects),)
            return None
        if yours_collects != 0 and yours_pays in (0, pays):
            return "bj-win-collected", (bj_words.paid_not_collected(rule, pays),)
        slip = amount_slip(labels["pays"], yours_pays, pays, bet) if yours_collects == 0 else None
        if slip is not None:
            return slip[0], (slip[1], bj_words.payout_reason(kind.value, bet, pays, collects, rules))
        if yours_pays != pays and yours_collects == 0 and not _generic_amount(yours_pays, pays):
            paid_at = {PayoutKind.BLACKJACK: rules.blackjack_pays, PayoutKind.INSURANCE: rules.insurance_pays}.get(
                kind, EVEN_MONEY
            )
            return "bj-payout-arithmetic", (bj_words.ratio_worked(rule, paid_at, bet, pays, yours_pays),)
        return None


# --- 4. options ----------------------------------------------------------------------

OPTION_FIELDS = tuple((action, action.value.replace("-", "_")) for action in Action)
OPTION_LABELS = {
    Action.STAND: "Stand",
    Action.HIT: "Hit",
    Action.DOUBLE: "Double",
    Action.SPLIT: "Split",
    Action.SURRENDER: "Surrender",
    Action.INSURANCE: "Insurance",
    Action.EVEN_MONEY: "Even money",
}


def options_json(situation: OptionsSituation) -> dict[str, JSON]:
    """bj-options' stored situation (the door's ``options`` body) of the engine's value."""
    return {
        "hand": format_cards(situation.hand),
        "dealer": format_cards([situation.dealer]),
        "hands_in_box": situation.hands_in_box,
        "from_split_aces": situation.from_split_aces,
        "third_card_dealt": situation.third_card_dealt,
    }


def options_situation(situation: Mapping[str, JSON]) -> OptionsSituation:
    return OptionsSituation(
        hand=cards_of(situation["hand"]),
        dealer=cards_of(situation["dealer"])[0],
        hands_in_box=situation["hands_in_box"],
        from_split_aces=situation["from_split_aces"],
        third_card_dealt=situation["third_card_dealt"],
    )


def options_key(situation: OptionsSituation, rules: TwentyOneRules) -> dict[str, JSON]:
    allowed = legal_options(situation, rules).allowed
    return {name: "yes" if action in allowed else "no" for action, name in OPTION_FIELDS}


class BlackjackOptions(DrillKind[BlackjackRules]):
    """Which options a hand has now (BJ-7, BJ-D, BJ-S, BJ-R, BJ-I1, BJ-E)."""

    slug = "bj-options"
    game = GAME
    title = gettext_noop("What may this hand do?")
    description = gettext_noop(
        "Stand, hit, double, split, surrender, insurance, even money: yes or no for each, right now."
    )
    target_seconds = 25
    families = (
        Family("surrender-closed", gettext_noop("Surrender no longer open"), ("BJ-R2",)),
        Family("split-aces", gettext_noop("Split Aces"), ("BJ-S3",)),
        Family("split-21", gettext_noop("Ace + 10 after a split"), ("BJ-S4",)),
        Family("split-limit", gettext_noop("The split limit"), ("BJ-S2",)),
    )
    general_label = gettext_noop("First two cards")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        while True:
            situation = self._draw(pile, rng, difficulty, rules)
            try:
                verify_options_situation(situation, rules)
            except GameError:
                continue
            if not situation.value.bust:
                break
        return options_json(situation)

    def _draw(
        self, pile: DrawPile, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules
    ) -> OptionsSituation:
        roll = rng.random()
        if difficulty is Difficulty.EASY:
            upcard = pile.next()
            first = pile.next()
            second = pile.take(lambda card: card_value(card) == card_value(first)) if roll < 0.25 else pile.next()
            return OptionsSituation(hand=(first, second), dealer=upcard)
        if difficulty is Difficulty.HARD:
            roll = roll * 1.25  # fewer plain hands, more of the cases dealers get wrong
        if roll < 0.35:  # a fresh hand; against an Ace, often a blackjack
            upcard = pile.rank(Rank.ACE) if rng.random() < 0.35 else pile.next()
            first = pile.next()
            if upcard.rank is Rank.ACE and rng.random() < 0.4:
                hand = (pile.rank(Rank.ACE), pile.value(10))
            else:
                hand = (first, pile.next())
            return OptionsSituation(hand=hand, dealer=upcard, third_card_dealt=rng.random() < 0.3)
        if roll < 0.5:  # after a hit
            upcard = pile.next()
            return OptionsSituation(hand=(pile.next(), pile.next(), pile.next()), dealer=upcard, third_card_dealt=True)
        if roll < 0.75:  # a hand of a split box, maybe a pair again
            upcard = pile.next()
            first = pile.value(rng.choice((2, 3, 4, 6, 7, 8, 9, 10)))
            second = pile.value(card_value(first)) if rng.random() < 0.4 else pile.next()
            return OptionsSituation(
                hand=(first, second),
                dealer=upcard,
                hands_in_box=rng.randint(2, rules.max_hands),
                third_card_dealt=rng.random() < 0.5,
            )
        if roll < 1.0:  # a hand of split Aces
            upcard = pile.next()
            second = rng.choice((lambda: pile.value(10), lambda: pile.rank(Rank.ACE), pile.next))()
            return OptionsSituation(
                hand=(pile.rank(Rank.ACE), second),
                dealer=upcard,
                hands_in_box=2,
                from_split_aces=True,
                third_card_dealt=rng.random() < 0.5,
            )
        # a fresh 13-16 against a 9, 10 or Ace, a third card already dealt at the table or not (BJ-R2, BJ-R3)
        upcard = pile.take(lambda card: card_value(card) in (1, 9, 10))
        first = pile.value(10)
        return OptionsSituation(
            hand=(first, pile.take(lambda card: 3 <= card_value(card) <= 6)),
            dealer=upcard,
            third_card_dealt=rng.random() < 0.5,
        )

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        options = options_situation(situation)
        report = legal_options(options, rules)
        return Solution(key=options_key(options, rules), rules=report.rule_ids, reasons=options_reasons(options, rules))

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        options = options_situation(situation)
        hands = options.hands_in_box
        box: str = gettext_noop("not split")
        if hands > 1:
            box = phrase(
                gettext_noop("split: {count} hands in the box now, from split Aces")
                if options.from_split_aces
                else gettext_noop("split: {count} hands in the box now"),
                count=hands,
            )
        elif options.from_split_aces:
            box = gettext_noop("not split, from split Aces")
        das = gettext_noop("allowed") if rules.double_after_split else gettext_noop("not allowed")
        return Prompt(
            question=gettext_noop(
                "It is this hand's turn, before the dealer's second card. Which options does the player have "
                "now? Answer yes or no for each."
            ),
            cards=(
                CardGroup("dealer", gettext_noop("Dealer"), tuple(format_cards([options.dealer]))),
                CardGroup("hand", gettext_noop("Player's hand"), tuple(format_cards(options.hand))),
            ),
            facts=(
                (gettext_noop("This box"), box),
                (
                    gettext_noop("A third card already drawn at the table"),
                    gettext_noop("yes") if options.third_card_dealt else gettext_noop("no"),
                ),
                (gettext_noop("Most hands in a box"), str(rules.max_hands)),
                (gettext_noop("Double after a split"), das),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return tuple(
            AnswerField(name, OPTION_LABELS[action], FieldType.CHOICE, choices=YES_NO) for action, name in OPTION_FIELDS
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "options", options_json(options_situation(situation))

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {name: "yes" if action.value in answer["actions"] else "no" for action, name in OPTION_FIELDS}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def misread(
            change: Callable[[OptionsSituation], OptionsSituation | None], *names: str
        ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
            def solve(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                right = options_situation(situation)
                changed = change(right)
                if changed is None:
                    return None
                key = options_key(right, rules)
                wrong = options_key(changed, rules)
                return {**key, **{name: wrong[name] for name in names}}

            return solve

        def dealer_not_ace(s: OptionsSituation) -> OptionsSituation | None:
            if s.dealer.rank is not Rank.ACE:
                return None
            return dataclasses.replace(s, dealer=Card(Rank.NINE, s.dealer.suit))

        def no_third_card(s: OptionsSituation) -> OptionsSituation | None:
            return dataclasses.replace(s, third_card_dealt=False) if s.third_card_dealt else None

        def not_split_aces(s: OptionsSituation) -> OptionsSituation | None:
            return dataclasses.replace(s, from_split_aces=False) if s.from_split_aces else None

        def resplit_aces(s: OptionsSituation) -> OptionsSituation | None:
            if not s.from_split_aces:
                return None
            return dataclasses.replace(s, from_split_aces=False, hands_in_box=1)

        def unsplit(s: OptionsSituation) -> OptionsSituation | None:
            return dataclasses.replace(s, hands_in_box=1, third_card_dealt=False) if s.split_hand else None

        return (
            NamedMistake(
                "bj-surrender-against-ace",
                bj_words.refused("surrender-ace", rules),
                misread(dealer_not_ace, "surrender"),
            ),
            NamedMistake(
                "bj-surrender-after-third-card",
                bj_words.refused("surrender-third-card", rules),
                misread(no_third_card, "surrender"),
            ),
            NamedMistake("bj-split-aces-draw", bj_words.split_aces_draw(), misread(not_split_aces, "hit", "double")),
            NamedMistake(
                "bj-resplit-aces", bj_words.refused("split-aces-again", rules), misread(resplit_aces, "split")
            ),
            NamedMistake(
                "bj-split-hand-surrender-or-insure",
                bj_words.split_hand_offers(),
                misread(unsplit, "surrender", "insurance", "even_money"),
            ),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Each option answered wrongly: why the engine refuses it here, or why it is open."""
        options = options_situation(scenario.situation)
        key = scenario.solution.key
        codes: list[str] = []
        reasons: list[Reason] = []
        for action, name in OPTION_FIELDS:
            if answer.get(name) == key[name]:
                continue
            codes.append(f"bj-option-{'refused' if key[name] == 'no' else 'open'}-{action.value}")
            reasons.extend(option_reasons(options, action, rules))
        return (codes[0], tuple(reasons)) if codes else None


# --- 5. settle a box -----------------------------------------------------------------

SETTLE_PLAYER = dataclasses.replace(LIVELY, insurance=0.3, surrender=0.5, extra_surrenders=0.5, even_money=0.4)
"""The normal drill's player: the lively player who also insures, surrenders a hard 13-16
now and then and takes even money now and then."""


class BlackjackSettleBox(DrillKind[BlackjackRules]):
    """Settle a box: splits, doubles, insurance, even money, surrender, dealer blackjack (BJ-O)."""

    slug = "bj-settle-box"
    game = GAME
    title = gettext_noop("Settle the box")
    description = gettext_noop(
        "Splits, doubles, insurance and a dealer blackjack (only the original bet is lost): pay the box."
    )
    target_seconds = 40
    families = BLACKJACK_SETTLE_FAMILIES
    general_label = gettext_noop("Totals compared")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        bet = draw_bet(rng, difficulty)
        if difficulty is Difficulty.EASY:
            box, dealer = deal_box(pile, rng, rules, bet, PLAIN_PLAYER)
        elif difficulty is Difficulty.NORMAL:
            box, dealer = deal_box(pile, rng, rules, bet, SETTLE_PLAYER)
        else:
            box, dealer = self._hard(pile, rng, rules, bet)
        return settle_body(box, dealer, with_switch=False)

    def _hard(
        self, pile: DrawPile, rng: random.Random, rules: BlackjackRules, bet: Decimal
    ) -> tuple[Box, tuple[Card, ...]]:
        roll = rng.random()
        if roll < 0.4:  # splits and doubles, then the dealer makes blackjack (BJ-O)
            upcard = pile.rank(Rank.ACE) if rng.random() < 0.5 else pile.value(10)
            pair = rng.choice((2, 3, 4, 6, 7, 8, 8, 9, 10))
            player = dataclasses.replace(SPLITTER, stand_low=0.3, insurance=0.4)
            return deal_box(
                pile,
                rng,
                rules,
                bet,
                player,
                steer=Steer(double=0.6),
                upcard=upcard,
                first=(pile.value(pair), pile.value(pair)),
                dealer_want=dealer_blackjack,
            )
        if roll < 0.6:  # split Aces that catch a 10-value: 21, not blackjack (BJ-S4)
            upcard = pile.next()
            want = dealer_blackjack if card_value(upcard) in (1, 10) and rng.random() < 0.4 else None
            return deal_box(
                pile,
                rng,
                rules,
                bet,
                LIVELY,
                steer=Steer(ten=0.6),
                upcard=upcard,
                first=(pile.rank(Rank.ACE), pile.rank(Rank.ACE)),
                dealer_want=want,
            )
        if roll < 0.8:  # a blackjack against an Ace or a 10-value (BJ-10, BJ-E)
            upcard = pile.rank(Rank.ACE) if rng.random() < 0.5 else pile.value(10)
            natural = (pile.rank(Rank.ACE), pile.value(10))
            want = dealer_blackjack if rng.random() < 0.3 else None
            return deal_box(
                pile,
                rng,
                rules,
                bet,
                dataclasses.replace(LIVELY, even_money=0.4),
                upcard=upcard,
                first=natural if rng.random() < 0.5 else natural[::-1],
                dealer_want=want,
            )
        player = dataclasses.replace(LIVELY, extra_splits=0.6, insurance=0.5, surrender=0.6, extra_surrenders=0.6)
        return deal_box(pile, rng, rules, bet, player)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        box, dealer = box_of(situation)
        settled = settle_box(box, dealer, rules)
        return Solution(
            key=settlement_key(box, settled),
            rules=settled.rule_ids,
            reasons=(*settled.reasons, bj_words.net_for_box(settled.net)),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        box, dealer = box_of(situation)
        return Prompt(
            question=gettext_noop(
                "The round is over: settle this box. Give each result as the player's net: positive when paid, "
                "negative when collected, 0 for a push or a returned stake."
            ),
            cards=hand_groups(box, dealer),
            facts=box_facts(box, rules),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return settle_fields(box_of(situation)[0])

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return door_settle_key(answer)

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def settled_under(wrong: TwentyOneRules, box: Box, dealer: tuple[Card, ...]) -> Mapping[str, JSON] | None:
            try:
                return settlement_key(box, settle_box(box, dealer, wrong))
            except GameError:
                return None

        def dealer_22_pushed(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            box, dealer = box_of(situation)
            if hand_value(dealer).total != 22:
                return None
            return settled_under(with_class_traits(rules, DEALER_PUSH_TOTAL=22), box, dealer)

        def insurance_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            box, dealer = box_of(situation)
            if box.insurance == 0 or not hand_value(dealer).blackjack:
                return None
            return settled_under(dataclasses.replace(rules, insurance_pays=EVEN_MONEY), box, dealer)

        def double_ignored(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            box, dealer = box_of(situation)
            if not any(hand.doubled for hand in box.hands):
                return None
            single = dataclasses.replace(
                box, hands=tuple(dataclasses.replace(hand, doubled=False) for hand in box.hands)
            )
            wrong = settled_under(rules, single, dealer)
            return (
                None
                if wrong is None
                else settlement_key(box, settle_box(box, dealer, rules))
                | {name: value for name, value in wrong.items() if name != "insurance_win"}
            )

        def insurance_left_out(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            box, dealer = box_of(situation)
            if box.insurance == 0:
                return None
            settled = settle_box(box, dealer, rules)
            return settlement_key(box, settled) | {"net": format_money(settled.net - settled.insurance_win)}

        return (
            *settle_mistakes(rules),
            NamedMistake("bj-22-pushed", bj_words.dealer_22_is_bust(), dealer_22_pushed),
            NamedMistake("bj-insurance-paid-1-1", bj_words.insurance_not_even(rules), insurance_even),
            NamedMistake("bj-double-paid-on-bet", bj_words.double_stake(), double_ignored),
            NamedMistake("bj-insurance-left-out-of-net", bj_words.insurance_in_net(), insurance_left_out),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        return settle_shapes(scenario, answer, rules)


def settle_shapes(
    scenario: Scenario, answer: Mapping[str, JSON], rules: TwentyOneRules
) -> tuple[str, tuple[Reason, ...]] | None:
    """Each wrong result of a box: a net that does not add up its parts, a loss paid, a win
    collected, the right direction with the wrong amount (or a generic shape: the sign, twice,
    half, 3:2, nothing), each with the engine's reason for that hand or the insurance."""
    box, dealer = box_of(scenario.situation)
    settled = settle_box(box, dealer, rules)
    key = scenario.solution.key
    texts = {answer_field.name: answer_field.label for answer_field in scenario.fields}
    labels = {name: _label(text) for name, text in texts.items()}
    # each result field: (the amount due, the engine's reasons for it)
    parts: dict[str, tuple[Decimal, tuple[Reason, ...]]] = {}
    if box.split:
        parts.update({f"hand_{index}": (hand.win, hand.reasons) for index, hand in enumerate(settled.hands, 1)})
    if "insurance_win" in key:
        parts["insurance_win"] = (settled.insurance_win, settled.reasons[-1:])
    stakes = {f"hand_{index}": box.stake(hand) for index, hand in enumerate(box.hands, 1)}
    stakes |= {"net": box.stake(box.hands[0]), "insurance_win": box.insurance}
    yours = {name: _amount(answer.get(name)) for name in key}
    if any(value is None for value in yours.values()):
        return None
    wrong = [name for name in key if answer.get(name) != key[name]]
    if not box.split:  # the net is the hand's result, plus the insurance
        insurance = yours.get("insurance_win") or ZERO
        parts["net"] = (settled.hands[0].win, settled.hands[0].reasons)
        yours["net"] = (yours["net"] or ZERO) - insurance
    found: list[tuple[str, Reason | None, tuple[Reason, ...]]] = []
    for name in wrong:
        mine = yours[name]
        assert mine is not None
        if name == "net" and box.split:
            given = [yours[part] or ZERO for part in parts]
            if sum(given, ZERO) != mine:
                found.append(("bj-net-not-the-sum", bj_words.net_adds_up(tuple(given), sum(given, ZERO), mine), ()))
            continue
        due, why = parts[name]
        if mine == due:  # a single hand's net off by a wrong insurance result: said there
            continue
        label = labels[name]
        generic = GENERIC_SHAPES[FieldType.AMOUNT](
            AnswerField(name, texts[name], FieldType.AMOUNT, signed=True), mine, due
        )
        others = (
            [other for other in parts if other.startswith("hand_") and other != name and parts[other][0] == mine]
            if name.startswith("hand_")
            else []
        )
        slip = amount_slip(label, mine, due, stakes.get(name))
        if others:
            found.append(
                (
                    "bj-other-hands-result",
                    bj_words.other_hands_result(
                        bj_words.hand_name(int(name[5:]) - 1, True),
                        bj_words.hand_name(int(others[0][5:]) - 1, True),
                        mine,
                        due,
                    ),
                    why,
                )
            )
        elif slip is not None:
            found.append((slip[0], slip[1], why))
        elif generic is not None:
            found.append((f"bj-{generic[0]}", generic[1], why))
        elif mine > 0 > due:
            found.append(("bj-paid-a-loss", bj_words.result_paid_a_loss(label, mine, due), why))
        elif mine < 0 < due:
            found.append(("bj-collected-a-win", bj_words.result_collected_a_win(label, mine, due), why))
        else:
            found.append(("bj-wrong-amount", bj_words.result_wrong_amount(label, mine, due), why))
    if not found:
        return None
    reasons = tuple(item for _, lead, why in found for item in ((lead,) if lead else ()) + why)
    return found[0][0], reasons


# --- 6. insurance maximum -------------------------------------------------------------


class BlackjackInsuranceMax(DrillKind[BlackjackRules]):
    """The most a player may insure: half the original bet (BJ-I1); a blackjack is offered
    even money instead (BJ-E)."""

    slug = "bj-insurance-max"
    game = GAME
    title = gettext_noop("Insurance maximum")
    description = gettext_noop("The dealer shows an Ace: the most the player may put on insurance.")
    target_seconds = 10
    families = (Family("even-money", gettext_noop("Even money offered"), ("BJ-E",)),)
    general_label = gettext_noop("Insurance amount")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        upcard = pile.rank(Rank.ACE)
        if difficulty is Difficulty.HARD and rng.random() < 0.25:
            hand = (pile.rank(Rank.ACE), pile.value(10))
        else:
            hand = (pile.next(), pile.next())
            while hand_value(hand).blackjack:
                hand = (pile.next(), pile.next())
        return UpcardSituation(draw_bet(rng, difficulty), hand, upcard).to_json()

    def _most(self, situation: UpcardSituation, rules: TwentyOneRules) -> Ruled[Decimal]:
        return insurance_maximum(situation.options, situation.bet, rules)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        table = UpcardSituation.from_json(situation)
        most = self._most(table, rules)
        why = bj_words.insurance_limit(table.bet, most.value) if most.value > 0 else bj_words.even_money_instead()
        return Solution(key={"max": format_money(most.value)}, rules=most.rule_ids, reasons=(why,))

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        table = UpcardSituation.from_json(situation)
        return Prompt(
            question=gettext_noop(
                "The dealer's first card is an Ace and insurance is offered. What is the most this player may "
                "bet on insurance (0 if none)?"
            ),
            cards=table.groups(),
            facts=(
                (gettext_noop("Bet"), format_money(table.bet)),
                (gettext_noop("Insurance pays"), str(rules.insurance_pays)),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (AnswerField("max", gettext_noop("Most insurance"), FieldType.AMOUNT),)

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def full_bet(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return {"max": format_money(UpcardSituation.from_json(situation).bet)}

        def blackjack_insured(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            table = UpcardSituation.from_json(situation)
            if self._most(table, rules).value > 0:
                return None
            return {"max": format_money(half(table.bet))}

        return (
            NamedMistake("bj-insurance-full-bet", bj_words.insurance_whole_bet(), full_bet),
            NamedMistake("bj-insurance-on-blackjack", bj_words.blackjack_not_insured(), blackjack_insured),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Any other amount: half the bet worked out (BJ-I1), or no insurance for a blackjack (BJ-E)."""
        yours, most = _amount(answer.get("max")), Decimal(scenario.solution.key["max"])
        if yours is None or yours == most:
            return None
        if most == 0:
            return "bj-insurance-on-blackjack", (bj_words.even_money_instead(),)
        bet = UpcardSituation.from_json(scenario.situation).bet
        return "bj-insurance-not-half", (bj_words.insurance_half_worked(bet, most, yours),)


# --- 7. pay the blackjack now or wait ---------------------------------------------------

TIMING_CHOICES = (
    (BlackjackTiming.NOW.value, gettext_noop("Pay it now")),
    (BlackjackTiming.WAITS.value, gettext_noop("Wait for the dealer's second card")),
)


class BlackjackPayNowOrWait(DrillKind[BlackjackRules]):
    """BJ-10: a blackjack is paid at once unless the dealer's first card is an Ace or a 10-value."""

    slug = "bj-pay-now-or-wait"
    game = GAME
    title = gettext_noop("Blackjack: pay now or wait?")
    description = gettext_noop("A player's blackjack: pay it at once, or wait for the dealer's second card (BJ-10)?")
    target_seconds = 10

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        if difficulty is Difficulty.EASY:
            upcard = pile.take(lambda card: 2 <= card_value(card) <= 6) if rng.random() < 0.5 else pile.next()
        elif difficulty is Difficulty.HARD:
            roll = rng.random()
            upcard = (
                pile.rank(Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN)
                if roll < 0.45
                else (pile.rank(Rank.ACE) if roll < 0.6 else pile.take(lambda card: card_value(card) in (7, 8, 9)))
            )
        else:
            upcard = pile.next()
        natural = (pile.rank(Rank.ACE), pile.value(10))
        hand = natural if rng.random() < 0.5 else natural[::-1]
        return UpcardSituation(draw_bet(rng, difficulty), hand, upcard).to_json()

    def _key(self, situation: UpcardSituation, rules: TwentyOneRules, upcard: Card | None = None) -> dict[str, JSON]:
        up = upcard or situation.upcard
        timing = blackjack_timing(up, rules).value
        pays = dealer_payout(PayoutKind.BLACKJACK, situation.bet, rules).value.pays
        return {"timing": timing.value, "pays": format_money(pays)}

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        table = UpcardSituation.from_json(situation)
        upcard = table.upcard
        ruled = blackjack_timing(upcard, rules)
        key = self._key(table, rules)
        paid = bj_words.blackjack_paid(rules, table.bet, Decimal(key["pays"]))
        if ruled.value is BlackjackTiming.NOW:
            reasons: tuple[Reason, ...] = (bj_words.paid_at_once(upcard), paid)
        else:
            offer = (bj_words.even_money_may_be_offered(),) if upcard.rank is Rank.ACE else ()
            reasons = (bj_words.waits_for_second_card(upcard), *offer, paid)
        return Solution(key=key, rules=ruled.rule_ids, reasons=reasons)

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        table = UpcardSituation.from_json(situation)
        return Prompt(
            question=gettext_noop(
                "The player has a blackjack. Do you pay it now or wait for the dealer's second card, and what "
                "does it pay when it wins?"
            ),
            cards=table.groups(),
            facts=(
                (gettext_noop("Bet"), format_money(table.bet)),
                (gettext_noop("Blackjack pays"), str(rules.blackjack_pays)),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("timing", gettext_noop("When"), FieldType.CHOICE, choices=TIMING_CHOICES),
            AnswerField("pays", gettext_noop("The blackjack pays"), FieldType.AMOUNT),
        )

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def with_upcard(
            rank: Rank, applies: Callable[[Card], bool]
        ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
            def solve(data: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                situation = UpcardSituation.from_json(data)
                upcard = situation.upcard
                if not applies(upcard):
                    return None
                return self._key(situation, rules, Card(rank, upcard.suit))

            return solve

        def paid_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            even = dataclasses.replace(rules, blackjack_pays=EVEN_MONEY)
            return self._key(UpcardSituation.from_json(situation), even)

        return (
            NamedMistake(
                "bj-10-paid-before-second-card",
                bj_words.paid_against_ten(),
                with_upcard(Rank.NINE, lambda card: card_value(card) == 10),
            ),
            NamedMistake(
                "bj-paid-before-second-card-ace",
                bj_words.paid_against_ace(),
                with_upcard(Rank.NINE, lambda card: card.rank is Rank.ACE),
            ),
            NamedMistake(
                "bj-waited-needlessly",
                bj_words.waited_needlessly(),
                with_upcard(Rank.ACE, lambda card: card_value(card) not in (1, 10)),
            ),
            NamedMistake("bj-blackjack-paid-1-1", bj_words.blackjack_not_even(rules), paid_even),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: BlackjackRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """The blackjack's payout worked out wrong at the right ratio (BJ-5), whatever the timing answer."""
        key = scenario.solution.key
        yours, pays = _amount(answer.get("pays")), Decimal(key["pays"])
        if yours is None or yours == pays or _generic_amount(yours, pays):
            return None
        found: list[tuple[str, Reason]] = []
        if answer.get("timing") != key["timing"]:
            upcard = UpcardSituation.from_json(scenario.situation).upcard
            timing = (
                bj_words.paid_at_once(upcard)
                if key["timing"] == BlackjackTiming.NOW.value
                else bj_words.waits_for_second_card(upcard)
            )
            found.append(("bj-blackjack-timing", timing))
        bet = UpcardSituation.from_json(scenario.situation).bet
        worked = bj_words.ratio_worked(rules.IDS.blackjack_pays, rules.blackjack_pays, bet, pays, yours)
        label = next(_label(field.label) for field in scenario.fields if field.name == "pays")
        slip = amount_slip(label, yours, pays, bet)
        found.extend(((slip[0], slip[1]), ("", worked)) if slip is not None else (("bj-payout-arithmetic", worked),))
        return found[0][0], tuple(reason for _, reason in found)


register(BlackjackHandTotal())
register(BlackjackDealerAction())
register(BlackjackPayout())
register(BlackjackOptions())
register(BlackjackSettleBox())
register(BlackjackInsuranceMax())
register(BlackjackPayNowOrWait())
