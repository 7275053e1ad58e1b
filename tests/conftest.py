"""Shared test configuration: markers for real services and the browser.

- ``@pytest.mark.services``: needs PostgreSQL, a Celery broker and a running worker
  (``.ci/run`` provides them). Skipped elsewhere, with the reason; with
  ``REQUIRE_SERVICES=1`` a missing service fails the test instead of skipping it.
- ``@pytest.mark.browser``: needs Debian's Chromium at ``/usr/bin/chromium``. Skipped
  when it is absent; ``REQUIRE_BROWSER=1`` turns that skip into a failure.

Hypothesis: the ``ci`` profile (derandomized) when ``CI`` is set, as in ``.ci/run``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import settings as hypothesis_settings

# CI draws the same examples on every run (a red CI names a defect, not a lucky draw); a
# developer's run draws new ones each time, so properties keep exploring. A failure prints
# its reproduction blob either way.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

CHROMIUM = Path("/usr/bin/chromium")


def pytest_sessionstart(session: pytest.Session) -> None:
    """The translation catalogues compiled (their .mo files are build output, not committed)."""
    from casino_training.catalogues import compile_catalogues

    for locale_dir in settings.LOCALE_PATHS:
        compile_catalogues(Path(locale_dir))


def _services_missing() -> str | None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return "DATABASE_URL does not point at PostgreSQL"
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "CELERY_BROKER_URL is not set (tasks run eagerly)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    services_reason = _services_missing()
    browser_reason = None if CHROMIUM.exists() else f"{CHROMIUM} is not installed (apt-get install chromium)"
    for item in items:
        if services_reason and item.get_closest_marker("services"):
            if os.environ.get("REQUIRE_SERVICES") == "1":
                item.fail_reason = services_reason  # type: ignore[attr-defined]
            else:
                item.add_marker(pytest.mark.skip(reason=f"real services: {services_reason}"))
        if browser_reason and item.get_closest_marker("browser"):
            if os.environ.get("REQUIRE_BROWSER") == "1":
                item.fail_reason = browser_reason  # type: ignore[attr-defined]
            else:
                item.add_marker(pytest.mark.skip(reason=f"browser: {browser_reason}"))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    reason = getattr(item, "fail_reason", None)
    if reason:
        pytest.fail(f"required but unavailable: {reason}", pytrace=False)


@pytest.fixture
def browser_page(live_server):  # type: ignore[no-untyped-def]
    """A Playwright page in Debian's headless Chromium, pointed at the live test server.

    Use ``page.goto(f"{live_server.url}/...")``. Screenshots go to ``test-artifacts/``.
    Playwright's sync API runs an event loop in this thread, so Django's async-safety
    check is relaxed for the test's own ORM calls (no concurrency is involved).
    """
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def login_in_browser(page, base_url: str, username: str, password: str) -> None:  # type: ignore[no-untyped-def]
    """Sign in through the real login form."""
    page.goto(f"{base_url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_load_state("networkidle")


@pytest.fixture(autouse=True)
def default_language():  # type: ignore[no-untyped-def]
    """Each test starts in the site's default language: a request in another language (the
    picker, a user's saved language) leaves its thread's language active after it."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def fast_passwords(settings):  # type: ignore[no-untyped-def]
    """Hashing with the production hasher costs ~0.3 s a password: tests make many."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
