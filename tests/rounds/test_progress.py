"""Dealt rounds in progress: one skill per game, labelled; the history link opens the replay;
a round never enters "retry my mistakes"; chip sets are a validated house rule."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from drills.models import Attempt
from drills.practice.selectors import retry_queue
from drills.progress.selectors import trainee_progress
from drills.rounds import services
from drills.rounds.chips import ChipSet
from drills.rounds.models import TableChips
from drills.rounds.tables.base import Focus, Level, Tap

pytestmark = pytest.mark.django_db


def _finished_round(user, wrong: int = 1):  # type: ignore[no-untyped-def]
    stored = services.start_round(user, "blackjack", Level.EASY, Focus.ROUND, seed=3)
    for n in range(wrong):
        services.act(stored.pk, Tap("deal", {"box": 2}), f"wrong-key-{n}", seen=0)
    seen = 0
    taps = [Tap("deal", {"box": 1}), Tap("deal", {"box": 2}),
            Tap("pay", {"box": 1}, amount=Decimal("10")), Tap("collect", {"box": 2}, amount=Decimal("10"))]
    for n, tap in enumerate(taps):
        seen = services.act(stored.pk, tap, f"right-key-{n}", seen=seen).round.steps
    stored.refresh_from_db()
    return stored


def test_a_round_counts_as_the_games_round_skill(trainee, toy_table) -> None:
    _finished_round(trainee)
    progress = trainee_progress(trainee)
    skill = next(item for item in progress.skills if item.skill.slug == "round-blackjack")
    assert skill.skill.title.startswith("Deal a round: Blackjack")
    assert skill.mastery.total_answers == 1


def test_history_and_progress_links_open_the_replay(trainee, trainee_client, toy_table) -> None:
    stored = _finished_round(trainee)
    attempt = Attempt.objects.get(pk=stored.attempt_id)
    for url in (f"/drills/s/{attempt.scenario.public_id}/", f"/progress/attempts/{attempt.scenario.public_id}/"):
        response = trainee_client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"/rounds/{stored.public_id}/replay/"
    assert trainee_client.get("/drills/history/").status_code == 200
    assert trainee_client.get("/progress/").status_code == 200


def test_a_wrong_round_is_not_a_retry_item(trainee, toy_table) -> None:
    _finished_round(trainee, wrong=2)
    assert retry_queue(trainee) == []


def test_practise_on_a_round_skill_starts_a_round(trainee, trainee_client, toy_table) -> None:
    response = trainee_client.post("/drills/start/", {"kind": "round-blackjack", "difficulty": "hard"})
    assert response.status_code == 302
    assert response["Location"].startswith("/rounds/")
    assert trainee.dealt_rounds.get().level == "hard"


def test_the_chip_set_is_a_house_rule(casino, trainee, toy_table) -> None:
    chips = TableChips(property=casino, chips=[{"value": "5", "colour": "#FF0000", "name": "red"},
                                               {"value": "1", "colour": "#ffffff", "name": "white"}])
    chips.full_clean()
    chips.save()
    stored = services.start_round(trainee, "blackjack", Level.EASY, Focus.ROUND, seed=3)
    assert ChipSet.from_json(stored.chips).describe() == "1, 5"
    bad = TableChips(property=casino, chips=[{"value": "5", "colour": "red", "name": "red"}])
    with pytest.raises(ValidationError, match="colour"):
        bad.full_clean()
    twice = TableChips(property=casino, chips=[{"value": "5", "colour": "#ff0000", "name": "a"},
                                               {"value": "5.00", "colour": "#00ff00", "name": "b"}])
    with pytest.raises(ValidationError, match="twice"):
        twice.full_clean()
