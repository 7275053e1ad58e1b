"""Hostile input at the exam doors: amounts (tests/hostile.py) in the autosave API and the
sitting page's form, deep and malformed JSON on the exam API. Each is a 400 naming the
field (a form error on the page) that saves nothing; never a 500."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from drills.exams import services
from drills.exams.models import AnswerEvent, Sitting
from tests.hostile import PLACEHOLDER, bad_params, deep_json, says_why, with_amount
from tests.site.shapes import error_response

pytestmark = pytest.mark.django_db

NET_ITEM = 4  # the blueprint's Over/Under settle item: an outcome and a signed net


@pytest.fixture
def api(candidate) -> Client:
    client = Client()
    client.force_login(candidate)
    return client


def autosave(client: Client, sitting: Sitting, raw: str | bytes, position: int = NET_ITEM) -> Any:
    url = f"/api/v1/exams/sittings/{sitting.public_id}/items/{position}/answer/"
    return client.put(url, raw, content_type="application/json")


@pytest.mark.parametrize("amount_json", bad_params(signed=True))
def test_a_bad_net_is_a_400_naming_it_and_saves_nothing(api, sitting, amount_json: str) -> None:
    services.save_answer(sitting, NET_ITEM, {"outcome": "fold", "net": "-5"})
    raw = with_amount({"answer": {"outcome": "over", "net": PLACEHOLDER}}, amount_json)
    errors = error_response(autosave(api, sitting, raw), 400, "answer.net")
    assert list(errors) == ["answer.net"]
    assert says_why(errors["answer.net"][0])
    assert sitting.items.get(position=NET_ITEM).answer == {"outcome": "fold", "net": "-5.00"}
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 1


@pytest.mark.parametrize(
    ("amount_json", "expected"),
    [('"-20"', "-20.00"), ("-20.5", "-20.50"), ("15", "15.00"), ('"1000000"', "1000000.00")],
)
def test_a_good_net_is_saved_normalised(api, sitting, amount_json: str, expected: str) -> None:
    raw = with_amount({"answer": {"outcome": "over", "net": PLACEHOLDER}}, amount_json)
    response = autosave(api, sitting, raw)
    assert response.status_code == 200, response.content
    assert response.json()["answer"]["net"] == expected
    assert sitting.items.get(position=NET_ITEM).answer["net"] == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param(deep_json(1100), "nested more than 32 levels deep", id="1100-levels"),
        pytest.param('{"answer": ' * 40 + "1" + "}" * 40, "nested more than 32 levels deep", id="40-levels"),
        pytest.param("{oops", "not valid JSON", id="malformed"),
        pytest.param("[1, 2]", "must be a JSON object", id="array"),
    ],
)
def test_a_body_the_exam_api_cannot_use_is_a_400_naming_body(api, sitting, blueprint, raw: str, message: str) -> None:
    for response in (autosave(api, sitting, raw),
                     api.post(f"/api/v1/exams/{blueprint.pk}/start/", raw, content_type="application/json")):
        errors = error_response(response, 400, "body")
        assert list(errors) == ["body"]
        assert message in errors["body"][0]
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 0


@pytest.mark.parametrize("typed", ["1e30", "9" * 40, "1_000", "１０", "٣٥", "-0", "1000000.01", "1e3"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_bad_net_typed_in_the_sitting_page_is_kept_as_a_draft_that_says_why(
    api, sitting, typed: str, htmx: bool
) -> None:
    # On the page a refused amount is a draft (issue 13.4): kept as typed, never the answer,
    # and the reason said inline (htmx) or on the item page the post returns to.
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = f"/exams/sittings/{sitting.public_id}/items/{NET_ITEM}/"
    response = api.post(url, {"outcome": "over", "net": typed}, **headers)
    assert response.status_code == (200 if htmx else 302)
    shown = response if htmx else api.get(response["Location"])
    assert says_why(html.unescape(shown.content.decode())) if htmx else shown.status_code == 200
    item = sitting.items.get(position=NET_ITEM)
    assert item.answer in (None, {})
    assert item.draft is not None
    assert item.draft.get("net") == typed
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 0
