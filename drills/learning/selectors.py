"""Reads of the learning sub-app: what is due, forecast recall, leeches, assignment progress,
expiring certificates, and the family a new scenario leans toward.

Access: these take the people or team already checked by the caller; who may see whom,
who a team's members are and which assignments a viewer sees is decided by ``drills.access``.
"""

from __future__ import annotations

import datetime as dt
import functools
import random
import secrets
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_noop

from drills import access
from drills.exams.models import Certificate
from drills.kinds.base import GENERAL_FAMILY, Difficulty, DrillKind, Scenario, UnknownKindError, get_kind
from drills.kinds.messages import say
from drills.labels import percent_of, whole_percent
from drills.learning.memory import FIELDS, Memory
from drills.learning.models import (
    DEFAULT_DUE_SOON_DAYS,
    DEFAULT_EXPIRY_NOTICE_DAYS,
    DEFAULT_LEECH_LAPSES,
    DEFAULT_RETENTION,
    Assignment,
    AssignmentGoal,
    FamilyCard,
    LearningPolicy,
)
from drills.models import Attempt, Property, Team, User
from drills.progress.models import SkillRollup
from drills.progress.rollup import WINDOW_FIELDS, window_figures
from drills.progress.selectors import Catalogue, catalogue, policy_for
from drills.progress.stats import mastery_from_figures
from drills.rounds.tables.registry import game_of_skill, is_round_skill, round_family_label, skill_title
from games.house_rules import HouseRules
from games.registry import GAMES, game_name

# --- policy ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    desired_retention: Decimal = DEFAULT_RETENTION
    leech_lapses: int = DEFAULT_LEECH_LAPSES
    due_soon_days: int = DEFAULT_DUE_SOON_DAYS
    expiry_notice_days: int = DEFAULT_EXPIRY_NOTICE_DAYS


def settings_for(property_id: int | None) -> Settings:
    """A property's learning settings (one query; :func:`settings_of` when it is loaded)."""
    stored = LearningPolicy.objects.filter(property_id=property_id).first() if property_id else None
    return _settings(stored)


def settings_of(property: Property | None) -> Settings:
    """A property's learning settings from the policy loaded with it (``select_related
    ("learning_policy")``: no query), else one query."""
    if property is None:
        return Settings()
    try:
        stored: LearningPolicy | None = property.learning_policy  # reverse one-to-one
    except LearningPolicy.DoesNotExist:
        stored = None
    return _settings(stored)


def settings_by_property(property_ids: Iterable[int | None]) -> dict[int | None, Settings]:
    """The learning settings of several properties (one query; the defaults without a policy)."""
    wanted = {pk for pk in property_ids if pk}
    stored = {policy.property_id: policy for policy in LearningPolicy.objects.filter(property_id__in=wanted)}
    result: dict[int | None, Settings] = {pk: _settings(stored.get(pk)) for pk in wanted}
    result[None] = Settings()
    return result


def _settings(stored: LearningPolicy | None) -> Settings:
    if stored is None:
        return Settings()
    return Settings(stored.desired_retention, stored.leech_lapses, stored.due_soon_days, stored.expiry_notice_days)


# --- families ---------------------------------------------------------------------------------


def _kind(slug: str) -> DrillKind[Any] | None:
    try:
        return get_kind(slug)
    except UnknownKindError:
        return None


def kind_title(slug: str) -> str:
    if is_round_skill(slug):
        return skill_title(game_of_skill(slug)) if game_of_skill(slug) in GAMES else slug
    kind = _kind(slug)
    return gettext(kind.title) if kind else slug


def short_game(game: str) -> str:
    """ "Blackjack" for "Blackjack (six decks, no hole card)"."""
    return gettext(game_name(game)).split(" (")[0]


def skill_name(slug: str) -> str:
    """ "Announce the total (Over/Under 26 Joker)": a kind's title with its game."""
    if is_round_skill(slug):
        return kind_title(slug)
    kind = _kind(slug)
    return f"{gettext(kind.title)} ({short_game(kind.game)})" if kind else slug


def family_label(slug: str, family: str) -> str:
    if is_round_skill(slug):
        return round_family_label(slug)  # a round skill is one family: the whole round
    kind = _kind(slug)
    return say(kind.family_label(family), gettext) if kind else family


