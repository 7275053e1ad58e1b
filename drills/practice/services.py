"""Writes for drilling: show a scenario, take an answer (saved before grading), grade it.

An answer is committed before it is graded. When grading raises, the attempt stays
``RECEIVED`` (the pages and the API say "being graded"), the failure is counted and the
next try put off (1, 2, 4... minutes, at most a day: :func:`note_grading_failure`). It is
graded again when its page is read or the answer is sent again (:func:`grade_if_due`: no
scheduler needed, as under ``./scripts/serve``) and by the beat sweep
:func:`grade_stranded_attempts`, which takes the least-failed first, so attempts that always
fail cannot starve the others. Grading is a conditional update on ``status = received``, so
however many graders race, an attempt is graded and counted once.
"""

from __future__ import annotations

import functools
import json
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone

from drills.kinds._changes import RuleChange
from drills.kinds.base import AnswerError, Difficulty, DrillKind, Grade, Scenario, get_kind
from drills.kinds.what_changed import NOT_ASSIGNED, is_change_kind
from drills.learning import selectors as learning_selectors
from drills.learning import services as learning_services
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, User
from drills.prepared import Prepared
from drills.progress import services as progress_services
from drills.rule_versions.services import InForce, rule_set_in_force
from drills.what_changed.selectors import change_for
from games import ENGINE_VERSION
from games.errors import GameError
from games.house_rules import HouseRules
from games.reasons import reasons_to_json

SEED_BITS = 62  # fits a signed 64-bit column on every database
STRANDED_AFTER = timedelta(minutes=1)
"""A received attempt still ungraded this long after it was answered is graded by the sweep
(the request that saved it graded it at once, or failed to)."""
SWEEP_BATCH = 500
RETRY_AT_MOST_EVERY = timedelta(days=1)
"""The longest wait between two gradings of an attempt whose grading keeps raising."""

logger = logging.getLogger(__name__)


def new_seed() -> int:
    """Seeds are drawn by the server with ``secrets``: a trainee cannot predict them."""
    return secrets.randbits(SEED_BITS)


def regenerate(stored: DrillScenario) -> Scenario:
    """Exactly the scenario the trainee saw, from what was stored with it."""
    return _regenerate_under(stored, stored_rules(stored))


def stored_rules(stored: DrillScenario) -> HouseRules:
    """The rule set in force when the scenario was shown (its stored snapshot; for a "what
    changed" kind both the old and the new rules)."""
    return _rules_from_stored(stored.kind, json.dumps(stored.rules_values, sort_keys=True))


@functools.lru_cache(maxsize=512)
def _rules_from_stored(kind: str, values: str) -> HouseRules:
    """Parsed once per process for each stored snapshot (most scenarios of a property share
    one; parsing it again cost about 0.25 ms of every answer: issue 17). Rules are frozen."""
    rules: HouseRules = get_kind(kind).rules_from_mapping(json.loads(values))
    return rules


def _regenerate_under(stored: DrillScenario, rules: HouseRules) -> Scenario:
    return get_kind(stored.kind).generate(stored.seed, Difficulty(stored.difficulty), rules)


class ScenarioOutdatedError(GameError):
    """A scenario shown under another engine version regenerates with another answer key:
    it is never graded against what the trainee did not see."""


def _checked_regeneration(stored: DrillScenario, rules: HouseRules) -> Scenario:
    """The scenario to grade: regenerated, and, when the engine has changed since it was
    shown, only if its answer key is still the stored one."""
    scenario = _regenerate_under(stored, rules)
    if stored.engine_version != ENGINE_VERSION:
        regenerated_key = json.loads(json.dumps(dict(scenario.solution.key), cls=DjangoJSONEncoder))
        if regenerated_key != stored.key:
            raise ScenarioOutdatedError(
                f"This question was made by an earlier version of the rules engine ({stored.engine_version}) "
                "and can no longer be checked exactly: start a new one. Nothing was saved."
            )
    return scenario


def drill_rules(user: User, kind: DrillKind[Any], retry_of: DrillScenario | None = None,
                change: RuleChange | None = None) -> InForce:
    """The rules a new scenario of ``kind`` runs under: the property's rule set for the game
    with the version in force (due versions applied first); for a "what changed" kind, the
    change assigned to the trainee (``change``: one of theirs chosen; a retry: the original's),
    of no one rule set."""
    if is_change_kind(kind):
        if retry_of is not None:
            return InForce(None, None, stored_rules(retry_of))
        change = change or change_for(user, kind.game)
        if change is None:
            raise GameError(NOT_ASSIGNED)
        return InForce(None, None, change)
    return rule_set_in_force(user.property, kind.game)


