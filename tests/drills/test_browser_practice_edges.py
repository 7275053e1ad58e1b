"""The practice pages' edges in headless Chromium, DEBUG on and off, desktop and phone:
"Retry my mistakes" once the last one is put right (a message, not an error page), and an
answer whose grading failed ("being graded", then the verdict once the sweep graded it)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from drills.kinds.base import Difficulty, get_kind
from drills.models import DrillScenario
from drills.practice import services
from drills.practice.views import NO_MISTAKES_LEFT
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_last_mistake_put_right_then_next_and_a_failed_grading(
    browser_page: Any, live_server: Any, trainee: Any, settings: Any, monkeypatch: pytest.MonkeyPatch,
    debug: bool, width: int,
) -> None:
    settings.DEBUG = debug
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    original, _ = services.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    services.submit_answer(original, {"total": original.key["total"] + 1})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    page.goto(f"{live_server.url}/drills/")
    page.click("button:has-text('Retry my mistakes (1)')")
    page.wait_for_selector(".answer-form")
    page.fill("input[name=total]", str(original.key["total"]))
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-right")
    page.click("button:has-text('Next')")
    page.wait_for_selector(".messages")
    assert NO_MISTAKES_LEFT in page.locator(".messages").inner_text()
    assert page.url.endswith("/drills/")
    page.screenshot(path=str(ARTIFACTS / f"drill-no-mistakes-left-{width}-{'debug' if debug else 'prod'}.png"))

    kind = get_kind("ou-total")
    real = type(kind).grade

    def broken(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(type(kind), "grade", broken)
    page.locator("[data-kind=ou-total] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    stored = DrillScenario.objects.order_by("-shown_at").first()
    assert stored is not None
    page.fill("input[name=total]", str(stored.key["total"]))
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-grading")
    assert "Being graded" in page.locator(".feedback").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(ARTIFACTS / f"drill-being-graded-{width}-{'debug' if debug else 'prod'}.png"))
    monkeypatch.setattr(type(kind), "grade", real)
    later = timezone.now() + services.STRANDED_AFTER + dt.timedelta(seconds=1)
    assert services.grade_stranded_attempts(later).graded == 1
    page.click("text=Check again")
    page.wait_for_selector(".feedback-right")
