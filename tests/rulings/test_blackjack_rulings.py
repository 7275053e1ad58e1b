"""The blackjack questions through ``answer()``: every question, valid and invalid input,
table-driven. Jack Switch asks the same questions (tests/rulings/test_jack_switch_rulings.py)."""

from __future__ import annotations

import json

import pytest

from drills.rulings.base import RulingInputError, answer, decode_body, questions
from games.blackjack.rules import BlackjackRules
from games.jack_switch.rules import JackSwitchRules

GAME = "blackjack"
RULES = BlackjackRules()


def ask(question: str, body: str | dict, rules=RULES, game: str = GAME) -> dict:
    data = decode_body(body) if isinstance(body, str) else body
    ruling = answer(game, question, data, rules).to_json()
    json.dumps(ruling)  # JSON-ready
    assert ruling["rules"]
    assert all(isinstance(rule_id, str) for rule_id in ruling["rules"])
    assert ruling["explanation"].strip()
    return ruling


def test_every_blackjack_question_is_registered():
    assert questions()[GAME] == sorted(["hand", "dealer-action", "options", "settle", "payout", "dealer-odds",
                                          "procedure"])


VALID = [
    # (id, question, body, expected answer, first rule)
    ("hand BJ-2 soft 17", "hand", {"cards": ["AS", "6H"]},
     {"total": 17, "soft": True, "blackjack": False, "bust": False}, "BJ-2"),
    ("hand BJ-4 blackjack", "hand", {"cards": ["as", "10h"]},
     {"total": 21, "soft": True, "blackjack": True, "bust": False}, "BJ-4"),
    ("hand BJ-S4 split 21", "hand", {"cards": ["AS", "TH"], "split_hand": True},
     {"total": 21, "soft": True, "blackjack": False, "bust": False}, "BJ-S4"),
    ("hand BJ-3 bust", "hand", {"cards": ["TS", "6H", "9C"]},
     {"total": 25, "soft": False, "blackjack": False, "bust": True}, "BJ-3"),
    ("hand symbols input", "hand", {"cards": ["K♠", "7♥"], "switched": False},
     {"total": 17, "soft": False, "blackjack": False, "bust": False}, "BJ-2"),
    ("dealer-action BJ-8 stands on soft 17", "dealer-action", {"cards": ["AS", "6H"]}, {"action": "stand"}, "BJ-8"),
    ("dealer-action BJ-8 hits 16", "dealer-action", {"cards": ["TS", "6H"]}, {"action": "hit"}, "BJ-8"),
    ("dealer-action BJ-6 one card", "dealer-action", {"cards": ["TS"]}, {"action": "hit"}, "BJ-6"),
    ("dealer-action BJ-3 bust", "dealer-action", {"cards": ["TS", "6H", "9C"]}, {"action": "stand"}, "BJ-3"),
    ("options BJ-S1 pair of eights", "options", {"hand": ["8S", "8H"], "dealer": ["6D"]},
     {"actions": ["stand", "hit", "double", "split", "surrender"]}, "BJ-7"),
    ("options BJ-E blackjack against an ace", "options", {"hand": ["AS", "KH"], "dealer": ["AD"]},
     {"actions": ["stand", "even-money"]}, "BJ-7"),
    ("options BJ-I1 insurance", "options",
     {"hand": ["TS", "9C"], "dealer": ["AD"], "hands_in_box": 1, "from_split_aces": False, "third_card_dealt": False},
     {"actions": ["stand", "hit", "double", "insurance"]}, "BJ-7"),
    ("options BJ-S3 split aces stand", "options",
     {"hand": ["AS", "9C"], "dealer": ["6D"], "hands_in_box": 2, "from_split_aces": True}, {"actions": ["stand"]},
     "BJ-7"),
    ("options BJ-3 bust hand", "options", {"hand": ["TS", "5C", "9D"], "dealer": ["6D"], "third_card_dealt": True},
     {"actions": []}, "BJ-3"),
    ("settle BJ-9 win", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"], "doubled": False}],
                                   "dealer": ["TC", "8D"], "insurance": "0", "even_money": False,
                                   "surrendered": False, "switched": False},
     {"hands": [{"result": "win", "win": "10.00"}], "insurance_win": "0.00", "net": "10.00"}, "BJ-9"),
    ("settle BJ-5 3:2 on 35", "settle", '{"bet": 35, "hands": [{"cards": ["AS", "KD"]}], "dealer": ["9H", "8C"]}',
     {"hands": [{"result": "blackjack", "win": "52.50"}], "insurance_win": "0.00", "net": "52.50"}, "BJ-5"),
    ("settle BJ-O split, double and insurance on a dealer blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["8S", "3H", "TC"], "doubled": True}, {"cards": ["8D", "TH", "5C"]}],
      "dealer": ["AC", "KD"], "insurance": "5"},
     {"hands": [{"result": "lose", "win": "-10.00"}, {"result": "push", "win": "0.00"}], "insurance_win": "10.00",
      "net": "0.00"}, "BJ-O"),
    ("settle BJ-O busted split hand returned", "settle",
     {"bet": "10", "hands": [{"cards": ["8S", "TH"]}, {"cards": ["8D", "7C", "9H"]}], "dealer": ["KC", "AD"]},
     {"hands": [{"result": "lose", "win": "-10.00"}, {"result": "push", "win": "0.00"}], "insurance_win": "0.00",
      "net": "-10.00"}, "BJ-O"),
    ("settle BJ-R1 surrender", "settle",
     {"bet": "25", "hands": [{"cards": ["TS", "6H"]}], "dealer": ["TC", "AD"], "surrendered": True},
     {"hands": [{"result": "surrender", "win": "-12.50"}], "insurance_win": "0.00", "net": "-12.50"}, "BJ-R1"),
    ("settle BJ-E even money", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["AC"], "even_money": True},
     {"hands": [{"result": "blackjack", "win": "10.00"}], "insurance_win": "0.00", "net": "10.00"}, "BJ-E"),
    ("settle BJ-I2 insurance lost", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["AC", "7D"], "insurance": "5.00"},
     {"hands": [{"result": "win", "win": "10.00"}], "insurance_win": "-5.00", "net": "5.00"}, "BJ-9"),
    ("settle BJ-3 all bust with one dealer card", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "6H", "9C"]}], "dealer": ["7C"]},
     {"hands": [{"result": "lose", "win": "-10.00"}], "insurance_win": "0.00", "net": "-10.00"}, "BJ-3"),
    ("settle BJ-10 push on dealer blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["TC", "AD"]},
     {"hands": [{"result": "push", "win": "0.00"}], "insurance_win": "0.00", "net": "0.00"}, "BJ-10"),
    ("payout BJ-5 blackjack 35", "payout", {"bet": "35", "kind": "blackjack"}, {"pays": "52.50", "collects": "0.00"},
     "BJ-5"),
    ("payout BJ-5 win", "payout", {"bet": 35, "kind": "win"}, {"pays": "35.00", "collects": "0.00"}, "BJ-5"),
    ("payout BJ-I2 insurance", "payout", {"bet": "7.50", "kind": "insurance"}, {"pays": "15.00", "collects": "0.00"},
     "BJ-I2"),
    ("payout BJ-E even money", "payout", {"bet": "35", "kind": "even-money"}, {"pays": "35.00", "collects": "0.00"},
     "BJ-E"),
    ("payout BJ-R1 surrender", "payout", {"bet": "35", "kind": "surrender"}, {"pays": "0.00", "collects": "17.50"},
     "BJ-R1"),
    ("payout BJ-R1 surrender odd cent", "payout", {"bet": "0.05", "kind": "Surrender"},
     {"pays": "0.00", "collects": "0.03"}, "BJ-R1"),  # BJ-P10: 0.02 returned
]


