"""Practice pages through their edges: "Retry my mistakes" once none are left, and an
attempt whose grading raised (saved, shown as being graded, graded once: when its page is
read or its answer sent again, with no scheduler, and by the sweep, which backs off from
attempts that keep failing so that they cannot starve the others)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from drills.kinds.base import AnswerError, Difficulty, get_kind
from drills.models import Attempt, AttemptStatus, DrillScenario, User
from drills.practice import services
from drills.practice.views import NO_MISTAKES_LEFT
from drills.progress.models import TraineeSummary
from drills.tasks import grade_stranded_attempts

pytestmark = pytest.mark.django_db


def wrong_answer(trainee: User) -> DrillScenario:
    stored, _ = services.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    services.submit_answer(stored, {"total": stored.key["total"] + 1})
    return stored


def follow_retry(client: Client) -> Any:
    return client.post("/drills/retry/", follow=True)


def test_next_after_putting_the_last_mistake_right_says_none_are_left(trainee_client: Client, trainee: User) -> None:
    original = wrong_answer(trainee)
    first = trainee_client.post("/drills/retry/")
    assert first.status_code == 302
    retry = DrillScenario.objects.get(retry_of=original)
    assert first["Location"] == f"/drills/s/{retry.public_id}/"
    answered = trainee_client.post(f"/drills/s/{retry.public_id}/answer/", {"total": str(original.key["total"])})
    assert answered.status_code == 302
    # The feedback's Next button posts to the retry view again: the queue is now empty.
    page = trainee_client.get(answered["Location"]).content.decode()
    assert 'action="/drills/retry/"' in page
    final = follow_retry(trainee_client)
    assert final.redirect_chain == [("/drills/", 302)]
    assert final.status_code == 200
    assert NO_MISTAKES_LEFT in final.content.decode()
    assert "Retry my mistakes (0)" in final.content.decode()


def test_a_stale_picker_count_after_back_is_answered_with_the_message(trainee_client: Client, trainee: User) -> None:
    original = wrong_answer(trainee)
    picker = trainee_client.get("/drills/").content.decode()
    assert "Retry my mistakes (1)" in picker
    # Put it right in another tab, then press the stale button of the picker (Back).
    retry, _ = services.start_scenario(
        trainee, get_kind("ou-total"), Difficulty.EASY, "retry", seed=original.seed, retry_of=original
    )
    services.submit_answer(retry, dict(original.key))
    response = follow_retry(trainee_client)
    assert response.status_code == 200
    assert NO_MISTAKES_LEFT in response.content.decode()
    assert DrillScenario.objects.filter(retry_of=original).count() == 1  # no scenario started from nothing


@pytest.fixture
def grading_breaks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the Over/Under total kind's grading raise, as an engine bug would; returns a
    list the test can clear to mend it."""
    kind = get_kind("ou-total")
    real = type(kind).grade
    broken = [1]

    def grade(self: Any, *args: Any, **kwargs: Any) -> Any:
        if broken:
            raise RuntimeError("engine bug")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(type(kind), "grade", grade)
    return broken


