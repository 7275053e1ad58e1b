"""Reads of the progress pages, exports and API. Only summary rows: never raw attempts,
except a trainee's own attempt list and the replay of one attempt.

Who sees what is decided by ``drills.access`` (``visible_teams``, ``visible_trainees``);
every page, export and API endpoint goes through it. Anything else is
"not found" (404), so ids of other properties are not revealed.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import (
    BigIntegerField,
    CharField,
    DateTimeField,
    F,
    Func,
    IntegerField,
    QuerySet,
    TextField,
    Value,
)
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from drills import access, compiled_sql
from drills.access import visible_teams, visible_trainees
from drills.kinds.base import all_kinds
from drills.labels import percent_of, whole_percent
from drills.models import Attempt, DrillScenario, Property, RuleSet, Team, User
from drills.progress.models import DailyTally, KindTarget, SkillRollup, TraineeSummary, TrainingPolicy
from drills.progress.rollup import WINDOW_FIELDS, window_figures
from drills.progress.stats import (
    ItemStat,
    Mastery,
    Policy,
    count_items,
    item_statistics,
    mastery,
    mastery_from_figures,
    weakness_order,
)
from drills.rounds.tables.registry import available_round_skills
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.registry import GAMES, default_rules

DEFAULT_TARGET_SECONDS = 30  # for a kind no longer in the registry
TREND_DAYS = 30


# --- Access (the rules: drills.access) ------------------------------------------


def team_for(user: User, team_id: int) -> Team | None:
    """A team ``user`` may see, with its property's training and learning policies (one query).
    The viewer's own property is that one when it is the team's (the page header names it)."""
    team = (
        visible_teams(user)
        .select_related("property__training_policy", "property__learning_policy")
        .filter(pk=team_id)
        .first()
    )
    if team is not None and team.property_id == user.property_id:
        user.property = team.property
    return team


def trainee_for(user: User, trainee_id: int) -> User | None:
    return visible_trainees(user).filter(pk=trainee_id).first()


def scenario_for(user: User, public_id: Any) -> DrillScenario | None:
    """An answered scenario whose trainee ``user`` may see, or None."""
    return (
        DrillScenario.objects.filter(public_id=public_id, user__in=visible_trainees(user), attempt__isnull=False)
        .select_related("attempt", "user")
        .first()
    )


# --- Policy and targets ------------------------------------------------------------


def policy_for(property: Property | None) -> Policy:
    """The property's training policy as a value (the defaults without one). Uses the
    policy already loaded with the property (``select_related``) when there is one."""
    if property is None:
        return Policy()
    try:
        stored: TrainingPolicy = property.training_policy  # reverse one-to-one
    except TrainingPolicy.DoesNotExist:
        return Policy()
    return Policy(
        window=stored.window,
        accuracy=stored.accuracy,
        minimum_answers=stored.minimum_answers,
        inactive_days=stored.inactive_days,
        falling_drop=stored.falling_drop,
    )


@dataclass(frozen=True)
class Skill:
    slug: str
    title: str
    game: str
    registered: bool = True
    available: bool = True  # drillable under the property's rules (no Bonus table: no Bonus drill)


@dataclass(frozen=True)
class Catalogue:
    """The registered drill kinds as skills, with a property's target time for each."""

    skills: dict[str, Skill]  # registered kinds, in registry order
    targets: dict[str, int]  # the property's overrides, else the kind's default
    rule_sets: dict[str, RuleSet] = field(default_factory=dict)  # the property's default rule set per game

    def skill(self, slug: str) -> Skill:
        return self.skills.get(slug) or Skill(slug, slug, "", registered=False)

    def target(self, slug: str) -> int:
        return self.targets.get(slug, DEFAULT_TARGET_SECONDS)

    def counted(self, answered: Iterable[str] = ()) -> list[Skill]:
        """The skills every page counts (issue 15): the kinds drillable under the property's
        rules, in registry order (so grouped by game), plus any other kind with answers. An
        unavailable kind nobody answered is not "not started": it is not counted at all."""
        answered = set(answered)
        return [skill for skill in self.ordered() if skill.available or skill.slug in answered] + [
            self.skill(slug) for slug in sorted(answered - set(self.skills))
        ]

    def ordered(self, slugs: Iterable[str] | None = None) -> list[Skill]:
        """Registered kinds in registry order (only ``slugs`` if given), then unknown slugs."""
        if slugs is None:
            return list(self.skills.values())
        wanted = set(slugs)
        known = [skill for slug, skill in self.skills.items() if slug in wanted]
        return known + [self.skill(slug) for slug in sorted(wanted - set(self.skills))]


