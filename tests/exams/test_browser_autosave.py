"""The exam page in headless Chromium with DEBUG on (django-htmx's error handler active):
an incomplete answer never wipes the page, and a database outage shows "not saved yet,
retrying", retries with backoff and keeps what was typed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import Blueprint, Sitting
from drills.exams.services import regenerate_item
from drills.middleware import UNAVAILABLE
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")


@pytest.fixture
def payout_exam(casino: Any, settings: Any) -> Blueprint:
    settings.DEBUG = True  # ./scripts/serve's mode: django-htmx adds its DEBUG error handler
    blueprint = Blueprint.objects.create(property=casino, game="blackjack", title="Payout exam")
    save_version(
        blueprint,
        {"time_limit_minutes": 5, "pass_percent": 50, "attempts_allowed": 1, "review_during_score": True},
        [SectionSpec("Payouts", "bj-payout", "normal", 2)],
        by=None,
    )
    return blueprint


def start(page: Any, base_url: str, candidate: Any) -> Sitting:
    login_in_browser(page, base_url, candidate.username, PASSWORD)
    page.goto(f"{base_url}/exams/")
    page.click("text=Start the exam")
    page.click("button:has-text('Start the exam')")
    page.wait_for_selector(".item-form")
    return Sitting.objects.get(candidate=candidate)


@pytest.mark.parametrize("width", [1280, 390])
def test_an_incomplete_answer_is_a_draft_and_an_outage_is_retried(
    browser_page: Any, live_server: Any, candidate: Any, payout_exam: Blueprint, width: int
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    sitting = start(page, live_server.url, candidate)
    key = dict(regenerate_item(sitting, sitting.items.get(position=1)).solution.key)

    # One of the two amount boxes: saved as a draft, said inline; the page stays.
    page.fill("input[name=pays]", key["pays"])
    page.press("input[name=pays]", "Tab")
    page.wait_for_selector("#save-status:has-text('incomplete')")
    assert "Dealer collects" in page.locator("#save-status").inner_text()
    assert page.locator(".item-form").count() == 1, "the page was replaced"
    assert sitting.items.get(position=1).draft == {"pays": key["pays"], "collects": ""}
    assert sitting.items.get(position=1).locked is False  # review during the sitting: still not final
    page.screenshot(path=str(ARTIFACTS / f"exam-draft-{width}.png"), full_page=True)

    # The database goes away for two autosaves: "not saved yet, retrying", then saved.
    refused: list[str] = []

    def outage(route: Any) -> None:
        if len(refused) < 2:
            refused.append(route.request.url)
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body=json.dumps({"errors": {"detail": [UNAVAILABLE]}}),
            )
        else:
            route.continue_()

    page.route("**/items/1/", outage)
    page.fill("input[name=collects]", key["collects"])
    page.press("input[name=collects]", "Tab")
    page.wait_for_selector("#save-status:has-text('Not saved yet, retrying')")
    page.screenshot(path=str(ARTIFACTS / f"exam-retrying-{width}.png"), full_page=True)
    assert page.input_value("input[name=collects]") == key["collects"]  # what was typed stays
    page.wait_for_selector("#save-status .save-state[data-state=answer]", timeout=20_000)
    assert len(refused) == 2
    item = sitting.items.get(position=1)
    assert item.answer == key
    assert item.locked is True  # complete, with feedback during the sitting: final
    assert page.locator(".item-link.current.answered").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
