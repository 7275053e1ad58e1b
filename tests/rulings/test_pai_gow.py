"""The pai-gow questions through the rulings door's ``answer()`` (RULINGS.md shapes),
valid and invalid, table-driven."""

from __future__ import annotations

import json
import re

import pytest

from drills.rulings.base import RulingInputError, answer, decode_body, questions
from games.pai_gow import PaiGowRules

GAME = "pai-gow"
DEFAULT = PaiGowRules()
FEE = PaiGowRules.from_mapping({"collection_fee": "1.00"})
WHEEL_SECOND = PaiGowRules(wheel_lowest_straight=False)


def as_json(body):
    return decode_body(json.dumps(body))


def ask(question, body, rules=DEFAULT):
    ruling = answer(GAME, question, as_json(body), rules).to_json()
    json.dumps(ruling)
    for rule in ruling["rules"]:
        assert re.fullmatch(r"PG-(\d+[a-d]?|[RJCFH])", rule), rule
        assert rule in ruling["explanation"], (rule, ruling["explanation"])
    return ruling


def refused(question, body, rules=DEFAULT):
    with pytest.raises(RulingInputError) as caught:
        answer(GAME, question, as_json(body), rules)
    return caught.value.errors


def hand(high, low):
    return {"high": high.split(), "low": low.split()}


def test_the_eight_questions_are_registered():
    assert questions()[GAME] == [
        "deal-procedure", "dice", "foul", "house-way", "procedure", "rank", "showdown", "table",
    ]


# --- rank ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected", "rules", "rule_set"),
    [
        (["AS", "KS", "9S", "5S", "JK"], {"rank": "flush", "best": ["AS", "KS", "9S", "5S", "AS"]},
         ["PG-R", "PG-J"], DEFAULT),
        (["10h", "t♦", "3s", "3c", "JOKER"], {"rank": "full-house", "best": ["TH", "TD", "3S", "3C", "TS"]},
         ["PG-R", "PG-J"], DEFAULT),
        (["AS", "AH", "AD", "AC", "JK"], {"rank": "five-of-a-kind", "best": ["AS", "AH", "AD", "AC", "AS"]},
         ["PG-R", "PG-J"], DEFAULT),
        (["AS", "2H", "3D", "4C", "5S"], {"rank": "straight", "best": ["AS", "2H", "3D", "4C", "5S"]},
         ["PG-R"], WHEEL_SECOND),
        (["KD", "QS", "9H", "7C", "2D"], {"rank": "high-card", "best": ["KD", "QS", "9H", "7C", "2D"]},
         ["PG-R"], DEFAULT),
        (["JK", "JK"], {"rank": "pair", "best": ["AS", "AH"]}, ["PG-R", "PG-J"], DEFAULT),
        (["7d", "jk"], {"rank": "pair", "best": ["7D", "7S"]}, ["PG-R", "PG-J"], DEFAULT),
        (["AS", "KH"], {"rank": "high-card", "best": ["AS", "KH"]}, ["PG-R"], DEFAULT),
    ],
)  # fmt: skip
def test_rank(cards, expected, rules, rule_set):
    ruling = ask("rank", {"cards": cards}, rule_set)
    assert ruling["answer"] == expected
    assert ruling["rules"] == rules


def test_rank_under_the_second_highest_wheel_says_so():
    assert "second-highest" in ask("rank", {"cards": ["AS", "2H", "3D", "4C", "5S"]}, WHEEL_SECOND)["explanation"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"cards": ["AS", "KS", "QS"]}, "cards", "5 cards (high hand) or 2 (low hand), not 3"),
        ({"cards": ["AS", "AS", "QS", "JD", "2C"]}, "cards", "AS appears 2 times"),
        ({"cards": ["JK", "JK", "JK", "AS", "KD"]}, "cards", "JK appears 3 times"),
        ({"cards": ["ZZ", "KS"]}, "cards.0", "is not a card"),
        ({"cards": "AS KS"}, "cards", "must be a list"),
        ({}, "cards", "required"),
    ],
)
def test_rank_refused(body, field, message):
    errors = refused("rank", body)
    assert list(errors) == [field]
    assert message in errors[field][0]


