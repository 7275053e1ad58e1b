"""The answer endpoint reads its token, the token's user and the scenario being answered in one
statement (``drills.practice.selectors.token_with_scenario``, issue 17). The objects are the
ORM's, and the endpoint answers every persona and every bad token exactly as the site's token
authentication does (the same statuses, messages and ``WWW-Authenticate``)."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from drills.api.tokens import EXPIRED_MESSAGE
from drills.kinds.base import Difficulty, get_kind
from drills.models import DrillScenario, User
from drills.practice.selectors import own_scenario, token_with_scenario
from drills.practice.services import start_scenario, submit_answer
from tests.model_values import typed_fields
from tests.site.shapes import error_response

pytestmark = pytest.mark.django_db




def test_the_one_read_gives_the_orms_token_user_scenario_and_attempt(trainee: User, other_trainee: User) -> None:
    token = Token.objects.create(user=trainee)
    stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=4)
    for answered in (False, True):
        if answered:
            submit_answer(stored, dict(scenario.solution.key))
        read = token_with_scenario(token.key, stored.public_id)
        assert read is not None
        orm = Token.objects.select_related("user").get(key=token.key)
        assert typed_fields(read.token) == typed_fields(orm)
        assert typed_fields(read.token.user) == typed_fields(orm.user)
        expected = own_scenario(trainee, stored.public_id)
        assert expected is not None
        assert read.scenario is not None
        assert typed_fields(read.scenario) == typed_fields(expected)
        if answered:
            assert typed_fields(read.scenario.attempt) == typed_fields(expected.attempt)
        assert read.scenario.user is read.token.user  # no query to reach the owner
    others, _ = start_scenario(other_trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=5)
    read = token_with_scenario(token.key, others.public_id)
    assert read is not None
    assert read.scenario is None  # another trainee's scenario is not this token's
    assert token_with_scenario(token.key, uuid.uuid4()).scenario is None  # type: ignore[union-attr]
    assert token_with_scenario("0" * 40, stored.public_id) is None
    assert token_with_scenario("x" * 300, stored.public_id) is None  # longer than any key: no match, no error


def answer(stored: DrillScenario, authorization: str | None = None, client: Client | None = None) -> Any:
    headers = {} if authorization is None else {"HTTP_AUTHORIZATION": authorization}
    return (client or Client()).post(
        f"/api/v1/drills/scenarios/{stored.public_id}/answer/",
        json.dumps({"answer": {"pays": "10.00", "collects": "0.00"}}),
        content_type="application/json",
        **headers,
    )


@pytest.fixture
def stored(trainee: User) -> DrillScenario:
    return start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=6)[0]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("Token", "Invalid token header. No credentials provided."),
        ("Token a b", "Invalid token header. Token string should not contain spaces."),
        ("Token " + "0" * 40, "Invalid token."),
    ],
)
def test_a_bad_token_is_the_same_401_as_elsewhere(stored: DrillScenario, header: str, message: str) -> None:
    response = answer(stored, header)
    assert error_response(response, 401, "detail")["detail"] == [message]
    assert response["WWW-Authenticate"].startswith("Token")
    me = Client().get("/api/v1/me/", HTTP_AUTHORIZATION=header)
    assert error_response(me, 401, "detail")["detail"] == [message]


def test_an_inactive_user_and_an_expired_token_are_refused(stored: DrillScenario, trainee: User) -> None:
    token = Token.objects.create(user=trainee)
    lifetime = dt.timedelta(hours=settings.API_TOKEN_TTL_HOURS)
    with time_machine.travel(timezone.now() + lifetime + dt.timedelta(minutes=1), tick=False):
        expired = answer(stored, f"Token {token.key}")
        assert error_response(expired, 401, "detail")["detail"] == [EXPIRED_MESSAGE]
    User.objects.filter(pk=trainee.pk).update(is_active=False)
    inactive = answer(stored, f"Token {token.key}")
    assert error_response(inactive, 401, "detail")["detail"] == ["User inactive or deleted."]
    assert not DrillScenario.objects.filter(pk=stored.pk, attempt__isnull=False).exists()  # nothing saved


def test_the_owner_answers_and_anyone_else_gets_a_404(
    stored: DrillScenario, trainee: User, other_trainee: User, trainee_client: Client
) -> None:
    other = Token.objects.create(user=other_trainee)
    assert error_response(answer(stored, f"Token {other.key}"), 404, "detail")["detail"] == ["no such scenario"]
    assert error_response(answer(stored), 401, "detail")  # no credentials at all
    assert answer(stored, client=trainee_client).status_code == 200  # signed in (a session), no token
    again = answer(stored, f"Token {Token.objects.create(user=trainee).key}")
    assert again.status_code == 200
    assert again.json()["already_answered"] is True
