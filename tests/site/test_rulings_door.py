"""The rulings door through both doors (RULINGS.md): HTTP and ``manage.py ruling``.

Uses a real registered question, blackjack ``hand``, and ``payout`` to see which rule
set answered (a blackjack on 35 pays 52.50 at 3:2, 42.00 at 6:5).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.authtoken.models import Token

from drills.models import Property, RuleSet, User
from tests.site.shapes import error_fields

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
HAND = "/api/v1/rulings/blackjack/hand"
PAYOUT = "/api/v1/rulings/blackjack/payout"
BLACKJACK = {"cards": ["AS", "KH"]}
BLACKJACK_ON_35 = {"bet": "35", "kind": "blackjack"}


def post(client: Client, path: str, body: Any, **extra: Any) -> Any:
    raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(path, raw, content_type="application/json", **extra)


def cli(game: str, question: str, stdin: str) -> tuple[int, str]:
    """Run ``manage.py ruling``: (exit code, standard output)."""
    out = io.StringIO()
    try:
        call_command("ruling", game, question, stdin=io.StringIO(stdin), stdout=out)
    except SystemExit as exit_:
        code = exit_.code
        assert isinstance(code, int)
        return code, out.getvalue()
    return 0, out.getvalue()


# --- HTTP ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 401), ("trainee", 403), ("supervisor", 200), ("staff", 200), ("outsider", 200)],
)
def test_who_may_ask(client_for: Persona, persona: str, status: int) -> None:
    response = post(client_for(persona), HAND, BLACKJACK)
    assert response.status_code == status
    if status == 200:
        assert response.json()["answer"] == {"total": 21, "soft": True, "blackjack": True, "bust": False}
    else:
        error_fields(response.json(), "detail")


def test_a_ruling_has_the_contract_shape(client_for: Persona) -> None:
    response = post(client_for("supervisor"), HAND, BLACKJACK)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    payload = response.json()
    assert list(payload) == ["answer", "rules", "explanation"]
    assert payload["answer"]["total"] == 21
    assert payload["answer"]["blackjack"] is True
    assert "BJ-4" in payload["rules"]
    assert "BJ-4" in payload["explanation"]


def test_a_trailing_slash_is_accepted_too(client_for: Persona) -> None:
    client = client_for("supervisor")
    assert post(client, HAND + "/", BLACKJACK).json() == post(client, HAND, BLACKJACK).json()


def test_token_authentication(supervisor: User) -> None:
    token = Token.objects.create(user=supervisor)
    response = post(Client(), HAND, BLACKJACK, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    refused = post(Client(), HAND, BLACKJACK, HTTP_AUTHORIZATION="Token not-a-token")
    assert refused.status_code == 401
    assert refused["WWW-Authenticate"].startswith("Token")
    error_fields(refused.json(), "detail")


def test_session_authentication_needs_the_csrf_token(supervisor: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(supervisor)
    refused = post(client, HAND, BLACKJACK)
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["errors"]["detail"][0]
    client.get("/")  # sets the CSRF cookie, as a page would
    token = client.cookies["csrftoken"].value
    assert post(client, HAND, BLACKJACK, HTTP_X_CSRFTOKEN=token).status_code == 200
    # The CSRF check must not parse the body first: invalid JSON is still the door's 400 on `body`.
    bad = post(client, HAND, "{not json", HTTP_X_CSRFTOKEN=token)
    assert bad.status_code == 400
    assert "body" in bad.json()["errors"]


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/v1/rulings/no-such-game/hand", "game"),
        ("/api/v1/rulings/blackjack/no-such-question", "question"),
    ],
)
def test_unknown_game_or_question_is_404(client_for: Persona, path: str, field: str) -> None:
    response = post(client_for("supervisor"), path, BLACKJACK)
    assert response.status_code == 404
    error_fields(response.json(), field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("{not json", "body"),
        ("", "body"),
        ("[1, 2]", "body"),
        ('"AS KH"', "body"),
        ({}, "cards"),
        ({"cards": ["AS", "XX"]}, "cards.1"),
        ({"cards": ["AS", "KH"], "rules": 7}, "rules"),
        ({"cards": ["AS", "KH"], "rules": "no-such-set"}, "rules"),
    ],
)
def test_bad_input_is_400_naming_the_field(client_for: Persona, body: Any, field: str) -> None:
    response = post(client_for("supervisor"), HAND, body)
    assert response.status_code == 400
    error_fields(response.json(), field)


def test_the_property_rule_set_answers(client_for: Persona, rule_set: RuleSet) -> None:
    """The casino's default rule set pays 6:5; the outsider's casino has none: RULES.md 3:2."""
    assert post(client_for("supervisor"), PAYOUT, BLACKJACK_ON_35).json()["answer"]["pays"] == "42.00"
    assert post(client_for("outsider"), PAYOUT, BLACKJACK_ON_35).json()["answer"]["pays"] == "52.50"


def test_a_named_rule_set_answers(client_for: Persona, casino: Property, rule_set: RuleSet) -> None:
    plain = RuleSet.objects.create(property=casino, game="blackjack", slug="test-plain", name="Plain", values={})
    body = {**BLACKJACK_ON_35, "rules": plain.slug}
    assert post(client_for("staff"), PAYOUT, body).json()["answer"]["pays"] == "52.50"


def test_a_rule_set_of_another_property_is_refused(client_for: Persona, rule_set: RuleSet) -> None:
    response = post(client_for("outsider"), PAYOUT, {**BLACKJACK_ON_35, "rules": rule_set.slug})
    assert response.status_code == 400
    error_fields(response.json(), "rules")
    assert "test-blackjack" in response.json()["errors"]["rules"][0]


def test_a_superuser_may_name_any_rule_set(rule_set: RuleSet, outsider: User) -> None:
    outsider.is_superuser = True
    outsider.save()
    client = Client()
    client.force_login(outsider)
    response = post(client, PAYOUT, {**BLACKJACK_ON_35, "rules": rule_set.slug})
    assert response.status_code == 200
    assert response.json()["answer"]["pays"] == "42.00"


def test_a_rule_set_of_another_game_is_refused(client_for: Persona, casino: Property) -> None:
    RuleSet.objects.create(property=casino, game="over-under-26", slug="test-ou", name="OU", values={})
    response = post(client_for("staff"), HAND, {**BLACKJACK, "rules": "test-ou"})
    assert response.status_code == 400
    assert "is for over-under-26" in response.json()["errors"]["rules"][0]


def test_a_stored_rule_set_the_engine_now_refuses_is_a_400_not_a_500(client_for: Persona, rule_set: RuleSet) -> None:
    # The values of the version in force: RuleSet.values follows it (issue 16).
    RuleSet.objects.filter(pk=rule_set.pk).update(values={"blackjack_pays": "0:1"})
    rule_set.versions.update(values={"blackjack_pays": "0:1"})
    response = post(client_for("supervisor"), HAND, BLACKJACK)
    assert response.status_code == 400
    assert "blackjack_pays" in response.json()["errors"]["rules"][0]


def test_get_is_405(client_for: Persona) -> None:
    response = client_for("supervisor").get(HAND)
    assert response.status_code == 405
    error_fields(response.json(), "detail")


# --- CLI ------------------------------------------------------------------------------

def test_cli_answers_exit_0() -> None:
    code, out = cli("blackjack", "hand", json.dumps(BLACKJACK))
    assert code == 0
    assert json.loads(out)["answer"] == {"total": 21, "soft": True, "blackjack": True, "bust": False}


def test_both_doors_send_the_same_json(client_for: Persona) -> None:
    """The outsider's casino has no rule set: the API answers under RULES.md, like the CLI."""
    for path, question, body in ((HAND, "hand", BLACKJACK), (PAYOUT, "payout", BLACKJACK_ON_35)):
        http = post(client_for("outsider"), path, body)
        _code, out = cli("blackjack", question, json.dumps(body))
        assert out.rstrip("\n").encode() == http.content


def test_cli_uses_rules_md_defaults_unless_a_rule_set_is_named(rule_set: RuleSet) -> None:
    assert json.loads(cli("blackjack", "payout", json.dumps(BLACKJACK_ON_35))[1])["answer"]["pays"] == "52.50"
    named = json.dumps({**BLACKJACK_ON_35, "rules": rule_set.slug})
    assert json.loads(cli("blackjack", "payout", named)[1])["answer"]["pays"] == "42.00"


@pytest.mark.parametrize(
    ("game", "question", "stdin", "field"),
    [
        ("blackjack", "hand", "{not json", "body"),
        ("blackjack", "hand", "", "body"),
        ("blackjack", "hand", "{}", "cards"),
        ("blackjack", "hand", json.dumps({**BLACKJACK, "rules": "no-such-set"}), "rules"),
        ("no-such-game", "hand", json.dumps(BLACKJACK), "game"),
        ("blackjack", "no-such-question", json.dumps(BLACKJACK), "question"),
    ],
)
def test_cli_bad_input_prints_the_error_json_and_exits_2(game: str, question: str, stdin: str, field: str) -> None:
    code, out = cli(game, question, stdin)
    assert code == 2
    error_fields(json.loads(out), field)
