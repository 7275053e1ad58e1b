"""``load_demo`` adds a history (issue 15): weeks of real graded answers, sittings with
certificates (one expiring soon), assignments in every state; once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from drills.exams.models import Certificate
from drills.learning import services
from drills.learning.models import Assignment, FamilyCard
from drills.learning.selectors import assignment_progress, expiring_certificates
from drills.models import Attempt, User
from drills.progress import services as progress_services

pytestmark = pytest.mark.django_db


def test_the_demo_team_has_a_history(fast_passwords: None) -> None:
    call_command("load_demo", stdout=io.StringIO())
    attempts = Attempt.objects.count()
    assert attempts > 300
    assert Attempt.objects.filter(family="").count() == 0
    days = {timezone.localdate(at) for at in Attempt.objects.values_list("answered_at", flat=True)}
    assert len(days) >= 14  # spread over weeks
    wrong = Attempt.objects.filter(correct=False)
    assert wrong.exists()
    assert not wrong.filter(mistake_code="").exists()  # every wrong answer is a named mistake
    trainees = User.objects.filter(attempts__isnull=False).distinct()
    for trainee in trainees:  # the summary rows are what grading would have made
        assert progress_services.rebuild_trainee(trainee.pk) is False
        assert services.rebuild_trainee(trainee.pk) is False
    assert FamilyCard.objects.filter(due__lte=timezone.now()).exists()  # something is due today
    assert len(expiring_certificates(trainees.values("pk"))) == 1
    assert Certificate.objects.count() == 2
    statuses = {row.status for item in assignment_progress(list(Assignment.objects.all())) for row in item.rows}
    assert "overdue" in statuses
    assert statuses & {"at-risk", "on-track"}
    call_command("load_demo", stdout=io.StringIO())
    assert Attempt.objects.count() == attempts  # once


def test_the_demo_dashboards_show_a_living_team(fast_passwords: None) -> None:
    call_command("load_demo", stdout=io.StringIO())
    supervisor = User.objects.get(username="supervisor")
    client = Client()
    client.force_login(supervisor)
    team_id = supervisor.supervised_teams.get().pk
    dashboard = client.get(f"/progress/teams/{team_id}/").content.decode()
    assert dashboard.count('<g class="cell lv-') >= 5 * 5
    panel = client.get(f"/learning/teams/{team_id}/", headers={"HX-Request": "true"}).content.decode()
    assert "Likely to forget before" in panel
    assert "Pass Blackjack dealer certification (demo)" in panel
