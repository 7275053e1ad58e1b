"""API tokens expire (``API_TOKEN_TTL_HOURS``), are revoked by a password change (whichever
path changes it) and by their owner (``DELETE /api/v1/auth/token/``)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from drills.api.tokens import EXPIRED_MESSAGE
from drills.models import User
from tests.personas import PASSWORD
from tests.site.shapes import error_response

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
ME = "/api/v1/me/"


def obtain(username: str = "trainee", password: str = PASSWORD) -> dict[str, Any]:
    response = Client().post(TOKEN, {"username": username, "password": password}, content_type="application/json")
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def me(key: str) -> Any:
    return Client().get(ME, HTTP_AUTHORIZATION=f"Token {key}")


def test_a_token_says_when_it_expires(trainee: User) -> None:
    before = timezone.now()
    body = obtain()
    expires = dt.datetime.fromisoformat(body["expires_at"])
    lifetime = dt.timedelta(hours=settings.API_TOKEN_TTL_HOURS)
    assert before + lifetime - dt.timedelta(seconds=5) <= expires <= timezone.now() + lifetime
    assert me(body["token"]).status_code == 200


def test_an_expired_token_is_refused_with_a_clear_401_and_a_new_one_is_issued(trainee: User) -> None:
    key = obtain()["token"]
    lifetime = dt.timedelta(hours=settings.API_TOKEN_TTL_HOURS)
    with time_machine.travel(timezone.now() + lifetime - dt.timedelta(minutes=1), tick=False):
        assert me(key).status_code == 200
        assert obtain()["token"] == key  # still valid: the same token
    with time_machine.travel(timezone.now() + lifetime + dt.timedelta(minutes=1), tick=False):
        expired = me(key)
        assert error_response(expired, 401, "detail")["detail"] == [EXPIRED_MESSAGE]
        assert expired["WWW-Authenticate"].startswith("Token")
        assert error_response(me(key), 401, "detail")["detail"] == [EXPIRED_MESSAGE]  # and stays clear
        fresh = obtain()["token"]
        assert fresh != key
        assert me(fresh).status_code == 200
        assert not Token.objects.filter(key=key).exists()


def test_the_lifetime_is_a_setting(trainee: User, settings: Any) -> None:
    settings.API_TOKEN_TTL_HOURS = 1
    key = obtain()["token"]
    with time_machine.travel(timezone.now() + dt.timedelta(minutes=61), tick=False):
        error_response(me(key), 401, "detail")


def test_the_owner_revokes_their_token(trainee: User) -> None:
    key = obtain()["token"]
    revoked = Client().delete(TOKEN, HTTP_AUTHORIZATION=f"Token {key}")
    assert revoked.status_code == 204
    assert error_response(me(key), 401, "detail")["detail"] == ["Invalid token."]
    assert not Token.objects.filter(user=trainee).exists()


def test_revoking_needs_a_signed_in_user(trainee: User, client_for: Any) -> None:
    error_response(Client().delete(TOKEN), 401, "detail")
    key = obtain()["token"]
    assert client_for("trainee").delete(TOKEN).status_code == 204  # from a session too
    error_response(me(key), 401, "detail")


def test_revoking_touches_only_ones_own_token(trainee: User, supervisor: User) -> None:
    mine = obtain()["token"]
    theirs = obtain("supervisor")["token"]
    assert Client().delete(TOKEN, HTTP_AUTHORIZATION=f"Token {mine}").status_code == 204
    assert me(theirs).status_code == 200


def test_set_password_revokes_the_token(trainee: User) -> None:
    key = obtain()["token"]
    trainee.set_password("a-brand-new-password-2")
    trainee.save()
    error_response(me(key), 401, "detail")


def test_other_saves_and_hash_upgrades_keep_the_token(trainee: User) -> None:
    key = obtain()["token"]
    trainee.first_name = "Renamed"
    trainee.save()
    trainee.check_password(PASSWORD)  # may rehash the password: not a change
    trainee.save()
    assert me(key).status_code == 200


def test_the_admin_password_form_revokes_the_token(trainee: User, client_for: Any) -> None:
    key = obtain()["token"]
    new = "a-brand-new-password-2"
    response = client_for("staff").post(
        f"/admin/drills/user/{trainee.pk}/password/", {"password1": new, "password2": new, "usable_password": "true"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    error_response(me(key), 401, "detail")


def test_changepassword_command_revokes_the_token(trainee: User, monkeypatch: pytest.MonkeyPatch) -> None:
    key = obtain()["token"]
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "a-brand-new-password-2")
    call_command("changepassword", "trainee", stdout=None)
    error_response(me(key), 401, "detail")


def test_revoke_is_in_the_schema() -> None:
    schema = json.loads(Client().get("/api/v1/schema/", HTTP_ACCEPT="application/json").content)
    token = schema["paths"]["/api/v1/auth/token/"]
    assert {"post", "delete"} <= set(token)
    assert {"204", "401"} <= set(token["delete"]["responses"])
    assert {"200", "400", "429"} <= set(token["post"]["responses"])
    assert token["post"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Token")
    assert {"token", "expires_at"} <= set(schema["components"]["schemas"]["Token"]["properties"])
