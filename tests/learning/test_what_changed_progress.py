"""A "what changed" assignment is done only from the answers given for that change: after it
was assigned, to scenarios under its old and new rules (issue 16). Mastery of the kind for an
earlier change does not count; its own progress shows on the trainee home and the supervisor's
assignment page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from drills.kinds._changes import RuleChange
from drills.learning.models import Assignment
from drills.learning.selectors import DONE, assignment_progress
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, Property, Team, User
from drills.progress.services import rebuild_all
from drills.what_changed.services import assign_what_changed

pytestmark = pytest.mark.django_db

SIX_TO_FIVE = {"blackjack_pays": "6:5"}
H17 = {"dealer_hits_soft_17": True}


def assign(casino: Property, trainee: User, new: dict, old: dict | None = None) -> Assignment:
    assignment = assign_what_changed(property=casino, game="blackjack", old_values=old or {}, new_values=new,
                                     trainees=[trainee], assigned_by=None, due=dt.date(2030, 6, 1))
    assert assignment is not None
    return assignment


def answer(trainee: User, old: dict, new: dict, *, n: int = 20, correct: bool = True,
           at: dt.datetime | None = None) -> None:
    """``n`` graded what-changed answers under the change old → new, 3 s each."""
    values = RuleChange.of("blackjack", old, new).to_mapping()
    when = at or timezone.now()
    for index in range(n):
        stored = DrillScenario.objects.create(
            user=trainee, kind="bj-what-changed", game="blackjack", difficulty="normal", mode=DrillMode.PRACTICE,
            seed=index, engine_version="1", rules_values=values, key={}, shown_at=when,
        )
        Attempt.objects.create(scenario=stored, user=trainee, kind="bj-what-changed", difficulty="normal", answer={},
                               answered_at=when + dt.timedelta(seconds=index), time_taken_ms=3000,
                               status=AttemptStatus.GRADED, correct=correct)


def row_of(assignment: Assignment, trainee: User):  # type: ignore[no-untyped-def]
    (item,) = assignment_progress([assignment], only={trainee.pk})
    (row,) = item.rows
    return row


def test_mastery_for_an_earlier_change_does_not_complete_a_new_assignment(casino: Property, trainee: User) -> None:
    first = assign(casino, trainee, SIX_TO_FIVE)
    answer(trainee, {}, SIX_TO_FIVE)
    rebuild_all()  # the kind is mastered overall
    assert row_of(first, trainee).status == DONE
    second = assign(casino, trainee, H17, old=SIX_TO_FIVE)
    row = row_of(second, trainee)
    assert (row.done, row.total) == (0, 1)
    assert row.status != DONE
    assert row.detail == "no answers for this change yet"
    answer(trainee, SIX_TO_FIVE, H17, n=19)
    assert row_of(second, trainee).detail == "19 answers for this change, 100 % right"
    assert row_of(second, trainee).status != DONE  # 20 answers needed (the policy)
    answer(trainee, SIX_TO_FIVE, H17, n=1)
    assert row_of(second, trainee).status == DONE


def test_answers_given_before_the_assignment_do_not_count(casino: Property, trainee: User) -> None:
    answer(trainee, {}, SIX_TO_FIVE, at=timezone.now() - dt.timedelta(days=2))
    assignment = assign(casino, trainee, SIX_TO_FIVE)
    row = row_of(assignment, trainee)
    assert (row.done, row.detail) == (0, "no answers for this change yet")


def test_wrong_answers_show_their_share(casino: Property, trainee: User) -> None:
    assignment = assign(casino, trainee, SIX_TO_FIVE)
    answer(trainee, {}, SIX_TO_FIVE, n=2)
    answer(trainee, {}, SIX_TO_FIVE, n=1, correct=False)
    assert row_of(assignment, trainee).detail == "3 answers for this change, 67 % right"


def test_its_own_progress_shows_on_the_home_and_the_assignment_page(client_for, team: Team, trainee: User) -> None:
    assignment = assign(team.property, trainee, SIX_TO_FIVE)
    answer(trainee, {}, SIX_TO_FIVE, n=3)
    home = client_for("trainee").get("/").content.decode()
    assert "3 answers for this change, 100 % right" in home
    page = client_for("supervisor").get(f"/learning/assignments/{assignment.pk}/").content.decode()
    assert "3 answers for this change, 100 % right" in page


def test_practise_starts_the_assigned_change_and_goes_to_the_question(client_for, team: Team,
                                                                       trainee: User) -> None:
    first = assign(team.property, trainee, SIX_TO_FIVE)
    assign(team.property, trainee, H17, old=SIX_TO_FIVE)  # newer: the drill's default change
    client = client_for("trainee")
    home = client.get("/").content.decode()
    assert home.count(">Practise</button>") == 2
    assert f'name="assignment" value="{first.pk}"' in home
    response = client.post("/drills/start/", {"kind": "bj-what-changed", "difficulty": "normal",
                                               "mode": "practice", "assignment": str(first.pk)})
    assert response.status_code == 302
    stored = DrillScenario.objects.get(user=trainee)
    assert response["Location"].endswith(f"{stored.public_id}/")
    assert stored.rules_values == RuleChange.of("blackjack", {}, SIX_TO_FIVE).to_mapping()


def test_practise_on_a_skill_assignment_starts_the_skill(client_for, team: Team, trainee: User) -> None:
    assignment = Assignment.objects.create(property=team.property, goal="skills", skills=["bj-payout"],
                                           due_on=dt.date(2030, 6, 1), created_at=timezone.now())
    assignment.trainees.add(trainee)
    client = client_for("trainee")
    assert f'name="assignment" value="{assignment.pk}"' in client.get("/").content.decode()
    response = client.post("/drills/start/", {"kind": "bj-payout", "difficulty": "normal", "mode": "practice",
                                              "assignment": str(assignment.pk)})
    assert response.status_code == 302
    assert DrillScenario.objects.get(user=trainee).kind == "bj-payout"


def test_practise_on_a_change_not_assigned_is_a_form_error(client_for, team: Team, trainee: User,
                                                           outsider_trainee: User) -> None:
    theirs = assign_what_changed(property=outsider_trainee.property, game="blackjack", old_values={},
                                 new_values=SIX_TO_FIVE, trainees=[outsider_trainee], assigned_by=None,
                                 due=dt.date(2030, 6, 1))
    assert theirs is not None
    assign(team.property, trainee, H17)
    response = client_for("trainee").post("/drills/start/", {"kind": "bj-what-changed", "difficulty": "normal",
                                                             "mode": "practice", "assignment": str(theirs.pk)})
    assert response.status_code in (200, 400)
    assert "not assigned to you" in response.content.decode()
    assert not DrillScenario.objects.filter(user=trainee).exists()
