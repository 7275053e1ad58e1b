"""Nothing the dealer may not see reaches them: at each of the four real tables, a seeded
round is dealt with one wrong tap at every step (then the right one), and no card that has
not lain face up on the table appears in any JSON or HTML the trainee receives — neither in
the notation (``8C``) nor in the symbol form (``8♣``, ``10♣``), both from ``games.cards``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import pytest
from django.test import Client

from drills.rounds import presenters, services
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level, Needs, NotNow, TableGame, TableView, TapError
from drills.rounds.tables.registry import table_for
from games.cards import AnyCard, format_card, format_card_symbol
from games.procedure import ProcedureError, Round

pytestmark = pytest.mark.django_db

GAMES = ("blackjack", "jack-switch", "pai-gow", "over-under-26")
SEEDS = (3, 60)


def _spellings(card: AnyCard) -> set[str]:
    symbol = format_card_symbol(card)
    spellings = {format_card(card), symbol}
    if symbol.startswith("T"):
        spellings.add("10" + symbol[1:])  # a ten as people write it
    return spellings - {"joker"}  # the word is not a card's face: the Over/Under pages say it


def _pattern(spelling: str) -> re.Pattern[str]:
    # Not inside a longer word or token (a CSRF token, a key, the rule ID "JS-4").
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(spelling)}(?![A-Za-z0-9-])")


def round_cards(state: Round) -> tuple[AnyCard, ...]:
    """Every card the round's shoe or deck holds (the test may look; the page may not)."""
    start: Any = getattr(state, "start_of_round", None)
    if start is not None:
        return tuple(start.shoe)
    start = state.start  # type: ignore[attr-defined]
    return tuple(getattr(start, "deck", None) or start.cards)


def face_up(view: TableView) -> set[str]:
    return {code for spot in (*view.spots, view.dealer) for hand in spot.hands for code in hand.cards}


class Watch:
    """The cards of a round not yet seen face up, and a check of what the trainee got."""

    def __init__(self, cards: Iterable[AnyCard]) -> None:
        self.cards = {format_card(card): card for card in cards}
        self.seen: set[str] = set()

    def saw(self, view: TableView) -> None:
        self.seen |= face_up(view)

    def leaks(self, text: str) -> list[str]:
        found = []
        for code, card in self.cards.items():
            if code in self.seen:
                continue
            found += [spelling for spelling in _spellings(card) if _pattern(spelling).search(text)]
        return found

    def check(self, response: Any, what: str) -> None:
        assert response.status_code in (200, 302), (what, response.status_code, response.content[:300])
        text = response.content.decode()
        if response.get("Content-Type", "").startswith("application/json"):
            text = json.dumps(json.loads(text), ensure_ascii=False)  # "♣" as itself, not \u2663
        assert not self.leaks(text), (what, self.leaks(text))


def _body(control: Any, spot: str, chips: ChipSet) -> dict[str, Any]:
    body: dict[str, Any] = {"verb": control.verb, "place": spot}
    if control.needs is Needs.CHIPS:
        body["chips"] = {chips.chips[0].code: 2}
    elif control.needs is Needs.NUMBER:
        body["number"] = 5
    elif control.needs is Needs.CHOICE and control.choices:
        body["choice"] = control.choices[0][0]
    return body


def wrong_tap(table: TableGame, state: Round, chips: ChipSet, turn: int) -> dict[str, Any]:
    """A tap the server refuses and counts (not a 400): the due verb at another place first
    (the server fills in the next card: the likeliest leak), else another verb."""
    due = state.due()
    assert due is not None
    right = presenters.tap_body(table, state, due.action, chips)
    view = table.table(state)
    spots = [spot.key for spot in (*view.spots, view.dealer)]
    spots = spots[turn % len(spots):] + spots[:turn % len(spots)]
    candidates = [right | {"place": key} for key in spots if key != right.get("place")]
    controls = table.controls(state)
    candidates += [_body(control, key, chips) for control in controls for key in spots
                   if control.verb != right["verb"]]
    for body in candidates:
        try:
            tap = presenters.parse_tap(body | {"key": "probe-000", "seen": 0}, table, state, chips).tap
            action = table.build(state, tap)
        except NotNow:
            return body
        except TapError:
            continue
        try:
            state.verify(action)
        except ProcedureError:
            return body
    raise AssertionError(f"no wrong tap found at {due.action.notation()}")


def _form(body: dict[str, Any]) -> dict[str, Any]:
    """The page's form fields for a tap body (the tray is a count per chip)."""
    form = {key: value for key, value in body.items() if key not in ("chips", "flags")}
    for code, count in (body.get("chips") or {}).items():
        form[f"chip-{code}"] = str(count)
    if body.get("flags"):
        form["flag"] = body["flags"]
    return form


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_no_card_not_yet_face_up_reaches_the_dealer(game, seed, trainee) -> None:
    client = Client()
    client.force_login(trainee)
    stored = services.start_round(trainee, game, Level.HARD, Focus.ROUND, seed=seed)
    table = table_for(game)
    chips = ChipSet.from_json(stored.chips)
    state = services.current_state(stored)
    watch = Watch(round_cards(state))
    watch.saw(table.table(state))
    api, page = f"/api/v1/rounds/{stored.public_id}/", f"/rounds/{stored.public_id}/"
    turn = 0
    while not stored.finished:
        wrong = wrong_tap(table, state, chips, turn) | {"key": f"wrong-{turn:05d}", "seen": stored.steps}
        if turn % 2:  # the refusal through the page (htmx), else through the API
            answer = client.post(f"{page}act/", _form(wrong), HTTP_HX_REQUEST="true")
        else:
            answer = client.post(f"{api}actions/", json.dumps(wrong), content_type="application/json")
            assert answer.json()["accepted"] is False, wrong
        watch.check(answer, f"refusal of {wrong}")
        watch.check(client.get(page), "the table page after a refusal")
        watch.check(client.get(api), "the round's JSON after a refusal")
        right = presenters.tap_body(table, state, state.due().action, chips)  # type: ignore[union-attr]
        right |= {"key": f"right-{turn:05d}", "seen": stored.steps}
        if turn % 2:
            answer = client.post(f"{api}actions/", json.dumps(right), content_type="application/json")
            assert answer.json()["accepted"] is True, (right, answer.json()["step"])
        else:
            answer = client.post(f"{page}act/", _form(right), HTTP_HX_REQUEST="true")
        stored = DealtRound.objects.get(pk=stored.pk)
        state = services.current_state(stored)
        watch.saw(table.table(state))
        watch.check(answer, f"the right tap {right}")
        turn += 1
    assert stored.wrong == turn
    assert stored.right == turn
    watch.check(client.get(page), "the finished table")