@pytest.mark.parametrize(("case", "question", "body", "expected", "first_rule"), VALID, ids=[row[0] for row in VALID])
def test_valid_questions(case, question, body, expected, first_rule):
    ruling = ask(question, body)
    assert ruling["answer"] == expected
    assert ruling["rules"][0] == first_rule


INVALID = [
    # (id, question, body, field)
    ("hand bad card token", "hand", {"cards": ["AS", "1H"]}, "cards.1"),
    ("hand joker", "hand", {"cards": ["AS", "JK"]}, "cards.1"),
    ("hand seven aces of spades", "hand", {"cards": ["AS"] * 7}, "cards"),
    ("hand missing cards", "hand", {}, "cards"),
    ("hand cards not a list", "hand", {"cards": "AS KH"}, "cards"),
    ("hand no cards", "hand", {"cards": []}, "cards"),
    ("hand split_hand not a boolean", "hand", {"cards": ["AS", "KH"], "split_hand": "yes"}, "split_hand"),
    ("hand a card drawn at 21", "hand", {"cards": ["TS", "5H", "6C", "2D"]}, "cards"),
    ("hand switched in blackjack", "hand", {"cards": ["AS", "KH"], "switched": True}, "switched"),
    ("dealer-action drew past a stand", "dealer-action", {"cards": ["TS", "7H", "2C"]}, "cards"),
    ("dealer-action soft 17 drew", "dealer-action", {"cards": ["AS", "6H", "2C"]}, "cards"),
    ("dealer-action bad token", "dealer-action", {"cards": ["XX"]}, "cards.0"),
    ("options two dealer cards", "options", {"hand": ["TS", "6H"], "dealer": ["TC", "7D"]}, "dealer"),
    ("options one-card hand", "options", {"hand": ["TS"], "dealer": ["7D"]}, "hand"),
    ("options fifth hand", "options", {"hand": ["8S", "8H"], "dealer": ["7D"], "hands_in_box": 5}, "hands_in_box"),
    ("options hands_in_box not a number", "options", {"hand": ["8S", "8H"], "dealer": ["7D"], "hands_in_box": "2"},
     "hands_in_box"),
    ("options split aces without a split", "options",
     {"hand": ["AS", "8H"], "dealer": ["7D"], "from_split_aces": True}, "from_split_aces"),
    ("options impossible card set", "options", {"hand": ["AS"] * 6, "dealer": ["AS"]}, "dealer"),
    ("options switched in blackjack", "options", {"hand": ["TS", "6H"], "dealer": ["7D"], "switched": True},
     "switched"),
    ("settle missing bet", "settle", {"hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"]}, "bet"),
    ("settle negative bet", "settle", {"bet": "-10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"]},
     "bet"),
    ("settle three decimals", "settle", '{"bet": 10.005, "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"]}',
     "bet"),
    ("settle zero bet", "settle", {"bet": "0", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"]}, "bet"),
    ("settle bet wrong type", "settle", {"bet": True, "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"]},
     "bet"),
    ("settle no hands", "settle", {"bet": "10", "hands": [], "dealer": ["TC", "8D"]}, "hands"),
    ("settle hands not objects", "settle", {"bet": "10", "hands": [["TS", "9H"]], "dealer": ["TC", "8D"]}, "hands.0"),
    ("settle fifth hand", "settle",
     {"bet": "10", "hands": [{"cards": ["8S", "TH"]}, {"cards": ["8D", "9H"]}, {"cards": ["8C", "7H"]},
                             {"cards": ["8H", "TD"]}, {"cards": ["8S", "5H"]}], "dealer": ["TC", "8D"]}, "hands"),
    ("settle bad card in a hand", "settle", {"bet": "10", "hands": [{"cards": ["TS", "ZZ"]}], "dealer": ["TC", "8D"]},
     "hands.0.cards.1"),
    ("settle impossible card set", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "AS", "AS"]}, {"cards": ["AS", "AS", "AS", "AS"]}],
      "dealer": ["TC", "8D"]}, "hands.1.cards"),
    ("settle doubled not a boolean", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"], "doubled": "no"}], "dealer": ["TC", "8D"]}, "hands.0.doubled"),
    ("settle double with two cards", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"], "doubled": True}], "dealer": ["TC", "8D"]}, "hands.0.doubled"),
    ("settle insurance over half", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["AC", "8D"], "insurance": "6"}, "insurance"),
    ("settle insurance against a ten", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["KC", "8D"], "insurance": "5"}, "insurance"),
    ("settle insurance three decimals", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["AC", "8D"], "insurance": "1.001"}, "insurance"),
    ("settle even money on a split", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}, {"cards": ["AD", "9H"]}], "dealer": ["AC", "8D"],
      "even_money": True}, "even_money"),
    ("settle even money on a non-blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["AC", "8D"], "even_money": True}, "even_money"),
    ("settle even money against a six", "settle",
     {"bet": "10", "hands": [{"cards": ["AS", "KH"]}], "dealer": ["6C", "TD", "2H"], "even_money": True},
     "even_money"),
    ("settle surrender of a split hand", "settle",
     {"bet": "10", "hands": [{"cards": ["8S", "TH"]}, {"cards": ["8D", "9H"]}], "dealer": ["TC", "8D"],
      "surrendered": True}, "surrendered"),
    ("settle surrender of three cards", "settle",
     {"bet": "10", "hands": [{"cards": ["2S", "3H", "TC"]}], "dealer": ["TC", "8D"], "surrendered": True},
     "surrendered"),
    ("settle surrender against an ace", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "6H"]}], "dealer": ["AC", "8D"], "surrendered": True}, "surrendered"),
    ("settle switched in blackjack", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TC", "8D"], "switched": True}, "switched"),
    ("settle dealer stood below 17", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}],
                                                "dealer": ["TC", "6D"]}, "dealer"),
    ("settle dealer drew past 17", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}],
                                              "dealer": ["TC", "7D", "4S"]}, "dealer"),
    ("settle one dealer card with a hand in play", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}],
                                                             "dealer": ["TC"]}, "dealer"),
    ("settle no dealer cards", "settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": []}, "dealer"),
    ("settle player drew after a bust", "settle",
     {"bet": "10", "hands": [{"cards": ["TS", "9H", "5C", "2D"]}], "dealer": ["TC", "8D"]}, "hands.0.cards"),
    ("payout unknown kind", "payout", {"bet": "10", "kind": "jackpot"}, "kind"),
    ("payout negative bet", "payout", {"bet": "-1", "kind": "win"}, "bet"),
    ("payout three decimals", "payout", {"bet": "1.234", "kind": "win"}, "bet"),
    ("payout missing kind", "payout", {"bet": "10"}, "kind"),
    ("dealer-odds bad upcard", "dealer-odds", {"upcard": "1S"}, "upcard"),
    ("dealer-odds joker upcard", "dealer-odds", {"upcard": "JK"}, "upcard"),
]


