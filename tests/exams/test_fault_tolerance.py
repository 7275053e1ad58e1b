"""Fault test on the real services (``@pytest.mark.services``: PostgreSQL, Redis, a real
worker; run by .ci/run). The test starts its own redis-server on a free localhost port and
its own Celery worker on it (so CI's shared Redis and worker are left alone), then:

1. kills the worker's pool process with SIGKILL while it grades: ``acks_late`` +
   ``reject_on_worker_lost`` put the task back and the restarted process grades it, with
   no sweep;
2. kills the whole worker while it grades and stops the broker (a restart without
   persistence: every queued message is lost); submits and autosaves go on meanwhile;
   then restarts both and runs the beat sweep until everything is graded.

Every submitted sitting ends with exactly one result, and every answer whose autosave was
confirmed is the one graded. The sweep's re-queue delay (2 minutes in production) is
shortened to a second so that the test stays short.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from drills.exams import services
from drills.exams.models import Certificate, Sitting, SittingResult, SittingStatus
from drills.models import Property, Role
from tests.exams.conftest import make_blueprint, make_user, right_answer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
GRADING_SECONDS = 0.8  # the worker's pause inside each grading: long enough to be caught in it


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Broker:
    """A redis-server of the test's own, without persistence (a restart loses the queue)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.workdir), "--logfile", str(self.workdir / "redis.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.answers, 10, f"redis-server on port {self.port}")

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class Worker:
    """``tests/exams/fault_worker.py`` in its own process group, on the test's broker and
    the test database."""

    def __init__(self, broker_url: str, log: Path) -> None:
        self.broker_url = broker_url
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        db = connection.settings_dict
        user = f"{db['USER']}:{db['PASSWORD']}@" if db["PASSWORD"] else f"{db['USER']}@"
        env = os.environ | {
            "DATABASE_URL": f"postgres://{user}{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
            "CELERY_BROKER_URL": self.broker_url,
            "CELERY_RESULT_BACKEND": self.broker_url,
            "FAULT_GRADING_SECONDS": str(GRADING_SECONDS),
            "DEBUG": "1",
        }
        offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "tests" / "exams" / "fault_worker.py")],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )
        wait_until(lambda: b" ready." in self.log.read_bytes()[offset:] or self._died(), 60, "the worker to be ready")
        assert not self._died(), self.log.read_text()[-3000:]

    def _died(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def pool_children(self) -> list[int]:
        assert self.process is not None
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children]

    def kill_pool_process(self) -> int:
        child = self.pool_children()[0]
        os.kill(child, signal.SIGKILL)
        return child

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


@contextmanager
def publishing_to(broker_url: str) -> Iterator[None]:
    """This process publishes to the test's broker (not CI's), as the web processes would."""
    from casino_training.celery import app

    # The write URL: Celery reads broker_url from the CELERY_BROKER_URL variable first.
    saved = (app.conf.broker_write_url, app.conf.task_always_eager)

    def reset() -> None:
        app._pool = None
        app.amqp._producer_pool = None

    app.conf.broker_write_url, app.conf.task_always_eager = broker_url, False
    reset()
    try:
        yield
    finally:
        app.conf.broker_write_url, app.conf.task_always_eager = saved
        reset()


