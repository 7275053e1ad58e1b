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
from collections.abc import Mapping, Sequence
from decimal import Decimal

from drills.kinds._boxes import (
    box_facts_22,
    box_of,
    deal_against_22,
    door_results_key,
    hand_groups,
    result_fields,
    settle_22_explanation,
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
from games.blackjack.hand import hand_value
from games.blackjack.rules import BlackjackRules, TwentyOneRules
from games.blackjack.settle import settle_box
from games.cards import Card, Rank, Suit, format_cards
from games.jack_switch.bonus import (
    PairBonus,
    SuperMatch,
    bonus_bet_decision,
    pair_bonus,
    super_match,
    table_bonus_limit,
)
from games.jack_switch.rules import JackSwitchRules
from games.jack_switch.switch import switch_boxes
from games.money import format_money

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


def _money(body: Mapping[str, JSON], key: str) -> Decimal:
    return Decimal(body[key])


def _side_bet(rng: random.Random, difficulty: Difficulty) -> str:
    return format_money(Decimal(rng.choice(SIDE_BETS[difficulty])))


def _as_tens(cards: Sequence[Card]) -> list[Card]:
    """The same cards with every J, Q, K read as a 10 (the blackjack habit of "a 10-value")."""
    return [Card(Rank.TEN, card.suit) if card.rank in TEN_RANKS else card for card in cards]


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
            box1, box2 = ((pile.take(lambda card: card.rank is not Rank.ACE),
                           pile.take(lambda card: card.rank is not Rank.ACE)) for _ in range(2))
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
        return {"box1": format_cards(box1), "box2": format_cards(box2)}

    def _key(self, box1: Sequence[Card], box2: Sequence[Card], rules: JackSwitchRules) -> dict[str, JSON]:
        result = switch_boxes(box1, box2, rules)
        return {
            "total_1": result.totals[0], "blackjack_1": "yes" if result.blackjack[0] else "no",
            "total_2": result.totals[1], "blackjack_2": "yes" if result.blackjack[1] else "no",
        }

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        box1, box2 = cards_of(situation["box1"]), cards_of(situation["box2"])
        result = switch_boxes(box1, box2, rules)
        text = (f"The switch exchanges the second cards (JS-7): box 1 becomes {words(result.box1)} = "
                f"{result.totals[0]}, box 2 becomes {words(result.box2)} = {result.totals[1]}.")
        if any(result.switched_away):
            text += " A blackjack may be switched away (JS-7)."
        if "JS-8" in result.rule_ids:
            text += " A switched hand is never a blackjack: an Ace and a 10-value after the switch is 21, turned " \
                    "sideways (JS-8)."
        else:
            text += " Neither box is a blackjack after a switch (JS-8)."
        return Solution(key=self._key(box1, box2, rules), rules=result.rule_ids, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        return Prompt(
            question="The player switches these two paired boxes. What does each box count after the switch, and is "
                     "it a blackjack?",
            cards=(CardGroup("box1", gettext_noop("Box 1 as dealt"), tuple(situation["box1"])),
                   CardGroup("box2", gettext_noop("Box 2 as dealt"), tuple(situation["box2"]))),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (
            AnswerField("total_1", gettext_noop("Box 1 total"), FieldType.INTEGER, low=2, high=21),
            AnswerField("blackjack_1", gettext_noop("Box 1 blackjack?"), FieldType.CHOICE, choices=YES_NO),
            AnswerField("total_2", gettext_noop("Box 2 total"), FieldType.INTEGER, low=2, high=21),
            AnswerField("blackjack_2", gettext_noop("Box 2 blackjack?"), FieldType.CHOICE, choices=YES_NO),
        )

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "switch", {"box1": situation["box1"], "box2": situation["box2"]}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        totals, blackjack = answer["totals"], answer["blackjack"]
        return {
            "total_1": totals[0], "blackjack_1": "yes" if blackjack[0] else "no",
            "total_2": totals[1], "blackjack_2": "yes" if blackjack[1] else "no",
        }

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def switched_as_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            result = switch_boxes(cards_of(situation["box1"]), cards_of(situation["box2"]), rules)
            flags = [hand_value(box).blackjack for box in (result.box1, result.box2)]  # read as dealt, not switched
            return {"total_1": result.totals[0], "blackjack_1": "yes" if flags[0] else "no",
                    "total_2": result.totals[1], "blackjack_2": "yes" if flags[1] else "no"}

        def first_cards_switched(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            box1, box2 = cards_of(situation["box1"]), cards_of(situation["box2"])
            return self._key(box1[::-1], box2[::-1], rules)

        def not_switched(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            values = [hand_value(cards_of(situation[name])) for name in ("box1", "box2")]
            return {"total_1": values[0].total, "blackjack_1": "yes" if values[0].blackjack else "no",
                    "total_2": values[1].total, "blackjack_2": "yes" if values[1].blackjack else "no"}

        return (
            NamedMistake("js-switched-ace-ten-blackjack",
                         "after a switch, Ace + 10-value is 21, not blackjack: the card is turned sideways (JS-8)",
                         switched_as_blackjack),
            NamedMistake("js-switch-first-cards", "the switch exchanges the boxes' second cards, not the first (JS-7)",
                         first_cards_switched),
            NamedMistake("js-counted-as-dealt", "you counted the boxes as dealt: the switch exchanges the second "
                         "cards, and a switched-away blackjack is gone (JS-7, JS-8)", not_switched),
        )


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
        return settle_body(box, dealer, with_switch=True)

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        box, dealer = box_of(situation)
        settled = settle_box(box, dealer, rules)
        return Solution(key=settled_key(box, settled), rules=settled.rule_ids,
                        explanation=settle_22_explanation(box, settled))

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        box, dealer = box_of(situation)
        return Prompt(
            question="The dealer's hand is final. Settle the box: each hand's result, and the player's net for the box "
                     "(negative when collected, 0 for a push).",
            cards=hand_groups(box, dealer),
            facts=box_facts_22(box, rules),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return result_fields(box_of(situation)[0])

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "settle", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return door_results_key(answer)

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        return settle_22_mistakes(rules)


# --- 10. dealer soft 17 --------------------------------------------------------------


class JackSwitchDealerSoft17(DealerActionKind[JackSwitchRules]):
    """Dealer hits soft 17 (JS-5, the house's value)."""

    slug = "js-dealer-soft-17"
    game = GAME
    title = gettext_noop("Dealer: hit or stand (soft 17)")
    description = gettext_noop("The dealer's cards: draw or stand? Jack Switch's dealer hits soft 17 (JS-5).")


# --- 11. and 12. side bets -----------------------------------------------------------

SUPER_MATCH_CHOICES = (
    (SuperMatch.NONE.value, "None"),
    (SuperMatch.ONE_PAIR.value, "One pair"),
    (SuperMatch.TWO_PAIRS.value, "Two pairs"),
    (SuperMatch.THREE_OF_A_KIND.value, "Three of a kind"),
    (SuperMatch.FOUR_OF_A_KIND.value, "Four of a kind"),
)
PAIR_BONUS_CHOICES = (
    (PairBonus.NONE.value, "No pair"),
    (PairBonus.DIFFERENT_COLOUR.value, "Pair, different colours"),
    (PairBonus.SAME_COLOUR.value, "Pair, same colour"),
    (PairBonus.SAME_SUIT.value, "Pair, same suit"),
)


def _distinct_ranks(rng: random.Random, count: int, tens: bool = False) -> list[Rank]:
    ranks = list(Rank)
    if tens:
        chosen = rng.sample(TEN_RANKS, 2)
        rest = [rank for rank in ranks if rank not in chosen]
        return chosen + rng.sample(rest, count - 2)
    return rng.sample(ranks, count)


def _pay_table_text(entries: Sequence[tuple[str, object]], names: Mapping[str, str]) -> str:
    return ", ".join(f"{names.get(name, name)} {ratio}" for name, ratio in entries)


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
        weights = {Difficulty.EASY: (3, 4, 1, 1, 0.3), Difficulty.NORMAL: (3, 3, 2, 2, 1),
                   Difficulty.HARD: (3, 2, 3, 3, 1)}[difficulty]
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
        return {"cards": format_cards(cards), "bet": _side_bet(rng, difficulty)}

    def _key(self, cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> dict[str, JSON]:
        result = super_match(cards, bet, rules).value
        return {"combination": result.combination, "pays": format_money(result.pays)}

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        cards = cards_of(situation["cards"])
        ruled = super_match(cards, _money(situation, "bet"), rules)
        result = ruled.value
        ratio = rules.super_match.get(result.combination)
        name = dict(SUPER_MATCH_CHOICES)[result.combination].lower()
        if ratio is None:
            outcome = f"{name}: the bet loses" if result.combination != SuperMatch.NONE else "no pair: the bet loses"
        else:
            outcome = f"{name}, paid {ratio}: {format_money(result.pays)} on {situation['bet']}"
        text = (f"Super Match pays the highest combination of the four first cards, by rank, as dealt ({words(cards)}) "
                f"(JS-SM): {outcome}.")
        return Solution(key=self._key(cards, _money(situation, "bet"), rules), rules=ruled.rule_ids, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        cards = situation["cards"]
        names = dict(SUPER_MATCH_CHOICES)
        return Prompt(
            question="Settle the Super Match bet: which combination do the four first cards make, and what does the "
                     "dealer pay (0 if the bet loses)?",
            cards=(CardGroup("box1", gettext_noop("Box 1 as dealt"), tuple(cards[:2])),
                   CardGroup("box2", gettext_noop("Box 2 as dealt"), tuple(cards[2:]))),
            facts=(("Super Match bet", situation["bet"]),
                   ("Super Match pays", _pay_table_text(rules.super_match.entries, names))),
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
            return self._key(_as_tens(cards_of(situation["cards"])), _money(situation, "bet"), rules)

        table = rules.super_match.to_mapping()
        swapped = dict(table)
        two, three = SuperMatch.TWO_PAIRS.value, SuperMatch.THREE_OF_A_KIND.value
        if two in table and three in table:
            swapped[two], swapped[three] = table[three], table[two]

        def ratios_swapped(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            wrong = dataclasses.replace(rules, super_match=type(rules.super_match).from_mapping(swapped))
            return self._key(cards_of(situation["cards"]), _money(situation, "bet"), wrong)

        return (
            NamedMistake("js-sm-ten-values-pair", "a pair is two cards of the same rank: a King and a Queen are not a "
                         "pair (JS-SM)", tens_as_pairs),
            NamedMistake("js-sm-two-pairs-three-swapped",
                         f"two pairs pay {table.get(two, '-')} and three of a kind {table.get(three, '-')} at this "
                         "house (JS-SM)", ratios_swapped),
        )


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
        weights = {Difficulty.EASY: (2, 2, 2, 1), Difficulty.NORMAL: (2, 2, 2, 1),
                   Difficulty.HARD: (2, 2, 3, 2)}[difficulty]
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
        situation: dict[str, JSON] = {"cards": format_cards([first, second]), "bet": _side_bet(rng, difficulty),
                                      "after_switch": None}
        if rng.random() < {Difficulty.EASY: 0.0, Difficulty.NORMAL: 0.2, Difficulty.HARD: 0.5}[difficulty]:
            other = pile.rank(first.rank) if rng.random() < 0.5 else pile.next()
            situation["after_switch"] = format_cards([first, other])
        return situation

    def _key(self, cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> dict[str, JSON]:
        result = pair_bonus(cards, bet, rules).value
        return {"combination": result.combination, "pays": format_money(result.pays)}

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        cards = cards_of(situation["cards"])
        ruled = pair_bonus(cards, _money(situation, "bet"), rules)
        result = ruled.value
        ratio = rules.pair_bonus.get(result.combination)
        name = dict(PAIR_BONUS_CHOICES)[result.combination].lower()
        if result.combination == PairBonus.NONE:
            outcome = "not a pair (a pair is two cards of the same rank): the bet loses"
        elif ratio is None:
            outcome = f"{name}, which this house's table does not pay: the bet loses"
        else:
            outcome = f"{name}, paid {ratio}: {format_money(result.pays)} on {situation['bet']}"
        switch = " The switch changes nothing: the bonus plays on the cards as dealt." if situation.get(
            "after_switch") else ""
        text = f"The pair bonus plays on the box's first two cards as dealt, {words(cards)} (JS-PB): {outcome}.{switch}"
        return Solution(key=self._key(cards, _money(situation, "bet"), rules), rules=ruled.rule_ids, explanation=text)

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        groups = [CardGroup("dealt", gettext_noop("The box as dealt"), tuple(situation["cards"]))]
        facts = [("Pair bonus bet", situation["bet"]),
                 ("Pair bonus pays", _pay_table_text(rules.pair_bonus.entries, dict(PAIR_BONUS_CHOICES))),
                 ("Colours", "hearts and diamonds are red, spades and clubs black")]
        if situation.get("after_switch"):
            groups.append(CardGroup("switched",
                                    gettext_noop("The box after the switch"), tuple(situation["after_switch"])))
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
        return "pair-bonus", {"cards": situation["cards"], "bet": situation["bet"]}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"combination": answer["combination"], "pays": answer["pays"]}

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def after_switch(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if not situation.get("after_switch"):
                return None
            return self._key(cards_of(situation["after_switch"]), _money(situation, "bet"), rules)

        def same_colour_as_suit(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            first, second = cards_of(situation["cards"])
            if first.rank is not second.rank or first.suit is second.suit:
                return None
            if first.suit.is_red != second.suit.is_red:
                return None
            return self._key([first, Card(second.rank, first.suit)], _money(situation, "bet"), rules)

        def tens_as_pair(situation: Mapping[str, JSON]) -> Mapping[str, JSON]:
            return self._key(_as_tens(cards_of(situation["cards"])), _money(situation, "bet"), rules)

        return (
            NamedMistake("js-pb-after-switch", "the pair bonus plays on the box's first two cards as dealt, before "
                         "the switch (JS-PB)", after_switch),
            NamedMistake("js-pb-same-colour-as-same-suit",
                         "hearts and diamonds (or spades and clubs) are the same colour, not the same suit (JS-PB)",
                         same_colour_as_suit),
            NamedMistake("js-pb-ten-values-pair", "a pair is two cards of the same rank: a King and a Queen are not a "
                         "pair (JS-PB)", tens_as_pair),
        )


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
        weights = {Difficulty.EASY: (4, 1, 3, 2, 0, 0), Difficulty.NORMAL: (3, 3, 3, 2, 1, 0),
                   Difficulty.HARD: (1, 4, 3, 2, 2, 1)}[difficulty]
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
        return {"table_limits": f"{plain_money(low)}-{plain_money(high)}", "main_bet": format_money(main),
                "bonus": format_money(bonus)}

    def _accepted(self, situation: Mapping[str, JSON], rules: JackSwitchRules, main: Decimal | None = None) -> bool:
        main_bet = _money(situation, "main_bet") if main is None else main
        return bonus_bet_decision(situation["table_limits"], main_bet, _money(situation, "bonus"),
                                  rules).value.accepted

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        ruled = bonus_bet_decision(situation["table_limits"], _money(situation, "main_bet"),
                                   _money(situation, "bonus"), rules)
        verdict = "Accepted" if ruled.value.accepted else "Refused"
        return Solution(key={"accepted": "yes" if ruled.value.accepted else "no"}, rules=ruled.rule_ids,
                        explanation=f"{verdict}: {ruled.value.reason}.")

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        limits = "; ".join(f"table {plain_money(x.table_min)}-{plain_money(x.table_max)}: bonus "
                           f"{plain_money(x.bonus_min)}-{plain_money(x.bonus_max)}" for x in rules.bonus_limit_table)
        main = situation["main_bet"]
        return Prompt(
            question=gettext_noop("A player places this bonus bet before you close bets. Do you accept it?"),
            facts=(("Table limits", situation["table_limits"]),
                   ("Main bet", "none" if Decimal(main) == 0 else main),
                   ("Bonus bet", situation["bonus"]),
                   ("Bonus limits at this house", limits)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return (AnswerField("accepted", gettext_noop("Accept the bonus bet?"), FieldType.CHOICE, choices=YES_NO),)

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]]:
        return "bonus-bet", dict(situation)

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return {"accepted": "yes" if answer["accepted"] else "no"}

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        def not_above_main(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if _money(situation, "bonus") <= _money(situation, "main_bet") or not self._accepted(situation, rules):
                return None
            return {"accepted": "no"}

        def without_main(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if self._accepted(situation, rules):
                return None
            table_min = table_bonus_limit(situation["table_limits"], rules).table_min  # a main bet there is
            return {"accepted": "yes" if self._accepted(situation, rules, main=table_min) else "no"}

        return (
            NamedMistake("js-bonus-not-above-main", "a bonus bet may be larger than the main bet, within the table's "
                         "bonus limits (JS-L)", not_above_main),
            NamedMistake("js-bonus-without-main", "a bonus bet is accepted only with a main bet within the table "
                         "limits (JS-L)", without_main),
        )


# --- 14. mixed Blackjack / Jack Switch rounds against a dealer 22 -----------------------

TABLE_NAMES = {BlackjackRules.GAME: "Blackjack", GAME: "Jack Switch"}


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

    def table_rules(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> TwentyOneRules:
        return BlackjackRules() if situation["table"] == BlackjackRules.GAME else rules

    def situation(self, rng: random.Random, difficulty: Difficulty, rules: JackSwitchRules) -> Mapping[str, JSON]:
        table = BlackjackRules.GAME if rng.random() < 0.5 else GAME
        table_rules = self.table_rules({"table": table}, rules)
        pile = DrawPile(rng, table_rules)
        box, dealer = deal_against_22(pile, rng, difficulty, table_rules, draw_bet(rng, difficulty))
        return {"table": table, **settle_body(box, dealer, with_switch=table == GAME)}

    def solve(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Solution:
        box, dealer = box_of(situation)
        table_rules = self.table_rules(situation, rules)
        settled = settle_box(box, dealer, table_rules)
        game = f"This table plays {TABLE_NAMES[situation['table']]}. "
        return Solution(key=settled_key(box, settled), rules=settled.rule_ids,
                        explanation=game + settle_22_explanation(box, settled))

    def prompt(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> Prompt:
        box, dealer = box_of(situation)
        table_rules = self.table_rules(situation, rules)
        game = TABLE_NAMES[situation["table"]]
        rule_set = "the house rules as written" if situation["table"] == BlackjackRules.GAME else "this house's rules"
        return Prompt(
            question=f"This table plays {game}. The dealer's hand is final. Settle the box: each hand's result, and "
                     "the player's net for the box (negative when collected, 0 for a push).",
            cards=hand_groups(box, dealer),
            facts=(("Game", f"{game} ({rule_set})"), *box_facts_22(box, table_rules)),
        )

    def fields(self, situation: Mapping[str, JSON], rules: JackSwitchRules) -> tuple[AnswerField, ...]:
        return result_fields(box_of(situation)[0])

    def door(self, situation: Mapping[str, JSON]) -> tuple[str, Mapping[str, JSON]] | None:
        if situation["table"] != GAME:
            return None  # a Blackjack round: the jack-switch door would answer under the wrong game
        return "settle", {key: value for key, value in situation.items() if key != "table"}

    def key_from_door(self, answer: Mapping[str, JSON]) -> Mapping[str, JSON]:
        return door_results_key(answer)

    def mistakes(self, rules: JackSwitchRules) -> Sequence[NamedMistake]:
        return (*settle_22_mistakes(rules), *settle_22_mistakes(BlackjackRules()))


register(JackSwitchResult())
register(JackSwitchDealer22())
register(JackSwitchDealerSoft17())
register(JackSwitchSuperMatch())
register(JackSwitchPairBonus())
register(JackSwitchBonusAccepted())
register(MixedDealer22())
