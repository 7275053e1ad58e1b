"""Outages and no scheduler: a submit with the broker down succeeds and the sweep queues
its grading later; an overdue sitting is closed when it is read, so no page shows it in
progress where no beat runs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from drills.exams import services
from drills.exams.models import Sitting, SittingResult, SittingStatus
from drills.exams.tasks import grade_sitting
from drills.models import User
from tests.exams.conftest import answer_all

pytestmark = pytest.mark.django_db(transaction=True)  # on-commit publishing runs as in production


@pytest.fixture(autouse=True)
def in_process_tasks() -> Iterator[None]:
    """Grading runs in this process (a broker configured by .ci/run is not used here: the
    fault test drives the real worker)."""
    from casino_training.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture
def broker_down(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Publishing grading fails as kombu fails with Redis stopped; clear the list to bring
    the broker back."""
    down = [1]
    real = grade_sitting.delay

    def delay(*args: Any, **kwargs: Any) -> Any:
        if down:
            raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return real(*args, **kwargs)

    monkeypatch.setattr(grade_sitting, "delay", delay)
    return down


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_submit_with_the_broker_down_succeeds_and_the_sweep_queues_its_grading(
    sitting: Sitting, candidate: User, broker_down: list[int]
) -> None:
    answer_all(sitting)
    client = signed_in(candidate)
    response = client.post(f"/exams/sittings/{sitting.public_id}/submit/")
    assert response.status_code == 302
    assert response["Location"] == f"/exams/sittings/{sitting.public_id}/result/"
    sitting.refresh_from_db()
    assert sitting.status == SittingStatus.SUBMITTED
    assert sitting.grading_queued_at is None  # not queued: the sweep's next run queues it
    page = client.get(response["Location"]).content.decode()
    assert "Submitted: your answers are saved" in page
    assert services.close_overdue_sittings().requeued == 1  # still down: nothing lost, tried again
    assert not SittingResult.objects.filter(sitting=sitting).exists()
    broker_down.clear()
    report = services.close_overdue_sittings()
    assert report.requeued == 1
    result = SittingResult.objects.get(sitting=sitting)
    assert result.passed is True
    assert services.close_overdue_sittings().requeued == 0


def test_an_overdue_sitting_is_closed_when_it_is_read_and_graded_once(
    sitting: Sitting, candidate: User, supervisor: User, staff: User, teams: Any
) -> None:
    services.save_answer(sitting, 1, {"total": 21})
    deadline = timezone.now() - timedelta(seconds=5)
    Sitting.objects.filter(pk=sitting.pk).update(deadline=deadline)  # abandoned; no beat runs
    page = signed_in(candidate).get("/exams/").content.decode()
    assert "Closed at the deadline" in page
    assert "In progress" not in page
    sitting.refresh_from_db()
    assert (sitting.status, sitting.finished_at) == (SittingStatus.CLOSED, deadline)
    result = SittingResult.objects.get(sitting=sitting)
    assert next(item for item in result.items if item["position"] == 1)["answer"] == {"total": 21}
    # Every other reader sees it closed too, and nothing is closed or graded twice.
    assert "in progress" not in signed_in(supervisor).get("/exams/results/").content.decode()
    assert services.close_overdue_among(Sitting.objects.all()) == 0
    assert SittingResult.objects.filter(sitting=sitting).count() == 1


@pytest.mark.parametrize("reader", ["home", "results", "team_dashboard"])
def test_every_page_listing_sittings_closes_an_overdue_one(
    reader: str, sitting: Sitting, candidate: User, supervisor: User, teams: Any
) -> None:
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    team_a = teams[0]
    client, url = {
        "home": (signed_in(candidate), "/"),
        "results": (signed_in(supervisor), "/exams/results/"),
        "team_dashboard": (signed_in(supervisor), f"/progress/teams/{team_a.pk}/"),
    }[reader]
    response = client.get(url)
    assert response.status_code == 200
    sitting.refresh_from_db()
    assert sitting.status == SittingStatus.CLOSED
    assert SittingResult.objects.filter(sitting=sitting).count() == 1