def grading_in_progress() -> bool:
    """A worker's grading transaction is open (it pauses inside it, after the row lock):
    another connection to this database idle in a transaction."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND state = 'idle in transaction' AND pid <> pg_backend_pid()"
        )
        return bool(cursor.fetchone()[0])


class Candidates:
    """Sittings with their confirmed answers: what each autosave returned as saved."""

    def __init__(self, casino: Property) -> None:
        self.blueprint = make_blueprint(casino, "Fault test exam", attempts_allowed=1)
        self.casino = casino
        self.confirmed: dict[int, dict[int, Any]] = {}
        self.submitted: list[int] = []

    def sitting(self, name: str, answered: int = 5) -> Sitting:
        candidate = make_user(name, Role.TRAINEE, self.casino)
        sitting = services.start_sitting(candidate, self.blueprint).sitting
        self.confirmed[sitting.pk] = {}
        for position in range(1, answered + 1):
            self.save(sitting, position, right_answer(sitting, position))
        return sitting

    def save(self, sitting: Sitting, position: int, answer: dict[str, Any]) -> None:
        saved = services.save_answer(sitting, position, answer)
        self.confirmed[sitting.pk][position] = saved.item.answer

    def submit(self, sitting: Sitting) -> None:
        outcome = services.submit_sitting(sitting)
        assert outcome.already_finished is False
        assert outcome.sitting.status == SittingStatus.SUBMITTED
        self.submitted.append(sitting.pk)

    def graded(self, ids: list[int] | None = None) -> int:
        return SittingResult.objects.filter(sitting_id__in=ids or self.submitted).count()


@pytest.fixture
def services_of_its_own(tmp_path: Path) -> Iterator[tuple[Broker, Worker]]:
    if not Path(REDIS_SERVER).exists():
        pytest.fail(f"{REDIS_SERVER} is needed to run a broker of the test's own")
    broker = Broker(tmp_path)
    worker = Worker(broker.url, tmp_path / "worker.log")
    broker.start()
    try:
        with publishing_to(broker.url):
            yield broker, worker
    finally:
        worker.kill()
        broker.kill()


def test_a_killed_worker_and_a_broker_outage_lose_no_grading_and_no_answer(
    casino: Property, services_of_its_own: tuple[Broker, Worker], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    broker, worker = services_of_its_own
    exam = Candidates(casino)
    first = [exam.sitting(f"first{i}") for i in range(4)]
    second = [exam.sitting(f"second{i}", answered=3) for i in range(4)]
    during_outage = [exam.sitting(f"outage{i}", answered=2) for i in range(3)]
    worker.start()

    # 1. The pool process dies mid-grading: the task is rejected, re-queued and graded again.
    for sitting in first:
        exam.submit(sitting)
    wait_until(lambda: exam.graded(), 30, "the first result")
    wait_until(grading_in_progress, 30, "the next grading to be under way")
    killed = worker.kill_pool_process()  # inside its grading pause
    wait_until(lambda: worker.pool_children() and worker.pool_children()[0] != killed, 30, "a new pool process")
    wait_until(lambda: exam.graded() == len(first), 60, "every first sitting graded without a sweep")
    assert "WorkerLostError" in worker.log.read_text(), "the kill did not land during a grading"

    # 2. The whole worker dies mid-grading and the broker goes down with its queue.
    for sitting in second:
        exam.submit(sitting)
    wait_until(lambda: exam.graded() > len(first), 30, "a second-round result")
    wait_until(grading_in_progress, 30, "the next grading to be under way")
    worker.kill()
    broker.kill()
    assert exam.graded([sitting.pk for sitting in second]) < len(second), "the worker had finished already"
    # Meanwhile the site goes on: answers are saved, submits succeed (grading waits).
    exam.save(during_outage[0], 3, right_answer(during_outage[0], 3))
    for sitting in during_outage:
        exam.submit(sitting)
        assert Sitting.objects.get(pk=sitting.pk).grading_queued_at is None  # left for the sweep
    assert exam.graded() < len(exam.submitted)

    broker.start()  # empty: the queued second-round messages are gone
    worker.start()
    monkeypatch.setattr(services, "REQUEUE_AFTER", timedelta(seconds=1))

    def swept_and_graded() -> bool:
        services.close_overdue_sittings()  # the beat sweep's work, run here every pass
        return exam.graded() == len(exam.submitted)

    end = time.monotonic() + 90
    while not swept_and_graded():
        assert time.monotonic() < end, "the sweep did not get every sitting graded"
        time.sleep(1)

    # Exactly one result per submitted sitting, grading every confirmed answer.
    assert len(exam.submitted) == len(set(exam.submitted)) == 11
    results = {result.sitting_id: result for result in SittingResult.objects.filter(sitting_id__in=exam.submitted)}
    assert sorted(results) == sorted(exam.submitted)
    assert SittingResult.objects.count() == len(exam.submitted)
    for sitting_id, confirmed in exam.confirmed.items():
        graded = {item["position"]: item["answer"] for item in results[sitting_id].items}
        assert {p: a for p, a in graded.items() if a is not None} == confirmed, f"sitting {sitting_id}"
        assert results[sitting_id].graded_by.startswith(socket.gethostname())
    assert Certificate.objects.filter(result__sitting_id__in=exam.submitted).count() == sum(
        result.passed for result in results.values()
    )
