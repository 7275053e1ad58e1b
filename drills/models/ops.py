"""Operational records: proof that the Celery worker reaches the database."""

from __future__ import annotations

from django.db import models


class WorkerHeartbeat(models.Model):
    """Written by the web side, stamped by a worker: a task really travelled through the
    broker to a worker that shares our database (``drills.tasks.stamp_heartbeat``)."""

    created_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(null=True, blank=True)
    seen_by = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"heartbeat {self.pk} seen by {self.seen_by or 'nobody yet'}"
