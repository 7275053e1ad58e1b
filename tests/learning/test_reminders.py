"""E-mail reminders (Celery beat task): sent once per thing, never twice, queued on commit,
to people with an address; through Django's e-mail backend."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from drills.exams.models import Blueprint
from drills.learning import reminders, services, tasks
from drills.learning.models import AssignmentGoal, Reminder
from drills.models import Team, User
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint
from tests.learning.conftest import graded

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def tasks_in_process():
    """Run the reminder tasks in this process even where a broker is configured (CI's real
    worker could not see this test's uncommitted rows, nor fill this process's outbox)."""
    from casino_training.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = eager


@pytest.fixture
def addressed(trainee: User, teammate: User) -> None:
    User.objects.filter(pk=trainee.pk).update(email="tina@example.com")  # the teammate has none


def test_due_soon_and_overdue_reminders_are_sent_once_each(
    team: Team, supervisor: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    services.create_assignment(
        by=supervisor,
        goal=AssignmentGoal.SKILLS,
        due_on=timezone.localdate() + dt.timedelta(days=2),
        skills=["ou-total"],
        team=team,
    )
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert tasks.send_due_reminders.delay().get() == {"assignments": 1, "certificates": 0}
    assert len(callbacks) == 1  # the send was queued after the commit
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["tina@example.com"]
    assert "is due on" in message.subject
    assert "0 of 1 done" in message.body
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders() == {"assignments": 0, "certificates": 0}  # the same day again
    assert len(mail.outbox) == 1
    with time_machine.travel(timezone.now() + dt.timedelta(days=3)), django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders()["assignments"] == 1  # now overdue: one more
    assert len(mail.outbox) == 2
    assert "was due on" in mail.outbox[1].subject


def test_nobody_done_is_reminded(
    team: Team, supervisor: User, trainee: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    for _ in range(20):
        graded(trainee, "ou-total", correct=True, ms=2000)
    services.create_assignment(
        by=supervisor,
        goal=AssignmentGoal.SKILLS,
        due_on=timezone.localdate() + dt.timedelta(days=1),
        skills=["ou-total"],
        team=team,
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders()["assignments"] == 0
    assert mail.outbox == []


def test_a_send_repeated_by_the_broker_goes_out_once(
    team: Team, supervisor: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    services.create_assignment(
        by=supervisor, goal=AssignmentGoal.SKILLS, due_on=timezone.localdate(), skills=["ou-total"], team=team
    )
    with django_capture_on_commit_callbacks(execute=False):
        reminders.send_due_reminders()
    (reminder,) = Reminder.objects.all()
    assert reminders.send(reminder.pk) is True
    assert reminders.send(reminder.pk) is False  # re-delivered task: nothing sent
    assert len(mail.outbox) == 1


def test_a_certificate_expiring_soon_is_announced_once(
    casino, trainee: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    from drills.exams import services as exam_services

    blueprint = make_blueprint(casino, "Yearly")
    Blueprint.objects.filter(pk=blueprint.pk).update(validity_days=365)
    blueprint.refresh_from_db()
    sitting = exam_services.start_sitting(trainee, blueprint).sitting
    answer_all(sitting)
    finish_and_grade(sitting)
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders()["certificates"] == 0
    with time_machine.travel(timezone.now() + dt.timedelta(days=340)), django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders()["certificates"] == 1
        assert reminders.send_due_reminders()["certificates"] == 0
    assert len(mail.outbox) == 1
    assert "expires on" in mail.outbox[0].subject
    assert "/exams/" in mail.outbox[0].body


def test_the_beat_schedule_runs_the_reminders_and_the_rebuild() -> None:
    from django.conf import settings

    tasks_scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"drills.learning.tasks.send_due_reminders", "drills.learning.tasks.rebuild_family_cards"} <= tasks_scheduled


@pytest.mark.parametrize(("host", "backend"), [(None, "console"), ("smtp.example.com", "smtp")])
def test_email_goes_to_the_console_unless_an_smtp_host_is_set(host: str | None, backend: str) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    environ = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    environ |= {"DEBUG": "1", "DJANGO_SETTINGS_MODULE": "casino_training.settings"}
    if host:
        environ["EMAIL_HOST"] = host
    code = "from django.conf import settings; print(settings.EMAIL_BACKEND)"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], env=environ, cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"django.core.mail.backends.{backend}.EmailBackend"


def test_a_reminder_that_failed_to_go_out_is_queued_again(
    team: Team, supervisor: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    services.create_assignment(
        by=supervisor, goal=AssignmentGoal.SKILLS, due_on=timezone.localdate(), skills=["ou-total"], team=team
    )
    with django_capture_on_commit_callbacks(execute=False):
        reminders.send_due_reminders()  # the worker never ran the send
    with (
        time_machine.travel(timezone.now() + dt.timedelta(minutes=5)),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert reminders.send_due_reminders() == {"assignments": 0, "certificates": 0, "retried": 1}
    assert len(mail.outbox) == 1


def test_deciding_reads_the_settings_once_whatever_the_number_of_rows(
    team: Team, supervisor: User, addressed: None, casino
) -> None:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from drills.learning.models import LearningPolicy

    LearningPolicy.objects.create(property=casino, due_soon_days=5)
    today = timezone.localdate()

    def queries() -> int:
        with CaptureQueriesContext(connection) as context:
            drafts = reminders.assignment_drafts(today)
        assert drafts
        return len(context.captured_queries)

    def assign() -> None:
        due = today + dt.timedelta(days=4)
        skills = ["ou-total"]
        services.create_assignment(by=supervisor, goal=AssignmentGoal.SKILLS, due_on=due, skills=skills, team=team)

    assign()
    one = queries()
    for _ in range(4):
        assign()
    assert queries() == one


def test_a_reminder_is_written_in_the_recipients_language(
    team: Team, supervisor: User, trainee: User, addressed: None, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    """The e-mail goes out from a task (no request): it is written in the trainee's saved
    language, whatever language the sender's process runs in."""
    User.objects.filter(pk=trainee.pk).update(language="es")
    services.create_assignment(
        by=supervisor,
        goal=AssignmentGoal.SKILLS,
        due_on=timezone.localdate() + dt.timedelta(days=2),
        skills=["ou-total"],
        team=team,
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders.send_due_reminders()["assignments"] == 1
    (message,) = mail.outbox
    assert message.subject.startswith("Recordatorio: ")
    assert "vence el" in message.subject
    assert message.body.startswith("Hola, ")
    assert "0 de 1 hechas" in message.body
