"""Dashboards and availability checks read a property's rules with their due versions applied
(not only once the hourly task has run), cheaply: one query for the versions when nothing is due."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from drills.models import Property, RuleSet, User
from drills.progress.selectors import catalogue, property_rules
from drills.rule_versions.services import apply_due_to, propose_version, sign_off
from drills.selectors import games_of, rules_for
from games.money import Ratio

pytestmark = pytest.mark.django_db

TOMORROW = timezone.localdate() + dt.timedelta(days=1)


@pytest.fixture
def due_tonight(blackjack: RuleSet, author: User, checker: User) -> RuleSet:
    """6:5 signed off for tomorrow; then "tomorrow comes" (the date moved back), the task not run."""
    blackjack.refresh_from_db()  # version 1 exists
    apply_due_to([blackjack])
    version = propose_version(blackjack, {"blackjack_pays": "6:5"}, author=author, reason="memo 7",
                              effective_from=TOMORROW)
    sign_off(version, by=checker)
    blackjack.refresh_from_db()
    assert blackjack.values == {}  # not yet
    type(version).objects.filter(pk=version.pk).update(effective_from=timezone.localdate())
    return blackjack


def test_property_rules_apply_a_due_version(casino: Property, due_tonight: RuleSet) -> None:
    assert property_rules(casino)["blackjack"].blackjack_pays == Ratio(6, 5)
    due_tonight.refresh_from_db()
    assert due_tonight.values == {"blackjack_pays": "6:5"}


def test_rules_for_applies_a_due_version(casino: Property, due_tonight: RuleSet) -> None:
    assert rules_for(casino, "blackjack").blackjack_pays == Ratio(6, 5)


def test_games_of_applies_a_due_version(casino: Property, due_tonight: RuleSet) -> None:
    (blackjack,) = [game for game in games_of(casino) if game.slug == "blackjack"]
    assert blackjack.rule_set is not None
    assert blackjack.rule_set.values == {"blackjack_pays": "6:5"}


def test_the_catalogue_reads_the_rules_in_force(casino: Property, due_tonight: RuleSet) -> None:
    catalogue(casino)
    due_tonight.refresh_from_db()
    assert due_tonight.values == {"blackjack_pays": "6:5"}


def test_one_query_for_the_versions_when_nothing_is_due(casino: Property, blackjack: RuleSet) -> None:
    others = [RuleSet.objects.create(property=casino, game=game, slug=f"vc-{game}", name=game, values={},
                                     is_default=True) for game in ("pai-gow", "jack-switch", "over-under-26")]
    apply_due_to([blackjack, *others])  # each gets its version 1
    with CaptureQueriesContext(connection) as queries:
        property_rules(casino)
    assert len(queries) == 2  # the rule sets, their due versions
