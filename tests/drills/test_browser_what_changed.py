"""A trainee drills "what changed" in a real browser at phone width (390 px): the drill the
property's new rules assigned, answered as the old rules had it, and told so."""

from __future__ import annotations

import datetime as dt

import pytest

from drills.models import DrillScenario
from drills.what_changed.services import assign_what_changed
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_what_changed_at_phone_width(browser_page, live_server, trainee):
    assign_what_changed(
        property=trainee.property,
        game="blackjack",
        old_values={},
        new_values={"dealer_hits_soft_17": True},
        trainees=[trainee],
        assigned_by=None,
        due=dt.date(2030, 6, 1),
    )
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    assert "Master What changed (Blackjack)" in page.content()
    page.goto(f"{live_server.url}/drills/")
    page.locator("[data-kind=bj-what-changed] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    stored = DrillScenario.objects.get(public_id=page.url.rstrip("/").split("/")[-1])
    assert stored.key == {"action": "hit"}  # a soft 17: the dealer now hits it
    question = page.locator("main").inner_text()
    assert "Soft 17: the dealer stands on soft 17 → the dealer hits soft 17 (BJ-8)" in question
    assert page.locator("svg.pcard").count() >= 2
    page.screenshot(path="test-artifacts/what-changed-phone-question.png", full_page=True)

    page.click(".choice:has(input[value=stand])")  # what the old rules said
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-wrong")
    feedback = page.locator(".feedback").inner_text()
    assert "That was the answer under the old rules" in feedback
    assert "Under the old rules this was dealer stand; now it is dealer hit." in feedback
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the page scrolls sideways on a phone"
    page.screenshot(path="test-artifacts/what-changed-phone-feedback.png", full_page=True)