def family_title(kind: str, family: str) -> str:
    """ "Jack Switch: dealer 22 — Dealer 22 push"; a kind of one family is its title; a round
    skill's one family is "Blackjack: a whole round". Fixed by the registered kinds, so worked
    out once per family and language (a team panel lists the same families for many trainees)."""
    return _family_title(kind, family, get_language())


@functools.lru_cache(maxsize=1024)
def _family_title(kind: str, family: str, language: str | None) -> str:
    if is_round_skill(kind):
        return family_label(kind, family)
    if family == GENERAL_FAMILY and not getattr(_kind(kind), "families", ()):
        return skill_name(kind)
    return f"{skill_name(kind)}: {family_label(kind, family)}"


@dataclass(frozen=True)
class FamilyMemory:
    """One trainee × family for people: names, recall now and at the horizon, flags."""

    user_id: int
    kind: str
    family: str
    memory: Memory
    recall_now: float | None
    recall_then: float | None  # at the forecast horizon
    leech: bool

    @property
    def kind_title(self) -> str:
        return kind_title(self.kind)

    @property
    def label(self) -> str:
        return family_label(self.kind, self.family)

    @property
    def round_game(self) -> str:
        """The game of a dealt-round skill ("blackjack"), else "": it is reviewed at a table."""
        return game_of_skill(self.kind)

    @property
    def title(self) -> str:
        return family_title(self.kind, self.family)

    @property
    def due(self) -> dt.datetime | None:
        return self.memory.due

    @property
    def recall_now_percent(self) -> int | None:
        return None if self.recall_now is None else whole_percent(100 * self.recall_now)

    @property
    def recall_then_percent(self) -> int | None:
        return None if self.recall_then is None else whole_percent(100 * self.recall_then)

    @property
    def miss_percent(self) -> int:
        return percent_of(self.memory.misses, self.memory.answers)


def forecast_horizon(now: dt.datetime) -> dt.datetime:
    """The end of the coming Friday (next week's once it is Friday or the weekend), local time."""
    today = timezone.localdate(now)
    days = (4 - today.weekday()) % 7 or 7
    friday = today + dt.timedelta(days=days)
    return timezone.make_aware(dt.datetime.combine(friday, dt.time(23, 59)))


def _memories(
    rows: Iterable[dict[str, Any]], now: dt.datetime, horizon: dt.datetime, settings: Settings
) -> list[FamilyMemory]:
    result = []
    for values in rows:
        memory = Memory.from_fields(values)
        result.append(
            FamilyMemory(
                values["user_id"],
                values["kind"],
                values["family"],
                memory,
                memory.recall(now, settings.desired_retention),
                memory.recall(horizon, settings.desired_retention),
                memory.lapses >= settings.leech_lapses,
            )
        )
    return result


CARD_VALUES = ("user_id", "kind", "family", *FIELDS)


def family_memories(
    user_ids: Iterable[int] | Any, settings: Settings, now: dt.datetime | None = None
) -> list[FamilyMemory]:
    """Every family card of these people (ids or an id subquery), one query."""
    now = now or timezone.now()
    rows = FamilyCard.objects.filter(user_id__in=user_ids).values(*CARD_VALUES)
    return _memories(rows, now, forecast_horizon(now), settings)


@dataclass(frozen=True)
class DueList:
    items: list[FamilyMemory]  # the first ``limit``, most overdue first
    total: int


def end_of_today(now: dt.datetime) -> dt.datetime:
    tomorrow = timezone.localdate(now) + dt.timedelta(days=1)
    return timezone.make_aware(dt.datetime.combine(tomorrow, dt.time.min))


def due_today(
    user: User, *, now: dt.datetime | None = None, limit: int = 8, settings: Settings | None = None
) -> DueList:
    """The trainee's families due by the end of today, most overdue first (one or two queries)."""
    now = now or timezone.now()
    settings = settings or settings_for(user.property_id)
    cards = FamilyCard.objects.filter(user=user, due__lt=end_of_today(now))
    rows = list(cards.order_by("due", "kind", "family").values(*CARD_VALUES)[:limit])
    total = len(rows) if len(rows) < limit else cards.count()
    return DueList(_memories(rows, now, forecast_horizon(now), settings), total)


# --- leaning generation toward missed families ------------------------------------------------