def start_scenario(
    user: User,
    kind: DrillKind[Any],
    difficulty: Difficulty | None,
    mode: str = DrillMode.PRACTICE,
    *,
    seed: int | None = None,
    retry_of: DrillScenario | None = None,
    family: str | None = None,
    change: RuleChange | None = None,
) -> tuple[DrillScenario, Scenario]:
    """Generate a scenario under the user's property's rules and store it as shown now.

    ``seed`` is only passed when re-showing a stored scenario (retry my mistakes).
    ``family``: a due review aims at that skill family, at a difficulty where it occurs (the
    stored difficulty is the one it was found at; ``difficulty``, if chosen, is tried first).
    ``difficulty`` ``None`` means normal, or for a review: wherever the family occurs.
    Raises :class:`games.errors.GameError` when the kind is unavailable under the rules.
    """
    in_force = drill_rules(user, kind, retry_of, change)
    rules = in_force.rules
    seed, difficulty, scenario = _draw(user, kind, difficulty, rules, seed, family)
    stored = DrillScenario.objects.create(
        user=user,
        kind=kind.slug,
        game=kind.game,
        difficulty=difficulty.value,
        mode=mode,
        seed=seed,
        engine_version=scenario.engine_version,
        rule_set=in_force.rule_set,
        rules_values=rules.to_mapping(),
        rule_version=in_force.version,
        rule_version_number=in_force.version.number if in_force.version is not None else None,
        key=dict(scenario.solution.key),
        retry_of=retry_of,
        shown_at=timezone.now(),
    )
    return stored, scenario


def _draw(
    user: User,
    kind: DrillKind[Any],
    difficulty: Difficulty | None,
    rules: HouseRules,
    seed: int | None,
    family: str | None,
) -> tuple[int, Difficulty, Scenario]:
    """The seed, difficulty and scenario to show (see :func:`start_scenario`)."""
    if seed is None and family is not None:  # a due review (issue 15): aim at the family
        return learning_selectors.review_scenario(user, kind, family, rules, new_seed, difficulty)
    difficulty = difficulty or Difficulty.NORMAL
    if seed is None:  # spaced repetition: lean toward the families this trainee misses (issue 15)
        seed, scenario = learning_selectors.leaning_scenario(user, kind, difficulty, rules, new_seed)
        return seed, difficulty, scenario
    return seed, difficulty, kind.generate(seed, difficulty, rules)


@dataclass(frozen=True)
class AnswerOutcome:
    attempt: Attempt
    grade: Grade | None  # None when the scenario had been answered already
    already_answered: bool


def submit_answer(stored: DrillScenario, raw_answer: Any) -> AnswerOutcome:
    """Take an answer: validate its shape, save it, then grade it.

    A malformed answer raises :class:`AnswerError` and saves nothing (the page keeps what
    was typed). Answering the same scenario twice keeps the first answer. The attempt is
    committed before grading starts, so a grading failure never loses the answer.
    """
    existing = _attempt_of(stored)
    if existing is not None:  # the first answer stands; graded now if its grading failed
        return AnswerOutcome(grade_if_due(existing), None, already_answered=True)
    rules = stored_rules(stored)  # parsed once: generating and grading use the same value
    try:
        scenario = _checked_regeneration(stored, rules)
    except ScenarioOutdatedError as error:
        raise AnswerError({"scenario": [str(error)]}) from None
    kind = get_kind(stored.kind)
    answer = kind.parse_answer(scenario, raw_answer)  # AnswerError: nothing saved
    now = timezone.now()
    elapsed_ms = max(0, int((now - stored.shown_at).total_seconds() * 1000))
    attempt = Attempt(
        scenario=stored,
        user_id=stored.user_id,
        kind=stored.kind,
        family=scenario.family,
        difficulty=stored.difficulty,
        answer=answer,
        answered_at=now,
        time_taken_ms=min(elapsed_ms, 2**31 - 1),
    )
    try:
        card = save_received(attempt)
    except IntegrityError:  # a concurrent submit won the race (one attempt per scenario)
        return AnswerOutcome(Attempt.objects.get(scenario=stored), None, already_answered=True)
    try:
        grade = kind.grade(scenario, answer, rules)
        record_grade(attempt, grade, card)
    except Exception:
        # The answer is saved; the sweep grades it later. The trainee sees "being graded".
        logger.exception("grading attempt %s failed: left for the sweep", attempt.pk)
        note_grading_failure(attempt.pk, now)
        attempt.refresh_from_db()  # the grade rolled back: show what is stored
        return AnswerOutcome(attempt, None, already_answered=False)
    return AnswerOutcome(attempt, grade, already_answered=False)


