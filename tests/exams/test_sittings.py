"""Sittings on a frozen clock: server deadline, autosave, resume, submit, the sweep, grading."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.test import Client

from drills.exams import scoring, services
from drills.exams.errors import ItemFinal, SittingOver, StartRefused, TimeUp
from drills.exams.models import AnswerEvent, Certificate, Sitting, SittingResult, SittingStatus
from drills.kinds.base import AnswerError
from tests.exams.conftest import make_blueprint, right_answer

pytestmark = pytest.mark.django_db

T0 = datetime(2025, 3, 1, 9, 0, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run on-commit callbacks (grading is queued on commit) as the test's transaction
    never commits; tasks run in-process here even where a broker is configured (a worker
    could not see this test's uncommitted rows: the real worker has its own tests)."""
    from casino_training.celery import app

    def run(function, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield run
    finally:
        app.conf.task_always_eager = eager


def test_start_draws_a_secret_seed_and_derives_every_item_from_it(clock, candidate, blueprint):
    sitting = services.start_sitting(candidate, blueprint).sitting
    assert sitting.deadline == T0 + timedelta(minutes=10)
    assert sitting.attempt_number == 1
    assert sitting.engine_version
    assert sitting.blueprint_snapshot["version"] == 1
    assert sitting.rules_values["bonus_pay_table"] is None or "bonus_pay_table" in sitting.rules_values
    items = list(sitting.items.order_by("position"))
    assert [i.kind for i in items] == ["ou-total"] * 3 + ["ou-settle"] * 2
    assert [i.seed for i in items] == [scoring.item_seed(sitting.form_seed, i.position) for i in items]
    # Regenerated exactly, twice.
    first = [services.regenerate_item(sitting, i).public_json() for i in items]
    assert first == [services.regenerate_item(sitting, i).public_json() for i in items]


def test_two_candidates_get_different_forms(clock, candidate, other_candidate, blueprint):
    one = services.start_sitting(candidate, blueprint).sitting
    two = services.start_sitting(other_candidate, blueprint).sitting
    assert one.form_seed != two.form_seed
    assert [i.seed for i in one.items.all()] != [i.seed for i in two.items.all()]


def test_a_write_one_second_before_the_deadline_is_accepted_one_second_after_refused(clock, candidate, blueprint):
    sitting = services.start_sitting(candidate, blueprint).sitting
    clock.move_to(sitting.deadline - timedelta(seconds=1))
    saved = services.save_answer(sitting, 1, {"total": 12})
    assert saved.saved_at == sitting.deadline - timedelta(seconds=1)
    clock.move_to(sitting.deadline + timedelta(seconds=1))
    with pytest.raises(TimeUp):
        services.save_answer(sitting, 1, {"total": 13})
    item = sitting.items.get(position=1)
    assert item.answer == {"total": 12}
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 1
    sitting.refresh_from_db()
    assert sitting.status == SittingStatus.CLOSED
    assert sitting.finished_at == sitting.deadline


def test_a_malformed_answer_names_the_field_and_saves_nothing(clock, sitting):
    services.save_answer(sitting, 4, {"outcome": "over", "net": "10.00"})
    with pytest.raises(AnswerError) as error:
        services.save_answer(sitting, 4, {"outcome": "sideways", "net": "10.00"})
    assert list(error.value.errors) == ["outcome"]
    assert sitting.items.get(position=4).answer == {"outcome": "over", "net": "10.00"}
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 1


def test_every_save_is_logged_with_its_server_time(clock, sitting):
    services.save_answer(sitting, 1, {"total": 20})
    clock.shift(timedelta(seconds=5))
    services.save_answer(sitting, 1, {"total": 21})
    events = list(AnswerEvent.objects.filter(sitting=sitting).values_list("answer", "saved_at"))
    assert events == [({"total": 20}, T0), ({"total": 21}, T0 + timedelta(seconds=5))]
    item = sitting.items.get(position=1)
    assert (item.answer, item.answered_at, item.saves) == ({"total": 21}, T0 + timedelta(seconds=5), 2)


def test_resume_after_a_new_login_shows_the_true_time_left(clock, candidate, blueprint):
    first = services.start_sitting(candidate, blueprint)
    clock.shift(timedelta(minutes=3, seconds=20))
    client = Client()
    client.force_login(candidate)  # a new session: another device, a new login
    response = client.post(f"/exams/{blueprint.pk}/start/")
    assert response.status_code == 302
    assert response["Location"] == f"/exams/sittings/{first.sitting.public_id}/"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert page.context["seconds_left"] == 6 * 60 + 40
    assert 'data-seconds-left="400"' in page.content.decode()
    api = client.get(f"/api/v1/exams/sittings/{first.sitting.public_id}/").json()
    assert api["seconds_left"] == 400
    assert api["deadline"] == first.sitting.deadline.isoformat().replace("+00:00", "Z")
    assert Sitting.objects.filter(candidate=candidate).count() == 1


def test_the_sweep_closes_an_abandoned_sitting_at_its_deadline_with_its_answers(clock, on_commit, sitting):
    services.save_answer(sitting, 1, {"total": 11})
    services.save_answer(sitting, 4, {"outcome": "fold", "net": "-10"})
    clock.move_to(sitting.deadline - timedelta(seconds=1))
    assert on_commit(services.close_overdue_sittings) == services.SweepReport(closed=0, requeued=0)
    clock.move_to(sitting.deadline + timedelta(seconds=29))
    report = on_commit(services.close_overdue_sittings)
    assert report.closed == 1
    sitting.refresh_from_db()
    assert sitting.status == SittingStatus.CLOSED
    assert sitting.finished_at == sitting.deadline
    result = SittingResult.objects.get(sitting=sitting)  # graded on commit (eager Celery)
    answers = {item["position"]: item["answer"] for item in result.items}
    assert answers[1] == {"total": 11}
    assert answers[4] == {"outcome": "fold", "net": "-10.00"}
    assert answers[2] is None


def test_the_sweep_requeues_a_finished_sitting_left_ungraded(clock, on_commit, sitting):
    services.submit_sitting(sitting)  # the test transaction never commits: no grading ran
    assert not SittingResult.objects.filter(sitting=sitting).exists()
    clock.shift(services.REQUEUE_AFTER - timedelta(seconds=1))
    assert on_commit(services.close_overdue_sittings).requeued == 0
    clock.shift(timedelta(seconds=2))
    assert on_commit(services.close_overdue_sittings).requeued == 1
    assert SittingResult.objects.filter(sitting=sitting).count() == 1
    assert on_commit(services.close_overdue_sittings).requeued == 0


def test_submit_is_final_and_grading_happens_once(clock, on_commit, sitting):
    for position in range(1, 6):
        services.save_answer(sitting, position, right_answer(sitting, position))
    outcome = on_commit(services.submit_sitting, sitting)
    assert not outcome.already_finished
    again = on_commit(services.submit_sitting, sitting)
    assert again.already_finished
    with pytest.raises(SittingOver):
        services.save_answer(sitting, 1, {"total": 1})
    result = SittingResult.objects.get(sitting=sitting)
    assert result.passed
    assert result.score_percent == Decimal("100.00")
    assert services.grade_sitting(sitting.pk) == result  # idempotent
    assert SittingResult.objects.count() == 1
    certificate = Certificate.objects.get(result=result)
    assert certificate.holder_name == "Cara Tester"
    assert len(certificate.code) >= 24


def test_submit_after_the_deadline_is_refused_and_closes_at_the_deadline(clock, on_commit, sitting):
    clock.move_to(sitting.deadline + timedelta(seconds=1))
    with pytest.raises(TimeUp):
        on_commit(services.submit_sitting, sitting)
    sitting.refresh_from_db()
    assert (sitting.status, sitting.finished_at) == (SittingStatus.CLOSED, sitting.deadline)


def test_attempts_and_the_retake_wait(clock, on_commit, candidate, casino):
    blueprint = make_blueprint(casino, "Strict", attempts_allowed=2, retake_wait_hours=24, pass_percent=100)
    first = services.start_sitting(candidate, blueprint).sitting
    on_commit(services.submit_sitting, first)  # nothing answered: fails
    with pytest.raises(StartRefused, match="again from 2025-03-02 09:00"):
        services.start_sitting(candidate, blueprint)
    clock.shift(timedelta(hours=24))
    second = services.start_sitting(candidate, blueprint).sitting
    assert second.attempt_number == 2
    on_commit(services.submit_sitting, second)
    clock.shift(timedelta(hours=48))
    with pytest.raises(StartRefused, match=r"no attempts left \(2 of 2 used\)"):
        services.start_sitting(candidate, blueprint)


def test_no_new_attempt_after_passing(clock, on_commit, sitting, candidate, blueprint):
    for position in range(1, 6):
        services.save_answer(sitting, position, right_answer(sitting, position))
    on_commit(services.submit_sitting, sitting)
    with pytest.raises(StartRefused, match="passed"):
        services.start_sitting(candidate, blueprint)


def test_only_trainees_of_the_property_may_sit(clock, staff, outsider, blueprint):
    for person in (staff, outsider):
        with pytest.raises(StartRefused):
            services.start_sitting(person, blueprint)


def test_target_times_count_late_items_at_the_late_credit(clock, on_commit, candidate, casino):
    from drills.exams.blueprints import SectionSpec, save_version

    blueprint = make_blueprint(casino, "Timed")
    save_version(
        blueprint,
        {"late_credit_percent": 50, "pass_percent": 50},
        [SectionSpec("Totals", "ou-total", "easy", 2, target_seconds=10)],
        by=None,
    )
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.mark_shown(sitting, [1])
    clock.shift(timedelta(seconds=10))
    services.save_answer(sitting, 1, right_answer(sitting, 1))  # exactly on target
    services.mark_shown(sitting, [2])
    clock.shift(timedelta(seconds=11))
    services.save_answer(sitting, 2, right_answer(sitting, 2))  # 11 s: late
    on_commit(services.submit_sitting, sitting)
    result = SittingResult.objects.get(sitting=sitting)
    assert [(i["late"], i["points"], i["elapsed_seconds"]) for i in result.items] == [
        (False, "1.00", "10.000"),
        (True, "0.50", "11.000"),
    ]
    assert result.score_percent == Decimal("75.00")


def test_a_section_minimum_fails_a_sitting_above_the_pass_mark(clock, on_commit, sitting):
    # Totals: 1 of 3 (33.33 % < 50 % minimum); settling 2 of 2: overall 60 % = pass mark.
    services.save_answer(sitting, 1, right_answer(sitting, 1))
    services.save_answer(sitting, 4, right_answer(sitting, 4))
    services.save_answer(sitting, 5, right_answer(sitting, 5))
    on_commit(services.submit_sitting, sitting)
    result = SittingResult.objects.get(sitting=sitting)
    assert result.score_percent == Decimal("60.00")
    assert [(s["score_percent"], s["passed"]) for s in result.sections] == [("33.33", False), ("100.00", True)]
    assert result.passed is False
    assert not Certificate.objects.exists()


def test_feedback_during_the_sitting_locks_an_answered_item(clock, candidate, casino):
    blueprint = make_blueprint(casino, "Immediate feedback", review_during_score=True)
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.save_answer(sitting, 1, {"total": 10})
    with pytest.raises(ItemFinal):
        services.save_answer(sitting, 1, {"total": 11})
    assert sitting.items.get(position=1).answer == {"total": 10}
