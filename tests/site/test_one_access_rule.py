"""One access rule (drills.access), the same on every page, API endpoint, export and
admin list. The case the two old copies disagreed on: a supervisor listed on a team of
*another* property. The rule: a supervisor sees their own teams, and only within their
own property; staff their property; a superuser everything; a trainee themselves."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.test import Client

from drills import access
from drills.models import Attempt, Property, Role, Team, User
from tests.personas import make_user
from tests.progress.conftest import grade_attempt

pytestmark = pytest.mark.django_db

PERSONAS = ["anonymous", "trainee", "supervisor", "other_supervisor", "staff", "superuser"]


@dataclass
class World:
    casino: Property
    other_casino: Property
    team_a: Team  # casino: the supervisor's team (trainee, teammate)
    team_b: Team  # casino: a team the supervisor does not lead (stranger)
    team_x: Team  # other casino: the other supervisor's team (outsider); the supervisor is wrongly listed on it
    people: dict[str, User]
    attempts: dict[str, Attempt]


@pytest.fixture
def world(db: None) -> World:
    casino = Property.objects.create(name="Casino", slug="casino")
    other = Property.objects.create(name="Other Casino", slug="other")
    people = {
        "trainee": make_user("trainee", Role.TRAINEE, casino),
        "teammate": make_user("teammate", Role.TRAINEE, casino),
        "stranger": make_user("stranger", Role.TRAINEE, casino),
        "outsider": make_user("outsider", Role.TRAINEE, other),
        "supervisor": make_user("supervisor", Role.SUPERVISOR, casino),
        "other_supervisor": make_user("other_supervisor", Role.SUPERVISOR, other),
        "staff": make_user("staff", Role.STAFF, casino),
        "superuser": make_user("superuser", Role.STAFF, None, is_superuser=True),
    }
    team_a = Team.objects.create(property=casino, name="Team A")
    team_a.members.add(people["trainee"], people["teammate"])
    team_a.supervisors.add(people["supervisor"])
    team_b = Team.objects.create(property=casino, name="Team B")
    team_b.members.add(people["stranger"])
    team_x = Team.objects.create(property=other, name="Team X")
    team_x.members.add(people["outsider"])
    team_x.supervisors.add(people["other_supervisor"], people["supervisor"])  # the cross-property listing
    attempts = {name: grade_attempt(people[name]) for name in ("trainee", "stranger", "outsider")}
    return World(casino, other, team_a, team_b, team_x, people, attempts)


def names(queryset: object) -> set[str]:
    return {str(getattr(item, "username", None) or item.name) for item in queryset}  # type: ignore[attr-defined]


# --- the rule itself -------------------------------------------------------------------------


def test_visible_teams_by_role(world: World) -> None:
    p = world.people
    assert names(access.visible_teams(p["trainee"])) == set()
    assert names(access.visible_teams(p["supervisor"])) == {"Team A"}  # not Team X: another property
    assert names(access.visible_teams(p["other_supervisor"])) == {"Team X"}
    assert names(access.visible_teams(p["staff"])) == {"Team A", "Team B"}
    assert names(access.visible_teams(p["superuser"])) == {"Team A", "Team B", "Team X"}


def test_visible_trainees_by_role(world: World) -> None:
    p = world.people
    assert names(access.visible_trainees(p["trainee"])) == {"trainee"}
    assert names(access.visible_trainees(p["supervisor"])) == {"supervisor", "trainee", "teammate"}
    assert names(access.visible_trainees(p["other_supervisor"])) == {"other_supervisor", "outsider"}
    assert names(access.visible_trainees(p["staff"])) == {
        "trainee", "teammate", "stranger", "supervisor", "staff"
    }
    assert names(access.visible_trainees(p["superuser"])) == set(p)


def test_visible_candidates_are_the_visible_trainees_who_sit_exams(world: World) -> None:
    p = world.people
    assert names(access.visible_candidates(p["trainee"])) == set()
    assert names(access.visible_candidates(p["supervisor"])) == {"trainee", "teammate"}
    assert names(access.visible_candidates(p["staff"])) == {"trainee", "teammate", "stranger"}
    assert names(access.visible_candidates(p["superuser"])) == {"trainee", "teammate", "stranger", "outsider"}


def test_a_supervisor_or_staff_without_a_property_sees_only_themselves(world: World) -> None:
    for role in (Role.SUPERVISOR, Role.STAFF):
        loose = make_user(f"loose-{role}", role, None)
        world.team_a.supervisors.add(loose)
        assert names(access.visible_teams(loose)) == set()
        assert names(access.visible_trainees(loose)) == {loose.username}


def test_a_member_of_another_property_on_a_team_is_not_shown(world: World) -> None:
    """The admin refuses it, but a bad import could put one there: the rule still holds."""
    world.team_a.members.add(world.people["outsider"])
    assert "outsider" not in names(access.visible_trainees(world.people["supervisor"]))


# --- every door ------------------------------------------------------------------------------


def client_for(world: World, persona: str) -> Client:
    client = Client()
    if persona != "anonymous":
        client.force_login(world.people[persona])
    return client


def urls(world: World) -> dict[str, str]:
    p, a = world.people, world.attempts
    return {
        "progress-mine": "/progress/",
        "trainee-own-team": f"/progress/trainees/{p['trainee'].pk}/",
        "trainee-other-team": f"/progress/trainees/{p['stranger'].pk}/",
        "trainee-other-casino": f"/progress/trainees/{p['outsider'].pk}/",
        "csv-other-casino": f"/progress/trainees/{p['outsider'].pk}/attempts.csv",
        "replay-other-casino": f"/progress/attempts/{a['outsider'].scenario.public_id}/",
        "teams": "/progress/teams/",
        "team-a": f"/progress/teams/{world.team_a.pk}/",
        "team-b": f"/progress/teams/{world.team_b.pk}/",
        "team-x": f"/progress/teams/{world.team_x.pk}/",
        "team-x-csv": f"/progress/teams/{world.team_x.pk}/progress.csv",
        "items-team-x": f"/progress/items/?team={world.team_x.pk}",
        "api-teams": "/api/v1/progress/teams/",
        "api-team-a": f"/api/v1/progress/teams/{world.team_a.pk}/",
        "api-team-x": f"/api/v1/progress/teams/{world.team_x.pk}/",
        "exam-results": "/exams/results/",
        "exam-results-csv": "/exams/results.csv",
        "rule-sets": "/rule-sets/",
        "admin-users": "/admin/drills/user/",
        "admin-attempts": "/admin/drills/attempt/",
    }


# anonymous, trainee, supervisor, other_supervisor, staff, superuser
EXPECTED = {
    "progress-mine": [302, 200, 200, 200, 200, 200],
    "trainee-own-team": [302, 200, 200, 404, 200, 200],
    "trainee-other-team": [302, 404, 404, 404, 200, 200],
    "trainee-other-casino": [302, 404, 404, 200, 404, 200],
    "csv-other-casino": [302, 404, 404, 200, 404, 200],
    "replay-other-casino": [302, 404, 404, 200, 404, 200],
    "teams": [302, 403, 200, 200, 200, 200],
    "team-a": [302, 403, 200, 404, 200, 200],
    "team-b": [302, 403, 404, 404, 200, 200],
    "team-x": [302, 403, 404, 200, 404, 200],
    "team-x-csv": [302, 403, 404, 200, 404, 200],
    "items-team-x": [302, 403, 404, 200, 404, 200],
    "api-teams": [401, 403, 200, 200, 200, 200],
    "api-team-a": [401, 403, 200, 404, 200, 200],
    "api-team-x": [401, 403, 404, 200, 404, 200],
    "exam-results": [302, 403, 200, 200, 200, 200],
    "exam-results-csv": [302, 403, 200, 200, 200, 200],
    "rule-sets": [302, 403, 403, 403, 200, 200],
    "admin-users": [302, 302, 302, 302, 200, 200],
    "admin-attempts": [302, 302, 302, 302, 200, 200],
}


@pytest.mark.parametrize("name", EXPECTED)
@pytest.mark.parametrize("persona", PERSONAS)
def test_status_by_persona(world: World, persona: str, name: str) -> None:
    response = client_for(world, persona).get(urls(world)[name])
    assert response.status_code == EXPECTED[name][PERSONAS.index(persona)]
    if response.status_code == 302:
        assert "/login/" in response["Location"]


TEAMS_SEEN = {
    "supervisor": {"Team A"},
    "other_supervisor": {"Team X"},
    "staff": {"Team A", "Team B"},
    "superuser": {"Team A", "Team B", "Team X"},
}


@pytest.mark.parametrize("persona", TEAMS_SEEN)
def test_team_lists_show_exactly_the_visible_teams(world: World, persona: str) -> None:
    client = client_for(world, persona)
    api = {team["name"] for team in client.get("/api/v1/progress/teams/").json()}
    assert api == TEAMS_SEEN[persona]
    for page in ("/progress/teams/", "/", "/progress/items/"):
        html = client.get(page).content.decode()
        shown = {name for name in ("Team A", "Team B", "Team X") if name in html}
        assert shown == TEAMS_SEEN[persona], page


def test_exam_results_list_only_visible_candidates(world: World) -> None:
    html = client_for(world, "supervisor").get("/exams/results/").content.decode()
    assert "Outsider" not in html
    assert "Stranger" not in html


def test_admin_lists_keep_to_the_staff_property(world: World) -> None:
    html = client_for(world, "staff").get("/admin/drills/user/").content.decode()
    assert ">outsider<" not in html
    assert ">other_supervisor<" not in html
    assert ">stranger<" in html
    attempts = client_for(world, "staff").get("/admin/drills/attempt/").content.decode()
    assert "outsider" not in attempts
    assert "stranger" in attempts


def test_me_lists_only_the_supervisors_teams_of_their_property(world: World) -> None:
    me = client_for(world, "supervisor").get("/api/v1/me/").json()
    assert [team["name"] for team in me["supervised_teams"]] == ["Team A"]


# --- a member who moved property ---------------------------------------------------------------
# A trainee of Team A moved to the other casino while still on the team (the admin refuses a
# member of another property, but a move of the person keeps their memberships). Every page,
# API and export that lists a team's members lists those of the team's property only.


@pytest.fixture
def moved(world: World) -> User:
    from drills.exams import services as exams
    from drills.learning import services as learning
    from tests.exams.conftest import answer_all, make_blueprint

    person = make_user("moved", Role.TRAINEE, world.casino, first_name="Zebedee", last_name="Moved")
    world.team_a.members.add(person)
    grade_attempt(person, "bj-payout")  # a skill of their own: a column of its own on the dashboard
    sitting = exams.start_sitting(person, make_blueprint(world.casino)).sitting
    answer_all(sitting)
    exams.submit_sitting(sitting)
    learning.create_assignment(
        by=world.people["supervisor"], goal="skills", due_on=dt.date.today() + dt.timedelta(days=7),
        skills=["ou-total"], team=world.team_a,
    )
    person.property = world.other_casino
    person.save()
    return person


def test_team_members_are_those_of_the_teams_property(world: World, moved: User) -> None:
    assert names(access.team_members(world.team_a)) == {"trainee", "teammate"}
    assert names(access.teams_of(moved)) == set()
    assert names(access.teams_of(world.people["trainee"])) == {"Team A"}
    counts = {team.name: team.member_count for team in access.with_member_counts(Team.objects.all())}
    assert counts == {"Team A": 2, "Team B": 1, "Team X": 1}
    (team_a,) = access.with_listed_members(Team.objects.filter(pk=world.team_a.pk))
    assert [member.username for member in team_a.listed_members] == ["teammate", "trainee"]


@pytest.mark.parametrize("persona", ["supervisor", "staff", "superuser"])
def test_a_member_who_moved_property_is_listed_nowhere_on_the_team(world: World, moved: User, persona: str) -> None:
    client, a = client_for(world, persona), world.team_a.pk
    pages = {
        "dashboard": f"/progress/teams/{a}/",
        "team csv": f"/progress/teams/{a}/progress.csv",
        "learning panel": f"/learning/teams/{a}/",
        "exam results csv by team": f"/exams/results.csv?team={a}",
        "assignments": "/learning/assignments/",
        "home": "/",
    }
    if persona != "superuser":  # the page's certification table lists every person a superuser sees
        pages["exam results by team"] = f"/exams/results/?team={a}"
    for label, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, label
        body = b"".join(response.streaming_content) if response.streaming else response.content  # type: ignore[attr-defined]
        text = body.decode()
        assert "Zebedee" not in text, label
        assert "moved" not in text.lower().replace("removed", ""), label
    if persona == "superuser":  # the team's dashboard holds the staying members only
        assert "Trainee" in client.get(f"/progress/teams/{a}/").content.decode()
    api = client.get(f"/api/v1/progress/teams/{a}/").json()
    assert {row["username"] for row in api["trainees"]} == {"trainee", "teammate"}
    assert api["team"]["members"] == 2
    assert all(cell["answers"] == 0 for row in api["trainees"] for cell in row["skills"] if cell["kind"] == "bj-payout")
    counts = {team["name"]: team["members"] for team in client.get("/api/v1/progress/teams/").json()}
    assert counts["Team A"] == 2
    assert "2 members" in client.get("/progress/teams/").content.decode()
    assignment = client.get("/learning/assignments/").content.decode()
    assert "Team A" in assignment


def test_the_team_admin_counts_the_listed_members(world: World, moved: User) -> None:
    html = client_for(world, "staff").get("/admin/drills/team/").content.decode()
    assert '<td class="field-member_count">2</td>' in html


def test_a_member_who_moved_does_not_see_the_old_team(world: World, moved: User) -> None:
    html = client_for(world, "superuser").get("/").content.decode()
    assert "Team A" in html
    client = Client()
    client.force_login(moved)
    assert "Team A" not in client.get("/").content.decode()
    assert client.get("/api/v1/me/").json()["teams"] == []
    assert [t["name"] for t in client_for(world, "trainee").get("/api/v1/me/").json()["teams"]] == ["Team A"]


# --- no access logic outside drills.access -------------------------------------------------------

ACCESS_LOGIC = re.compile(
    r"is_superuser\b(?!\")|\.members\b|members__|__members\b|Team\.members|__teams\b|\bteams__|"
    r"property_id=(user|viewer|request\.user)\.property_id"
)
# Reads that are not access decisions: a property's own settings looked up for the user; the
# house-rules editor's shape for a superuser (a property column, a property picker) once
# drills.access has decided which rule sets and properties they may edit.
NOT_ACCESS = (
    "KindTarget.objects", "TableChips.objects",
    '"show_property": user.is_superuser', "properties if user.is_superuser else None",
)
SHAPE_ONLY = {
    "drills/house_rules/views.py": ("    if not user.is_superuser:\n        rule_set.property = properties.get()",),
}
OUTSIDE = ("drills/access.py", "drills/admin.py", "drills/exams/admin.py", "drills/progress/admin.py",
           "drills/models/", "drills/services/demo.py", "drills/learning/demo.py", "/migrations/", "/management/")


def test_no_access_logic_outside_the_access_module() -> None:
    """Who sees what, whose team lists whom: pages, API, exports and selectors ask
    ``drills.access`` (the admin's lists ask it through ``PropertyScopedAdmin``)."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for path in sorted((root / "drills").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if any(part in name for part in OUTSIDE):
            continue
        text = path.read_text()
        for shape in SHAPE_ONLY.get(name, ()):
            text = text.replace(shape, "")
        for number, line in enumerate(text.splitlines(), 1):
            if ACCESS_LOGIC.search(line) and not any(ok in line for ok in NOT_ACCESS):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []
