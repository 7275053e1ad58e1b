"""The Content-Security-Policy holds in a real browser: on the main pages of every persona
(and the admin, and Swagger UI) Chromium reports no violation, and the pages still work
(the drill keypad, the exam sitting, Swagger UI listing the API)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from drills.exams.models import Blueprint
from drills.models import Team, User
from tests.conftest import login_in_browser
from tests.progress.conftest import grade_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Recorded before any page script runs (an init script is not subject to the page's CSP).
WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || ''));
});
"""


class Watcher:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.console: list[str] = []
        page.add_init_script(WATCH)
        page.on("console", lambda message: self._console(message))

    def _console(self, message: Any) -> None:
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.console.append(text)

    def visit(self, base: str, path: str) -> None:
        response = self.page.goto(f"{base}{path}")
        assert response is not None
        assert response.status == 200, f"{path}: {response.status}"
        assert "script-src 'self'" in response.headers["content-security-policy"]
        self.page.wait_for_load_state("networkidle")
        self.check(path)

    def check(self, where: str) -> None:
        violations = self.page.evaluate("window.__cspViolations || []")
        assert violations == [], f"{where}: {violations}"
        assert self.console == [], f"{where}: {self.console}"


@pytest.fixture
def demo(live_server: Any) -> dict[str, Any]:
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    trainee = User.objects.get(username="trainee1")
    for index in range(6):
        grade_attempt(trainee, "ou-total", correct=index % 3 != 0)
    grade_attempt(User.objects.get(username="trainee2"), "ou-settle", correct=False)
    return {"team": Team.objects.get(property__slug="demo"), "trainee": trainee, "base": live_server.url}


PASSWORDS = {"trainee1": "demo-trainee", "supervisor": "demo-supervisor", "staff": "demo-staff", "admin": "demo-admin"}


def sign_in(page: Any, base: str, username: str) -> None:
    login_in_browser(page, base, username, PASSWORDS[username])
    assert page.url.rstrip("/") == base, f"{username} did not sign in: {page.url}"


def test_anonymous_pages_and_swagger_ui(browser_page: Any, demo: dict[str, Any]) -> None:
    watcher = Watcher(browser_page)
    watcher.visit(demo["base"], "/login/")
    watcher.visit(demo["base"], "/exams/verify/")
    watcher.visit(demo["base"], "/api/v1/docs/")
    page = browser_page
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Dealer Academy API" in page.locator(".swagger-ui .info .title").inner_text()
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/v1/auth/token/" in path for path in paths)
    page.locator(".opblock-summary-path", has_text="/api/v1/me/").first.click()  # opens the operation
    page.wait_for_selector(".opblock.is-open")
    page.screenshot(path="test-artifacts/csp-swagger.png", full_page=True)
    watcher.check("swagger ui, after use")


def test_trainee_pages_and_drill(browser_page: Any, demo: dict[str, Any]) -> None:
    watcher, base, page = Watcher(browser_page), demo["base"], browser_page
    sign_in(page, base, "trainee1")
    for path in ["/", "/drills/", "/drills/history/", "/progress/", "/exams/"]:
        watcher.visit(base, path)
    # A drill with the amount keypad: a wrong (empty) answer swaps the form in (htmx),
    # then the keypad still types.
    page.goto(f"{base}/drills/")
    page.locator("[data-kind=ou-settle] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".form-errors")
    for key in ["1", "2", ".", "5", "back", "0"]:
        page.click(f".keypad button[data-key='{key}']")
    assert page.input_value("input[name=net]") == "12.0"
    watcher.check("drill page")
    # The exam sitting (countdown, keypad, autosave by htmx).
    blueprint = Blueprint.objects.get(property__slug="demo")
    watcher.visit(base, f"/exams/{blueprint.pk}/start/")
    page.click("button:has-text('Start the exam')")
    page.wait_for_selector(".countdown")
    assert "/exams/sittings/" in page.url
    page.wait_for_load_state("networkidle")
    watcher.check("exam sitting")
    page.screenshot(path="test-artifacts/csp-sitting.png", full_page=True)


def test_supervisor_pages(browser_page: Any, demo: dict[str, Any]) -> None:
    watcher, base = Watcher(browser_page), demo["base"]
    sign_in(browser_page, base, "supervisor")
    team, trainee = demo["team"], demo["trainee"]
    for path in ["/", "/progress/teams/", "/exams/results/"]:
        watcher.visit(base, path)
    for path in [f"/progress/teams/{team.pk}/", f"/progress/trainees/{trainee.pk}/", "/progress/items/"]:
        watcher.visit(base, path)
        assert browser_page.locator("figure.chart svg").count() > 0, path  # the charts, styled from files
    browser_page.screenshot(path="test-artifacts/csp-items.png", full_page=True)


def test_staff_pages_and_admin(browser_page: Any, demo: dict[str, Any]) -> None:
    watcher, base = Watcher(browser_page), demo["base"]
    sign_in(browser_page, base, "staff")
    team = demo["team"]
    user = demo["trainee"]
    for path in [
        "/",
        "/rule-sets/",
        "/exams/blueprints/",
        "/exams/results/",
        "/admin/",
        "/admin/drills/user/",
        f"/admin/drills/user/{user.pk}/change/",
        f"/admin/drills/team/{team.pk}/change/",
        "/admin/drills/ruleset/add/",
        "/admin/drills/attempt/",
    ]:
        watcher.visit(base, path)


def test_superuser_admin(browser_page: Any, demo: dict[str, Any]) -> None:
    watcher, base = Watcher(browser_page), demo["base"]
    sign_in(browser_page, base, "admin")
    for path in ["/", "/admin/", "/admin/axes/accessattempt/", "/admin/drills/property/"]:
        watcher.visit(base, path)
