"""The words the dealt-round tables put on the felt (spot labels, bets, hand notes, facts)
go through the reader's ``translate``: English by default, the reader's language on the page."""

from __future__ import annotations

import pytest

from drills.rounds.tables.base import Level
from drills.rounds.tables.registry import table_for
from games.registry import default_rules


def marked(text: str) -> str:
    return "«" + text + "»"


@pytest.mark.parametrize("game", ["blackjack", "over-under-26", "pai-gow"])
def test_felt_words_go_through_translate(game: str) -> None:
    table = table_for(game)
    state = table.start(5, Level.EASY, default_rules(game))
    english = table.table(state)
    said = table.table(state, marked)
    assert [spot.place for spot in said.spots] == [spot.place for spot in english.spots]
    for spot in said.spots:
        assert spot.label.startswith("«"), spot.label
        assert all(bet.label.startswith("«") for bet in spot.bets)
        assert marked(spot.label.strip("«»").split("»")[0]) in spot.label
    assert all(name.startswith("«") for name, _ in said.facts if game == "blackjack")
    assert not any(spot.label.startswith("«") for spot in english.spots)


def test_blackjack_felt_keeps_its_english_words() -> None:
    table = table_for("blackjack")
    view = table.table(table.start(5, Level.EASY, default_rules("blackjack")))
    assert view.dealer.label == "Dealer"
    assert [name for name, _ in view.facts][:2] == ["Table", "Stage"]
    assert dict(view.facts)["Stage"] == "deal"
    assert any(spot.label == "Box 1" for spot in view.spots)
    assert {bet.label for spot in view.spots for bet in spot.bets} >= {"Bet"}


def test_round_table_page_in_spanish(trainee_client, trainee) -> None:  # type: ignore[no-untyped-def]
    trainee.language = "es"
    trainee.save()
    started = trainee_client.post("/rounds/start/", {"game": "blackjack", "level": "easy", "focus": "round"})
    assert started.status_code == 302
    page = trainee_client.get(started["Location"]).content.decode()
    for words in ("Casilla 1", "Crupier", "Apuesta", "Mesa", "Etapa", "reparto"):  # the stage, a noun
        assert words in page, words
    for words in ("Box 1", ">Dealer<", ">Stage<"):
        assert words not in page, words
