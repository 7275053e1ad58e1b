"""Personas for the drill tests: a trainee, another trainee, and a property with the
example Over/Under Bonus table when a test asks for it."""

from __future__ import annotations

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, User
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE
from tests.personas import make_user


@pytest.fixture
def casino(db: None) -> Property:
    return Property.objects.create(name="Drill Casino", slug="drill-casino")


@pytest.fixture
def trainee(casino: Property) -> User:
    return make_user("dora", Role.TRAINEE, casino)


@pytest.fixture
def other_trainee(casino: Property) -> User:
    return make_user("otto", Role.TRAINEE, casino)


@pytest.fixture
def trainee_client(trainee: User) -> Client:
    client = Client()
    client.force_login(trainee)
    return client


@pytest.fixture
def bonus_table(casino: Property) -> RuleSet:
    rule_set = RuleSet(
        property=casino,
        game="over-under-26",
        slug="drill-ou-example",
        name="Example Bonus table (not the seed's)",
        values={"bonus_pay_table": EXAMPLE_BONUS_PAY_TABLE.to_mapping()},
        is_default=True,
    )
    rule_set.full_clean()
    rule_set.save()
    return rule_set
