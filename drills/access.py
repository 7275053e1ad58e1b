"""Who sees what: the one place that decides. Every page, API view, export and admin list
asks here (progress, exams, home pages, rule sets, the admin).

- **trainee**: only themselves (their own attempts, progress, sittings);
- **supervisor**: the teams they supervise *within their own property*, and those teams'
  members of that property (and themselves). A team of another property is never theirs,
  even if someone added them to it as a supervisor;
- **staff** (role ``staff``) of a property: every team and person of that property;
- **superuser**: everything.

A supervisor or staff member without a property sees only themselves. Anything outside
what a user may see is "not found" to them (404), so ids of other properties are not
revealed; a page or endpoint their role may not use at all is "forbidden" (403).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Q, QuerySet

from drills.learning.models import Assignment
from drills.models import Property, Role, RuleSet, Team, User

if TYPE_CHECKING:
    from drills.rounds.models import DealtRound

# --- what a role may use ---------------------------------------------------------------------


def is_team_viewer(user: User) -> bool:
    """Supervisors, staff and superusers: the team dashboards, results and statistics."""
    return bool(user.is_authenticated and (user.is_superuser or user.role in (Role.SUPERVISOR, Role.STAFF)))


def is_candidate(user: User) -> bool:
    """Trainees sit exams and drill."""
    return bool(user.is_authenticated and user.role == Role.TRAINEE)


def is_property_staff(user: User) -> bool:
    """Staff of a property and superusers: rule sets, blueprints, the admin."""
    return bool(user.is_authenticated and (user.is_superuser or user.role == Role.STAFF))


def staff_property_id(user: object) -> int | None:
    """The property a staff member (not a superuser) administers, else ``None``: what the
    admin's lists are limited to."""
    if isinstance(user, User) and user.is_active and user.role == Role.STAFF and not user.is_superuser:
        return user.property_id
    return None


# --- whom and what a user may see --------------------------------------------------------------


def visible_teams(user: User) -> QuerySet[Team]:
    teams = Team.objects.select_related("property")
    if user.is_superuser:
        return teams
    if user.property_id is None:
        return teams.none()
    if user.role == Role.STAFF:
        return teams.filter(property_id=user.property_id)
    if user.role == Role.SUPERVISOR:
        return teams.filter(supervisors=user, property_id=user.property_id)
    return teams.none()


def visible_trainees(user: User) -> QuerySet[User]:
    """People whose progress and records ``user`` may see, themselves included."""
    people = User.objects.select_related("property")
    if user.is_superuser:
        return people
    if user.property_id is not None and user.role == Role.STAFF:
        return people.filter(Q(property_id=user.property_id) | Q(pk=user.pk))
    if user.property_id is not None and user.role == Role.SUPERVISOR:
        members = Team.members.through.objects.filter(
            team__supervisors=user, team__property_id=user.property_id
        ).values("user_id")
        return people.filter(Q(pk__in=members, property_id=user.property_id) | Q(pk=user.pk))
    return people.filter(pk=user.pk)


def visible_candidates(user: User) -> QuerySet[User]:
    """Trainees whose exams ``user`` may see (supervisors and staff; a trainee sees their own
    sittings through their own pages, not as a candidate list)."""
    if not is_team_viewer(user):
        return User.objects.none()
    return visible_trainees(user).filter(role=Role.TRAINEE)


def visible_assignments(user: User) -> QuerySet[Assignment]:
    """Assignments (issue 15) of the teams ``user`` sees or naming people they see, of their
    property (a superuser: all); none for a trainee, who sees their own on their home."""
    assignments = Assignment.objects.select_related("blueprint", "team")
    if not is_team_viewer(user):
        return assignments.none()
    if user.is_superuser:
        return assignments
    if user.property_id is None:
        return assignments.none()
    people = visible_trainees(user).values("pk")
    return (
        assignments.filter(property_id=user.property_id)
        .filter(Q(team__in=visible_teams(user)) | Q(trainees__in=people))
        .distinct()
    )


def visible_rule_sets(user: User) -> QuerySet[RuleSet]:
    """Rule sets a user may read: all for a superuser, their property's for its staff."""
    rule_sets = RuleSet.objects.select_related("property")
    if user.is_superuser:
        return rule_sets
    if user.role == Role.STAFF and user.property_id is not None:
        return rule_sets.filter(property_id=user.property_id)
    return rule_sets.none()


def editable_rule_sets(user: User) -> QuerySet[RuleSet]:
    """Rule sets a user may change in the house-rules editor: their property's for its
    staff, all for a superuser, none for anyone else."""
    if not is_property_staff(user):
        return RuleSet.objects.none()
    return visible_rule_sets(user)


def house_rule_properties(user: User) -> QuerySet[Property]:
    """Properties a user may add a rule set to: every one for a superuser, their own for
    its staff, none for anyone else (or staff without a property)."""
    if user.is_authenticated and user.is_superuser:
        return Property.objects.all()
    if is_property_staff(user) and user.property_id is not None:
        return Property.objects.filter(pk=user.property_id)
    return Property.objects.none()


def usable_rule_sets(user: User | None) -> QuerySet[RuleSet]:
    """Rule sets a user may rule under (the rulings door): their property's; any for a
    superuser or the command line (``None``)."""
    if user is None or user.is_superuser:
        return RuleSet.objects.all()
    if user.property_id is None:
        return RuleSet.objects.none()
    return RuleSet.objects.filter(property_id=user.property_id)


# --- what a dealt round's replay may show ------------------------------------------------------


def round_replay_withheld(user: User, stored: DealtRound) -> str | None:
    """Why the replay of a round ``user`` may otherwise see is withheld from them, or ``None``.

    The replay shows the round step by step beside the correct procedure, and the rest of an
    unfinished round: the round's own dealer sees it only once the round can no longer be
    dealt (finished, or an exam round whose sitting is over), and a round of an exam (a table
    test) only once the sitting's review shows the right answers (its review policy,
    ``drills.exams.policy``). Supervisors and staff who see the dealer's records replay any
    of their rounds, live ones included, as before."""
    if stored.user_id != user.pk:
        return None
    from drills.exams.selectors import reveal
    from drills.rounds.exams import open_for_play

    item = stored.exam_item
    if not stored.finished and (item is None or open_for_play(stored) is None):
        return "This round is still being dealt: its replay opens when the round is finished."
    if item is not None and not reveal(item.sitting)[1].answers:
        return "This round is part of an exam: its replay opens when the exam's review shows the answers."
    return None