LEAN_SHARE = 0.6  # of new scenarios that aim at a weak family (the rest stay a plain draw)
LEAN_TRIES = 4  # seeds drawn at most to hit the aimed family (each a full generation)
_random = secrets.SystemRandom()


def family_needs(user: User, kind: str, now: dt.datetime) -> dict[str, float]:
    """How much each of the trainee's families of a kind needs practice: its miss share
    (smoothed), doubled when it is due, tripled for a leech (the property's ``leech_lapses``).
    One query (the threshold comes with the cards)."""
    threshold = LearningPolicy.objects.filter(property_id=OuterRef("user__property_id")).values("leech_lapses")[:1]
    cards = FamilyCard.objects.filter(user=user, kind=kind).annotate(leech_lapses=Subquery(threshold))
    needs = {}
    for family, answers, misses, due, lapses, leech_lapses in cards.values_list(
        "family", "answers", "misses", "due", "lapses", "leech_lapses"
    ):
        need = (misses + 1) / (answers + 2)
        if due <= now:
            need *= 2
        if lapses >= (leech_lapses or DEFAULT_LEECH_LAPSES):
            need *= 3
        needs[family] = need
    return needs


def aimed_family(needs: dict[str, float], rng: random.Random) -> str | None:
    """A family to aim at, weighted by need, or ``None`` (a plain draw)."""
    if not needs or rng.random() >= LEAN_SHARE:
        return None
    families = sorted(needs)
    return rng.choices(families, weights=[needs[family] for family in families])[0]


def leaning_scenario(
    user: User,
    kind: DrillKind[Any],
    difficulty: Difficulty,
    rules: HouseRules,
    new_seed: Callable[[], int],
    rng: random.Random | None = None,
) -> tuple[int, Scenario]:
    """A fresh seed and its scenario, leaning toward the families the trainee misses: a
    scenario is still a pure function of its seed; only the choice among a few secret
    seeds leans. A kind of one family costs nothing extra."""
    seed = new_seed()
    scenario = kind.generate(seed, difficulty, rules)
    if not kind.families:
        return seed, scenario
    target = aimed_family(family_needs(user, kind.slug, timezone.now()), rng or _random)
    tries = 1
    while target is not None and scenario.family != target and tries < LEAN_TRIES:
        seed = new_seed()
        scenario = kind.generate(seed, difficulty, rules)
        tries += 1
    return seed, scenario


REVIEW_TRIES = 8  # seeds drawn per difficulty to hit the family under review


def family_difficulties(user: User, kind: str, family: str) -> list[Difficulty]:
    """Where to look for a family: the difficulty the trainee last met it at (one query), then
    normal, hard, easy (a family may occur only at some: splits are rare when it is easy)."""
    last = (
        Attempt.objects.filter(user=user, kind=kind, family=family)
        .order_by("-id")
        .values_list("difficulty", flat=True)
        .first()
    )
    order = [Difficulty(last)] if last in {d.value for d in Difficulty} else []
    return order + [d for d in (Difficulty.NORMAL, Difficulty.HARD, Difficulty.EASY) if d not in order]


def review_scenario(
    user: User,
    kind: DrillKind[Any],
    family: str,
    rules: HouseRules,
    new_seed: Callable[[], int],
    difficulty: Difficulty | None = None,
) -> tuple[int, Difficulty, Scenario]:
    """A fresh seed, its difficulty and its scenario aimed at one family (a due review): up to
    :data:`REVIEW_TRIES` secret seeds at each difficulty where the family occurs (``difficulty``
    first when the trainee chose one). A scenario stays a pure function of its seed; when the
    family is not hit the first draw is kept (a plain scenario of the kind)."""
    order = family_difficulties(user, kind.slug, family)
    if difficulty is not None:
        order = [difficulty] + [d for d in order if d != difficulty]
    first: tuple[int, Difficulty, Scenario] | None = None
    for level in order:
        for _ in range(REVIEW_TRIES if kind.families else 1):
            seed = new_seed()
            scenario = kind.generate(seed, level, rules)
            first = first or (seed, level, scenario)
            if scenario.family == family:
                return seed, level, scenario
    assert first is not None
    return first


# --- assignments ------------------------------------------------------------------------------