def catalogue(property: Property | None) -> Catalogue:
    """One registry read and one query: the skills (available or not under the property's
    default rule sets) and the property's target times."""
    kinds = all_kinds()
    targets = {kind.slug: int(kind.target_seconds) for kind in kinds}
    stored_rules, stored_targets = _property_rows(property)
    rules = _rules_from(stored_rules)
    skills = {
        kind.slug: Skill(kind.slug, kind.title, kind.game, available=not kind.unavailable_reason(rules[kind.game]))
        for kind in kinds
    }
    # Dealt rounds (drills.rounds): one skill per game, its time and target per dealer action.
    for slug, title, game, seconds in available_round_skills():
        skills[slug] = Skill(slug, title, game)
        targets[slug] = seconds
    targets.update(stored_targets)
    return Catalogue(skills, targets, stored_rules)


def _property_rows(property: Property | None) -> tuple[dict[str, RuleSet], dict[str, int]]:
    """The property's default rule sets (by game; copies with their pk, name and values, due
    versions applied) and its target times (by kind), read in one query (and one for the due
    versions): a ``UNION ALL`` of the two tables' rows as (game or kind, name, rule values,
    target, pk)."""
    if property is None:
        return {}, {}
    rule_sets = (
        RuleSet.objects.filter(property=property, is_default=True)
        .order_by()
        .annotate(target=Value(None, output_field=IntegerField()))
        .values_list("game", "name", "values", "target", "pk")
    )
    targets = (
        KindTarget.objects.filter(property=property)
        .order_by()
        .annotate(
            no_name=Value("", output_field=CharField()),
            no_values=Value(None, output_field=CharField()),
            no_pk=Value(None, output_field=IntegerField()),
        )
        .values_list("kind", "no_name", "no_values", "target_seconds", "no_pk")
    )
    by_game: dict[str, RuleSet] = {}
    by_kind: dict[str, int] = {}
    for slug, name, values, target, pk in rule_sets.union(targets, all=True):
        if target is None:
            by_game[slug] = RuleSet(pk=pk, property=property, game=slug, name=name, values=values, is_default=True)
        else:
            by_kind[slug] = int(target)
    from drills.rule_versions.services import apply_due_to  # (it reads this module)

    apply_due_to(by_game.values())  # a signed-off version whose date has come is in force: one query
    return by_game, by_kind


def _rules_from(rule_sets: dict[str, RuleSet]) -> dict[str, HouseRules]:
    """Each game's rules from its default rule set, else the defaults. A stored rule set that
    no longer validates counts as the defaults here."""
    rules = {game: default_rules(game) for game in GAMES}
    for game, rule_set in rule_sets.items():
        try:
            rules[game] = rule_set.as_rules()
        except RuleSetError:
            continue
    return rules


def property_rules(property: Property | None) -> dict[str, HouseRules]:
    """Each game's rules at the property: its default rule set with its due versions applied,
    else the defaults (two queries when none is due)."""
    return _rules_from(_property_rows(property)[0])


# --- One trainee -------------------------------------------------------------------


@dataclass(frozen=True)
class SkillProgress:
    skill: Skill
    mastery: Mastery
    weakest_difficulty: str  # the difficulty with the lowest share right ("normal" if none)


@dataclass(frozen=True)
class TraineeProgress:
    trainee: User
    policy: Policy
    skills: list[SkillProgress]
    weakest: list[SkillProgress]
    trends: list[tuple[Skill, dict[dt.date, tuple[int, int]]]]
    days: list[dt.date]
    recent_mistakes: list[Attempt]

    @property
    def mastered(self) -> int:
        return sum(1 for item in self.skills if item.mastery.mastered)

    @property
    def practised(self) -> list[SkillProgress]:
        return [item for item in self.skills if item.mastery.total_answers]

    @property
    def not_started(self) -> list[SkillProgress]:
        return [item for item in self.skills if not item.mastery.total_answers]


