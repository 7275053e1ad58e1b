"""Personas and attempt factories for the progress tests.

One casino with a team (supervisor + two trainees), a second team of the same casino the
supervisor does not lead, staff, and an outsider casino with its own team and trainee.
``grade_attempt`` stores a scenario and an attempt and grades it through the real
``record_grade`` hook, so the roll-ups are kept exactly as in production.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import timezone

from drills.kinds.base import Difficulty, Grade, get_kind
from drills.models import Attempt, DrillMode, DrillScenario, Property, Role, Team, User
from drills.practice.services import record_grade
from games.registry import default_rules
from tests.personas import make_user

_seeds = itertools.count(1000)






@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Progress Casino", slug="progress")


@pytest.fixture
def other_casino(db: None) -> Property:
    return Property.objects.create(name="Other Casino", slug="other")


@pytest.fixture
def trainee(casino: Property) -> User:
    return make_user("tina", Role.TRAINEE, casino, last_name="Trainee")


@pytest.fixture
def teammate(casino: Property) -> User:
    return make_user("tom", Role.TRAINEE, casino, last_name="Teammate")


@pytest.fixture
def stranger(casino: Property) -> User:
    """A trainee of the same casino, in a team our supervisor does not lead."""
    return make_user("sam", Role.TRAINEE, casino, last_name="Stranger")


@pytest.fixture
def supervisor(casino: Property) -> User:
    return make_user("sue", Role.SUPERVISOR, casino)


@pytest.fixture
def staff(casino: Property) -> User:
    return make_user("stella", Role.STAFF, casino)


@pytest.fixture
def outsider_trainee(other_casino: Property) -> User:
    return make_user("olga", Role.TRAINEE, other_casino)


@pytest.fixture
def outsider(other_casino: Property) -> User:
    """Staff of another casino."""
    return make_user("oscar", Role.STAFF, other_casino)


@pytest.fixture
def team(casino: Property, trainee: User, teammate: User, supervisor: User) -> Team:
    team = Team.objects.create(property=casino, name="Day shift")
    team.members.add(trainee, teammate)
    team.supervisors.add(supervisor)
    return team


@pytest.fixture
def other_team(casino: Property, stranger: User) -> Team:
    team = Team.objects.create(property=casino, name="Night shift")
    team.members.add(stranger)
    return team


@pytest.fixture
def outsider_team(other_casino: Property, outsider_trainee: User) -> Team:
    team = Team.objects.create(property=other_casino, name="Outsider shift")
    team.members.add(outsider_trainee)
    return team


@pytest.fixture
def world(team: Team, other_team: Team, outsider_team: Team, staff: User, outsider: User) -> dict[str, object]:
    return {"team": team, "other_team": other_team, "outsider_team": outsider_team}


@pytest.fixture
def personas(
    trainee: User, supervisor: User, staff: User, outsider: User, world: dict[str, object]
) -> dict[str, User | None]:
    return {"anonymous": None, "trainee": trainee, "supervisor": supervisor, "staff": staff, "outsider": outsider}


@pytest.fixture
def client_for(personas: dict[str, User | None]) -> Callable[[str], Client]:
    def make(persona: str) -> Client:
        client = Client()
        user = personas[persona]
        if user is not None:
            client.force_login(user)
        return client

    return make


def grade_attempt(
    user: User,
    kind: str = "ou-total",
    *,
    correct: bool = True,
    ms: int = 5000,
    difficulty: str = "normal",
    answered_at: dt.datetime | None = None,
    mistake_code: str = "",
    mistake: str = "",
    seed: int | None = None,
) -> Attempt:
    """A real (replayable) scenario of ``kind`` and an attempt graded as told, via record_grade."""
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
    key = dict(scenario.solution.key)
    answer = key if correct else {name: value + 1 if isinstance(value, int) else "x" for name, value in key.items()}
    attempt = Attempt.objects.create(
        scenario=stored, user=user, kind=kind, difficulty=difficulty, answer=answer, answered_at=when, time_taken_ms=ms
    )
    grade = Grade(
        correct=correct,
        score=Decimal("1.00") if correct else Decimal("0.00"),
        expected=key,
        explanation=scenario.solution.explanation,
        rules=scenario.solution.rules,
        mistake_code="" if correct else mistake_code,
        mistake="" if correct else mistake,
    )
    record_grade(attempt, grade)
    return attempt
