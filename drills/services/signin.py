"""Sign-in lockouts (django-axes counts failures per username): which accounts are locked
now, and unlocking them (staff, from the user list in the admin)."""

from __future__ import annotations

from collections.abc import Iterable

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.db.models import OuterRef, QuerySet, Subquery, Sum
from django.utils import timezone


def _current_attempts() -> QuerySet[AccessAttempt]:
    """Failed-sign-in rows still counting (within the lockout time, when there is one)."""
    attempts: QuerySet[AccessAttempt] = AccessAttempt.objects.all()
    cool_off = get_cool_off()
    if cool_off is not None:
        attempts = attempts.filter(attempt_time__gte=timezone.now() - cool_off)
    return attempts


def is_locked(failures: int | None) -> bool:
    return (failures or 0) >= settings.AXES_FAILURE_LIMIT


def recent_failures(username: str | OuterRef) -> Subquery:
    """The failures still counting against ``username`` (a subquery, to annotate users with).
    Axes keeps one row per username and address: they are summed."""
    rows = _current_attempts().filter(username=username).values("username")
    return Subquery(rows.annotate(total=Sum("failures_since_start")).values("total")[:1])


def locked_usernames(usernames: Iterable[str]) -> set[str]:
    """Those of ``usernames`` locked out now (one query)."""
    totals = _current_attempts().filter(username__in=list(usernames)).values("username")
    totals = totals.annotate(failures=Sum("failures_since_start"))
    return {row["username"] for row in totals if is_locked(row["failures"])}


def unlock(usernames: Iterable[str]) -> int:
    """Forget the failed sign-ins of ``usernames``; the number of accounts that were locked."""
    names = list(usernames)
    was_locked = locked_usernames(names)
    for username in names:
        reset(username=username)
    return len(was_locked)
