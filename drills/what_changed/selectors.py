"""Reads: the rule change a trainee's "what changed" drills run under, and a "what changed"
assignment's own progress (from the answers given for that change only)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Q
from django.utils.translation import gettext, ngettext

from drills import access
from drills.kinds._changes import RuleChange
from drills.kinds.what_changed import change_kind
from drills.labels import percent_of
from drills.models import Attempt, AttemptStatus, Property, User
from drills.progress.rollup import window_figures
from drills.progress.selectors import Catalogue, catalogue, policy_for
from drills.progress.stats import Policy, mastery_from_figures
from drills.what_changed.models import AssignedChange
from games.errors import GameError

if TYPE_CHECKING:
    from drills.learning.models import Assignment

CHANGE_SUFFIX = "-what-changed"
"""The slug ending of the "what changed" kinds (``drills.kinds.what_changed``)."""


def _assigned_to(user: User) -> Q:
    """By name, or to a team that lists the trainee (``drills.access.teams_of``)."""
    return Q(assignment__trainees=user) | Q(assignment__team__in=access.teams_of(user))


def _value(row: AssignedChange) -> RuleChange:
    return RuleChange.of(row.game, row.old_values, row.new_values)


def change_for(user: User, game: str) -> RuleChange | None:
    """The newest change of ``game`` assigned to the trainee (by name or by team), or None."""
    row = AssignedChange.objects.filter(_assigned_to(user), game=game).order_by("-created_at", "-pk").first()
    return None if row is None else _value(row)


def assigned_change(user: User, assignment_id: str, game: str) -> RuleChange | None:
    """The change of ``game`` carried by one assignment of the trainee's (by name or team), or None."""
    if not assignment_id.isdigit():
        return None
    row = AssignedChange.objects.filter(_assigned_to(user), assignment_id=int(assignment_id), game=game).first()
    return None if row is None else _value(row)


def changes_for(user: User) -> dict[str, RuleChange]:
    """The newest change assigned to the trainee per game (one query)."""
    newest: dict[str, RuleChange] = {}
    for row in AssignedChange.objects.filter(_assigned_to(user)).distinct().order_by("-created_at", "-pk"):
        if row.game not in newest:
            newest[row.game] = _value(row)
    return newest


# --- an assignment's own progress -------------------------------------------------------------


@dataclass(frozen=True)
class ChangeProgress:
    """A trainee's answers for one assigned change: those made after it was assigned, to
    scenarios generated under its old and new rules (not the kind's answers overall)."""

    answers: int
    correct: int
    mastered: bool

    @property
    def words(self) -> str:
        if not self.answers:
            return gettext("no answers for this change yet")
        percent = percent_of(self.correct, self.answers)
        return ngettext(  # the percent sign with the value: a "%" in a message ID reads as a printf directive
            "{answers} answer for this change, {percent} right",
            "{answers} answers for this change, {percent} right",
            self.answers,
        ).format(answers=self.answers, percent=f"{percent} %")


def _normalised(game: str, old: object, new: object) -> str:
    try:
        change = RuleChange.from_mapping({"game": game, "old": old, "new": new})
    except GameError:
        return ""
    return json.dumps(change.to_mapping(), sort_keys=True, default=str)


def change_progress(
    assignments: Sequence[Assignment], assignees: Mapping[int, set[int]], properties: Mapping[int, Property],
    known: Catalogue | None = None,
) -> dict[tuple[int, int], ChangeProgress]:
    """(assignment, trainee) -> progress, for the assignments that carry a rule change: its
    mastery (the property's policy) from that trainee's graded answers given after the
    assignment was made, to scenarios under that change's rule pair. No query without a
    "what changed" skill among the assignments; else two, and the catalogue's (``known``:
    the one the caller has read, when all are of one property)."""
    if not any(slug.endswith(CHANGE_SUFFIX) for assignment in assignments for slug in assignment.skills):
        return {}
    rows = {row.assignment_id: row for row in AssignedChange.objects.filter(assignment__in=list(assignments))}
    if not rows:
        return {}
    chosen = [assignment for assignment in assignments if assignment.pk in rows]
    users = set().union(*(assignees.get(assignment.pk, set()) for assignment in chosen))
    kinds = {change_kind(row.game).slug for row in rows.values()}
    attempts = list(
        Attempt.objects.filter(
            user_id__in=users, kind__in=kinds, status=AttemptStatus.GRADED,
            answered_at__gte=min(assignment.created_at for assignment in chosen),
        ).order_by("answered_at", "pk").values_list(
            "user_id", "kind", "answered_at", "correct", "time_taken_ms", "scenario__rules_values"
        )
    )
    keys: dict[str, str] = {}
    result: dict[tuple[int, int], ChangeProgress] = {}
    policies: dict[int, Policy] = {}
    catalogues: dict[int, Catalogue] = {}
    one_property = len({assignment.property_id for assignment in chosen}) == 1
    for assignment in chosen:
        row = rows[assignment.pk]
        wanted, kind = _normalised(row.game, row.old_values, row.new_values), change_kind(row.game).slug
        where = properties.get(assignment.property_id)
        if assignment.property_id not in policies:
            policies[assignment.property_id] = policy_for(where)
            catalogues[assignment.property_id] = known if known is not None and one_property else catalogue(where)
        policy, target = policies[assignment.property_id], catalogues[assignment.property_id].target(kind)
        for user_id in assignees.get(assignment.pk, set()):
            recent: list[list[int]] = []
            for who, attempt_kind, answered_at, correct, ms, values in attempts:
                if who != user_id or attempt_kind != kind or answered_at < assignment.created_at:
                    continue
                raw = json.dumps(values, sort_keys=True, default=str)
                if raw not in keys:
                    keys[raw] = _normalised(values.get("game", ""), values.get("old"), values.get("new"))
                if keys[raw] == wanted:
                    recent.append([len(recent), int(bool(correct)), ms])
            figures = window_figures(recent, policy.window)
            mastery = mastery_from_figures(
                kind, figures["window_answers"], figures["window_correct"], figures["window_older_correct"],
                figures["window_median_ms"], policy, target,
            )
            result[(assignment.pk, user_id)] = ChangeProgress(len(recent), sum(r[1] for r in recent), mastery.mastered)
    return result
