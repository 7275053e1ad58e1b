"""A supervisor opens the team dashboard in headless Chromium and follows the drill-down
to a replayed scenario; the pages fit a phone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from drills.models import Team, User
from tests.conftest import login_in_browser
from tests.personas import PASSWORD
from tests.progress.conftest import grade_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_supervisor_follows_the_drill_down_to_a_replay(
    browser_page, live_server, team: Team, trainee: User, teammate: User, supervisor: User
) -> None:  # type: ignore[no-untyped-def]
    now = timezone.now()
    for index in range(22):
        grade_attempt(
            trainee, "ou-total", correct=index % 11 != 0, ms=4000, answered_at=now - dt.timedelta(hours=index)
        )
    wrong = grade_attempt(
        teammate, "ou-settle", correct=False, ms=30_000, mistake_code="ou-x", mistake="you paid the wrong side"
    )
    for index in range(3):
        grade_attempt(teammate, "ou-total", correct=index > 0, ms=9000, answered_at=now - dt.timedelta(days=index))

    page = browser_page
    login_in_browser(page, live_server.url, supervisor.username, PASSWORD)
    page.click("nav >> text=Team dashboard")
    page.click(f"a[href='/progress/teams/{team.pk}/'] >> nth=0")
    page.wait_for_selector("svg.heat")
    assert page.locator("svg.heat g.cell").count() == 4  # 2 trainees x 2 skills
    assert page.locator("svg.heat g.lv-mastered").count() == 1
    assert "you paid the wrong side" in page.locator("#mistakes").inner_text().lower()
    page.screenshot(path="test-artifacts/progress-dashboard.png", full_page=True)

    page.click(f"svg.heat a[href='/progress/trainees/{teammate.pk}/']")
    page.wait_for_selector("h1:has-text('Progress of Tom Teammate')")
    page.click(f"table.attempts a[href='/progress/attempts/{wrong.scenario.public_id}/']")
    page.wait_for_selector("article.replay")
    assert page.locator("article.replay svg.pcard").count() > 0
    assert page.locator(".answer-vs-key .row-wrong").count() >= 1
    assert "you paid the wrong side" in page.locator(".mistake").inner_text()
    page.screenshot(path="test-artifacts/progress-replay.png", full_page=True)

    page.set_viewport_size({"width": 375, "height": 800})
    for path in [f"/progress/teams/{team.pk}/", f"/progress/trainees/{trainee.pk}/", "/progress/items/"]:
        page.goto(f"{live_server.url}{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} scrolls sideways on a phone"
    page.screenshot(path="test-artifacts/progress-items-phone.png", full_page=True)
    page.goto(f"{live_server.url}/progress/teams/{team.pk}/")
    page.screenshot(path="test-artifacts/progress-dashboard-phone.png", full_page=True)


def test_trainee_sees_progress_and_drills_the_weakest_skill(browser_page, live_server, trainee: User) -> None:  # type: ignore[no-untyped-def]
    for index in range(5):
        grade_attempt(trainee, "ou-settle", correct=index == 0, difficulty="hard")
    page = browser_page
    page.set_viewport_size({"width": 375, "height": 800})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    page.goto(f"{live_server.url}/progress/")
    page.wait_for_selector("svg.line-chart")
    page.screenshot(path="test-artifacts/progress-trainee-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.click(".weak-list li[data-kind=ou-settle] button")
    page.wait_for_selector(".answer-form")
    assert "/drills/s/" in page.url
