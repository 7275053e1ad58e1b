"""Assignment progress from what the page has read (issue 15, speed): the team panel passes its
members, the trainee home its own assignments; the rows must be those read the general way,
whoever is assigned by team, by another team or by name."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from drills import access
from drills.learning import selectors
from drills.learning.models import Assignment, AssignmentGoal
from drills.learning.views import team_dashboard_context, trainee_home_context
from drills.models import Team, User
from tests.learning.conftest import graded

pytestmark = pytest.mark.django_db


def assign(team: Team, *, to_team: Team | None = None, named: tuple[User, ...] = (), skills: list[str]) -> Assignment:
    assignment = Assignment.objects.create(
        property=team.property,
        goal=AssignmentGoal.SKILLS,
        skills=skills,
        team=to_team,
        due_on=timezone.localdate() + dt.timedelta(days=20),
        created_at=timezone.now(),
    )
    assignment.trainees.add(*named)
    return assignment


def rows(progress: list[selectors.AssignmentProgress]) -> list[tuple[int, list[tuple[int, int, int, str]]]]:
    return [
        (item.assignment.pk, [(row.trainee.pk, row.done, row.total, row.status) for row in item.rows])
        for item in progress
    ]


@pytest.fixture
def assignments(team: Team, other_team: Team, trainee: User, teammate: User, stranger: User) -> list[Assignment]:
    other_team.members.add(teammate)  # on both teams
    for seed in range(30):  # enough right answers to master the skill
        graded(trainee, "ou-total", seed=seed)
    return [
        assign(team, to_team=team, skills=["ou-total"]),
        assign(team, to_team=other_team, skills=["ou-total", "ou-settle"]),  # teammate through the night shift
        assign(team, named=(trainee, stranger), skills=["ou-total"]),
        assign(team, to_team=other_team, named=(trainee,), skills=["ou-settle"]),  # another team's, read back
    ]


def test_the_team_panel_counts_as_the_general_read(team: Team, assignments: list[Assignment]) -> None:
    members = {user.pk for user in access.team_members(team)}
    general = selectors.assignment_progress(selectors.assignments_of_team(team), only=members)
    assert rows(team_dashboard_context(team)["team_assignments"]) == rows(general)
    assert len(general) == 3  # the night shift's own is not the day shift's


def test_the_trainee_home_counts_as_the_general_read(trainee: User, assignments: list[Assignment]) -> None:
    mine = selectors.assignments_of_trainee(trainee)
    general = [(item, item.rows[0]) for item in selectors.assignment_progress(mine, only={trainee.pk}) if item.rows]
    shown = trainee_home_context(trainee)["my_assignments"]
    assert [(item.assignment.pk, row.done, row.status) for item, row in shown] == [
        (item.assignment.pk, row.done, row.status) for item, row in general
    ]
    assert len(shown) == 3  # not the night shift's own
