"""Boxes of the twenty-one family's drill kinds: a box dealt and played to the end, the
rulings door's ``settle`` body for it, the settle kinds' fields, keys and prompts, and the
settling mistakes of Blackjack (BJ-O, BJ-S4, BJ-R1, BJ-E) and of a dealer 22 (JS-4).

Not a kind module (the registry skips modules whose name starts with ``_``): shared by
``drills.kinds.blackjack`` and ``drills.kinds.jack_switch``. Every rule is the engine's.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from drills.kinds._twenty_one import (
    NO_STEER,
    DrawPile,
    Steer,
    cards_of,
    dealer_total_is,
    finish_dealer,
    house_values,
    play_box,
    with_class_traits,
)
from drills.kinds.base import JSON, AnswerField, CardGroup, Difficulty, FieldType, NamedMistake
from drills.kinds.messages import gettext_noop
from games.blackjack import words as bj_words
from games.blackjack.hand import hand_value
from games.blackjack.options import Action, OptionsSituation, can_act
from games.blackjack.rules import BLACKJACK_PAYS_3_TO_2, EVEN_MONEY, BlackjackRules, TwentyOneRules
from games.blackjack.settle import Box, BoxSettlement, PlayerHand, Result, half, settle_box, settled_without_dealer
from games.cards import Card, Rank, format_cards
from games.errors import GameError
from games.jack_switch.rules import JackSwitchRules
from games.jack_switch.words import PUSH_TOTAL, RESULT_LABELS, mistake_reason
from games.money import ZERO, format_money, payout
from games.players.twenty_one import TwentyOnePlayer

RESULT_CHOICES = tuple((result.value, RESULT_LABELS[result]) for result in Result)
"""A settled hand's result, from the engine's enum (win, lose, push, blackjack, surrender)."""
JACK_SWITCH = JackSwitchRules.GAME


# --- settle bodies -----------------------------------------------------------------


def settle_body(box: Box, dealer: Sequence[Card], *, with_switch: bool) -> dict[str, JSON]:
    """The rulings door's ``settle`` body for a box (RULINGS.md)."""
    body: dict[str, JSON] = {
        "bet": format_money(box.bet),
        "hands": [{"cards": format_cards(hand.cards), "doubled": hand.doubled} for hand in box.hands],
        "dealer": format_cards(dealer),
        "insurance": format_money(box.insurance),
        "even_money": box.even_money,
        "surrendered": box.surrendered,
    }
    if with_switch:
        body["switched"] = box.switched
    return body


def box_of(body: Mapping[str, JSON]) -> tuple[Box, tuple[Card, ...]]:
    """The engine's box and dealer hand from a settle body."""
    box = Box(
        bet=Decimal(body["bet"]),
        hands=tuple(PlayerHand(cards_of(hand["cards"]), bool(hand["doubled"])) for hand in body["hands"]),
        insurance=Decimal(body.get("insurance", "0")),
        even_money=bool(body.get("even_money", False)),
        surrendered=bool(body.get("surrendered", False)),
        switched=bool(body.get("switched", False)),
    )
    return box, cards_of(body["dealer"])


def hand_groups(box: Box, dealer: Sequence[Card]) -> tuple[CardGroup, ...]:
    groups = [CardGroup("dealer", gettext_noop("Dealer"), tuple(format_cards(dealer)))]
    for index, hand in enumerate(box.hands, start=1):
        label = f"Hand {index}" if box.split else "Player's hand"
        notes = [note for note, on in (("doubled", hand.doubled), ("after the switch", box.switched)) if on]
        if notes:
            label += f" ({', '.join(notes)})"
        groups.append(CardGroup(f"hand_{index}", label, tuple(format_cards(hand.cards))))
    return tuple(groups)