DONE, ON_TRACK, AT_RISK, OVERDUE = "done", "on-track", "at-risk", "overdue"
STATUS_LABELS = {
    DONE: gettext_noop("Done"),
    ON_TRACK: gettext_noop("On track"),
    AT_RISK: gettext_noop("At risk"),
    OVERDUE: gettext_noop("Overdue"),
}
"""Message IDs: shown through ``gettext`` in the reader's language."""
BEHIND_MARGIN = 0.25  # skills: at risk when the share mastered trails the share of time gone by this much


def assignment_status(assignment: Assignment, done: int, total: int, today: dt.date, due_soon_days: int) -> str:
    """Done; overdue (past the due date, not done); at risk (due within ``due_soon_days``, or
    behind: skills mastered trail the time gone by 25 points, an exam not passed with half
    the time gone); else on track."""
    if total and done >= total:
        return DONE
    if today > assignment.due_on:
        return OVERDUE
    if (assignment.due_on - today).days <= due_soon_days:
        return AT_RISK
    start = timezone.localdate(assignment.created_at)
    span = max(1, (assignment.due_on - start).days)
    elapsed = min(1.0, max(0.0, (today - start).days / span))
    if assignment.goal == AssignmentGoal.EXAM:
        return AT_RISK if elapsed >= 0.5 else ON_TRACK
    return AT_RISK if total and done / total < elapsed - BEHIND_MARGIN else ON_TRACK


@dataclass
class AssigneeProgress:
    trainee: User
    done: int
    total: int
    status: str
    detail: str = ""
    """A "what changed" assignment's own answers for its change, in words."""

    @property
    def status_label(self) -> str:
        return gettext(STATUS_LABELS[self.status])

    @property
    def percent(self) -> int:
        return percent_of(self.done, self.total)


@dataclass
class AssignmentProgress:
    assignment: Assignment
    title: str
    rows: list[AssigneeProgress] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for row in self.rows if row.status == status)

    @property
    def counts(self) -> list[tuple[str, str, int]]:
        return [(status, gettext(label), self.count(status)) for status, label in STATUS_LABELS.items()]


def assignment_title(assignment: Assignment) -> str:
    """What the assignment asks, in the reader's language (an exam's title as staff wrote it)."""
    if assignment.goal == AssignmentGoal.EXAM:
        if assignment.blueprint:
            return gettext("Pass {exam}").format(exam=assignment.blueprint.title)
        return gettext("Pass an exam")
    titles = [skill_name(slug) for slug in assignment.skills]
    shown = ", ".join(titles[:3])
    if len(titles) > 3:
        shown = gettext("{skills} and {count} more").format(skills=shown, count=len(titles) - 3)
    return gettext("Master {skills}").format(skills=shown)


def _assignees(assignments: Sequence[Assignment], teams: dict[int, set[int]] | None = None) -> dict[int, set[int]]:
    """Assignment id → trainee ids (its team's members now, plus those named): two queries,
    one when ``teams`` (team id → its members, as ``access.team_members`` lists them) has
    every assigned team."""
    result: dict[int, set[int]] = {assignment.pk: set() for assignment in assignments}
    team_of = defaultdict(list)
    for assignment in assignments:
        if assignment.team_id:
            team_of[assignment.team_id].append(assignment.pk)
    teams = teams or {}
    pairs = [(team_id, user_id) for team_id in team_of if team_id in teams for user_id in teams[team_id]]
    unknown = [team_id for team_id in team_of if team_id not in teams]
    for team_id, user_id in [*pairs, *(access.memberships(unknown) if unknown else [])]:
        for assignment_id in team_of[team_id]:
            result[assignment_id].add(user_id)
    for assignment_id, user_id in Assignment.trainees.through.objects.filter(
        assignment_id__in=list(result)
    ).values_list("assignment_id", "user_id"):
        result[assignment_id].add(user_id)
    return result


