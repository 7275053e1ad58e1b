"""Blackjack and Jack Switch at the drawn table, on the real round engine: every level deals
to the end through the page's taps, a wrong action is refused with its rule and the right
action, nothing undealt reaches the trainee, the replay shows the round step by step."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drills.rounds import presenters, services
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level
from drills.rounds.tables.registry import table_for
from games.registry import default_rules

GAMES = ("blackjack", "jack-switch")
ALL_GAMES = (*GAMES, "over-under-26", "pai-gow")


def _play(game: str, seed: int, level: Level, focus: Focus = Focus.ROUND) -> int:
    """Deal a whole round by the taps a correct dealer makes; the number of taps."""
    table = table_for(game)
    chips = ChipSet.default()
    state = services.automate(table, table.start(seed, level, default_rules(game)), focus)
    taps = 0
    while (due := state.due()) is not None:
        body = presenters.tap_body(table, state, due.action, chips) | {"key": f"key-{taps:06d}", "seen": len(state.log)}
        tap = presenters.parse_tap(json.loads(json.dumps(body)), table, state, chips)
        state = services.automate(table, state.apply(table.build(state, tap.tap)), focus)
        taps += 1
    assert state.finished
    return taps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(ALL_GAMES), st.integers(0, 2**62 - 1), st.sampled_from(list(Level)), st.sampled_from(list(Focus))
)
def test_every_round_can_be_dealt_by_taps_to_its_end(game, seed, level, focus) -> None:
    taps = _play(game, seed, level, focus)
    assert taps > 0 or focus is Focus.SETTLE


def test_harder_levels_have_more_boxes_side_bets_and_a_late_bet() -> None:
    table = table_for("jack-switch")
    easy = table.table(table.start(11, Level.EASY, default_rules("jack-switch")))
    hard_round = table.start(11, Level.HARD, default_rules("jack-switch"))
    hard = table.table(hard_round)
    assert sum(not s.empty for s in easy.spots) <= 2 <= sum(not s.empty for s in hard.spots) - 3
    labels = {bet.label for spot in hard.spots for bet in spot.bets}
    assert "Pair bonus" in labels or "Super Match" in labels
    assert any(step.action.VERB == "late-bet" for step in hard_round.remaining())  # type: ignore[attr-defined]


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _post(client: Client, url: str, body: object):  # type: ignore[no-untyped-def]
    return client.post(url, data=json.dumps(body), content_type="application/json")


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_round_through_the_api_with_one_wrong_action(game, trainee, supervisor) -> None:
    client = _client(trainee)
    data = _post(client, "/api/v1/rounds/", {"game": game, "level": "normal", "focus": "round"}).json()
    stored = DealtRound.objects.get(public_id=data["id"])
    table = table_for(game)
    chips = ChipSet.from_json(stored.chips)
    url = f"/api/v1/rounds/{data['id']}/actions/"
    # the first action is the first card to the first box: a card to the dealer is refused
    wrong = _post(client, url, {"key": "wrong-tap-1", "seen": data["seen"], "verb": "deal", "place": "dealer"}).json()
    assert wrong["accepted"] is False
    assert wrong["step"]["rule"] in {"BJ-P2", "BJ-P8"}
    assert "The right action: Deal a card to box" in wrong["step"]["explanation"]
    assert "card=" not in wrong["step"]["explanation"]
    taps = 0
    while not (stored := DealtRound.objects.get(pk=stored.pk)).finished:
        state = services.current_state(stored)
        dealt = Counter(str(c) for c in state.start_of_round.shoe[: state.table.cards_dealt])  # type: ignore[attr-defined]
        shown = client.get(f"/api/v1/rounds/{data['id']}/").json()["table"]
        on_table = Counter(code for spot in [*shown["spots"], shown["dealer"]] for hand in spot["hands"]
                           for code in hand["cards"])
        assert not on_table - dealt  # only cards already dealt: never one still in the shoe
        due = state.due()
        assert due is not None
        body = presenters.tap_body(table, state, due.action, chips) | {"key": f"tap-{taps:05d}", "seen": stored.steps}
        answer = _post(client, url, body)
        assert answer.status_code == 200, answer.content
        assert answer.json()["accepted"], answer.content
        taps += 1
    assert stored.right == taps
    assert stored.wrong == 1
    assert stored.attempt is not None
    replay = _client(supervisor).get(f"/api/v1/rounds/{data['id']}/replay/").json()
    assert replay["complete"] is True
    assert replay["problem"] is None
    first_refusal = replay["steps"][0]["refused"][0]["mistake"]
    assert first_refusal in {"skipped-dealer-card", "dealer-drew-early", "deal-out-of-order"}
    assert sum(step["by"] == "trainee" for step in replay["steps"]) == taps
    page = _client(supervisor).get(f"/rounds/{data['id']}/replay/?step=3")
    assert page.status_code == 200
    assert b"Step 3 of" in page.content
