"""The ``procedure`` question of Blackjack and Jack Switch (drills.rulings.twenty_one_procedure):
a recorded round checked step by step, its settlement, and bad input named by field."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drills.rulings.base import RulingInputError, answer, decode_body
from games.blackjack.round import BoxBet, TwentyOneRound
from games.blackjack.rules import BlackjackRules
from games.jack_switch.rules import JackSwitchRules
from games.procedure import Actor, play_out

BJ = BlackjackRules()
JS = JackSwitchRules()

ROUND = {
    "boxes": [{"box": 1, "bet": "25"}, {"box": 3, "bet": "10"}],
    "shoe": ["TH", "7C", "6S", "9C", "5D", "8H", "TD", "5S"],
    "decisions": ["stand box=1", "stand box=3"],
}
RIGHT = ["deal box=1 card=TH", "deal box=3 card=7C", "deal-dealer card=6S", "deal box=1 card=9C",
         "deal box=3 card=5D", "deal-dealer card=8H", "deal-dealer card=TD", "announce total=24",
         "pay box=3 amount=10.00", "pay box=1 amount=25.00"]


def ask(body: dict | str, rules=BJ, game: str = "blackjack") -> dict:
    data = decode_body(body) if isinstance(body, str) else body
    ruling = answer(game, "procedure", data, rules).to_json()
    json.dumps(ruling)
    assert ruling["rules"]
    assert ruling["explanation"].strip()
    return ruling


def field_of(body: dict, rules=BJ) -> str:
    with pytest.raises(RulingInputError) as caught:
        answer("blackjack" if rules is BJ else "jack-switch", "procedure", body, rules)
    (field,) = caught.value.errors
    return field


def test_a_right_round_is_complete_with_its_settlement():
    ruling = ask({**ROUND, "actions": RIGHT})
    result = ruling["answer"]
    assert result["complete"] is True
    assert result["first_deviation"] is None
    assert all(step["right"] for step in result["steps"])
    assert [step["line"] for step in result["steps"]] == list(range(len(RIGHT)))
    assert result["remaining"] == []
    assert result["settlement"]["net"] == "35.00"
    assert result["settlement"]["dealer"] == ["6S", "8H", "TD"]
    assert result["settlement"]["boxes"][0] == {"box": 1, "hands": [{"result": "win", "win": "25.00"}],
                                                "insurance_win": "0.00", "side_bets": [], "net": "25.00"}
    assert "BJ-P9" in ruling["rules"]


def test_the_first_deviation_the_action_due_and_the_correct_end():
    actions = [*RIGHT[:8], "pay box=1 amount=25.00", "pay box=3 amount=10.00"]
    result = ask({**ROUND, "actions": actions})
    answer_ = result["answer"]
    assert answer_["first_deviation"] == 9
    wrong = answer_["steps"][-1]
    assert wrong["right"] is False
    assert wrong["due"] == "pay box=3 amount=10.00"
    assert wrong["mistake"] == "settlement-started-at-wrong-box"
    assert wrong["rules"] == ["BJ-P9"]
    assert "reverse box order" in wrong["message"]
    assert answer_["remaining"] == RIGHT[8:]
    assert result["rules"][0] == "BJ-P9"
    assert result["explanation"].startswith("Step 9:")


def test_a_recording_that_stops_early_says_what_is_next():
    result = ask({**ROUND, "actions": "\n".join(RIGHT[:5]) + "\n# the video ends here\n"})
    assert result["answer"]["complete"] is False
    assert result["answer"]["first_deviation"] is None
    assert "Next due: deal 8H to the dealer" in result["explanation"]


def test_jack_switch_switch_and_dealer_22():
    body = {
        "boxes": [{"box": 1, "bet": "25", "super_match": "5", "pair_bonus": "5"}, {"box": 2, "bet": "25"}],
        "pairs": [[2, 1]], "table_limits": "25-500",
        "shoe": ["9S", "TH", "7D", "AS", "9H", "8C", "7C"],
        "decisions": ["switch box=1", "stand box=1", "stand box=2"],
        "actions": ["deal box=1 card=9S", "deal box=2 card=TH", "deal-dealer card=7D", "deal box=1 card=AS",
                    "deal box=2 card=9H", "pay box=1 bet=super-match amount=5.00",
                    "collect box=1 bet=pair-bonus amount=5.00", "exchange box=1", "sideways box=2",
                    "deal-dealer card=8C", "deal-dealer card=7C", "announce total=22", "pay box=2 amount=25"],
    }
    result = ask(body, JS, "jack-switch")["answer"]
    assert result["first_deviation"] == 13
    assert result["steps"][-1]["mistake"] == "paid-on-dealer-22"
    assert result["steps"][-1]["rules"] == ["JS-4"]
    boxes = result["settlement"]["boxes"]
    assert boxes[0]["side_bets"] == [{"bet": "super-match", "combination": "one-pair", "win": "5.00"},
                                     {"bet": "pair-bonus", "combination": "none", "win": "-5.00"}]
    assert [box["hands"][0]["result"] for box in boxes] == ["push", "push"]


@pytest.mark.parametrize(("change", "field"), [
    ({"actions": ["dance box=1"]}, "actions.0"),
    ({"actions": ["deal box=1 card=ZZ"]}, "actions.0"),
    ({"actions": ["deal box=1 card=TH", "deal box=3 card=AS"]}, "actions.1"),  # not the next card
    ({"actions": ["deal box=1 card=TH", "stand box=1"]}, "actions.1"),  # a player's decision
    ({"actions": "deal box=1 card=TH\n\ndeal box=3 card=9S"}, "actions.2"),
    ({"actions": {"deal": 1}}, "actions"),
    ({"actions": [7]}, "actions.0"),
    ({"boxes": [{"box": 1, "bet": "5"}]}, "boxes.0.bet"),
    ({"boxes": [{"box": 1, "bet": "1e30"}]}, "boxes.0.bet"),
    ({"boxes": [{"box": 1, "bet": 1e30}]}, "boxes.0.bet"),
    ({"boxes": [{"box": "١", "bet": "25"}]}, "boxes.0.box"),
    ({"boxes": [{"box": 9, "bet": "25"}]}, "boxes.0.box"),
    ({"boxes": []}, "boxes"),
    ({"boxes": [{"box": 3, "bet": "25"}, {"box": 1, "bet": "25"}]}, "boxes"),
    ({"shoe": ["AS"] * 7}, "shoe"),
    ({"shoe": ["TH", "7C"]}, "shoe"),
    ({"shoe": ["TH", "JK"]}, "shoe.1"),
    ({"decisions": []}, "decisions"),
    ({"decisions": ["stand box=1", "stand box=3", "hit box=3"]}, "decisions.2"),
    ({"decisions": ["deal box=1 card=TH"]}, "decisions.0"),
    ({"decisions": ["stand box=5"]}, "decisions.0"),
    ({"pairs": [[1, 3]]}, "pairs.0"),
    ({"table_limits": "500-25"}, "table_limits"),
    ({"late_bets": [{"box": 1, "amount": "25"}]}, "late_bets.0"),  # the body's name, not the engine's
    ({"late_bets": [{"box": 5, "amount": "25"}, {"box": 3, "amount": "25"}]}, "late_bets.1"),
])
def test_bad_input_names_the_field(change, field):
    assert field_of({**ROUND, "actions": [], **change}) == field


def test_forty_nines_and_deep_json_are_400s_not_500s():
    assert field_of({**ROUND, "shoe": ["9S"] * 40, "actions": []}) == "shoe"
    deep: object = []
    for _ in range(50):
        deep = [deep]
    assert field_of({**ROUND, "actions": deep}) == "actions.0"


FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.integers(0, 2**32 - 1), st.sampled_from(["blackjack", "jack-switch"]))
def test_the_door_accepts_every_correct_dealers_round(seed, game):
    rules = BJ if game == "blackjack" else JS
    items = (BoxBet(1, Decimal(25)), BoxBet(2, Decimal(25)), BoxBet(5, Decimal(10)))
    start = TwentyOneRound.seeded(seed, rules, items, difficulty="hard")
    end = play_out(start)
    body = {
        "boxes": [{"box": 1, "bet": "25"}, {"box": 2, "bet": "25"}, {"box": 5, "bet": "10"}],
        "shoe": [str(card) for card in start.start_of_round.shoe[: end.table.cards_dealt]],
        "decisions": [a.notation() for a in end.log if a.ACTOR is Actor.PLAYER],
        "actions": [a.notation() for a in end.log if a.ACTOR is Actor.DEALER],
        "late_bets": [{"box": a.box, "amount": str(a.amount)} for a in end.log if a.ACTOR is Actor.TABLE],
    }
    result = ask(body, rules, game)["answer"]
    assert result["complete"] is True
    nets = {box: settled.net for box, settled in end.settlement}
    assert {item["box"]: item["net"] for item in result["settlement"]["boxes"]} == {
        box: f"{net:.2f}" for box, net in nets.items()}


VERBS = ["deal", "deal-dealer", "pay", "collect", "return", "announce", "offer-insurance", "exchange", "sideways",
         "refuse-bet", "hit", "late-bet", "shuffle"]
VALUES = ["1", "0", "-1", "7", "999999999999", "١", "TH", "JK", "AS,KD", "yes", "main", "insurance", "1e30", "10.005",
          "25", "x"]
KEYS = ["box", "hand", "card", "amount", "bet", "total", "blackjack", "colour"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(VERBS), st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(VALUES)),
                                                           max_size=4)), max_size=6))
def test_any_recorded_lines_give_an_answer_or_a_400_never_a_crash(lines):
    actions = RIGHT[:3] + [" ".join([verb, *(f"{key}={value}" for key, value in pairs)]) for verb, pairs in lines]
    try:
        result = ask({**ROUND, "actions": actions})
    except RulingInputError as error:
        (field,) = error.errors
        assert field.startswith("actions.")
    else:
        assert result["answer"]["steps"][:3] == ask({**ROUND, "actions": RIGHT[:3]})["answer"]["steps"]
