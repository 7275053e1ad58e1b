"""People and rule sets for the rule-version tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, Team, User
from tests.personas import make_user


@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Version Casino", slug="version-casino")


@pytest.fixture
def other_casino(db: None) -> Property:
    return Property.objects.create(name="Other Casino", slug="other-casino")


@pytest.fixture
def author(casino: Property) -> User:
    return make_user("alma", Role.STAFF, casino)


@pytest.fixture
def checker(casino: Property) -> User:
    return make_user("carl", Role.STAFF, casino)


@pytest.fixture
def stranger(other_casino: Property) -> User:
    return make_user("sten", Role.STAFF, other_casino)


@pytest.fixture
def root(db: None) -> User:
    return make_user("root", Role.STAFF, None, is_superuser=True, is_staff=True)


@pytest.fixture
def trainee(casino: Property) -> User:
    return make_user("tina", Role.TRAINEE, casino)


@pytest.fixture
def supervisor(casino: Property, trainee: User) -> User:
    boss = make_user("sue", Role.SUPERVISOR, casino)
    team = Team.objects.create(property=casino, name="Pit")
    team.members.add(trainee)
    team.supervisors.add(boss)
    return boss


@pytest.fixture
def blackjack(casino: Property) -> RuleSet:
    return RuleSet.objects.create(
        property=casino, game="blackjack", slug="vc-blackjack", name="Version Casino blackjack",
        values={}, is_default=True,
    )


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def in_process() -> Iterator[None]:
    """Tasks run in-process even where a broker is configured: a worker could not see this
    test's uncommitted rows (the real worker has its own tests)."""
    from casino_training.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = eager
