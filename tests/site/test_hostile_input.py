"""Hostile input at the JSON doors: amounts (tests/hostile.py), deep JSON, malformed JSON,
chunked bodies. Each refusal is a 400 (or 413) in the one error shape, naming the field;
never a 500.

The rulings door is asked over HTTP and through ``manage.py ruling`` (exit 2); the drill
answer API is here too (exam autosave: tests/exams/test_hostile_input.py).
"""

from __future__ import annotations

import html
import io
import json
import wsgiref.util
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from casino_training.wsgi import application
from drills.models import DrillScenario, User
from tests.hostile import PLACEHOLDER, bad_params, deep_json, good_params, says_why, with_amount
from tests.site.shapes import error_fields, error_response

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
AMOUNT = PLACEHOLDER
RULINGS = "/api/v1/rulings"
PAI_GOW_PLAYER = {"high": ["AS", "AH", "9D", "7C", "5H"], "low": ["KD", "JC"]}
PAI_GOW_BANKER = {"high": ["QS", "QH", "8D", "6C", "3H"], "low": ["KS", "9H"]}

# (question path, body with the amount in it, the field the error must name)
MONEY_QUESTIONS = [
    ("blackjack/payout", {"bet": AMOUNT, "kind": "blackjack"}, "bet"),
    ("blackjack/settle", {"bet": AMOUNT, "hands": [{"cards": ["TS", "9H"]}], "dealer": ["TD", "7C"]}, "bet"),
    ("blackjack/settle", {"bet": "10", "hands": [{"cards": ["TS", "9H"]}], "dealer": ["AD", "KC"],
                          "insurance": AMOUNT}, "insurance"),
    ("jack-switch/bonus-bet", {"table_limits": "25-500", "main_bet": "25", "bonus": AMOUNT}, "bonus"),
    ("jack-switch/bonus-bet", {"table_limits": "25-500", "main_bet": AMOUNT, "bonus": "5"}, "main_bet"),
    ("over-under-26/settle", {"ante": AMOUNT, "bonus": "0", "cards": ["AS", "9H", "4D", "3C"], "choice": "over"},
     "ante"),
    ("pai-gow/showdown", {"player": PAI_GOW_PLAYER, "banker": PAI_GOW_BANKER, "bet": AMOUNT}, "bet"),
]  # fmt: skip
QUESTION_IDS = [f"{path}:{field}" for path, _, field in MONEY_QUESTIONS]


def ask(client: Client, path: str, raw: str | bytes) -> Any:
    return client.post(f"{RULINGS}/{path}", raw, content_type="application/json")


def cli(path: str, stdin: str) -> tuple[int, dict[str, Any]]:
    """``manage.py ruling``: (exit code, the JSON it printed)."""
    game, question = path.split("/")
    out = io.StringIO()
    try:
        call_command("ruling", game, question, stdin=io.StringIO(stdin), stdout=out)
    except SystemExit as exit_:
        code = exit_.code
    else:
        code = 0
    assert isinstance(code, int)
    return code, json.loads(out.getvalue())


# --- money at the rulings door ------------------------------------------------------------

@pytest.mark.parametrize(("path", "body", "field"), MONEY_QUESTIONS, ids=QUESTION_IDS)
@pytest.mark.parametrize("amount_json", bad_params())
def test_a_bad_amount_is_a_400_naming_the_field(client_for: Persona, path: str, body: Any, field: str,
                                                amount_json: str) -> None:
    raw = with_amount(body, amount_json)
    errors = error_response(ask(client_for("supervisor"), path, raw), 400, field)
    assert list(errors) == [field]
    assert says_why(errors[field][0])
    code, printed = cli(path, raw)
    assert code == 2
    assert printed == {"errors": errors}


@pytest.mark.parametrize(("path", "body", "field"), MONEY_QUESTIONS[:1] + MONEY_QUESTIONS[-1:],
                         ids=QUESTION_IDS[:1] + QUESTION_IDS[-1:])
