"""Who sees what: every role against every progress page, export, API endpoint and admin
list, including that lists and filters leak no foreign rows."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from drills.models import Attempt, Team, User
from tests.progress.conftest import grade_attempt

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
PERSONAS = ["anonymous", "trainee", "supervisor", "staff", "outsider"]


@pytest.fixture
def attempts(trainee: User, teammate: User, stranger: User, outsider_trainee: User) -> dict[str, Attempt]:
    """Each trainee answers a different (kind, difficulty), so any leak is visible."""
    return {
        "trainee": grade_attempt(
            trainee, "ou-total", difficulty="easy", correct=False, mistake_code="tina-m", mistake="tina slipped"
        ),
        "teammate": grade_attempt(teammate, "ou-total", difficulty="normal"),
        "stranger": grade_attempt(
            stranger, "ou-total", difficulty="hard", mistake_code="sam-m", mistake="sam slipped", correct=False
        ),
        "outsider": grade_attempt(
            outsider_trainee,
            "ou-settle",
            difficulty="easy",
            correct=False,
            mistake_code="olga-m",
            mistake="olga slipped",
        ),
    }


def urls(world: dict[str, Team], trainee: User, attempts: dict[str, Attempt]) -> dict[str, str]:
    team = world["team"].pk
    return {
        "mine": "/progress/",
        "trainee": f"/progress/trainees/{trainee.pk}/",
        "trainee-csv": f"/progress/trainees/{trainee.pk}/attempts.csv",
        "replay": f"/progress/attempts/{attempts['trainee'].scenario.public_id}/",
        "teams": "/progress/teams/",
        "team": f"/progress/teams/{team}/",
        "team-csv": f"/progress/teams/{team}/progress.csv",
        "items": "/progress/items/",
        "items-team": f"/progress/items/?team={team}",
        "api-me": "/api/v1/progress/me/",
        "api-teams": "/api/v1/progress/teams/",
        "api-team": f"/api/v1/progress/teams/{team}/",
    }


# anonymous, trainee, supervisor, staff, outsider (staff of another casino)
EXPECTED = {
    "mine": [302, 200, 200, 200, 200],
    "trainee": [302, 200, 200, 200, 404],
    "trainee-csv": [302, 200, 200, 200, 404],
    "replay": [302, 200, 200, 200, 404],
    "teams": [302, 403, 200, 200, 200],
    "team": [302, 403, 200, 200, 404],
    "team-csv": [302, 403, 200, 200, 404],
    "items": [302, 403, 200, 200, 200],
    "items-team": [302, 403, 200, 200, 404],
    "api-me": [401, 200, 200, 200, 200],
    "api-teams": [401, 403, 200, 200, 200],
    "api-team": [401, 403, 200, 200, 404],
}


@pytest.mark.parametrize("name", EXPECTED)
@pytest.mark.parametrize("persona", PERSONAS)
def test_status_by_role(
    client_for: Persona, world: dict[str, Team], trainee: User, attempts: dict[str, Attempt], name: str, persona: str
) -> None:
    url = urls(world, trainee, attempts)[name]
    response = client_for(persona).get(url)
    assert response.status_code == EXPECTED[name][PERSONAS.index(persona)]
    if response.status_code == 302:
        assert response["Location"].startswith("/login/")
    if name.startswith("api") and response.status_code >= 400:
        assert "errors" in response.json()


@pytest.mark.parametrize("url", ["/progress/", "/progress/teams/", "/api/v1/progress/me/"])
def test_writes_are_refused(client_for: Persona, url: str) -> None:
    assert client_for("supervisor").post(url).status_code == 405


def test_a_trainee_sees_only_themselves(
    client_for: Persona, teammate: User, stranger: User, attempts: dict[str, Attempt]
) -> None:
    client = client_for("trainee")
    assert client.get(f"/progress/trainees/{teammate.pk}/").status_code == 404
    assert client.get(f"/progress/trainees/{teammate.pk}/attempts.csv").status_code == 404
    assert client.get(f"/progress/attempts/{attempts['teammate'].scenario.public_id}/").status_code == 404
    page = client.get("/progress/").content.decode()
    assert "Teammate" not in page
    assert "Stranger" not in page
    csv = client.get(f"/progress/trainees/{attempts['trainee'].user_id}/attempts.csv").getvalue().decode()
    assert csv.count("\n") == 2  # header + their one attempt
    assert str(attempts["teammate"].scenario.public_id) not in csv


def test_a_supervisor_sees_only_their_teams_members(
    client_for: Persona, world: dict[str, Team], stranger: User, attempts: dict[str, Attempt]
) -> None:
    client = client_for("supervisor")
    other = world["other_team"].pk
    assert client.get(f"/progress/teams/{other}/").status_code == 404
    assert client.get(f"/progress/teams/{other}/progress.csv").status_code == 404
    assert client.get(f"/progress/items/?team={other}").status_code == 404
    assert client.get(f"/api/v1/progress/teams/{other}/").status_code == 404
    assert client.get(f"/progress/trainees/{stranger.pk}/").status_code == 404
    assert client.get(f"/progress/attempts/{attempts['stranger'].scenario.public_id}/").status_code == 404
    teams_page = client.get("/progress/teams/").content.decode()
    assert "Day shift" in teams_page
    assert "Night shift" not in teams_page
    assert "Outsider shift" not in teams_page
    assert [team["name"] for team in client.get("/api/v1/progress/teams/").json()] == ["Day shift"]
    # Item statistics without a filter: only the team's items (easy, normal), not the stranger's (hard).
    items = client.get("/progress/items/").content.decode()
    assert 'data-item="ou-total:easy"' in items
    assert 'data-item="ou-total:normal"' in items
    assert 'data-item="ou-total:hard"' not in items
    assert "ou-settle" not in items
    dashboard = client.get(f"/progress/teams/{world['team'].pk}/").content.decode()
    assert "Tina slipped" in dashboard  # a named mistake by its words (issue 14)
    assert "Sam slipped" not in dashboard
    assert "Olga slipped" not in dashboard


def test_staff_see_their_property_only(
    client_for: Persona, world: dict[str, Team], stranger: User, outsider_trainee: User, attempts: dict[str, Attempt]
) -> None:
    client = client_for("staff")
    assert client.get(f"/progress/teams/{world['other_team'].pk}/").status_code == 200
    assert client.get(f"/progress/trainees/{stranger.pk}/").status_code == 200
    assert client.get(f"/progress/teams/{world['outsider_team'].pk}/").status_code == 404
    assert client.get(f"/progress/trainees/{outsider_trainee.pk}/").status_code == 404
    assert client.get(f"/progress/attempts/{attempts['outsider'].scenario.public_id}/").status_code == 404
    names = [team["name"] for team in client.get("/api/v1/progress/teams/").json()]
    assert names == ["Day shift", "Night shift"]
    items = client.get("/progress/items/").content.decode()
    assert 'data-item="ou-total:hard"' in items
    assert "ou-settle" not in items
    assert client.get(f"/progress/items/?team={world['outsider_team'].pk}").status_code == 404
    outsider_items = client_for("outsider").get("/progress/items/").content.decode()
    assert 'data-item="ou-settle:easy"' in outsider_items
    assert "ou-total" not in outsider_items


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "1 OR 1=1"])
def test_a_bad_team_filter_is_a_400(client_for: Persona, value: str) -> None:
    assert client_for("supervisor").get("/progress/items/", {"team": value}).status_code == 400


def test_unknown_ids_are_404(client_for: Persona) -> None:
    client = client_for("staff")
    assert client.get("/progress/teams/999999/").status_code == 404
    assert client.get("/progress/trainees/999999/").status_code == 404
    assert client.get("/progress/attempts/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/api/v1/progress/teams/999999/").status_code == 404


def test_an_unanswered_scenario_cannot_be_replayed(client_for: Persona, trainee: User) -> None:
    from drills.kinds.base import Difficulty, get_kind
    from drills.practice.services import start_scenario

    stored, _ = start_scenario(trainee, get_kind("ou-total"), Difficulty.NORMAL)
    # The key must not leak before the answer: not even the trainee may replay it here.
    assert client_for("trainee").get(f"/progress/attempts/{stored.public_id}/").status_code == 404
    assert client_for("staff").get(f"/progress/attempts/{stored.public_id}/").status_code == 404


# --- The admin ------------------------------------------------------------------------

ADMIN_LISTS = [
    "/admin/drills/attempt/",
    "/admin/drills/drillscenario/",
    "/admin/progress/skillrollup/",
    "/admin/progress/dailytally/",
    "/admin/progress/traineesummary/",
    "/admin/progress/trainingpolicy/",
    "/admin/progress/kindtarget/",
]


@pytest.mark.parametrize("path", ADMIN_LISTS)
@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 302), ("trainee", 302), ("supervisor", 302), ("staff", 200), ("outsider", 200)],
)
def test_admin_lists_are_for_staff(
    client_for: Persona, attempts: dict[str, Attempt], path: str, persona: str, status: int
) -> None:
    assert client_for(persona).get(path).status_code == status


@pytest.mark.parametrize("path", ADMIN_LISTS[:5])
def test_admin_lists_and_filters_leak_nothing(
    client_for: Persona, attempts: dict[str, Attempt], outsider_trainee: User, path: str
) -> None:
    page = client_for("staff").get(path).content.decode()
    assert "tina" in page
    assert "olga" not in page  # neither in the rows nor in the trainee filter
    assert "Outsider shift" not in page  # nor in the team filter
    assert "Other Casino" not in page  # nor in the property filter
    # Asking for a foreign trainee by filter gives no rows.
    filtered = client_for("staff").get(path, {"user__id__exact": outsider_trainee.pk}).content.decode()
    assert "olga" not in filtered
    outsider_page = client_for("outsider").get(path).content.decode()
    assert "olga" in outsider_page
    assert "tina" not in outsider_page


def result_rows(response: object) -> str:
    """The admin changelist's result table only (not the filter sidebar)."""
    page = response.content.decode()  # type: ignore[attr-defined]
    start = page.index('id="result_list"')
    return page[start : page.index("</table>", start)]


