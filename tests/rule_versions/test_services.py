"""Versions of a rule set: propose, sign off, reject, and when a version takes effect."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
import time_machine
from django.utils import timezone

from drills.models import RuleSet, User
from drills.rule_versions import services
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.selectors import version_in_force
from drills.rule_versions.services import VersionError, propose_version, reject, sign_off

TODAY = dt.date(2026, 3, 2)
NOON = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)

pytestmark = pytest.mark.django_db


def assert_values_match_version_in_force(rule_set: RuleSet) -> None:
    rule_set.refresh_from_db()
    version = version_in_force(rule_set)
    assert version is not None
    assert rule_set.values == version.values


def propose(rule_set: RuleSet, author: User, values: dict[str, object], on: dt.date = TODAY) -> RuleSetVersion:
    return propose_version(rule_set, values, author=author, reason="New pit rules", effective_from=on)


@pytest.fixture(autouse=True)
def clock() -> Iterator[time_machine.Coordinates]:
    with time_machine.travel(NOON, tick=False) as traveller:
        yield traveller


def test_a_new_rule_set_has_version_1_in_force(blackjack: RuleSet) -> None:
    (version,) = RuleSetVersion.objects.filter(rule_set=blackjack)
    assert (version.number, version.status, version.values) == (1, VersionStatus.SIGNED_OFF, {})
    assert version_in_force(blackjack) == version
    assert_values_match_version_in_force(blackjack)


def test_a_proposal_waits_for_sign_off_then_takes_effect(blackjack: RuleSet, author: User, checker: User) -> None:
    version = propose(blackjack, author, {"blackjack_pays": "6 to 5", "dealer_hits_soft_17": True})
    assert (version.number, version.status) == (2, VersionStatus.PENDING)
    assert version.values == {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}  # canonical
    blackjack.refresh_from_db()
    assert blackjack.values == {}  # not in force before sign-off
    sign_off(version, by=checker)
    assert (version.status, version.signed_off_by) == (VersionStatus.SIGNED_OFF, checker)
    blackjack.refresh_from_db()
    assert blackjack.values == {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}
    assert RuleSetVersion.objects.get(rule_set=blackjack, number=1).status == VersionStatus.SUPERSEDED
    assert_values_match_version_in_force(blackjack)


def test_a_future_version_takes_effect_on_its_date(
    blackjack: RuleSet, author: User, checker: User, clock: time_machine.Coordinates
) -> None:
    later = TODAY + dt.timedelta(days=10)
    version = sign_off(propose(blackjack, author, {"decks": 8}, on=later), by=checker)
    blackjack.refresh_from_db()
    assert blackjack.values == {}
    assert version_in_force(blackjack).number == 1
    assert version_in_force(blackjack, on=later) == version
    clock.move_to(dt.datetime(2026, 3, 11, 23, 59, tzinfo=dt.UTC))
    assert services.apply_all_due() == 0
    clock.move_to(dt.datetime(2026, 3, 12, 0, 1, tzinfo=dt.UTC))
    assert services.apply_all_due() == 1  # the beat task's service
    assert_values_match_version_in_force(blackjack)
    assert blackjack.values == {"decks": 8}
    assert services.apply_all_due() == 0  # idempotent


def test_a_due_version_is_applied_when_the_rule_set_is_read_for_a_drill(
    blackjack: RuleSet, author: User, checker: User, clock: time_machine.Coordinates
) -> None:
    sign_off(propose(blackjack, author, {"blackjack_pays": "6:5"}, on=TODAY + dt.timedelta(days=1)), by=checker)
    clock.move_to(NOON + dt.timedelta(days=1))
    in_force = services.rule_set_in_force(blackjack.property, "blackjack")  # no beat task ran
    assert in_force.version is not None
    assert in_force.version.number == 2
    assert str(in_force.rules.blackjack_pays) == "6:5"  # type: ignore[attr-defined]
    assert_values_match_version_in_force(blackjack)


def test_the_author_cannot_sign_off(blackjack: RuleSet, author: User) -> None:
    version = propose(blackjack, author, {"decks": 2})
    with pytest.raises(VersionError, match="second staff member") as caught:
        sign_off(version, by=author)
    assert caught.value.field == "by"
    version.refresh_from_db()
    assert version.status == VersionStatus.PENDING


@pytest.mark.parametrize("who", ["stranger", "trainee", "supervisor"])
def test_only_staff_of_the_property_sign_off(request, blackjack: RuleSet, author: User, who: str) -> None:  # type: ignore[no-untyped-def]
    version = propose(blackjack, author, {"decks": 2})
    with pytest.raises(VersionError):
        sign_off(version, by=request.getfixturevalue(who))
    with pytest.raises(VersionError):
        reject(version, by=request.getfixturevalue(who), reason="no")
    assert RuleSetVersion.objects.get(pk=version.pk).status == VersionStatus.PENDING


def test_a_superuser_counts_as_staff(blackjack: RuleSet, author: User, root: User) -> None:
    assert sign_off(propose(blackjack, author, {"decks": 2}), by=root).status == VersionStatus.SIGNED_OFF


def test_a_double_sign_off_signs_once(blackjack: RuleSet, author: User, checker: User, root: User) -> None:
    version = propose(blackjack, author, {"decks": 2})
    stale_copy = RuleSetVersion.objects.get(pk=version.pk)  # a second tab, loaded before the first sign-off
    sign_off(version, by=checker)
    with pytest.raises(VersionError, match="signed off already"):
        sign_off(stale_copy, by=root)
    version.refresh_from_db()
    assert version.signed_off_by == checker
    with pytest.raises(VersionError, match="signed off already"):
        reject(stale_copy, by=root, reason="too late")


def test_reject_keeps_the_rules_and_records_why(blackjack: RuleSet, author: User, checker: User) -> None:
    version = reject(propose(blackjack, author, {"decks": 2}), by=checker, reason="  Not with our shoes. ")
    assert (version.status, version.rejected_by, version.rejection_reason) == (
        VersionStatus.REJECTED, checker, "Not with our shoes."
    )
    assert version.rejected_at == timezone.now()
    assert_values_match_version_in_force(blackjack)
    assert propose(blackjack, author, {"decks": 4}).number == 3  # numbers are never reused


def test_the_author_may_withdraw_by_rejecting(blackjack: RuleSet, author: User) -> None:
    assert reject(propose(blackjack, author, {"decks": 2}), by=author, reason="typo").status == VersionStatus.REJECTED


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"decks": 9}, "decks"),
        ({"blackjack_pays": "three to two"}, "blackjack_pays"),
        ({"no_such_setting": 1}, "no_such_setting"),
        (["decks"], "values"),
        ({}, "values"),  # the rules in force: nothing changes
        ({"decks": 6}, "values"),  # the default, written out: still nothing changes
    ],
)
def test_bad_or_empty_proposals_name_the_field(blackjack: RuleSet, author: User, values: object, field: str) -> None:
    with pytest.raises(VersionError) as caught:
        propose_version(blackjack, values, author=author, reason="x", effective_from=TODAY)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("reason", "effective_from", "field"),
    [("", TODAY, "reason"), ("   ", TODAY, "reason"), ("why", TODAY - dt.timedelta(days=1), "effective_from")],
)
def test_a_proposal_needs_a_reason_and_a_date_to_come(
    blackjack: RuleSet, author: User, reason: str, effective_from: dt.date, field: str
) -> None:
    with pytest.raises(VersionError) as caught:
        propose_version(blackjack, {"decks": 2}, author=author, reason=reason, effective_from=effective_from)
    assert caught.value.field == field


def test_one_proposal_at_a_time(blackjack: RuleSet, author: User, checker: User) -> None:
    propose(blackjack, author, {"decks": 2})
    with pytest.raises(VersionError, match="version 2 is waiting for sign-off") as caught:
        propose(blackjack, checker, {"decks": 4})
    assert caught.value.field == "rule_set"


def test_versions_take_effect_in_order(blackjack: RuleSet, author: User, checker: User) -> None:
    sign_off(propose(blackjack, author, {"decks": 2}, on=TODAY + dt.timedelta(days=5)), by=checker)
    with pytest.raises(VersionError, match="version 2 takes effect") as caught:
        propose(blackjack, author, {"decks": 4}, on=TODAY + dt.timedelta(days=4))
    assert caught.value.field == "effective_from"
    with pytest.raises(VersionError, match="version 2"):  # identical to the scheduled one
        propose(blackjack, author, {"decks": 2}, on=TODAY + dt.timedelta(days=6))


def test_staff_of_another_property_cannot_propose(blackjack: RuleSet, stranger: User, trainee: User) -> None:
    for who in (stranger, trainee):
        with pytest.raises(VersionError) as caught:
            propose(blackjack, who, {"decks": 2})
        assert caught.value.field == "author"


def test_a_rule_set_without_versions_gets_version_1_when_read(blackjack: RuleSet) -> None:
    RuleSetVersion.objects.filter(rule_set=blackjack).delete()
    version = services.apply_due_versions(blackjack)
    assert version is not None
    assert version.number == 1
    assert version.reason == services.BEFORE_VERSIONS


@pytest.mark.usefixtures("in_process")
def test_the_beat_task_puts_due_versions_in_force(
    blackjack: RuleSet, author: User, checker: User, clock: time_machine.Coordinates
) -> None:
    from django.conf import settings

    from drills.rule_versions.tasks import apply_due_versions

    entry = settings.CELERY_BEAT_SCHEDULE["rule-versions-apply-due"]
    assert entry["task"] == apply_due_versions.name
    sign_off(propose(blackjack, author, {"decks": 4}, on=TODAY + dt.timedelta(days=1)), by=checker)
    clock.move_to(NOON + dt.timedelta(days=1))
    assert apply_due_versions.delay().get() == 1
    assert_values_match_version_in_force(blackjack)
    assert blackjack.values == {"decks": 4}


def test_the_pending_version_is_found(blackjack: RuleSet, author: User, checker: User) -> None:
    from drills.rule_versions.selectors import pending_version

    assert pending_version(blackjack) is None
    version = propose(blackjack, author, {"decks": 2})
    assert pending_version(blackjack) == version
    sign_off(version, by=checker)
    assert pending_version(blackjack) is None