@pytest.mark.parametrize(("amount_json", "expected"), good_params())
def test_a_good_amount_is_answered(client_for: Persona, path: str, body: Any, field: str, amount_json: str,
                                   expected: str) -> None:
    raw = with_amount(body, amount_json)
    response = ask(client_for("supervisor"), path, raw)
    assert response.status_code == 200, response.content
    reference = ask(client_for("supervisor"), path, with_amount(body, json.dumps(expected)))
    assert response.json() == reference.json()
    assert cli(path, raw)[0] == 0


@pytest.mark.parametrize(
    "limits", ["25-1e30", "25-1E3", f"25-{'9' * 40}", "25-1_000", "２５-500", "25-1000000.01", "25-500.001"]
)
def test_bad_table_limits_are_a_400_naming_table_limits(client_for: Persona, limits: str) -> None:
    body = json.dumps({"table_limits": limits, "main_bet": "25", "bonus": "5"})
    errors = error_response(ask(client_for("supervisor"), "jack-switch/bonus-bet", body), 400, "table_limits")
    assert limits in errors["table_limits"][0]
    assert cli("jack-switch/bonus-bet", body) == (2, {"errors": errors})


def test_the_ceiling_is_said_in_the_message(client_for: Persona) -> None:
    errors = error_response(ask(client_for("supervisor"), "blackjack/payout", '{"bet": 1000001, "kind": "win"}'),
                            400, "bet")
    assert errors["bet"] == ["1000001 is more than 1000000.00, the largest amount accepted"]


# --- deep, big and malformed JSON, every JSON door --------------------------------------------

def _scenario_answer_url(client: Client) -> str:
    response = client.post("/api/v1/drills/scenarios/", {"kind": "ou-settle"}, content_type="application/json")
    assert response.status_code == 201, response.content
    return f"/api/v1/drills/scenarios/{response.json()['id']}/answer/"


DOORS: dict[str, Callable[[Client], str]] = {
    "rulings": lambda client: f"{RULINGS}/blackjack/hand",
    "token": lambda client: "/api/v1/auth/token/",
    "drill start": lambda client: "/api/v1/drills/scenarios/",
    "drill answer": _scenario_answer_url,
}


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param(deep_json(1100), "nested more than 32 levels deep", id="1100-levels"),
        pytest.param(deep_json(33), "nested more than 32 levels deep", id="33-levels"),
        pytest.param("[" * 5000, "nested more than 32 levels deep", id="unclosed-brackets"),
        pytest.param("{oops", "not valid JSON", id="malformed"),
        pytest.param('{"bet": NaN}', "not valid JSON", id="NaN"),
        pytest.param("[1, 2]", "must be a JSON object", id="array"),
        pytest.param('"text"', "must be a JSON object", id="string"),
        pytest.param(b'{"a": "\xff"}', "not UTF-8", id="not-utf-8"),
    ],
)
def test_a_body_the_site_cannot_use_is_a_400_naming_body(client_for: Persona, door: str, raw: str | bytes,
                                                        message: str) -> None:
    client = client_for("supervisor") if door != "drill answer" else client_for("trainee")
    url = DOORS[door](client)
    errors = error_response(client.post(url, raw, content_type="application/json"), 400, "body")
    assert list(errors) == ["body"]
    assert message in errors["body"][0]


def test_deep_json_on_the_command_line_exits_2_naming_body() -> None:
    assert cli("blackjack/hand", deep_json(1100)) == (2, {"errors": {"body": ["nested more than 32 levels deep"]}})


def test_32_levels_are_still_read(client_for: Persona) -> None:
    nested: Any = ["AS", "KH"]
    for _ in range(30):
        nested = {"x": nested}
    body = {"cards": ["AS", "KH"], "note": nested}  # the body and its list are two levels more
    assert ask(client_for("supervisor"), "blackjack/hand", json.dumps(body)).status_code == 200


