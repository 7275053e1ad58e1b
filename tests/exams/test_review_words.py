"""A graded item keeps its structured why and diagnosis, and the review words them through the
reader's ``translate``; an item graded before they were kept shows its stored English."""

from __future__ import annotations

from typing import Any

import pytest

from drills.exams import selectors, services
from drills.exams.presenters import graded_words
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint

pytestmark = pytest.mark.django_db


def marked(message: str) -> str:
    return f"«{message}»"


def _graded_items(candidate, casino, right: bool) -> list[dict[str, Any]]:
    sitting = services.start_sitting(candidate, make_blueprint(casino, "Words")).sitting
    answer_all(sitting, right=right)
    finish_and_grade(sitting)
    result = selectors.result_of(sitting)
    assert result is not None
    return list(result.items)


def test_a_graded_item_keeps_its_reasons_and_the_review_translates_them(candidate, casino) -> None:
    items = _graded_items(candidate, casino, right=False)
    with_reasons = [item for item in items if item["reasons"]]
    assert with_reasons, "the Over/Under 26 kinds give structured reasons"
    for item in with_reasons:
        explanation, mistake = graded_words(item, translate=marked)
        assert explanation.startswith("«")
        assert "»" in explanation
        assert graded_words(item, translate=lambda s: s)[0] == item["explanation"]
        if item["diagnosis"]:
            assert mistake.startswith("«")
            assert graded_words(item, translate=lambda s: s)[1] == item["mistake"]
    assert any(item["diagnosis"] for item in with_reasons), "a wrong total gets a structured diagnosis"


def test_an_item_stored_without_reasons_shows_its_english(candidate, casino) -> None:
    items = _graded_items(candidate, casino, right=False)
    for item in items:
        old = {key: value for key, value in item.items() if key not in ("reasons", "diagnosis")}
        assert graded_words(old, translate=marked) == (item["explanation"], item["mistake"])


def test_reasons_that_are_not_the_whole_explanation_leave_it_as_stored(candidate, casino) -> None:
    item = next(item for item in _graded_items(candidate, casino, right=True) if item["reasons"])
    longer = item | {"explanation": item["explanation"] + " Said in words only."}
    assert graded_words(longer, translate=marked)[0] == longer["explanation"]
