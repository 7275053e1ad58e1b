"""The FSRS fold (pure): ratings from correctness and time, what counts as a review, lapses,
and the result not depending on the order the answers are listed in."""

from __future__ import annotations

import datetime as dt
import random

from fsrs import Rating, State
from hypothesis import given, settings
from hypothesis import strategies as st

from drills.learning.memory import Answer, Memory, fold, rating_for, scheduler

START = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)


def answer(n: int, minutes: float, correct: bool = True, ms: int = 4000, target: int = 10) -> Answer:
    return Answer(n, correct, ms, START + dt.timedelta(minutes=minutes), target)


def test_ratings_come_from_correctness_and_time_against_the_target() -> None:
    assert rating_for(False, 1000, 10) is Rating.Again
    assert rating_for(True, 5000, 10) is Rating.Easy  # within half the target
    assert rating_for(True, 5001, 10) is Rating.Good
    assert rating_for(True, 10000, 10) is Rating.Good  # on target
    assert rating_for(True, 10001, 10) is Rating.Hard


def test_a_first_quick_answer_is_good_not_easy_and_starts_the_learning_steps() -> None:
    memory = Memory()
    assert memory.apply(answer(1, 0, ms=1000), 0.9) is Rating.Good
    assert memory.state == State.Learning.value
    assert memory.step == 1
    assert memory.due == START + dt.timedelta(minutes=10)  # fsrs's second learning step


def test_answers_ahead_of_time_only_count_but_a_miss_always_is_a_review() -> None:
    memory = Memory()
    memory.apply(answer(1, 0), 0.9)
    assert memory.apply(answer(2, 1), 0.9) is None  # not due yet: counted, not reviewed
    assert (memory.reviews, memory.answers) == (1, 2)
    assert memory.apply(answer(3, 2, correct=False), 0.9) is Rating.Again
    assert (memory.reviews, memory.answers, memory.misses) == (2, 3, 1)


def test_a_lapse_is_forgetting_after_the_family_was_learnt() -> None:
    memory = Memory()
    memory.apply(answer(1, 0, correct=False), 0.9)  # a miss while learning: no lapse
    memory.apply(answer(2, 2), 0.9)
    memory.apply(answer(3, 15), 0.9)
    assert memory.state == State.Review.value
    assert memory.lapses == 0
    assert memory.due is not None
    later = (memory.due - START).total_seconds() / 60 + 5
    memory.apply(answer(4, later, correct=False), 0.9)
    assert memory.state == State.Relearning.value
    assert memory.lapses == 1


def test_recall_falls_with_time_and_the_schedule_follows_the_retention() -> None:
    memory = fold([answer(1, 0), answer(2, 15), answer(3, 60 * 24 * 3)], 0.9)
    assert memory.recall(START + dt.timedelta(days=4), 0.9) > memory.recall(START + dt.timedelta(days=30), 0.9)
    learnt, learnt_strictly = fold([answer(1, 0), answer(2, 15)], 0.9), fold([answer(1, 0), answer(2, 15)], 0.95)
    assert learnt_strictly.due is not None
    assert learnt.due is not None
    assert learnt_strictly.due < learnt.due  # a higher desired retention reviews sooner


def test_recall_is_unknown_before_a_review() -> None:
    assert Memory().recall(START, 0.9) is None


answers = st.lists(
    st.tuples(st.integers(0, 60 * 24 * 40), st.booleans(), st.integers(500, 60000)), min_size=1, max_size=30
)


@settings(max_examples=60, deadline=None)
@given(answers, st.randoms(use_true_random=False))
def test_the_fold_does_not_depend_on_the_order_answers_are_listed_in(items: list, rng: random.Random) -> None:
    ordered = sorted(items)
    stream = [answer(n + 1, minutes, correct, ms) for n, (minutes, correct, ms) in enumerate(ordered)]
    shuffled = stream[:]
    rng.shuffle(shuffled)
    assert fold(shuffled, 0.9) == fold(stream, 0.9)
    memory = fold(stream, 0.9)
    assert memory.answers == len(stream)
    assert memory.misses == sum(not c for _, c, _ in ordered)
    assert 1 <= memory.reviews <= memory.answers
    assert memory.difficulty is None or 1 <= memory.difficulty <= 10


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.floats(0, 60 * 24 * 20), st.booleans(), st.integers(500, 30_000)), min_size=1, max_size=25),
    st.sampled_from([0.7, 0.8, 0.9, 0.95]),
    st.lists(st.floats(0, 60 * 24 * 400), min_size=1, max_size=6),
    st.sampled_from([dt.UTC, dt.timezone(dt.timedelta(hours=-5)), dt.timezone(dt.timedelta(hours=9, minutes=30))]),
)
def test_the_closed_form_recall_is_the_packages_retrievability(
    steps: list[tuple[float, bool, int]], retention: float, later: list[float], zone: dt.tzinfo
) -> None:
    """The pages' forecast (closed form on floats) equals ``Scheduler.get_card_retrievability``
    exactly, over many cards and moments, whatever the zone of the moment asked about."""
    gaps = [gap for gap, _correct, _ms in steps]
    times = [sum(gaps[: index + 1]) for index in range(len(gaps))]
    answers = [
        answer(n, minutes, correct, ms)
        for n, (minutes, (_gap, correct, ms)) in enumerate(zip(times, steps, strict=True), 1)
    ]
    memory = fold(answers, retention)
    for minutes in later:
        at = (START + dt.timedelta(minutes=times[-1] + minutes)).astimezone(zone)
        package = scheduler(retention).get_card_retrievability(memory.card(), current_datetime=at.astimezone(dt.UTC))
        assert memory.recall(at, retention) == float(package)
