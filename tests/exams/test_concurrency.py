"""On PostgreSQL with a real Celery worker (``@pytest.mark.services``; .ci/run provides
them): racing submits and autosaves give exactly one result; simultaneous starts never
exceed the attempts allowed; grading and the overdue sweep go through the worker."""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, connections, transaction
from django.test import Client
from django.utils import timezone

from drills.exams import services
from drills.exams.models import AnswerEvent, Sitting, SittingResult, SittingStatus
from drills.exams.tasks import close_overdue_sittings
from tests.exams.conftest import make_blueprint, right_answer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released at the same moment; each thread closes
    its own database connection."""
    barrier = threading.Barrier(count)

    def run(index: int) -> Any:
        try:
            barrier.wait(timeout=30)
            return work(index)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def clients(user, count: int) -> list[Client]:
    first = Client()
    first.force_login(user)
    made = []
    for _ in range(count):
        client = Client()
        client.cookies = first.cookies
        made.append(client)
    return made


def wait_for_result(sitting: Sitting, timeout: float = 60) -> SittingResult:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = SittingResult.objects.filter(sitting=sitting).first()
        if result is not None:
            return result
        time.sleep(0.2)
    raise AssertionError("the worker did not grade the sitting")


def test_fifty_racing_submits_and_an_autosave_give_exactly_one_result(candidate, blueprint) -> None:
    sitting = services.start_sitting(candidate, blueprint).sitting
    for position in (1, 2, 3):
        services.save_answer(sitting, position, right_answer(sitting, position))
    http = clients(candidate, 51)
    submit_url = f"/api/v1/exams/sittings/{sitting.public_id}/submit/"
    answer_url = f"/api/v1/exams/sittings/{sitting.public_id}/items/4/answer/"
    late_answer = {"answer": right_answer(sitting, 4)}

    def work(index: int) -> tuple[str, int, Any]:
        if index == 50:
            response = http[index].put(answer_url, late_answer, content_type="application/json")
            return ("autosave", response.status_code, response.json())
        response = http[index].post(submit_url)
        return ("submit", response.status_code, response.json())

    outcomes = together(51, work)
    submits = [body for kind, status, body in outcomes if kind == "submit" and status == 200]
    assert len(submits) == 50
    assert sum(1 for body in submits if not body["already_finished"]) == 1
    autosave = next((status, body) for kind, status, body in outcomes if kind == "autosave")
    assert autosave[0] in (200, 409)

    result = wait_for_result(sitting)
    time.sleep(1)  # any duplicate grading would have landed by now
    assert SittingResult.objects.filter(sitting=sitting).count() == 1
    assert not result.graded_by.endswith(f":{os.getpid()}")  # graded by the worker, not in here
    sitting.refresh_from_db()
    assert sitting.status == SittingStatus.SUBMITTED
    assert all(e.saved_at <= sitting.finished_at for e in AnswerEvent.objects.filter(sitting=sitting))
    item_four = sitting.items.get(position=4)
    graded_four = next(item for item in result.items if item["position"] == 4)
    assert graded_four["answer"] == item_four.answer  # the answer graded is the one kept
    assert (item_four.answer is not None) is (autosave[0] == 200)


def test_twenty_simultaneous_starts_make_one_sitting(candidate, casino) -> None:
    blueprint = make_blueprint(casino, "Crowded", attempts_allowed=1)
    http = clients(candidate, 20)
    url = f"/api/v1/exams/{blueprint.pk}/start/"
    outcomes = together(20, lambda i: http[i].post(url, {}, content_type="application/json"))
    statuses = sorted(response.status_code for response in outcomes)
    assert statuses == [200] * 19 + [201]
    assert len({response.json()["id"] for response in outcomes}) == 1
    assert Sitting.objects.filter(candidate=candidate, blueprint=blueprint).count() == 1


def test_twenty_simultaneous_starts_of_a_last_attempt_never_exceed_it(candidate, casino) -> None:
    blueprint = make_blueprint(casino, "Last try", attempts_allowed=2, retake_wait_hours=0, pass_percent=100)
    first = services.start_sitting(candidate, blueprint).sitting
    services.submit_sitting(first)
    wait_for_result(first)
    http = clients(candidate, 20)
    url = f"/api/v1/exams/{blueprint.pk}/start/"
    outcomes = together(20, lambda i: http[i].post(url, {}, content_type="application/json"))
    assert sorted(response.status_code for response in outcomes) == [200] * 19 + [201]
    numbers = sorted(Sitting.objects.filter(candidate=candidate, blueprint=blueprint).values_list(
        "attempt_number", flat=True))
    assert numbers == [1, 2]
    assert Sitting.objects.get(attempt_number=2).status == SittingStatus.OPEN


def test_the_database_refuses_a_second_attempt_with_the_same_number(candidate, blueprint) -> None:
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.submit_sitting(sitting)
    copy = Sitting.objects.get(pk=sitting.pk)
    copy.pk = None
    copy.public_id = uuid.uuid4()
    with pytest.raises(IntegrityError), transaction.atomic():
        copy.save()
    result = wait_for_result(sitting)
    with pytest.raises(IntegrityError), transaction.atomic():
        SittingResult.objects.create(
            sitting=sitting, graded_at=timezone.now(), score_percent=0, passed=False, sections=[], items=[],
            engine_version="x",
        )
    assert SittingResult.objects.get(sitting=sitting) == result


def test_the_sweep_runs_on_the_worker_and_closes_an_abandoned_sitting(candidate, blueprint) -> None:
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.save_answer(sitting, 2, {"total": 21})
    deadline = timezone.now() - timedelta(seconds=1)
    Sitting.objects.filter(pk=sitting.pk).update(deadline=deadline)  # abandoned; its time is up
    report = close_overdue_sittings.delay().get(timeout=30)
    assert report["closed"] == 1
    sitting.refresh_from_db()
    assert (sitting.status, sitting.finished_at) == (SittingStatus.CLOSED, deadline)
    result = wait_for_result(sitting)
    assert next(item for item in result.items if item["position"] == 2)["answer"] == {"total": 21}


def test_racing_readers_close_an_overdue_sitting_once_and_it_is_graded_once(candidate, blueprint) -> None:
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.save_answer(sitting, 1, right_answer(sitting, 1))
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    http = clients(candidate, 10)
    closed = together(10, lambda i: services.close_overdue_among(Sitting.objects.filter(pk=sitting.pk)))
    assert sum(closed) == 1
    pages = together(10, lambda i: http[i].get("/exams/"))
    assert all(page.status_code == 200 for page in pages)
    result = wait_for_result(sitting)
    assert SittingResult.objects.filter(sitting=sitting).count() == 1
    assert next(item for item in result.items if item["position"] == 1)["answer"] == right_answer(sitting, 1)
