"""Personas and an Over/Under 26 exam for the exam tests.

Personas: the candidate (team A), another candidate (team B, same casino), the supervisor
of team A, the supervisor of team B, staff of the casino, staff of another casino
(outsider), anonymous.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from drills.exams import services
from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import Blueprint, Sitting
from drills.models import Property, Role, Team, User
from tests.personas import make_user as make_person

SECTIONS = [
    SectionSpec("Totals", "ou-total", "easy", 3, target_seconds=None, min_percent=50),
    SectionSpec("Settling", "ou-settle", "normal", 2),
]


def make_user(username: str, role: Role, property: Property | None) -> User:
    return make_person(username, role, property, last_name="Tester")




@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Exam Casino", slug="exam-casino")


@pytest.fixture
def other_casino(db: None) -> Property:
    return Property.objects.create(name="Other Casino", slug="other-casino")


@pytest.fixture
def candidate(casino: Property) -> User:
    return make_user("cara", Role.TRAINEE, casino)


@pytest.fixture
def other_candidate(casino: Property) -> User:
    return make_user("otis", Role.TRAINEE, casino)


@pytest.fixture
def supervisor(casino: Property) -> User:
    return make_user("sue", Role.SUPERVISOR, casino)


@pytest.fixture
def other_supervisor(casino: Property) -> User:
    return make_user("sid", Role.SUPERVISOR, casino)


@pytest.fixture
def staff(casino: Property) -> User:
    return make_user("stan", Role.STAFF, casino)


@pytest.fixture
def outsider(other_casino: Property) -> User:
    return make_user("olga", Role.STAFF, other_casino)


@pytest.fixture
def teams(
    casino: Property, candidate: User, other_candidate: User, supervisor: User, other_supervisor: User
) -> tuple[Team, Team]:
    team_a = Team.objects.create(property=casino, name="Team A")
    team_a.members.add(candidate)
    team_a.supervisors.add(supervisor)
    team_b = Team.objects.create(property=casino, name="Team B")
    team_b.members.add(other_candidate)
    team_b.supervisors.add(other_supervisor)
    return team_a, team_b


def make_blueprint(property: Property, title: str = "Over/Under 26 certification", **settings: Any) -> Blueprint:
    blueprint = Blueprint.objects.create(property=property, game="over-under-26", title=title)
    values = {"time_limit_minutes": 10, "pass_percent": 60, "attempts_allowed": 2, "retake_wait_hours": 0}
    values.update(settings)
    save_version(blueprint, values, SECTIONS, by=None)
    return blueprint


def make_short_exam(property: Property, title: str, section_titles: tuple[str, str]) -> Blueprint:
    """A five-minute, one-attempt Over/Under exam of two items (a total, a settlement): the
    browser tests' exam, its titles in the language the test reads."""
    blueprint = Blueprint.objects.create(property=property, game="over-under-26", title=title)
    totals, settling = section_titles
    save_version(
        blueprint,
        {"time_limit_minutes": 5, "pass_percent": 50, "attempts_allowed": 1},
        [SectionSpec(totals, "ou-total", "easy", 1), SectionSpec(settling, "ou-settle", "normal", 1)],
        by=None,
    )
    return blueprint


@pytest.fixture
def blueprint(casino: Property) -> Blueprint:
    return make_blueprint(casino)


@pytest.fixture
def sitting(candidate: User, blueprint: Blueprint) -> Sitting:
    return services.start_sitting(candidate, blueprint).sitting


@pytest.fixture
def personas(
    candidate: User,
    other_candidate: User,
    supervisor: User,
    other_supervisor: User,
    staff: User,
    outsider: User,
    teams: tuple[Team, Team],
) -> dict[str, User | None]:
    return {
        "anonymous": None,
        "candidate": candidate,
        "other_candidate": other_candidate,
        "supervisor": supervisor,
        "other_supervisor": other_supervisor,
        "staff": staff,
        "outsider": outsider,
    }


@pytest.fixture
def client_for(personas: dict[str, User | None]) -> Callable[[str], Client]:
    def make(persona: str) -> Client:
        client = Client()
        user = personas[persona]
        if user is not None:
            client.force_login(user)
        return client

    return make


def right_answer(sitting: Sitting, position: int) -> dict[str, Any]:
    """The right answer to an item, in the raw shape a candidate sends."""
    item = sitting.items.get(position=position)
    return dict(services.regenerate_item(sitting, item).solution.key)


def answer_all(sitting: Sitting, right: bool = True) -> None:
    for item in sitting.items.all():
        answer = right_answer(sitting, item.position)
        if not right and "total" in answer:
            answer = {"total": answer["total"] + 1}
        services.save_answer(sitting, item.position, answer)


def finish_and_grade(sitting: Sitting) -> Sitting:
    """Submit and grade in the test's own transaction (no on-commit there)."""
    services.submit_sitting(sitting)
    services.grade_sitting(sitting.pk)
    sitting.refresh_from_db()
    return sitting


@pytest.fixture
def passed_sitting(candidate: User, casino: Property) -> Sitting:
    blueprint = make_blueprint(casino, "Over/Under 26 final")
    sitting = services.start_sitting(candidate, blueprint).sitting
    answer_all(sitting)
    return finish_and_grade(sitting)


def foreign_kind() -> str:
    """A registered drill kind of a game other than Over/Under 26 (whichever exists)."""
    from drills.kinds.base import all_kinds

    kinds = [kind.slug for kind in all_kinds() if kind.game != "over-under-26"]
    if not kinds:
        pytest.skip("no drill kind of another game is registered yet")
    return kinds[0]
