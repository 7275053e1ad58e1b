"""E-mail reminders: assignments due soon or overdue, certificates expiring or expired.

Idempotent by construction: deciding a reminder inserts a :class:`Reminder` row under a
unique key naming what it is about (``INSERT … ON CONFLICT DO NOTHING``), so running the
beat task twice, or two beats at once, decides it once; sending locks the row and sets
``sent_at``, so a re-queued send does nothing. Sends are queued with ``on_commit``, one
task per reminder id. E-mail goes through Django's backend (console unless ``EMAIL_HOST``
is set, see settings). People without an e-mail address get no reminder.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from drills.exams.models import Certificate
from drills.learning.models import Assignment, Reminder
from drills.learning.selectors import AT_RISK, OVERDUE, assignment_progress, latest_issue, settings_by_property
from drills.models import User

logger = logging.getLogger(__name__)

OVERDUE_GRACE_DAYS = 7  # an overdue (or expired) reminder is still sent this long after the date
MAX_NOTICE_DAYS = 365


@dataclass(frozen=True)
class Draft:
    key: str
    user: User
    subject: str
    body: str


def _link(name: str, *args: object) -> str:
    return settings.SITE_URL.rstrip("/") + reverse(name, args=args)


def assignment_drafts(today: dt.date) -> list[Draft]:
    """Reminders for trainees not done with an assignment that is due soon or overdue."""
    assignments = list(
        Assignment.objects.filter(
            due_on__gte=today - dt.timedelta(days=OVERDUE_GRACE_DAYS),
            due_on__lte=today + dt.timedelta(days=MAX_NOTICE_DAYS),
        ).select_related("blueprint")
    )
    drafts = []
    home = _link("home")
    settings = settings_by_property({assignment.property_id for assignment in assignments})  # one query
    for item in assignment_progress(assignments, today=today):
        assignment = item.assignment
        for row in item.rows:
            if not row.trainee.email or row.status not in (AT_RISK, OVERDUE):
                continue
            days_left = (assignment.due_on - today).days
            if row.status == OVERDUE:
                key = "overdue"
            elif days_left <= settings[assignment.property_id].due_soon_days:
                key = "due-soon"
            else:
                continue  # behind but not yet close: the dashboard shows it, no e-mail
            with translation.override(row.trainee.language or None):  # the recipient's language
                day = date_format(assignment.due_on, "d F Y")
                if key == "overdue":
                    when = gettext("was due on %(day)s") % {"day": day}
                else:
                    when = gettext("is due on %(day)s") % {"day": day}
                values = {
                    "title": item.title,
                    "when": when,
                    "name": row.trainee.first_name or row.trainee.username,
                    "done": row.done,
                    "total": row.total,
                    "home": home,
                }
                subject = gettext("Reminder: %(title)s %(when)s") % values
                body = gettext(
                    "Hello %(name)s,\n\n"
                    'Your assignment "%(title)s" %(when)s. So far: %(done)s of %(total)s done.\n\n'
                    "Your home page shows what to do next: %(home)s\n"
                ) % values
            drafts.append(Draft(f"assignment:{assignment.pk}:{key}:user:{row.trainee.pk}", row.trainee, subject, body))
    return drafts


def certificate_drafts(today: dt.date) -> list[Draft]:
    """Reminders to holders whose certificate expires soon or has just expired (not renewed)."""
    certificates = list(
        Certificate.objects.filter(
            revoked_at__isnull=True,
            expires_on__gte=today - dt.timedelta(days=OVERDUE_GRACE_DAYS),
            expires_on__lte=today + dt.timedelta(days=MAX_NOTICE_DAYS),
        ).select_related("candidate", "blueprint")
    )
    latest = latest_issue(certificates)
    settings = settings_by_property({certificate.blueprint.property_id for certificate in certificates})  # one query
    drafts = []
    for certificate in certificates:
        holder = certificate.candidate
        assert certificate.expires_on is not None
        renewed = latest.get((certificate.candidate_id, certificate.blueprint_id), certificate.issued_at)
        if not holder.email or renewed > certificate.issued_at:
            continue
        days_left = (certificate.expires_on - today).days
        renew = _link("exams:list")
        if days_left < 0:
            key = "expired"
        elif days_left <= settings[certificate.blueprint.property_id].expiry_notice_days:
            key = "expiring"
        else:
            continue
        with translation.override(holder.language or None):  # the recipient's language
            values = {
                "game": certificate.game_name,
                "day": date_format(certificate.expires_on, "d F Y"),
                "name": holder.first_name or holder.username,
                "title": certificate.blueprint.title,
                "link": renew,
            }
            if key == "expired":
                subject = gettext("Your %(game)s certificate has expired") % values
            else:
                subject = gettext("Your %(game)s certificate expires on %(day)s") % values
            body = gettext("Hello %(name)s,\n\n%(subject)s. To renew it, sit \"%(title)s\" again: %(link)s\n") % (
                values | {"subject": subject}
            )
        drafts.append(Draft(f"certificate:{certificate.pk}:{key}", holder, subject, body))
    return drafts


def decide(drafts: list[Draft]) -> int:
    """Record the drafts not decided before and queue their sending; returns how many were new."""
    now = timezone.now()
    with transaction.atomic():
        known = set(Reminder.objects.filter(key__in=[d.key for d in drafts]).values_list("key", flat=True))
        new = [d for d in drafts if d.key not in known]
        Reminder.objects.bulk_create(
            [Reminder(key=d.key, user=d.user, subject=d.subject[:200], body=d.body, created_at=now) for d in new],
            ignore_conflicts=True,  # a concurrent run decided the same: still one row
        )
        queue_unsent(Reminder.objects.filter(key__in=[d.key for d in new]))
    return len(new)


def queue_unsent(reminders: QuerySet[Reminder]) -> int:
    """Queue a send for each of these reminders not sent yet, after the transaction commits."""
    from drills.learning.tasks import send_reminder

    def queue(reminder_id: int) -> Callable[[], None]:
        return lambda: send_reminder.delay(reminder_id)

    ids = list(reminders.filter(sent_at__isnull=True).values_list("pk", flat=True))
    for reminder_id in ids:
        transaction.on_commit(queue(reminder_id))
    return len(ids)


def send(reminder_id: int) -> bool:
    """Send one reminder unless it was sent already; ``True`` if it went out now."""
    with transaction.atomic():
        reminder = Reminder.objects.select_for_update().select_related("user").filter(pk=reminder_id).first()
        if reminder is None or reminder.sent_at is not None:
            return False
        send_mail(reminder.subject, reminder.body, None, [reminder.user.email])
        reminder.sent_at = timezone.now()
        reminder.save(update_fields=["sent_at"])
    return True


def send_due_reminders(today: dt.date | None = None) -> dict[str, int]:
    """Decide today's reminders and queue them; queue again any decided earlier that did not
    go out (the mail server was down)."""
    started = timezone.now()
    today = today or timezone.localdate()
    with transaction.atomic():
        retried = queue_unsent(Reminder.objects.filter(created_at__lt=started))
    report = {"assignments": decide(assignment_drafts(today)), "certificates": decide(certificate_drafts(today))}
    if retried:
        report["retried"] = retried
    return report
