"""A version of a property's default rule set going in force assigns its trainees the game's
"what changed" drill (issue 16, item 5), once."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from drills.learning.models import Assignment
from drills.models import Property, RuleSet, User
from drills.rule_versions import services
from drills.rule_versions.services import propose_version, sign_off
from drills.what_changed.models import AssignedChange

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process")]
NOON = dt.datetime(2027, 6, 1, 12, 0, tzinfo=dt.UTC)


def test_signing_off_a_change_in_force_today_assigns_what_changed(
    blackjack: RuleSet, author: User, checker: User, trainee: User, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    version = propose_version(
        blackjack, {"blackjack_pays": "6:5"}, author=author, reason="r", effective_from=timezone.localdate()
    )
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(version, by=checker)
    (change,) = AssignedChange.objects.all()
    assert (change.property, change.game, change.reason) == (blackjack.property, "blackjack", "version")
    assert (change.old_values["blackjack_pays"], change.new_values["blackjack_pays"]) == ("3:2", "6:5")
    assert list(change.assignment.trainees.all()) == [trainee]
    assert change.assignment.created_by == checker
    first = blackjack.versions.get(number=1)
    assert services.announce_adoption(version.pk, first.pk) is False  # a task delivered twice: once
    assert AssignedChange.objects.count() == 1


def test_a_scheduled_change_assigns_when_it_goes_in_force(
    blackjack: RuleSet, author: User, checker: User, trainee: User, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    with time_machine.travel(NOON, tick=False) as clock:
        later = timezone.localdate() + dt.timedelta(days=2)
        version = propose_version(blackjack, {"dealer_hits_soft_17": True}, author=author, reason="r",
                                  effective_from=later)
        with django_capture_on_commit_callbacks(execute=True):
            sign_off(version, by=checker)
        assert not Assignment.objects.exists()
        clock.shift(dt.timedelta(days=2))
        with django_capture_on_commit_callbacks(execute=True):
            services.apply_all_due()
        (change,) = AssignedChange.objects.all()
        assert change.new_values["dealer_hits_soft_17"] is True


def test_a_rule_set_no_one_drills_under_assigns_nothing(
    casino: Property, author: User, checker: User, trainee: User, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    spare = RuleSet.objects.create(property=casino, game="blackjack", slug="spare", name="Spare", is_default=False)
    version = propose_version(spare, {"blackjack_pays": "6:5"}, author=author, reason="r",
                              effective_from=timezone.localdate())
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(version, by=checker)
    assert not AssignedChange.objects.exists()
