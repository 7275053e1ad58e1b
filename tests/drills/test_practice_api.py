"""The drills API: kinds, next scenario, answer (saved before graded), own history.

Persona coverage: the trainee (own data), another trainee (404 on foreign scenarios,
nothing foreign in lists), anonymous (401).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from drills.models import Attempt, AttemptStatus, DrillScenario
from drills.practice.services import regenerate

pytestmark = pytest.mark.django_db

KINDS = "/api/v1/drills/kinds/"
SCENARIOS = "/api/v1/drills/scenarios/"
ATTEMPTS = "/api/v1/drills/attempts/"


def post(client: Client, url: str, body: Any) -> Any:
    return client.post(url, data=json.dumps(body), content_type="application/json")


def start(client: Client, kind: str = "ou-settle", difficulty: str = "hard") -> dict[str, Any]:
    response = post(client, SCENARIOS, {"kind": kind, "difficulty": difficulty})
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.parametrize("url", [KINDS, ATTEMPTS])
def test_anonymous_gets_401_in_the_error_shape(client, url):
    response = client.get(url)
    assert response.status_code == 401
    assert "detail" in response.json()["errors"]


def test_anonymous_cannot_start_or_answer(client):
    assert post(client, SCENARIOS, {"kind": "ou-total"}).status_code == 401


def test_kinds_list_says_why_a_kind_is_unavailable(trainee_client):
    kinds = {kind["slug"]: kind for kind in trainee_client.get(KINDS).json()}
    assert kinds["ou-total"]["available"] is True
    assert kinds["ou-bonus"]["available"] is False
    assert "not configured" in kinds["ou-bonus"]["unavailable_reason"]


def test_kinds_list_offers_the_bonus_once_the_property_has_a_table(trainee_client, bonus_table):
    kinds = {kind["slug"]: kind for kind in trainee_client.get(KINDS).json()}
    assert kinds["ou-bonus"]["available"] is True


def test_a_new_scenario_carries_no_seed_and_no_key(trainee_client, trainee):
    data = start(trainee_client)
    stored = DrillScenario.objects.get(public_id=data["id"])
    text = json.dumps(data)
    assert str(stored.seed) not in text
    assert "seed" not in data
    assert "key" not in data
    assert "expected" not in text
    assert data["attempt"] is None
    assert data["fields"][0]["name"] == "outcome"
    # The stored scenario regenerates to exactly what was shown.
    assert regenerate(stored).public_json()["prompt"] == data["prompt"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "kind"),
        ({"kind": "no-such-kind"}, "kind"),
        ({"kind": "ou-total", "difficulty": "impossible"}, "difficulty"),
        ({"kind": "ou-total", "mode": "retry"}, "mode"),
        ({"kind": "ou-bonus"}, "kind"),  # no Bonus table: refused with the reason
    ],
)
def test_bad_start_requests_name_the_field(trainee_client, body, field):
    response = post(trainee_client, SCENARIOS, body)
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_right_answer_is_graded_right_with_rules_and_saved(trainee_client, trainee):
    data = start(trainee_client, "ou-total", "hard")
    stored = DrillScenario.objects.get(public_id=data["id"])
    response = post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": stored.key})
    assert response.status_code == 200
    attempt = response.json()["attempt"]
    assert attempt["correct"] is True
    assert attempt["status"] == AttemptStatus.GRADED
    assert "OU-2" in attempt["rules"]
    saved = Attempt.objects.get(scenario=stored)
    assert saved.answer == stored.key
    assert saved.time_taken_ms >= 0


def test_wrong_answer_is_graded_wrong_and_the_key_is_revealed_after(trainee_client):
    data = start(trainee_client, "ou-total", "normal")
    stored = DrillScenario.objects.get(public_id=data["id"])
    wrong = {"total": stored.key["total"] + 1}
    attempt = post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": wrong}).json()["attempt"]
    assert attempt["correct"] is False
    assert attempt["expected"] == stored.key
    detail = trainee_client.get(f"{SCENARIOS}{data['id']}/").json()
    assert detail["attempt"]["expected"] == stored.key


def test_answering_twice_keeps_the_first_answer(trainee_client):
    data = start(trainee_client, "ou-total", "easy")
    stored = DrillScenario.objects.get(public_id=data["id"])
    url = f"{SCENARIOS}{data['id']}/answer/"
    first = post(trainee_client, url, {"answer": {"total": stored.key["total"] + 1}}).json()
    second = post(trainee_client, url, {"answer": stored.key}).json()
    assert first["already_answered"] is False
    assert second["already_answered"] is True
    assert second["attempt"]["correct"] is False
    assert Attempt.objects.filter(scenario=stored).count() == 1


@pytest.mark.parametrize(
    ("answer", "field"),
    [
        ({}, "answer.outcome"),
        ({"outcome": "win", "net": "10"}, "answer.outcome"),
        ({"outcome": "over", "net": "ten"}, "answer.net"),
        ({"outcome": "over", "net": "1.005"}, "answer.net"),
        ({"outcome": "over"}, "answer.net"),
    ],
)
def test_malformed_answers_are_400_naming_the_field_and_not_saved(trainee_client, answer, field):
    data = start(trainee_client, "ou-settle")
    response = post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": answer})
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not Attempt.objects.exists()


def test_answer_must_be_an_object(trainee_client):
    data = start(trainee_client, "ou-total")
    response = post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": [1, 2]})
    assert response.status_code == 400
    assert "answer" in response.json()["errors"]


def test_other_trainees_scenarios_are_invisible(trainee_client, other_trainee):
    data = start(trainee_client, "ou-total")
    other = Client()
    other.force_login(other_trainee)
    assert other.get(f"{SCENARIOS}{data['id']}/").status_code == 404
    assert post(other, f"{SCENARIOS}{data['id']}/answer/", {"answer": {"total": 20}}).status_code == 404
    stored = DrillScenario.objects.get(public_id=data["id"])
    post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": stored.key})
    assert other.get(ATTEMPTS).json()["results"] == []
    mine = trainee_client.get(ATTEMPTS).json()
    assert mine["count"] == 1
    assert mine["results"][0]["scenario"] == data["id"]


def test_named_mistake_comes_from_the_engine_under_the_wrong_rule(trainee_client):
    # Find a hard ou-total scenario with an Ace, then answer with Aces counted as 1.
    for _ in range(30):
        data = start(trainee_client, "ou-total", "hard")
        stored = DrillScenario.objects.get(public_id=data["id"])
        aces = sum(1 for card in regenerate(stored).situation["cards"] if card.startswith("A"))
        if aces:
            break
    else:
        pytest.fail("no Ace in 30 hard scenarios")
    wrong = {"total": stored.key["total"] - 10 * aces}
    attempt = post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": wrong}).json()["attempt"]
    assert attempt["mistake_code"] == "ou-ace-as-one"
    assert "OU-2" in attempt["mistake"]


def test_speed_target_is_the_propertys_own_where_set(trainee_client, casino):
    from drills.progress.models import KindTarget

    default = {kind["slug"]: kind for kind in trainee_client.get(KINDS).json()}["ou-total"]["target_seconds"]
    KindTarget.objects.create(property=casino, kind="ou-total", target_seconds=default + 7)
    kinds = {kind["slug"]: kind for kind in trainee_client.get(KINDS).json()}
    assert kinds["ou-total"]["target_seconds"] == default + 7
    data = post(trainee_client, SCENARIOS, {"kind": "ou-total", "mode": "speed"}).json()
    assert data["target_seconds"] == default + 7
    page = trainee_client.get(f"/drills/s/{data['id']}/").content.decode()
    assert f'data-target="{default + 7}"' in page


def test_trainee_home_points_to_the_weakest_skill_and_the_mistakes(trainee_client, trainee):
    from drills.kinds.base import Difficulty, get_kind
    from drills.models import Team
    from drills.practice.services import start_scenario, submit_answer

    Team.objects.create(property=trainee.property, name="Night shift").members.add(trainee)
    home = trainee_client.get("/").content.decode()
    assert "Next skill to start" in home
    for _ in range(3):
        stored, _ = start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
        submit_answer(stored, {"total": stored.key["total"] + 1})
    home = trainee_client.get("/").content.decode()
    assert 'data-kind="ou-total"' in home
    assert "Your weakest skill" in home
    assert "3 answers to put right" in home


def test_history_page_lists_own_attempts_linked_to_their_scenarios(trainee_client, other_trainee):
    data = start(trainee_client, "ou-total", "easy")
    stored = DrillScenario.objects.get(public_id=data["id"])
    post(trainee_client, f"{SCENARIOS}{data['id']}/answer/", {"answer": stored.key})
    page = trainee_client.get("/drills/history/").content.decode()
    assert f'href="/drills/s/{data["id"]}/"' in page
    assert '<td class="right">Right</td>' in page
    assert "Page 1 of 1" in page
    other = Client()
    other.force_login(other_trainee)
    assert data["id"] not in other.get("/drills/history/").content.decode()
