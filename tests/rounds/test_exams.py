"""Table tests: a blueprint section of rounds, dealt at the table, scored by the share of
right actions and the time, with the section's minimum (on the toy table)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from drills.exams import services as exam_services
from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.errors import BlueprintInvalid
from drills.exams.models import Blueprint, SittingResult
from drills.rounds import services
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Tap

pytestmark = pytest.mark.django_db


def _blueprint(casino, sections):  # type: ignore[no-untyped-def]
    blueprint = Blueprint.objects.create(property=casino, game="blackjack", title="Blackjack table test")
    values = {"time_limit_minutes": 10, "pass_percent": 60, "attempts_allowed": 2, "retake_wait_hours": 0}
    save_version(blueprint, values, sections, by=None)
    return blueprint


def _deal(stored: DealtRound, wrong: int) -> None:
    for n in range(wrong):
        services.act(stored.pk, Tap("deal", {"box": 2}), f"exam-wrong-{n}", seen=0)
    seen = 0
    taps = [Tap("deal", {"box": 1}), Tap("deal", {"box": 2}), Tap("pay", {"box": 1}, amount=Decimal("10")),
            Tap("collect", {"box": 2}, amount=Decimal("10"))]
    for n, tap in enumerate(taps):
        seen = services.act(stored.pk, tap, f"exam-right-{n}-{stored.pk}", seen=seen).round.steps


def test_a_table_test_section_is_scored_by_right_actions_with_its_minimum(casino, trainee, trainee_client, toy_table):
    blueprint = _blueprint(casino, [SectionSpec("At the table", "round-blackjack", "easy", 2, min_percent=90)])
    sitting = exam_services.start_sitting(trainee, blueprint).sitting
    page = trainee_client.get(f"/exams/sittings/{sitting.public_id}/")
    assert page.status_code == 200
    assert b"Deal this round at the table" in page.content
    response = trainee_client.post(f"/rounds/exam/{sitting.public_id}/1/")
    assert response.status_code == 302
    first = DealtRound.objects.get(exam_item__position=1)
    assert trainee_client.post(f"/rounds/exam/{sitting.public_id}/1/")["Location"] == response["Location"]  # resumed
    assert first.seed == sitting.items.get(position=1).seed
    _deal(first, wrong=1)  # 4 right of 5: 0.80
    trainee_client.post(f"/rounds/exam/{sitting.public_id}/2/")
    _deal(DealtRound.objects.get(exam_item__position=2), wrong=0)
    assert not DealtRound.objects.filter(attempt__isnull=False).exists()  # exam rounds are not practice
    exam_services.submit_sitting(sitting)
    result = exam_services.grade_sitting(sitting.pk)
    assert isinstance(result, SittingResult)
    assert [item["score"] for item in result.items] == ["0.80", "1.00"]
    assert result.sections[0]["score_percent"] == "90.00"
    assert result.sections[0]["passed"] is True
    assert result.passed
    assert trainee_client.get(f"/exams/sittings/{sitting.public_id}/result/").status_code == 200


def test_an_unfinished_round_scores_nothing_and_closed_sittings_take_no_action(
    casino, trainee, trainee_client, toy_table
):
    blueprint = _blueprint(casino, [SectionSpec("At the table", "round-blackjack", "easy", 1, min_percent=50)])
    sitting = exam_services.start_sitting(trainee, blueprint).sitting
    trainee_client.post(f"/rounds/exam/{sitting.public_id}/1/")
    stored = DealtRound.objects.get(exam_item__sitting=sitting)
    services.act(stored.pk, Tap("deal", {"box": 1}), "exam-one-0001", seen=0)
    exam_services.submit_sitting(sitting)
    with pytest.raises(services.RoundClosed, match="exam is over"):
        services.act(stored.pk, Tap("deal", {"box": 2}), "exam-late-0001", seen=1)
    result = exam_services.grade_sitting(sitting.pk)
    assert result is not None
    assert result.items[0]["score"] == "0.00"
    assert not result.passed


def test_a_round_section_must_deal_the_blueprints_game(casino, toy_table):
    blueprint = Blueprint.objects.create(property=casino, game="pai-gow", title="Wrong game")
    with pytest.raises(BlueprintInvalid, match="deals blackjack"):
        save_version(blueprint, {}, [SectionSpec("Table", "round-blackjack", "easy", 1)], by=None)
    with pytest.raises(BlueprintInvalid, match="from 1 to 50"):
        save_version(blueprint, {}, [SectionSpec("Table", "round-pai-gow", "easy", 99)], by=None)
