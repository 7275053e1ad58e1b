"""The over-under-26 ``procedure`` question: a recorded dealer log checked step by step
(RULES.md OU-P…), the settlement the round must end with, and bad input as 400s."""

from __future__ import annotations

import json
import random

import pytest

from drills.rulings.base import RulingInputError, answer, decode_body
from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE, OverUnderRules
from games.over_under_26.round import Actor, OverUnderRound
from games.procedure import play_out
from tests.games.test_over_under_26_round import seeded_start

GAME = "over-under-26"
RULES = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
START = {
    "cards": ["9S", "5H", "6D", "7C"],
    "boxes": [{"box": 1, "ante": "10", "choice": "over"}, {"box": 2, "ante": "10", "choice": "under"}],
}
DEAL = ["deal-up card=9S", "deal-down card=5H", "deal-down card=6D", "deal-down card=7C"]
RIGHT = [*DEAL, "turn", "announce total=27", "collect box=2 bet=main amount=20.00", "pay box=1 bet=main amount=20",
         "discard"]


def ask(body, rules=RULES):
    return answer(GAME, "procedure", decode_body(json.dumps(body)), rules).to_json()


def refused(body, rules=RULES):
    with pytest.raises(RulingInputError) as caught:
        answer(GAME, "procedure", decode_body(json.dumps(body)), rules)
    return caught.value.errors


def test_a_right_round_is_complete_with_its_settlement():
    ruling = ask({**START, "actions": RIGHT})
    assert ruling["answer"]["complete"] is True
    assert ruling["answer"]["deviation"] is None
    assert all(step["right"] for step in ruling["answer"]["steps"])
    assert [row["net"] for row in ruling["answer"]["settlement"]] == ["20.00", "-20.00"]
    assert "OU-P6" in ruling["rules"]


def test_the_first_deviation_names_the_mistake_and_the_due_action():
    wrong = [*DEAL, "turn", "announce total=27", "pay box=1 bet=main amount=20.00"]
    ruling = ask({**START, "actions": wrong})
    deviation = ruling["answer"]["deviation"]
    assert deviation["step"] == 7
    assert deviation["mistake"] == "started-settlement-at-wrong-box"
    assert deviation["due"] == "collect box=2 bet=main amount=20.00"
    assert deviation["rule"] == "OU-P6"
    assert "Started the settlement at the wrong position" in ruling["explanation"]
    assert ruling["answer"]["correct_actions"][-3:] == [
        "collect box=2 bet=main amount=20.00", "pay box=1 bet=main amount=20.00", "discard",
    ]


def test_a_first_card_joker_revealed_is_the_named_mistake():
    body = {"cards": ["JK", "5H", "6D", "7C"], "boxes": [{"box": 3, "ante": "10"}],
            "actions": ["deal-up card=JK", "deal-down card=5H", "deal-down card=6D", "deal-down card=7C", "turn"]}
    deviation = ask(body)["answer"]["deviation"]
    assert deviation["mistake"] == "revealed-after-first-card-joker"
    assert deviation["rule"] == "OU-P3"
    assert deviation["due"] == "pay box=3 bet=main amount=30.00"


def test_automations_leave_the_settlement_to_the_trainee():
    body = {**START, "automations": ["dealing", "revealing", "clearing"],
            "actions": ["collect box=2 bet=main amount=20.00", "pay box=1 bet=main amount=20.00"]}
    assert ask(body)["answer"]["complete"] is True


def test_a_partial_log_says_what_is_next():
    ruling = ask({**START, "actions": DEAL[:2]})
    assert ruling["answer"]["next"] == "deal-down card=6D"
    assert ruling["answer"]["complete"] is False


def test_actions_may_be_one_text_with_comments():
    text = "\n".join([*DEAL, "# the reveal", "turn", "", "announce total=27"])
    assert ask({**START, "actions": text})["answer"]["next"] == "collect box=2 bet=main amount=20.00"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**START, "actions": ["shuffle"]}, "actions.0"),  # outside the vocabulary
        ({**START, "actions": ["deal-up"]}, "actions.0"),  # a missing value
        ({**START, "actions": ["deal-up card=9S", "deal-down card=AS"]}, "actions.1"),  # not the next card
        ({**START, "actions": ["choose box=1 choice=over"]}, "actions.0"),  # a player's decision
        ({**START, "actions": "deal-up card=9S\nfly"}, "actions.1"),
        ({**START, "actions": [7]}, "actions.0"),
        ({**START, "actions": {}}, "actions"),
        ({**START, "actions": [], "automations": ["everything"]}, "automations.0"),
        ({**START, "cards": ["9S", "5H", "6D", "KC"], "actions": []}, "cards.3"),
        ({**START, "boxes": [{"box": 1, "ante": "10", "bonus": "11", "choice": "over"}], "actions": []},
         "boxes.0.bonus"),
        ({**START, "boxes": [{"box": 1, "ante": "1e30", "choice": "over"}], "actions": []}, "boxes.0.ante"),
        ({**START, "boxes": [{"box": 9, "ante": "10", "choice": "over"}], "actions": []}, "boxes.0.box"),
        ({**START, "boxes": [{"box": 1, "ante": "10"}], "actions": []}, "choice"),
        ({**START, "boxes": [], "actions": []}, "boxes"),
        ({"boxes": START["boxes"], "actions": []}, "cards"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(body, field):
    errors = refused(body)
    assert any(name == field or name.endswith("." + field) for name in errors), errors


def test_the_bonus_without_a_pay_table_is_refused_naming_it():
    body = {**START, "boxes": [{"box": 1, "ante": "10", "bonus": "5", "choice": "over"}], "actions": []}
    assert "boxes.0.bonus" in refused(body, OverUnderRules())


@pytest.mark.parametrize("seed", range(25))
def test_the_correct_log_of_a_seeded_round_is_complete_at_the_door(seed):
    start = seeded_start(seed)
    played = play_out(OverUnderRound.begin(start, RULES))
    body = {
        "cards": [str(card) for card in start.cards],
        "boxes": [
            {"box": bet.box, "ante": str(bet.ante), "bonus": str(bet.bonus), "choice": choice and choice.value}
            for bet, choice in zip(start.boxes, start.choices, strict=True)
        ],
        "actions": [action.notation() for action in played.log if action.ACTOR is Actor.DEALER],
    }
    ruling = ask(body)
    assert ruling["answer"]["complete"] is True
    assert {row["box"]: row["net"] for row in ruling["answer"]["settlement"]} == {
        box: f"{net:.2f}" for box, net in played.paid().items()
    }


def test_seeded_starts_vary():
    assert len({seeded_start(random.Random(seed).randint(0, 10**6)).cards for seed in range(10)}) > 5
