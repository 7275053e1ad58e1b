"""The review policy, table-driven over each phase, and the answer key never leaking
before the policy allows it (every page and API response of a sitting is scanned)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from html import escape
from typing import Any

import pytest
import time_machine
from django.test import Client

from drills.exams import services
from drills.exams.models import Sitting
from drills.templatetags.rule_links import link_rule_ids
from tests.exams.conftest import finish_and_grade, make_blueprint, right_answer

pytestmark = pytest.mark.django_db

T0 = datetime(2025, 5, 1, 10, 0, tzinfo=UTC)
NOTHING = (False, False, False)
SCORE = (True, False, False)
SCORE_ANSWERS = (True, True, False)
EVERYTHING = (True, True, True)
ANSWERS = (False, True, False)
ANSWERS_EXPLANATIONS = (False, True, True)
ALL_COMBINATIONS = [NOTHING, SCORE, SCORE_ANSWERS, EVERYTHING, ANSWERS, ANSWERS_EXPLANATIONS]


def policy(phase: str, shows: tuple[bool, bool, bool], others: dict[str, tuple[bool, bool, bool]]) -> dict[str, bool]:
    phases = {"during": NOTHING, "submit": NOTHING, "closed": EVERYTHING} | others | {phase: shows}
    settings = {}
    for name, (score, answers, explanations) in phases.items():
        settings |= {
            f"review_{name}_score": score,
            f"review_{name}_answers": answers,
            f"review_{name}_explanations": explanations,
        }
    return settings


def explanation_of(sitting: Sitting, position: int) -> str:
    return services.regenerate_item(sitting, sitting.items.get(position=position)).solution.explanation


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("shows", ALL_COMBINATIONS, ids=str)
def test_during_the_sitting(clock, candidate, casino, shows) -> None:
    score, answers, explanations = shows
    blueprint = make_blueprint(casino, "Policy", **policy("during", shows, {"submit": EVERYTHING}))
    sitting = services.start_sitting(candidate, blueprint).sitting
    client = _client(candidate)
    saved = client.put(
        f"/api/v1/exams/sittings/{sitting.public_id}/items/1/answer/",
        {"answer": right_answer(sitting, 1)},
        content_type="application/json",
    ).json()
    detail = client.get(f"/api/v1/exams/sittings/{sitting.public_id}/").json()
    page = client.get(f"/exams/sittings/{sitting.public_id}/?item=1").content.decode()
    item = detail["items"][0]
    assert item["locked"] is any(shows)  # feedback during the sitting makes the answer final
    for feedback in (saved["feedback"], item["feedback"]):
        if not any(shows):
            assert feedback is None
            continue
        assert ("correct" in feedback) is score
        assert ("expected" in feedback) is answers
        assert ("explanation" in feedback) is explanations
        assert ("rules" in feedback) is explanations
    # Its rule IDs are links, opening beside the sitting.
    assert (link_rule_ids(explanation_of(sitting, 1), "new-tab") in page) is explanations
    assert ("Right answer:" in page) is answers
    # Unanswered items never show anything.
    assert all(other["feedback"] is None for other in detail["items"][1:])
    assert client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()["result"] is None


@pytest.mark.parametrize("shows", ALL_COMBINATIONS, ids=str)
def test_right_after_submitting(clock, candidate, casino, shows) -> None:
    score, answers, explanations = shows
    blueprint = make_blueprint(casino, "Policy", **policy("submit", shows, {}))
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.save_answer(sitting, 1, right_answer(sitting, 1))
    finish_and_grade(sitting)
    client = _client(candidate)
    data = client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()
    assert data["phase"] == "after_submit"
    assert data["shows"] == {"score": score, "answers": answers, "explanations": explanations}
    _assert_result_shows(data, shows)
    page = client.get(f"/exams/sittings/{sitting.public_id}/result/").content.decode()
    _assert_page_shows(page, sitting, shows)


@pytest.mark.parametrize("shows", [SCORE, SCORE_ANSWERS, EVERYTHING], ids=str)
def test_after_the_exam_closes(clock, candidate, casino, shows) -> None:
    blueprint = make_blueprint(casino, "Policy", **policy("closed", shows, {"submit": NOTHING}))
    sitting = services.start_sitting(candidate, blueprint).sitting
    services.save_answer(sitting, 1, right_answer(sitting, 1))
    finish_and_grade(sitting)
    client = _client(candidate)
    before = client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()
    assert before["phase"] == "after_submit"
    _assert_result_shows(before, NOTHING)
    clock.move_to(sitting.deadline)  # no closes_at: the exam closes at the sitting's deadline
    data = client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()
    assert data["phase"] == "after_close"
    _assert_result_shows(data, shows)
    _assert_page_shows(client.get(f"/exams/sittings/{sitting.public_id}/result/").content.decode(), sitting, shows)


def test_an_exam_window_keeps_answers_hidden_until_it_closes(clock, candidate, casino) -> None:
    blueprint = make_blueprint(casino, "Window", **policy("closed", EVERYTHING, {"submit": SCORE}))
    blueprint.closes_at = T0 + timedelta(hours=2)
    blueprint.save()
    sitting = services.start_sitting(candidate, blueprint).sitting
    finish_and_grade(sitting)
    client = _client(candidate)
    clock.move_to(sitting.deadline + timedelta(minutes=1))
    assert client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()["phase"] == "after_submit"
    clock.move_to(blueprint.closes_at)
    assert client.get(f"/api/v1/exams/sittings/{sitting.public_id}/result/").json()["phase"] == "after_close"


def _assert_result_shows(data: dict[str, Any], shows: tuple[bool, bool, bool]) -> None:
    score, answers, explanations = shows
    result = data["result"]
    assert ("score_percent" in result) is score
    assert ("passed" in result) is score
    assert ("sections" in result) is score
    assert (data["certificate"] is not None) is (score and result.get("passed", False))
    first = result["items"][0]
    assert first["answer"] is not None  # one's own answer is always shown
    assert ("correct" in first) is score
    assert ("expected" in first) is answers
    assert ("explanation" in first) is explanations


def _assert_page_shows(page: str, sitting: Sitting, shows: tuple[bool, bool, bool]) -> None:
    score, answers, explanations = shows
    assert ("Pass mark" in page) is score
    assert ("Right answer" in page) is answers
    assert (link_rule_ids(explanation_of(sitting, 1)) in page) is explanations  # its rule IDs are links


# --- the key never leaks ------------------------------------------------------------------

SECRET_KEYS = {"expected", "explanation", "rules", "key", "solution", "seed", "form_seed", "situation", "mistake"}


def _json_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _json_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _json_keys(v)}
    return set()


def test_no_page_or_api_response_during_a_sitting_carries_the_key(clock, candidate, casino) -> None:
    blueprint = make_blueprint(casino, "Secret", **policy("during", NOTHING, {"submit": NOTHING}))
    sitting = services.start_sitting(candidate, blueprint).sitting
    client = _client(candidate)
    base = f"/exams/sittings/{sitting.public_id}"
    api = f"/api/v1/exams/sittings/{sitting.public_id}"
    items = list(sitting.items.order_by("position"))
    responses = [client.get("/exams/"), client.get(f"/exams/{blueprint.pk}/start/", follow=True), client.get("/")]
    responses += [client.get(f"{base}/?item={item.position}") for item in items]
    responses += [client.get(f"{base}/submit/"), client.get(f"{base}/result/", follow=True)]
    responses += [client.post(f"{base}/items/1/", {"total": "12"}, HTTP_HX_REQUEST="true")]
    responses += [client.post(f"{base}/items/2/", {"total": "12"})]  # save and move: a redirect
    responses += [client.post(f"{base}/items/4/", {"outcome": "bad"}, HTTP_HX_REQUEST="true")]
    api_responses = [
        client.get("/api/v1/exams/"),
        client.post(f"/api/v1/exams/{blueprint.pk}/start/", {}, content_type="application/json"),
        client.get(f"{api}/"),
        client.get(f"{api}/result/"),
        client.put(f"{api}/items/3/answer/", {"answer": {"total": 30}}, content_type="application/json"),
        client.put(f"{api}/items/5/answer/", {"answer": {"outcome": "??"}}, content_type="application/json"),
    ]
    secrets = [str(sitting.form_seed)] + [str(item.seed) for item in items]
    explanations = [services.regenerate_item(sitting, item).solution.explanation for item in items]
    for response in responses + api_responses:
        body = response.content.decode()
        for secret in secrets:
            assert secret not in body, f"a seed in {response.request['PATH_INFO']}"
        for text in explanations:
            assert text not in body
            assert escape(text) not in body
            assert link_rule_ids(text) not in body  # as a page shows it, rule IDs linked
    for response in api_responses:
        leaked = _json_keys(json.loads(response.content)) & SECRET_KEYS
        assert not leaked, f"{response.request['PATH_INFO']} has {leaked}"


def test_the_client_cannot_set_the_seed_or_the_deadline(clock, candidate, blueprint) -> None:
    client = _client(candidate)
    start = f"/api/v1/exams/{blueprint.pk}/start/"
    for body in ({"seed": 1}, {"form_seed": 1}, {"deadline": "2099-01-01T00:00:00Z"}):
        response = client.post(start, body, content_type="application/json")
        assert response.status_code == 400
        assert list(response.json()["errors"]) == list(body)
    assert not Sitting.objects.exists()
    started = client.post(start, {}, content_type="application/json").json()
    sitting = Sitting.objects.get()
    assert started["deadline"] == "2025-05-01T10:10:00Z"
    answer = client.put(
        f"/api/v1/exams/sittings/{sitting.public_id}/items/1/answer/",
        {"answer": {"total": 3}, "deadline": "2099-01-01T00:00:00Z"},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"deadline": ["not accepted: this is set by the server"]}}
    # A page form cannot either: the page's start has no field for it, extra fields are ignored.
    client.post(f"/exams/{blueprint.pk}/start/", {"seed": "1", "deadline": "2099-01-01"})
    sitting.refresh_from_db()
    assert sitting.deadline == T0 + timedelta(minutes=10)
    assert sitting.form_seed != 1
    assert sitting.items.get(position=1).answer is None
