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
from decimal import Decimal

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
    words,
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
    Solution,
    register,
)
from drills.kinds.messages import gettext_noop
from games.blackjack.hand import (
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
    can_act,
    legal_options,
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
    settle_box,
)
from games.cards import Card, Rank, format_cards
from games.errors import GameError
from games.money import ZERO, format_money

GAME = BlackjackRules.GAME


def _money(body: Mapping[str, JSON], key: str) -> Decimal:
    return Decimal(body[key])


# --- 1. hand total -------------------------------------------------------------------

VALUE_CHOICES = (("hard", gettext_noop("Hard")),
                 ("soft", gettext_noop("Soft")),
                 ("blackjack", gettext_noop("Blackjack")),
                 ("bust", gettext_noop("Bust")))


def value_category(value: HandValue) -> str:
    """One word for what a hand is: bust, blackjack, soft or hard (exclusive, in that order)."""
    if value.bust:
        return "bust"
    if value.blackjack:
        return "blackjack"
    return "soft" if value.soft else "hard"


def _draw_hand(pile: DrawPile, rng: random.Random, rules: TwentyOneRules, first: Sequence[Card], size: int,
               *, split_hand: bool = False, small: float = 0.0) -> tuple[Card, ...]:
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
        Family("blackjack", "Blackjack", ("BJ-4",)),
        Family("split-21", "Ace + 10 after a split", ("BJ-S4",)),
        Family("bust", "Bust hands", ("BJ-3",)),
    )
    general_label = gettext_noop("Plain totals")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        pile = DrawPile(rng, rules)
        split_hand = False
        if difficulty is Difficulty.EASY:
            cards = _draw_hand(pile, rng, rules, (pile.next(), pile.next()), rng.choice((2, 2, 3)))
        elif difficulty is Difficulty.NORMAL:
            split_hand = rng.random() < 0.1
            cards = _draw_hand(pile, rng, rules, (pile.next(), pile.next()), rng.choice((2, 3, 3, 4, 5)),
                               split_hand=split_hand)
        else:
            roll = rng.random()
            if roll < 0.3:  # Ace + 10-value: a blackjack, or 21 after a split (BJ-S4)
                split_hand = roll < 0.2
                cards = (pile.rank(Rank.ACE), pile.value(10))
            else:  # soft hands of many cards, Aces that turn hard, two Aces
                split_hand = rng.random() < 0.15
                first = (pile.rank(Rank.ACE), pile.rank(Rank.ACE) if rng.random() < 0.3 else pile.next())
                cards = _draw_hand(pile, rng, rules, first, rng.choice((3, 4, 4, 5)), split_hand=split_hand,
                                   small=0.6)
            cards = _reorder(cards, rng, rules, split_hand)
        return {"cards": format_cards(cards), "split_hand": split_hand}

    def _value(self, situation: Mapping[str, JSON], rules: BlackjackRules,
               split_hand: bool | None = None) -> Ruled[HandValue]:
        split = situation["split_hand"] if split_hand is None else split_hand
        return evaluate_hand(cards_of(situation["cards"]), rules, split_hand=split)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        ruled = self._value(situation, rules)
        value: HandValue = ruled.value
        cards = words(cards_of(situation["cards"]))
        if value.blackjack:
            text = f"{cards} is a blackjack: an Ace and a 10-value as the first two cards of an unsplit hand (BJ-4)."
        elif value.bust:
            text = (f"{cards} counts {value.total} with every Ace as 1: over 21, the hand is bust and loses at once "
                    "(BJ-3, BJ-2).")
        elif value.soft:
            text = f"{cards} is a soft {value.total}: an Ace counts 11 without taking the hand over 21 (BJ-2)."
        else:
            text = f"{cards} is a hard {value.total}" + (
                ": every Ace counts 1, as 11 would take the hand over 21 (BJ-2)." if any(
                    card.rank is Rank.ACE for card in cards_of(situation["cards"])) else " (BJ-2).")
        if situation["split_hand"] and value.total == 21 and value.size == 2:
            text += (" After a split, Ace + 10-value is 21, not blackjack: paid 1:1 and it loses to a dealer "
                     "blackjack (BJ-S4).")
        return Solution(key={"total": value.total, "value": value_category(value)}, rules=ruled.rule_ids,
                        explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        origin = "one of the hands of a split box" if situation["split_hand"] else "as dealt and drawn (not split)"
        return Prompt(
            question=gettext_noop("What does this hand count, and is it hard, soft, a blackjack or bust?"),
            cards=(CardGroup("hand", gettext_noop("Player's hand"), tuple(situation["cards"])),),
            facts=(("Hand", origin),),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("total", gettext_noop("Total"), FieldType.INTEGER, low=2, high=30),
            AnswerField("value", gettext_noop("The hand is"), FieldType.CHOICE, choices=VALUE_CHOICES),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "hand", {"cards": situation["cards"], "split_hand": situation["split_hand"]}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        value = HandValue(total=answer["total"], soft=answer["soft"], blackjack=answer["blackjack"],
                          bust=answer["bust"], size=0)
        return {"total": answer["total"], "value": value_category(value)}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def split_ace_ten_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not situation["split_hand"]:
                return None
            value = self._value(situation, rules, split_hand=False).value
            return {"total": value.total, "value": value_category(value)}

        def ace_always_eleven(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = cards_of(situation["cards"])
            if not any(card.rank is Rank.ACE for card in cards) or hand_value(cards).soft:
                return None
            total = hard_total(cards) + 10
            return {"total": total, "value": "bust" if total > 21 else "hard"}

        def ace_always_one(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            cards = cards_of(situation["cards"])
            if not hand_value(cards).soft:
                return None
            return {"total": hard_total(cards), "value": "hard"}

        def soft_called_hard(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            value = self._value(situation, rules).value
            if not value.soft or value.blackjack:
                return None
            return {"total": value.total, "value": "hard"}

        return (
            NamedMistake("bj-split-ace-ten-blackjack",
                         "after a split, Ace + 10-value is 21, not blackjack (BJ-S4)", split_ace_ten_blackjack),
            NamedMistake("bj-ace-always-eleven",
                         "an Ace counts 1 when 11 would take the hand over 21: this hand is not bust (BJ-2)",
                         ace_always_eleven),
            NamedMistake("bj-ace-always-one",
                         "an Ace counts 11 when that does not take the hand over 21: this is a soft hand (BJ-2)",
                         ace_always_one),
            NamedMistake("bj-soft-called-hard",
                         "the total is right, but an Ace counts 11 in it: the hand is soft (BJ-2)", soft_called_hard),
        )


# --- 2. dealer action ------------------------------------------------------------------


class BlackjackDealerAction(DealerActionKind[BlackjackRules]):
    """Dealer hits or stands (BJ-8; soft 17 by the house's value)."""

    slug = "bj-dealer-action"
    game = GAME
    title = gettext_noop("Dealer: hit or stand")
    description = gettext_noop("The dealer's cards: draw or stand? Soft 17 as this house plays it (BJ-8).")


# --- 3. payouts ----------------------------------------------------------------------

PAYOUT_EVENTS = {
    "blackjack": "The player's blackjack wins: the dealer did not make blackjack.",
    "win": "The player's hand beats the dealer's hand.",
    "insurance": "The dealer made blackjack: settle the player's insurance bet.",
    "even-money": "The player has a blackjack, the dealer's first card is an Ace, and the player takes even money.",
    "surrender": "The player surrenders on the first two cards.",
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
        Family("surrender", "Surrender", ("BJ-R1",)),
        Family("even-money", "Even money", ("BJ-E",)),
        Family("insurance", "Insurance paid", ("BJ-I2",)),
        Family("blackjack", "Blackjack pays", ("BJ-10",)),
    )
    general_label = gettext_noop("Even-money wins")

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: BlackjackRules) -> Mapping[str, JSON]:
        kinds = [kind.value for kind in PayoutKind]
        weights: tuple[int, ...] = {Difficulty.EASY: (4, 3, 2, 1, 1), Difficulty.NORMAL: (3, 2, 2, 2, 2),
                                    Difficulty.HARD: (4, 1, 2, 3, 3)}[difficulty]
        if not rules.surrender_offered:  # BJ-R1: no surrender to pay where the house offers none
            weights = tuple(w for k, w in zip(kinds, weights, strict=True) if k != PayoutKind.SURRENDER)
            kinds = [k for k in kinds if k != PayoutKind.SURRENDER]
        kind = rng.choices(kinds, weights=weights)[0]
        bet = draw_bet(rng, difficulty)
        if kind == PayoutKind.INSURANCE:
            bet = insurance_for(bet, rng)
        return {"bet": format_money(bet), "kind": kind}

    def _payout(self, situation: Mapping[str, JSON], rules: TwentyOneRules) -> Mapping[str, JSON]:
        ruled = dealer_payout(PayoutKind(situation["kind"]), _money(situation, "bet"), rules)
        return {"pays": format_money(ruled.value.pays), "collects": format_money(ruled.value.collects)}

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        kind = PayoutKind(situation["kind"])
        ruled = dealer_payout(kind, _money(situation, "bet"), rules)
        bet = situation["bet"]
        pays, collects = format_money(ruled.value.pays), format_money(ruled.value.collects)
        why = {
            PayoutKind.BLACKJACK: f"A blackjack is paid {rules.blackjack_pays} (BJ-5): {pays} on {bet}.",
            PayoutKind.WIN: f"A winning hand is paid 1:1 (BJ-5): {pays} on {bet}.",
            PayoutKind.INSURANCE: f"Insurance wins on a dealer blackjack and is paid {rules.insurance_pays} "
                                  f"(BJ-I2, BJ-5): {pays} on the {bet} insurance bet.",
            PayoutKind.EVEN_MONEY: f"Even money pays the blackjack 1:1 at once, not {rules.blackjack_pays} (BJ-E): "
                                   f"{pays} on {bet}.",
            PayoutKind.SURRENDER: f"A surrender loses half the bet (BJ-R1): the dealer collects {collects} and "
                                  "returns the other half; nothing is paid.",
        }[kind]
        return Solution(key={"pays": pays, "collects": collects}, rules=ruled.rule_ids, explanation=why)

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        kind = situation["kind"]
        stake = "Insurance bet" if kind == PayoutKind.INSURANCE else "Bet"
        return Prompt(
            question=f"{PAYOUT_EVENTS[kind]} How much does the dealer pay out, and how much does the dealer take in "
                     "(0 where nothing)?",
            facts=((stake, situation["bet"]), *house_values(rules)[:2]),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("pays", gettext_noop("Dealer pays"), FieldType.AMOUNT),
            AnswerField("collects", gettext_noop("Dealer collects"), FieldType.AMOUNT),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "payout", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"pays": answer["pays"], "collects": answer["collects"]}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def only(kind: PayoutKind, solve: Callable[[Mapping[str, JSON]], Mapping[str, JSON]]
                 ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
            return lambda situation: solve(situation) if situation["kind"] == kind else None

        def even_money_at_blackjack_pays(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return self._payout({**situation, "kind": PayoutKind.BLACKJACK.value}, rules)

        def surrender_whole_bet(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return {"pays": "0.00", "collects": situation["bet"]}

        def blackjack_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return self._payout(situation, dataclasses.replace(rules, blackjack_pays=EVEN_MONEY))

        def insurance_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return self._payout(situation, dataclasses.replace(rules, insurance_pays=EVEN_MONEY))

        def surrender_paid(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return {"pays": format_money(half(_money(situation, "bet"))), "collects": "0.00"}

        return (
            NamedMistake("bj-even-money-paid-as-blackjack",
                         f"even money pays 1:1, not the blackjack's {rules.blackjack_pays} (BJ-E)",
                         only(PayoutKind.EVEN_MONEY, even_money_at_blackjack_pays)),
            NamedMistake("bj-surrender-whole-bet",
                         "a surrender collects half the bet, not all of it: the other half goes back (BJ-R1)",
                         only(PayoutKind.SURRENDER, surrender_whole_bet)),
            NamedMistake("bj-surrender-paid", "a surrender is a loss: half the bet is collected, nothing paid (BJ-R1)",
                         only(PayoutKind.SURRENDER, surrender_paid)),
            NamedMistake("bj-blackjack-paid-1-1",
                         f"a blackjack pays {rules.blackjack_pays} here, not 1:1 (BJ-5)",
                         only(PayoutKind.BLACKJACK, blackjack_even)),
            NamedMistake("bj-insurance-paid-1-1", f"insurance pays {rules.insurance_pays}, not 1:1 (BJ-I2, BJ-5)",
                         only(PayoutKind.INSURANCE, insurance_even)),
        )


# --- 4. options ----------------------------------------------------------------------

OPTION_FIELDS = tuple((action, action.value.replace("-", "_")) for action in Action)
OPTION_LABELS = {
    Action.STAND: "Stand", Action.HIT: "Hit", Action.DOUBLE: "Double", Action.SPLIT: "Split",
    Action.SURRENDER: "Surrender", Action.INSURANCE: "Insurance", Action.EVEN_MONEY: "Even money",
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
        Family("surrender-closed", "Surrender no longer open", ("BJ-R2",)),
        Family("split-aces", "Split Aces", ("BJ-S3",)),
        Family("split-21", "Ace + 10 after a split", ("BJ-S4",)),
        Family("split-limit", "The split limit", ("BJ-S2",)),
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
        return {
            "hand": format_cards(situation.hand),
            "dealer": format_cards([situation.dealer]),
            "hands_in_box": situation.hands_in_box,
            "from_split_aces": situation.from_split_aces,
            "third_card_dealt": situation.third_card_dealt,
        }

    def _draw(self, pile: DrawPile, rng: random.Random, difficulty: Difficulty,
              rules: BlackjackRules) -> OptionsSituation:
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
            return OptionsSituation(hand=(pile.next(), pile.next(), pile.next()), dealer=upcard,
                                    third_card_dealt=True)
        if roll < 0.75:  # a hand of a split box, maybe a pair again
            upcard = pile.next()
            first = pile.value(rng.choice((2, 3, 4, 6, 7, 8, 9, 10)))
            second = pile.value(card_value(first)) if rng.random() < 0.4 else pile.next()
            return OptionsSituation(hand=(first, second), dealer=upcard,
                                    hands_in_box=rng.randint(2, rules.max_hands), third_card_dealt=rng.random() < 0.5)
        if roll < 1.0:  # a hand of split Aces
            upcard = pile.next()
            second = rng.choice((lambda: pile.value(10), lambda: pile.rank(Rank.ACE), pile.next))()
            return OptionsSituation(hand=(pile.rank(Rank.ACE), second), dealer=upcard, hands_in_box=2,
                                    from_split_aces=True, third_card_dealt=rng.random() < 0.5)
        # a fresh 13-16 against a 9, 10 or Ace, a third card already dealt at the table or not (BJ-R2, BJ-R3)
        upcard = pile.take(lambda card: card_value(card) in (1, 9, 10))
        first = pile.value(10)
        return OptionsSituation(hand=(first, pile.take(lambda card: 3 <= card_value(card) <= 6)), dealer=upcard,
                                third_card_dealt=rng.random() < 0.5)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        options = options_situation(situation)
        report = legal_options(options, rules)
        allowed = [OPTION_LABELS[action].lower() for action in report.allowed]
        text = f"{words(options.hand)} against the dealer's {options.dealer} may: {', '.join(allowed) or 'nothing'}."
        if report.refused:
            text += " Not " + "; not ".join(f"{OPTION_LABELS[action].lower()}: {reason}"
                                            for action, reason in report.refused) + "."
        return Solution(key=options_key(options, rules), rules=report.rule_ids, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        hands = situation["hands_in_box"]
        box = "not split" if hands == 1 else f"split: {hands} hands in the box now"
        if situation["from_split_aces"]:
            box += ", from split Aces"
        das = "allowed" if rules.double_after_split else "not allowed"
        return Prompt(
            question="It is this hand's turn, before the dealer's second card. Which options does the player have "
                     "now? Answer yes or no for each.",
            cards=(CardGroup("dealer", gettext_noop("Dealer"), tuple(situation["dealer"])),
                   CardGroup("hand", gettext_noop("Player's hand"), tuple(situation["hand"]))),
            facts=(
                ("This box", box),
                ("A third card already drawn at the table", "yes" if situation["third_card_dealt"] else "no"),
                ("Most hands in a box", str(rules.max_hands)),
                ("Double after a split", das),
            ),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return tuple(AnswerField(name, OPTION_LABELS[action], FieldType.CHOICE, choices=YES_NO)
                     for action, name in OPTION_FIELDS)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "options", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {name: "yes" if action.value in answer["actions"] else "no" for action, name in OPTION_FIELDS}

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def misread(change: Callable[[OptionsSituation], OptionsSituation | None], *names: str
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
            NamedMistake("bj-surrender-against-ace", "no surrender against a dealer Ace (BJ-R3)",
                         misread(dealer_not_ace, "surrender")),
            NamedMistake("bj-surrender-after-third-card",
                         "no surrender once any box at the table has drawn a third card (BJ-R2)",
                         misread(no_third_card, "surrender")),
            NamedMistake("bj-split-aces-draw", "split Aces receive one card each: no hit, no double (BJ-S3, BJ-D2)",
                         misread(not_split_aces, "hit", "double")),
            NamedMistake("bj-resplit-aces", "Aces are split only once (BJ-S3)", misread(resplit_aces, "split")),
            NamedMistake("bj-split-hand-surrender-or-insure",
                         "a split hand cannot surrender (BJ-R1), and insurance and even money are over once play "
                         "has started (BJ-I1, BJ-E)", misread(unsplit, "surrender", "insurance", "even_money")),
        )


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

    def _hard(self, pile: DrawPile, rng: random.Random, rules: BlackjackRules,
              bet: Decimal) -> tuple[Box, tuple[Card, ...]]:
        roll = rng.random()
        if roll < 0.4:  # splits and doubles, then the dealer makes blackjack (BJ-O)
            upcard = pile.rank(Rank.ACE) if rng.random() < 0.5 else pile.value(10)
            pair = rng.choice((2, 3, 4, 6, 7, 8, 8, 9, 10))
            player = dataclasses.replace(SPLITTER, stand_low=0.3, insurance=0.4)
            return deal_box(pile, rng, rules, bet, player, steer=Steer(double=0.6), upcard=upcard,
                            first=(pile.value(pair), pile.value(pair)), dealer_want=dealer_blackjack)
        if roll < 0.6:  # split Aces that catch a 10-value: 21, not blackjack (BJ-S4)
            upcard = pile.next()
            want = dealer_blackjack if card_value(upcard) in (1, 10) and rng.random() < 0.4 else None
            return deal_box(pile, rng, rules, bet, LIVELY, steer=Steer(ten=0.6), upcard=upcard,
                            first=(pile.rank(Rank.ACE), pile.rank(Rank.ACE)), dealer_want=want)
        if roll < 0.8:  # a blackjack against an Ace or a 10-value (BJ-10, BJ-E)
            upcard = pile.rank(Rank.ACE) if rng.random() < 0.5 else pile.value(10)
            natural = (pile.rank(Rank.ACE), pile.value(10))
            want = dealer_blackjack if rng.random() < 0.3 else None
            return deal_box(pile, rng, rules, bet, dataclasses.replace(LIVELY, even_money=0.4), upcard=upcard,
                            first=natural if rng.random() < 0.5 else natural[::-1], dealer_want=want)
        player = dataclasses.replace(LIVELY, extra_splits=0.6, insurance=0.5, surrender=0.6, extra_surrenders=0.6)
        return deal_box(pile, rng, rules, bet, player)

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        box, dealer = box_of(situation)
        settled = settle_box(box, dealer, rules)
        net = format_money(settled.net)
        return Solution(key=settlement_key(box, settled), rules=settled.rule_ids,
                        explanation=" ".join(settled.notes) + f" Net for the box: {net}.")

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        box, dealer = box_of(situation)
        return Prompt(
            question="The round is over: settle this box. Give each result as the player's net: positive when paid, "
                     "negative when collected, 0 for a push or a returned stake.",
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
        return settle_mistakes(rules)


# --- 6. insurance maximum -------------------------------------------------------------


class BlackjackInsuranceMax(DrillKind[BlackjackRules]):
    """The most a player may insure: half the original bet (BJ-I1); a blackjack is offered
    even money instead (BJ-E)."""

    slug = "bj-insurance-max"
    game = GAME
    title = gettext_noop("Insurance maximum")
    description = gettext_noop("The dealer shows an Ace: the most the player may put on insurance.")
    target_seconds = 10
    families = (Family("even-money", "Even money offered", ("BJ-E",)),)
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
        return {"bet": format_money(draw_bet(rng, difficulty)), "hand": format_cards(hand),
                "dealer": format_cards([upcard])}

    def _most(self, situation: Mapping[str, JSON], rules: TwentyOneRules) -> tuple[Decimal, bool]:
        situation_now = OptionsSituation(hand=cards_of(situation["hand"]), dealer=cards_of(situation["dealer"])[0])
        offered = can_act(situation_now, Action.INSURANCE, rules)
        return (half(_money(situation, "bet")) if offered else ZERO), offered

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        most, offered = self._most(situation, rules)
        if offered:
            return Solution(key={"max": format_money(most)}, rules=("BJ-I1",),
                            explanation=f"Insurance is up to half the original bet (BJ-I1): half of {situation['bet']} "
                                        f"is {format_money(most)}.")
        return Solution(key={"max": "0.00"}, rules=("BJ-E", "BJ-I1"),
                        explanation="The player has a blackjack: it is offered even money instead of insurance "
                                    "(BJ-E), so no insurance bet is taken.")

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        return Prompt(
            question="The dealer's first card is an Ace and insurance is offered. What is the most this player may "
                     "bet on insurance (0 if none)?",
            cards=(CardGroup("dealer", gettext_noop("Dealer"), tuple(situation["dealer"])),
                   CardGroup("hand", gettext_noop("Player's hand"), tuple(situation["hand"]))),
            facts=(("Bet", situation["bet"]), ("Insurance pays", str(rules.insurance_pays))),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (AnswerField("max", gettext_noop("Most insurance"), FieldType.AMOUNT),)

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def full_bet(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return {"max": situation["bet"]}

        def blackjack_insured(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if self._most(situation, rules)[1]:
                return None
            return {"max": format_money(half(_money(situation, "bet")))}

        return (
            NamedMistake("bj-insurance-full-bet", "insurance is up to half the original bet, not the whole bet (BJ-I1)",
                         full_bet),
            NamedMistake("bj-insurance-on-blackjack",
                         "a blackjack is offered even money instead of insurance (BJ-E)", blackjack_insured),
        )


# --- 7. pay the blackjack now or wait ---------------------------------------------------

TIMING_CHOICES = (
    (BlackjackTiming.NOW.value, "Pay it now"),
    (BlackjackTiming.WAITS.value, "Wait for the dealer's second card"),
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
            upcard = pile.rank(Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN) if roll < 0.45 else (
                pile.rank(Rank.ACE) if roll < 0.6 else pile.take(lambda card: card_value(card) in (7, 8, 9)))
        else:
            upcard = pile.next()
        natural = (pile.rank(Rank.ACE), pile.value(10))
        hand = natural if rng.random() < 0.5 else natural[::-1]
        return {"bet": format_money(draw_bet(rng, difficulty)), "hand": format_cards(hand),
                "dealer": format_cards([upcard])}

    def _key(self, situation: Mapping[str, JSON], rules: TwentyOneRules, upcard: Card | None = None
             ) -> dict[str, JSON]:
        up = upcard or cards_of(situation["dealer"])[0]
        timing = blackjack_timing(up, rules).value
        pays = dealer_payout(PayoutKind.BLACKJACK, _money(situation, "bet"), rules).value.pays
        return {"timing": timing.value, "pays": format_money(pays)}

    def solve(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Solution:
        upcard = cards_of(situation["dealer"])[0]
        ruled = blackjack_timing(upcard, rules)
        key = self._key(situation, rules)
        ratio = f"{rules.blackjack_pays} on {situation['bet']} is {key['pays']}"
        if ruled.value is BlackjackTiming.NOW:
            text = (f"The dealer's first card, {upcard}, is neither an Ace nor a 10-value, so the dealer cannot make "
                    f"blackjack: the blackjack is paid at once (BJ-10), {ratio} (BJ-5).")
        else:
            offer = " (even money may be offered, BJ-E)" if upcard.rank is Rank.ACE else ""
            text = (f"The dealer's first card, {upcard}, can still make a blackjack: the player's blackjack waits for "
                    f"the dealer's second card and pushes a dealer blackjack{offer} (BJ-10). If it wins, {ratio} "
                    "(BJ-5).")
        return Solution(key=key, rules=ruled.rule_ids, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> Prompt:
        return Prompt(
            question="The player has a blackjack. Do you pay it now or wait for the dealer's second card, and what "
                     "does it pay when it wins?",
            cards=(CardGroup("dealer", gettext_noop("Dealer"), tuple(situation["dealer"])),
                   CardGroup("hand", gettext_noop("Player's hand"), tuple(situation["hand"]))),
            facts=(("Bet", situation["bet"]), ("Blackjack pays", str(rules.blackjack_pays))),
        )

    def fields(self, situation: Mapping[str, JSON], rules: BlackjackRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("timing", gettext_noop("When"), FieldType.CHOICE, choices=TIMING_CHOICES),
            AnswerField("pays", gettext_noop("The blackjack pays"), FieldType.AMOUNT),
        )

    def mistakes(self, rules: BlackjackRules) -> Sequence[NamedMistake]:
        def with_upcard(rank: Rank, applies: Callable[[Card], bool]
                        ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
            def solve(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
                upcard = cards_of(situation["dealer"])[0]
                if not applies(upcard):
                    return None
                return self._key(situation, rules, Card(rank, upcard.suit))
            return solve

        def paid_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return self._key(situation, dataclasses.replace(rules, blackjack_pays=EVEN_MONEY))

        return (
            NamedMistake("bj-10-paid-before-second-card",
                         "the dealer shows a 10-value and may still make blackjack: the blackjack waits for the "
                         "dealer's second card (BJ-10)",
                         with_upcard(Rank.NINE, lambda card: card_value(card) == 10)),
            NamedMistake("bj-paid-before-second-card-ace",
                         "the dealer shows an Ace and may still make blackjack: the blackjack waits (or takes even "
                         "money) (BJ-10, BJ-E)", with_upcard(Rank.NINE, lambda card: card.rank is Rank.ACE)),
            NamedMistake("bj-waited-needlessly",
                         "the dealer's first card is neither an Ace nor a 10-value: the dealer cannot make blackjack, "
                         "so the blackjack is paid at once (BJ-10)",
                         with_upcard(Rank.ACE, lambda card: card_value(card) not in (1, 10))),
            NamedMistake("bj-blackjack-paid-1-1", f"a blackjack pays {rules.blackjack_pays} here, not 1:1 (BJ-5)",
                         paid_even),
        )


register(BlackjackHandTotal())
register(BlackjackDealerAction())
register(BlackjackPayout())
register(BlackjackOptions())
register(BlackjackSettleBox())
register(BlackjackInsuranceMax())
register(BlackjackPayNowOrWait())
