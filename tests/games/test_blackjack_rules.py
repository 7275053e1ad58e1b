"""Worked examples from the Blackjack seed (001) for every BJ- rule ID, table-driven; the
test ids name the rule IDs."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from games.blackjack.deal import deal_round
from games.blackjack.dealer import DealerAction, dealer_action, play_dealer, verify_dealer_hand
from games.blackjack.errors import ImpossibleShoeError, SituationError, StakeError
from games.blackjack.hand import evaluate_hand, hand_value, parse_hand
from games.blackjack.options import Action, OptionsSituation, legal_options, verify_double, verify_options_situation
from games.blackjack.rules import BlackjackRules
from games.blackjack.settle import (
    BlackjackTiming,
    Box,
    PayoutKind,
    PlayerHand,
    blackjack_timing,
    dealer_payout,
    settle_box,
)
from games.errors import IllegalActionError, RuleSetError

RULES = BlackjackRules()
D = Decimal


def card(text: str):
    return parse_hand(text)[0]


def box(bet: str, *hands: str | tuple[str, bool], **kwargs: object) -> Box:
    played = []
    for hand in hands:
        cards, doubled = (hand, False) if isinstance(hand, str) else hand
        played.append(PlayerHand(parse_hand(cards), doubled))
    return Box(bet=D(bet), hands=tuple(played), **kwargs)  # type: ignore[arg-type]


# --- hand values: (rule, cards, split_hand, total, soft, blackjack, bust) ---
HANDS = [
    ("BJ-2 ace as 11", "AS 6H", False, 17, True, False, False),
    ("BJ-2 ace as 1", "AS 6H 9C", False, 16, False, False, False),
    ("BJ-2 pictures count ten", "KS QH", False, 20, False, False, False),
    ("BJ-2 two aces", "AS AH", False, 12, True, False, False),
    ("BJ-2 three aces and a nine", "AS AH AD 8C", False, 21, True, False, False),
    ("BJ-3 over 21 is bust", "TS 6H 9C", False, 25, False, False, True),
    ("BJ-4 ace and ten-value is blackjack", "AS KD", False, 21, True, True, False),
    ("BJ-4 ace and ten in either order", "TD AC", False, 21, True, True, False),
    ("BJ-4 three-card 21 is not blackjack", "AS 5D 5C", False, 21, True, False, False),
    ("BJ-S4 ace and ten after a split is 21 not blackjack", "AS TH", True, 21, True, False, False),
]


@pytest.mark.parametrize(("rule", "cards", "split", "total", "soft", "blackjack", "bust"), HANDS,
                         ids=[row[0] for row in HANDS])
def test_hand_values(rule, cards, split, total, soft, blackjack, bust):
    value = hand_value(parse_hand(cards), split_hand=split)
    assert (value.total, value.soft, value.blackjack, value.bust) == (total, soft, blackjack, bust)
    assert rule.split()[0] in evaluate_hand(parse_hand(cards), RULES, split_hand=split).rule_ids


def test_bj_1_six_decks_of_312_cards_and_a_seventh_ace_is_impossible():
    assert RULES.shoe.size == 312
    with pytest.raises(ImpossibleShoeError) as raised:
        settle_box(box("10", "AS AS AS", "AS AS AS"), parse_hand("AS 6H"), RULES)
    assert raised.value.field in ("hands.1.cards", "dealer")


def test_bj_1_rule_set_values_are_validated():
    with pytest.raises(RuleSetError, match="decks"):
        BlackjackRules(decks=0)
    assert BlackjackRules.from_mapping({"decks": 8}).shoe.size == 416


# --- dealer play: (rule, cards, rules, action) ---
DEALER = [
    ("BJ-6 one card: the dealer draws the second after the boxes", "TS", RULES, DealerAction.HIT),
    ("BJ-8 below 17 hits", "TS 6H", RULES, DealerAction.HIT),
    ("BJ-8 hard 17 stands", "TS 7H", RULES, DealerAction.STAND),
    ("BJ-8 soft 17 stands by default", "AS 6H", RULES, DealerAction.STAND),
    ("BJ-8 soft 17 hits when the house hits soft 17", "AS 6H", BlackjackRules(dealer_hits_soft_17=True),
     DealerAction.HIT),
    ("BJ-8 soft 18 stands with H17", "AS 7H", BlackjackRules(dealer_hits_soft_17=True), DealerAction.STAND),
    ("BJ-8 multi-card soft 16 hits", "AS 2H 3C", RULES, DealerAction.HIT),
    ("BJ-3 a bust dealer draws no more", "TS 6H 9C", RULES, DealerAction.STAND),
]


@pytest.mark.parametrize(("rule", "cards", "rules", "action"), DEALER, ids=[row[0] for row in DEALER])
def test_dealer_action(rule, cards, rules, action):
    ruled = dealer_action(parse_hand(cards), rules)
    assert ruled.value is action
    assert rule.split()[0] in ruled.rule_ids


@pytest.mark.parametrize(
    ("cards", "message"),
    [("TS 5H", "stopped on 15"), ("TS 7H 2C", "cannot have been drawn"), ("AS KH 5C", "blackjack"), ("9S", "second")],
    ids=["BJ-8 never stands below 17", "BJ-8 never draws past 17", "BJ-8 stands on a blackjack",
         "BJ-6 the dealer's hand needs a second card"],
)
def test_bj_8_impossible_dealer_hands(cards, message):
    with pytest.raises(SituationError, match=message):
        verify_dealer_hand(parse_hand(cards), RULES)


def test_bj_8_play_dealer_draws_to_17():
    assert [str(c) for c in play_dealer(parse_hand("TS"), parse_hand("2H 3C 4D 5S"), RULES)] == ["TS", "2H", "3C", "4D"]


def test_bj_6_deal_order_one_card_each_then_dealer_then_second_cards():
    rng_seed = 11
    dealt = deal_round(random.Random(rng_seed), RULES, boxes=3)
    shoe = [c for c in RULES.shoe.shuffled(random.Random(rng_seed))]
    assert [b[0] for b in dealt.boxes] == shoe[0:3]
    assert dealt.dealer_upcard == shoe[3]
    assert [b[1] for b in dealt.boxes] == shoe[4:7]


def test_bj_6_players_act_before_the_dealers_second_card():
    # No hole card: the dealer's blackjack is the first two cards only; A+5+5 is 21, not blackjack.
    settled = settle_box(box("10", "TS QH"), parse_hand("AS 5H 5C"), RULES)
    assert settled.hands[0].result == "lose"
    assert settled.net == D("-10.00")


# --- options: (rule, hand, dealer, kwargs, expected actions) ---
OPTIONS = [
    ("BJ-7 may hit below 21", "TS 6C", "9D", {}, ["stand", "hit", "double", "surrender"]),
    ("BJ-7 no draw at 21", "TS 5C 6D", "9D", {"third_card_dealt": True}, ["stand"]),
    ("BJ-7 no draw at soft 21", "AS 5C 5D", "9D", {"third_card_dealt": True}, ["stand"]),
    ("BJ-3 a bust hand has no option", "TS 5C 9D", "9D", {"third_card_dealt": True}, []),
    ("BJ-D1 double on the first two cards", "6S 5C", "9D", {}, ["stand", "hit", "double", "surrender"]),
    ("BJ-D1 no double on three cards", "2S 3C 5D", "9D", {"third_card_dealt": True}, ["stand", "hit"]),
    ("BJ-D1 no double on a blackjack", "AS KC", "9D", {}, ["stand"]),
    ("BJ-D2 double after a split", "8S 3C", "9D", {"hands_in_box": 2}, ["stand", "hit", "double"]),
    ("BJ-D2 no double on split aces", "AS 9C", "9D", {"hands_in_box": 2, "from_split_aces": True}, ["stand"]),
    ("BJ-D2 house without double after split", "8S 3C", "9D", {"hands_in_box": 2, "rules": "no-das"},
     ["stand", "hit"]),
    ("BJ-S1 split a pair", "8S 8C", "9D", {}, ["stand", "hit", "double", "split", "surrender"]),
    ("BJ-S1 any two ten-values split", "KS TC", "9D", {}, ["stand", "hit", "double", "split", "surrender"]),
    ("BJ-S1 different values do not split", "8S 9C", "9D", {}, ["stand", "hit", "double", "surrender"]),
    ("BJ-S2 a third split makes four hands", "8S 8C", "9D", {"hands_in_box": 3}, ["stand", "hit", "double", "split"]),
    ("BJ-S2 no fifth hand", "8S 8C", "9D", {"hands_in_box": 4}, ["stand", "hit", "double"]),
    ("BJ-S3 aces split once", "AS AC", "9D", {}, ["stand", "hit", "double", "split", "surrender"]),
    ("BJ-S3 split aces are not split again", "AS AC", "9D", {"hands_in_box": 2, "from_split_aces": True}, ["stand"]),
    ("BJ-S4 split ace and ten is 21 and stands", "AS TC", "9D", {"hands_in_box": 2, "from_split_aces": True},
     ["stand"]),
    ("BJ-I1 insurance against a dealer ace", "TS 9C", "AD", {}, ["stand", "hit", "double", "insurance"]),
    ("BJ-I1 no insurance against a ten", "TS 9C", "KD", {}, ["stand", "hit", "double", "surrender"]),
    ("BJ-I1 insurance only before the first box acts", "TS 9C", "AD", {"third_card_dealt": True},
     ["stand", "hit", "double"]),
    ("BJ-E even money for a blackjack against an ace", "AS QC", "AD", {}, ["stand", "even-money"]),
    ("BJ-E no even money against a ten", "AS QC", "TD", {}, ["stand"]),
    ("BJ-R1 surrender on the first two cards", "TS 6C", "TD", {}, ["stand", "hit", "double", "surrender"]),
    ("BJ-R1 no surrender on a split hand", "TS 6C", "TD", {"hands_in_box": 2}, ["stand", "hit", "double"]),
    ("BJ-R2 no surrender once a third card is dealt", "TS 6C", "TD", {"third_card_dealt": True},
     ["stand", "hit", "double"]),
    ("BJ-R3 no surrender against an ace", "TS 6C", "AD", {}, ["stand", "hit", "double", "insurance"]),
    ("BJ-R3 no surrender on a blackjack", "AS TC", "6D", {}, ["stand"]),
]


@pytest.mark.parametrize(("rule", "hand", "dealer", "kwargs", "expected"), OPTIONS, ids=[row[0] for row in OPTIONS])
def test_options(rule, hand, dealer, kwargs, expected):
    kwargs = dict(kwargs)
    rules = BlackjackRules(double_after_split=False) if kwargs.pop("rules", None) == "no-das" else RULES
    situation = OptionsSituation(hand=parse_hand(hand), dealer=card(dealer), **kwargs)
    verify_options_situation(situation, rules)
    report = legal_options(situation, rules)
    assert [str(action) for action in report.allowed] == expected
    assert rule.split()[0] in report.rule_ids
    assert len(report.allowed) + len(report.refused) == len(Action)


def test_bj_d1_verify_double_names_the_reason():
    with pytest.raises(IllegalActionError, match="BJ-D1"):
        verify_double(OptionsSituation(hand=parse_hand("AS KH"), dealer=card("6D")), RULES)


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        (OptionsSituation(hand=parse_hand("8S 8C"), dealer=card("9D"), hands_in_box=5), "hands_in_box"),
        (OptionsSituation(hand=parse_hand("AS 9C"), dealer=card("9D"), from_split_aces=True), "from_split_aces"),
        (OptionsSituation(hand=parse_hand("AS 9C 2D"), dealer=card("9D"), hands_in_box=2, from_split_aces=True),
         "hand"),
        (OptionsSituation(hand=parse_hand("TS 9C 5D 2H"), dealer=card("9D")), "hand"),
        (OptionsSituation(hand=parse_hand("TS 9C"), dealer=card("9D"), switched=True), "switched"),
    ],
    ids=["BJ-S2 a fifth hand", "BJ-S3 split aces need a split", "BJ-S3 one card to a split ace",
         "BJ-3 no card after a bust", "JS-7 no switch in blackjack"],
)
def test_impossible_options_situations(situation, field):
    with pytest.raises(SituationError) as raised:
        verify_options_situation(situation, RULES)
    assert raised.value.field == field


# --- settlement: (rule, box, dealer, [(result, win)], insurance_win, net) ---
SETTLE = [
    ("BJ-9 dealer bust: the box wins", box("10", "TS 6H"), "TC 6D 9S", [("win", "10.00")], "0.00", "10.00"),
    ("BJ-9 higher total wins", box("10", "TS 9H"), "TC 8D", [("win", "10.00")], "0.00", "10.00"),
    ("BJ-9 lower total loses", box("10", "TS 7H"), "TC 8D", [("lose", "-10.00")], "0.00", "-10.00"),
    ("BJ-9 equal totals push", box("10", "TS 8H"), "TC 8D", [("push", "0.00")], "0.00", "0.00"),
    ("BJ-3 a bust player loses though the dealer busts later", box("10", "TS 6H 9C"), "TC 6D 8S",
     [("lose", "-10.00")], "0.00", "-10.00"),
    ("BJ-5 blackjack pays 3:2", box("10", "AS KH"), "9C 8D", [("blackjack", "15.00")], "0.00", "15.00"),
    ("BJ-5 3:2 on an odd bet", box("35", "AS KH"), "9C 8D", [("blackjack", "52.50")], "0.00", "52.50"),
    ("BJ-10 blackjack paid at once against a 6", box("10", "AS KH"), "6C", [("blackjack", "15.00")], "0.00",
     "15.00"),
    ("BJ-10 blackjack waits against a ten and pushes a dealer blackjack", box("10", "AS KH"), "TC AD",
     [("push", "0.00")], "0.00", "0.00"),
    ("BJ-10 blackjack waits against a ten and is paid without dealer blackjack", box("10", "AS KH"), "TC 7D",
     [("blackjack", "15.00")], "0.00", "15.00"),
    ("BJ-D1 a doubled hand wins double", box("10", ("6S 5H TC", True)), "TC 8D", [("win", "20.00")], "0.00", "20.00"),
    ("BJ-D1 a doubled hand loses double", box("10", ("6S 5H 2C", True)), "TC 8D", [("lose", "-20.00")], "0.00",
     "-20.00"),
    ("BJ-D2 a split hand doubles", box("10", ("8S 3H TC", True), "8D TH"), "TC 8D",
     [("win", "20.00"), ("push", "0.00")], "0.00", "20.00"),
    ("BJ-S1 each split hand carries the original bet", box("10", "8S TH", "8D 9C"), "TC 7D",
     [("win", "10.00"), ("push", "0.00")], "0.00", "10.00"),
    ("BJ-S2 four hands", box("10", "8S TH", "8D 9C", "8C 2H", "8H 8S"), "TC 7D",
     [("win", "10.00"), ("push", "0.00"), ("lose", "-10.00"), ("lose", "-10.00")], "0.00", "-10.00"),
    ("BJ-S3 split aces one card each", box("10", "AS 9H", "AD 5C"), "TC 9D",
     [("win", "10.00"), ("lose", "-10.00")], "0.00", "0.00"),
    ("BJ-S4 split ace and ten is paid 1:1", box("10", "AS TH", "AD 5C"), "TC 9D",
     [("win", "10.00"), ("lose", "-10.00")], "0.00", "0.00"),
    ("BJ-S4 split ace and ten loses to a dealer blackjack", box("10", "AS TH", "AD 5C"), "TC AC",
     [("lose", "-10.00"), ("push", "0.00")], "0.00", "-10.00"),
    ("BJ-I2 insurance paid 2:1 on a dealer blackjack", box("10", "TS 9H", insurance=D("5")), "AC KD",
     [("lose", "-10.00")], "10.00", "0.00"),
    ("BJ-I2 insurance lost without a dealer blackjack", box("10", "TS 9H", insurance=D("5")), "AC 7D",
     [("win", "10.00")], "-5.00", "5.00"),
    ("BJ-I1 insurance up to half the bet", box("25", "TS 9H", insurance=D("12.50")), "AC 7D",
     [("win", "25.00")], "-12.50", "12.50"),
    ("BJ-O a dealer blackjack takes only the original bet of a double", box("10", ("6S 5H TC", True)), "AC KD",
     [("lose", "-10.00")], "0.00", "-10.00"),
    ("BJ-O split and double stakes returned, busted split hands included",
     box("10", ("8S 3H TC", True), "8D 7C 9H", "8C 9S"), "KC AD",
     [("lose", "-10.00"), ("push", "0.00"), ("push", "0.00")], "0.00", "-10.00"),
    ("BJ-O with insurance settling on its own", box("10", "8S 8H", insurance=D("5")), "AC TD",
     [("lose", "-10.00")], "10.00", "0.00"),
    ("BJ-E even money paid 1:1 at once", box("10", "AS KH", even_money=True), "AC", [("blackjack", "10.00")],
     "0.00", "10.00"),
    ("BJ-E even money stands though the dealer makes blackjack", box("10", "AS KH", even_money=True), "AC KD",
     [("blackjack", "10.00")], "0.00", "10.00"),
    ("BJ-R1 surrender collects half", box("10", "TS 6H", surrendered=True), "9C 8D", [("surrender", "-5.00")],
     "0.00", "-5.00"),
    ("BJ-R1 surrender is final though the dealer makes blackjack", box("10", "TS 6H", surrendered=True), "TC AD",
     [("surrender", "-5.00")], "0.00", "-5.00"),
    ("BJ-R1 BJ-P10 half of an odd bet: half rounded down returned, the rest collected",
     box("10.05", "TS 6H", surrendered=True), "9C 8D", [("surrender", "-5.03")], "0.00", "-5.03"),
]


@pytest.mark.parametrize(("rule", "the_box", "dealer", "hands", "insurance_win", "net"), SETTLE,
                         ids=[row[0] for row in SETTLE])
def test_settlement(rule, the_box, dealer, hands, insurance_win, net):
    settled = settle_box(the_box, parse_hand(dealer), RULES)
    assert [(str(h.result), f"{h.win:.2f}") for h in settled.hands] == hands
    assert f"{settled.insurance_win:.2f}" == insurance_win
    assert f"{settled.net:.2f}" == net
    assert rule.split()[0] in settled.rule_ids
    assert all(rule_id in " ".join(settled.notes) for rule_id in settled.rule_ids)


# --- impossible settlements: (rule, box, dealer, field) ---
BAD_SETTLE = [
    ("BJ-S2 a fifth hand", box("10", "8S 2H", "8D 3C", "8C 4H", "8H 5S", "8S 6D"), "TC 7D", "hands"),
    ("BJ-S1 split hands start with the pair's value", box("10", "8S 2H", "9D 3C"), "TC 7D", "hands.1.cards"),
    ("BJ-S3 aces split once", box("10", "AS 2H", "AD 3C", "AC 4H"), "TC 7D", "hands"),
    ("BJ-S3 split aces one card each", box("10", "AS 2H 5C", "AD 3C"), "TC 7D", "hands.0.cards"),
    ("BJ-D1 a double takes exactly one card", box("10", ("6S 5H 2C 3D", True)), "TC 7D", "hands.0.doubled"),
    ("BJ-D1 a blackjack is not doubled", box("10", ("AS KH 2C", True)), "TC 7D", "hands.0.cards"),
    ("BJ-D2 no double on split aces", box("10", ("AS 5H", True), "AD 3C"), "TC 7D", "hands.0.doubled"),
    ("BJ-7 no draw at 21", box("10", "TS 5H 6C 2D"), "TC 7D", "hands.0.cards"),
    ("BJ-3 no draw after a bust", box("10", "TS 5H 9C 2D"), "TC 7D", "hands.0.cards"),
    ("BJ-I1 insurance over half the bet", box("10", "TS 9H", insurance=D("5.01")), "AC 7D", "insurance"),
    ("BJ-I1 insurance only against an ace", box("10", "TS 9H", insurance=D("5")), "KC 7D", "insurance"),
    ("BJ-E a blackjack takes even money, not insurance", box("10", "AS KH", insurance=D("5")), "AC 7D", "insurance"),
    ("BJ-E even money only for a blackjack", box("10", "TS 9H", even_money=True), "AC 7D", "even_money"),
    ("BJ-E even money only against an ace", box("10", "AS KH", even_money=True), "9C 7D", "even_money"),
    ("BJ-E even money only unsplit", box("10", "AS KH", "AD 3C", even_money=True), "AC 7D", "even_money"),
    ("BJ-R1 surrender only unsplit", box("10", "8S TH", "8D 7C", surrendered=True), "9C 8D", "surrendered"),
    ("BJ-R1 surrender only on two cards", box("10", "2S 3H 4C", surrendered=True), "9C 8D", "surrendered"),
    ("BJ-R3 no surrender against an ace", box("10", "TS 6H", surrendered=True), "AC 8D", "surrendered"),
    ("BJ-R3 no surrender on a blackjack", box("10", "AS KH", surrendered=True), "9C 8D", "surrendered"),
    ("BJ-8 the dealer never stands below 17", box("10", "TS 8H"), "TC 6D", "dealer"),
    ("BJ-8 the dealer never draws past 17", box("10", "TS 8H"), "TC 7D 2S", "dealer"),
    ("BJ-8 the dealer stands on soft 17", box("10", "TS 8H"), "AC 6D 2S", "dealer"),
    ("BJ-6 a box in play needs the dealer's finished hand", box("10", "TS 8H"), "TC", "dealer"),
    ("BJ-I2 insurance needs the dealer's second card", box("10", "TS 6H 9C", insurance=D("5")), "AC", "dealer"),
    ("BJ-O busted double against a ten needs the second card", box("10", ("TS 2H TC", True)), "TC", "dealer"),
    ("BJ-1 more copies than six decks", box("10", "AS AS AS AS", "AS AS AS"), "TC 7D", "hands.1.cards"),
    ("BJ-5 a bet is more than zero", box("0", "TS 8H"), "TC 7D", "bet"),
    ("JS-7 no switch in blackjack", box("10", "TS 8H", switched=True), "TC 7D", "switched"),
]


@pytest.mark.parametrize(("rule", "the_box", "dealer", "field"), BAD_SETTLE, ids=[row[0] for row in BAD_SETTLE])
def test_impossible_settlements_name_the_field(rule, the_box, dealer, field):
    with pytest.raises((SituationError, ImpossibleShoeError, StakeError)) as raised:
        settle_box(the_box, parse_hand(dealer), RULES)
    assert raised.value.field == field


# The dealer's one-card hand: accepted when nothing at the box depends on the dealer any more.
SHORT_DEALER = [
    ("BJ-3 every hand bust", box("10", "TS 6H 9C"), "9C", [("lose", "-10.00")]),
    ("BJ-3 split hands all bust against a small card", box("10", "8S 6H 9C", "8D 7C TH"), "6C",
     [("lose", "-10.00"), ("lose", "-10.00")]),
    ("BJ-R1 surrendered", box("10", "TS 6H", surrendered=True), "9C", [("surrender", "-5.00")]),
    ("BJ-E even money", box("10", "AS KH", even_money=True), "AC", [("blackjack", "10.00")]),
    ("BJ-10 a blackjack paid at once", box("10", "AS KH"), "6C", [("blackjack", "15.00")]),
    ("BJ-8 the dealer may stop short of 17 when all boxes are bust", box("10", ("TS 2H TC", True)), "TC 5D",
     [("lose", "-20.00")]),
]


@pytest.mark.parametrize(("rule", "the_box", "dealer", "hands"), SHORT_DEALER, ids=[row[0] for row in SHORT_DEALER])
def test_a_short_dealer_hand_when_nothing_depends_on_it(rule, the_box, dealer, hands):
    settled = settle_box(the_box, parse_hand(dealer), RULES)
    assert [(str(h.result), f"{h.win:.2f}") for h in settled.hands] == hands


# --- BJ-10 timing and payouts ---
@pytest.mark.parametrize(
    ("upcard", "timing"),
    [("6H", BlackjackTiming.NOW), ("2C", BlackjackTiming.NOW), ("9D", BlackjackTiming.NOW),
     ("AS", BlackjackTiming.WAITS), ("TS", BlackjackTiming.WAITS), ("KD", BlackjackTiming.WAITS)],
    ids=lambda value: f"BJ-10 {value}" if isinstance(value, str) else str(value),
)
def test_bj_10_blackjack_paid_at_once_or_waits(upcard, timing):
    ruled = blackjack_timing(card(upcard), RULES)
    assert ruled.value is timing
    assert ruled.rule_ids[0] == "BJ-10"


PAYOUTS = [
    ("BJ-5 blackjack 3:2", PayoutKind.BLACKJACK, "35", "52.50", "0.00"),
    ("BJ-5 blackjack 3:2 on 25", PayoutKind.BLACKJACK, "25", "37.50", "0.00"),
    ("BJ-5 a win pays 1:1", PayoutKind.WIN, "35", "35.00", "0.00"),
    ("BJ-I2 insurance pays 2:1", PayoutKind.INSURANCE, "5", "10.00", "0.00"),
    ("BJ-E even money pays 1:1", PayoutKind.EVEN_MONEY, "35", "35.00", "0.00"),
    ("BJ-R1 surrender collects half", PayoutKind.SURRENDER, "35", "0.00", "17.50"),
]


@pytest.mark.parametrize(("rule", "kind", "bet", "pays", "collects"), PAYOUTS, ids=[row[0] for row in PAYOUTS])
def test_payouts(rule, kind, bet, pays, collects):
    ruled = dealer_payout(kind, D(bet), RULES)
    assert (f"{ruled.value.pays:.2f}", f"{ruled.value.collects:.2f}") == (pays, collects)
    assert rule.split()[0] in ruled.rule_ids


def test_bj_5_blackjack_pays_is_a_house_value():
    rules = BlackjackRules.from_mapping({"blackjack_pays": "6:5"})
    assert dealer_payout(PayoutKind.BLACKJACK, D("10"), rules).value.pays == D("12.00")
    settled = settle_box(box("10", "AS KH"), parse_hand("9C 8D"), rules)
    assert settled.net == D("12.00")
