"""The ``procedure`` question through both doors: the same bytes from the API and from
``manage.py ruling``, and a 400 naming the field (never a 500) on bad input."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.test import Client

from tests.site.shapes import error_fields, error_response
from tests.site.test_rulings_door import cli, post

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
PATH = "/api/v1/rulings/{game}/procedure"
ROUND = {
    "boxes": [{"box": 1, "bet": "25"}, {"box": 3, "bet": "10"}],
    "shoe": ["TH", "7C", "6S", "9C", "5D", "8H", "TD", "5S"],
    "decisions": ["stand box=1", "stand box=3"],
    "actions": ["deal box=1 card=TH", "deal box=3 card=7C", "deal-dealer card=6S", "deal-dealer card=9C"],
}


@pytest.mark.parametrize("game", ["blackjack", "jack-switch"])
def test_both_doors_send_the_same_bytes(client_for: Persona, game: str) -> None:
    http = post(client_for("outsider"), PATH.format(game=game), ROUND)
    assert http.status_code == 200
    code, out = cli(game, "procedure", json.dumps(ROUND))
    assert code == 0
    assert out.rstrip("\n").encode() == http.content
    assert json.loads(http.content)["answer"]["steps"][-1]["mistake"] == "dealer-second-card"


@pytest.mark.parametrize(("change", "field"), [
    ({"actions": ["shuffle box=1"]}, "actions.0"),
    ({"actions": ["deal box=1 card=AS"]}, "actions.0"),
    ({"boxes": [{"box": 1, "bet": "1"}]}, "boxes.0.bet"),
    ({"shoe": ["AS"] * 7}, "shoe"),
])
def test_bad_input_is_a_400_naming_the_field(client_for: Persona, change: dict, field: str) -> None:
    body = {**ROUND, **change}
    error_response(post(client_for("supervisor"), PATH.format(game="blackjack"), body), 400, field)
    code, out = cli("blackjack", "procedure", json.dumps(body))
    assert code == 2
    error_fields(json.loads(out), field)


def test_the_schema_documents_the_vocabulary_and_an_example() -> None:
    schema = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    (operation,) = [path["post"] for url, path in schema["paths"].items() if "rulings" in url]
    assert "`offer-insurance box=`" in operation["description"]
    assert "`pay box= [hand=] [bet=] amount=`" in operation["description"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert any(example["value"].get("actions") for example in examples.values())
