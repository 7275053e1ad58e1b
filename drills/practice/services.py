"""Writes for drilling: show a scenario, take an answer (saved before grading), grade it.

An answer is committed before it is graded. When grading raises, the attempt stays
``RECEIVED`` (the pages and the API say "being graded") and the beat sweep
:func:`grade_stranded_attempts` grades it again later; grading is a conditional update on
``status = received``, so however many graders race, an attempt is graded and counted once.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from drills.kinds.base import AnswerError, Difficulty, DrillKind, Grade, Scenario, get_kind
from drills.kinds.what_changed import NOT_ASSIGNED, is_change_kind
from drills.learning import selectors as learning_selectors
from drills.learning import services as learning_services
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, RuleSet, User
from drills.progress import services as progress_services
from drills.selectors import default_rule_set
from drills.what_changed.selectors import change_for
from games.errors import GameError
from games.house_rules import HouseRules
from games.registry import default_rules

SEED_BITS = 62  # fits a signed 64-bit column on every database
STRANDED_AFTER = timedelta(minutes=1)
"""A received attempt still ungraded this long after it was answered is graded by the sweep
(the request that saved it graded it at once, or failed to)."""
SWEEP_BATCH = 500

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
    rules: HouseRules = get_kind(stored.kind).rules_from_mapping(stored.rules_values)
    return rules


def _regenerate_under(stored: DrillScenario, rules: HouseRules) -> Scenario:
    return get_kind(stored.kind).generate(stored.seed, Difficulty(stored.difficulty), rules)


def drill_rules(
    user: User, kind: DrillKind[Any], retry_of: DrillScenario | None = None
) -> tuple[RuleSet | None, HouseRules]:
    """The rules a new scenario of ``kind`` runs under: the property's rule set for the game;
    for a "what changed" kind, the change assigned to the trainee (a retry: the original's)."""
    if is_change_kind(kind):
        if retry_of is not None:
            return None, stored_rules(retry_of)
        change = change_for(user, kind.game)
        if change is None:
            raise GameError(NOT_ASSIGNED)
        return None, change
    rule_set = default_rule_set(user.property, kind.game)
    return rule_set, rule_set.as_rules() if rule_set is not None else default_rules(kind.game)


def start_scenario(
    user: User,
    kind: DrillKind[Any],
    difficulty: Difficulty | None,
    mode: str = DrillMode.PRACTICE,
    *,
    seed: int | None = None,
    retry_of: DrillScenario | None = None,
    family: str | None = None,
) -> tuple[DrillScenario, Scenario]:
    """Generate a scenario under the user's property's rules and store it as shown now.

    ``seed`` is only passed when re-showing a stored scenario (retry my mistakes).
    ``family``: a due review aims at that skill family, at a difficulty where it occurs (the
    stored difficulty is the one it was found at; ``difficulty``, if chosen, is tried first).
    ``difficulty`` ``None`` means normal, or for a review: wherever the family occurs.
    Raises :class:`games.errors.GameError` when the kind is unavailable under the rules.
    """
    rule_set, rules = drill_rules(user, kind, retry_of)
    seed, difficulty, scenario = _draw(user, kind, difficulty, rules, seed, family)
    stored = DrillScenario.objects.create(
        user=user,
        kind=kind.slug,
        game=kind.game,
        difficulty=difficulty.value,
        mode=mode,
        seed=seed,
        engine_version=scenario.engine_version,
        rule_set=rule_set,
        rules_values=rules.to_mapping(),
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
    if existing is not None:
        return AnswerOutcome(existing, None, already_answered=True)
    rules = stored_rules(stored)  # parsed once: generating and grading use the same value
    scenario = _regenerate_under(stored, rules)
    kind = get_kind(stored.kind)
    answer = kind.parse_answer(scenario, raw_answer)  # AnswerError: nothing saved
    now = timezone.now()
    elapsed_ms = max(0, int((now - stored.shown_at).total_seconds() * 1000))
    try:
        # One INSERT in autocommit: committed before grading starts, no BEGIN/COMMIT trips.
        attempt = Attempt.objects.create(
            scenario=stored,
            user_id=stored.user_id,
            kind=stored.kind,
            family=scenario.family,
            difficulty=stored.difficulty,
            answer=answer,
            answered_at=now,
            time_taken_ms=min(elapsed_ms, 2**31 - 1),
        )
    except IntegrityError:  # a concurrent submit won the race (one attempt per scenario)
        return AnswerOutcome(Attempt.objects.get(scenario=stored), None, already_answered=True)
    try:
        grade = kind.grade(scenario, answer, rules)
        record_grade(attempt, grade)
    except Exception:
        # The answer is saved; the sweep grades it later. The trainee sees "being graded".
        logger.exception("grading attempt %s failed: left for the sweep", attempt.pk)
        attempt.refresh_from_db()  # the grade rolled back: show what is stored
        return AnswerOutcome(attempt, None, already_answered=False)
    return AnswerOutcome(attempt, grade, already_answered=False)


def _attempt_of(stored: DrillScenario) -> Attempt | None:
    """The scenario's attempt, using the one selected with it when the caller did so."""
    try:
        return stored.attempt
    except Attempt.DoesNotExist:
        return None


GRADE_FIELDS = ("status", "correct", "score", "expected", "explanation", "rules", "mistake_code", "mistake")


def record_grade(attempt: Attempt, grade: Grade) -> bool:
    """Save the grade, count it in the progress roll-ups and in the family's spaced-repetition
    memory, in one transaction; ``False`` (and nothing written) when another grader saved it
    first: only the first grader of a received attempt writes and counts it."""
    attempt.status = AttemptStatus.GRADED
    attempt.correct = grade.correct
    attempt.score = grade.score
    attempt.expected = dict(grade.expected)
    attempt.explanation = grade.explanation
    attempt.rules = list(grade.rules)
    attempt.mistake_code = grade.mistake_code
    attempt.mistake = grade.mistake
    card = learning_services.read_card(attempt) if attempt.family else None  # outside the transaction
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
    scenario = _regenerate_under(stored, rules)
    grade = get_kind(stored.kind).grade(scenario, attempt.answer, rules)
    if not record_grade(attempt, grade):
        attempt.refresh_from_db()
    return attempt


@dataclass(frozen=True)
class StrandedReport:
    graded: int
    failed: int


def grade_stranded_attempts(now: datetime | None = None) -> StrandedReport:
    """The beat sweep: grade the attempts left ``RECEIVED`` (their grading raised, or the
    process died between saving and grading) for at least :data:`STRANDED_AFTER`."""
    cutoff = (now or timezone.now()) - STRANDED_AFTER
    stranded = Attempt.objects.filter(status=AttemptStatus.RECEIVED, answered_at__lte=cutoff).order_by("answered_at")
    graded = failed = 0
    for attempt_id in list(stranded.values_list("pk", flat=True)[:SWEEP_BATCH]):
        try:
            grade_attempt(attempt_id)
        except Exception:  # one attempt the engine cannot grade must not block the others
            logger.exception("the sweep could not grade attempt %s", attempt_id)
            failed += 1
        else:
            graded += 1
    return StrandedReport(graded, failed)


__all__ = [
    "AnswerError",
    "AnswerOutcome",
    "grade_attempt",
    "grade_stranded_attempts",
    "new_seed",
    "regenerate",
    "start_scenario",
    "submit_answer",
]
