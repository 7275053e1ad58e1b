"""Celery tasks of rule-set versions (beat schedule in settings): each calls a service and is
safe to run twice."""

from __future__ import annotations

from celery import shared_task

from drills.rule_versions import services


@shared_task(name="drills.rule_versions.tasks.apply_due_versions", acks_late=True, reject_on_worker_lost=True)
def apply_due_versions() -> int:
    """Put in force every signed-off version whose effective date has come."""
    return services.apply_all_due()

