"""People and rule sets for the house-rules editor's tests: one casino with a rule set per
game, another casino, and every persona."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, User
from tests.personas import make_user

PERSONAS = ("anonymous", "trainee", "supervisor", "other_staff", "staff", "superuser")


@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Test Casino", slug="test")


@pytest.fixture
def other_casino(db: None) -> Property:
    return Property.objects.create(name="Other Casino", slug="other")


def make_rule_set(casino: Property, game: str, slug: str, values: dict[str, object] | None = None) -> RuleSet:
    rule_set = RuleSet(property=casino, game=game, slug=slug, name=f"{game} at {casino.slug}", values=values or {})
    rule_set.full_clean()
    rule_set.save()
    return rule_set


@pytest.fixture
def rule_sets(casino: Property) -> dict[str, RuleSet]:
    return {
        "blackjack": make_rule_set(casino, "blackjack", "test-blackjack", {"blackjack_pays": "6:5"}),
        "jack-switch": make_rule_set(casino, "jack-switch", "test-jack-switch"),
        "over-under-26": make_rule_set(
            casino, "over-under-26", "test-ou", {"bonus_pay_table": {"8": "100:1", "44": "100:1", "joker": "2:1"}}
        ),
        "pai-gow": make_rule_set(casino, "pai-gow", "test-pai-gow"),
    }


@pytest.fixture
def other_rule_set(other_casino: Property) -> RuleSet:
    return make_rule_set(other_casino, "blackjack", "other-blackjack")


@pytest.fixture
def people(casino: Property, other_casino: Property) -> dict[str, User | None]:
    return {
        "anonymous": None,
        "trainee": make_user("trainee", Role.TRAINEE, casino),
        "supervisor": make_user("supervisor", Role.SUPERVISOR, casino),
        "other_staff": make_user("other_staff", Role.STAFF, other_casino),
        "staff": make_user("staff", Role.STAFF, casino),
        "superuser": make_user("root", Role.STAFF, None, is_superuser=True),
    }


@pytest.fixture
def client_for(people: dict[str, User | None]) -> Callable[[str], Client]:
    def make(persona: str) -> Client:
        client = Client()
        user = people[persona]
        if user is not None:
            client.force_login(user)
        return client

    return make
