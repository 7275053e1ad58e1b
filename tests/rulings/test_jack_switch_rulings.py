"""The jack-switch questions through ``answer()``: the blackjack questions under Jack
Switch's rules, and the Switch, side bets, bonus limits and odds. Valid and invalid input,
table-driven."""

from __future__ import annotations

import json

import pytest

from drills.rulings import blackjack as blackjack_door
from drills.rulings import jack_switch as jack_switch_door
from drills.rulings.base import RulingInputError, answer, decode_body, find_handler, questions
from games.blackjack.rules import BlackjackRules
from games.jack_switch.rules import JackSwitchRules

GAME = "jack-switch"
RULES = JackSwitchRules()


def ask(question: str, body: str | dict, rules=RULES) -> dict:
    data = decode_body(body) if isinstance(body, str) else body
    ruling = answer(GAME, question, data, rules).to_json()
    json.dumps(ruling)
    assert ruling["rules"]
    assert ruling["explanation"].strip()
    return ruling


def test_every_jack_switch_question_is_registered():
    assert questions()[GAME] == sorted([
        "hand", "dealer-action", "options", "settle", "payout", "dealer-odds", "procedure",
        "switch", "super-match", "pair-bonus", "bonus-bet", "super-match-odds", "pair-bonus-odds",
    ])


@pytest.mark.parametrize("name", sorted(blackjack_door.SHARED_QUESTIONS))
def test_the_blackjack_questions_are_the_same_handlers(name):
    assert find_handler(GAME, name) is find_handler("blackjack", name) is blackjack_door.SHARED_QUESTIONS[name]
    assert jack_switch_door.GAME == GAME


