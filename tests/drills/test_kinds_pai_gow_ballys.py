"""The house-way drill under the second house way (Bally's Atlantic City, two jokers): the
key, the door and the explanation are that way's, and its named mistakes cite its steps,
on worked situations and on seeded scenarios."""

from __future__ import annotations

import json
from typing import Any

import pytest

from drills.kinds.base import Difficulty, Grade, Scenario, get_kind
from drills.rulings.base import answer as door_answer
from games.pai_gow import PaiGowRules
from tests.drills.kinds_support import KindBench

BALLYS = PaiGowRules(house_way="ballys-ac")
BENCH = KindBench(BALLYS)
SLUG = "pg-house-way"
CODES = ["pg-house-way-joker-as-ace", "pg-house-way-two-pair-always-split", "pg-house-way-quads-kept",
         "pg-house-way-joker-straight-kept", "pg-house-way-default-way"]


def named(result: Grade, code: str) -> None:
    assert not result.correct
    assert result.mistake_code == code, (result.mistake_code, result.expected)
    assert "PG-" in result.mistake


def test_the_key_and_the_explanation_are_the_way_s():
    made = BENCH.scenario(SLUG, {"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C"]})
    assert dict(made.solution.key) == {"front": ["AS", "9H"]}
    assert made.solution.explanation.startswith("Bally's way step 6: two pair, low and high")
    assert "PG-H step" not in made.solution.explanation
    assert made.solution.family == "step-6"
    assert dict(made.prompt.facts)["House way"] == BALLYS.way.label


def test_the_mistakes_are_the_way_s_own():
    mistakes = get_kind(SLUG).mistakes(BALLYS)
    assert [mistake.code for mistake in mistakes] == CODES
    for mistake in mistakes[1:4]:
        assert "Bally's way step" in mistake.reason.words()
        assert "PG-H step" not in mistake.reason.words()


@pytest.mark.parametrize(("cards", "answer", "code"), [
    ("JS JH 4D 4C AS 9H 2C", ["4D", "4C"], "pg-house-way-two-pair-always-split"),  # kept with the Ace here
    ("9S 9H 4D 4C KS QH 2C", ["4C", "4D"], "pg-house-way-two-pair-always-split"),  # kept with the King here
    ("QS QH QD QC KS 7H 3D", ["KS", "7H"], "pg-house-way-quads-kept"),  # four Queens, no Ace: split
    ("AS AH AD AC QS QH 3D", ["QS", "QH"], "pg-house-way-quads-kept"),  # four Aces split beside Queens
    ("AS KD QH JC JK 5S 3D", ["5S", "3D"], "pg-house-way-joker-straight-kept"),
    ("KS KH KD QS QH 9S 9H", ["KS", "KH"], "pg-house-way-default-way"),  # PG-H's pair from the trips
    ("KS KH 6S 6H JK QD 9C", ["KS", "KH"], "pg-house-way-default-way"),
    ("JS JH 4D 4C AS 9H 2C", ["JS", "JH"], "pg-house-way-fouled"),
])
def test_named_mistakes(cards: str, answer: list[str], code: str):
    named(BENCH.grade(SLUG, {"cards": cards.split()}, {"front": answer}), code)


def test_an_equivalent_front_is_right():
    # four Queens split: any two Queens in front leave the same hands
    result = BENCH.grade(SLUG, {"cards": ["QS", "QH", "QD", "QC", "KS", "7H", "3D"]}, {"front": ["QD", "QC"]})
    assert result.correct


@pytest.mark.parametrize("code", CODES)
def test_named_mistakes_on_seeded_scenarios(code: str):
    drill = get_kind(SLUG)
    mistake = next(candidate for candidate in drill.mistakes(BALLYS) if candidate.code == code)

    def wrong_answer(made: Scenario) -> dict[str, Any] | None:
        wrong = mistake.solve(made.situation)
        answer = None if wrong is None else {**made.solution.key, **wrong}
        return None if answer is None or answer == dict(made.solution.key) else answer

    def wanted(made: Scenario) -> bool:
        answer = wrong_answer(made)
        return answer is not None and BENCH.graded(made, answer).mistake_code == code

    made = BENCH.first_drawn(SLUG, (Difficulty.HARD, Difficulty.NORMAL), wanted)
    answer = wrong_answer(made)
    assert answer is not None
    result = BENCH.graded(made, answer)
    assert not result.correct
    assert result.mistake == mistake.reason.words()


def test_keys_agree_with_the_door_and_the_probe_stays_wrong():
    drill = get_kind(SLUG)
    for difficulty in Difficulty:
        for seed in range(15):
            made = drill.generate(seed, difficulty, BALLYS)
            question, body = drill.door(made.situation)
            ruling = door_answer("pai-gow", question, json.loads(json.dumps(body)), BALLYS)
            assert dict(drill.key_from_door(ruling.answer)) == dict(made.solution.key), made.situation
            assert ruling.explanation.startswith("Bally's way step")
            assert BENCH.graded(made, dict(made.solution.key)).correct
            pool = list(made.situation["cards"])
            for card in made.solution.key["front"]:
                pool.remove(card)
            probe = [pool[0], made.solution.key["front"][1]]
            assert not BENCH.graded(made, {"front": probe}).correct
