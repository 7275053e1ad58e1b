"""Who may replay a round, and when (``drills.access.round_replay_withheld``): the round's own
dealer not while it is being dealt, nor an exam's round before the sitting's review shows the
answers; supervisors as before, live rounds included (on the toy table)."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import timezone

from drills.exams import services as exam_services
from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import Blueprint, Sitting
from drills.rounds import services
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level, Tap

pytestmark = pytest.mark.django_db

TAPS = (Tap("deal", {"box": 1}), Tap("deal", {"box": 2}), Tap("pay", {"box": 1}, amount=Decimal("10")),
        Tap("collect", {"box": 2}, amount=Decimal("10")))


def _deal(stored: DealtRound, taps: int = len(TAPS)) -> DealtRound:
    seen = stored.steps
    for n, tap in enumerate(TAPS[:taps]):
        seen = services.act(stored.pk, tap, f"replay-{stored.pk}-{n}", seen=seen).round.steps
    stored.refresh_from_db()
    return stored


def _shows(code: str, text: str) -> bool:
    """``code`` standing alone as a card, not inside a longer token (a CSRF token, an id)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", text) is not None


def _urls(stored: DealtRound) -> tuple[str, str]:
    return f"/rounds/{stored.public_id}/replay/", f"/api/v1/rounds/{stored.public_id}/replay/"


def test_the_dealer_replays_their_round_only_once_it_is_finished(trainee, trainee_client, supervisor, toy_table):
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=7)
    shoe = [str(card) for card in services.current_state(stored).shoe]  # type: ignore[attr-defined]
    services.act(stored.pk, Tap("deal", {"box": 2}), "replay-wrong-1", seen=0)  # refused: due a card to box 1
    page_url, api_url = _urls(stored)
    page, api = trainee_client.get(page_url), trainee_client.get(api_url)
    assert page.status_code == 403
    assert b"still being dealt" in page.content
    assert b"Back to the table" in page.content
    assert api.status_code == 403
    assert "still being dealt" in api.json()["errors"]["round"][0]
    for code in shoe:  # as a card, not as two letters inside the page's random CSRF token
        assert not _shows(code, page.content.decode())
        assert not _shows(code, api.content.decode())
    boss = Client()
    boss.force_login(supervisor)
    live = boss.get(api_url).json()  # the supervisor, as before: the rest of the round with its cards
    assert live["still_due"][0]["words"] == f"deal box=1 card={shoe[0]}"
    assert live["refused_after_last"][0]["due"] == f"deal box=1 card={shoe[0]}"
    _deal(stored)
    mine = trainee_client.get(api_url)
    assert mine.status_code == 200
    assert mine.json()["still_due"] == []
    assert trainee_client.get(page_url).status_code == 200


def _exam_round(casino, trainee, trainee_client) -> tuple[Sitting, DealtRound]:  # type: ignore[no-untyped-def]
    blueprint = Blueprint.objects.create(property=casino, game="blackjack", title="Blackjack table test")
    values = {"time_limit_minutes": 10, "pass_percent": 60, "attempts_allowed": 2, "retake_wait_hours": 0}
    save_version(blueprint, values, [SectionSpec("At the table", "round-blackjack", "easy", 1)], by=None)
    sitting = exam_services.start_sitting(trainee, blueprint).sitting
    trainee_client.post(f"/rounds/exam/{sitting.public_id}/1/")
    return sitting, DealtRound.objects.get(exam_item__sitting=sitting)


def test_an_exam_round_replays_for_its_dealer_only_when_the_review_shows_the_answers(
    casino, trainee, trainee_client, supervisor, toy_table
):
    sitting, stored = _exam_round(casino, trainee, trainee_client)
    stored = _deal(stored)
    assert stored.finished
    page_url, api_url = _urls(stored)
    page = trainee_client.get(page_url)
    assert page.status_code == 403
    assert b"part of an exam" in page.content
    assert b"Back to the exam" in page.content
    boss = Client()
    boss.force_login(supervisor)
    assert boss.get(api_url).status_code == 200
    exam_services.submit_sitting(sitting)  # submitted: by default the answers wait for the close
    assert trainee_client.get(api_url).status_code == 403
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(minutes=1))  # closed
    assert trainee_client.get(api_url).status_code == 200
    assert trainee_client.get(page_url).status_code == 200


def test_an_unfinished_exam_round_replays_for_its_dealer_without_the_cards_to_come(
    casino, trainee, trainee_client, toy_table
):
    sitting, stored = _exam_round(casino, trainee, trainee_client)
    shoe = [str(card) for card in services.current_state(stored).shoe]  # type: ignore[attr-defined]
    stored = _deal(stored, taps=1)
    services.act(stored.pk, Tap("deal", {"box": 1}), "replay-wrong-2", seen=stored.steps)  # refused: box 2 due
    _, api_url = _urls(stored)
    assert trainee_client.get(api_url).status_code == 403  # the sitting is open: the round can still be dealt
    exam_services.submit_sitting(sitting)
    Sitting.objects.filter(pk=sitting.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    replay = trainee_client.get(api_url)
    assert replay.status_code == 200
    assert replay.json()["still_due"][0]["words"] == "deal a card to box 2"
    assert replay.json()["refused_after_last"][0]["due"] == "deal a card to box 2"
    assert not _shows(shoe[1], replay.content.decode())