def test_admin_filters_by_property_team_trainee_skill_and_date(
    client_for: Persona, world: dict[str, Team], trainee: User, attempts: dict[str, Attempt]
) -> None:
    client = client_for("staff")
    page = client.get("/admin/drills/attempt/").content.decode()
    for title in ["property", "team", "trainee", "kind", "answered at"]:
        assert f"By {title}" in page
    by_team = result_rows(client.get("/admin/drills/attempt/", {"user__teams__id__exact": world["team"].pk}))
    assert "(tina)" in by_team
    assert "(sam)" not in by_team
    by_kind = result_rows(client.get("/admin/drills/attempt/", {"kind": "ou-total", "difficulty": "hard"}))
    assert "(sam)" in by_kind
    assert "(tina)" not in by_kind
    rollups = client.get("/admin/progress/skillrollup/", {"user__id__exact": trainee.pk}).content.decode()
    assert "1 skill rollup" in rollups


def test_admin_attempts_are_read_only(client_for: Persona, attempts: dict[str, Attempt]) -> None:
    client = client_for("staff")
    attempt = attempts["trainee"]
    assert client.get(f"/admin/drills/attempt/{attempt.pk}/change/").status_code == 200  # view
    response = client.post(f"/admin/drills/attempt/{attempt.pk}/change/", {"correct": "true"})
    assert response.status_code == 403
    assert client.get(f"/admin/drills/attempt/{attempts['outsider'].pk}/change/").status_code == 302  # not found
