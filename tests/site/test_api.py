"""The API skeleton: token, me, schema and docs; one error shape for every 4xx (and 5xx)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from rest_framework import exceptions
from rest_framework.authtoken.models import Token

from drills.api.errors import exception_handler
from drills.api.middleware import ApiErrorMiddleware
from drills.models import Team, User
from tests.site.shapes import error_response

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
ME = "/api/v1/me/"
TOKEN = "/api/v1/auth/token/"


@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 401), ("trainee", 200), ("supervisor", 200), ("staff", 200), ("outsider", 200)],
)
def test_me_by_persona(client_for: Persona, persona: str, status: int) -> None:
    response = client_for(persona).get(ME)
    if status == 401:
        errors = error_response(response, 401, "detail")
        assert errors["detail"] == ["Authentication credentials were not provided."]
        assert response["WWW-Authenticate"].startswith("Token")
        return
    assert response.status_code == 200
    assert response.json()["username"] == persona


def test_me_says_role_property_and_teams(client_for: Persona, team: Team) -> None:
    trainee = client_for("trainee").get(ME).json()
    assert trainee["role"] == "trainee"
    assert trainee["property"] == {"slug": "test", "name": "Test Casino"}
    assert trainee["teams"] == [{"id": team.pk, "name": "Day shift"}]
    assert trainee["supervised_teams"] == []
    supervisor = client_for("supervisor").get(ME).json()
    assert supervisor["role"] == "supervisor"
    assert supervisor["supervised_teams"] == [{"id": team.pk, "name": "Day shift"}]
    assert client_for("outsider").get(ME).json()["property"]["slug"] == "other"


def test_me_is_read_only(client_for: Persona) -> None:
    error_response(client_for("trainee").post(ME, {}, content_type="application/json"), 405, "detail")


def test_token_from_username_and_password(trainee: User) -> None:
    credentials = {"username": "trainee", "password": "a-test-password-1"}
    response = Client().post(TOKEN, credentials, content_type="application/json")
    assert response.status_code == 200
    key = response.json()["token"]
    assert Token.objects.get(user=trainee).key == key
    me = Client().get(ME, HTTP_AUTHORIZATION=f"Token {key}")
    assert me.status_code == 200
    assert me.json()["username"] == "trainee"


def test_token_refused_with_the_error_shape(trainee: User) -> None:
    wrong = Client().post(TOKEN, {"username": "trainee", "password": "nope"}, content_type="application/json")
    error_response(wrong, 400, "non_field_errors")
    missing = Client().post(TOKEN, {"username": "trainee"}, content_type="application/json")
    assert error_response(missing, 400, "password")["password"] == ["This field is required."]
    malformed = Client().post(TOKEN, "{oops", content_type="application/json")
    assert "not valid JSON" in error_response(malformed, 400, "body")["body"][0]
    error_response(Client().get(TOKEN), 405, "detail")


def test_unknown_api_address_is_json_404(client_for: Persona) -> None:
    for persona in ("anonymous", "trainee"):
        errors = error_response(client_for(persona).get("/api/v1/no-such-thing/"), 404, "detail")
        assert "/api/v1/no-such-thing/" in errors["detail"][0]


@override_settings(MAX_REQUEST_BODY_BYTES=2048)
def test_an_oversized_body_is_413_never_500(client_for: Persona) -> None:
    body = json.dumps({"cards": ["AS"] * 1000})
    assert len(body) > 2048
    for path in ("/api/v1/rulings/blackjack/hand", TOKEN):
        response = client_for("supervisor").post(path, body, content_type="application/json")
        errors = error_response(response, 413, "body")
        assert "2048 bytes" in errors["body"][0]


def test_the_default_body_limit_applies(client_for: Persona, settings: Any) -> None:
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.MAX_REQUEST_BODY_BYTES
    body = "x" * (settings.MAX_REQUEST_BODY_BYTES + 1)
    error_response(client_for("supervisor").post(TOKEN, body, content_type="application/json"), 413, "body")


def test_a_body_django_finds_too_big_while_reading_is_413_too() -> None:
    response = exception_handler(RequestDataTooBig("too big"), {})
    assert response is not None
    assert response.status_code == 413
    assert list(response.data["errors"]) == ["body"]


def test_the_schema_renders_and_documents_the_door() -> None:
    response = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    assert {"/api/v1/auth/token/", "/api/v1/me/", "/api/v1/rulings/{game}/{question}"} <= set(paths)
    assert "/api/v1/rulings/{game}/{question}/" not in paths  # the slash variant is the same door
    door = paths["/api/v1/rulings/{game}/{question}"]["post"]
    assert {"200", "400", "401", "403", "404", "413"} <= set(door["responses"])
    assert "application/json" in door["requestBody"]["content"]


def test_swagger_ui_renders() -> None:
    response = Client().get("/api/v1/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()


# --- the handler and the middleware, directly -------------------------------------

@pytest.mark.parametrize(
    ("exc", "status", "errors"),
    [
        (exceptions.ValidationError({"bet": ["bad"], "hands": [{"cards": ["short"]}]}), 400,
         {"bet": ["bad"], "hands.0.cards": ["short"]}),
        (exceptions.ValidationError(["all wrong"]), 400, {"non_field_errors": ["all wrong"]}),
        (exceptions.NotAuthenticated(), 401, {"detail": ["Authentication credentials were not provided."]}),
        (exceptions.PermissionDenied(), 403, {"detail": ["You do not have permission to perform this action."]}),
        (PermissionDenied(), 403, {"detail": ["You do not have permission to perform this action."]}),
        (Http404(), 404, {"detail": ["Not found."]}),
        (exceptions.MethodNotAllowed("PUT"), 405, {"detail": ['Method "PUT" not allowed.']}),
        (exceptions.Throttled(3), 429, {"detail": ["Request was throttled. Expected available in 3 seconds."]}),
    ],
)
def test_exception_handler_shape(exc: Exception, status: int, errors: dict[str, list[str]]) -> None:
    response = exception_handler(exc, {})
    assert response is not None
    assert (response.status_code, response.data) == (status, {"errors": errors})


def test_exception_handler_leaves_bugs_to_the_500_path() -> None:
    assert exception_handler(ZeroDivisionError(), {}) is None


def test_middleware_turns_an_unhandled_api_error_into_json_500() -> None:
    def broken(request: HttpRequest) -> HttpResponse:
        raise AssertionError("not reached")

    middleware = ApiErrorMiddleware(broken)
    request = RequestFactory().get("/api/v1/anything/")
    response = middleware.process_exception(request, ZeroDivisionError("boom"))
    assert response is not None
    assert response.status_code == 500
    assert json.loads(response.content) == {
        "errors": {"detail": ["internal error: the server could not answer this request"]}
    }
    assert middleware.process_exception(RequestFactory().get("/rule-sets/"), ZeroDivisionError()) is None
    assert middleware.process_exception(request, Http404()) is None  # Django's 404, made JSON on the way out


def test_pages_are_left_alone_by_the_api_middleware(client_for: Persona) -> None:
    response = client_for("trainee").get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
