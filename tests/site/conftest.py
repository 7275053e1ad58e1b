"""Personas for the site tests: one casino with a team, and an outsider from another."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, Team, User
from tests.personas import make_user


@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Test Casino", slug="test")


@pytest.fixture
def other_casino(db: None) -> Property:
    return Property.objects.create(name="Other Casino", slug="other")


@pytest.fixture
def trainee(casino: Property) -> User:
    return make_user("trainee", Role.TRAINEE, casino)


@pytest.fixture
def supervisor(casino: Property) -> User:
    return make_user("supervisor", Role.SUPERVISOR, casino)


@pytest.fixture
def staff(casino: Property) -> User:
    return make_user("staff", Role.STAFF, casino)


@pytest.fixture
def outsider(other_casino: Property) -> User:
    """Staff of another casino: may use the door and the admin, but not our rule sets."""
    return make_user("outsider", Role.STAFF, other_casino)


@pytest.fixture
def team(casino: Property, trainee: User, supervisor: User) -> Team:
    team = Team.objects.create(property=casino, name="Day shift")
    team.members.add(trainee)
    team.supervisors.add(supervisor)
    return team


@pytest.fixture
def rule_set(casino: Property) -> RuleSet:
    """The test casino's blackjack rules: 6:5 blackjacks, the default for the casino."""
    rule_set = RuleSet(
        property=casino, game="blackjack", slug="test-blackjack", name="Test 6:5", values={"blackjack_pays": "6:5"},
        is_default=True,
    )
    rule_set.full_clean()
    rule_set.save()
    return rule_set


@pytest.fixture
def personas(trainee: User, supervisor: User, staff: User, outsider: User, team: Team) -> dict[str, User | None]:
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
