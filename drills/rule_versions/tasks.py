"""Celery tasks of rule-set versions (beat schedule in settings): each calls a service and is
safe to run twice."""

from __future__ import annotations

from celery import shared_task

from drills.rule_versions import services


@shared_task(name="drills.rule_versions.tasks.apply_due_versions", acks_late=True, reject_on_worker_lost=True)
def apply_due_versions() -> int:
    """Put in force every signed-off version whose effective date has come."""
    return services.apply_all_due()



@shared_task(name="drills.rule_versions.tasks.announce_adoption", acks_late=True, reject_on_worker_lost=True)
def announce_adoption(version_id: int, replaced_id: int) -> bool:
    """Assign "what changed" to the trainees of a property that adopted a version in place of
    another (queued on commit when the version goes in force)."""
    return services.announce_adoption(version_id, replaced_id)
