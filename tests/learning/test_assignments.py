"""Assignments: statuses, progress from the roll-ups and certificates, the pages (who may
assign and see what), form errors naming the field, the trainee's home."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from drills.learning import services
from drills.learning.models import Assignment, AssignmentGoal
from drills.learning.selectors import (
    AT_RISK,
    DONE,
    ON_TRACK,
    OVERDUE,
    assignment_progress,
    assignment_status,
)
from drills.models import Team, User
from tests.learning.conftest import graded

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 1)


def _assignment(
    goal: str = AssignmentGoal.SKILLS, created: dt.date = dt.date(2026, 11, 1), due: dt.date = dt.date(2026, 12, 31)
) -> Assignment:
    return Assignment(goal=goal, due_on=due, created_at=timezone.make_aware(dt.datetime.combine(created, dt.time(9))))


@pytest.mark.parametrize(
    ("done", "total", "today", "expected"),
    [
        (2, 2, dt.date(2027, 1, 5), DONE),  # done, even late
        (1, 2, dt.date(2027, 1, 1), OVERDUE),
        (1, 2, dt.date(2026, 12, 29), AT_RISK),  # due within 3 days
        (0, 4, dt.date(2026, 12, 10), AT_RISK),  # 0 % with 65 % of the time gone
        (2, 4, dt.date(2026, 12, 10), ON_TRACK),  # 50 % vs 65 %: within 25 points
        (0, 4, dt.date(2026, 11, 2), ON_TRACK),
    ],
)
def test_skill_assignment_status(done: int, total: int, today: dt.date, expected: str) -> None:
    assert assignment_status(_assignment(), done, total, today, due_soon_days=3) == expected


def test_an_exam_is_at_risk_once_half_the_time_is_gone() -> None:
    exam = _assignment(AssignmentGoal.EXAM)
    assert assignment_status(exam, 0, 1, dt.date(2026, 11, 10), 3) == ON_TRACK
    assert assignment_status(exam, 0, 1, dt.date(2026, 12, 5), 3) == AT_RISK  # 34 of 60 days gone
    assert assignment_status(exam, 1, 1, dt.date(2026, 11, 20), 3) == DONE


def test_progress_counts_mastered_skills_per_trainee(
    team: Team, trainee: User, teammate: User, supervisor: User
) -> None:
    for _ in range(20):
        graded(trainee, "ou-total", correct=True, ms=2000)
    assignment = services.create_assignment(
        by=supervisor,
        goal=AssignmentGoal.SKILLS,
        due_on=timezone.localdate() + dt.timedelta(days=20),
        skills=["ou-total", "ou-settle"],
        team=team,
    )
    (item,) = assignment_progress([assignment])
    rows = {row.trainee.username: (row.done, row.total) for row in item.rows}
    assert rows == {"tina": (1, 2), "tom": (0, 2)}
    assert item.title == "Master Announce the total (Over/Under 26 Joker), Settle the round (Over/Under 26 Joker)"


def test_progress_queries_do_not_grow_with_trainees(casino, supervisor: User, django_assert_max_num_queries) -> None:  # type: ignore[no-untyped-def]
    from drills.models import Role
    from tests.personas import make_user

    team = Team.objects.create(property=casino, name="Big")
    team.supervisors.add(supervisor)
    people = [make_user(f"t{n}", Role.TRAINEE, casino) for n in range(25)]
    team.members.add(*people)
    due = timezone.localdate() + dt.timedelta(days=9)
    assignments = [
        services.create_assignment(
            by=supervisor, goal=AssignmentGoal.SKILLS, due_on=due, skills=["ou-total"], team=team
        ),
        services.create_assignment(
            by=supervisor, goal=AssignmentGoal.SKILLS, due_on=due, skills=["ou-settle"], trainees=people[:5]
        ),
    ]
    with django_assert_max_num_queries(10):
        items = assignment_progress(assignments)
    assert [len(item.rows) for item in items] == [25, 5]


def test_a_supervisor_assigns_to_their_team_and_sees_the_status(client_for, team: Team) -> None:  # type: ignore[no-untyped-def]
    client = client_for("supervisor")
    due = (timezone.localdate() + dt.timedelta(days=14)).isoformat()
    response = client.post(
        "/learning/assignments/new/", {"goal": "skills", "skills": ["ou-total"], "due_on": due, "team": team.pk}
    )
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Tina Trainee" in page
    assert "Tom Teammate" in page
    assert "On track" in page
    listing = client.get("/learning/assignments/").content.decode()
    assert "Master Announce the total (Over/Under 26 Joker)" in listing


def test_form_errors_name_the_field(client_for, team: Team) -> None:  # type: ignore[no-untyped-def]
    client = client_for("supervisor")
    response = client.post("/learning/assignments/new/", {"goal": "skills", "due_on": "2001-01-01"})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"skills", "due_on", "trainees"}
    response = client.post("/learning/assignments/new/", {"goal": "exam", "due_on": "1e30", "team": team.pk})
    assert set(response.context["form"].errors) == {"blueprint", "due_on"}


def test_a_supervisor_cannot_assign_to_another_team(client_for, other_team: Team) -> None:  # type: ignore[no-untyped-def]
    due = (timezone.localdate() + dt.timedelta(days=14)).isoformat()
    response = client_for("supervisor").post(
        "/learning/assignments/new/", {"goal": "skills", "skills": ["ou-total"], "due_on": due, "team": other_team.pk}
    )
    assert response.status_code == 400
    assert "team" in response.context["form"].errors


def test_trainees_get_403_and_other_properties_404(client_for, team: Team, supervisor: User) -> None:  # type: ignore[no-untyped-def]
    assignment = services.create_assignment(
        by=supervisor, goal=AssignmentGoal.SKILLS, due_on=timezone.localdate(), skills=["ou-total"], team=team
    )
    assert client_for("trainee").get("/learning/assignments/").status_code == 403
    assert client_for("outsider").get(f"/learning/assignments/{assignment.pk}/").status_code == 404
    assert client_for("staff").get(f"/learning/assignments/{assignment.pk}/").status_code == 200
    assert client_for("anonymous").get("/learning/assignments/").status_code == 302


def test_the_trainee_home_shows_assignments_with_progress(client_for, team: Team, supervisor: User) -> None:  # type: ignore[no-untyped-def]
    with time_machine.travel(timezone.now(), tick=False):
        services.create_assignment(
            by=supervisor,
            goal=AssignmentGoal.SKILLS,
            due_on=timezone.localdate() + dt.timedelta(days=2),
            skills=["ou-total", "ou-settle"],
            team=team,
            note="Before the weekend",
        )
        page = client_for("trainee").get("/").content.decode()
    assert "Your assignments" in page
    assert "0 of 2" in page
    assert "At risk" in page
    assert "Before the weekend" in page
