"""Operational writes."""

from __future__ import annotations

from django.utils import timezone

from drills.models import WorkerHeartbeat


def stamp_heartbeat(heartbeat_id: int, identity: str) -> None:
    """Idempotent: stamping again only refreshes the time and identity."""
    WorkerHeartbeat.objects.filter(pk=heartbeat_id).update(seen_at=timezone.now(), seen_by=identity)
