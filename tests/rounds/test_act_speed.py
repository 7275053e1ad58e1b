"""The tap's cost and its guards when it is taken without a row lock: a fixed number of
queries per action however long the round already is, a tap that lost a race to another
tab read again (never applied twice), and the per-process state cache never trusted
without the stored log agreeing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from drills.models import User
from drills.rounds import presenters, services
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound, RoundStep
from drills.rounds.tables.base import Focus, Level, TableGame, Tap
from drills.rounds.tables.registry import table_for
from games.procedure import Round

pytestmark = pytest.mark.django_db


def _right_tap(body: dict[str, Any]) -> services.TapMaker:
    return presenters.tap_maker(body)


def _body(stored: DealtRound, table: TableGame, state: Round, number: int) -> dict[str, Any]:
    due = state.due()
    assert due is not None
    body = presenters.tap_body(table, state, due.action, ChipSet.from_json(stored.chips))
    return body | {"key": f"tap-{stored.pk}-{number:04d}", "seen": len(state.log)}


@pytest.mark.parametrize("game", ["blackjack", "over-under-26"])
def test_every_action_costs_the_same_queries_however_long_the_round(trainee: User, game: str) -> None:
    """One read (the round and the key) and one write (the try and the round) per action
    on PostgreSQL; the same count for the first and the twentieth action elsewhere too.
    The last action also finishes the round into progress (in its own transaction)."""
    table = table_for(game)
    counts: list[int] = []
    for seed in (11, 12, 13):
        stored = services.start_round(trainee, game, Level.NORMAL, Focus.ROUND, seed=seed)
        state = services.current_state(stored)
        number = 0
        while not state.finished:
            body = _body(stored, table, state, number)
            with CaptureQueriesContext(connection) as queries:
                outcome = services.act_for(trainee, stored.public_id, _right_tap(body), body["key"], body["seen"])
            assert outcome.step.right, outcome.step.explanation
            assert outcome.state is not None
            state, number = outcome.state, number + 1
            if not state.finished:
                counts.append(len(queries))
    assert len(counts) > 10
    assert set(counts) == {counts[0]}, counts  # independent of the actions already in the round
    if connection.vendor == "postgresql":
        assert counts[0] == 2


def test_a_tap_that_lost_a_race_to_a_refused_tap_is_read_again(trainee: User, toy_table: TableGame) -> None:
    """Another tab's refused tap lands between this tap's read and its write: the write
    applies nothing, the round is read again, and the tap is taken as the next try."""
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=7)
    calls = []

    def racing(round_: DealtRound, state: Round, table: TableGame) -> Tap:
        if not calls:  # the other tab's refused tap commits now
            services.act(stored.pk, Tap("deal", {"box": 2}), "other-tab-1", seen=0)
        calls.append(round_.wrong)
        return Tap("deal", {"box": 1})

    outcome = services.act_for(trainee, stored.public_id, racing, "this-tab-1", 0)
    assert calls == [0, 1]  # read at wrong=0, lost, read again at wrong=1
    assert outcome.step.right
    assert outcome.step.number == 2
    stored.refresh_from_db()
    assert (stored.steps, stored.right, stored.wrong) == (1, 1, 1)
    assert RoundStep.objects.filter(round=stored).count() == 2


def test_a_tap_that_lost_a_race_to_a_right_tap_is_stale(trainee: User, toy_table: TableGame) -> None:
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=7)

    def racing(round_: DealtRound, state: Round, table: TableGame) -> Tap:
        if round_.steps == 0:  # the other tab deals the card first
            services.act(stored.pk, Tap("deal", {"box": 1}), "other-tab-1", seen=0)
        return Tap("deal", {"box": 1})

    with pytest.raises(services.StaleTable):
        services.act_for(trainee, stored.public_id, racing, "this-tab-1", 0)
    stored.refresh_from_db()
    assert (stored.steps, stored.right, stored.wrong) == (1, 1, 0)  # applied once
    assert not RoundStep.objects.filter(round=stored, key="this-tab-1").exists()


def test_a_double_tap_racing_itself_is_answered_once(trainee: User, toy_table: TableGame) -> None:
    """The same key arrives again while the first is between its read and its write."""
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=7)
    inner: list[services.TapOutcome] = []

    def racing(round_: DealtRound, state: Round, table: TableGame) -> Tap:
        if not inner:
            inner.append(services.act(stored.pk, Tap("deal", {"box": 1}), "double-tap-1", seen=0))
        return Tap("deal", {"box": 1})

    outcome = services.act_for(trainee, stored.public_id, racing, "double-tap-1", 0)
    assert outcome.repeated
    assert outcome.step.pk == inner[0].step.pk
    stored.refresh_from_db()
    assert (stored.steps, stored.right, stored.wrong) == (1, 1, 0)


def test_the_state_cache_is_never_trusted_without_the_stored_log(trainee: User) -> None:
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=21)
    table = table_for("blackjack")
    right = services.current_state(stored)
    other = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=22)
    wrong = services.current_state(other)
    key = services._start_key(stored)
    services._STATES.put(stored.pk, table, key, stored.log + "\nstale", wrong)  # another version
    assert services.current_state(stored) is not wrong
    services._STATES.put(stored.pk, table, services._start_key(other), stored.log, wrong)  # another start
    assert services.current_state(stored) is not wrong
    services._STATES.put(stored.pk, table, key, stored.log, right)
    assert services.current_state(stored) is right