# --- house-way -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "high", "low", "rules", "step"),
    [
        ("JS JH 4D 4C AS 9H 2C", "JS JH AS 9H 2C", "4D 4C", ["PG-H"], "step 6"),
        ("AS KD QH JC 9S 8D JK", "QH JC 9S 8D JK", "AS KD", ["PG-H", "PG-J"], "step 4"),
        ("AS AH AD JK JK KC 5D", "AS AH AD JK 5D", "JK KC", ["PG-H", "PG-J"], "step 1"),  # in the order given
        ("KS QH 9D 7C 5S 3H 2D", "KS 7C 5S 3H 2D", "QH 9D", ["PG-H"], "step 9"),
    ],
)
def test_house_way(cards, high, low, rules, step):
    ruling = ask("house-way", {"cards": cards.split()})
    assert ruling["answer"] == {"high": high.split(), "low": low.split()}
    assert ruling["rules"] == rules
    assert step in ruling["explanation"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"cards": ["JS", "JH", "4D", "4C", "AS", "9H"]}, "cards", "exactly 7 cards, not 6"),
        ({"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C", "3C"]}, "cards", "exactly 7 cards, not 8"),
        ({"cards": ["JS", "JS", "4D", "4C", "AS", "9H", "2C"]}, "cards", "JS appears 2 times"),
        ({"cards": ["JK", "JK", "JK", "4C", "AS", "9H", "2C"]}, "cards", "JK appears 3 times"),
        ({"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "1C"]}, "cards.6", "is not a card"),
    ],
)
def test_house_way_refused(body, field, message):
    errors = refused("house-way", body)
    assert list(errors) == [field]
    assert message in errors[field][0]


# --- foul ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "fouled", "rules", "reason"),
    [
        (hand("KS KH 9D 7C 5H", "AS AH"), True, ["PG-12", "PG-R"], "ranks higher"),
        (hand("AS AH 9D 7C 5H", "KS KH"), False, ["PG-12", "PG-R"], "ranks above"),
        (hand("KS KH 9D 7C 5H", "JK 8H"), False, ["PG-12", "PG-R", "PG-J"], "pair of 8s"),
        (hand("KS KH 9D 7C", "5H AS AH"), True, ["PG-13"], "4 + 3 split"),
        (hand("KS", "KH 9D 7C 5H AS AH"), True, ["PG-13"], "1 + 6 split"),
        ({"high": ["KS", "KH", "9D", "7C", "5H", "AS", "AH"], "low": []}, True, ["PG-13"], "7 + 0 split"),
    ],
)
def test_foul(body, fouled, rules, reason):
    ruling = ask("foul", body)
    assert ruling["answer"]["fouled"] is fouled
    assert reason in ruling["answer"]["reason"]
    assert ruling["rules"] == rules


@pytest.mark.parametrize(
    ("body", "fields", "message"),
    [
        (hand("KS KH 9D 7C 5H", "AS"), ["high", "low"], "seven cards in all, not 6"),
        (hand("KS KH 9D 7C 5H", "AS KS"), ["low"], "KS is also in high"),
        (hand("KS KH 9D JK JK", "AS JK"), ["low"], "a third joker"),
        ({"high": ["KS", "KH", "9D", "7C", "5H"]}, ["low"], "required"),
    ],
)
def test_foul_refused(body, fields, message):
    errors = refused("foul", body)
    assert sorted(errors) == fields
    assert message in errors[fields[0]][0]


# --- showdown ------------------------------------------------------------------------------

BANKER = hand("QS QH 8D 6C 3H", "KS 9H")