@override_settings(MAX_REQUEST_BODY_BYTES=2048)
def test_the_command_line_bounds_the_body_too() -> None:
    code, printed = cli("blackjack/hand", json.dumps({"cards": ["AS"] * 1000}))
    assert code == 2
    assert "larger than 2048 bytes" in error_fields(printed, "body")["body"][0]


# --- money in a drill answer (API and the page's form) ---------------------------------------

def _net_scenario(client: Client) -> tuple[str, DrillScenario]:
    url = _scenario_answer_url(client)
    stored = DrillScenario.objects.get(public_id=url.split("/")[-3])
    return url, stored


@pytest.mark.parametrize("amount_json", bad_params(signed=True))
def test_a_bad_net_in_a_drill_answer_is_a_400_and_saves_nothing(client_for: Persona, amount_json: str) -> None:
    client = client_for("trainee")
    url, stored = _net_scenario(client)
    raw = with_amount({"answer": {"outcome": "over", "net": AMOUNT}}, amount_json)
    errors = error_response(client.post(url, raw, content_type="application/json"), 400, "answer.net")
    assert list(errors) == ["answer.net"]
    assert says_why(errors["answer.net"][0])
    assert not hasattr(DrillScenario.objects.get(pk=stored.pk), "attempt")


@pytest.mark.parametrize(
    ("amount_json", "expected"),
    [('"-20"', "-20.00"), ("-20.5", "-20.50"), ("20", "20.00"), ('"−7.25"', "-7.25"), ("1000000", "1000000.00")],
)
def test_a_good_net_in_a_drill_answer_is_saved_normalised(client_for: Persona, amount_json: str,
                                                          expected: str) -> None:
    client = client_for("trainee")
    url, _ = _net_scenario(client)
    raw = with_amount({"answer": {"outcome": "over", "net": AMOUNT}}, amount_json)
    response = client.post(url, raw, content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["attempt"]["answer"]["net"] == expected


@pytest.mark.parametrize("typed", ["1e30", "9" * 40, "1_000", "１０", "٣٥", "-0", "1000000.01", "1.005", "1e3"])
def test_a_bad_net_typed_in_the_drill_page_is_a_form_error(client_for: Persona, typed: str) -> None:
    client = client_for("trainee")
    _, stored = _net_scenario(client)
    response = client.post(f"/drills/s/{stored.public_id}/answer/", {"outcome": "over", "net": typed})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Player's net result" in page
    assert says_why(page)
    assert not hasattr(DrillScenario.objects.get(pk=stored.pk), "attempt")


# --- chunked bodies (as gunicorn hands them over: decoded, no Content-Length) -----------------

def _call_wsgi(path: str, body: bytes, **headers: str) -> tuple[str, bytes]:
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "CONTENT_TYPE": "application/json",
        "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": io.BytesIO(body), **headers,
    }
    wsgiref.util.setup_testing_defaults(environ)
    environ.pop("CONTENT_LENGTH", None)
    status: list[str] = []
    chunks = application(environ, lambda code, _headers, *_: status.append(code))
    return status[0], b"".join(chunks)


@pytest.mark.django_db(transaction=True)
def test_a_chunked_body_is_read(supervisor: User) -> None:
    body = json.dumps({"username": supervisor.username, "password": "pw-supervisor"}).encode()
    supervisor.set_password("pw-supervisor")
    supervisor.save()
    status, content = _call_wsgi("/api/v1/auth/token/", body, SERVER_NAME="127.0.0.1", HTTP_HOST="127.0.0.1")
    assert status.startswith("200"), content
    assert "token" in json.loads(content)


@pytest.mark.django_db(transaction=True)
@override_settings(MAX_REQUEST_BODY_BYTES=2048)
def test_a_chunked_body_over_the_limit_is_413() -> None:
    body = json.dumps({"cards": ["AS"] * 1000}).encode()
    status, content = _call_wsgi(f"{RULINGS}/blackjack/hand", body, HTTP_HOST="127.0.0.1")
    assert status.startswith("413")
    assert "2048 bytes" in error_fields(json.loads(content), "body")["body"][0]