def save_received(attempt: Attempt) -> learning_services.CardRead | None:
    """Save a new attempt, ``RECEIVED``: one ``INSERT`` in autocommit, so it is committed before
    grading starts (no ``BEGIN``/``COMMIT`` trips). On PostgreSQL the same statement reads the
    family's card for the grading (as :func:`drills.learning.services.read_card` would just
    after: one round trip less; issue 17); elsewhere ``None`` (the grading reads it)."""
    if connection.vendor != "postgresql" or not attempt.family:
        attempt.save(force_insert=True)
        return None
    fields = [field for field in Attempt._meta.concrete_fields if not field.primary_key]
    params: dict[str, Any] = {"user": attempt.user_id, "kind": attempt.kind, "family": attempt.family}
    for number, field in enumerate(fields):
        params[f"v{number}"] = field.get_db_prep_save(field.pre_save(attempt, add=True), connection)
    with connection.cursor() as cursor:
        _save_received_sql().execute(cursor, params)
        attempt_id, *card_columns = cursor.fetchone()
    attempt.pk = attempt_id
    attempt._state.adding, attempt._state.db = False, connection.alias
    return learning_services.card_from_row(attempt.user_id, attempt.kind, attempt.family, card_columns)


@functools.cache
def _save_received_sql() -> Prepared:
    """The attempt's ``INSERT`` (``v0``, ``v1`` … in its concrete fields' order) returning its id,
    with the card read of :func:`drills.learning.services.card_read_sql` (PostgreSQL)."""
    quote = connection.ops.quote_name
    fields = [field for field in Attempt._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(quote(field.column) for field in fields)
    values = ", ".join(f"%(v{number})s" for number in range(len(fields)))
    return Prepared(
        f"WITH saved AS (INSERT INTO {quote(Attempt._meta.db_table)} ({columns}) VALUES ({values})"
        f" RETURNING {quote(Attempt._meta.pk.column)} AS id)"
        f" SELECT saved.id, card.* FROM saved LEFT JOIN ({learning_services.card_read_sql()}) AS card ON TRUE"
    )


def _attempt_of(stored: DrillScenario) -> Attempt | None:
    """The scenario's attempt, using the one selected with it when the caller did so."""
    try:
        return stored.attempt
    except Attempt.DoesNotExist:
        return None


GRADE_FIELDS = ("status", "correct", "score", "expected", "explanation", "rules", "mistake_code", "mistake", "reasons")


def record_grade(attempt: Attempt, grade: Grade, card: learning_services.CardRead | None = None) -> bool:
    """Save the grade, count it in the progress roll-ups and in the family's spaced-repetition
    memory, in one transaction; ``False`` (and nothing written) when another grader saved it
    first: only the first grader of a received attempt writes and counts it. ``card``: the
    family's card if read already (:func:`save_received`), else it is read here."""
    attempt.status = AttemptStatus.GRADED
    attempt.correct = grade.correct
    attempt.score = grade.score
    attempt.expected = dict(grade.expected)
    attempt.explanation = grade.explanation
    attempt.rules = list(grade.rules)
    attempt.mistake_code = grade.mistake_code
    attempt.mistake = grade.mistake
    attempt.reasons = {"why": reasons_to_json(grade.reasons), "diagnosis": reasons_to_json(grade.diagnosis)}
    write = learning_services.prepared_card_write(attempt, card)
    if write is not None:  # PostgreSQL: the grade, the roll-ups and the card in one statement
        won, card_written = progress_services.record_attempt_with_card(attempt, GRADE_FIELDS, write)
        if won and not card_written:  # the card changed since it was read: rebuild its family
            assert card is not None  # a write is prepared from a card read
            learning_services.rebuild_family_locked(attempt, card)
        if not won:
            attempt.refresh_from_db()
        return won
    if card is None and attempt.family:
        card = learning_services.read_card(attempt)  # outside the transaction
    with transaction.atomic():
        # The grade and the roll-up are one statement on PostgreSQL; the card's write follows
        # (one statement unless the card changed since it was read: then it is rebuilt).
        won = progress_services.record_attempt(attempt, save_fields=GRADE_FIELDS, only_if_received=True)
        if won:
            learning_services.record_review(attempt, card)
    if not won:
        attempt.refresh_from_db()  # another grader's grade (or none): show what is stored
    return won


def grade_attempt(attempt_id: int) -> Attempt:
    """Grade a saved attempt that is still ``RECEIVED``; an attempt graded already is
    returned as it is (idempotent). Grading errors propagate (the sweep logs them)."""
    attempt = Attempt.objects.select_related("scenario").get(pk=attempt_id)
    if attempt.status == AttemptStatus.GRADED:
        return attempt
    stored = attempt.scenario
    rules = stored_rules(stored)
    scenario = _checked_regeneration(stored, rules)
    grade = get_kind(stored.kind).grade(scenario, attempt.answer, rules)
    if not record_grade(attempt, grade):
        attempt.refresh_from_db()
    return attempt


def retry_delay(failures: int) -> timedelta:
    """How long a received attempt waits after its ``failures``-th failed grading."""
    if failures >= 12:  # 2**11 minutes is past a day already
        return RETRY_AT_MOST_EVERY
    wait: timedelta = STRANDED_AFTER * (2 ** max(failures - 1, 0))
    return min(wait, RETRY_AT_MOST_EVERY)


def note_grading_failure(attempt_id: int, now: datetime | None = None) -> None:
    """Count a grading of a received attempt that raised, and put its next try off."""
    now = now or timezone.now()
    failures = Attempt.objects.filter(pk=attempt_id).values_list("grading_failures", flat=True).first()
    if failures is None:
        return
    failures = min(failures + 1, 10_000)
    Attempt.objects.filter(pk=attempt_id, status=AttemptStatus.RECEIVED).update(
        grading_failures=failures, next_grading_at=now + retry_delay(failures)
    )


def grade_if_due(attempt: Attempt, now: datetime | None = None) -> Attempt:
    """An attempt as it should be shown: a received one is graded now unless its last failed
    grading asked to wait (its page read, its answer sent again). A grading that raises is
    counted (:func:`note_grading_failure`) and the attempt shown as stored ("being graded")."""
    now = now or timezone.now()
    if attempt.status != AttemptStatus.RECEIVED:
        return attempt
    if attempt.next_grading_at is not None and attempt.next_grading_at > now:
        return attempt
    try:
        return grade_attempt(attempt.pk)
    except Exception:
        logger.exception("grading attempt %s on read failed: left for later", attempt.pk)
        note_grading_failure(attempt.pk, now)
        attempt.refresh_from_db()
        return attempt


@dataclass(frozen=True)
class StrandedReport:
    graded: int
    failed: int


def grade_stranded_attempts(now: datetime | None = None) -> StrandedReport:
    """The beat sweep: grade the attempts left ``RECEIVED`` (their grading raised, or the
    process died between saving and grading) for at least :data:`STRANDED_AFTER`, whose
    wait after a failed grading is over; the least-failed first, then the oldest, so that
    attempts that always fail (each failure doubles its wait) never hold back the others."""
    now = now or timezone.now()
    due = Q(next_grading_at__isnull=True) | Q(next_grading_at__lte=now)
    stranded = Attempt.objects.filter(due, status=AttemptStatus.RECEIVED, answered_at__lte=now - STRANDED_AFTER)
    batch = stranded.order_by("grading_failures", "answered_at").values_list("pk", flat=True)[:SWEEP_BATCH]
    graded = failed = 0
    for attempt_id in list(batch):
        try:
            grade_attempt(attempt_id)
        except Exception:  # one attempt the engine cannot grade must not block the others
            logger.exception("the sweep could not grade attempt %s", attempt_id)
            note_grading_failure(attempt_id, now)
            failed += 1
        else:
            graded += 1
    return StrandedReport(graded, failed)


__all__ = [
    "AnswerError",
    "AnswerOutcome",
    "grade_attempt",
    "grade_if_due",
    "grade_stranded_attempts",
    "new_seed",
    "note_grading_failure",
    "regenerate",
    "start_scenario",
    "submit_answer",
]