VALID = [
    ("hand JS-8 switched ace and ten", "hand", {"cards": ["AS", "KH"], "switched": True},
     {"total": 21, "soft": True, "blackjack": False, "bust": False}, "JS-8"),
    ("hand JS-2 blackjack as dealt", "hand", {"cards": ["AS", "KH"]},
     {"total": 21, "soft": True, "blackjack": True, "bust": False}, "BJ-4"),
    ("hand JS-6 a soft 21 drew", "hand", {"cards": ["AS", "5C", "5D", "9H"]},
     {"total": 20, "soft": False, "blackjack": False, "bust": False}, "JS-2"),
    ("dealer-action JS-5 hits soft 17", "dealer-action", {"cards": ["AS", "6H"]}, {"action": "hit"}, "JS-5"),
    ("dealer-action JS-5 stands on soft 18", "dealer-action", {"cards": ["AS", "6H", "AD"]}, {"action": "stand"},
     "JS-5"),
    ("options JS-6 soft 21 may draw", "options", {"hand": ["AS", "5C", "5D"], "dealer": ["9D"],
                                                  "third_card_dealt": True}, {"actions": ["stand", "hit"]}, "JS-6"),
    ("options JS-8 switched 21", "options", {"hand": ["AS", "KC"], "dealer": ["9D"], "switched": True},
     {"actions": ["stand", "hit", "double", "surrender"]}, "JS-6"),
    ("settle JS-4 dealer 22 pushes", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "7H"]}], "dealer": ["TC", "2D", "QD"]},
     {"hands": [{"result": "push", "win": "0.00"}], "insurance_win": "0.00", "net": "0.00"}, "JS-4"),
    ("settle JS-4 blackjack wins against 22", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["TC", "2D", "QD"]},
     {"hands": [{"result": "blackjack", "win": "10.00"}], "insurance_win": "0.00", "net": "10.00"}, "JS-4"),
    ("settle JS-4 bust loses against 22", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "6H", "9D"]}], "dealer": ["TC", "2D", "QD"]},
     {"hands": [{"result": "lose", "win": "-10.00"}], "insurance_win": "0.00", "net": "-10.00"}, "BJ-3"),
    ("settle JS-4 dealer 23 busts", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "7H"]}], "dealer": ["TC", "3D", "QD"]},
     {"hands": [{"result": "win", "win": "10.00"}], "insurance_win": "0.00", "net": "10.00"}, "BJ-9"),
    ("settle JS-8 switched 21 loses to a dealer blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["TC", "AD"], "switched": True},
     {"hands": [{"result": "lose", "win": "-10.00"}], "insurance_win": "0.00", "net": "-10.00"}, "BJ-O"),
    ("settle JS-3 blackjack 1:1", "settle",
     {"bet": "35", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["9C", "8D"]},
     {"hands": [{"result": "blackjack", "win": "35.00"}], "insurance_win": "0.00", "net": "35.00"}, "JS-3"),
    ("settle JS-9 double returned on a dealer blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["6S", "5H", "TC"], "doubled": True}], "dealer": ["AC", "KD"]},
     {"hands": [{"result": "lose", "win": "-10.00"}], "insurance_win": "0.00", "net": "-10.00"}, "BJ-O"),
    ("payout JS-3 blackjack 1:1", "payout", {"bet": "35", "kind": "blackjack"}, {"pays": "35.00", "collects": "0.00"},
     "JS-3"),
    ("switch JS-7", "switch", {"box1": ["AS", "5H"], "box2": ["9C", "KD"]},
     {"box1": ["AS", "KD"], "box2": ["9C", "5H"], "totals": [21, 14], "blackjack": [False, False]}, "JS-7"),
    ("switch JS-7 a blackjack switched away", "switch", {"box1": ["as", "kh"], "box2": ["9c", "2d"]},
     {"box1": ["AS", "2D"], "box2": ["9C", "KH"], "totals": [13, 19], "blackjack": [False, False]}, "JS-7"),
    ("super-match JS-SM two pairs", "super-match", {"cards": ["7S", "7H", "KD", "KC"], "bet": "10"},
     {"combination": "two-pairs", "pays": "80.00"}, "JS-SM"),
    ("super-match JS-SM four of a kind", "super-match", {"cards": ["7S", "7H", "7D", "7C"], "bet": 10},
     {"combination": "four-of-a-kind", "pays": "400.00"}, "JS-SM"),
    ("super-match JS-SM three of a kind", "super-match", {"cards": ["7S", "7H", "7D", "2C"], "bet": "10"},
     {"combination": "three-of-a-kind", "pays": "50.00"}, "JS-SM"),
    ("super-match JS-SM one pair", "super-match", {"cards": ["7S", "7H", "8D", "2C"], "bet": "10"},
     {"combination": "one-pair", "pays": "10.00"}, "JS-SM"),
    ("super-match JS-SM none", "super-match", {"cards": ["KS", "QH", "8D", "2C"], "bet": "10"},
     {"combination": "none", "pays": "0.00"}, "JS-SM"),
    ("pair-bonus JS-PB same suit", "pair-bonus", {"cards": ["QH", "QH"], "bet": "10"},
     {"combination": "same-suit-pair", "pays": "300.00"}, "JS-PB"),
    ("pair-bonus JS-PB same colour", "pair-bonus", {"cards": ["QH", "QD"], "bet": "10"},
     {"combination": "same-colour-pair", "pays": "100.00"}, "JS-PB"),
    ("pair-bonus JS-PB different colours", "pair-bonus", {"cards": ["QH", "QS"], "bet": "10"},
     {"combination": "different-colour-pair", "pays": "50.00"}, "JS-PB"),
    ("pair-bonus JS-PB none", "pair-bonus", {"cards": ["QH", "KH"], "bet": "10"},
     {"combination": "none", "pays": "0.00"}, "JS-PB"),
    ("bonus-bet JS-L above the limit", "bonus-bet", {"table_limits": "25-500", "main_bet": "25", "bonus": "600"},
     {"accepted": False, "min": "1.00", "max": "500.00"}, "JS-L"),
    ("bonus-bet JS-L larger than the main bet", "bonus-bet",
     {"table_limits": "10-200", "main_bet": "10", "bonus": "200"}, {"accepted": True, "min": "1.00", "max": "200.00"},
     "JS-L"),
    ("bonus-bet JS-L 50-1000", "bonus-bet", {"table_limits": "50-1000", "main_bet": 50, "bonus": 1000},
     {"accepted": True, "min": "1.00", "max": "1000.00"}, "JS-L"),
    ("bonus-bet JS-L no main bet", "bonus-bet", {"table_limits": "25-500", "main_bet": "0", "bonus": "5"},
     {"accepted": False, "min": "1.00", "max": "500.00"}, "JS-L"),
    ("bonus-bet JS-L below the minimum", "bonus-bet", {"table_limits": "25-500", "main_bet": "25", "bonus": "0.50"},
     {"accepted": False, "min": "1.00", "max": "500.00"}, "JS-L"),
]


@pytest.mark.parametrize(("case", "question", "body", "expected", "first_rule"), VALID, ids=[row[0] for row in VALID])
def test_valid_questions(case, question, body, expected, first_rule):
    ruling = ask(question, body)
    assert ruling["answer"] == expected
    assert ruling["rules"][0] == first_rule


def test_js_9_is_cited_where_blackjack_procedures_apply():
    ruling = ask("settle", {"bet": "10", "hands": [{"cards": ["6S", "5H", "TC"], "doubled": True}],
                            "dealer": ["AC", "KD"]})
    assert "JS-9" in ruling["rules"]
    assert "BJ-O" in ruling["rules"]


