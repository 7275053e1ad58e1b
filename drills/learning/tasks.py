"""Celery tasks of the learning sub-app (beat schedule in settings). Each takes an id or
nothing, calls a service, and is safe to run twice."""

from __future__ import annotations

from celery import shared_task

from drills.learning import reminders, services


@shared_task(name="drills.learning.tasks.send_due_reminders", acks_late=True, reject_on_worker_lost=True)
def send_due_reminders() -> dict[str, int]:
    """Decide today's assignment and certificate reminders and queue their e-mails."""
    return reminders.send_due_reminders()


@shared_task(name="drills.learning.tasks.send_reminder", acks_late=True, reject_on_worker_lost=True)
def send_reminder(reminder_id: int) -> bool:
    """Send one decided reminder (nothing if it was sent already)."""
    return reminders.send(reminder_id)


@shared_task(name="drills.learning.tasks.rebuild_family_cards", acks_late=True, reject_on_worker_lost=True)
def rebuild_family_cards() -> dict[str, int]:
    """Rebuild every trainee's FSRS family cards from the raw attempts."""
    return services.rebuild_all()