def test_a_failed_grading_keeps_the_answer_says_being_graded_and_the_sweep_grades_it_once(
    trainee_client: Client, trainee: User, grading_breaks: list[int]
) -> None:
    stored, _ = services.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    right = str(stored.key["total"])
    response = trainee_client.post(f"/drills/s/{stored.public_id}/answer/", {"total": right}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Being graded" in page
    assert f"Total <strong>{right}</strong>" in page
    attempt = Attempt.objects.get(scenario=stored)
    assert attempt.status == AttemptStatus.RECEIVED
    # A resubmit: the first answer stands, and still says it is being graded (not a blank grade).
    again = trainee_client.post(f"/drills/s/{stored.public_id}/answer/", {"total": "0"}, headers={"HX-Request": "true"})
    assert "your first answer stands" in again.content.decode()
    assert "Being graded" in again.content.decode()
    api = trainee_client.get(f"/api/v1/drills/scenarios/{stored.public_id}/").json()["attempt"]
    assert (api["status"], api["grading"], api["correct"]) == ("received", True, None)
    assert "Being graded" in trainee_client.get("/drills/history/").content.decode()

    # The sweep leaves attempts younger than a minute (their request may still be grading them).
    assert grade_stranded_attempts.apply().get() == {"graded": 0, "failed": 0}  # the task, in this process
    later = timezone.now() + services.STRANDED_AFTER + dt.timedelta(seconds=1)
    assert services.grade_stranded_attempts(later) == services.StrandedReport(graded=0, failed=1)  # still broken
    grading_breaks.clear()
    # Two failures: the next try waits two minutes (then four, eight... at most a day).
    assert services.grade_stranded_attempts(later) == services.StrandedReport(graded=0, failed=0)
    attempt.refresh_from_db()
    assert (attempt.grading_failures, attempt.next_grading_at) == (2, later + 2 * services.STRANDED_AFTER)
    after_the_wait = later + 2 * services.STRANDED_AFTER
    assert services.grade_stranded_attempts(after_the_wait) == services.StrandedReport(graded=1, failed=0)
    assert services.grade_stranded_attempts(after_the_wait) == services.StrandedReport(graded=0, failed=0)
    attempt.refresh_from_db()
    assert (attempt.status, attempt.correct) == (AttemptStatus.GRADED, True)
    assert attempt.answer == {"total": stored.key["total"]}
    assert TraineeSummary.objects.get(user=trainee).answers == 1  # counted once
    assert services.grade_attempt(attempt.pk).correct is True  # idempotent
    assert TraineeSummary.objects.get(user=trainee).answers == 1
    page = trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode()
    assert "Being graded" not in page
    assert "Right" in page


def test_racing_graders_count_an_attempt_once(trainee: User, grading_breaks: list[int]) -> None:
    stored, _ = services.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    outcome = services.submit_answer(stored, dict(stored.key))
    assert outcome.grade is None
    grading_breaks.clear()
    stale = Attempt.objects.get(pk=outcome.attempt.pk)  # a second grader read it as received
    services.grade_attempt(outcome.attempt.pk)
    scenario = services.regenerate(stored)
    grade = get_kind("ou-total").grade(scenario, stale.answer, services.stored_rules(stored))
    assert services.record_grade(stale, grade) is False
    assert TraineeSummary.objects.get(user=trainee).answers == 1


def broken_answer(trainee: User) -> tuple[DrillScenario, Attempt]:
    """A right answer whose grading raised (``grading_breaks`` on): saved, received."""
    stored, _ = services.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    outcome = services.submit_answer(stored, dict(stored.key))
    assert outcome.grade is None
    return stored, Attempt.objects.get(pk=outcome.attempt.pk)


def wait_over(attempt: Attempt) -> None:
    """The wait after the failed grading has passed (as if the minute had gone by)."""
    Attempt.objects.filter(pk=attempt.pk).update(next_grading_at=timezone.now() - dt.timedelta(seconds=1))


@pytest.mark.parametrize("reader", ["page", "api"])
def test_a_stranded_attempt_is_graded_when_it_is_read_without_a_scheduler(
    trainee_client: Client, trainee: User, grading_breaks: list[int], reader: str
) -> None:
    stored, attempt = broken_answer(trainee)
    assert (attempt.grading_failures, attempt.status) == (1, AttemptStatus.RECEIVED)
    url = {"page": f"/drills/s/{stored.public_id}/", "api": f"/api/v1/drills/scenarios/{stored.public_id}/"}[reader]
    grading_breaks.clear()
    # Within the wait after the failure, a read shows "being graded" and does not grade.
    assert "Being graded" in trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode()
    attempt.refresh_from_db()
    assert attempt.status == AttemptStatus.RECEIVED
    wait_over(attempt)
    response = trainee_client.get(url)
    assert response.status_code == 200
    if reader == "page":
        assert "Being graded" not in response.content.decode()
        assert "Right" in response.content.decode()
    else:
        assert (response.json()["attempt"]["status"], response.json()["attempt"]["correct"]) == ("graded", True)
    attempt.refresh_from_db()
    assert (attempt.status, attempt.correct) == (AttemptStatus.GRADED, True)
    assert TraineeSummary.objects.get(user=trainee).answers == 1
    trainee_client.get(url)
    assert TraineeSummary.objects.get(user=trainee).answers == 1  # counted once


def test_a_read_whose_grading_still_fails_counts_it_and_backs_off(
    trainee_client: Client, trainee: User, grading_breaks: list[int]
) -> None:
    stored, attempt = broken_answer(trainee)
    wait_over(attempt)
    page = trainee_client.get(f"/drills/s/{stored.public_id}/")
    assert page.status_code == 200
    assert "Being graded" in page.content.decode()
    attempt.refresh_from_db()
    assert attempt.grading_failures == 2
    assert attempt.next_grading_at is not None
    assert attempt.next_grading_at > timezone.now() + dt.timedelta(seconds=90)


def test_a_resubmit_grades_a_stranded_attempt_and_the_first_answer_stands(
    trainee_client: Client, trainee: User, grading_breaks: list[int]
) -> None:
    stored, attempt = broken_answer(trainee)
    grading_breaks.clear()
    wait_over(attempt)
    again = trainee_client.post(f"/drills/s/{stored.public_id}/answer/", {"total": "0"}, headers={"HX-Request": "true"})
    text = again.content.decode()
    assert "your first answer stands" in text
    assert "Being graded" not in text
    assert "Right" in text
    attempt.refresh_from_db()
    assert (attempt.status, attempt.correct) == (AttemptStatus.GRADED, True)
    assert attempt.answer == {"total": stored.key["total"]}


def test_attempts_that_always_fail_cannot_starve_the_others(
    trainee: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep takes a batch (500; 3 here): three older attempts whose grading always
    raises come first once, then wait (each failure doubles the wait), and the newer
    attempt behind them is graded by the next sweep."""
    monkeypatch.setattr(services, "SWEEP_BATCH", 3)
    kind = get_kind("ou-total")
    real = type(kind).grade
    poisoned: set[int] = set()
    everything_breaks = [1]

    def grade(self: Any, scenario: Any, *args: Any, **kwargs: Any) -> Any:
        if everything_breaks or scenario.seed in poisoned:
            raise RuntimeError("engine bug")
        return real(self, scenario, *args, **kwargs)

    monkeypatch.setattr(type(kind), "grade", grade)
    start = timezone.now()
    poison = [broken_answer(trainee)[1] for _ in range(3)]
    _, healthy = broken_answer(trainee)
    for age, attempt in enumerate([*poison, healthy]):  # the poisoned ones are the oldest
        Attempt.objects.filter(pk=attempt.pk).update(answered_at=start - dt.timedelta(minutes=10 - age))
    poisoned.update(attempt.scenario.seed for attempt in poison)
    everything_breaks.clear()

    first = start + services.STRANDED_AFTER + dt.timedelta(seconds=1)
    assert services.grade_stranded_attempts(first) == services.StrandedReport(graded=0, failed=3)
    healthy.refresh_from_db()
    assert healthy.status == AttemptStatus.RECEIVED  # behind the batch, this time
    second = first + services.STRANDED_AFTER
    assert services.grade_stranded_attempts(second) == services.StrandedReport(graded=1, failed=0)
    healthy.refresh_from_db()
    assert (healthy.status, healthy.correct) == (AttemptStatus.GRADED, True)
    failures = sorted(Attempt.objects.filter(pk__in=[a.pk for a in poison]).values_list("grading_failures", flat=True))
    assert failures == [2, 2, 2]


@pytest.mark.parametrize(
    ("failures", "minutes"), [(1, 1), (2, 2), (3, 4), (6, 32), (11, 1024), (12, 1440), (500, 1440)]
)
def test_the_wait_after_a_failed_grading_doubles_up_to_a_day(failures: int, minutes: int) -> None:
    assert services.retry_delay(failures) == dt.timedelta(minutes=minutes)


# --- a scenario shown under another engine version ------------------------------------------


def _shown_by_an_earlier_engine(trainee: User, key_changed: bool) -> DrillScenario:
    stored, _ = services.start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL)
    changes: dict[str, Any] = {"engine_version": "0.9.0"}
    if key_changed:  # what an engine change that draws other boxes for this seed looks like
        changes["key"] = {**stored.key, "pays": "999.99"}
    DrillScenario.objects.filter(pk=stored.pk).update(**changes)
    stored.refresh_from_db()
    return stored


def test_a_scenario_from_an_earlier_engine_whose_key_changed_is_refused_and_nothing_is_saved(trainee: User) -> None:
    stored = _shown_by_an_earlier_engine(trainee, key_changed=True)
    with pytest.raises(AnswerError) as caught:
        services.submit_answer(stored, {"pays": "10.00", "collects": "0"})
    assert "earlier version of the rules engine (0.9.0)" in caught.value.errors["scenario"][0]
    assert not Attempt.objects.filter(scenario=stored).exists()


def test_a_scenario_from_an_earlier_engine_whose_key_is_unchanged_is_graded(trainee: User) -> None:
    stored = _shown_by_an_earlier_engine(trainee, key_changed=False)
    outcome = services.submit_answer(stored, dict(stored.key))
    assert outcome.attempt.status == AttemptStatus.GRADED