def _weakest_difficulty(by_difficulty: dict[str, list[int]]) -> str:
    rated = [(correct / answers, difficulty) for difficulty, (answers, correct) in by_difficulty.items() if answers]
    return min(rated)[1] if rated else "normal"


def trend_days(today: dt.date | None = None, days: int = TREND_DAYS) -> list[dt.date]:
    today = today or timezone.localdate()
    return [today - dt.timedelta(days=offset) for offset in range(days - 1, -1, -1)]


def trainee_progress(
    trainee: User, *, weakest: int = 3, mistakes: int = 10, trends: bool = True, kinds: Catalogue | None = None
) -> TraineeProgress:
    """A trainee's skills (``kinds``: the catalogue of their property when the caller has it;
    ``trends``: the daily tallies of the last 30 days, ``mistakes``: their latest wrong
    answers, each one more query)."""
    policy = policy_for(trainee.property)
    kinds = kinds or catalogue(trainee.property)
    rows = {row.kind: row for row in SkillRollup.objects.filter(user=trainee)}
    items = []
    for skill in kinds.counted(rows):
        row = rows.get(skill.slug)
        target = kinds.target(skill.slug)
        m = mastery(
            skill.slug,
            row.recent if row else [],
            policy,
            target,
            total_answers=row.answers if row else 0,
            last_answered_at=row.last_answered_at if row else None,
        )
        items.append(SkillProgress(skill, m, _weakest_difficulty(row.by_difficulty) if row else "normal"))
    practised = sorted(
        (item for item in items if item.mastery.answers and not item.mastery.mastered),
        key=lambda item: weakness_order(item.mastery),
    )
    not_started = [item for item in items if not item.mastery.answers and item.skill.registered]
    days = trend_days()
    tallies: dict[str, dict[dt.date, tuple[int, int]]] = {}
    daily = DailyTally.objects.filter(user=trainee, day__gte=days[0])
    for kind, day, answers, correct in daily.values_list("kind", "day", "answers", "correct") if trends else ():
        tallies.setdefault(kind, {})[day] = (answers, correct)
    lines = [(item.skill, tallies[item.skill.slug]) for item in items if item.skill.slug in tallies]
    wrong = Attempt.objects.filter(user=trainee, correct=False).select_related("scenario")
    recent_mistakes = list(wrong.order_by("-answered_at")[:mistakes]) if mistakes else []
    return TraineeProgress(trainee, policy, items, (practised + not_started)[:weakest], lines, days, recent_mistakes)


def trainee_attempts(trainee: User) -> QuerySet[Attempt]:
    return Attempt.objects.filter(user=trainee).select_related("scenario").order_by("-answered_at", "-id")


# --- A team ------------------------------------------------------------------------


class TeamMember(NamedTuple):
    """A listed member as the dashboard reads them: value tuples, not ``User`` instances (a
    team of fifty was a hundred model instances with their init signals, issue 17)."""

    pk: int
    username: str
    first_name: str
    last_name: str
    recent_days: dict[str, list[int]] | None  # their ``TraineeSummary.recent_days``, if any
    last_answered_at: dt.datetime | None = None  # their roll-ups' latest, when read with the member

    def get_full_name(self) -> str:
        """As ``User.get_full_name``."""
        return f"{self.first_name} {self.last_name}".strip()


@dataclass(slots=True)  # slotted: smaller, and a team of 500 has 500
class TeamRow:
    """A trainee's row of the dashboard. ``mastered`` and ``mean_accuracy`` are worked out
    once, from the cells it is made with (the page ranks, counts and sorts by them several
    times over, issue 17): its cells are not changed afterwards."""

    trainee: TeamMember
    cells: list[Mastery]
    last_answered_at: dt.datetime | None
    skill_count: int = 0  # the skills counted for them, as on their own page (``Catalogue.counted``)
    reasons: list[str] = field(default_factory=list)
    mastered: int = field(init=False, repr=False, compare=False)
    mean_accuracy: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.mastered = sum(1 for cell in self.cells if cell.mastered)
        rated = [cell.accuracy for cell in self.cells if cell.accuracy is not None]
        self.mean_accuracy = sum(rated) / len(rated) if rated else 0.0

    @property
    def name(self) -> str:
        return self.trainee.get_full_name() or self.trainee.username


