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

from django.db.models import Q, QuerySet

from drills.learning.models import Assignment
from drills.models import Role, RuleSet, Team, User

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


def usable_rule_sets(user: User | None) -> QuerySet[RuleSet]:
    """Rule sets a user may rule under (the rulings door): their property's; any for a
    superuser or the command line (``None``)."""
    if user is None or user.is_superuser:
        return RuleSet.objects.all()
    if user.property_id is None:
        return RuleSet.objects.none()
    return RuleSet.objects.filter(property_id=user.property_id)