def insurance_for(bet: Decimal, rng: random.Random) -> Decimal:
    """An insurance stake for a payout question: the most allowed, half the bet (BJ-I1), or a
    rounder part of it."""
    most = half(bet)
    rounder = [Decimal(5) * n for n in range(1, int(most // 5) + 1) if Decimal(5) * n < most]
    if not rounder or rng.random() < 0.65:
        return most
    return rng.choice(rounder)


# The players of the drills: the one policy (``games.players.twenty_one``) with the
# tendencies that make the cases a drill wants.
PLAIN_PLAYER = TwentyOnePlayer(surrender=0.0, split=0.0, double=0.0, stand_low=0.6)
"""Never splits, doubles or surrenders, often stands on a stiff hand: one hand, one bet
(easy drills)."""
LIVELY = TwentyOnePlayer(surrender=0.0, extra_splits=0.3, double=0.7, extra_doubles=0.7, stand_low=0.25)
"""Basic strategy with more splits, doubles on 9-11 (and soft 13-18 against a 3-6) seven
times in ten, some stiff hands stood on; no insurance, even money or surrender unless a
drill adds them."""
SPLITTER = TwentyOnePlayer(surrender=0.0, extra_splits=1.0, extra_doubles=1.0)
"""Splits every pair it may and doubles every 9-11 it may."""
DRAWS_TO_BUST = TwentyOnePlayer(surrender=0.0, split=0.0, double=0.0, hit_low=0.8)
"""Never splits or doubles and mostly hits a stiff hand: busts to settle."""


def deal_box(pile: DrawPile, rng: random.Random, rules: TwentyOneRules, bet: Decimal, player: TwentyOnePlayer, *,
             steer: Steer = NO_STEER, upcard: Card | None = None, first: tuple[Card, Card] | None = None,
             dealer_want: Callable[[tuple[Card, ...]], bool] | None = None,
             switched: bool = False) -> tuple[Box, tuple[Card, ...]]:
    """A box dealt and played to the end (BJ-6 .. BJ-R), and the dealer's hand; even money,
    insurance, surrender and every hand decision are ``player``'s. A ``switched`` box (Jack
    Switch, JS-7) gets ``first`` as it is after the switch."""
    upcard = upcard or pile.next()
    first = first or (pile.next(), pile.next())
    start = OptionsSituation(hand=first, dealer=upcard, switched=switched)
    if can_act(start, Action.EVEN_MONEY, rules) and player.takes_even_money(rng):
        return Box(bet=bet, hands=(PlayerHand(first),), even_money=True), (upcard,)
    insurance = player.insures(bet, rng) if can_act(start, Action.INSURANCE, rules) else ZERO
    if player.surrenders(start, rules, rng):
        return Box(bet=bet, hands=(PlayerHand(first),), surrendered=True), finish_dealer(pile, upcard, rules, rng)
    box = Box(bet=bet, hands=play_box(pile, first, upcard, rules, rng, player, steer, switched=switched),
              insurance=insurance, switched=switched)
    if dealer_want is None and insurance == 0 and not box.extra_stakes and settled_without_dealer(box, upcard, rules):
        return box, (upcard,)  # nothing waits for the dealer's cards (BJ-3, BJ-10)
    return box, finish_dealer(pile, upcard, rules, rng, dealer_want)


def settle_fields(box: Box) -> tuple[AnswerField, ...]:
    fields: list[AnswerField] = []
    if box.split:
        fields.extend(AnswerField(f"hand_{index}", f"Hand {index}: player's result", FieldType.AMOUNT, signed=True)
                      for index in range(1, len(box.hands) + 1))
    if box.insurance > 0:
        fields.append(AnswerField("insurance_win",
                                  gettext_noop("Insurance: player's result"), FieldType.AMOUNT, signed=True))
    fields.append(AnswerField("net", gettext_noop("Net for the box"), FieldType.AMOUNT, signed=True))
    return tuple(fields)


def settle_key(box: Box, wins: Sequence[Decimal], insurance_win: Decimal) -> dict[str, JSON]:
    key: dict[str, JSON] = {}
    if box.split:
        key.update({f"hand_{index}": format_money(win) for index, win in enumerate(wins, start=1)})
    if box.insurance > 0:
        key["insurance_win"] = format_money(insurance_win)
    key["net"] = format_money(sum(wins, ZERO) + insurance_win)
    return key


def settlement_key(box: Box, settled: BoxSettlement) -> dict[str, JSON]:
    return settle_key(box, [hand.win for hand in settled.hands], settled.insurance_win)


def door_settle_key(answer: Mapping[str, JSON]) -> dict[str, JSON]:
    key: dict[str, JSON] = {}
    if len(answer["hands"]) > 1:
        key.update({f"hand_{index}": hand["win"] for index, hand in enumerate(answer["hands"], start=1)})
    if Decimal(answer["insurance_win"]) != 0:
        key["insurance_win"] = answer["insurance_win"]
    key["net"] = answer["net"]
    return key


def box_facts(box: Box, rules: TwentyOneRules) -> tuple[tuple[str, str], ...]:
    facts = [(gettext_noop("Bet"), format_money(box.bet))]
    if box.split:
        facts.append(("Box", f"split into {len(box.hands)} hands, each with its own bet of {format_money(box.bet)}"))
    if box.insurance > 0:
        facts.append((gettext_noop("Insurance bet"), format_money(box.insurance)))
    if box.even_money:
        facts.append((gettext_noop("Even money"), gettext_noop("the player took even money")))
    if box.surrendered:
        facts.append((gettext_noop("Surrender"), gettext_noop("the player surrendered")))
    return (*facts, *house_values(rules))


def settle_mistakes(rules: BlackjackRules) -> tuple[NamedMistake, ...]:
    """The settling mistakes of the issue, each run through the engine (or, where the
    engine has no switch for the wrong rule, the wrong rule's arithmetic on its result)."""

    def settled(situation: Mapping[str, JSON]) -> tuple[Box, tuple[Card, ...], BoxSettlement]:
        box, dealer = box_of(situation)
        return box, dealer, settle_box(box, dealer, rules)

    def all_stakes_lost(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
        box, dealer, result = settled(situation)
        if not hand_value(dealer).blackjack or not box.extra_stakes:
            return None
        return settle_key(box, [-box.stake(hand) for hand in box.hands], result.insurance_win)

    def split_natural_as_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
        box, dealer, result = settled(situation)
        if not box.split:
            return None
        wins = []
        for hand, settled_hand in zip(box.hands, result.hands, strict=True):
            if len(hand.cards) == 2 and hand_value(hand.cards).blackjack:
                try:  # the same cards as an unsplit hand: a blackjack
                    wins.append(settle_box(Box(bet=box.bet, hands=(hand,)), dealer, rules).net)
                except GameError:
                    return None
            else:
                wins.append(settled_hand.win)
        return settle_key(box, wins, result.insurance_win)

    def surrender_whole_bet(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
        box, _, result = settled(situation)
        return settle_key(box, [-box.bet], result.insurance_win) if box.surrendered else None

    def even_money_as_blackjack(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
        box, _, result = settled(situation)
        if not box.even_money:
            return None
        return settle_key(box, [payout(box.bet, rules.blackjack_pays)], result.insurance_win)

    def blackjack_even(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
        box, dealer = box_of(situation)
        return settlement_key(box, settle_box(box, dealer, dataclasses.replace(rules, blackjack_pays=EVEN_MONEY)))

    return (
        NamedMistake("bj-o-all-stakes-lost", bj_words.original_bet_only(), all_stakes_lost),
        NamedMistake("bj-split-ace-ten-blackjack", bj_words.not_blackjack(rules), split_natural_as_blackjack),
        NamedMistake("bj-surrender-whole-bet", bj_words.surrender_not_whole_bet(), surrender_whole_bet),
        NamedMistake("bj-even-money-paid-as-blackjack", bj_words.even_money_not_blackjack_ratio(rules),
                     even_money_as_blackjack),
        NamedMistake("bj-blackjack-paid-1-1", bj_words.blackjack_not_even(rules), blackjack_even),
    )


# --- settling against a dealer 22 (JS-4), either game ---------------------------------


def result_fields(box: Box) -> tuple[AnswerField, ...]:
    if box.split:
        fields = [AnswerField(f"result_{index}", f"Hand {index}", FieldType.CHOICE, choices=RESULT_CHOICES)
                  for index in range(1, len(box.hands) + 1)]
    else:
        fields = [AnswerField("result", gettext_noop("The hand"), FieldType.CHOICE, choices=RESULT_CHOICES)]
    return (*fields, AnswerField("net", gettext_noop("Net for the box"), FieldType.AMOUNT, signed=True))


def results_key(box: Box, results: Sequence[str], wins: Sequence[Decimal]) -> dict[str, JSON]:
    key: dict[str, JSON] = {}
    if box.split:
        key.update({f"result_{index}": result for index, result in enumerate(results, start=1)})
    else:
        key["result"] = results[0]
    key["net"] = format_money(sum(wins, Decimal(0)))
    return key


def settled_key(box: Box, settled: BoxSettlement) -> dict[str, JSON]:
    return results_key(box, [hand.result.value for hand in settled.hands], [hand.win for hand in settled.hands])


def door_results_key(answer: Mapping[str, JSON]) -> dict[str, JSON]:
    hands = answer["hands"]
    key: dict[str, JSON] = {}
    if len(hands) > 1:
        key.update({f"result_{index}": hand["result"] for index, hand in enumerate(hands, start=1)})
    else:
        key["result"] = hands[0]["result"]
    key["net"] = answer["net"]
    return key


def deal_against_22(pile: DrawPile, rng: random.Random, difficulty: Difficulty, rules: TwentyOneRules,
                    bet: Decimal) -> tuple[Box, tuple[Card, ...]]:
    """A box played to the end against a dealer who makes 22 (JS-4's case); switched
    boxes only where the game has the switch."""
    want = dealer_total_is(PUSH_TOTAL)  # JS-4's total, the point of the drill at either table
    can_switch = rules.HAS_SWITCH
    if difficulty is Difficulty.EASY:
        return deal_box(pile, rng, rules, bet, PLAIN_PLAYER, dealer_want=want)
    roll = rng.random()
    if difficulty is Difficulty.HARD:
        if roll < 0.25 and can_switch:  # a switched Ace + 10-value: 21, not blackjack (JS-8)
            ace_ten = (pile.rank(Rank.ACE), pile.value(10))
            return deal_box(pile, rng, rules, bet, LIVELY, first=ace_ten if rng.random() < 0.5 else ace_ten[::-1],
                            dealer_want=want, switched=True)
        if roll < 0.45:  # a blackjack against the 22
            return deal_box(pile, rng, rules, bet, LIVELY, first=(pile.rank(Rank.ACE), pile.value(10)),
                            dealer_want=want)
        if roll < 0.7:  # splits and doubles
            pair = rng.choice((2, 3, 6, 7, 8, 9))
            return deal_box(pile, rng, rules, bet, SPLITTER, steer=Steer(double=0.6),
                            first=(pile.value(pair), pile.value(pair)), dealer_want=want)
        if roll < 0.85:  # a player who draws to bust
            return deal_box(pile, rng, rules, bet, DRAWS_TO_BUST, dealer_want=want,
                            switched=can_switch and rng.random() < 0.5)
        return deal_box(pile, rng, rules, bet, LIVELY, dealer_want=want, switched=can_switch and rng.random() < 0.4)
    if roll < 0.15:
        return deal_box(pile, rng, rules, bet, LIVELY, first=(pile.rank(Rank.ACE), pile.value(10)), dealer_want=want)
    return deal_box(pile, rng, rules, bet, LIVELY, dealer_want=want, switched=can_switch and rng.random() < 0.3)


def settle_22_mistakes(rules: TwentyOneRules) -> list[NamedMistake]:
    """Named mistakes of settling against a dealer 22 under the table's ``rules``: each is
    the engine run under the wrong rule or with the wrongly read box. Every solver returns
    None for situations of another table (``situation["table"]`` where present)."""

    def on(game: str, solve: Callable[[Box, tuple[Card, ...]], dict[str, JSON] | None]
           ) -> Callable[[Mapping[str, JSON]], Mapping[str, JSON] | None]:
        def run(situation: Mapping[str, JSON]) -> Mapping[str, JSON] | None:
            if situation.get("table", JACK_SWITCH) != game:
                return None
            box, dealer = box_of(situation)
            try:
                return solve(box, dealer)
            except GameError:
                return None
        return run

    def under(wrong: TwentyOneRules) -> Callable[[Box, tuple[Card, ...]], dict[str, JSON]]:
        return lambda box, dealer: settled_key(box, settle_box(box, dealer, wrong))

    def bust_pushed(box: Box, dealer: tuple[Card, ...]) -> dict[str, JSON]:
        settled = settle_box(box, dealer, rules)
        busts = [hand_value(hand.cards).bust for hand in box.hands]
        return results_key(box, ["push" if bust else hand.result.value for bust, hand in zip(busts, settled.hands,
                                                                                             strict=True)],
                           [Decimal(0) if bust else hand.win for bust, hand in zip(busts, settled.hands, strict=True)])

    def blackjack_pushed(box: Box, dealer: tuple[Card, ...]) -> dict[str, JSON] | None:
        if box.split or box.switched or not hand_value(box.hands[0].cards).blackjack:
            return None  # read as a plain 21: the switched box of the same cards
        return settled_key(box, settle_box(dataclasses.replace(box, switched=True), dealer, rules))

    def switched_as_blackjack(box: Box, dealer: tuple[Card, ...]) -> dict[str, JSON] | None:
        if not box.switched:
            return None
        return settled_key(box, settle_box(dataclasses.replace(box, switched=False), dealer, rules))

    game = rules.GAME
    mistakes: list[NamedMistake] = []
    if rules.DEALER_PUSH_TOTAL is not None:
        mistakes += [
            NamedMistake("js-22-paid-as-win", mistake_reason("js-22-paid-as-win", rules),
                         on(game, under(with_class_traits(rules, DEALER_PUSH_TOTAL=None)))),
            NamedMistake("js-22-blackjack-pushed", mistake_reason("js-22-blackjack-pushed", rules),
                         on(game, blackjack_pushed)),
            NamedMistake("js-22-bust-pushed", mistake_reason("js-22-bust-pushed", rules), on(game, bust_pushed)),
            NamedMistake("js-switched-ace-ten-blackjack", mistake_reason("js-switched-ace-ten-blackjack", rules),
                         on(game, switched_as_blackjack)),
        ]
        if rules.blackjack_pays != BLACKJACK_PAYS_3_TO_2:
            mistakes.append(NamedMistake(
                "js-blackjack-paid-3-2", mistake_reason("js-blackjack-paid-3-2", rules),
                on(game, under(dataclasses.replace(rules, blackjack_pays=BLACKJACK_PAYS_3_TO_2)))))
    else:
        mistakes.append(NamedMistake(
            "bj-22-pushed", mistake_reason("bj-22-pushed", rules),
            on(game, under(with_class_traits(rules, DEALER_PUSH_TOTAL=PUSH_TOTAL)))))
        if rules.blackjack_pays != EVEN_MONEY:
            mistakes.append(NamedMistake(
                "bj-blackjack-paid-1-1", mistake_reason("bj-blackjack-paid-1-1", rules),
                on(game, under(dataclasses.replace(rules, blackjack_pays=EVEN_MONEY)))))
    return mistakes


def box_facts_22(box: Box, rules: TwentyOneRules) -> tuple[tuple[str, str], ...]:
    facts = [(gettext_noop("Bet"), format_money(box.bet))]
    if box.split:
        facts.append(("Box", f"split into {len(box.hands)} hands, each with its own bet of {format_money(box.bet)}"))
    if box.switched:
        facts.append((gettext_noop("Switch"), gettext_noop("this box's second card was switched with its paired box")))
    return (*facts, *house_values(rules)[::2])