@dataclass(frozen=True)
class MissedSkill:
    skill: Skill
    answers: int
    wrong: int
    trainees: int

    @property
    def wrong_percent(self) -> int:
        return percent_of(self.wrong, self.answers)


@dataclass(frozen=True)
class NamedMistakeTally:
    code: str
    skill: Skill
    message: str
    count: int
    trainees: int
    last_attempt: int = 0  # the answer the message came from: the page words it from its reasons


@dataclass(frozen=True)
class TeamProgress:
    team: Team
    policy: Policy
    skills: list[Skill]
    rows: list[TeamRow]
    needs_help: list[TeamRow]
    missed: list[MissedSkill]
    mistakes: list[NamedMistakeTally]
    trend: dict[dt.date, tuple[int, int]]
    days: list[dt.date]


class RollupRow(NamedTuple):
    """The columns of a ``SkillRollup`` the dashboard reads (tuples, not model instances: faster).
    Not the ``recent`` window itself: its figures for the policy window are stored with it.
    The named mistakes stay JSON text until tallied (``_decoded_mistakes``)."""

    pk: int
    user_id: int
    kind: str
    answers: int
    mistakes_json: str
    last_answered_at: dt.datetime | None
    window_size: int
    window_answers: int
    window_correct: int
    window_older_correct: int
    window_median_ms: float | None


def _team_rollups(team: Team, window: int, *, times: bool = True) -> list[RollupRow]:
    """The members' roll-ups; figures stored for another window are recomputed from ``recent``.
    Filtered by a subquery of the team's listed members (``drills.access.team_members``; a list
    of ids costs more to send than the subquery). Without ``times`` each row's
    ``last_answered_at`` is None, not read (a timestamp costs more to load than a number).

    The ``mistakes`` column is read as text (through the field's converter, a ``json.loads``
    per row, it cost twice as much), and each row read is made a ``RollupRow`` as it is, its
    columns in the tuple's order, by ``tuple.__new__``, not by unpacking and calling the
    tuple's constructor (issue 17: 1,500 rows at 500 trainees)."""
    read = compiled_sql.TeamQuery(f"team_rollups:{times}", functools.partial(_team_rollups_query, times))
    new = tuple.__new__
    rows = [new(RollupRow, values) for values in read.rows(team)]
    stale = [row.pk for row in rows if row.window_size != window]
    if stale:
        recent = dict(SkillRollup.objects.filter(pk__in=stale).values_list("pk", "recent"))
        rows = [row._replace(**window_figures(recent[row.pk], window)) if row.pk in recent else row for row in rows]
    return rows


def _team_rollups_query(times: bool, team: Team) -> QuerySet[Any]:
    """:func:`_team_rollups`' query (compiled once: ``drills.compiled_sql.TeamQuery``)."""
    rollups = SkillRollup.objects.filter(user__in=access.team_member_ids(team))
    rollups = rollups.annotate(mistakes_json=Cast("mistakes", TextField()))
    if not times:
        rollups = rollups.annotate(no_time=Value(None, output_field=DateTimeField()))
    fields = ("pk", "user_id", "kind", "answers", "mistakes_json", "last_answered_at" if times else "no_time")
    return rollups.values_list(*fields, *WINDOW_FIELDS)


def _decoded_mistakes(rows: Sequence[RollupRow], chunk: int = 100) -> Iterator[dict[str, list[Any]]]:
    """Each row's named mistakes, ``{code: [count, message, last attempt id]}``: a ``json.loads``
    per ``chunk`` rows, not one per row (slow) nor one for all: 1,500 rows decoded at once
    are 4,500 dicts and lists alive together, which set off collections of the garbage
    collector and outlive them into its older generations (issue 17); a hundred rows' worth
    are consumed and freed before the next."""
    for start in range(0, len(rows), chunk):
        yield from json.loads("[" + ",".join([row.mistakes_json for row in rows[start : start + chunk]]) + "]")


def team_members(team: Team) -> list[User]:
    """The members the team lists (``drills.access.team_members``: of the team's property),
    each with their ``TraineeSummary`` when they have one (one query)."""
    fields = ("id", "username", "first_name", "last_name", "property_id", "role")
    summary = ("progress_summary__last_answered_at", "progress_summary__recent_days", "progress_summary__answers")
    members = access.team_members(team).select_related("progress_summary").only(*fields, *summary)
    return list(members.order_by("last_name", "first_name", "username"))


def _team_members_query(recent_days: bool, latest: bool, in_microseconds: bool, team: Team) -> QuerySet[Any]:
    """:func:`_team_member_rows`' query (compiled once: ``drills.compiled_sql.TeamQuery``)."""
    members = access.team_members(team).order_by("last_name", "first_name", "username")
    fields = ["pk", "username", "first_name", "last_name"]
    if recent_days:
        fields.append("progress_summary__recent_days")
    if in_microseconds:
        # As microseconds since the epoch (a bigint, exact): the driver's timestamp loader
        # runs in Python with Django's time zone step, 6 µs a value (issue 17: 500 members).
        since_epoch = Func(
            F("progress_summary__last_answered_at"), template=_EPOCH_MICROSECONDS, output_field=BigIntegerField()
        )
        members = members.annotate(latest_us=since_epoch)
        fields.append("latest_us")
    elif latest:
        fields.append("progress_summary__last_answered_at")
    return members.values_list(*fields)


def _team_member_rows(team: Team, *, recent_days: bool = True, latest: bool = False) -> list[TeamMember]:
    """``team_members`` as value tuples, in the same order, with each one's recent days
    (None for all when ``recent_days`` is false: the trend is summed in the database) and,
    with ``latest``, the latest ``last_answered_at`` of their roll-ups: their summary's, which
    is that by construction (grading and the rebuild write both together, the summary's as
    the greatest of the skills'), read in the same join (issue 17: a subquery per member,
    500 index scans and aggregates, cost the database more than the rest of the read)."""
    in_microseconds = latest and connection.vendor == "postgresql"
    build = functools.partial(_team_members_query, recent_days, latest, in_microseconds)
    read = compiled_sql.TeamQuery(f"team_member_rows:{recent_days}:{latest}:{in_microseconds}", build)
    found = []
    for pk, username, first, last, *extra in read.rows(team):
        days = extra.pop(0) if recent_days else None
        at = extra[0] if latest else None
        if in_microseconds and at is not None:
            at = _EPOCH + dt.timedelta(microseconds=at)
        found.append(TeamMember(pk, username, first, last, days, at))
    return found


_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_EPOCH_MICROSECONDS = "(EXTRACT(EPOCH FROM %(expressions)s) * 1000000)::bigint"  # numeric, so exact (PostgreSQL 14+)