@pytest.mark.parametrize(
    ("player", "bet", "rules", "expected", "first_rule"),
    [
        (hand("AS AH 9D 7C 5H", "KD JC"), "10", DEFAULT,
         {"high": "player", "low": "player", "result": "win", "win": "10.00"}, "PG-C"),
        (hand("AS AH 9D 7C 5H", "KC 9C"), 10, DEFAULT,
         {"high": "player", "low": "copy", "result": "push", "win": "0.00"}, "PG-C"),
        (hand("QD QC 8S 6D 3C", "KH 9C"), "25.50", DEFAULT,
         {"high": "copy", "low": "copy", "result": "lose", "win": "-25.50"}, "PG-C"),
        (hand("2S 3D 5C 7H 9S", "AS AH"), "10", DEFAULT,
         {"high": "banker", "low": "banker", "result": "foul", "win": "-10.00"}, "PG-12"),
        (hand("2S 3D 5C 7H", "9S AS AH"), "10", DEFAULT,
         {"high": "banker", "low": "banker", "result": "foul", "win": "-10.00"}, "PG-13"),
        (hand("AS AH 9D 7C 5H", "KD JC"), "10", FEE,
         {"high": "player", "low": "player", "result": "win", "win": "9.00"}, "PG-C"),
        (hand("JK AH 9D 7C 5H", "KD 2C"), "10", FEE,
         {"high": "player", "low": "banker", "result": "push", "win": "-1.00"}, "PG-C"),
    ],
)  # fmt: skip
def test_showdown(player, bet, rules, expected, first_rule):
    ruling = ask("showdown", {"player": player, "banker": BANKER, "bet": bet}, rules)
    assert ruling["answer"] == expected
    assert ruling["rules"][0] == first_rule


def test_showdown_resets_a_fouled_player_dealer():
    ruling = ask("showdown", {"player": hand("QS QH JD TC 8S", "QD 2C"), "banker": hand("KS KH 9D 7C 5H", "AS AH"),
                              "bet": "10"})  # fmt: skip
    assert ruling["answer"]["result"] == "lose"
    assert ruling["rules"][:3] == ["PG-C", "PG-17", "PG-H"]
    assert "set the house way" in ruling["explanation"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"player": hand("AS AH 9D 7C 5H", "KD JC"), "banker": BANKER, "bet": "-10"}, "bet", "negative"),
        ({"player": hand("AS AH 9D 7C 5H", "KD JC"), "banker": BANKER, "bet": "1.005"}, "bet", "two decimals"),
        ({"player": hand("AS AH 9D 7C 5H", "KD JC"), "banker": BANKER}, "bet", "required"),
        ({"banker": BANKER, "bet": "10"}, "player", "required"),
        ({"player": hand("AS AH 9D 7C 5H", "KD"), "banker": BANKER, "bet": "10"}, "player", "not 6"),
        ({"player": {"high": "AS", "low": []}, "banker": BANKER, "bet": "10"}, "player.high", "must be a list"),
        ({"player": hand("AS AH 9D 7C 5H", "KS JC"), "banker": BANKER, "bet": "10"}, "banker.low",
         "KS is also in player.low"),
        ({"player": hand("AS JK 9D 7C 5H", "KD JC"), "banker": hand("QS QH 8D JK 3H", "JK 9H"), "bet": "10"},
         "banker.low", "a third joker"),
    ],
)  # fmt: skip
def test_showdown_refused(body, field, message):
    errors = refused("showdown", body)
    assert list(errors) == [field]
    assert message in errors[field][0]


# --- table ----------------------------------------------------------------------------------

HANDS = {
    "2": hand("AS AH 9D 7C 5H", "KD JC"),
    "3": hand("2S 2H 4D 7S 5D", "TD 3C"),
    "6": hand("JS JH TS 9S 4C", "8H 8C"),
    "7": hand("3S 3D 6S 6D 2C", "AD KC"),
}


def table_body(bets, bank="70", action=6, banker=BANKER):
    return {"banker": banker, "bank": bank, "action": action,
            "hands": {position: {**HANDS[position], "bet": bet} for position, bet in bets.items()}}  # fmt: skip


