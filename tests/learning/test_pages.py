"""The trainee home shows what is due today first; the supervisor sees forecast recall per
family, leeches and assignments on the team panel; access as everywhere."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from drills.learning.models import FamilyCard
from drills.models import Role, Team, User
from tests.learning.conftest import graded, seed_of_family
from tests.personas import make_user

pytestmark = pytest.mark.django_db


def _learnt_days_ago(user: User, days: int, kind: str = "ou-total") -> None:
    then = timezone.now() - dt.timedelta(days=days, minutes=20)
    graded(user, kind, answered_at=then)
    graded(user, kind, answered_at=then + dt.timedelta(minutes=15))


def test_the_home_shows_what_is_due_today_first(client_for, team: Team, trainee: User) -> None:  # type: ignore[no-untyped-def]
    _learnt_days_ago(trainee, 10)
    page = client_for("trainee").get("/").content.decode()
    assert "Due for review today" in page
    assert page.index("Due for review today") < page.index("Your next step")
    assert "Announce the total" in page
    assert 'name="kind" value="ou-total"' in page.split("Due for review today")[1].split("Your next step")[0]


def test_nothing_due_says_so(client_for, team: Team, trainee: User) -> None:  # type: ignore[no-untyped-def]
    _learnt_days_ago(trainee, 0)  # learnt just now: due again in a few days
    page = client_for("trainee").get("/").content.decode()
    assert "Nothing is due for review today." in page


def test_the_team_panel_forecasts_forgetting_and_flags_leeches(client_for, team: Team, trainee: User) -> None:  # type: ignore[no-untyped-def]
    _learnt_days_ago(trainee, 12, "js-settle-dealer-22")
    seed = seed_of_family("js-settle-dealer-22", "22-push", "hard")
    FamilyCard.objects.filter(user=trainee).update(lapses=5)
    graded(trainee, "js-settle-dealer-22", seed=seed, difficulty="hard", grade=False)
    client = client_for("supervisor")
    dashboard = client.get(f"/progress/teams/{team.pk}/").content.decode()
    assert f'hx-get="/learning/teams/{team.pk}/"' in dashboard
    panel = client.get(f"/learning/teams/{team.pk}/", headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in panel  # a fragment for htmx
    assert "Likely to forget before" in panel
    assert "Tina Trainee" in panel
    assert "Keeps slipping" in panel
    assert "Dealer 22 (Jack Switch): " in panel  # the kind, its game and its family, in words
    full = client.get(f"/learning/teams/{team.pk}/").content.decode()
    assert "<html" in full
    assert "Back to the team dashboard" in full


def test_the_panel_queries_do_not_grow_with_the_team(
    casino,
    supervisor: User,
    client_for,  # type: ignore[no-untyped-def]
    django_assert_max_num_queries,
) -> None:
    team = Team.objects.create(property=casino, name="Big")
    team.supervisors.add(supervisor)
    people = [make_user(f"t{n}", Role.TRAINEE, casino) for n in range(12)]
    team.members.add(*people)
    for person in people[:6]:
        _learnt_days_ago(person, 9)
    client = client_for("supervisor")
    client.get("/progress/teams/")
    with django_assert_max_num_queries(14):
        page = client.get(f"/learning/teams/{team.pk}/", headers={"HX-Request": "true"})
    assert page.status_code == 200


def test_the_panel_is_for_the_teams_leaders(client_for, team: Team, other_team: Team) -> None:  # type: ignore[no-untyped-def]
    assert client_for("trainee").get(f"/learning/teams/{team.pk}/").status_code == 403
    assert client_for("supervisor").get(f"/learning/teams/{other_team.pk}/").status_code == 404
    assert client_for("outsider").get(f"/learning/teams/{team.pk}/").status_code == 404
    assert client_for("staff").get(f"/learning/teams/{other_team.pk}/").status_code == 200


def test_the_trainee_page_shows_recall_per_family(client_for, team: Team, trainee: User) -> None:  # type: ignore[no-untyped-def]
    _learnt_days_ago(trainee, 3)
    with time_machine.travel(timezone.now(), tick=False):
        page = client_for("supervisor").get(f"/progress/trainees/{trainee.pk}/").content.decode()
    assert "Memory per skill family" in page
    section = page.split('id="memory"')[1]
    assert "Announce the total" in section
    assert " %" in section
