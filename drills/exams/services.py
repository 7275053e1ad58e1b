"""Writes for exam sittings: start, show, autosave, submit, close at the deadline, grade,
certify. Every time is the server's (``timezone.now()``); the client only displays it.

Concurrency, on PostgreSQL:

- start: a per-(candidate, blueprint) :class:`CandidateSlot` row is locked ``FOR UPDATE``
  and the attempts are counted under that lock; the unique (candidate, blueprint,
  attempt_number) and "one open sitting" constraints back it up.
- autosave locks the sitting row ``FOR UPDATE`` and checks status and deadline under the
  lock; submit and close are conditional ``UPDATE``s (``status = open``), so exactly one
  of any number of racing submits wins and no answer is written after the winner.
- grading locks the sitting and writes the one result (a one-to-one: the database refuses a
  second); it is queued with ``transaction.on_commit`` and is idempotent.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from kombu.exceptions import KombuError

from drills import compiled_sql
from drills.exams import draw, scoring
from drills.exams.blueprints import snapshot, validate, version_settings
from drills.exams.errors import ItemFinal, NoSuchItem, SittingOver, StartRefused, TimeUp
from drills.exams.models import (
    FINISHED,
    AnswerEvent,
    Blueprint,
    BlueprintVersion,
    CandidateSlot,
    Certificate,
    Sitting,
    SittingItem,
    SittingResult,
    SittingStatus,
)
from drills.exams.policy import ReviewPolicy
from drills.kinds.base import AnswerError, Difficulty, Scenario, get_kind
from drills.models import Role, RuleSet, User
from drills.prepared import Prepared
from drills.rounds import exams as round_exams
from drills.rule_versions.services import apply_due_versions
from games import ENGINE_VERSION
from games.errors import GameError, RuleSetError
from games.house_rules import HouseRules
from games.reasons import reasons_to_json
from games.registry import default_rules, game_name, rules_class

REQUEUE_AFTER = timedelta(minutes=2)
"""A finished sitting still without a result this long after its grading was queued is
queued again by the sweep (the task is idempotent, so a duplicate costs nothing)."""

SWEEP_BATCH = 500

logger = logging.getLogger(__name__)


def new_form_seed() -> int:
    """The server draws the form seed with ``secrets``: no candidate can predict or choose it."""
    return secrets.randbits(scoring.SEED_BITS)


# --- regeneration ---------------------------------------------------------------------


def sitting_rules(sitting: Sitting) -> HouseRules:
    """The rules snapshot the sitting was drawn under."""
    cached = getattr(sitting, "_rules_cache", None)
    if cached is None:
        cached = rules_class(sitting.blueprint_snapshot["game"]).from_mapping(sitting.rules_values)
        sitting._rules_cache = cached  # type: ignore[attr-defined]
    return cached


def regenerate_item(sitting: Sitting, item: SittingItem) -> Scenario:
    """Exactly the scenario the candidate was shown, from the stored seed and rules snapshot."""
    if round_exams.is_round_skill(item.kind):  # a table test's round (drills.rounds.exams)
        return round_exams.item_scenario(item)
    return get_kind(item.kind).generate(item.seed, Difficulty(item.difficulty), sitting_rules(sitting))


def policy_of(sitting: Sitting) -> ReviewPolicy:
    return sitting.version.policy


# --- starting ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StartCheck:
    """Whether a candidate may start a new sitting now, and if not, why."""

    attempts_used: int
    attempts_allowed: int
    next_start_at: datetime | None  # end of the retake wait, if it has not passed
    refusal: str | None
    next_attempt_number: int = 1  # attempt numbers run on across recertification cycles
    renewing: bool = False  # the candidate passed before and is recertifying

    @property
    def attempts_left(self) -> int:
        return max(0, self.attempts_allowed - self.attempts_used)


def start_check(
    blueprint: Blueprint,
    version: BlueprintVersion | None,
    sittings: list[Sitting],
    now: datetime,
    has_sections: bool | None = None,
) -> StartCheck:
    """The rules for a new sitting, given the candidate's sittings of this blueprint (with
    their results and certificates selected: ``select_related("result__certificate")``).

    Recertification (issue 15): once the certificate of the last pass is expired, revoked or
    within :data:`RENEWAL_WINDOW_DAYS` of expiring, the candidate may sit again; attempts
    and the retake wait count from that pass on."""
    allowed = version.attempts_allowed if version is not None else 0
    next_number = len(sittings) + 1
    passes = [s for s in sittings if (r := result_or_none(s)) is not None and r.passed]
    renewing = passed_for_good = False
    if passes:
        last_pass = max(passes, key=lambda s: s.started_at)
        passed_for_good = not renewable(getattr(result_or_none(last_pass), "certificate", None), now)
        renewing = not passed_for_good
        sittings = [s for s in sittings if s.started_at > last_pass.started_at] if renewing else sittings
    used = len(sittings)
    wait_until = None
    refusal = None
    finished = [s for s in sittings if s.finished_at is not None]
    if finished and version is not None:
        last = max(s.finished_at for s in finished if s.finished_at is not None)
        end_of_wait = last + timedelta(hours=version.retake_wait_hours)
        if end_of_wait > now:
            wait_until = end_of_wait
    if has_sections is None:
        has_sections = version is not None and version.sections.exists()
    if version is None or not has_sections:
        refusal = "this exam has no sections yet"
    elif not blueprint.is_active:
        refusal = "this exam is not open"
    elif blueprint.closes_at is not None and now >= blueprint.closes_at:
        refusal = "this exam has closed"
    elif passed_for_good:
        refusal = "you have passed this exam"
    elif any(s.is_finished and result_or_none(s) is None for s in sittings):
        refusal = "your last sitting is still being graded"
    elif used >= allowed:
        refusal = f"no attempts left ({used} of {allowed} used)"
    elif wait_until is not None:
        refusal = f"you may sit this exam again from {timezone.localtime(wait_until):%Y-%m-%d %H:%M} UTC"
    return StartCheck(used, allowed, wait_until, refusal, next_number, renewing)


RENEWAL_WINDOW_DAYS = 30
"""A certificate may be renewed (the exam sat again) this many days before it expires."""


def renewable(certificate: Certificate | None, now: datetime) -> bool:
    """Whether a pass with this certificate may be sat again: revoked, expired or expiring
    within the renewal window. A pass without an expiring certificate is final."""
    if certificate is None:
        return False
    if certificate.revoked_at is not None:
        return True
    if certificate.expires_on is None:
        return False
    return (certificate.expires_on - timezone.localdate(now)).days <= RENEWAL_WINDOW_DAYS


def result_or_none(sitting: Sitting) -> SittingResult | None:
    try:
        return sitting.result
    except SittingResult.DoesNotExist:
        return None


@dataclass(frozen=True)
class StartOutcome:
    sitting: Sitting
    resumed: bool  # an open sitting already existed: the same one, with its true time left


def _lock_slot(candidate: User, blueprint: Blueprint) -> None:
    """Take the candidate's lock for this blueprint, in one statement whether the slot row
    exists or not: ``INSERT … ON CONFLICT DO UPDATE`` locks the row it inserts or updates
    until the transaction ends (a first start used to cost a locking select, a savepoint,
    an insert and its release)."""
    with connection.cursor() as cursor:
        _lock_slot_sql(connection.vendor).execute(cursor, {"candidate": candidate.pk, "blueprint": blueprint.pk})


@functools.cache
def _lock_slot_sql(vendor: str) -> Prepared:
    del vendor  # part of the cache key only
    table = connection.ops.quote_name(CandidateSlot._meta.db_table)
    return Prepared(
        f"INSERT INTO {table} (candidate_id, blueprint_id) VALUES (%(candidate)s, %(blueprint)s) "
        "ON CONFLICT (candidate_id, blueprint_id) DO UPDATE SET blueprint_id = EXCLUDED.blueprint_id"
    )


def _latest_version_held(blueprint: Blueprint) -> BlueprintVersion | None:
    """The latest version, read and held still while drawing from it: ``FOR KEY SHARE`` on
    PostgreSQL (an editor's ``FOR UPDATE`` waits for it; other starts do not)."""
    if connection.vendor != "postgresql":
        return BlueprintVersion.objects.filter(blueprint=blueprint).order_by("-number").first()
    table = BlueprintVersion._meta.db_table
    rows = BlueprintVersion.objects.raw(
        f"SELECT * FROM {table} WHERE blueprint_id = %s ORDER BY number DESC LIMIT 1 FOR KEY SHARE", [blueprint.pk]
    )
    return next(iter(rows), None)


def default_rule_set(property_id: int, game: str) -> RuleSet | None:
    """The property's default rule set for a game: ``RuleSet.objects.filter(property_id=…,
    game=…, is_default=True).order_by("pk").first()`` from SQL text prepared once (an exam
    start's hot path: issue 17); a test compares the two."""
    rule_set = compiled_sql.columns(RuleSet, "rs", connection.vendor)
    with connection.cursor() as cursor:
        _default_rule_set_sql(connection.vendor).execute(cursor, {"property": property_id, "game": game})
        row = cursor.fetchone()
    return rule_set.instance(row) if row is not None else None


@functools.cache
def _default_rule_set_sql(vendor: str) -> Prepared:
    rule_set = compiled_sql.columns(RuleSet, "rs", vendor)
    return Prepared(
        f"SELECT {rule_set.select()} FROM {rule_set.table} WHERE {rule_set.column('property')} = %(property)s"
        f" AND {rule_set.column('game')} = %(game)s AND {rule_set.column('is_default')}"
        f" ORDER BY {rule_set.column('id')} LIMIT 1"
    )


def candidate_sittings(candidate_id: int, blueprint_id: int) -> list[Sitting]:
    """A candidate's sittings of one blueprint, newest first, each with its result and the
    result's certificate read with it: ``list(Sitting.objects.filter(candidate=…, blueprint=…)
    .select_related("result__certificate"))`` from SQL text prepared once (building that join
    through the ORM was a third of an exam start's CPU: issue 17); a test compares the two."""
    sitting, result, certificate = _sitting_columns(connection.vendor)
    with connection.cursor() as cursor:
        params = {"candidate": candidate_id, "blueprint": blueprint_id}
        _candidate_sittings_sql(connection.vendor).execute(cursor, params)
        rows = cursor.fetchall()
    found = []
    first_result, first_certificate = len(sitting), len(sitting) + len(result)
    for row in rows:
        held = sitting.instance(row[:first_result])
        graded = result.instance_or_none(row[first_result:first_certificate])
        compiled_sql.attach_one_to_one(held, Sitting.result, graded)  # None: no result, and no query to learn it
        if graded is not None:
            compiled_sql.attach_one_to_one(graded, SittingResult.certificate, certificate.instance_or_none(
                row[first_certificate:]
            ))
        found.append(held)
    return found


def _sitting_columns(
    vendor: str,
) -> tuple[compiled_sql.Columns[Sitting], compiled_sql.Columns[SittingResult], compiled_sql.Columns[Certificate]]:
    return (
        compiled_sql.columns(Sitting, "s", vendor),
        compiled_sql.columns(SittingResult, "r", vendor),
        compiled_sql.columns(Certificate, "c", vendor),
    )


@functools.cache
def _candidate_sittings_sql(vendor: str) -> Prepared:
    sitting, result, certificate = _sitting_columns(vendor)
    return Prepared(
        f"SELECT {sitting.select()}, {result.select()}, {certificate.select()} FROM {sitting.table}"
        f" LEFT JOIN {result.table} ON {result.column('sitting')} = {sitting.column('id')}"
        f" LEFT JOIN {certificate.table} ON {certificate.column('result')} = {result.column('id')}"
        f" WHERE {sitting.column('candidate')} = %(candidate)s AND {sitting.column('blueprint')} = %(blueprint)s"
        f" ORDER BY {sitting.column('started_at')} DESC"  # Sitting's ordering
    )


def start_sitting(candidate: User, blueprint: Blueprint) -> StartOutcome:
    """Start a sitting, or resume the open one. Raises :class:`StartRefused` saying why not."""
    if candidate.role != Role.TRAINEE or candidate.property_id != blueprint.property_id:
        raise StartRefused("only trainees of the exam's property may sit it")
    form_seed = new_form_seed()
    # The property's rules, read before the slot is locked (the lock is held for less).
    # At most one default per property and game (a constraint): by key, not by the model's
    # ordering (which joins the property for its name).
    rule_set = default_rule_set(blueprint.property_id, blueprint.game)
    rule_version = apply_due_versions(rule_set) if rule_set is not None else None  # the version in force
    with transaction.atomic():
        _lock_slot(candidate, blueprint)
        now = timezone.now()
        sittings = candidate_sittings(candidate.pk, blueprint.pk)
        for sitting in sittings:
            if sitting.status != SittingStatus.OPEN:
                continue
            if now < sitting.deadline:
                return StartOutcome(sitting, resumed=True)
            _close(sitting.pk, now)  # overdue, not swept yet: closed at its deadline first
            sitting.refresh_from_db()
        version = _latest_version_held(blueprint)
        specs = draw.sections_of(version) if version is not None else []
        check = start_check(blueprint, version, sittings, now, has_sections=bool(specs))
        if check.refusal is not None:
            raise StartRefused(check.refusal)
        assert version is not None
        version.blueprint = blueprint
        try:
            rules = rule_set.as_rules() if rule_set is not None else default_rules(blueprint.game)
        except RuleSetError as error:
            raise StartRefused(f"the property's rules for this game are invalid: {error}") from None
        problems = validate(blueprint, version_settings(version), specs, rules=rules)
        if problems:
            raise StartRefused(f"this exam cannot be drawn now: {next(iter(problems.values()))}")
        drawn = snapshot(version, specs)
        planned = scoring.plan_items(drawn["sections"])
        deadline = now + timedelta(minutes=version.time_limit_minutes)
        if blueprint.closes_at is not None:
            deadline = min(deadline, blueprint.closes_at)
        sitting = Sitting(
            candidate=candidate,
            blueprint=blueprint,
            version=version,
            attempt_number=check.next_attempt_number,
            form_seed=form_seed,
            engine_version=ENGINE_VERSION,
            rule_set=rule_set,
            rules_values=rules.to_mapping(),
            rule_version=rule_version,
            rule_version_number=rule_version.number if rule_version is not None else None,
            blueprint_snapshot=drawn,
            started_at=now,
            deadline=deadline,
        )
        draw.insert_sitting(sitting, planned)
        draw.remember_when_committed(version, specs)
    return StartOutcome(sitting, resumed=False)


# --- during the sitting -------------------------------------------------------------------


def mark_shown(sitting: Sitting, positions: list[int]) -> None:
    """Start the items' clocks: the first time the server shows an item, during the sitting."""
    now = timezone.now()
    if sitting.status != SittingStatus.OPEN or now >= sitting.deadline:
        return
    SittingItem.objects.filter(sitting=sitting, position__in=positions, shown_at__isnull=True).update(shown_at=now)


@dataclass(frozen=True)
class SavedAnswer:
    item: SittingItem
    saved_at: datetime


@dataclass(frozen=True)
class SavedDraft:
    """An incomplete answer kept as typed: never graded, never final."""

    item: SittingItem
    saved_at: datetime
    missing: dict[str, list[str]]  # field -> what is still wrong or missing


DRAFT_VALUE_CHARS = 100
DRAFT_LIST_ITEMS = 20


def _item_of(sitting: Sitting, position: int) -> SittingItem:
    item = SittingItem.objects.filter(sitting=sitting, position=position).first()
    if item is None:
        raise NoSuchItem(f"this sitting has no item {position}")
    return item


def _write_item(sitting: Sitting, item: SittingItem, write: Any) -> datetime:
    """Run ``write(locked_sitting, item, now)`` under the sitting's row lock, after checking
    that the sitting is open, before its deadline, and the item not final. A refused write
    raises and changes nothing; past the deadline the sitting is closed."""
    try:
        with transaction.atomic():
            locked = Sitting.objects.select_for_update().select_related("version").get(pk=sitting.pk)
            now = timezone.now()
            if locked.status != SittingStatus.OPEN:
                raise SittingOver(f"this sitting is over ({locked.get_status_display().lower()}): nothing was saved")
            if now >= locked.deadline:
                raise TimeUp("time is up: the deadline has passed and nothing was saved")
            fresh = SittingItem.objects.get(pk=item.pk)
            if fresh.locked:
                raise ItemFinal("this item's feedback has been shown: its answer stands")
            write(locked, fresh, now)
    except TimeUp:
        close_if_overdue(sitting)
        raise
    return now


def save_answer(sitting: Sitting, position: int, raw: Any) -> SavedAnswer:
    """Autosave one item's answer.

    A malformed answer raises :class:`AnswerError` (fields named) and saves nothing (the
    pages keep it as a draft: :func:`save_draft`). Past the deadline, after submitting, or
    on an item whose feedback was shown, the write is refused (:class:`TimeUp`,
    :class:`SittingOver`, :class:`ItemFinal`) and changes nothing.
    """
    item = _item_of(sitting, position)
    if not isinstance(raw, Mapping):
        raise AnswerError({"answer": ["must be an object of field: value"]})
    if round_exams.is_round_skill(item.kind):
        raise AnswerError({"answer": ["this item is a round: deal it at the table"]})
    answer = get_kind(item.kind).parse_answer(regenerate_item(sitting, item), raw)

    def write(locked: Sitting, fresh: SittingItem, now: datetime) -> None:
        fresh.answer = answer
        fresh.answered_at = now
        fresh.saves = F("saves") + 1
        fresh.shown_at = fresh.shown_at or locked.started_at
        fresh.locked = policy_of(locked).locks_answers
        fresh.draft, fresh.draft_at = None, None  # the complete answer supersedes the draft
        fresh.save(update_fields=["answer", "answered_at", "saves", "shown_at", "locked", "draft", "draft_at"])
        AnswerEvent.objects.create(sitting=locked, item=fresh, position=position, answer=answer, saved_at=now)

    now = _write_item(sitting, item, write)
    item.refresh_from_db()
    return SavedAnswer(item, now)


def draft_values(scenario: Scenario, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The typed values of the item's own fields, bounded (a draft is shown again, not parsed)."""
    kept: dict[str, Any] = {}
    for answer_field in scenario.fields:
        value = raw.get(answer_field.name)
        if isinstance(value, list):
            kept[answer_field.name] = [str(v)[:DRAFT_VALUE_CHARS] for v in value[:DRAFT_LIST_ITEMS]]
        elif value is not None:
            kept[answer_field.name] = str(value)[:DRAFT_VALUE_CHARS]
    return kept


def save_draft(sitting: Sitting, position: int, raw: Mapping[str, Any], missing: Mapping[str, list[str]]) -> SavedDraft:
    """Keep an incomplete answer (one of two amounts, the first card tapped, letters typed
    so far) as a draft: what was typed is saved, the last complete answer (if any) still
    stands, and the item does not become final even when the review policy shows feedback
    during the sitting. Refused like :func:`save_answer` once the sitting is over."""
    item = _item_of(sitting, position)
    draft = draft_values(regenerate_item(sitting, item), raw)

    def write(locked: Sitting, fresh: SittingItem, now: datetime) -> None:
        fresh.draft, fresh.draft_at = draft, now
        fresh.shown_at = fresh.shown_at or locked.started_at
        fresh.save(update_fields=["draft", "draft_at", "shown_at"])

    now = _write_item(sitting, item, write)
    item.refresh_from_db()
    return SavedDraft(item, now, {name: list(messages) for name, messages in missing.items()})


@dataclass(frozen=True)
class SubmitOutcome:
    sitting: Sitting
    already_finished: bool


def submit_sitting(sitting: Sitting) -> SubmitOutcome:
    """Submit, finally. Racing submits: one wins, the others see it finished. After the
    deadline the sitting closes at its deadline with its saved answers and :class:`TimeUp`
    is raised."""
    with transaction.atomic():
        now = timezone.now()
        won = Sitting.objects.filter(pk=sitting.pk, status=SittingStatus.OPEN, deadline__gt=now).update(
            status=SittingStatus.SUBMITTED, finished_at=now, grading_queued_at=now
        )
        if won:
            queue_grading(sitting.pk)
    sitting.refresh_from_db()
    if won:
        return SubmitOutcome(sitting, already_finished=False)
    if sitting.status == SittingStatus.OPEN:
        close_if_overdue(sitting)
        raise TimeUp("time is up: your sitting was closed at its deadline with your saved answers")
    return SubmitOutcome(sitting, already_finished=True)


# --- closing and grading ----------------------------------------------------------------


def queue_grading(sitting_id: int) -> None:
    """Grade once the current transaction has committed (the worker must see the sitting)."""
    transaction.on_commit(lambda: _publish_grading(sitting_id))


def _publish_grading(sitting_id: int) -> bool:
    """Hand the grading to the broker. The sitting is committed already, so a broker that
    is down must not turn a successful submit into an error: the sitting is marked not
    queued and the beat sweep queues it when the broker is back. Bounded in time by the
    broker settings (connect timeout, publish retries)."""
    from drills.exams.tasks import grade_sitting

    try:
        grade_sitting.delay(sitting_id)
    except (KombuError, OSError, TimeoutError) as error:
        logger.warning("grading of sitting %s not queued (%s): the sweep will queue it", sitting_id, error)
        Sitting.objects.filter(pk=sitting_id, result__isnull=True).update(grading_queued_at=None)
        return False
    return True


def _close(sitting_id: int, now: datetime) -> bool:
    closed = Sitting.objects.filter(pk=sitting_id, status=SittingStatus.OPEN, deadline__lte=now).update(
        status=SittingStatus.CLOSED, finished_at=F("deadline"), grading_queued_at=now
    )
    if closed:
        queue_grading(sitting_id)
    return bool(closed)


def close_if_overdue(sitting: Sitting) -> bool:
    """Close an open sitting whose deadline has passed, at its deadline, keeping every saved
    answer; queue its grading. Idempotent (a conditional update)."""
    with transaction.atomic():
        closed = _close(sitting.pk, timezone.now())
    if closed:
        sitting.refresh_from_db()
    return closed


def close_overdue_among(sittings: QuerySet[Sitting]) -> int:
    """Close on read: every overdue open sitting among ``sittings`` is closed at its
    deadline and its grading queued, so a page that lists sittings tells the truth where no
    beat runs. Race-safe: each close is a conditional update, so of any number of readers
    (and the sweep) exactly one closes a sitting and queues it; grading makes one result."""
    now = timezone.now()
    overdue = sittings.filter(status=SittingStatus.OPEN, deadline__lte=now).order_by().values_list("pk", flat=True)
    return close_overdue_by_id(list(overdue[:SWEEP_BATCH]), now)


def close_overdue_by_id(sitting_ids: Iterable[int], now: datetime | None = None) -> int:
    """Close the given sittings that are still open past their deadline (the others are
    left as they are); returns how many this call closed."""
    now = now or timezone.now()
    closed = 0
    for sitting_id in sitting_ids:
        with transaction.atomic():
            closed += _close(sitting_id, now)
    return closed


@dataclass(frozen=True)
class SweepReport:
    closed: int
    requeued: int


def close_overdue_sittings() -> SweepReport:
    """The beat sweep: close overdue sittings; queue grading again for finished sittings
    left without a result: at once for those whose publish failed (a broker outage: no
    ``grading_queued_at``), after :data:`REQUEUE_AFTER` for a task lost on its way (a
    worker killed with its message, a broker restarted without persistence)."""
    now = timezone.now()
    overdue = Sitting.objects.filter(status=SittingStatus.OPEN, deadline__lte=now).values_list("pk", flat=True)
    closed = 0
    for sitting_id in list(overdue[:SWEEP_BATCH]):
        with transaction.atomic():
            closed += _close(sitting_id, now)
    stale = Sitting.objects.filter(status__in=FINISHED, result__isnull=True).filter(
        Q(grading_queued_at__isnull=True) | Q(grading_queued_at__lte=now - REQUEUE_AFTER)
    )
    requeued = 0
    for sitting_id in list(stale.values_list("pk", flat=True)[:SWEEP_BATCH]):
        with transaction.atomic():
            if Sitting.objects.filter(pk=sitting_id, result__isnull=True).update(grading_queued_at=now):
                queue_grading(sitting_id)
                requeued += 1
    return SweepReport(closed, requeued)


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _item_json(sitting: Sitting, item: SittingItem, late_credit: int) -> tuple[dict[str, Any], Decimal]:
    if round_exams.is_round_skill(item.kind):
        return _round_item_json(item, late_credit)
    scenario = regenerate_item(sitting, item)
    kind = get_kind(item.kind)
    started = item.shown_at or sitting.started_at
    elapsed = None
    if item.answer is not None and item.answered_at is not None:
        elapsed_ms = max(0, round((item.answered_at - started).total_seconds() * 1000))
        elapsed = (Decimal(elapsed_ms) / 1000).quantize(Decimal("0.001"))
        grade = kind.grade(scenario, item.answer, sitting_rules(sitting))
        correct, score = grade.correct, grade.score
        expected, explanation = dict(grade.expected), grade.explanation
        rules, mistake = list(grade.rules), grade.mistake
        reasons, diagnosis = reasons_to_json(grade.reasons), reasons_to_json(grade.diagnosis)
    else:
        correct, score = False, Decimal("0.00")
        expected, explanation = dict(scenario.solution.key), scenario.solution.explanation
        rules, mistake = list(scenario.solution.rules), ""
        reasons, diagnosis = reasons_to_json(scenario.solution.reasons), []
    points, late = scoring.item_points(score, elapsed, item.target_seconds, late_credit)
    data = {
        "position": item.position,
        "section": item.section_position,
        "kind": item.kind,
        "difficulty": item.difficulty,
        "seed": item.seed,
        "answer": item.answer,
        "shown_at": _iso(item.shown_at),
        "answered_at": _iso(item.answered_at),
        "elapsed_seconds": None if elapsed is None else str(elapsed),
        "target_seconds": item.target_seconds,
        "late": late,
        "correct": correct,
        "score": str(score),
        "points": str(points),
        "expected": expected,
        "explanation": explanation,
        "rules": rules,
        "mistake": mistake,
        "reasons": reasons,  # the structured why and diagnosis: shown in the reader's language
        "diagnosis": diagnosis,
    }
    return data, points


def _round_item_json(item: SittingItem, late_credit: int) -> tuple[dict[str, Any], Decimal]:
    """A table test's item: the round's share of right actions, late past the target time."""
    grade = round_exams.item_grade(item)
    points, late = scoring.item_points(grade["score"], grade["elapsed"], item.target_seconds, late_credit)
    data = {
        "position": item.position,
        "section": item.section_position,
        "kind": item.kind,
        "difficulty": item.difficulty,
        "seed": item.seed,
        "answer": item.answer,
        "shown_at": _iso(item.shown_at),
        "answered_at": _iso(item.answered_at),
        "elapsed_seconds": None if grade["elapsed"] is None else str(grade["elapsed"]),
        "target_seconds": item.target_seconds,
        "late": late,
        "correct": grade["correct"],
        "score": str(grade["score"]),
        "points": str(points),
        "expected": {},
        "explanation": grade["explanation"],
        "rules": grade["rules"],
        "mistake": grade["mistake"],
    }
    return data, points


def grade_sitting(sitting_id: int, graded_by: str = "") -> SittingResult | None:
    """Grade a finished sitting, once. Returns the result (the existing one if it was
    graded already), or ``None`` while the sitting is still open before its deadline."""
    with transaction.atomic():
        sitting = (
            Sitting.objects.select_for_update().select_related("blueprint__property", "candidate").get(pk=sitting_id)
        )
        now = timezone.now()
        if sitting.status == SittingStatus.OPEN:
            if now < sitting.deadline:
                return None
            Sitting.objects.filter(pk=sitting.pk).update(status=SittingStatus.CLOSED, finished_at=F("deadline"))
            sitting.refresh_from_db()
        existing = SittingResult.objects.filter(sitting=sitting).first()
        if existing is not None:
            return existing
        drawn = sitting.blueprint_snapshot
        items: list[dict[str, Any]] = []
        points_by_section: dict[int, list[Decimal]] = {}
        for item in sitting.items.order_by("position"):
            data, points = _item_json(sitting, item, int(drawn["late_credit_percent"]))
            items.append(data)
            points_by_section.setdefault(item.section_position, []).append(points)
        totals = scoring.total(drawn["sections"], points_by_section, int(drawn["pass_percent"]))
        try:
            with transaction.atomic():
                result = SittingResult.objects.create(
                    sitting=sitting,
                    graded_at=now,
                    score_percent=totals.score_percent,
                    passed=totals.passed,
                    sections=[section.to_json() for section in totals.sections],
                    items=items,
                    engine_version=ENGINE_VERSION,
                    graded_by=graded_by[:200],
                )
        except IntegrityError:  # another grader got there first (databases without row locks)
            return SittingResult.objects.get(sitting=sitting)
        if totals.passed:
            issue_certificate(result, sitting)
        return result


def issue_certificate(result: SittingResult, sitting: Sitting) -> Certificate:
    candidate = sitting.candidate
    assert sitting.finished_at is not None
    return Certificate.objects.create(
        result=result,
        candidate=candidate,
        blueprint=sitting.blueprint,
        game=sitting.blueprint.game,
        holder_name=candidate.get_full_name() or candidate.username,
        game_name=game_name(sitting.blueprint.game),
        property_name=sitting.blueprint.property.name,
        exam_date=timezone.localdate(sitting.finished_at),
        code=secrets.token_urlsafe(18),
        issued_at=result.graded_at,
        expires_on=expiry_date(timezone.localdate(result.graded_at), sitting.blueprint.validity_days),
    )


def expiry_date(issued_on: date, validity_days: int | None) -> date | None:
    """The last day a certificate is valid: ``validity_days`` after issue (no expiry without)."""
    return issued_on + timedelta(days=validity_days) if validity_days else None


def revoke_certificate(certificate: Certificate, reason: str, by: User | None = None) -> Certificate:
    """Revoke once (a second revoke changes nothing); ``drills.learning.services.revoke``
    is the audited way for people."""
    if certificate.revoked_at is None:
        certificate.revoked_at = timezone.now()
        certificate.revoked_reason = reason
        certificate.revoked_by = by
        certificate.save(update_fields=["revoked_at", "revoked_reason", "revoked_by"])
    return certificate


__all__ = [
    "AnswerError",
    "GameError",
    "close_if_overdue",
    "close_overdue_among",
    "close_overdue_by_id",
    "close_overdue_sittings",
    "grade_sitting",
    "mark_shown",
    "regenerate_item",
    "save_answer",
    "save_draft",
    "start_sitting",
    "submit_sitting",
]