def team_progress(
    team: Team, *, now: dt.datetime | None = None, with_trend: bool = True, cell_times: bool = True
) -> TeamProgress:
    """The supervisor dashboard's figures, from summary rows only. Without ``cell_times`` a
    cell's ``last_answered_at`` is None (the dashboard shows only each trainee's latest, read
    with the member: 500 timestamps to load instead of 1,500, issue 17)."""
    now = now or timezone.now()
    policy = policy_for(team.property)
    kinds = catalogue(team.property)
    # On PostgreSQL the team trend is summed by the database (``_team_trend_in_database``):
    # five hundred members' recent days are 400 KB of JSON to send and decode (issue 17).
    trend_in_database = with_trend and connection.vendor == "postgresql"
    members = _team_member_rows(team, recent_days=with_trend and not trend_in_database, latest=not cell_times)
    rollups: dict[int, dict[str, RollupRow]] = {}
    read = _team_rollups(team, policy.window, times=cell_times)
    for rollup in read:
        rollups.setdefault(rollup.user_id, {})[rollup.kind] = rollup
    # Columns: the skills someone in the team has started (a kind nobody answered adds an
    # empty column); "not started" is counted per trainee from ``Catalogue.counted``.
    skills = kinds.ordered({kind for per_user in rollups.values() for kind in per_user})
    # Per column, once: the skill's target, and its cell for a trainee who has not started it
    # (a frozen value, shared). Per set of started skills, once: how many skills are counted
    # (most trainees of a team have started the same ones). Issue 17: 1,500 cells, 500 rows.
    columns = [(skill.slug, kinds.target(skill.slug)) for skill in skills]
    unstarted = {slug: mastery_from_figures(slug, 0, 0, 0, None, policy, target) for slug, target in columns}
    counted: dict[frozenset[str], int] = {}
    rows = []
    for member in members:
        own = rollups.get(member.pk, {})
        cells = []
        for slug, target in columns:
            row = own.get(slug)
            if row is None:
                cells.append(unstarted[slug])
                continue
            cells.append(
                mastery_from_figures(
                    slug,
                    row.window_answers,
                    row.window_correct,
                    row.window_older_correct,
                    row.window_median_ms,
                    policy,
                    target,
                    total_answers=row.answers,
                    last_answered_at=row.last_answered_at,
                )
            )
        started = frozenset(own)
        skill_count = counted.get(started)
        if skill_count is None:
            skill_count = counted[started] = len(kinds.counted(started))
        if cell_times:
            times = [row.last_answered_at for row in own.values() if row.last_answered_at]
            rows.append(TeamRow(member, cells, max(times) if times else None, skill_count))
        else:
            rows.append(TeamRow(member, cells, member.last_answered_at, skill_count))
    _flag_needs_help(rows, skills, policy, now)
    needs_help = sorted(
        (row for row in rows if row.reasons), key=lambda row: (-len(row.reasons), row.mastered, row.name)
    )
    missed = []
    for index, skill in enumerate(skills):
        answers = sum(row.cells[index].answers for row in rows)
        wrong = answers - sum(row.cells[index].correct for row in rows)
        if wrong:
            trainees = sum(1 for row in rows if row.cells[index].answers > row.cells[index].correct)
            missed.append(MissedSkill(skill, answers, wrong, trainees))
    missed.sort(key=lambda item: (-item.wrong / item.answers, -item.wrong))
    tallies: dict[str, list[Any]] = {}
    for row, named in zip(read, _decoded_mistakes(read), strict=True):  # (trainee, kind) order, as read
        user_id, kind = row.user_id, row.kind
        for code, (count, message, last_id) in named.items():
            tally = tallies.setdefault(code, [0, message, last_id, kind, set()])
            tally[0] += count
            tally[4].add(user_id)
            if last_id > tally[2]:
                tally[1], tally[2] = message, last_id
    mistakes = sorted(
        (
            NamedMistakeTally(code, kinds.skill(kind), message, count, len(users), last_id)
            for code, (count, message, last_id, kind, users) in tallies.items()
        ),
        key=lambda item: (-item.count, item.code),
    )
    days = trend_days(timezone.localdate(now))
    if not with_trend:
        trend: dict[dt.date, tuple[int, int]] = {}
    elif trend_in_database:
        trend = _team_trend_in_database(team, days[0])
    else:
        trend = team_trend([member.recent_days for member in members], days[0])
    return TeamProgress(team, policy, skills, rows, needs_help, missed[:8], mistakes[:10], trend, days)


