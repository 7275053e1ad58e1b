"""Celery: eager in-process by default; through Redis to a real worker in .ci/run."""

from __future__ import annotations

import os

import pytest
from django.conf import settings

from drills.models import WorkerHeartbeat
from drills.tasks import stamp_heartbeat


@pytest.mark.django_db
def test_tasks_run_in_process_when_no_broker_is_set():
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("a broker is configured: covered by the real-service test")
    heartbeat = WorkerHeartbeat.objects.create()
    result = stamp_heartbeat.delay(heartbeat.pk)
    assert result.get(timeout=1).endswith(f":{os.getpid()}")
    heartbeat.refresh_from_db()
    assert heartbeat.seen_by.endswith(f":{os.getpid()}")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_task_travels_through_the_broker_to_a_worker_and_back():
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    heartbeat = WorkerHeartbeat.objects.create()  # committed: the worker must see it
    result = stamp_heartbeat.delay(heartbeat.pk)
    identity = result.get(timeout=30)
    # Another process answered: the worker, not this test process.
    assert not identity.endswith(f":{os.getpid()}")
    heartbeat.refresh_from_db()
    assert heartbeat.seen_by == identity
    assert heartbeat.seen_at is not None
