"""A trainee drills in a real browser (headless Chromium): right and wrong answers, with
the feedback shown in place (htmx), on a desktop and at phone width."""

from __future__ import annotations

import pytest

from drills.models import Attempt, DrillScenario
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_drill(page, base_url: str, kind: str) -> DrillScenario:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/drills/")
    page.locator(f"[data-kind={kind}] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    public_id = page.url.rstrip("/").split("/")[-1]
    return DrillScenario.objects.get(public_id=public_id)


def test_trainee_answers_right_then_wrong_and_sees_the_rule(browser_page, live_server, trainee):
    page = browser_page
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)

    stored = start_drill(page, live_server.url, "ou-total")
    assert page.locator("svg.pcard").count() == 4
    assert str(stored.seed) not in page.content()
    page.fill("input[name=total]", str(stored.key["total"]))
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-right")
    assert "OU-2" in page.locator(".feedback").inner_text()
    page.screenshot(path="test-artifacts/drill-right.png", full_page=True)

    page.click("button:has-text('Next')")
    page.wait_for_selector(".answer-form")
    stored = DrillScenario.objects.order_by("-shown_at").first()
    page.fill("input[name=total]", str(stored.key["total"] + 1))
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-wrong")
    feedback = page.locator(".feedback").inner_text()
    assert str(stored.key["total"]) in feedback
    assert Attempt.objects.filter(user=trainee).count() == 2


def test_settle_drill_with_choice_buttons_and_keypad_at_phone_width(browser_page, live_server, trainee):
    page = browser_page
    page.set_viewport_size({"width": 375, "height": 740})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    stored = start_drill(page, live_server.url, "ou-settle")
    # A malformed answer keeps the form with an error naming the field.
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".form-errors")
    assert "Outcome" in page.locator(".form-errors").inner_text()
    page.click(f".choice:has(input[value={stored.key['outcome']}])")
    net = stored.key["net"]
    for key in net.replace("-", "m"):
        page.click(f".keypad button[data-key='{'minus' if key == 'm' else key}']")
    assert page.input_value("input[name=net]") == net
    page.screenshot(path="test-artifacts/drill-phone-answering.png", full_page=True)
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-right")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, "the drill page scrolls sideways on a phone"
    page.screenshot(path="test-artifacts/drill-phone-feedback.png", full_page=True)
