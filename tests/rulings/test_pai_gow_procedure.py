"""The pai-gow ``procedure`` question: a recorded dealer log checked step by step (RULES.md
PG-P…), the settlement the round must end with (``settle_table``), and bad input as 400s."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from drills.rulings.base import RulingInputError, answer, decode_body
from games.pai_gow import DECK, PaiGowRules
from games.pai_gow.round import PaiGowRound, PaiGowStart, Seat
from games.procedure import Actor, play_out

GAME = "pai-gow"
RULES = PaiGowRules()
ORDERED = [str(card) for card in DECK.cards()]
START = {"deck": ORDERED, "dice": [1, 1, 1], "bank": "100",
         "seats": [{"position": 3, "bet": "10"}, {"position": 5, "bet": "25"}]}


def ask(body, rules=RULES):
    return answer(GAME, "procedure", decode_body(json.dumps(body)), rules).to_json()


def refused(body, rules=RULES):
    with pytest.raises(RulingInputError) as caught:
        answer(GAME, "procedure", decode_body(json.dumps(body)), rules)
    return caught.value.errors


def correct_dealer_actions(body):
    ruling = ask({**body, "actions": []})
    return [line for line in ruling["answer"]["correct_actions"] if not line.startswith(("roll", "set "))]


def test_the_correct_log_is_complete_and_settles_as_settle_table():
    ruling = ask({**START, "actions": correct_dealer_actions(START)})
    assert ruling["answer"]["complete"] is True
    assert ruling["answer"]["deviation"] is None
    settlement = ruling["answer"]["settlement"]
    assert settlement["misdeal"] is False
    assert [hand["position"] for hand in settlement["hands"]] == [3, 5]  # the Action at 3 (PG-4)
    assert "PG-P6" in ruling["rules"]


def test_the_deal_started_at_the_wrong_position_is_named():
    actions = correct_dealer_actions(START)
    first_delivery = next(i for i, line in enumerate(actions) if line.startswith("deliver"))
    actions[first_delivery] = actions[first_delivery].replace("position=3", "position=2")
    deviation = ask({**START, "actions": actions[: first_delivery + 1]})["answer"]["deviation"]
    assert deviation["mistake"] == "started-the-deal-at-wrong-position"
    assert deviation["rule"] == "PG-3"
    assert deviation["due"].startswith("deliver position=3 ")


def test_an_injected_exposed_ace_must_be_called_a_misdeal():
    body = {**START, "events": [{"type": "exposed", "card": "2S"}, {"type": "exposed", "card": "3S"}]}
    actions = correct_dealer_actions(body)
    assert "call ruling=misdeal" in actions
    wrong = [line if line != "call ruling=misdeal" else "call ruling=redeliver" for line in actions]
    ruling = ask({**body, "actions": wrong})
    assert ruling["answer"]["deviation"]["mistake"] == "wrong-ruling"
    assert ruling["answer"]["deviation"]["rule"] == "PG-6b"
    assert ruling["answer"]["settlement"]["misdeal"] is True


def test_a_listed_setting_is_played():
    body = {**START, "actions": []}
    correct = ask(body)["answer"]["correct_actions"]
    set_three = next(line for line in correct if line.startswith("set position=3"))
    high = set_three.split("high=")[1].split()[0].split(",")
    low = set_three.split("low=")[1].split(",")
    listed = {**START, "seats": [{"position": 3, "bet": "10", "setting": {"high": low + high[:3], "low": high[3:]}},
                                 {"position": 5, "bet": "25"}]}
    lines = ask({**listed, "actions": []})["answer"]["correct_actions"]
    assert any(line.startswith("set position=3 high=" + ",".join(low + high[:3])) for line in lines)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda b: {**b, "deck": [*ORDERED[:-1], "AS"]}, "deck"),  # two Aces of spades
        (lambda b: {**b, "deck": ORDERED[:53]}, "deck"),
        (lambda b: {**b, "dice": [1, 1]}, "dice"),
        (lambda b: {**b, "dice": [1, 1, 7]}, "dice.2"),
        (lambda b: {**b, "bank": "1e30"}, "bank"),
        (lambda b: {**b, "seats": [{"position": 1, "bet": "10"}]}, "seats.0.position"),
        (lambda b: {**b, "seats": [{"position": 3, "bet": "-5"}]}, "seats.0.bet"),
        (lambda b: {**b, "seats": [{"position": 3, "bet": "10", "setting": {"high": ["AS", "KS", "QS", "JS", "TS"],
                                                                          "low": ["9S", "8S"]}}]}, "seats.0.setting"),
        (lambda b: {**b, "events": [{"type": "exposed", "card": "JK"}, {"type": "exposed", "card": "JK"},
                                    {"type": "exposed", "card": "JK"}]}, "events.2.card"),
        (lambda b: {**b, "actions": ["shuffle"]}, "actions.0"),
        (lambda b: {**b, "actions": ["announce total=3 position=3", "set-aside cards=AS,KS,QS,JS,TS"]}, "actions.1"),
        (lambda b: {**b, "actions": ["set position=3 high=AS low=KS"]}, "actions.0"),
        (lambda b: {**b, "actions": [], "automations": ["all"]}, "automations.0"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(change, field):
    body = change({**START, "actions": START.get("actions", [])})
    errors = refused(body)
    assert field in errors, errors


@pytest.mark.parametrize("seed", range(10))
def test_seeded_rounds_replayed_at_the_door_are_complete(seed):
    rng = random.Random(seed)
    start = PaiGowStart.seeded(rng, (Seat(2, Decimal("10")), Seat(6, Decimal("40"))), Decimal("45"))
    played = play_out(PaiGowRound.begin(start, RULES))
    settings = dict(start.settings)
    body = {
        "deck": [str(card) for card in start.deck], "dice": list(start.dice), "bank": "45",
        "seats": [{"position": seat.position, "bet": str(seat.bet),
                   "setting": {"high": [str(c) for c in settings[seat.position].high],
                               "low": [str(c) for c in settings[seat.position].low]}} for seat in start.seats],
        "actions": [action.notation() for action in played.log if action.ACTOR is Actor.DEALER],
    }
    ruling = ask(body)
    assert ruling["answer"]["complete"] is True
    assert {hand["position"]: hand["win"] for hand in ruling["answer"]["settlement"]["hands"]} == {
        position: f"{net:.2f}" for position, net in played.paid().items()
    }
