"""Certificates that expire and renew: the expiry date from the blueprint, valid / expired /
revoked on the public page, the QR code and facts on the PDF, recertification, revoking
with a reason (audited, staff of the property only), who expires in the next 30 days."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from drills.exams import services as exam_services
from drills.exams.errors import StartRefused
from drills.exams.models import Blueprint, Certificate
from drills.learning.models import CertificateEvent
from drills.learning.selectors import expiring_certificates
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint

pytestmark = pytest.mark.django_db


def _pass(candidate, blueprint: Blueprint) -> Certificate:  # type: ignore[no-untyped-def]
    sitting = exam_services.start_sitting(candidate, blueprint).sitting
    answer_all(sitting)
    return finish_and_grade(sitting).result.certificate


@pytest.fixture
def yearly(casino) -> Blueprint:  # type: ignore[no-untyped-def]
    blueprint = make_blueprint(casino, "Yearly Over/Under")
    Blueprint.objects.filter(pk=blueprint.pk).update(validity_days=365)
    blueprint.refresh_from_db()
    return blueprint


def test_a_pass_is_valid_for_the_blueprints_days(candidate, yearly: Blueprint) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    issued = timezone.localdate(certificate.issued_at)
    assert certificate.expires_on == issued + dt.timedelta(days=365)
    assert certificate.status(issued + dt.timedelta(days=365)) == "valid"
    assert certificate.status(issued + dt.timedelta(days=366)) == "expired"


def test_no_validity_means_no_expiry(candidate, casino) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, make_blueprint(casino, "For good"))
    assert certificate.expires_on is None
    assert certificate.status(dt.date(2099, 1, 1)) == "valid"


def test_the_public_page_says_valid_expired_or_revoked(candidate, yearly: Blueprint, staff) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    url = f"/exams/verify/{certificate.code}/"
    page = Client().get(url).content.decode()
    assert "Valid certificate" in page
    assert f"{certificate.expires_on:%-d %B %Y}" in page
    assert "Exam Casino dealer training" in page  # the issuer
    with time_machine.travel(timezone.now() + dt.timedelta(days=400)):
        assert "Expired certificate" in Client().get(url).content.decode()
    from drills.learning.services import revoke

    revoke(certificate, by=staff, reason="exam irregularity")
    page = Client().get(url).content.decode()
    assert "Revoked certificate" in page
    assert "irregularity" not in page


def test_the_pdf_has_score_dates_issuer_and_a_qr_code(client_for, candidate, yearly: Blueprint) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    sitting = certificate.result.sitting
    pdf = client_for("candidate").get(f"/exams/sittings/{sitting.public_id}/certificate.pdf").content
    for text in (
        f"with a score of {certificate.result.score_percent:.0f} %",
        f"valid until {certificate.expires_on:%d %B %Y}",
        "Exam Casino dealer training",
    ):
        assert text.encode() in pdf, text
    import segno

    modules = len(segno.make_qr(f"http://testserver/exams/verify/{certificate.code}/", error="m").matrix)
    assert pdf.count(b" re") > modules  # the QR code's dark modules are drawn as squares


def test_recertify_opens_thirty_days_before_expiry(candidate, yearly: Blueprint) -> None:  # type: ignore[no-untyped-def]
    first = _pass(candidate, yearly)
    with pytest.raises(StartRefused, match="passed"):
        exam_services.start_sitting(candidate, yearly)
    with time_machine.travel(timezone.now() + dt.timedelta(days=340)):
        renewal = _pass(candidate, yearly)
        assert renewal.expires_on > first.expires_on
        assert renewal.result.sitting.attempt_number == 2
        assert expiring_certificates([candidate.pk]) == []  # renewed: no longer "expiring"


def test_who_expires_in_the_next_30_days(candidate, yearly: Blueprint) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    assert expiring_certificates([candidate.pk]) == []
    with time_machine.travel(timezone.now() + dt.timedelta(days=340)):
        assert expiring_certificates([candidate.pk]) == [certificate]


def test_staff_revoke_with_a_reason_and_it_is_audited(client_for, candidate, yearly: Blueprint, staff) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    client = client_for("staff")
    url = f"/learning/certificates/{certificate.pk}/revoke/"
    empty = client.post(url, {"reason": "   "})
    assert empty.status_code == 400
    assert "reason" in empty.context["form"].errors
    assert client.post(url, {"reason": "Exam taken by someone else"}).status_code == 302
    certificate.refresh_from_db()
    assert certificate.revoked_at is not None
    assert certificate.revoked_by == staff
    (event,) = CertificateEvent.objects.all()
    assert (event.actor, event.reason, event.action) == (staff, "Exam taken by someone else", "revoked")
    client.post(url, {"reason": "again"})  # double tap: one revocation, one event
    assert CertificateEvent.objects.count() == 1
    audit = client.get("/learning/certificates/").content.decode()
    assert "Exam taken by someone else" in audit


def test_only_staff_of_the_property_revoke(client_for, candidate, yearly: Blueprint) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    url = f"/learning/certificates/{certificate.pk}/revoke/"
    assert client_for("supervisor").post(url, {"reason": "x"}).status_code == 403
    assert client_for("candidate").post(url, {"reason": "x"}).status_code == 403
    assert client_for("outsider").post(url, {"reason": "x"}).status_code == 404
    certificate.refresh_from_db()
    assert certificate.revoked_at is None


def test_the_admin_action_asks_for_a_reason_and_is_audited(client_for, candidate, yearly: Blueprint, staff) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    client = client_for("staff")
    chosen = {"action": "revoke", "_selected_action": [certificate.pk]}
    asked = client.post("/admin/exams/certificate/", chosen)
    assert asked.status_code == 200
    assert "Reason" in asked.content.decode()
    assert client.post("/admin/exams/certificate/", chosen | {"apply": "1", "reason": "  "}).status_code == 400
    certificate.refresh_from_db()
    assert certificate.revoked_at is None  # no reason: nothing revoked
    client.post("/admin/exams/certificate/", chosen | {"apply": "1", "reason": "Card counting ring"})
    certificate.refresh_from_db()
    assert certificate.revoked_at is not None
    (event,) = CertificateEvent.objects.filter(certificate=certificate)
    assert (event.actor, event.reason) == (staff, "Card counting ring")


def test_staff_find_a_revoke_action_for_any_certificate(client_for, candidate, casino) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, make_blueprint(casino, "For good"))  # no expiry: never "expiring"
    link = f'href="/learning/certificates/{certificate.pk}/revoke/"'
    staff = client_for("staff")
    assert link in staff.get("/learning/certificates/").content.decode()
    assert link in staff.get("/exams/results/").content.decode()
    supervisor = client_for("supervisor")
    assert link not in supervisor.get("/learning/certificates/").content.decode()
    assert link not in supervisor.get("/exams/results/").content.decode()
    staff.post(f"/learning/certificates/{certificate.pk}/revoke/", {"reason": "Licence withdrawn"})
    assert link not in staff.get("/exams/results/").content.decode()  # revoked: nothing left to revoke
    assert link not in staff.get("/learning/certificates/").content.decode()


def test_the_results_csv_says_valid_expired_or_revoked(client_for, candidate, yearly: Blueprint, staff) -> None:  # type: ignore[no-untyped-def]
    certificate = _pass(candidate, yearly)
    client = client_for("supervisor")

    def status_column() -> str:
        header, *rows = csv.reader(io.StringIO(client.get("/exams/results.csv").content.decode()))
        assert len(rows) == 1, rows
        return rows[0][header.index("certificate")]

    assert status_column() == "valid"
    Certificate.objects.filter(pk=certificate.pk).update(expires_on=timezone.localdate() - dt.timedelta(days=1))
    assert status_column() == "expired"
    from drills.learning.services import revoke

    revoke(certificate, by=staff, reason="exam irregularity")
    assert status_column() == "revoked"
