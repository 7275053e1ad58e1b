"""An incomplete autosave is a draft: saved as typed, said "incomplete" inline (never a
4xx that django-htmx's DEBUG handler swaps in for the whole page), never graded, never
final, even with feedback shown during the sitting."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from drills.exams import services
from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import AnswerEvent, Blueprint, Sitting
from drills.models import Property, User

pytestmark = pytest.mark.django_db


def sitting_of(candidate: User, casino: Property, game: str, kind: str, **settings: Any) -> Sitting:
    blueprint = Blueprint.objects.create(property=casino, game=game, title=f"{kind} exam")
    values = {"time_limit_minutes": 10, "pass_percent": 60, "attempts_allowed": 2, "retake_wait_hours": 0}
    save_version(blueprint, values | settings, [SectionSpec("Only", kind, "normal", 2)], by=None)
    return services.start_sitting(candidate, blueprint).sitting


def key_of(sitting: Sitting, position: int = 1) -> dict[str, Any]:
    item = sitting.items.get(position=position)
    return dict(services.regenerate_item(sitting, item).solution.key)


def one_of_two_amounts(key: dict[str, Any]) -> dict[str, Any]:
    return {"pays": key["pays"], "collects": ""}


def the_first_tapped_card(key: dict[str, Any]) -> dict[str, Any]:
    return {"front": [key["front"][0]]}


def letters(key: dict[str, Any]) -> dict[str, Any]:
    return {"pays": "ten", "collects": key["collects"]}


PARTIAL = [
    pytest.param("blackjack", "bj-payout", one_of_two_amounts, "Dealer collects", id="one-of-two-amounts"),
    pytest.param("pai-gow", "pg-house-way", the_first_tapped_card, "Two-card hand", id="first-card-of-house-way"),
    pytest.param("blackjack", "bj-payout", letters, "Dealer pays", id="letters"),
]


@pytest.mark.parametrize(("game", "kind", "partial", "label"), PARTIAL)
@pytest.mark.parametrize("review_during", [False, True], ids=["no-review", "review-during"])
def test_an_incomplete_autosave_is_a_draft_not_final_and_not_graded(
    candidate: User, casino: Property, game: str, kind: str, partial: Any, label: str, review_during: bool
) -> None:
    during = {"review_during_score": True, "review_during_answers": True} if review_during else {}
    sitting = sitting_of(candidate, casino, game, kind, **during)
    client = Client()
    client.force_login(candidate)
    key = key_of(sitting)
    typed = partial(key)
    url = f"/exams/sittings/{sitting.public_id}/items/1/"
    response = client.post(url, typed, headers={"HX-Request": "true"})
    assert response.status_code == 200
    fragment = response.content.decode()
    assert 'data-state="draft"' in fragment
    assert "Draft saved at" in fragment
    assert f"incomplete ({label}: " in fragment
    item = sitting.items.get(position=1)
    assert item.answer is None
    assert item.locked is False  # a partial answer never becomes final
    assert item.draft == {name: value for name, value in typed.items()}
    assert not AnswerEvent.objects.exists()
    page = client.get(f"/exams/sittings/{sitting.public_id}/?item=1").content.decode()
    assert "· incomplete" in page
    assert 'class="item-link drafted current"' in page
    assert "Right answer" not in page  # no feedback for a draft, even with review during the sitting
    # The complete answer replaces the draft; with review during the sitting it is final.
    complete = client.post(url, {name: value for name, value in key.items()}, headers={"HX-Request": "true"})
    assert 'data-state="answer"' in complete.content.decode()
    item.refresh_from_db()
    assert item.answer == key
    assert (item.draft, item.locked) == (None, review_during)


def test_a_draft_after_a_complete_answer_keeps_the_complete_one_for_grading(candidate: User, casino: Property) -> None:
    sitting = sitting_of(candidate, casino, "blackjack", "bj-payout")
    key = key_of(sitting)
    services.save_answer(sitting, 1, key)
    item = sitting.items.get(position=1)
    draft = services.save_draft(sitting, 1, one_of_two_amounts(key), {"collects": ["this field is required"]})
    assert draft.item.answer == key
    client = Client()
    client.force_login(candidate)
    fragment = client.post(
        f"/exams/sittings/{sitting.public_id}/items/1/", {"pays": "1", "collects": ""}, headers={"HX-Request": "true"}
    ).content.decode()
    assert f"Your complete answer saved at {item.answered_at:%H:%M:%S} counts until this one is complete" in fragment
    services.submit_sitting(sitting)
    result = services.grade_sitting(sitting.pk)
    assert result is not None
    graded = next(entry for entry in result.items if entry["position"] == 1)
    assert (graded["answer"], graded["correct"]) == (key, True)


def test_a_draft_is_bounded_to_the_items_fields(candidate: User, casino: Property) -> None:
    sitting = sitting_of(candidate, casino, "blackjack", "bj-payout")
    draft = services.save_draft(
        sitting, 1, {"pays": "9" * 500, "collects": "", "seed": "42"}, {"pays": ["not an amount"]}
    )
    assert draft.item.draft == {"pays": "9" * services.DRAFT_VALUE_CHARS, "collects": ""}
