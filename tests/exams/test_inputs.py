"""Bad input, table-driven: answers in the wrong shape are a 400 naming the field and save
nothing; refused writes are 409s that change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.test import Client

from drills.exams import services
from drills.exams.models import AnswerEvent, Sitting
from tests.exams.conftest import right_answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(candidate) -> Client:
    client = Client()
    client.force_login(candidate)
    return client


def put(client: Client, sitting: Sitting, position: int, body) -> object:
    return client.put(
        f"/api/v1/exams/sittings/{sitting.public_id}/items/{position}/answer/", body, content_type="application/json"
    )


BAD_ANSWERS = [
    # (item position, body, status, fields named)
    (1, [1, 2], 400, ["body"]),
    (1, {}, 400, ["answer"]),
    (1, {"answer": "27"}, 400, ["answer"]),
    (1, {"answer": None}, 400, ["answer"]),
    (1, {"answer": {}}, 400, ["answer.total"]),
    (1, {"answer": {"total": "abc"}}, 400, ["answer.total"]),
    (1, {"answer": {"total": 61}}, 400, ["answer.total"]),
    (1, {"answer": {"total": -1}}, 400, ["answer.total"]),
    (1, {"answer": {"total": 2.5}}, 400, ["answer.total"]),
    (1, {"answer": {"total": True}}, 400, ["answer.total"]),
    (1, {"answer": {"total": 20}, "seed": 4}, 400, ["seed"]),
    (4, {"answer": {"outcome": "over"}}, 400, ["answer.net"]),
    (4, {"answer": {"outcome": "sideways", "net": "ten"}}, 400, ["answer.outcome", "answer.net"]),
    (4, {"answer": {"outcome": "over", "net": "10.001"}}, 400, ["answer.net"]),
    (4, {"answer": {"outcome": ["over"], "net": "10"}}, 400, ["answer.outcome"]),
    (99, {"answer": {"total": 20}}, 404, ["position"]),
    (0, {"answer": {"total": 20}}, 404, ["position"]),
]


@pytest.mark.parametrize(("position", "body", "status", "fields"), BAD_ANSWERS, ids=[str(b[1]) for b in BAD_ANSWERS])
def test_a_bad_answer_names_the_field_and_saves_nothing(api, sitting, position, body, status, fields) -> None:
    services.save_answer(sitting, 1, {"total": 20})
    services.save_answer(sitting, 4, {"outcome": "fold", "net": "-5"})
    response = put(api, sitting, position, body)
    assert response.status_code == status
    assert sorted(response.json()["errors"]) == sorted(fields)
    assert sitting.items.get(position=1).answer == {"total": 20}
    assert sitting.items.get(position=4).answer == {"outcome": "fold", "net": "-5.00"}
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 2


def test_the_api_rejects_a_body_that_is_not_json(api, sitting) -> None:
    response = api.put(
        f"/api/v1/exams/sittings/{sitting.public_id}/items/1/answer/", "total=3", content_type="text/plain"
    )
    assert response.status_code == 415
    assert list(response.json()["errors"]) == ["detail"]


def test_the_page_autosave_keeps_a_malformed_answer_as_a_draft_naming_the_field(api, sitting) -> None:
    # Not a 400: under DEBUG, django-htmx's error handler would swap a 400 in for the page.
    url = f"/exams/sittings/{sitting.public_id}/items/4/"
    fragment = api.post(url, {"outcome": "over", "net": "lots"}, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert "Player&#x27;s net result" in fragment.content.decode()
    assert "incomplete" in fragment.content.decode()
    page = api.post(url, {"outcome": "over", "net": "lots", "go": "5"}, follow=True)
    assert page.redirect_chain[-1][0].endswith("?item=5")
    assert "Item 4 is saved as a draft, not complete yet (Player&#x27;s net result:" in page.content.decode()
    item = sitting.items.get(position=4)
    assert (item.answer, item.draft) == (None, {"outcome": "over", "net": "lots"})
    back = api.get(f"/exams/sittings/{sitting.public_id}/?item=4").content.decode()
    assert 'value="lots"' in back  # what was typed stays in the form
    ok = api.post(url, {"outcome": "over", "net": "-5", "go": "5"})
    assert ok.status_code == 302
    assert ok["Location"].endswith("?item=5")
    item.refresh_from_db()
    assert (item.answer, item.draft) == ({"outcome": "over", "net": "-5.00"}, None)


def test_moving_on_from_an_unanswered_item_saves_nothing(api, sitting) -> None:
    response = api.post(f"/exams/sittings/{sitting.public_id}/items/1/", {"total": "", "go": "2"})
    assert response.status_code == 302
    assert not AnswerEvent.objects.exists()


def test_after_the_deadline_every_write_is_a_409_that_changes_nothing(api, sitting) -> None:
    services.save_answer(sitting, 1, right_answer(sitting, 1))
    with time_machine.travel(sitting.deadline + timedelta(seconds=1), tick=False):
        answer = put(api, sitting, 1, {"answer": {"total": 0}})
        assert answer.status_code == 409
        assert list(answer.json()["errors"]) == ["detail"]
        fragment = api.post(f"/exams/sittings/{sitting.public_id}/items/2/", {"total": "5"}, HTTP_HX_REQUEST="true")
        assert fragment.status_code == 409
        assert 'data-closed="1"' in fragment.content.decode()
        submit = api.post(f"/api/v1/exams/sittings/{sitting.public_id}/submit/")
    assert submit.status_code == 200  # closed at the deadline already: nothing to do
    assert submit.json()["already_finished"] is True
    assert submit.json()["status"] == "closed"
    assert sitting.items.get(position=1).answer == right_answer(sitting, 1)
    assert sitting.items.get(position=2).answer is None
    assert AnswerEvent.objects.filter(sitting=sitting).count() == 1


def test_a_submitted_sitting_refuses_answers(api, sitting) -> None:
    assert api.post(f"/api/v1/exams/sittings/{sitting.public_id}/submit/").json()["already_finished"] is False
    response = put(api, sitting, 1, {"answer": {"total": 10}})
    assert response.status_code == 409
    assert "over" in response.json()["errors"]["detail"][0]
    assert api.get(f"/exams/sittings/{sitting.public_id}/").status_code == 302  # to the result


def test_start_refusals_are_409s_saying_why(api, candidate, casino) -> None:
    from tests.exams.conftest import make_blueprint

    blueprint = make_blueprint(casino, "Once", attempts_allowed=1, pass_percent=100)
    first = services.start_sitting(candidate, blueprint).sitting
    services.submit_sitting(first)
    services.grade_sitting(first.pk)
    response = api.post(f"/api/v1/exams/{blueprint.pk}/start/", {}, content_type="application/json")
    assert response.status_code == 409
    assert response.json() == {"errors": {"detail": ["no attempts left (1 of 1 used)"]}}
    page = api.post(f"/exams/{blueprint.pk}/start/")
    assert page.status_code == 409
    assert "No attempts left" in page.content.decode()
    listing = api.get("/api/v1/exams/").json()
    assert [(e["title"], e["attempts_left"], e["can_start"]) for e in listing] == [("Once", 0, False)]


def test_a_sitting_page_clamps_a_bad_item_number(api, sitting) -> None:
    for value in ("0", "-3", "abc", "999"):
        response = api.get(f"/exams/sittings/{sitting.public_id}/?item={value}")
        assert response.status_code == 200
        assert 1 <= response.context["position"] <= 5
