"""The pages supervisors and trainees wait on cost a fixed number of queries, whatever the
number of trainees, answers, mistakes, assignments or certificates (issue 17: the team
dashboard within 2× a plain page). Each page is measured with a small team and history and
again with a larger one: the count must not move, and must stay at its budget."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from drills.exams import services as exam_services
from drills.exams.models import Blueprint
from drills.learning.models import LearningPolicy
from drills.learning.services import create_assignment
from drills.models import Property, Role, Team, User
from drills.progress.models import KindTarget, TrainingPolicy
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint
from tests.learning.conftest import graded
from tests.personas import make_user

pytestmark = pytest.mark.django_db

DASHBOARD, PANEL, HOME = 7, 12, 12  # before: 10, 18, and 27 with one mistake (42 with 16)
if connection.vendor == "postgresql":
    DASHBOARD += 1  # the team trend is summed by the database there (one query instead of decoding 500 tallies)


def _queries(client: Client, url: str, **headers: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, **headers)
    assert response.status_code == 200, url
    if os.environ.get("SHOW_QUERIES"):
        print(url, len(context.captured_queries), *(q["sql"][:160] for q in context.captured_queries), sep="\n  ")
    return len(context.captured_queries)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _team(casino: Property, supervisor: User, blueprint: Blueprint, size: int, label: str) -> tuple[Team, list[User]]:
    """A team of ``size`` trainees: answers right and wrong in two skills, half of them
    certified (certificates expiring within 30 days), a skills and an exam assignment."""
    team = Team.objects.create(property=casino, name=f"Team {label}")
    people = [make_user(f"{label}-{n}", Role.TRAINEE, casino, last_name=f"N{n}") for n in range(size)]
    team.members.add(*people)
    team.supervisors.add(supervisor)
    before = timezone.now() - dt.timedelta(days=3)
    for index, person in enumerate(people):
        graded(person, "ou-total", correct=True, answered_at=before)
        graded(person, "ou-settle", correct=index % 2 == 0, answered_at=before)
        if index % 2 == 0:
            sitting = exam_services.start_sitting(person, blueprint).sitting
            answer_all(sitting)
            finish_and_grade(sitting)
    due = timezone.localdate() + dt.timedelta(days=10)
    create_assignment(by=supervisor, goal="skills", due_on=due, skills=["ou-total", "ou-settle"], team=team)
    create_assignment(by=supervisor, goal="exam", due_on=due, blueprint=blueprint, trainees=people[:2])
    return team, people


@pytest.fixture
def casino_with_policies(casino: Property) -> Property:
    TrainingPolicy.objects.create(property=casino)
    LearningPolicy.objects.create(property=casino, leech_lapses=3)
    KindTarget.objects.create(property=casino, kind="ou-total", target_seconds=9)
    return casino


@pytest.fixture
def blueprint(casino_with_policies: Property) -> Blueprint:
    blueprint = make_blueprint(casino_with_policies, "Monthly Over/Under")
    Blueprint.objects.filter(pk=blueprint.pk).update(validity_days=20)
    blueprint.refresh_from_db()
    return blueprint


def test_team_pages_cost_the_same_for_3_and_12_trainees(
    casino_with_policies: Property, supervisor: User, blueprint: Blueprint
) -> None:
    client = _client(supervisor)
    counts = {}
    for size, label in ((3, "small"), (12, "large")):
        team, _people = _team(casino_with_policies, supervisor, blueprint, size, label)
        dashboard = _queries(client, reverse("progress:team", args=[team.pk]))
        panel = _queries(client, reverse("learning:team-panel", args=[team.pk]), HTTP_HX_REQUEST="true")
        counts[size] = (dashboard, panel)
    assert counts[3] == counts[12]
    assert counts[12] == (DASHBOARD, PANEL)


def test_the_trainee_home_costs_the_same_for_any_number_of_mistakes(
    casino_with_policies: Property, supervisor: User, blueprint: Blueprint
) -> None:
    _, people = _team(casino_with_policies, supervisor, blueprint, 2, "home")
    trainee = people[0]
    client = _client(trainee)
    counts = []
    for mistakes in (1, 15):
        for _ in range(mistakes):
            graded(trainee, "ou-total", correct=False)
        page = client.get(reverse("home")).content.decode()
        assert "Due for review today" in page
        counts.append(_queries(client, reverse("home")))
    assert counts == [HOME, HOME]
