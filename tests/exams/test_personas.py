"""Every exam page and endpoint, for every persona: candidate, another candidate (another
team), the candidate's supervisor, another team's supervisor, staff, staff of another
casino (outsider), anonymous. Lists and exports leak no foreign rows."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

import pytest
from django.test import Client

from drills.exams.models import Blueprint, Sitting
from tests.exams.conftest import make_user

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
PERSONAS = ["candidate", "other_candidate", "supervisor", "other_supervisor", "staff", "outsider", "anonymous"]
LOGIN = 302  # pages send the anonymous to the sign-in page


def expect(**statuses: int) -> list[tuple[str, int]]:
    assert set(statuses) == set(PERSONAS)
    return list(statuses.items())


@pytest.fixture
def world(personas, blueprint: Blueprint, sitting: Sitting, passed_sitting: Sitting) -> dict[str, object]:
    return {"blueprint": blueprint, "open": sitting, "passed": passed_sitting}


def url(template: str, world: dict[str, object]) -> str:
    blueprint = world["blueprint"]
    open_sitting = world["open"]
    passed = world["passed"]
    assert isinstance(blueprint, Blueprint)
    assert isinstance(open_sitting, Sitting)
    assert isinstance(passed, Sitting)
    return template.format(
        bp=blueprint.pk,
        open=open_sitting.public_id,
        passed=passed.public_id,
        code=passed.result.certificate.code,
    )


PAGES = [
    ("/exams/", expect(candidate=200, other_candidate=200, supervisor=403, other_supervisor=403, staff=403,
                       outsider=403, anonymous=LOGIN)),
    ("/exams/{bp}/start/", expect(candidate=302, other_candidate=200, supervisor=403, other_supervisor=403,
                                  staff=403, outsider=403, anonymous=LOGIN)),
    ("/exams/sittings/{open}/", expect(candidate=200, other_candidate=404, supervisor=403, other_supervisor=403,
                                       staff=403, outsider=403, anonymous=LOGIN)),
    ("/exams/sittings/{open}/submit/", expect(candidate=200, other_candidate=404, supervisor=403,
                                              other_supervisor=403, staff=403, outsider=403, anonymous=LOGIN)),
    ("/exams/sittings/{passed}/result/", expect(candidate=200, other_candidate=404, supervisor=403,
                                                other_supervisor=403, staff=403, outsider=403, anonymous=LOGIN)),
    ("/exams/sittings/{passed}/certificate.pdf", expect(candidate=200, other_candidate=404, supervisor=200,
                                                        other_supervisor=404, staff=200, outsider=404,
                                                        anonymous=LOGIN)),
    ("/exams/results/", expect(candidate=403, other_candidate=403, supervisor=200, other_supervisor=200, staff=200,
                               outsider=200, anonymous=LOGIN)),
    ("/exams/results.csv", expect(candidate=403, other_candidate=403, supervisor=200, other_supervisor=200,
                                  staff=200, outsider=200, anonymous=LOGIN)),
    ("/exams/results/{passed}/", expect(candidate=403, other_candidate=403, supervisor=200, other_supervisor=404,
                                        staff=200, outsider=404, anonymous=LOGIN)),
    ("/exams/results/{open}/", expect(candidate=403, other_candidate=403, supervisor=200, other_supervisor=404,
                                      staff=200, outsider=404, anonymous=LOGIN)),
    ("/exams/blueprints/", expect(candidate=403, other_candidate=403, supervisor=403, other_supervisor=403,
                                  staff=200, outsider=200, anonymous=LOGIN)),
    ("/exams/blueprints/new/", expect(candidate=403, other_candidate=403, supervisor=403, other_supervisor=403,
                                      staff=200, outsider=200, anonymous=LOGIN)),
    ("/exams/blueprints/{bp}/", expect(candidate=403, other_candidate=403, supervisor=403, other_supervisor=403,
                                       staff=200, outsider=404, anonymous=LOGIN)),
    ("/exams/verify/", expect(candidate=200, other_candidate=200, supervisor=200, other_supervisor=200, staff=200,
                              outsider=200, anonymous=200)),
    ("/exams/verify/{code}/", expect(candidate=200, other_candidate=200, supervisor=200, other_supervisor=200,
                                     staff=200, outsider=200, anonymous=200)),
]


def _check(outcomes: list[tuple[str, int, int]]) -> None:
    wrong = [f"{where}: {got} (expected {want})" for where, got, want in outcomes if got != want]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("persona", PERSONAS)
def test_pages_by_persona(client_for: Persona, world, persona: str) -> None:
    client = client_for(persona)
    outcomes = []
    for template, statuses in PAGES:
        response = client.get(url(template, world))
        want = dict(statuses)[persona]
        outcomes.append((template, response.status_code, want))
        if persona == "anonymous" and want == LOGIN:
            assert response["Location"].startswith("/login/")
    _check(outcomes)


WRITES = [
    ("/exams/{bp}/start/", {}, expect(candidate=302, other_candidate=302, supervisor=403, other_supervisor=403,
                                      staff=403, outsider=403, anonymous=LOGIN)),
    ("/exams/sittings/{open}/items/1/", {"total": "20"},
     expect(candidate=200, other_candidate=404, supervisor=403, other_supervisor=403, staff=403, outsider=403,
            anonymous=LOGIN)),
    ("/exams/sittings/{open}/submit/", {}, expect(candidate=302, other_candidate=404, supervisor=403,
                                                  other_supervisor=403, staff=403, outsider=403, anonymous=LOGIN)),
]


@pytest.mark.parametrize("persona", PERSONAS)
def test_page_writes_by_persona(client_for: Persona, world, persona: str) -> None:
    client = client_for(persona)
    outcomes = []
    for template, data, statuses in WRITES:  # in order: start, autosave, submit
        response = client.post(url(template, world), data, HTTP_HX_REQUEST="true")
        outcomes.append((template, response.status_code, dict(statuses)[persona]))
    _check(outcomes)


API = [
    ("get", "/api/v1/exams/", None, expect(candidate=200, other_candidate=200, supervisor=403, other_supervisor=403,
                                           staff=403, outsider=403, anonymous=401)),
    ("post", "/api/v1/exams/{bp}/start/", {}, expect(candidate=200, other_candidate=201, supervisor=403,
                                                     other_supervisor=403, staff=403, outsider=403, anonymous=401)),
    ("get", "/api/v1/exams/sittings/{open}/", None, expect(candidate=200, other_candidate=404, supervisor=403,
                                                           other_supervisor=403, staff=403, outsider=403,
                                                           anonymous=401)),
    ("put", "/api/v1/exams/sittings/{open}/items/1/answer/", {"answer": {"total": 20}},
     expect(candidate=200, other_candidate=404, supervisor=403, other_supervisor=403, staff=403, outsider=403,
            anonymous=401)),
    ("get", "/api/v1/exams/sittings/{passed}/result/", None,
     expect(candidate=200, other_candidate=404, supervisor=403, other_supervisor=403, staff=403, outsider=403,
            anonymous=401)),
    ("post", "/api/v1/exams/sittings/{open}/submit/", {},
     expect(candidate=200, other_candidate=404, supervisor=403, other_supervisor=403, staff=403, outsider=403,
            anonymous=401)),
]


@pytest.mark.parametrize("persona", PERSONAS)
def test_api_by_persona(client_for: Persona, world, persona: str) -> None:
    client = client_for(persona)
    outcomes = []
    for method, template, body, statuses in API:  # in order: submit last
        call = getattr(client, method)
        target = url(template, world)
        response = call(target, body, content_type="application/json") if body is not None else call(target)
        want = dict(statuses)[persona]
        outcomes.append((f"{method} {template}", response.status_code, want))
        if response.status_code >= 400:
            payload = response.json()
            assert list(payload) == ["errors"]
            assert all(isinstance(messages, list) and messages for messages in payload["errors"].values())
    _check(outcomes)


def test_a_trainee_of_another_casino_sees_no_exam_of_ours(world, other_casino) -> None:
    stranger = make_user("stranger", "trainee", other_casino)
    client = Client()
    client.force_login(stranger)
    assert client.get("/exams/").context["choices"] == []
    assert client.get(url("/exams/{bp}/start/", world)).status_code == 404
    assert client.post(url("/exams/{bp}/start/", world)).status_code == 404
    assert client.get("/api/v1/exams/").json() == []
    assert client.post(url("/api/v1/exams/{bp}/start/", world), {}, content_type="application/json").status_code == 404


def _csv_rows(response) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.mark.parametrize(
    ("persona", "sees_candidate"),
    [("supervisor", True), ("other_supervisor", False), ("staff", True), ("outsider", False)],
)
def test_results_and_csv_show_only_visible_people(client_for: Persona, world, persona, sees_candidate) -> None:
    client = client_for(persona)
    page = client.get("/exams/results/")
    names = {s.candidate.username for s in page.context["sittings"]}
    people = {person.username for person, _ in page.context["rows"]}
    assert ("cara" in names) is sees_candidate
    assert ("cara" in people) is sees_candidate
    rows = _csv_rows(client.get("/exams/results.csv"))
    assert ("cara" in {row["candidate"] for row in rows}) is sees_candidate
    if persona == "other_supervisor":
        assert names <= {"otis"}
    if persona == "outsider":
        assert rows == []
        assert names == set()


def test_csv_has_the_audit_columns_and_hides_the_seed_of_an_open_sitting(client_for: Persona, world) -> None:
    rows = {row["status"]: row for row in _csv_rows(client_for("supervisor").get("/exams/results.csv"))}
    passed = world["passed"]
    assert isinstance(passed, Sitting)
    assert rows["submitted"]["form_seed"] == str(passed.form_seed)
    assert rows["submitted"]["passed"] == "yes"
    assert rows["submitted"]["certificate"] == "valid"
    assert rows["open"]["form_seed"] == ""
    assert rows["open"]["score_percent"] == ""


@pytest.mark.parametrize(
    ("query", "field"),
    [("exam=abc", "exam"), ("exam=999999", "exam"), ("team=x", "team"), ("outcome=maybe", "outcome"),
     ("status=lost", "status")],
)
def test_a_bad_results_filter_is_a_400_naming_it(client_for: Persona, world, query: str, field: str) -> None:
    client = client_for("staff")
    page = client.get(f"/exams/results/?{query}")
    assert page.status_code == 400
    assert field in page.context["form"].errors
    export = client.get(f"/exams/results.csv?{query}")
    assert export.status_code == 400
    assert field in export.content.decode()


def test_a_supervisor_cannot_filter_to_a_foreign_team(client_for: Persona, world, teams) -> None:
    _, team_b = teams
    assert client_for("supervisor").get(f"/exams/results/?team={team_b.pk}").status_code == 400


ADMIN_LISTS = ["blueprint", "blueprintversion", "sitting", "sittingresult", "certificate"]


@pytest.mark.parametrize("persona", PERSONAS)
def test_admin_exam_lists_by_persona(client_for: Persona, world, persona: str) -> None:
    """Staff see their property's exam records in the admin; staff of another casino see the
    lists but none of our rows; everyone else is sent to the admin's sign-in."""
    client = client_for(persona)
    for model in ADMIN_LISTS:
        response = client.get(f"/admin/exams/{model}/")
        if persona in ("staff", "outsider"):
            assert response.status_code == 200, model
            shown = response.context["cl"].result_count
            assert (shown > 0) is (persona == "staff"), model
        else:
            assert response.status_code == 302, model
            assert "/admin/login/" in response["Location"]
