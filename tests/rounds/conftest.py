"""Personas for the round tests, and the toy table standing in for a game's engine."""

from __future__ import annotations

import pytest
from django.test import Client

from drills.models import Property, Role, Team, User
from tests.personas import make_user
from tests.rounds.toy import TOY


@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Round Casino", slug="round-casino")


@pytest.fixture
def trainee(casino: Property) -> User:
    return make_user("rita", Role.TRAINEE, casino)


@pytest.fixture
def other_trainee(casino: Property) -> User:
    return make_user("rob", Role.TRAINEE, casino)


@pytest.fixture
def supervisor(casino: Property, trainee: User) -> User:
    boss = make_user("sue", Role.SUPERVISOR, casino)
    team = Team.objects.create(property=casino, name="Pit 1")
    team.members.add(trainee)
    team.supervisors.add(boss)
    return boss


@pytest.fixture
def trainee_client(trainee: User) -> Client:
    client = Client()
    client.force_login(trainee)
    return client


@pytest.fixture
def toy_table(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Every game's table is the toy (the machinery is tested apart from the engines)."""
    import drills.rounds.api as api
    import drills.rounds.exams as exams
    import drills.rounds.presenters as presenters
    import drills.rounds.replays as replays
    import drills.rounds.services as services
    import drills.rounds.tables.registry as registry
    import drills.rounds.views as views

    for module in (services, presenters, replays, views, api, registry, exams):
        monkeypatch.setattr(module, "table_for", lambda game: TOY)
    return TOY