def mastered_skills(
    user_ids: set[int], kinds: set[str], property: Property | None, targets: Catalogue | None = None
) -> set[tuple[int, str]]:
    """(trainee, kind) pairs mastered under the property's policy, from the roll-ups (one query
    plus the catalogue's unless ``targets`` is given)."""
    if not user_ids or not kinds:
        return set()
    policy = policy_for(property)
    targets = targets or catalogue(property)
    mastered = set()
    rows = list(
        SkillRollup.objects.filter(user_id__in=user_ids, kind__in=kinds).values_list(
            "pk", "user_id", "kind", *WINDOW_FIELDS
        )
    )
    # The stored figures are for the policy window; a row stored for another window is
    # recomputed from its ``recent`` answers (fetched for those rows only).
    stale = [row[0] for row in rows if row[3] != policy.window]
    recent = dict(SkillRollup.objects.filter(pk__in=stale).values_list("pk", "recent")) if stale else {}
    for pk, user_id, kind, _size, answers, correct, older, median in rows:
        if pk in recent:
            figures = window_figures(recent[pk], policy.window)
            answers, correct = figures["window_answers"], figures["window_correct"]
            older, median = figures["window_older_correct"], figures["window_median_ms"]
        item = mastery_from_figures(kind, answers, correct, older, median, policy, targets.target(kind))
        if item.mastered:
            mastered.add((user_id, kind))
    return mastered


def passed_exams(user_ids: set[int], blueprint_ids: set[int], today: dt.date) -> set[tuple[int, int]]:
    """(trainee, blueprint) pairs with a valid certificate today (one query)."""
    if not user_ids or not blueprint_ids:
        return set()
    rows = Certificate.objects.filter(
        candidate_id__in=user_ids, blueprint_id__in=blueprint_ids, revoked_at__isnull=True
    ).filter(Q(expires_on__isnull=True) | Q(expires_on__gte=today))
    return set(rows.values_list("candidate_id", "blueprint_id"))


@dataclass(frozen=True)
class Known:
    """What the caller has read already for one property (nothing is read twice)."""

    property: Property
    settings: Settings
    catalogue: Catalogue | None = None
    people: dict[int, User] = field(default_factory=dict)
    mastered: set[tuple[int, str]] | None = None  # (trainee, kind) of ``people``, when known
    teams: dict[int, set[int]] = field(default_factory=dict)  # team id → its members, when read


def assignment_progress(
    assignments: Sequence[Assignment],
    *,
    only: set[int] | None = None,
    today: dt.date | None = None,
    known: Known | None = None,
    assignees: dict[int, set[int]] | None = None,
) -> list[AssignmentProgress]:
    """Each assignment with every assignee's progress and status (``only``: these trainees;
    ``known``: the property, settings, catalogue and people the caller has read;
    ``assignees``: each assignment's trainees when the caller knows them). A fixed number of
    queries whatever the number of assignments and trainees."""
    today = today or timezone.localdate()
    if not assignments:
        return []
    assignees = _assignees(assignments, known.teams if known else None) if assignees is None else assignees
    if only is not None:
        assignees = {pk: ids & only for pk, ids in assignees.items()}
    user_ids = set().union(*assignees.values()) if assignees else set()
    people = dict(known.people) if known else {}
    if user_ids - set(people):
        people.update((user.pk, user) for user in User.objects.filter(pk__in=user_ids - set(people)).order_by())
    by_property: dict[int | None, list[Assignment]] = defaultdict(list)
    for assignment in assignments:
        by_property[assignment.property_id].append(assignment)
    properties = {known.property.pk: known.property} if known else {}
    if set(by_property) - set(properties) - {None}:
        properties.update(
            (p.pk, p) for p in Property.objects.filter(pk__in=[pk for pk in by_property if pk and pk not in properties])
        )
    mastered: set[tuple[int, str]] = set()
    for property_id, group in by_property.items():
        kinds = {slug for assignment in group for slug in assignment.skills}
        ids = set().union(*(assignees[a.pk] for a in group))
        own = known.catalogue if known and property_id == known.property.pk else None
        if known and known.mastered is not None and ids <= set(known.people):
            mastered |= {pair for pair in known.mastered if pair[1] in kinds}
            continue
        mastered |= mastered_skills(ids, kinds, properties.get(property_id or 0), own)
    passed = passed_exams(user_ids, {a.blueprint_id for a in assignments if a.blueprint_id}, today)
    from drills.what_changed.selectors import change_progress  # a rule change counts only its own answers

    own_catalogue = known.catalogue if known and set(by_property) == {known.property.pk} else None
    changes = change_progress(assignments, assignees, properties, own_catalogue)
    soon: dict[int | None, int]
    if known and set(by_property) == {known.property.pk}:
        soon = {known.property.pk: known.settings.due_soon_days}
    else:
        soon = {pk: value.due_soon_days for pk, value in settings_by_property(by_property).items()}
    result = []
    for assignment in assignments:
        item = AssignmentProgress(assignment, assignment_title(assignment))
        for user_id in sorted(assignees[assignment.pk], key=lambda pk: _sort_name(people.get(pk))):
            if user_id not in people:
                continue
            change = changes.get((assignment.pk, user_id))
            if assignment.goal == AssignmentGoal.EXAM:
                done, total = int((user_id, assignment.blueprint_id) in passed), 1
            elif change is not None:
                done, total = int(change.mastered), 1
            else:
                total = len(assignment.skills)
                done = sum(1 for slug in assignment.skills if (user_id, slug) in mastered)
            status = assignment_status(assignment, done, total, today, soon[assignment.property_id])
            item.rows.append(AssigneeProgress(people[user_id], done, total, status, change.words if change else ""))
        result.append(item)
    return result


