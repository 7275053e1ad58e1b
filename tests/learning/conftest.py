"""Personas of the progress tests (one casino, a team, staff, an outsider casino) and a
grading helper that goes through the real answer path's ``record_grade`` with the
scenario's skill family, as ``submit_answer`` stores it."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal

from django.utils import timezone

from drills.kinds.base import Difficulty, Grade, get_kind
from drills.models import Attempt, DrillMode, DrillScenario, User
from drills.practice.services import record_grade
from games.registry import default_rules
from tests.progress.conftest import (  # noqa: F401  (fixtures)
    casino,
    client_for,
    other_casino,
    other_team,
    outsider,
    outsider_team,
    outsider_trainee,
    personas,
    staff,
    stranger,
    supervisor,
    team,
    teammate,
    trainee,
    world,
)

_seeds = itertools.count(5000)


def seed_of_family(kind: str, family: str, difficulty: str = "normal", start: int = 0) -> int:
    """The first seed from ``start`` whose scenario is of ``family``."""
    drill = get_kind(kind)
    rules = default_rules(drill.game)
    for seed in itertools.count(start):
        if drill.generate(seed, Difficulty(difficulty), rules).family == family:
            return seed
    raise AssertionError("unreachable")


def graded(
    user: User,
    kind: str = "ou-total",
    *,
    correct: bool = True,
    ms: int = 3000,
    answered_at: dt.datetime | None = None,
    seed: int | None = None,
    difficulty: str = "normal",
    grade: bool = True,
) -> Attempt:
    """A stored scenario and its attempt (with the family ``submit_answer`` gives it), graded
    through ``record_grade`` unless ``grade`` is false."""
    drill = get_kind(kind)
    rules = default_rules(drill.game)
    seed = next(_seeds) if seed is None else seed
    scenario = drill.generate(seed, Difficulty(difficulty), rules)
    when = answered_at or timezone.now()
    stored = DrillScenario.objects.create(
        user=user,
        kind=kind,
        game=drill.game,
        difficulty=difficulty,
        mode=DrillMode.PRACTICE,
        seed=seed,
        engine_version=scenario.engine_version,
        rules_values=rules.to_mapping(),
        key=dict(scenario.solution.key),
        shown_at=when - dt.timedelta(milliseconds=ms),
    )
    attempt = Attempt.objects.create(
        scenario=stored,
        user=user,
        kind=kind,
        family=scenario.family,
        difficulty=difficulty,
        answer=dict(scenario.solution.key),
        answered_at=when,
        time_taken_ms=ms,
    )
    if grade:
        record_grade(
            attempt,
            Grade(
                correct=correct,
                score=Decimal("1.00") if correct else Decimal("0.00"),
                expected=dict(scenario.solution.key),
                explanation=scenario.solution.explanation,
                rules=scenario.solution.rules,
            ),
        )
    return attempt