def test_table():
    ruling = ask("table", table_body({"2": "30", "3": "30", "6": "30", "7": "30"}))
    assert ruling["answer"] == {
        "hands": {
            "6": {"covered": "30.00", "result": "push", "win": "0.00"},
            "7": {"covered": "30.00", "result": "win", "win": "30.00"},
            "2": {"covered": "10.00", "result": "win", "win": "10.00"},
            "3": {"covered": "0.00", "result": "lose", "win": "0.00"},
        },
        "banker_net": "-40.00",
    }
    assert list(ruling["answer"]["hands"]) == ["6", "7", "2", "3"]  # payment order (PG-1)
    assert ruling["rules"][0] == "PG-1"
    assert "20.00 returned" in ruling["explanation"]


def test_table_with_the_fee():
    ruling = ask("table", table_body({"2": "30", "3": "30", "6": "30", "7": "30"}), FEE)
    assert [row["win"] for row in ruling["answer"]["hands"].values()] == ["-1.00", "29.00", "9.00", "0.00"]
    assert ruling["answer"]["banker_net"] == "-41.00"
    assert "PG-F" in ruling["rules"]


def test_table_the_rulings_example_shape():
    body = table_body({"2": "50", "3": "50"}, bank="100", action=3)
    ruling = ask("table", body)
    assert ruling["answer"]["hands"]["3"] == {"covered": "50.00", "result": "lose", "win": "-50.00"}
    assert ruling["answer"]["hands"]["2"] == {"covered": "50.00", "result": "win", "win": "50.00"}
    assert ruling["answer"]["banker_net"] == "0.00"


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (table_body({"2": "30"}, bank="-5", action=2), "bank", "negative"),
        (table_body({"2": "30"}, action=1), "action", "from 2 to 7"),
        (table_body({"2": "30", "3": "30"}, action=4), "action", "position 4 has no hand"),
        ({**table_body({"2": "30"}, action=2), "hands": {}}, "hands", "at least one player hand"),
        ({**table_body({"2": "30"}, action=2), "hands": {"1": {**HANDS["2"], "bet": "5"}}}, "hands.1", "position"),
        ({**table_body({"2": "30"}, action=2), "hands": {"x": {**HANDS["2"], "bet": "5"}}}, "hands.x", "position"),
        ({**table_body({"2": "30"}, action=2), "hands": {"2": HANDS["2"]}}, "hands.2.bet", "required"),
        ({**table_body({"2": "30"}, action=2), "hands": {"2": {**HANDS["2"], "bet": "5"},
                                                          "3": {**HANDS["2"], "bet": "5"}}},
         "hands.3.high", "AS is also in hands.2.high"),
        (table_body({"2": "30"}, action=2, banker=hand("AS QH 8D 6C 3H", "KS 9H")), "hands.2.high",
         "AS is also in banker.high"),
        ({**table_body({"2": "30"}, action=2), "hands": {"2": {**hand("AS AH", "KD"), "bet": "5"}}}, "hands.2",
         "seven cards"),
    ],
)  # fmt: skip
def test_table_refused(body, field, message):
    errors = refused("table", body)
    assert list(errors) == [field]
    assert message in errors[field][0]


