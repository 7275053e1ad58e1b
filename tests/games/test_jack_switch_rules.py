"""Worked examples from the Jack Switch seed (004) for every JS- rule ID, table-driven; the
test ids name the rule IDs. Jack Switch runs on the blackjack engine with its rule set."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from games.blackjack.dealer import DealerAction, dealer_action, dealer_result, verify_dealer_hand
from games.blackjack.errors import ImpossibleShoeError, SituationError
from games.blackjack.hand import evaluate_hand, hand_value, parse_hand
from games.blackjack.options import OptionsSituation, legal_options, verify_options_situation
from games.blackjack.rules import BlackjackRules, TwentyOneRules
from games.blackjack.settle import Box, PayoutKind, PlayerHand, dealer_payout, settle_box
from games.errors import BetError, RuleSetError
from games.jack_switch.bonus import bonus_bet_decision, pair_bonus, super_match, table_bonus_limit
from games.jack_switch.rules import JackSwitchRules
from games.jack_switch.switch import deal_switch, switch_boxes

RULES = JackSwitchRules()
D = Decimal


def box(bet: str, *hands: str | tuple[str, bool], **kwargs: object) -> Box:
    played = []
    for hand in hands:
        cards, doubled = (hand, False) if isinstance(hand, str) else hand
        played.append(PlayerHand(parse_hand(cards), doubled))
    return Box(bet=D(bet), hands=tuple(played), **kwargs)  # type: ignore[arg-type]


def test_jack_switch_is_built_on_the_blackjack_rule_set():
    assert isinstance(RULES, TwentyOneRules)
    assert not isinstance(RULES, BlackjackRules)
    assert RULES.GAME == "jack-switch"


def test_js_1_six_decks():
    assert RULES.shoe.size == 312
    with pytest.raises(ImpossibleShoeError) as raised:
        settle_box(box("10", "AS AS AS AS AS AS AS"), parse_hand("TC 7D"), RULES)
    assert raised.value.field == "hands.0.cards"


@pytest.mark.parametrize(
    ("cards", "total", "soft"),
    [("AS 6H", 17, True), ("KS QH", 20, False), ("AS 6H 9C", 16, False), ("JD 5C", 15, False)],
    ids=["JS-2 ace 11", "JS-2 pictures ten", "JS-2 ace 1", "JS-2 jack ten"],
)
def test_js_2_values_as_blackjack(cards, total, soft):
    value = hand_value(parse_hand(cards))
    assert (value.total, value.soft) == (total, soft)
    assert "JS-2" in evaluate_hand(parse_hand(cards), RULES).rule_ids


def test_js_3_blackjack_pays_one_to_one():
    assert dealer_payout(PayoutKind.BLACKJACK, D("35"), RULES).value.pays == D("35.00")
    assert "JS-3" in dealer_payout(PayoutKind.BLACKJACK, D("35"), RULES).rule_ids
    settled = settle_box(box("10", "AS KH"), parse_hand("9C 8D"), RULES)
    assert (settled.hands[0].result, settled.net) == ("blackjack", D("10.00"))
    assert JackSwitchRules.from_mapping({"blackjack_pays": "3:2"}).blackjack_pays.fraction == D("1.5")


# --- JS-4: (rule, box, dealer, [(result, win)], net) ---
DEALER_22 = [
    ("JS-4 dealer 22 pushes a standing hand", box("10", "TS 7H"), "TC 2D QD", [("push", "0.00")], "0.00"),
    ("JS-4 dealer 22 pushes a 21", box("10", "TS 5H 6C"), "TC 2D QD", [("push", "0.00")], "0.00"),
    ("JS-4 dealer 22 pushes a doubled hand", box("10", ("6S 5H 8C", True)), "TC 2D QD", [("push", "0.00")], "0.00"),
    ("JS-4 a blackjack wins against 22", box("10", "AS KH"), "TC 2D QD", [("blackjack", "10.00")], "10.00"),
    ("JS-4 a busted player still loses against 22", box("10", "TS 6H 9C"), "TC 2D QD", [("lose", "-10.00")],
     "-10.00"),
    ("JS-4 dealer 23 is bust", box("10", "TS 7H"), "TC 3D QD", [("win", "10.00")], "10.00"),
    ("JS-4 split hands each push on 22", box("10", "8S TH", "8D 5C"), "TC 2D QD",
     [("push", "0.00"), ("push", "0.00")], "0.00"),
]


@pytest.mark.parametrize(("rule", "the_box", "dealer", "hands", "net"), DEALER_22, ids=[row[0] for row in DEALER_22])
def test_js_4_dealer_22_pushes(rule, the_box, dealer, hands, net):
    settled = settle_box(the_box, parse_hand(dealer), RULES)
    assert [(str(h.result), f"{h.win:.2f}") for h in settled.hands] == hands
    assert f"{settled.net:.2f}" == net
    assert rule.split()[0] in settled.rule_ids


def test_js_4_a_22_is_a_push_total_only_in_jack_switch():
    assert dealer_result(parse_hand("TC 2D QD"), RULES).push_total
    assert not dealer_result(parse_hand("TC 2D QD"), BlackjackRules()).push_total
    assert settle_box(box("10", "TS 7H"), parse_hand("TC 2D QD"), BlackjackRules()).net == D("10.00")


DEALER = [
    ("JS-5 the dealer hits soft 17", "AS 6H", DealerAction.HIT),
    ("JS-5 the dealer hits a multi-card soft 17", "AS 2H 4C", DealerAction.HIT),
    ("JS-5 the dealer stands on soft 18", "AS 7H", DealerAction.STAND),
    ("JS-5 the dealer stands on hard 17", "TS 7H", DealerAction.STAND),
    ("JS-5 the dealer draws below 17", "TS 6H", DealerAction.HIT),
]


@pytest.mark.parametrize(("rule", "cards", "action"), DEALER, ids=[row[0] for row in DEALER])
def test_js_5_dealer_play(rule, cards, action):
    ruled = dealer_action(parse_hand(cards), RULES)
    assert ruled.value is action
    assert "JS-5" in ruled.rule_ids


def test_js_5_a_dealer_who_stood_on_soft_17_is_impossible():
    with pytest.raises(SituationError, match="soft 17"):
        verify_dealer_hand(parse_hand("AS 6H"), RULES)
    verify_dealer_hand(parse_hand("AS 6H 4C"), RULES)


OPTIONS = [
    ("JS-6 hit while under 21", "TS 6C", "9D", {}, ["stand", "hit", "double", "surrender"]),
    ("JS-6 a soft 21 may still draw", "AS 5C 5D", "9D", {"third_card_dealt": True}, ["stand", "hit"]),
    ("JS-6 no draw on a hard 21", "TS 5C 6D", "9D", {"third_card_dealt": True}, ["stand"]),
    ("JS-6 no draw on a blackjack", "AS KC", "9D", {}, ["stand"]),
    ("JS-8 a switched ace and ten is a soft 21 that may draw", "AS KC", "9D", {"switched": True},
     ["stand", "hit", "double", "surrender"]),
    ("JS-9 split as in blackjack", "8S 8C", "9D", {}, ["stand", "hit", "double", "split", "surrender"]),
    ("JS-9 insurance as in blackjack", "TS 9C", "AD", {}, ["stand", "hit", "double", "insurance"]),
    ("JS-9 even money as in blackjack", "AS KC", "AD", {}, ["stand", "even-money"]),
    ("JS-9 no insurance after a switch", "TS 9C", "AD", {"switched": True}, ["stand", "hit", "double"]),
]


@pytest.mark.parametrize(("rule", "hand", "dealer", "kwargs", "expected"), OPTIONS, ids=[row[0] for row in OPTIONS])
def test_options_under_jack_switch(rule, hand, dealer, kwargs, expected):
    situation = OptionsSituation(hand=parse_hand(hand), dealer=parse_hand(dealer)[0], **kwargs)
    verify_options_situation(situation, RULES)
    report = legal_options(situation, RULES)
    assert [str(action) for action in report.allowed] == expected
    assert rule.split()[0] in report.rule_ids


def test_js_6_a_soft_21_that_drew_is_a_possible_hand():
    settled = settle_box(box("10", "AS 5C 5D 9H"), parse_hand("TC 8D"), RULES)  # soft 21 drew: 20
    assert settled.hands[0].total == 20
    assert settled.net == D("10.00")
    with pytest.raises(SituationError):
        settle_box(box("10", "AS 5C 5D 9H"), parse_hand("TC 8D"), BlackjackRules())


SWITCHES = [
    ("JS-7 the second cards are exchanged", "AS 5H", "9C KD", ["AS", "KD"], ["9C", "5H"], (21, 14)),
    ("JS-7 a blackjack may be switched away", "AS KH", "9C 2D", ["AS", "2D"], ["9C", "KH"], (13, 19)),
    ("JS-8 no switched hand is a blackjack", "TS 5H", "AC QD", ["TS", "QD"], ["AC", "5H"], (20, 16)),
]


@pytest.mark.parametrize(("rule", "box1", "box2", "new1", "new2", "totals"), SWITCHES,
                         ids=[row[0] for row in SWITCHES])
def test_js_7_switch(rule, box1, box2, new1, new2, totals):
    result = switch_boxes(parse_hand(box1), parse_hand(box2), RULES)
    assert [str(c) for c in result.box1] == new1
    assert [str(c) for c in result.box2] == new2
    assert result.totals == totals
    assert result.blackjack == (False, False)
    assert rule.split()[0] in result.rule_ids


def test_js_8_switched_ace_ten_is_21_paid_one_to_one_and_loses_to_a_dealer_blackjack():
    win = settle_box(box("10", "AS KD", switched=True), parse_hand("TC 9D"), RULES)
    assert (win.hands[0].result, win.net) == ("win", D("10.00"))
    assert "JS-8" in win.rule_ids
    lose = settle_box(box("10", "AS KD", switched=True), parse_hand("TC AD"), RULES)
    assert (lose.hands[0].result, lose.net) == ("lose", D("-10.00"))
    with pytest.raises(SituationError) as raised:
        settle_box(box("10", "AS KD", switched=True, even_money=True), parse_hand("AC"), RULES)
    assert raised.value.field == "even_money"


def test_js_9_original_bet_only_against_a_dealer_blackjack():
    settled = settle_box(box("10", ("8S 3H TC", True), "8D 9C 7H"), parse_hand("AC KD"), RULES)
    assert [h.win for h in settled.hands] == [D("-10.00"), D("0.00")]
    assert settled.rule_ids[0] == "BJ-O"
    assert "JS-9" in settled.rule_ids


def test_js_9_surrender_as_in_blackjack():
    settled = settle_box(box("10", "TS 6H", surrendered=True), parse_hand("9C 8D"), RULES)
    assert settled.net == D("-5.00")
    assert settled.rule_ids == ("BJ-R1", "JS-9")


SUPER_MATCH = [
    ("JS-SM no pair", "7S 8H KD 2C", "none", "0.00"),
    ("JS-SM one pair 1:1", "7S 7H KD 2C", "one-pair", "10.00"),
    ("JS-SM ten-values of different ranks are no pair", "KS QH JD TC", "none", "0.00"),
    ("JS-SM three of a kind 5:1", "7S 7H 7D 2C", "three-of-a-kind", "50.00"),
    ("JS-SM two pairs 8:1", "7S 7H KD KC", "two-pairs", "80.00"),
    ("JS-SM four of a kind 40:1", "7S 7H 7D 7C", "four-of-a-kind", "400.00"),
    ("JS-SM four of a kind of one suit", "7S 7S 7S 7S", "four-of-a-kind", "400.00"),
]


@pytest.mark.parametrize(("rule", "cards", "combination", "pays"), SUPER_MATCH, ids=[row[0] for row in SUPER_MATCH])
def test_js_sm_super_match(rule, cards, combination, pays):
    ruled = super_match(parse_hand(cards), D("10"), RULES)
    assert (ruled.value.combination, f"{ruled.value.pays:.2f}") == (combination, pays)
    assert ruled.rule_ids == ("JS-SM",)


def test_js_sm_pay_table_is_a_house_value():
    rules = JackSwitchRules.from_mapping({"super_match": {"one-pair": "1:1", "four-of-a-kind": "100:1"}})
    assert super_match(parse_hand("7S 7H 7D 7C"), D("10"), rules).value.pays == D("1000.00")
    assert super_match(parse_hand("7S 7H 7D 2C"), D("10"), rules).value.pays == D("0.00")
    with pytest.raises(RuleSetError, match="super_match"):
        JackSwitchRules.from_mapping({"super_match": {"royal": "1:1"}})


PAIR_BONUS = [
    ("JS-PB no pair", "7S 8S", "none", "0.00"),
    ("JS-PB different colours 5:1", "7S 7H", "different-colour-pair", "50.00"),
    ("JS-PB same colour 10:1", "7S 7C", "same-colour-pair", "100.00"),
    ("JS-PB same colour red 10:1", "QH QD", "same-colour-pair", "100.00"),
    ("JS-PB same suit 30:1", "QH QH", "same-suit-pair", "300.00"),
    ("JS-PB ten-values of different ranks are no pair", "KH QH", "none", "0.00"),
]


@pytest.mark.parametrize(("rule", "cards", "combination", "pays"), PAIR_BONUS, ids=[row[0] for row in PAIR_BONUS])
def test_js_pb_pair_bonus(rule, cards, combination, pays):
    ruled = pair_bonus(parse_hand(cards), D("10"), RULES)
    assert (ruled.value.combination, f"{ruled.value.pays:.2f}") == (combination, pays)
    assert ruled.rule_ids == ("JS-PB",)


BONUS_BETS = [
    ("JS-L 10-200 accepts 1", "10-200", "10", "1", True, "1.00", "200.00"),
    ("JS-L 10-200 accepts 200", "10-200", "10", "200", True, "1.00", "200.00"),
    ("JS-L 10-200 refuses 201", "10-200", "10", "201", False, "1.00", "200.00"),
    ("JS-L the bonus may exceed the main bet", "25-500", "25", "500", True, "1.00", "500.00"),
    ("JS-L 25-500 refuses 600", "25-500", "25", "600", False, "1.00", "500.00"),
    ("JS-L 50-1000 accepts 1000", "50-1000", "50", "1000", True, "1.00", "1000.00"),
    ("JS-L below the bonus minimum", "50-1000", "50", "0.50", False, "1.00", "1000.00"),
    ("JS-L needs a main bet", "25-500", "0", "10", False, "1.00", "500.00"),
    ("JS-L needs a main bet within the table limits", "25-500", "10", "10", False, "1.00", "500.00"),
]


@pytest.mark.parametrize(("rule", "limits", "main_bet", "bonus", "accepted", "low", "high"), BONUS_BETS,
                         ids=[row[0] for row in BONUS_BETS])
def test_js_l_bonus_bets(rule, limits, main_bet, bonus, accepted, low, high):
    ruled = bonus_bet_decision(limits, D(main_bet), D(bonus), RULES)
    decision = ruled.value
    assert decision.accepted is accepted
    assert (f"{decision.limit.bonus_min:.2f}", f"{decision.limit.bonus_max:.2f}") == (low, high)
    assert ruled.rule_ids == ("JS-L",)
    assert decision.reasons
    assert {reason.rule for reason in decision.reasons} == {"JS-L"}


@pytest.mark.parametrize("limits", ["500-25", "25", "25-500-1000", "abc-def", "30-600", "-5-10", 25, "25--500"],
                         ids=lambda v: f"JS-L bad limits {v!r}")
def test_js_l_malformed_or_unknown_table_limits_are_refused(limits):
    with pytest.raises(BetError):
        table_bonus_limit(limits, RULES)


@pytest.mark.parametrize(
    "setting",
    ["10-200: 200-1", "200-10: 1-200", "10-200", "10-200: 1-200, 10-200: 1-100", "ten-200: 1-200"],
    ids=["JS-L bonus limits out of order", "JS-L table limits out of order", "JS-L no bonus limits",
         "JS-L table listed twice", "JS-L not a number"],
)
def test_js_l_limits_are_validated_house_values(setting):
    with pytest.raises(RuleSetError, match="bonus_limits"):
        JackSwitchRules.from_mapping({"bonus_limits": setting})


def test_js_l_a_house_may_set_its_own_limits():
    rules = JackSwitchRules.from_mapping({"bonus_limits": "5-100: 2-50"})
    assert bonus_bet_decision("5-100", D("5"), D("50"), rules).value.accepted
    assert not bonus_bet_decision("5-100", D("5"), D("51"), rules).value.accepted


def test_seeded_switch_deal_is_reproducible():
    a = deal_switch(random.Random(9), RULES)
    assert a == deal_switch(random.Random(9), RULES)
    assert len({a.box1, a.box2}) == 2
    assert len(a.shoe) == 307