def _sort_name(user: User | None) -> tuple[str, str, str]:
    return (user.last_name, user.first_name, user.username) if user else ("", "", "")


def assignments_of_trainee(user: User) -> list[Assignment]:
    """Assignments naming the trainee or one of their teams, soonest due first."""
    return list(
        Assignment.objects.filter(Q(trainees=user) | Q(team__in=access.teams_of(user)))
        .select_related("blueprint", "rule_change")  # a "what changed" note is worded from its change
        .distinct()
        .order_by("due_on", "pk")
    )


def assignments_of_team(team: Team) -> list[Assignment]:
    """Assignments of the team or of any of its members."""
    return list(
        Assignment.objects.filter(Q(team=team) | Q(trainees__in=access.team_members(team)))
        .select_related("blueprint", "team")
        .distinct()
        .order_by("due_on", "pk")
    )


def visible_assignments(viewer: User) -> list[Assignment]:
    """Assignments of teams the viewer sees or naming people they see (``drills.access``)."""
    query = access.visible_assignments(viewer)
    return list(query.select_related("blueprint", "team").order_by("due_on", "pk"))


def visible_assignment(viewer: User, assignment_id: int) -> Assignment | None:
    """One assignment the viewer sees (``drills.access``), fetched alone: one query."""
    return access.visible_assignments(viewer).select_related("blueprint", "team").filter(pk=assignment_id).first()


# --- certificates -------------------------------------------------------------------------------


def expiring_certificates(user_ids: Any, *, today: dt.date | None = None, days: int = 30) -> list[Certificate]:
    """Certificates of these people that expire within ``days`` (not revoked, not renewed
    by a newer certificate of the same exam), soonest first. Two queries."""
    today = today or timezone.localdate()
    soon = list(
        Certificate.objects.filter(
            candidate_id__in=user_ids,
            revoked_at__isnull=True,
            expires_on__gte=today,
            expires_on__lte=today + dt.timedelta(days=days),
        )
        .select_related("candidate", "blueprint")
        .order_by("expires_on", "holder_name")
    )
    latest = latest_issue(soon)
    return [c for c in soon if latest.get((c.candidate_id, c.blueprint_id), c.issued_at) <= c.issued_at]


IN_FORCE_SHOWN = 200


def certificates_in_force(user_ids: Any, *, today: dt.date | None = None) -> list[Certificate]:
    """Certificates of these people not revoked and not expired (the staff revoke from here),
    newest first, at most :data:`IN_FORCE_SHOWN` (one query)."""
    today = today or timezone.localdate()
    rows = Certificate.objects.filter(candidate_id__in=user_ids, revoked_at__isnull=True).filter(
        Q(expires_on__isnull=True) | Q(expires_on__gte=today)
    )
    return list(rows.select_related("blueprint").order_by("-issued_at", "-pk")[:IN_FORCE_SHOWN])


def latest_issue(certificates: Sequence[Certificate]) -> dict[tuple[int, int], dt.datetime]:
    """(holder, exam) → when their newest unrevoked certificate was issued (one query)."""
    if not certificates:
        return {}
    latest: dict[tuple[int, int], dt.datetime] = {}
    rows = Certificate.objects.filter(
        candidate_id__in={c.candidate_id for c in certificates},
        blueprint_id__in={c.blueprint_id for c in certificates},
        revoked_at__isnull=True,
    ).values_list("candidate_id", "blueprint_id", "issued_at")
    for candidate_id, blueprint_id, issued_at in rows:
        key = (candidate_id, blueprint_id)
        if key not in latest or issued_at > latest[key]:
            latest[key] = issued_at
    return latest