INVALID = [
    ("hand bad token", "hand", {"cards": ["AS", "KX"]}, "cards.1"),
    ("hand switched not a boolean", "hand", {"cards": ["AS", "KH"], "switched": "yes"}, "switched"),
    ("hand hard 21 drew", "hand", {"cards": ["TS", "5H", "6C", "2D"]}, "cards"),
    ("dealer-action JS-5 drew past a hard 17", "dealer-action", {"cards": ["AS", "6H", "TC", "5D"]}, "cards"),
    ("settle dealer stood on soft 17", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}],
                                                  "dealer": ["AS", "6H"]}, "dealer"),
    ("settle even money on a switched hand", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["AC", "8D", "9C"], "even_money": True,
      "switched": True}, "even_money"),
    ("settle fifth hand", "settle",
     {"bet": "10", "hands": [{"cards": ["8S", "TH"]}] * 5, "dealer": ["TC", "8D"]}, "hands"),
    ("switch three cards", "switch", {"box1": ["AS", "5H", "2C"], "box2": ["9C", "KD"]}, "box1"),
    ("switch missing box2", "switch", {"box1": ["AS", "5H"]}, "box2"),
    ("super-match three cards", "super-match", {"cards": ["7S", "7H", "KD"], "bet": "10"}, "cards"),
    ("super-match negative bet", "super-match", {"cards": ["7S", "7H", "KD", "KC"], "bet": "-10"}, "bet"),
    ("super-match three decimals", "super-match", {"cards": ["7S", "7H", "KD", "KC"], "bet": "1.001"}, "bet"),
    ("super-match zero bet", "super-match", {"cards": ["7S", "7H", "KD", "KC"], "bet": "0"}, "bet"),
    ("super-match joker", "super-match", {"cards": ["7S", "7H", "KD", "JK"], "bet": "10"}, "cards.3"),
    ("pair-bonus three cards", "pair-bonus", {"cards": ["QH", "QH", "QH"], "bet": "10"}, "cards"),
    ("pair-bonus missing bet", "pair-bonus", {"cards": ["QH", "QH"]}, "bet"),
    ("bonus-bet malformed limits", "bonus-bet", {"table_limits": "25/500", "main_bet": "25", "bonus": "5"},
     "table_limits"),
    ("bonus-bet limits out of order", "bonus-bet", {"table_limits": "500-25", "main_bet": "25", "bonus": "5"},
     "table_limits"),
    ("bonus-bet unknown table", "bonus-bet", {"table_limits": "30-600", "main_bet": "30", "bonus": "5"},
     "table_limits"),
    ("bonus-bet limits not a string", "bonus-bet", {"table_limits": 25, "main_bet": "25", "bonus": "5"},
     "table_limits"),
    ("bonus-bet missing limits", "bonus-bet", {"main_bet": "25", "bonus": "5"}, "table_limits"),
    ("bonus-bet negative bonus", "bonus-bet", {"table_limits": "25-500", "main_bet": "25", "bonus": "-5"}, "bonus"),
    ("bonus-bet main bet three decimals", "bonus-bet",
     {"table_limits": "25-500", "main_bet": "25.001", "bonus": "5"}, "main_bet"),
]


@pytest.mark.parametrize(("case", "question", "body", "field"), INVALID, ids=[row[0] for row in INVALID])
def test_invalid_input_names_the_field(case, question, body, field):
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, question, body, RULES)
    assert list(raised.value.errors) == [field]


def test_an_impossible_card_set_cannot_be_switched():
    assert ask("switch", {"box1": ["AS", "AS"], "box2": ["AS", "AS"]})["answer"]["totals"] == [12, 12]  # 6 decks
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, "switch", {"box1": ["AS", "AS"], "box2": ["AS", "KD"]}, JackSwitchRules(decks=1))
    assert list(raised.value.errors) == ["box1"]
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, "switch", {"box1": ["AS", "KD"], "box2": ["AS", "5C"]}, JackSwitchRules(decks=1))
    assert list(raised.value.errors) == ["box2"]


def test_blackjack_rules_are_refused_by_jack_switch_only_questions():
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, "switch", {"box1": ["AS", "5H"], "box2": ["9C", "KD"]}, BlackjackRules())
    assert list(raised.value.errors) == ["rules"]


@pytest.mark.parametrize("question", ["super-match-odds", "pair-bonus-odds"])
def test_side_bet_odds_shape_sum_and_speed(question):
    ruling = ask(question, {})
    outcomes = ruling["answer"]["outcomes"]
    assert abs(sum(outcomes.values()) - 1) < 1e-12
    assert set(ruling["answer"]) == {"outcomes", "expected_return"}
    assert ruling["answer"]["expected_return"] < 0
    assert ruling["rules"][0] in ("JS-SM", "JS-PB")


def test_super_match_odds_expected_return_value():
    assert round(ask("super-match-odds", {})["answer"]["expected_return"], 6) == -0.025485
    assert round(ask("pair-bonus-odds", {})["answer"]["expected_return"], 6) == -0.057878


def test_dealer_odds_under_jack_switch_rules():
    totals = ask("dealer-odds", {"upcard": "6H"})["answer"]["totals"]
    blackjack_totals = answer("blackjack", "dealer-odds", {"upcard": "6H"}, BlackjackRules()).answer["totals"]
    assert totals["17"] < blackjack_totals["17"]  # H17 (JS-5) draws on soft 17
    assert totals["blackjack"] == 0


def test_a_house_pay_table_changes_the_super_match_answer():
    rules = JackSwitchRules.from_mapping({"super_match": {"one-pair": "2:1"}})
    assert ask("super-match", {"cards": ["7S", "7H", "8D", "2C"], "bet": "10"}, rules=rules)["answer"] == {
        "combination": "one-pair", "pays": "20.00"}
    assert ask("super-match", {"cards": ["7S", "7H", "7D", "7C"], "bet": "10"}, rules=rules)["answer"] == {
        "combination": "four-of-a-kind", "pays": "0.00"}
