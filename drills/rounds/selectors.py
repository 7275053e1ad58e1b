"""Reads of dealt rounds, and who sees which.

Access is the one access module's (``drills.access``), as on every progress page: a trainee
sees their own rounds; a supervisor their teams' members' (and their own); staff their
property's; a superuser all.
Only the dealer of a round may act on it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from drills.access import round_replay_withheld, visible_trainees
from drills.models import User
from drills.rounds.models import DealtRound, RoundStep


def own_round(user: User, public_id: Any) -> DealtRound | None:
    """A round the user deals (acts on), or None."""
    return DealtRound.objects.filter(user=user, public_id=public_id).first()


def visible_round(user: User, public_id: Any) -> DealtRound | None:
    """A round the user may look at (replay), or None (404: ids are not revealed)."""
    return (
        DealtRound.objects.filter(public_id=public_id, user__in=visible_trainees(user))
        .select_related("user")
        .first()
    )


def replay_withheld(user: User, stored: DealtRound) -> str | None:
    """Why ``user`` may not replay ``stored`` now (its own dealer, too early), or None."""
    return round_replay_withheld(user, stored)


def rounds_of(user: User, limit: int = 20) -> QuerySet[DealtRound]:
    return DealtRound.objects.filter(user=user).order_by("-started_at")[:limit]


def visible_rounds(user: User, limit: int = 50) -> QuerySet[DealtRound]:
    """Rounds of the other people the user may see, newest first (the supervisor's list;
    excluded before the slice: a sliced query cannot be filtered)."""
    return (
        DealtRound.objects.filter(user__in=visible_trainees(user))
        .exclude(user=user)
        .select_related("user")
        .order_by("-started_at")[:limit]
    )


def tries_of(stored: DealtRound) -> list[RoundStep]:
    return list(stored.tries.order_by("number"))


def last_try(stored: DealtRound) -> RoundStep | None:
    return stored.tries.order_by("-number").first()


def round_by_key(stored: DealtRound, key: str) -> RoundStep | None:
    return stored.tries.filter(key=key).first()
