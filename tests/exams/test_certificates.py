"""Certificates: the PDF, the public verification page (nothing else shown), revoking;
certification status per trainee and game."""

from __future__ import annotations

import pytest
from django.test import Client

from drills import access, compiled_sql
from drills.exams import services
from drills.exams.models import Certificate, Sitting
from drills.exams.selectors import _sittings_with_outcome, _team_sittings_with_outcome, certification_status
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def certificate(passed_sitting: Sitting) -> Certificate:
    return passed_sitting.result.certificate


def test_the_pdf_names_trainee_game_date_property_and_code(client_for, passed_sitting, certificate) -> None:
    response = client_for("candidate").get(f"/exams/sittings/{passed_sitting.public_id}/certificate.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    pdf = response.content
    assert pdf.startswith(b"%PDF")
    for text in ("Cara Tester", "Over/Under 26 Joker", "Exam Casino", certificate.code,
                 f"{certificate.exam_date:%d %B %Y}", f"/exams/verify/{certificate.code}/"):
        assert text.encode() in pdf, text


def test_the_pdf_is_in_the_holders_language(client_for, candidate, passed_sitting, certificate) -> None:
    candidate.language = "es"
    candidate.save(update_fields=["language"])
    pdf = client_for("candidate").get(f"/exams/sittings/{passed_sitting.public_id}/certificate.pdf").content
    for text in ("Se certifica que", "ha aprobado el examen", "Exam Casino", certificate.code):
        assert text.encode() in pdf, text
    assert b"This certifies that" not in pdf


def test_codes_are_long_random_and_unique(candidate, other_candidate, casino, teams) -> None:
    codes = set()
    for person in (candidate, other_candidate):
        blueprint = make_blueprint(casino, f"Exam for {person.username}")
        sitting = services.start_sitting(person, blueprint).sitting
        answer_all(sitting)
        codes.add(finish_and_grade(sitting).result.certificate.code)
    assert len(codes) == 2
    assert all(len(code) >= 24 for code in codes)


def test_the_verification_page_shows_only_what_the_certificate_says(certificate) -> None:
    page = Client().get(f"/exams/verify/{certificate.code}/")
    assert page.status_code == 200
    assert page["X-Robots-Tag"] == "noindex"
    text = page.content.decode()
    for shown in ("Cara Tester", "Over/Under 26 Joker", "Exam Casino", "Valid certificate"):
        assert shown in text
    main = text.split('<main class="content">')[1]
    seed = str(certificate.result.sitting.form_seed)
    for hidden in ("cara", "%", "score", "Score", "attempt", "Over/Under 26 final", seed):
        assert hidden not in main, hidden


def test_a_form_takes_a_code_and_an_unknown_code_is_a_404() -> None:
    client = Client()
    assert client.get("/exams/verify/?code=%20abc%20").headers["Location"] == "/exams/verify/abc/"
    response = client.get("/exams/verify/abc/")
    assert response.status_code == 404
    assert "No certificate has this code" in response.content.decode()
    assert client.get("/exams/verify/" + "x" * 80 + "/").status_code == 404


def test_a_revoked_certificate_says_so(certificate, client_for, passed_sitting) -> None:
    services.revoke_certificate(certificate, "cheating")
    page = Client().get(f"/exams/verify/{certificate.code}/").content.decode()
    assert "Revoked certificate" in page
    assert "cheating" not in page  # the reason is not public
    status = certification_status([passed_sitting.candidate])[passed_sitting.candidate_id]["over-under-26"]
    assert status == "revoked"


def test_admin_staff_revoke_certificates_of_their_property(client_for, certificate) -> None:
    chosen = {"action": "revoke", "_selected_action": [certificate.pk]}
    response = client_for("staff").post(
        "/admin/exams/certificate/", chosen | {"apply": "1", "reason": "Licence withdrawn"}, follow=True
    )
    assert response.status_code == 200
    certificate.refresh_from_db()
    assert certificate.revoked_at is not None
    outsider = client_for("outsider").get("/admin/exams/certificate/")
    assert certificate.holder_name not in outsider.content.decode()


def test_no_certificate_for_a_failed_sitting(client_for, candidate, casino, teams) -> None:
    blueprint = make_blueprint(casino, "Hard", pass_percent=100)
    sitting = services.start_sitting(candidate, blueprint).sitting
    answer_all(sitting, right=False)
    finish_and_grade(sitting)
    assert not Certificate.objects.exists()
    assert client_for("candidate").get(f"/exams/sittings/{sitting.public_id}/certificate.pdf").status_code == 404


def test_certification_status_per_trainee_and_game(candidate, other_candidate, casino, django_assert_num_queries):
    third = other_candidate.__class__.objects.create(username="third", role="trainee", property=casino)
    passed = make_blueprint(casino, "Pass me")
    sitting = services.start_sitting(candidate, passed).sitting
    answer_all(sitting)
    finish_and_grade(sitting)
    failing = make_blueprint(casino, "Fail me", pass_percent=100)
    failed = services.start_sitting(other_candidate, failing).sitting
    finish_and_grade(failed)
    services.start_sitting(other_candidate, passed)  # open: in progress
    with django_assert_num_queries(1):  # sittings with their results and certificates
        status = certification_status([candidate, other_candidate, third.pk])
    assert status[candidate.pk]["over-under-26"] == "certified"
    assert status[other_candidate.pk]["over-under-26"] == "in-progress"
    assert status[third.pk]["over-under-26"] == "not-attempted"
    assert set(status[candidate.pk]) == {"blackjack", "jack-switch", "pai-gow", "over-under-26"}
    assert status[candidate.pk]["blackjack"] == "not-attempted"


def test_failed_is_reported_when_nothing_better_exists(other_candidate, casino):
    failing = make_blueprint(casino, "Fail me", pass_percent=100)
    finish_and_grade(services.start_sitting(other_candidate, failing).sitting)
    assert certification_status([other_candidate])[other_candidate.pk]["over-under-26"] == "failed"


def test_status_is_on_the_trainee_home_and_the_results_page(client_for, passed_sitting) -> None:
    home = client_for("candidate").get("/")
    assert home.context["certifications"][-1] == ("Over/Under 26 Joker", "certified")
    assert "cert-certified" in home.content.decode()
    results = client_for("supervisor").get("/exams/results/")
    rows = dict((person.username, statuses) for person, statuses in results.context["rows"])
    assert "certified" in rows["cara"]


def test_a_teams_status_read_compiled_once_gives_the_orms_rows(
    candidate, other_candidate, casino, teams, django_assert_num_queries
):
    """``among=team``: the sittings query is compiled once (``drills.compiled_sql.TeamQuery``)
    and run with each team's keys; its rows are the ORM's, value for value, for either team,
    and a sitting of someone outside the team is left out."""
    passed = make_blueprint(casino, "Pass me")
    sitting = services.start_sitting(candidate, passed).sitting
    answer_all(sitting)
    finish_and_grade(sitting)
    services.start_sitting(other_candidate, passed)  # open: in progress
    team_a, team_b = teams
    for team, member, status in ((team_a, candidate, "certified"), (team_b, other_candidate, "in-progress")):
        orm = list(_sittings_with_outcome(access.team_member_ids(team)))
        with django_assert_num_queries(1):
            found = certification_status([member], among=team)
        assert found[member.pk]["over-under-26"] == status
        rows = compiled_sql.TeamQuery("certification_status:team", _team_sittings_with_outcome).rows(team)
        assert rows == orm
        assert len(rows) == 1
        assert [type(value) for value in rows[0]] == [type(value) for value in orm[0]]
