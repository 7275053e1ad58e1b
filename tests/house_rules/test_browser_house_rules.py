"""The house-rules editor in headless Chromium: staff edit the Over/Under Bonus pay table,
add a row, watch the math change (htmx), and save; at a desktop and a phone width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from drills.models import RuleSet, User
from drills.rule_versions.models import RuleSetVersion
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")


def bonus_figure(page: Any) -> str:
    row = page.locator("#math-panel table.returns tr", has_text="Bonus bet")
    return str(row.locator("td.figure").inner_text()).strip()


@pytest.mark.parametrize("width", [1280, 390])
def test_staff_edit_the_bonus_table_and_see_the_math(
    browser_page: Any, live_server: Any, people: dict[str, User | None], rule_sets: dict[str, RuleSet], width: int
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
    login_in_browser(page, live_server.url, "staff", PASSWORD)
    page.goto(f"{live_server.url}/house-rules/")
    page.click(f"text={rule_sets['over-under-26'].name}")
    page.wait_for_selector("#math-panel table.returns")
    before = bonus_figure(page)
    assert before.startswith("\u2212")  # the fixture's table: the house has the edge

    # Add a row: total 26 pays 500:1. The math follows without a save.
    table = page.locator("fieldset[data-table=bonus_pay_table]")
    rows_before = table.locator("tbody tr").count()
    page.click("fieldset[data-table=bonus_pay_table] button.add-row")
    assert table.locator("tbody tr").count() == rows_before + 1
    new_row = table.locator("tbody tr").last
    new_row.locator("select").select_option("26")
    new_row.locator("input.ratio").fill("500:1")
    page.wait_for_selector("#math-panel .player-edge:has-text('Bonus bet')")
    after = bonus_figure(page)
    assert after != before
    assert after.startswith("+")
    assert "Bonus bet: these values give the player the edge" in page.locator("#math-panel").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"house-rules-edge-{width}.png"), full_page=True)

    # A bad ratio shows in the panel as the field's error.
    new_row.locator("input.ratio").fill("3:0")
    page.wait_for_selector("#math-panel .math-errors")
    assert "Bonus pay table" in page.locator("#math-panel .math-errors").inner_text()
    new_row.locator("input.ratio").fill("20:1")
    page.wait_for_selector("#math-panel table.returns")

    # Give a reason and save (the blank spare row is no row).
    page.fill("textarea[name=change-reason]", "New Bonus table from the games manager")
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_selector(".messages li:has-text('Saved')")
    # Saved as a version waiting for a second staff member's sign-off (issue 16).
    stored = RuleSetVersion.objects.get(rule_set=rule_sets["over-under-26"], status="pending").values["bonus_pay_table"]
    assert stored == {"8": "100:1", "26": "20:1", "44": "100:1", "joker": "2:1"}
    page.screenshot(path=str(ARTIFACTS / f"house-rules-saved-{width}.png"), full_page=True)

    overflow = page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
    assert not overflow, "the page scrolls sideways"
    assert not [text for text in refused if "Content Security Policy" in text], refused
    # The dealer table beside the soft-17 choice (Jack Switch): flip it, the mark follows.
    page.goto(f"{live_server.url}/house-rules/{rule_sets['jack-switch'].slug}/")
    page.wait_for_selector("#math-panel table.dealer-outcomes th.entered:has-text('H17')")
    page.uncheck("input[name=dealer_hits_soft_17]")
    page.wait_for_selector("#math-panel table.dealer-outcomes th.entered:has-text('S17')")
    page.screenshot(path=str(ARTIFACTS / f"house-rules-jack-switch-{width}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
    assert not overflow, "the Jack Switch page scrolls sideways"
