"""Reads: the rule change a trainee's "what changed" drills run under."""

from __future__ import annotations

from django.db.models import Q

from drills import access
from drills.kinds._changes import RuleChange
from drills.models import User
from drills.what_changed.models import AssignedChange


def _assigned_to(user: User) -> Q:
    """By name, or to a team that lists the trainee (``drills.access.teams_of``)."""
    return Q(assignment__trainees=user) | Q(assignment__team__in=access.teams_of(user))


def _value(row: AssignedChange) -> RuleChange:
    return RuleChange.of(row.game, row.old_values, row.new_values)


def change_for(user: User, game: str) -> RuleChange | None:
    """The newest change of ``game`` assigned to the trainee (by name or by team), or None."""
    row = AssignedChange.objects.filter(_assigned_to(user), game=game).order_by("-created_at", "-pk").first()
    return None if row is None else _value(row)


def changes_for(user: User) -> dict[str, RuleChange]:
    """The newest change assigned to the trainee per game (one query)."""
    newest: dict[str, RuleChange] = {}
    for row in AssignedChange.objects.filter(_assigned_to(user)).distinct().order_by("-created_at", "-pk"):
        if row.game not in newest:
            newest[row.game] = _value(row)
    return newest
