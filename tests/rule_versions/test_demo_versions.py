"""The demo's version history (issue 16): a signed-off change in force with its what-changed
assignment, and a change waiting for the second demo staff member's sign-off; made once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client

from drills.learning.models import Assignment
from drills.models import RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.what_changed.models import AssignedChange

pytestmark = pytest.mark.django_db


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_the_demo_has_a_change_in_force_and_one_waiting(fast_passwords: None) -> None:
    out = load()
    assert "waits for sign-off" in out
    blackjack = RuleSet.objects.get(slug="demo-blackjack")
    in_force = RuleSetVersion.objects.get(rule_set=blackjack, number=2)
    assert in_force.status == VersionStatus.SIGNED_OFF
    assert (in_force.proposed_by.username, in_force.signed_off_by.username) == ("staff", "admin")
    assert blackjack.values == {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}
    (change,) = AssignedChange.objects.filter(property=blackjack.property, game="blackjack")
    trainees = set(change.assignment.trainees.values_list("username", flat=True))
    assert trainees == {f"trainee{i}" for i in range(1, 6)}
    pending = RuleSetVersion.objects.get(rule_set__slug="demo-pai-gow", number=2)
    assert pending.status == VersionStatus.PENDING
    assert pending.proposed_by.username == "admin"
    # The other demo staff member sees it waiting and may sign it off.
    client = Client()
    client.force_login(User.objects.get(username="staff"))
    page = client.get("/rule-versions/").content.decode()
    assert "the Atlantic City house way from next week" in page
    assert client.get("/rule-versions/demo-pai-gow/2/").status_code == 200
    # Once: loading again makes no further versions nor assignments.
    counts = (RuleSetVersion.objects.count(), Assignment.objects.count(), AssignedChange.objects.count())
    assert load() == out
    assert (RuleSetVersion.objects.count(), Assignment.objects.count(), AssignedChange.objects.count()) == counts
