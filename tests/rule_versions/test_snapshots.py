"""Drills, rounds and exam sittings record the version they ran under, and their pages show it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from drills.kinds.base import Difficulty, get_kind
from drills.models import RuleSet, User
from drills.practice import services as practice
from drills.rounds import services as rounds
from drills.rounds.tables.base import Focus, Level
from drills.rule_versions.services import propose_version, sign_off
from tests.rule_versions.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def version_2(blackjack: RuleSet, author: User, checker: User) -> RuleSet:
    proposal = propose_version(
        blackjack, {"blackjack_pays": "6:5"}, author=author, reason="Six-five", effective_from=timezone.localdate()
    )
    sign_off(proposal, by=checker)
    return blackjack


def _label(rule_set: RuleSet, number: int) -> str:
    effective = rule_set.versions.get(number=number).effective_from
    return f"House rules: {rule_set.name}, version {number} (effective {effective:%d %b %Y})"


def test_a_drill_records_and_shows_its_version(version_2: RuleSet, trainee: User, supervisor: User) -> None:
    stored, _ = practice.start_scenario(trainee, get_kind("bj-payout"), Difficulty.EASY)
    assert (stored.rule_version_number, stored.rule_version.number) == (2, 2)  # type: ignore[union-attr]
    assert stored.rules_values["blackjack_pays"] == "6:5"
    page = client_for(trainee).get(f"/drills/s/{stored.public_id}/").content.decode()
    assert _label(version_2, 2) in page
    # the trainee's history and, once answered, the supervisor's view of the attempt
    client = client_for(trainee)
    practice.submit_answer(stored, dict(stored.key))
    assert "version 2" in client.get("/drills/history/").content.decode()
    attempt_page = client_for(supervisor).get(f"/progress/attempts/{stored.public_id}/").content.decode()
    assert _label(version_2, 2) in attempt_page


def test_a_round_records_and_its_replay_shows_its_version(version_2: RuleSet, trainee: User, supervisor: User) -> None:
    stored = rounds.start_round(trainee, "blackjack", Level.EASY, Focus.DEAL, seed=7)
    assert stored.rule_version_number == 2
    # the supervisor: a dealer's own replay opens only once the round is finished
    page = client_for(supervisor).get(f"/rounds/{stored.public_id}/replay/").content.decode()
    assert _label(version_2, 2) in page


def test_a_record_from_before_versions_says_so(blackjack: RuleSet, trainee: User, supervisor: User) -> None:
    stored = rounds.start_round(trainee, "blackjack", Level.EASY, Focus.DEAL, seed=7)
    type(stored).objects.filter(pk=stored.pk).update(rule_version=None, rule_version_number=None)
    page = client_for(supervisor).get(f"/rounds/{stored.public_id}/replay/").content.decode()
    assert f"House rules: {blackjack.name} (before versions)" in page


def test_a_scheduled_version_is_not_used_before_its_date(
    blackjack: RuleSet, author: User, checker: User, trainee: User
) -> None:
    later = timezone.localdate() + dt.timedelta(days=3)
    sign_off(propose_version(blackjack, {"decks": 2}, author=author, reason="r", effective_from=later), by=checker)
    stored, _ = practice.start_scenario(trainee, get_kind("bj-payout"), Difficulty.EASY)
    assert stored.rule_version_number == 1
    assert stored.rules_values["decks"] == 6


def test_an_exam_sitting_records_and_shows_its_version(casino, author: User, checker: User, trainee: User) -> None:  # type: ignore[no-untyped-def]
    from drills.exams import services as exams
    from drills.exams.models import SittingStatus
    from tests.exams.conftest import make_blueprint

    over_under = RuleSet.objects.create(
        property=casino, game="over-under-26", slug="vc-ou", name="Version Casino Over/Under", is_default=True
    )
    proposal = propose_version(
        over_under, {"win_return_multiple": 5}, author=author, reason="Richer", effective_from=timezone.localdate()
    )
    sign_off(proposal, by=checker)
    sitting = exams.start_sitting(trainee, make_blueprint(casino)).sitting
    assert (sitting.rule_version_number, sitting.rules_values["win_return_multiple"]) == (2, 5)
    type(sitting).objects.filter(pk=sitting.pk).update(status=SittingStatus.SUBMITTED, finished_at=timezone.now())
    page = client_for(trainee).get(f"/exams/sittings/{sitting.public_id}/result/").content.decode()
    assert _label(over_under, 2) in page
    checker.is_staff = True
    audit = client_for(checker).get(f"/exams/results/{sitting.public_id}/").content.decode()
    assert _label(over_under, 2) in audit