def _flag_needs_help(rows: Sequence[TeamRow], skills: Sequence[Skill], policy: Policy, now: dt.datetime) -> None:
    """Reasons a trainee needs help: inactive, falling accuracy, least progress in the team.

    Least progress: the bottom quarter of the team (at least one trainee in a team of two
    or more) by (skills mastered, mean accuracy), unless they are level with the best.
    """
    # Each message is looked up once, not per trainee, and each percent worked out once per
    # share (``gettext`` and the exact rounding cost microseconds a call; issue 17: 500 rows).
    not_drilled = gettext("has not drilled yet")
    falling = gettext("accuracy falling in %(skill)s: %(before)s %% → %(after)s %%")
    least = gettext("least progress: %(mastered)s of %(total)s skills mastered")
    titles = [gettext(skill.title) for skill in skills]
    inactive: dict[int, str] = {}
    percents: dict[float, int] = {}

    def percent(share: float) -> int:
        found = percents.get(share)
        if found is None:
            found = percents[share] = whole_percent(100 * share)
        return found

    inactive_after = dt.timedelta(days=policy.inactive_days)
    for row in rows:
        if row.last_answered_at is None:
            row.reasons.append(not_drilled)
        elif now - row.last_answered_at > inactive_after:
            days = (now - row.last_answered_at).days
            words = inactive.get(days)
            if words is None:
                words = ngettext("inactive for %(days)d day", "inactive for %(days)d days", days) % {"days": days}
                inactive[days] = words
            row.reasons.append(words)
        for title, cell in zip(titles, row.cells, strict=True):
            if cell.falling:
                before, after = cell.falling
                row.reasons.append(falling % {"skill": title, "before": percent(before), "after": percent(after)})
    if len(rows) >= 2:
        ranked = sorted(rows, key=lambda row: (row.mastered, row.mean_accuracy))
        best = (ranked[-1].mastered, ranked[-1].mean_accuracy)
        for row in ranked[: max(1, math.floor(len(rows) / 4))]:
            if (row.mastered, row.mean_accuracy) < best:
                row.reasons.append(least % {"mastered": row.mastered, "total": row.skill_count})


def team_trend(recent: Iterable[dict[str, list[int]] | None], since: dt.date) -> dict[dt.date, tuple[int, int]]:
    """Answers and right answers per day since ``since``, from the members' summaries
    (``TraineeSummary.recent_days``, loaded with the members; None without a summary):
    no scan of daily tallies."""
    totals: dict[str, list[int]] = {}
    start = since.isoformat()
    for days in recent:
        if not days:
            continue
        for day, (answers, correct) in days.items():
            if day >= start:
                counts = totals.setdefault(day, [0, 0])
                counts[0] += answers
                counts[1] += correct
    return {dt.date.fromisoformat(day): (answers, correct) for day, (answers, correct) in sorted(totals.items())}


def _team_trend_in_database(team: Team, since: dt.date) -> dict[dt.date, tuple[int, int]]:
    """``team_trend`` of the team's listed members, summed by PostgreSQL over their
    summaries' ``recent_days`` (one query, a row per day): the same figures, without sending
    every member's days. Keys are ISO dates, compared byte-wise (``COLLATE "C"``). A summary
    whose days are not an object adds none: tested inside the join, not as a filter, whose
    estimate (a few rows) made the planner probe the members once per summary (issue 17).
    Summed as integers (a day's answers fit), not as bigints, whose sum is a slower numeric."""
    members_sql, members_params = compiled_sql.TeamQuery("team_member_ids", access.team_member_ids).statement(team)
    summary = connection.ops.quote_name(TraineeSummary._meta.db_table)
    sql = (
        "SELECT days.key, SUM((days.value->>0)::int), SUM((days.value->>1)::int) "
        f"FROM {summary} AS s CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(s.recent_days) = 'object' "
        "THEN s.recent_days ELSE '{}'::jsonb END) AS days "
        f"WHERE s.user_id IN ({members_sql}) "
        'AND days.key COLLATE "C" >= %s GROUP BY days.key ORDER BY days.key COLLATE "C"'
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*members_params, since.isoformat()])
        rows = cursor.fetchall()
    return {dt.date.fromisoformat(day): (int(answers), int(correct)) for day, answers, correct in rows}


# --- Item statistics -----------------------------------------------------------------


def item_stats(trainees: QuerySet[User] | Sequence[User]) -> list[tuple[Skill, ItemStat]]:
    """Facility and discrimination per (kind, difficulty) over ``trainees``' roll-ups."""
    rows = SkillRollup.objects.filter(user__in=trainees).values_list("user_id", "kind", "by_difficulty")
    stats = item_statistics(count_items(rows))
    kinds = catalogue(None)
    return [(kinds.skill(stat.kind), stat) for stat in stats]
