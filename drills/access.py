"""Who sees what: the one place that decides. Every page, API view, export and admin list
asks here (progress, exams, home pages, rule sets, the admin).

- **trainee**: only themselves (their own attempts, progress, sittings);
- **supervisor**: the teams they supervise *within their own property*, and those teams'
  members of that property (and themselves). A team of another property is never theirs,
  even if someone added them to it as a supervisor;
- **a team's members**, wherever a team is listed (dashboard, CSV, API, learning panel,
  item statistics, exam results by team, counts), are its members *of the team's property*:
  a trainee moved to another property while still on the team is not listed (``team_members``);
- **staff** (role ``staff``) of a property: every team and person of that property;
- **superuser**: everything.

A supervisor or staff member without a property sees only themselves. Anything outside
what a user may see is "not found" to them (404), so ids of other properties are not
revealed; a page or endpoint their role may not use at all is "forbidden" (403).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Count, F, Prefetch, Q, QuerySet

from drills.exams.models import Blueprint, Certificate, Sitting
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


def team_members(team: Team) -> QuerySet[User]:
    """The members a team lists: those of the team's property (a trainee moved to another
    property, still on the team, is theirs no longer)."""
    return User.objects.filter(teams=team, property_id=team.property_id)


def teams_of(user: User) -> QuerySet[Team]:
    """The teams that list ``user`` as a member (of their own property: ``team_members``)."""
    if user.property_id is None:
        return Team.objects.none()
    return Team.objects.filter(members=user, property_id=user.property_id)


def team_member_ids(team: Team) -> QuerySet[Any]:
    """``team_members`` as a subquery of user ids (``user_id__in=...``)."""
    return team_members(team).values("pk")


def memberships(team_ids: list[int]) -> QuerySet[Any]:
    """(team id, user id) of these teams' listed members (``team_members``), as value tuples."""
    return Team.members.through.objects.filter(
        team_id__in=team_ids, user__property_id=F("team__property_id")
    ).values_list("team_id", "user_id")


def with_member_counts(teams: QuerySet[Team]) -> QuerySet[Team]:
    """The teams, each annotated ``member_count``: its listed members (``team_members``)."""
    return teams.annotate(
        member_count=Count("members", filter=Q(members__property_id=F("property_id")), distinct=True)
    )


def with_listed_members(teams: QuerySet[Team]) -> list[Team]:
    """The teams, each with ``listed_members``: its ``team_members`` by name (two queries)."""
    by_name = User.objects.order_by("last_name", "first_name", "username")
    found = list(teams.prefetch_related(Prefetch("members", queryset=by_name)))
    for team in found:
        team.listed_members = [m for m in team.members.all() if m.property_id == team.property_id]  # type: ignore[attr-defined]
    return found


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


# --- exams, assignments and certificates --------------------------------------------------------


def visible_sittings(user: User) -> QuerySet[Sitting]:
    """Sittings a supervisor or staff member may see: of the candidates they see, on exams of
    their own property; all for a superuser; none for a trainee (their own pages show theirs)."""
    if user.is_superuser:
        return Sitting.objects.all()
    if not is_team_viewer(user) or user.property_id is None:
        return Sitting.objects.none()
    return Sitting.objects.filter(
        blueprint__property_id=user.property_id, candidate_id__in=visible_candidates(user).values("pk")
    )


def managed_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams a staff member manages (their property's; all for a superuser)."""
    if user.is_superuser:
        return Blueprint.objects.all()
    if is_property_staff(user) and user.property_id is not None:
        return Blueprint.objects.filter(property_id=user.property_id)
    return Blueprint.objects.none()


def results_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams whose results a supervisor or staff member may filter by (their property's)."""
    if user.is_superuser:
        return Blueprint.objects.all()
    if user.property_id is None or not is_team_viewer(user):
        return Blueprint.objects.none()
    return Blueprint.objects.filter(property_id=user.property_id)


def sittable_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams a trainee may see and sit: the active ones of their property."""
    if not is_candidate(user) or user.property_id is None:
        return Blueprint.objects.none()
    return Blueprint.objects.filter(property_id=user.property_id, is_active=True)


def assignable_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams a supervisor or staff member may assign: the active ones of their own property."""
    if not is_team_viewer(user) or user.property_id is None:
        return Blueprint.objects.none()
    return Blueprint.objects.filter(property_id=user.property_id, is_active=True)


def assignable_trainees(user: User) -> QuerySet[User]:
    """Trainees a supervisor or staff member may name on an assignment: those they see, of
    their own property."""
    if not is_team_viewer(user) or user.property_id is None:
        return User.objects.none()
    return visible_trainees(user).filter(role=Role.TRAINEE, property_id=user.property_id)


def visible_assignments(user: User) -> QuerySet[Assignment]:
    """Assignments of the property's teams the user sees or naming people they see."""
    if user.property_id is None and not user.is_superuser:
        return Assignment.objects.none()
    query = Assignment.objects.filter(Q(team__in=visible_teams(user)) | Q(trainees__in=visible_trainees(user)))
    if not user.is_superuser:
        query = query.filter(property_id=user.property_id or 0)
    return query.distinct()


def revocable_certificates(user: User) -> QuerySet[Certificate]:
    """Certificates a user may revoke: staff, of their property's exams; all for a superuser."""
    if user.is_superuser:
        return Certificate.objects.all()
    if not is_property_staff(user) or user.property_id is None:
        return Certificate.objects.none()
    return Certificate.objects.filter(blueprint__property_id=user.property_id)


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


# --- house rule versions (issue 16) ------------------------------------------------------------


def may_change_rule_set(user: User, rule_set: RuleSet) -> bool:
    """Propose, sign off or reject versions of ``rule_set``: active staff of its property, or
    a superuser."""
    if not (is_property_staff(user) and user.is_active):
        return False
    return bool(user.is_superuser or (user.property_id is not None and user.property_id == rule_set.property_id))


def may_sign_off(user: User, rule_set: RuleSet, author_id: int | None) -> bool:
    """A change is signed off by a *second* staff member: never its author."""
    return may_change_rule_set(user, rule_set) and user.pk != author_id