HUNG_SUBMIT_BOUND = 1.5  # seconds: the publish gives up within about a second (settings.py)


@pytest.mark.services
def test_a_submit_with_the_broker_hung_answers_within_a_second_and_is_graded_later(
    candidate: User, other_candidate: User, blueprint: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real redis-server of the test's own, stopped with SIGSTOP: connections are accepted
    and nothing answers. The submit commits, gives up on the publish within the bound and says
    so; once the broker is back, the sweep queues the grading and a real worker grades it."""
    from tests.exams.test_fault_tolerance import REDIS_SERVER, Broker, Worker, publishing_to, wait_until

    assert settings.CELERY_TASK_PUBLISH_RETRY_POLICY == {"max_retries": 0}  # a web process's
    broker = Broker(tmp_path)
    worker = Worker(broker.url, tmp_path / "worker.log")
    if not os.path.exists(REDIS_SERVER):
        pytest.fail(f"{REDIS_SERVER} is needed to run a broker of the test's own")
    broker.start()
    try:
        with publishing_to(broker.url):
            early = services.start_sitting(other_candidate, blueprint).sitting
            answer_all(early)
            assert signed_in(other_candidate).post(f"/exams/sittings/{early.public_id}/submit/").status_code == 302
            assert Sitting.objects.get(pk=early.pk).grading_queued_at is not None  # published: the pool is warm

            sitting = services.start_sitting(candidate, blueprint).sitting
            answer_all(sitting)
            assert broker.process is not None
            broker.process.send_signal(signal.SIGSTOP)
            try:
                started = time.monotonic()
                response = signed_in(candidate).post(f"/exams/sittings/{sitting.public_id}/submit/")
                elapsed = time.monotonic() - started
            finally:
                broker.process.send_signal(signal.SIGCONT)
            assert response.status_code == 302
            assert response["Location"] == f"/exams/sittings/{sitting.public_id}/result/"
            assert elapsed < HUNG_SUBMIT_BOUND, f"the submit took {elapsed:.2f} s with the broker hung"
            sitting.refresh_from_db()
            assert sitting.status == SittingStatus.SUBMITTED
            assert sitting.grading_queued_at is None  # left to the sweep

            worker.start()
            monkeypatch.setattr(services, "REQUEUE_AFTER", timedelta(seconds=1))

            def graded() -> bool:
                services.close_overdue_sittings()  # the beat sweep's work
                return SittingResult.objects.filter(sitting_id__in=[early.pk, sitting.pk]).count() == 2

            wait_until(graded, 90, "both sittings graded")
            assert SittingResult.objects.get(sitting=sitting).passed is True
            assert SittingResult.objects.filter(sitting=early).count() == 1
    finally:
        worker.kill()
        broker.kill()


def test_a_web_publish_is_bounded_and_a_worker_keeps_its_brpop_margin() -> None:
    """With Redis as the broker: a web process publishes in one try of 0.5 s a read; a worker,
    once started (celeryd_init), reads with 2 s (above kombu's 1 s BRPOP wait) and retries once."""
    script = (
        "import django, json, os; os.environ['DJANGO_SETTINGS_MODULE']='casino_training.settings'; django.setup();"
        "from casino_training.celery import app; from celery.signals import celeryd_init;"
        "web = [app.conf.broker_transport_options, app.conf.task_publish_retry_policy];"
        "celeryd_init.send(sender='test', instance=None, conf=app.conf, options={});"
        "print(json.dumps([web, [app.conf.broker_transport_options, app.conf.task_publish_retry_policy]]))"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SECRET_KEY"}}
    env.update({"DEBUG": "1", "CELERY_BROKER_URL": "redis://127.0.0.1:6399/0"})
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    (web_options, web_retry), (worker_options, worker_retry) = json.loads(done.stdout)
    tries = 1 + web_retry["max_retries"]
    assert tries * web_options["socket_timeout"] <= 0.5  # a hung broker: one read that times out
    assert web_options["socket_connect_timeout"] <= 0.5
    assert worker_options["socket_timeout"] > 1.0
    assert worker_retry["max_retries"] == 1
