"""The OpenAPI schema documents the ``procedure`` question of every game dealt as a round:
each engine's whole vocabulary (read from the engine), and an example body the door answers
(for Pai Gow and Over/Under 26 a right round to its end)."""

from __future__ import annotations

import json

import pytest

from drills.api import procedure_docs
from drills.rulings.base import answer, decode_body
from games.blackjack.round_actions import VOCABULARY as TWENTY_ONE
from games.over_under_26.round import VOCABULARY as OVER_UNDER
from games.pai_gow.round import VOCABULARY as PAI_GOW
from games.registry import default_rules

VOCABULARIES = {"blackjack": TWENTY_ONE, "jack-switch": TWENTY_ONE, "pai-gow": PAI_GOW, "over-under-26": OVER_UNDER}


@pytest.mark.parametrize("game", list(VOCABULARIES))
def test_the_description_lists_every_verb_of_the_game(game) -> None:
    text = procedure_docs.description()
    part = next(p for p in text.split("\n\n") if p.startswith("Vocabulary of") and game in p.split(":")[0])
    for verb in VOCABULARIES[game].verbs:
        assert f"`{verb} " in part or f"`{verb}`" in part, verb


@pytest.mark.parametrize("doc", procedure_docs.PROCEDURE_DOCS, ids=lambda doc: doc.games[0])
def test_every_example_is_answered_at_the_door(doc) -> None:
    for game in doc.games:  # answered, not a 400 (RulingInputError)
        ruling = answer(game, "procedure", decode_body(json.dumps(doc.example)), default_rules(game)).to_json()
        assert len(ruling["answer"]["steps"]) == len(doc.example["actions"])
        if game in ("pai-gow", "over-under-26"):  # a right round to its end
            assert ruling["answer"]["deviation"] is None, ruling["answer"]["deviation"]
            assert ruling["answer"]["complete"] is True
    names = [example.name for example in procedure_docs.examples()]
    assert len(names) == len(set(names))


def test_the_schema_carries_the_four_vocabularies(client) -> None:  # type: ignore[no-untyped-def]
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    text = schema.content.decode()
    for game in ("blackjack and jack-switch", "pai-gow", "over-under-26"):
        assert f"Vocabulary of {game}" in text
