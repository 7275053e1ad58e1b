"""Exam tasks: the overdue sweep (beat, every 30 s: settings.CELERY_BEAT_SCHEDULE) and
grading. Both take ids, call a service, are idempotent, acknowledged late and rejected
(re-queued) when a worker is lost; grading is queued with ``transaction.on_commit``."""

from __future__ import annotations

import os
import socket

from celery import shared_task
from django.db import OperationalError

from drills.exams import services


@shared_task(acks_late=True, reject_on_worker_lost=True)
def close_overdue_sittings() -> dict[str, int]:
    report = services.close_overdue_sittings()
    return {"closed": report.closed, "requeued": report.requeued}


# Published from requests (submit, close on read): its result is the SittingResult row, never
# read from Celery's result store, so ``ignore_result`` keeps the publish off the result
# backend (a Redis backend subscribes on every publish, and retried ~20 s with Redis down).
@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def grade_sitting(sitting_id: int) -> dict[str, object] | None:
    result = services.grade_sitting(sitting_id, graded_by=f"{socket.gethostname()}:{os.getpid()}")
    if result is None:
        return None
    return {"sitting": sitting_id, "result": result.pk, "passed": result.passed, "graded_by": result.graded_by}
