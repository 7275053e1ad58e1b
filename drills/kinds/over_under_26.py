"""Over/Under 26 Joker drills (seed 000): the total, settling a round, the Bonus.

Situations are the bodies of the rulings door's ``over-under-26`` questions, so every
answer key can be checked against the door.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

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
from drills.kinds.messages import joined
from drills.rounds.chips import ChipSet
from games.cards import AnyCard, Card, Joker, Rank, format_cards, parse_cards
from games.money import Ratio, format_money, to_cents
from games.over_under_26 import (
    JOKER_KEY,
    BonusNotConfiguredError,
    Choice,
    Outcome,
    OverUnderRules,
    Settlement,
    bonus_ratio,
    card_value,
    deal_with,
    hand_total,
    settle,
    settlement_reasons,
    total_reasons,
)
from games.over_under_26 import words as ou_words
from games.players.over_under_26 import OverUnderPlayer
from games.reasons import Reason, gettext_noop

GAME = "over-under-26"

EASY_ANTES = ("5", "10", "20", "25", "50", "100")
ODD_ANTES = ("7.50", "12.50", "15", "17.50", "35", "45", "65", "85", "125")


@dataclass(frozen=True)
class Cards:
    """``ou-total``'s situation: the four cards in deal order, stored as ``{"cards": [...]}``
    (the body of the rulings door's ``total`` question)."""

    cards: tuple[AnyCard, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Cards:
        return cls(parse_cards(data["cards"]))

    def to_json(self) -> dict[str, JSON]:
        return {"cards": format_cards(self.cards)}


@dataclass(frozen=True)
class Round:
    """``ou-settle``'s and ``ou-bonus``'s situation: the bets, the four cards and the
    player's choice (``None`` on a first-card joker), stored as the rulings door's ``settle``
    body ``{"ante", "bonus", "cards", "choice"}``."""

    ante: Decimal
    bonus: Decimal
    cards: tuple[AnyCard, ...]
    choice: Choice | None

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Round:
        choice = data.get("choice")
        return cls(
            Decimal(data["ante"]),
            Decimal(data["bonus"]),
            parse_cards(data["cards"]),
            None if choice is None else Choice(choice),
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "ante": format_money(self.ante),
            "bonus": format_money(self.bonus),
            "cards": format_cards(self.cards),
            "choice": None if self.choice is None else self.choice.value,
        }

    def settled(self, rules: OverUnderRules) -> Settlement:
        return settle(self.cards, self.choice, self.ante, self.bonus, rules)


def _cards(situation: Mapping[str, JSON]) -> tuple[AnyCard, ...]:
    """The four cards of either situation (both store them as ``cards``)."""
    return Cards.from_json(situation).cards


def _card_group(situation: Mapping[str, JSON], label: str) -> CardGroup:
    return CardGroup("cards", label, tuple(format_cards(_cards(situation))))


def _ante(rng: random.Random, difficulty: Difficulty) -> Decimal:
    choices: tuple[str, ...] = EASY_ANTES if difficulty is Difficulty.EASY else EASY_ANTES + ODD_ANTES
    if difficulty is Difficulty.HARD:
        choices = ODD_ANTES
    return Decimal(rng.choice(choices))


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
        return Cards(deal.cards).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        cards = _cards(situation)
        reasons = (*total_reasons(cards), ou_words.ANNOUNCED)
        return Solution(
            key={"total": hand_total(cards).total},
            rules=tuple(dict.fromkeys(reason.rule for reason in reasons)),
            reasons=reasons,
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        return Prompt(
            question=gettext_noop("The three face-down cards are turned. What total do you announce?"),
            cards=(_card_group(situation, gettext_noop("The four cards")),),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (AnswerField("total", gettext_noop("Total"), FieldType.INTEGER, low=0, high=60),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "total", Cards.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"total": answer["total"]}

    def mistakes(self, rules: OverUnderRules) -> Sequence[NamedMistake]:
        def aces_as_one(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            cards = _cards(situation)
            return {"total": hand_total(cards).total - 10 * _aces(cards)}

        return (NamedMistake("ou-ace-as-one", ou_words.ACE_AS_ONE, aces_as_one),)

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: OverUnderRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Some Aces counted 1; a card left out or counted twice; a joker given a value."""
        cards = _cards(scenario.situation)
        total, yours = hand_total(cards).total, answer.get("total")
        if not isinstance(yours, int) or yours == total:
            return None
        short = total - yours
        if short > 0 and short % 10 == 0 and short // 10 <= _aces(cards):
            return "ou-ace-as-one", (ou_words.ace_counted_one(total, yours),)
        if any(card.is_joker for card in cards) and -short in (1, 10, 11):
            return "ou-joker-counted", (ou_words.joker_counted(yours, total),)
        for card in cards:
            value = card_value(card)
            if value and short == value:
                return "ou-card-left-out", (ou_words.card_left_out(card, value, total),)
            if value and -short == value:
                return "ou-card-counted-twice", (ou_words.card_counted_twice(card, value, total),)
        misread = _six_nine(cards, -short)
        if misread is not None:
            return "ou-six-nine-misread", (ou_words.six_nine_misread(misread[0], misread[1], total),)
        if abs(short) == 10:  # no Ace as 1, joker or ten-card above gives it: the adding
            return "ou-tens-slip", (ou_words.tens_slip(yours, total),)
        if abs(short) <= 3 and len(cards) == 4:
            return "ou-miscounted", (ou_words.miscounted(cards, yours),)
        return None


def _six_nine(cards: Sequence[AnyCard], over: int) -> tuple[AnyCard, int] | None:
    """The one 6 read as a 9 (3 over) or 9 read as a 6 (3 short), when the hand holds just one such
    card: the numbers then name it."""
    value = {3: 6, -3: 9}.get(over)
    if value is None:
        return None
    found = [card for card in cards if card_value(card) == value and isinstance(card, Card)]
    if len({str(card) for card in found}) != 1:
        return None
    return found[0], 15 - value


def _aces(cards: Sequence[AnyCard]) -> int:
    return sum(1 for card in cards if isinstance(card, Card) and card.rank is Rank.ACE)


TABLE_CHIPS: tuple[Decimal, ...] = tuple(chip.value for chip in ChipSet.default().chips)
"""The chips a one-chip slip is read against: the default chip set (:mod:`drills.rounds.chips`);
a drill is graded without the trainee's property, so its own set is not known here."""
HALF = Decimal("0.50")


def _money_slip(yours: Decimal, due: Decimal) -> tuple[str, Reason] | None:
    """An amount one chip of the table too many or too few, or a half (….50) rounded to a whole
    amount: both only on the same side of zero as what is due (a sign is another mistake)."""
    if yours == due or due == 0 or (yours < 0) != (due < 0) or yours == 0:
        return None
    difference = abs(yours - due)
    if abs(due) % 1 == HALF and difference == HALF and yours % 1 == 0:
        return "ou-half-rounded", ou_words.half_rounded(yours, due)
    if difference in TABLE_CHIPS:
        return "ou-one-chip-off", ou_words.chip_off(yours, due, difference)
    return None


DRILL_PLAYER = OverUnderPlayer(fold_rate=0.1, spread=0.5)
"""The drills' Over/Under player (the one policy, ``games.players.over_under_26``): folds one
time in ten, otherwise Under or Over evenly, whatever the first card."""
EASY_PLAYER = OverUnderPlayer(fold_rate=0.0, spread=0.5)
"""Never folds: Under or Over evenly."""


def _settle_situation(rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Round:
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
    choice: Choice | None = None
    if not deal.first_card_joker:
        player = EASY_PLAYER if difficulty is Difficulty.EASY else DRILL_PLAYER
        choice = player.choose(rng, deal.cards[0])
    return Round(ante, Decimal("0"), deal.cards, choice)


PAY_TABLE_WORDS = {"joker": gettext_noop("joker")}
"""Keys of a bonus pay table that are words (the others are totals)."""


def _choice(situation: Mapping[str, JSON]) -> Choice | None:
    return Round.from_json(situation).choice


def _facts(situation: Mapping[str, JSON]) -> tuple[tuple[str, str], ...]:
    bets = Round.from_json(situation)
    facts = [(gettext_noop("Ante"), format_money(bets.ante))]
    if bets.bonus > 0:
        facts.append((gettext_noop("Bonus"), format_money(bets.bonus)))
    choice = (
        gettext_noop("none (first card is a joker)") if bets.choice is None else ou_words.CHOICE_TERMS[bets.choice].text
    )
    facts.append((gettext_noop("Player's choice"), choice))
    return tuple(facts)


OUTCOME_CHOICES = tuple((outcome.value, ou_words.OUTCOME_TERMS[outcome].text) for outcome in Outcome)
"""The outcomes a round can have (the engine's :class:`Outcome`), labelled as people read them."""


class OverUnderSettle(DrillKind[OverUnderRules]):
    """Settle a round: outcome and the player's net (OU-4 – OU-9, OU-W)."""

    slug = "ou-settle"
    game = GAME
    title = gettext_noop("Settle the round")
    description = gettext_noop("First-card joker, joker, Under, Over, 26 or fold: call it and pay it.")
    target_seconds = 20
    families = (
        Family("first-joker", gettext_noop("Joker as the first card"), ("OU-4a",)),
        Family("joker", gettext_noop("Joker among the three"), ("OU-4b",)),
        Family("fold", gettext_noop("Fold"), ("OU-5",)),
        Family("exactly-26", gettext_noop("Total exactly 26"), ("OU-9",)),
        Family("under", gettext_noop("Under bets"), ("OU-7",)),
        Family("over", gettext_noop("Over bets"), ("OU-8",)),
    )
    general_label = gettext_noop("Other cases")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Mapping[str, JSON]:
        return _settle_situation(rng, difficulty, rules).to_json()

    def _settle(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Settlement:
        return _settled(situation, rules)

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        result = self._settle(situation, rules)
        return Solution(
            key={"outcome": result.outcome.value, "net": format_money(result.net)},
            rules=result.rules,
            reasons=settlement_reasons(result, rules),
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        return Prompt(
            question=gettext_noop(
                "How does the round end, and what is the player's net result (negative if collected)?"
            ),
            cards=(_card_group(situation, gettext_noop("The four cards (first dealt face up)")),),
            facts=_facts(situation),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("outcome", gettext_noop("Outcome"), FieldType.CHOICE, choices=OUTCOME_CHOICES),
            AnswerField("net", gettext_noop("Player's net result"), FieldType.AMOUNT, signed=True),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", Round.from_json(situation).to_json()

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
            NamedMistake("ou-paid-net-multiple", ou_words.paid_on_top(rules), net_four_times),
            NamedMistake("ou-26-push", ou_words.TWENTY_SIX_PUSH, twenty_six_push),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: OverUnderRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """A wrong outcome: why, from the value that decides it (the first card, the choice,
        a joker, the total); a wrong net: read as a count of Antes against the count due."""
        result = self._settle(scenario.situation, rules)
        found: list[tuple[str, tuple[Reason, ...]]] = []
        outcome = answer.get("outcome")
        if outcome != result.outcome.value:
            if outcome not in {item.value for item in Outcome}:
                return None
            first = _cards(scenario.situation)[0]
            found.append(("ou-wrong-outcome", (ou_words.wrong_outcome(result, Outcome(str(outcome)), first),)))
        if answer.get("net") != format_money(result.net):
            net = _net_shape(result, answer.get("net"), rules, _field(scenario, "net"))
            if net is None:
                return None
            found.append(net)
        if not found:
            return None
        return found[0][0], tuple(reason for _, reasons in found for reason in reasons)


def _settled(situation: Mapping[str, JSON], rules: OverUnderRules) -> Settlement:
    return Round.from_json(situation).settled(rules)


def _field(scenario: Scenario, name: str) -> AnswerField:
    return next(answer_field for answer_field in scenario.fields if answer_field.name == name)


def _net_shape(
    result: Settlement, yours: JSON, rules: OverUnderRules, answer_field: AnswerField
) -> tuple[str, tuple[Reason, ...]] | None:
    """The main bets' net read in Antes (a net without a Bonus is always whole Antes); a sign
    or a factor the generic shapes name first."""
    generic = GENERIC_SHAPES[FieldType.AMOUNT](answer_field, yours, format_money(result.net))
    if generic is not None and generic[0] in {"wrong-sign", "nothing-given"}:
        return generic[0], (generic[1],)
    try:
        amount = Decimal(str(yours))
    except ArithmeticError:
        return None
    slip = _money_slip(amount, result.net)
    if result.bets.bonus != 0:
        if slip is not None:
            return slip[0], (slip[1],)
        return (generic[0], (generic[1],)) if generic is not None else None
    due = ou_words.antes_due(result, rules)
    if amount % result.bets.ante == 0:
        return "ou-net-antes", (ou_words.net_in_antes(amount, result.bets.ante), due)
    if slip is not None:
        return slip[0], (slip[1], due)
    if generic is not None:  # twice, half, or 3:2 of what is due
        return generic[0], (generic[1], due)
    return "ou-net-not-antes", (ou_words.net_in_antes(amount, result.bets.ante), due)


class OverUnderBonus(DrillKind[OverUnderRules]):
    """Pay the Bonus from the property's table (OU-10); only where a table is entered."""

    slug = "ou-bonus"
    game = GAME
    title = gettext_noop("Pay the Bonus")
    description = gettext_noop("The Bonus bet on the four-card total, from your property's pay table.")
    target_seconds = 30

    def unavailable_reason(self, rules: OverUnderRules) -> str | None:
        if rules.bonus_pay_table is None:
            return str(BonusNotConfiguredError())
        return None

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: OverUnderRules) -> Mapping[str, JSON]:
        drawn = _settle_situation(rng, difficulty, rules)
        table = rules.bonus_pay_table
        assert table is not None  # unavailable_reason
        if difficulty is not Difficulty.EASY and rng.random() < 0.5:
            # Aim at a paying total or the joker entry: that is where mistakes cost money.
            keys = list(table)
            key = rng.choice(keys)
            if key == JOKER_KEY:
                deal = deal_with(rng, first_card_joker=False, joker_after_first=True)
            else:
                deal = deal_with(rng, total=int(key))
            first = deal.cards[0]
            choice = None if isinstance(first, Joker) else EASY_PLAYER.choose(rng, first)
            drawn = dataclasses.replace(drawn, cards=deal.cards, choice=choice)
        step = Decimal("1") if difficulty is Difficulty.EASY else Decimal("0.50")
        units = int(drawn.ante / step)
        return dataclasses.replace(drawn, bonus=step * rng.randint(1, max(1, units))).to_json()

    def solve(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Solution:
        result = _settled(situation, rules)
        reasons = (
            *ou_words.bonus_reasons(result, rules),
            Reason.of("", gettext_noop("Bonus result {win}."), win=result.bonus_win),
        )
        return Solution(
            key={"bonus_win": format_money(result.bonus_win)},
            rules=tuple(dict.fromkeys(reason.rule for reason in reasons if reason.rule)),
            reasons=reasons,
        )

    def prompt(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> Prompt:
        table = rules.bonus_pay_table
        assert table is not None
        paying = joined([joined([PAY_TABLE_WORDS.get(key, key), str(ratio)], ": ") for key, ratio in table.entries])
        return Prompt(
            question=gettext_noop("What is the result of the Bonus bet (negative if collected, 0 if returned)?"),
            cards=(_card_group(situation, gettext_noop("The four cards (first dealt face up)")),),
            facts=(*_facts(situation), (gettext_noop("Bonus pay table"), paying)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: OverUnderRules) -> tuple[AnswerField, ...]:
        return (AnswerField("bonus_win", gettext_noop("Bonus result"), FieldType.AMOUNT, signed=True),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", Round.from_json(situation).to_json()

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"bonus_win": answer["bonus_win"]}

    def mistakes(self, rules: OverUnderRules) -> Sequence[NamedMistake]:
        table = rules.bonus_pay_table

        def first_joker_bonus_lost(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if _choice(situation) is not None:
                return None
            return {"bonus_win": format_money(-Round.from_json(situation).bonus)}

        def first_joker_joker_entry(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            ratio = None if table is None else bonus_ratio(table, None)
            if _choice(situation) is not None or ratio is None:
                return None
            return {"bonus_win": format_money(to_cents(Round.from_json(situation).bonus * ratio.pays / ratio.per))}

        def fold_bonus_returned(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            return {"bonus_win": "0.00"} if _choice(situation) is Choice.FOLD else None

        def stake_added(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = _settled(situation, rules)
            if result.bonus_win <= 0:
                return None
            return {"bonus_win": format_money(result.bonus_win + result.bets.bonus)}

        def on_the_ante(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = _settled(situation, rules)
            ratio = _paid_ratio(result, rules)
            if ratio is None or result.bets.ante == result.bets.bonus:
                return None
            return {"bonus_win": format_money(to_cents(result.bets.ante * ratio.pays / ratio.per))}

        def joker_hand_by_total(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            result = _settled(situation, rules)
            if result.outcome is not Outcome.JOKER or table is None:
                return None
            ratio = bonus_ratio(table, hand_total(_cards(situation)).total)
            bonus = result.bets.bonus
            return {"bonus_win": format_money(-bonus if ratio is None else to_cents(bonus * ratio.pays / ratio.per))}

        return (
            NamedMistake("ou-bonus-on-ante", ou_words.BONUS_ON_ANTE, on_the_ante),
            NamedMistake("ou-joker-hand-paid-by-total", ou_words.JOKER_HAND_PAID_BY_TOTAL, joker_hand_by_total),
            NamedMistake("ou-first-joker-bonus-lost", ou_words.FIRST_JOKER_BONUS_LOST, first_joker_bonus_lost),
            NamedMistake(
                "ou-first-joker-joker-entry", ou_words.FIRST_JOKER_BONUS_AT_JOKER_ENTRY, first_joker_joker_entry
            ),
            NamedMistake("ou-fold-bonus-returned", ou_words.FOLD_BONUS_RETURNED, fold_bonus_returned),
            NamedMistake("ou-bonus-stake-added", ou_words.BONUS_STAKE_ADDED, stake_added),
        )

    def shapes(
        self, scenario: Scenario, answer: Mapping[str, JSON], rules: OverUnderRules
    ) -> tuple[str, tuple[Reason, ...]] | None:
        """Another row of the table paid; a sign the generic shapes name; else the result
        read in Bonus stakes against the table's entry for this hand."""
        result = _settled(scenario.situation, rules)
        answer_field = _field(scenario, "bonus_win")
        generic = GENERIC_SHAPES[FieldType.AMOUNT](
            answer_field, answer.get("bonus_win"), format_money(result.bonus_win)
        )
        if generic is not None and generic[0] in {"wrong-sign", "nothing-due", "nothing-given"}:
            return generic[0], (generic[1],)
        try:
            yours = Decimal(str(answer.get("bonus_win")))
        except ArithmeticError:
            return None
        why = ou_words.bonus_reasons(result, rules)
        bonus, table = result.bets.bonus, rules.bonus_pay_table
        if table is not None and yours > 0 and result.outcome not in {Outcome.FIRST_CARD_JOKER, Outcome.FOLD}:
            rows = [key for key, ratio in table.entries if to_cents(bonus * ratio.pays / ratio.per) == yours]
            if rows:
                ratio = table.get(rows[0])
                assert ratio is not None
                return "ou-bonus-other-row", (ou_words.bonus_row_misread(yours, ratio, rows), *why)
        if result.bonus_win < 0 and yours < 0:
            return "ou-bonus-lost-amount", (ou_words.bonus_lost_amount(yours, bonus), *why)
        if result.bonus_win < 0 or yours < 0:
            return "ou-bonus-won-or-lost", why  # paid a losing Bonus, or collected a winning one: the table says
        slip = _money_slip(yours, result.bonus_win)
        if slip is not None:
            return slip[0], (slip[1], *why)
        if generic is not None:  # twice, half, or 3:2 of what is due
            return generic[0], (generic[1], *why)
        return "ou-bonus-amount", (ou_words.bonus_paid_amount(yours, bonus), *why)


def _paid_ratio(result: Settlement, rules: OverUnderRules) -> Ratio | None:
    """The table's ratio a winning Bonus was paid at (``None`` when it did not win)."""
    table = rules.bonus_pay_table
    if table is None or result.bonus_win <= 0:
        return None
    return bonus_ratio(table, result.total)


register(OverUnderTotal())
register(OverUnderSettle())
register(OverUnderBonus())
