"""The dealing table in headless Chromium on the toy table: taps, the keyboard, the chip
tray, a refusal shown with its rule, a double tap and a second tab applying nothing twice."""

from __future__ import annotations

import pytest

from drills.rounds.models import DealtRound
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _start(page, base_url: str) -> DealtRound:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/rounds/")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#deal-form")
    return DealtRound.objects.get(public_id=page.url.rstrip("/").split("/")[-1])


def test_keyboard_dealing_a_refusal_and_chips_at_desktop_width(browser_page, live_server, trainee, toy_table):
    page = browser_page
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    stored = _start(page, live_server.url)
    page.keyboard.press("2")  # deal to box 2: box 1 is due
    page.wait_for_selector(".refused")
    assert "T-1" in page.locator(".refused").inner_text()
    page.keyboard.press("1")
    page.wait_for_selector(".accepted")
    page.keyboard.press("2")
    # CSS waits, not wait_for_function: the site's CSP forbids the eval that one uses.
    page.wait_for_selector("[data-spot=box-2] svg.pcard")
    assert page.locator("[data-spot=box-2] svg.pcard").count() == 1
    page.keyboard.press("p")
    page.keyboard.press("Shift+Digit3")  # a 5 chip
    page.keyboard.press("Shift+Digit3")
    assert page.locator(".stack-total").inner_text() == "Stack: 10.00"
    page.screenshot(path="test-artifacts/round-toy-desktop.png", full_page=True)
    page.keyboard.press("1")
    page.wait_for_selector(".stack-total:text-is('Stack: 0.00')")
    page.keyboard.press("c")
    page.click(".chip-add[data-chip='5.00']")
    page.click(".chip-add[data-chip='5.00']")
    page.click("[data-spot=box-2]")
    page.wait_for_selector(".round-over")
    stored.refresh_from_db()
    assert stored.finished
    assert (stored.right, stored.wrong) == (4, 1)


def test_tapping_at_phone_width_double_tap_and_second_tab(browser_page, live_server, trainee, toy_table):
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    stored = _start(page, live_server.url)
    other = page.context.new_page()
    other.goto(page.url)
    page.dblclick("[data-spot=box-1]")
    page.wait_for_selector(".accepted")
    stored.refresh_from_db()
    assert stored.right == 1
    assert stored.steps == 1
    other.click("[data-spot=box-2]")  # this tab still shows step 0
    other.wait_for_selector(".notice")
    assert "another tab" in other.locator(".notice").inner_text()
    stored.refresh_from_db()
    assert stored.right == 1
    assert stored.wrong == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="test-artifacts/round-toy-phone.png", full_page=True)
