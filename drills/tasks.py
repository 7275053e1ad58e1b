"""Celery tasks: each takes an id, calls a service, and is queued on commit by its caller."""

from __future__ import annotations

import os
import socket

from celery import shared_task

from drills.practice import services as practice_services
from drills.services.ops import stamp_heartbeat as stamp_heartbeat_service


@shared_task(acks_late=True, reject_on_worker_lost=True)
def stamp_heartbeat(heartbeat_id: int) -> str:
    """Stamp a heartbeat row with this worker's identity and return it."""
    identity = f"{socket.gethostname()}:{os.getpid()}"
    stamp_heartbeat_service(heartbeat_id, identity)
    return identity


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def grade_stranded_attempts() -> dict[str, int]:
    """The beat sweep (settings.CELERY_BEAT_SCHEDULE): grade drill attempts left received."""
    report = practice_services.grade_stranded_attempts()
    return {"graded": report.graded, "failed": report.failed}
