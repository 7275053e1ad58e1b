"""Celery tasks of the progress sub-app (the nightly beat schedule is in settings)."""

from __future__ import annotations

from celery import shared_task

from drills.progress import services


@shared_task(name="drills.progress.tasks.rebuild_all_rollups", acks_late=True, reject_on_worker_lost=True)
def rebuild_all_rollups() -> dict[str, int]:
    """Rebuild every trainee's roll-ups from the raw attempts (idempotent: safe to repeat).

    Returns ``{"trainees": n, "drifted": k}``: k trainees whose rows differed and were rewritten.
    """
    return services.rebuild_all()


@shared_task(name="drills.progress.tasks.rebuild_trainee_rollups", acks_late=True, reject_on_worker_lost=True)
def rebuild_trainee_rollups(user_id: int) -> bool:
    """Rebuild one trainee's roll-ups; ``True`` if they had drifted."""
    return services.rebuild_trainee(user_id)