# --- dice ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]}, {"first_hand": 7, "action": 2}),
        ({"dice": [3, 5, 6]}, {"first_hand": 7, "action": 7}),
        ({"dice": [2, 3, 3]}, {"first_hand": 1, "action": 2}),
        ({"dice": [2, 3, 3], "occupied": [4]}, {"first_hand": 1, "action": 4}),
        ({"dice": [6, 6, 6], "occupied": [2, 3]}, {"first_hand": 4, "action": 2}),
        ({"dice": [1, 1, 1]}, {"first_hand": 3, "action": 3}),
    ],
)
def test_dice(body, expected):
    ruling = ask("dice", body)
    assert ruling["answer"] == expected
    assert ruling["rules"] == ["PG-3", "PG-4"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"dice": [3, 5, 7]}, "dice.2", "from 1 to 6"),
        ({"dice": [0, 5, 6]}, "dice.0", "from 1 to 6"),
        ({"dice": [3, 5]}, "dice", "three dice"),
        ({"dice": [3, 5, 6, 1]}, "dice", "three dice"),
        ({"dice": [3, 5, "6"]}, "dice.2", "whole number"),
        ({"dice": [3, 5, 6], "occupied": [1, 2]}, "occupied.0", "from 2 to 7"),
        ({"dice": [3, 5, 6], "occupied": []}, "occupied", "at least one"),
        ({"dice": [3, 5, 6], "occupied": [2, 2]}, "occupied", "twice"),
        ({}, "dice", "required"),
    ],
)
def test_dice_refused(body, field, message):
    errors = refused("dice", body)
    assert list(errors) == [field]
    assert message in errors[field][0]


# --- deal-procedure ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "ruling", "logical_way", "rules"),
    [
        ([], "continue", False, []),
        ([{"type": "boxed", "card": "7H"}], "replace-boxed-card", False, ["PG-8"]),
        ([{"type": "exposed", "card": "9c"}], "replace-exposed-card", False, ["PG-8"]),
        ([{"type": "exposed", "card": "AS"}], "misdeal", False, ["PG-6a"]),
        ([{"type": "boxed", "card": "joker"}], "misdeal", False, ["PG-6a"]),
        ([{"type": "boxed", "card": "7H"}, {"type": "exposed", "card": "8D"}], "misdeal", False, ["PG-6b"]),
        ([{"type": "wrong-spots", "players_looked": 2, "looked_at_dealer_hand": False}], "misdeal", False, ["PG-6c"]),
        ([{"type": "wrong-spots", "players_looked": 0, "looked_at_dealer_hand": True}], "misdeal", False, ["PG-6d"]),
        ([{"type": "wrong-spots", "players_looked": 1, "looked_at_dealer_hand": False}], "redeliver", True,
         ["PG-7", "PG-H"]),
        ([{"type": "wrong-spots", "players_looked": 0}], "redeliver", False, ["PG-7"]),
        ([{"type": "dealer-hand-opened-early"}], "call-supervisor", True, ["PG-5", "PG-H"]),
        ([{"type": "boxed", "card": "7H"}, {"type": "dealer-hand-opened-early"}], "call-supervisor", True,
         ["PG-5", "PG-8", "PG-H"]),
    ],
)  # fmt: skip
def test_deal_procedure(events, ruling, logical_way, rules):
    result = ask("deal-procedure", {"events": events})
    assert result["answer"] == {"ruling": ruling, "logical_way": logical_way}
    assert result["rules"] == rules


@pytest.mark.parametrize(
    ("events", "field", "message"),
    [
        ([{"type": "shuffled"}], "events.0.type", "must be one of"),
        ([{"type": "boxed"}], "events.0.card", "required"),
        ([{"type": "boxed", "card": "XX"}], "events.0.card", "is not a card"),
        ([{"type": "wrong-spots", "players_looked": 7}], "events.0.players_looked", "from 0 to 6"),
        ([{"type": "wrong-spots"}], "events.0.players_looked", "required"),
        ([{"type": "wrong-spots", "players_looked": 1, "looked_at_dealer_hand": "no"}],
         "events.0.looked_at_dealer_hand", "true or false"),
        ([{"type": "boxed", "card": "7H"}, {"type": "exposed", "card": "7h"}], "events.1.card",
         "also in events.0.card"),
        ([{"type": "dealer-hand-opened-early"}, {"type": "dealer-hand-opened-early"}], "events.1.type", "at most one"),
        (["boxed"], "events.0", "must be an object"),
        ("boxed", "events", "must be a list"),
    ],
)  # fmt: skip
def test_deal_procedure_refused(events, field, message):
    errors = refused("deal-procedure", {"events": events})
    assert list(errors) == [field]
    assert message in errors[field][0]
