"""Races on PostgreSQL (``@pytest.mark.services``; .ci/run provides it): two staff members
signing off the same version at the same moment sign it once; two proposals at the same
moment make one pending version. (On SQLite, ``test_services`` covers the same with a stale
copy: writes there are serialised anyway.)"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connections
from django.utils import timezone

from drills.models import Property, Role, RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.services import VersionError, propose_version, sign_off
from tests.personas import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def together(count: int, work: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(count)

    def run(index: int) -> Any:
        try:
            barrier.wait(timeout=30)
            return work(index)
        except VersionError as error:
            return error
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_racing_sign_offs_sign_once(casino: Property, author: User) -> None:
    staff = [make_user(f"checker{i}", Role.STAFF, casino) for i in range(4)]
    # Not the default: no "what changed" task is queued (this test is about the sign-off).
    rule_set = RuleSet.objects.create(property=casino, game="blackjack", slug="race-bj", name="Race")
    version = propose_version(rule_set, {"decks": 2}, author=author, reason="r", effective_from=timezone.localdate())

    outcomes = together(4, lambda i: sign_off(RuleSetVersion.objects.get(pk=version.pk), by=staff[i]))

    assert sum(isinstance(outcome, RuleSetVersion) for outcome in outcomes) == 1
    assert sum(isinstance(outcome, VersionError) for outcome in outcomes) == 3
    version.refresh_from_db()
    assert version.status == VersionStatus.SIGNED_OFF
    rule_set.refresh_from_db()
    assert rule_set.values == {"decks": 2}


def test_racing_proposals_make_one_pending_version(casino: Property) -> None:
    staff = [make_user(f"author{i}", Role.STAFF, casino) for i in range(4)]
    rule_set = RuleSet.objects.create(property=casino, game="blackjack", slug="race-bj2", name="Race 2")

    together(
        4,
        lambda i: propose_version(
            rule_set, {"decks": i + 1}, author=staff[i], reason="r", effective_from=timezone.localdate()
        ),
    )

    assert RuleSetVersion.objects.filter(rule_set=rule_set, status=VersionStatus.PENDING).count() == 1
    assert sorted(RuleSetVersion.objects.filter(rule_set=rule_set).values_list("number", flat=True)) == [1, 2]
