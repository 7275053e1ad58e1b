"""Writes for drilling: show a scenario, take an answer (saved before grading), grade it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from drills.kinds.base import AnswerError, Difficulty, DrillKind, Grade, Scenario, get_kind
from drills.learning import selectors as learning_selectors
from drills.learning import services as learning_services
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, User
from drills.progress import services as progress_services
from drills.selectors import default_rule_set
from games.house_rules import HouseRules
from games.registry import default_rules, rules_class

SEED_BITS = 62  # fits a signed 64-bit column on every database


def new_seed() -> int:
    """Seeds are drawn by the server with ``secrets``: a trainee cannot predict them."""
    return secrets.randbits(SEED_BITS)


def regenerate(stored: DrillScenario) -> Scenario:
    """Exactly the scenario the trainee saw, from what was stored with it."""
    return _regenerate_under(stored, stored_rules(stored))


def stored_rules(stored: DrillScenario) -> HouseRules:
    """The rule set in force when the scenario was shown (its stored snapshot)."""
    return rules_class(get_kind(stored.kind).game).from_mapping(stored.rules_values)


def _regenerate_under(stored: DrillScenario, rules: HouseRules) -> Scenario:
    return get_kind(stored.kind).generate(stored.seed, Difficulty(stored.difficulty), rules)


def start_scenario(
    user: User,
    kind: DrillKind[Any],
    difficulty: Difficulty,
    mode: str = DrillMode.PRACTICE,
    *,
    seed: int | None = None,
    retry_of: DrillScenario | None = None,
) -> tuple[DrillScenario, Scenario]:
    """Generate a scenario under the user's property's rules and store it as shown now.

    ``seed`` is only passed when re-showing a stored scenario (retry my mistakes).
    Raises :class:`games.errors.GameError` when the kind is unavailable under the rules.
    """
    rule_set = default_rule_set(user.property, kind.game)
    rules = rule_set.as_rules() if rule_set is not None else default_rules(kind.game)
    if seed is None:  # spaced repetition: lean toward the families this trainee misses (issue 15)
        seed, scenario = learning_selectors.leaning_scenario(user, kind, difficulty, rules, new_seed)
    else:
        scenario = kind.generate(seed, difficulty, rules)
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
    grade = kind.grade(scenario, answer, rules)
    record_grade(attempt, grade)
    return AnswerOutcome(attempt, grade, already_answered=False)


def _attempt_of(stored: DrillScenario) -> Attempt | None:
    """The scenario's attempt, using the one selected with it when the caller did so."""
    try:
        return stored.attempt
    except Attempt.DoesNotExist:
        return None


def record_grade(attempt: Attempt, grade: Grade) -> None:
    """Save the grade and count it in the progress roll-ups and the family's spaced-repetition
    memory, in one transaction."""
    with transaction.atomic():
        _save_grade(attempt, grade)
        progress_services.record_attempt(attempt)
        learning_services.record_review(attempt)


def _save_grade(attempt: Attempt, grade: Grade) -> None:
    attempt.status = AttemptStatus.GRADED
    attempt.correct = grade.correct
    attempt.score = grade.score
    attempt.expected = dict(grade.expected)
    attempt.explanation = grade.explanation
    attempt.rules = list(grade.rules)
    attempt.mistake_code = grade.mistake_code
    attempt.mistake = grade.mistake
    attempt.save(
        update_fields=[
            "status",
            "correct",
            "score",
            "expected",
            "explanation",
            "rules",
            "mistake_code",
            "mistake",
        ]
    )


__all__ = ["AnswerError", "AnswerOutcome", "new_seed", "regenerate", "start_scenario", "submit_answer"]
