"""PostgreSQL away: every request that reaches the database answers 503 with Retry-After
(the API's error shape for the API and htmx, a page otherwise), never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import InterfaceError, OperationalError
from django.test import Client

from drills.exams.models import Sitting
from drills.middleware import UNAVAILABLE
from drills.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(candidate: User) -> Client:
    client = Client()
    client.force_login(candidate)
    return client


@pytest.fixture(params=[OperationalError, InterfaceError])
def database_down(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first query of a request (the session behind request.user) fails as psycopg
    does when PostgreSQL is stopped or the connection was cut."""
    error = request.param

    def load(self: Any) -> dict[str, Any]:
        raise error('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(SessionStore, "load", load)


def test_an_autosave_with_the_database_down_is_a_503_json_with_retry_after(
    signed_in: Client, sitting: Sitting, database_down: None
) -> None:
    response = signed_in.post(
        f"/exams/sittings/{sitting.public_id}/items/1/", {"total": "21"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json() == {"errors": {"detail": [UNAVAILABLE]}}


def test_the_api_with_the_database_down_is_a_503_in_the_error_shape(
    signed_in: Client, sitting: Sitting, database_down: None
) -> None:
    response = signed_in.put(
        f"/api/v1/exams/sittings/{sitting.public_id}/items/1/answer/",
        {"answer": {"total": 21}},
        content_type="application/json",
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert list(response.json()["errors"]) == ["detail"]


def test_a_page_with_the_database_down_is_a_503_page(signed_in: Client, sitting: Sitting, database_down: None) -> None:
    response = signed_in.post(f"/exams/sittings/{sitting.public_id}/items/1/", {"total": "21", "go": "2"})
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Not saved yet" in page
    assert "your answer is still in the form there" in page


def test_other_errors_are_not_taken_for_an_outage(signed_in: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Any) -> dict[str, Any]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(SessionStore, "load", broken)
    with pytest.raises(RuntimeError):
        signed_in.get("/")
