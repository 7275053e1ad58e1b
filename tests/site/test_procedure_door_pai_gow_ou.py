"""The ``procedure`` questions of Pai Gow and Over/Under 26 through both doors: the same
bytes from the API and ``manage.py ruling``, and bad input a 400 naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.pai_gow import DECK
from tests.site.shapes import error_response
from tests.site.test_rulings_door import cli, post

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
OU = {
    "cards": ["9S", "5H", "6D", "7C"],
    "boxes": [{"box": 1, "ante": "10", "choice": "over"}, {"box": 2, "ante": "10", "choice": "under"}],
    "actions": ["deal-up card=9S", "deal-down card=5H", "deal-down card=6D", "deal-down card=7C", "turn",
                "announce total=27", "pay box=1 bet=main amount=20.00"],
}
PG = {
    "deck": [str(card) for card in DECK.cards()], "dice": [1, 1, 1], "bank": "100",
    "seats": [{"position": 3, "bet": "10"}], "actions": ["announce total=3 position=3"],
}


@pytest.mark.parametrize(("game", "body"), [("over-under-26", OU), ("pai-gow", PG)])
def test_both_doors_send_the_same_bytes(client_for: Persona, game: str, body: dict[str, Any]) -> None:
    http = post(client_for("outsider"), f"/api/v1/rulings/{game}/procedure", body)
    assert http.status_code == 200
    code, out = cli(game, "procedure", json.dumps(body))
    assert code == 0
    assert out.rstrip("\n").encode() == http.content


@pytest.mark.parametrize(
    ("game", "body", "field"),
    [
        ("over-under-26", {**OU, "actions": ["deal-up card=9S", "fly"]}, "actions.1"),
        ("over-under-26", {**OU, "boxes": [{"box": 1, "ante": "10", "bonus": "20", "choice": "over"}]},
         "boxes.0.bonus"),
        ("pai-gow", {**PG, "deck": [*PG["deck"][:-1], "AS"]}, "deck"),
        ("pai-gow", {**PG, "actions": ["announce total=3 position=3", "set-aside cards=AS,KS,QS,JS,TS"]},
         "actions.1"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client_for: Persona, game: str, body: dict[str, Any], field: str) -> None:
    response = post(client_for("supervisor"), f"/api/v1/rulings/{game}/procedure", body)
    error_response(response, 400, field)
