"""The trainee home's "answers to put right" count (issue 15, speed): read without loading the
scenarios, it is the length of the retry queue the Retry page works through, case by case."""

from __future__ import annotations

import pytest

from drills.kinds.base import Difficulty, get_kind
from drills.models import DrillScenario, User
from drills.practice import services
from drills.practice.selectors import retry_count, retry_queue

pytestmark = pytest.mark.django_db


def answered(trainee: User, right: bool, seed: int, retry_of: DrillScenario | None = None) -> DrillScenario:
    mode = "retry" if retry_of else "practice"
    stored, _ = services.start_scenario(
        trainee, get_kind("ou-total"), Difficulty.EASY, mode, seed=seed, retry_of=retry_of
    )
    services.submit_answer(stored, {"total": stored.key["total"] + (0 if right else 1)})
    return stored


def same(trainee: User, limit: int = 20) -> int:
    count = retry_count(trainee, limit)
    assert count == len(retry_queue(trainee, limit))
    return count


def test_nothing_to_put_right(trainee: User) -> None:
    answered(trainee, True, 1)
    assert same(trainee) == 0


def test_each_wrong_answer_counts_once_and_a_wrong_retry_counts_as_its_original(trainee: User) -> None:
    first = answered(trainee, False, 1)
    answered(trainee, False, 2)
    answered(trainee, False, 1, retry_of=first)  # missed again: still the one mistake
    answered(trainee, False, 2)  # the same scenario (kind, seed, difficulty) missed again
    assert same(trainee) == 2


def test_a_mistake_put_right_leaves_the_count(trainee: User) -> None:
    first = answered(trainee, False, 1)
    answered(trainee, False, 2)
    answered(trainee, True, 1, retry_of=first)
    assert same(trainee) == 1


@pytest.mark.parametrize("limit", [1, 2, 3, 20])
def test_the_count_stops_at_the_queues_limit(trainee: User, limit: int) -> None:
    for seed in range(4):
        answered(trainee, False, seed)
    assert same(trainee, limit) == min(limit, 4)
