"""The round machinery on the toy table: taps, refusals, idempotency, staleness, finishing
into progress (and the nightly rebuild agreeing with it)."""

from __future__ import annotations

import pytest

from drills.models import Attempt
from drills.progress.models import SkillRollup
from drills.progress.services import rebuild_trainee
from drills.rounds import presenters, services
from drills.rounds.models import DealtRound, RoundStatus
from drills.rounds.tables.base import Focus, Level, Tap, TapError

pytestmark = pytest.mark.django_db


def _start(user, focus=Focus.ROUND):  # type: ignore[no-untyped-def]
    return services.start_round(user, "blackjack", Level.NORMAL, focus, seed=7)


def test_a_right_deal_is_applied_and_the_card_comes_from_the_server(trainee, toy_table) -> None:
    stored = _start(trainee)
    assert stored.steps == 0
    outcome = services.act(stored.pk, Tap("deal", {"box": 1}), "key-00000001", seen=0)
    assert outcome.step.right
    assert not outcome.repeated
    stored.refresh_from_db()
    state = services.current_state(stored)
    assert state.log[0].card == state.shoe[0]  # type: ignore[attr-defined]
    assert stored.steps == 1
    assert stored.right == 1
    assert stored.wrong == 0


def test_a_wrong_action_is_refused_counted_and_changes_nothing(trainee, toy_table) -> None:
    stored = _start(trainee)
    outcome = services.act(stored.pk, Tap("deal", {"box": 2}), "key-00000001", seen=0)
    assert not outcome.step.right
    assert outcome.step.rule == "T-1"
    assert outcome.step.mistake == "out-of-order"
    state = services.current_state(stored)
    next_card = str(state.shoe[0])  # type: ignore[attr-defined]
    assert outcome.step.due == f"deal box=1 card={next_card}"  # the record, for the supervisor's replay
    assert outcome.step.action == f"deal box=2 card={next_card}"
    shown = presenters.step_json(outcome.step, toy_table)  # what the dealer receives: no undealt card
    assert shown["due"] == "deal a card to box 1"
    assert shown["action"] == "deal a card to box 2"
    assert "due was deal a card to box 1" in outcome.step.explanation
    assert next_card not in str(shown)
    stored.refresh_from_db()
    assert (stored.steps, stored.right, stored.wrong, stored.log) == (0, 0, 1, "")


def test_a_repeated_key_never_applies_twice(trainee, toy_table) -> None:
    stored = _start(trainee)
    first = services.act(stored.pk, Tap("deal", {"box": 1}), "double-tap-1", seen=0)
    again = services.act(stored.pk, Tap("deal", {"box": 1}), "double-tap-1", seen=0)
    assert again.repeated
    assert again.step.pk == first.step.pk
    stored.refresh_from_db()
    assert stored.steps == 1
    assert stored.right == 1
    assert stored.tries.count() == 1


def test_a_stale_tap_is_refused_without_counting(trainee, toy_table) -> None:
    stored = _start(trainee)
    services.act(stored.pk, Tap("deal", {"box": 1}), "tab-one-0001", seen=0)
    with pytest.raises(services.StaleTable) as caught:
        services.act(stored.pk, Tap("deal", {"box": 1}), "tab-two-0001", seen=0)  # the other tab saw step 0
    assert "another tab or the back button" in str(caught.value)
    stored.refresh_from_db()
    assert stored.steps == 1
    assert stored.wrong == 0
    assert stored.tries.count() == 1


def test_a_tap_that_is_no_action_names_its_field(trainee, toy_table) -> None:
    stored = _start(trainee)
    with pytest.raises(TapError) as caught:
        services.act(stored.pk, Tap("pay", {"box": 1}), "no-chips-001", seen=0)
    assert caught.value.field == "chips"
    with pytest.raises(TapError) as caught:
        services.act(stored.pk, Tap("stand", {"box": 1}), "players-001", seen=0)
    assert caught.value.field == "verb"  # a player's decision is not the dealer's to make
    assert DealtRound.objects.get(pk=stored.pk).tries.count() == 0


def _deal_through(stored, wrong: int = 0):  # type: ignore[no-untyped-def]
    from decimal import Decimal

    seen = 0
    for n in range(wrong):
        services.act(stored.pk, Tap("deal", {"box": 2}), f"wrong-{n:05d}", seen=seen)
    taps = [Tap("deal", {"box": 1}), Tap("deal", {"box": 2}), Tap("pay", {"box": 1}, amount=Decimal("10.00")),
            Tap("collect", {"box": 2}, amount=Decimal("10.00"))]
    for number, tap in enumerate(taps):
        outcome = services.act(stored.pk, tap, f"right-{number:05d}", seen=seen)
        assert outcome.step.right, outcome.step.explanation
        seen = outcome.round.steps
    stored.refresh_from_db()
    return stored


def test_players_actions_are_automated_and_the_round_finishes_into_progress(trainee, toy_table) -> None:
    stored = _deal_through(_start(trainee), wrong=1)
    assert stored.status == RoundStatus.FINISHED
    assert stored.steps == 6
    assert "stand box=1" in stored.log
    attempt = Attempt.objects.get(pk=stored.attempt_id)
    assert attempt.kind == "round-blackjack"
    assert attempt.correct is False
    assert str(attempt.score) == "0.80"
    assert attempt.mistake_code == "out-of-order"
    rollup = SkillRollup.objects.get(user=trainee, kind="round-blackjack")
    assert (rollup.answers, rollup.correct) == (1, 0)
    assert rebuild_trainee(trainee.pk) is False  # the rebuild from raw attempts agrees


def test_a_clean_round_is_right_with_full_score(trainee, toy_table) -> None:
    stored = _deal_through(_start(trainee))
    attempt = Attempt.objects.get(pk=stored.attempt_id)
    assert attempt.correct is True
    assert str(attempt.score) == "1.00"
    with pytest.raises(services.RoundClosed):
        services.act(stored.pk, Tap("deal", {"box": 1}), "after-the-end", seen=stored.steps)


def test_settlement_focus_deals_the_cards_for_the_trainee(trainee, toy_table) -> None:
    stored = _start(trainee, Focus.SETTLE)
    assert stored.steps == 4  # both deals and both stands done by the server
    outcome = services.act(stored.pk, Tap("deal", {"box": 1}), "deal-not-mine", seen=4)
    assert not outcome.step.right


def test_deal_focus_settles_for_the_trainee(trainee, toy_table) -> None:
    stored = _start(trainee, Focus.DEAL)
    services.act(stored.pk, Tap("deal", {"box": 1}), "deal-focus-1", seen=0)
    services.act(stored.pk, Tap("deal", {"box": 2}), "deal-focus-2", seen=1)
    stored.refresh_from_db()
    assert stored.finished
    assert stored.steps == 6
    assert stored.right == 2
