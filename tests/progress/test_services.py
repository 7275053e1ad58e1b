"""Real services (``.ci/run``): PostgreSQL, Redis and a Celery worker.

- The nightly rebuild travels through the broker to the worker, which rebuilds the rows
  from the raw attempts on PostgreSQL; afterwards they match a recomputation.
- Concurrent grading of one trainee's attempts (two tabs, several web processes) loses no
  update of the roll-up: the trainee lock serialises the read-modify-write on PostgreSQL.
"""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection

from drills.kinds.base import Difficulty, Grade, get_kind
from drills.models import Attempt, User
from drills.practice import services as practice_services
from drills.progress.models import DailyTally, SkillRollup, TraineeSummary
from drills.progress.services import (
    rebuild_trainee,
    recomputed_snapshot,
    stored_snapshot,
    trainee_state_from_attempts,
)
from drills.progress.tasks import rebuild_all_rollups
from tests.progress.conftest import grade_attempt

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_nightly_rebuild_runs_in_the_worker_and_the_rows_match(trainee: User, teammate: User) -> None:
    assert connection.vendor == "postgresql"
    for index in range(8):
        grade_attempt(trainee, "ou-total", correct=index % 4 != 0, ms=1500 * index, mistake_code="m", mistake="x")
    for index in range(3):
        grade_attempt(teammate, "ou-settle", correct=index == 1, ms=20_000, difficulty="hard")
    expected = {user.pk: recomputed_snapshot(user.pk) for user in (trainee, teammate)}
    # Drift: a lost row, a wrong counter, a missing day.
    SkillRollup.objects.filter(user=teammate).delete()
    SkillRollup.objects.filter(user=trainee).update(answers=1, recent=[])
    DailyTally.objects.filter(user=trainee).delete()

    result = rebuild_all_rollups.delay().get(timeout=60)

    assert result == {"trainees": 2, "drifted": 2}
    for user in (trainee, teammate):
        assert stored_snapshot(user.pk) == expected[user.pk]
        assert TraineeSummary.objects.get(user=user).rebuilt_at is not None
    assert rebuild_all_rollups.delay().get(timeout=60) == {"trainees": 2, "drifted": 0}


def test_concurrent_grading_loses_no_update(trainee: User) -> None:
    pending = []
    for index in range(8):
        stored, scenario = practice_services.start_scenario(trainee, get_kind("ou-total"), Difficulty.NORMAL)
        attempt = Attempt.objects.create(
            scenario=stored,
            user=trainee,
            kind="ou-total",
            difficulty="normal",
            answer={},
            answered_at=stored.shown_at,
            time_taken_ms=1000 + index,
        )
        grade = Grade(
            correct=index % 2 == 0,
            score=Decimal(index % 2 == 0),
            expected=dict(scenario.solution.key),
            explanation="",
            rules=(),
        )
        pending.append((attempt, grade))
    barrier = threading.Barrier(len(pending))
    errors: list[BaseException] = []

    def grade_one(attempt: Attempt, grade: Grade) -> None:
        try:
            barrier.wait()
            practice_services.record_grade(attempt, grade)
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=grade_one, args=item) for item in pending]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    row = SkillRollup.objects.get(user=trainee, kind="ou-total")
    assert (row.answers, row.correct, len(row.recent)) == (8, 4, 8)
    assert TraineeSummary.objects.get(user=trainee).answers == 8
    assert stored_snapshot(trainee.pk) == recomputed_snapshot(trainee.pk)


def test_grading_while_the_rebuild_runs_stays_exact(trainee: User) -> None:
    """Grading (one statement under the trainee's advisory lock) and rebuilding (the same
    lock first) of one trainee at once: no deadlock, no error, and the rows end equal to
    the recomputation from the raw attempts, the summary included."""
    assert connection.vendor == "postgresql"
    for index in range(5):  # rows for the rebuild to replace while grading goes on
        grade_attempt(trainee, "ou-total", correct=index % 2 == 0, ms=2000 + index)
    pending = []
    for index in range(12):
        stored, _ = practice_services.start_scenario(trainee, get_kind("ou-total"), Difficulty.NORMAL)
        attempt = Attempt.objects.create(
            scenario=stored,
            user=trainee,
            kind="ou-total",
            difficulty="normal",
            answer={},
            answered_at=stored.shown_at,
            time_taken_ms=3000 + index,
        )
        grade = Grade(correct=index % 3 == 0, score=Decimal(index % 3 == 0), expected={}, explanation="", rules=())
        pending.append((attempt, grade))
    barrier = threading.Barrier(len(pending) + 2)
    errors: list[BaseException] = []

    def run(work) -> None:  # type: ignore[no-untyped-def]
        try:
            barrier.wait()
            work()
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    def rebuild_thrice() -> None:
        for _ in range(3):
            rebuild_trainee(trainee.pk)

    jobs = [lambda item=item: practice_services.record_grade(*item) for item in pending]
    threads = [threading.Thread(target=run, args=(job,)) for job in [*jobs, rebuild_thrice, rebuild_thrice]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert stored_snapshot(trainee.pk) == recomputed_snapshot(trainee.pk)
    summary = TraineeSummary.objects.get(user=trainee)
    assert (summary.answers, summary.recent_days) == (17, trainee_state_from_attempts(trainee.pk).recent_days)
    assert rebuild_trainee(trainee.pk) is False  # nothing had drifted
