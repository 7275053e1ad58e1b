"""Main pages in headless Chromium: bytes transferred and the drill page's first paint.

Pages: login, the trainee's home (with its due list and assignments), drill picker and drill
page, history, progress, exams and an exam sitting, the rounds start page and a dealt
round's table; the supervisor's home, team dashboard and learning pages (team panel,
assignments); the staff's certificates page.

Run by hand (not collected by pytest)::

    [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<name>] \\
        .venv/bin/python tests/benchmarks/bench_pages.py [--rounds 5]

Creates its own PostgreSQL database (default ``bench_pages``; dropped and recreated, and
dropped at the end unless ``--keep``), loads the demo data, collects the static files and
serves the site with gunicorn (DEBUG off, WhiteNoise, as in production). Chromium
(``/usr/bin/chromium``) then opens each main page with an empty cache and sums what the
network transferred (headers and encoded bodies of the page and everything it loads), and
measures first contentful paint of the drill page against the login page (the baseline: a
plain form), interleaved ``--rounds`` times, median of each. Aim (issue 17): no page over
150 KB transferred.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.benchmarks.bench_db import bench_database  # noqa: E402

DATABASE = bench_database("bench_pages")
BASE_ENV = {
    "DJANGO_SETTINGS_MODULE": "casino_training.settings",
    "DATABASE_URL": DATABASE.url,
    "DEBUG": "0",
    "SECRET_KEY": "benchmark-only-secret-key-not-for-production-pages-0123456789",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
    "SECURE_HSTS_SECONDS": "0",
    "LOG_LEVEL": "WARNING",
}
CHROMIUM = "/usr/bin/chromium"
LIMIT_BYTES = 150 * 1000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare() -> int:
    """A migrated database with the demo data and collected static files; a team id."""
    DATABASE.recreate()
    os.environ.update(BASE_ENV)
    import django

    django.setup()
    from django.core.management import call_command

    from drills.models import Team

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    team = Team.objects.order_by("pk").first()
    assert team is not None, "the demo data has no team"
    return team.pk


def log_in(browser: Any, base: str, username: str, password: str) -> Any:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_load_state("networkidle")
    state = context.storage_state()
    context.close()
    return state


def visit(browser: Any, url: str, state: Any = None) -> tuple[int, float | None, int]:
    """Bytes transferred with an empty cache, first contentful paint (ms), responses."""
    context = browser.new_context(storage_state=state)
    page = context.new_page()
    sizes: list[int] = []

    def finished(request: Any) -> None:
        measured = request.sizes()
        sizes.append(max(0, measured["responseBodySize"]) + max(0, measured["responseHeadersSize"]))

    page.on("requestfinished", finished)
    response = page.goto(url)
    if response is None or not response.ok:
        raise SystemExit(f"{url}: {response.status if response else 'no response'}")
    page.wait_for_load_state("networkidle")
    paint = page.evaluate(
        "() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null }"
    )
    context.close()
    return sum(sizes), paint, len(sizes)


def drill_url(browser: Any, base: str, state: Any) -> str:
    """A fresh drill scenario of the trainee (the page a trainee waits on most)."""
    context = browser.new_context(storage_state=state)
    page = context.new_page()
    page.goto(f"{base}/drills/")
    page.locator("[data-kind=ou-total] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    url = str(page.url)
    context.close()
    return url


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"preparing {DATABASE.name}: migrate, demo data, static files ...", flush=True)
    try:
        team = prepare()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        command = [sys.executable, "-m", "gunicorn", "casino_training.wsgi", "--bind", f"127.0.0.1:{port}",
                   "--workers", "2", "--log-level", "warning"]
        server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **BASE_ENV}, start_new_session=True)
        try:
            for _ in range(150):
                try:
                    urllib.request.urlopen(f"{base}/login/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.2)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
                measure(browser, base, team, args.rounds)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            DATABASE.drop()


def started_url(browser: Any, base: str, state: Any, start: str, button: str, ready: str) -> str:
    """The page a start form leads to (an exam sitting, a dealt round's table): open ``start``,
    press ``button``, wait for ``ready`` and return where the browser landed."""
    context = browser.new_context(storage_state=state)
    page = context.new_page()
    page.goto(start)
    page.locator(button).first.click()
    page.wait_for_selector(ready)
    url = str(page.url)
    context.close()
    return url


def exam_sitting_url(browser: Any, base: str, state: Any) -> str:
    """A sitting of the candidate's first exam (started, or resumed)."""
    context = browser.new_context(storage_state=state)
    page = context.new_page()
    page.goto(f"{base}/exams/")
    page.locator("a.button-primary[href*='/exams/']").first.click()
    page.wait_for_load_state("networkidle")
    if "/sittings/" not in page.url:  # the start page: confirm
        page.locator("main form button[type=submit], form:not(.signout) button[type=submit]").first.click()
        page.wait_for_load_state("networkidle")
    url = str(page.url)
    context.close()
    if "/sittings/" not in url:
        raise SystemExit(f"no exam sitting could be started (landed on {url})")
    return url


def measure(browser: Any, base: str, team: int, rounds: int) -> None:
    trainee = log_in(browser, base, "trainee1", "demo-trainee")
    supervisor = log_in(browser, base, "supervisor", "demo-supervisor")
    staff = log_in(browser, base, "staff", "demo-staff")
    candidate = log_in(browser, base, "trainee2", "demo-trainee")  # no sitting in the demo: may start one
    deal = "form.round-start button[type=submit]"
    round_table = started_url(browser, base, trainee, f"{base}/rounds/", deal, "#table-area")
    pages = [
        ("login (baseline)", f"{base}/login/", None),
        ("home (trainee)", f"{base}/", trainee),
        ("drill picker", f"{base}/drills/", trainee),
        ("drill page", drill_url(browser, base, trainee), trainee),
        ("history", f"{base}/drills/history/", trainee),
        ("my progress", f"{base}/progress/", trainee),
        ("exams", f"{base}/exams/", trainee),
        ("exam sitting", exam_sitting_url(browser, base, candidate), candidate),
        ("rounds start", f"{base}/rounds/", trainee),
        ("round table", round_table, trainee),
        ("home (supervisor)", f"{base}/", supervisor),
        ("team dashboard", f"{base}/progress/teams/{team}/", supervisor),
        ("learning: team panel", f"{base}/learning/teams/{team}/", supervisor),
        ("learning: assignments", f"{base}/learning/assignments/", supervisor),
        ("learning: certificates", f"{base}/learning/certificates/", staff),
    ]
    over = []
    for name, url, state in pages:
        size, _paint, responses = visit(browser, url, state)
        over += [name] if size > LIMIT_BYTES else []
        print(f"{name:<20} {size / 1000:7.1f} KB transferred in {responses} responses, cold cache")
    print(f"aim: no page over {LIMIT_BYTES / 1000:.0f} KB -> {'met' if not over else 'NOT met: ' + ', '.join(over)}")
    login_url, drill = pages[0][1], pages[3][1]
    paints: dict[str, list[float]] = {"login": [], "drill": []}
    for _ in range(rounds):  # interleaved, the same way each time (cold cache)
        for key, url, state in (("login", login_url, None), ("drill", drill, trainee)):
            paint = visit(browser, url, state)[1]
            if paint is not None:
                paints[key].append(paint)
    login_ms, drill_ms = statistics.median(paints["login"]), statistics.median(paints["drill"])
    print(f"first contentful paint, median of {rounds}: drill page {drill_ms:.0f} ms, login page {login_ms:.0f} ms; "
          f"RATIO {drill_ms / login_ms:.2f}x")


if __name__ == "__main__":
    main()