@pytest.mark.parametrize(("case", "question", "body", "field"), INVALID, ids=[row[0] for row in INVALID])
def test_invalid_input_names_the_field(case, question, body, field):
    data = decode_body(body) if isinstance(body, str) else body
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, question, data, RULES)
    assert list(raised.value.errors) == [field]
    assert all(message for message in raised.value.errors[field])


def test_the_body_must_be_an_object():
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, "hand", ["AS"], RULES)
    assert list(raised.value.errors) == ["body"]


def test_a_rule_set_of_another_game_is_refused_naming_rules():
    with pytest.raises(RulingInputError) as raised:
        answer(GAME, "hand", {"cards": ["AS"]}, object())  # type: ignore[arg-type]
    assert list(raised.value.errors) == ["rules"]


@pytest.mark.parametrize("upcard", [None, "6H", "AS", "KD"])
def test_dealer_odds_shape_and_sum(upcard):
    # Its speed is not asserted here (a shared machine makes a timed test flaky).
    body = {} if upcard is None else {"upcard": upcard}
    ruling = ask("dealer-odds", body)
    totals = ruling["answer"]["totals"]
    assert list(totals) == ["17", "18", "19", "20", "21", "22", "bust", "blackjack"]
    assert all(isinstance(p, float) for p in totals.values())
    assert abs(sum(totals[k] for k in ["17", "18", "19", "20", "21", "bust", "blackjack"]) - 1) < 1e-12
    assert totals["22"] < totals["bust"]
    assert ruling["rules"][0] == "BJ-8"


def test_h17_rule_set_changes_the_dealer_action():
    ruling = ask("dealer-action", {"cards": ["AS", "6H"]}, rules=BlackjackRules(dealer_hits_soft_17=True))
    assert ruling["answer"] == {"action": "hit"}
    assert "hits soft 17" in ruling["explanation"]


def test_settle_explanation_cites_its_rules_and_the_net():
    ruling = ask("settle", {"bet": "10", "hands": [{"cards": ["8S", "3H", "TC"], "doubled": True}],
                            "dealer": ["AC", "KD"]})
    assert ruling["answer"]["net"] == "-10.00"
    for rule_id in ruling["rules"]:
        assert rule_id in ruling["explanation"]
    assert ruling["explanation"].endswith("Net for the box: -10.00.")


def test_blackjack_rules_are_not_jack_switch_rules():
    # The door hands each game its own rule set; the shared handlers answer under it.
    assert ask("payout", {"bet": "10", "kind": "blackjack"}, rules=JackSwitchRules(), game="jack-switch")[
        "answer"] == {"pays": "10.00", "collects": "0.00"}
