"""A trainee deals a full round of each game in headless Chromium, at desktop
width with the keyboard and at phone width by tapping; one wrong action on purpose is
refused with its rule; a supervisor then replays the round step by step."""

from __future__ import annotations

import pytest

from drills.rounds import presenters, services
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound
from drills.rounds.tables.registry import table_for
from tests.conftest import login_in_browser
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAMES = ["blackjack", "jack-switch", "pai-gow", "over-under-26"]
RULE_PREFIX = {"blackjack": "BJ-", "jack-switch": "BJ-", "pai-gow": "PG-", "over-under-26": "OU-"}


def _start(page, base_url: str, game: str, level: str = "normal") -> DealtRound:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/rounds/")
    page.click(f".choice:has(input[name=game][value={game}])")
    page.click(f".choice:has(input[name=level][value={level}])")
    page.click(".choice:has(input[name=focus][value=round])")
    page.click("button:has-text('Deal')")
    page.wait_for_selector("#deal-form")
    return DealtRound.objects.get(public_id=page.url.rstrip("/").split("/")[-1])


def _tap(page, body: dict, keyboard: bool) -> None:  # type: ignore[no-untyped-def, type-arg]
    """Make one tap on the page as a dealer would: the tool, the chips, the total, the place."""
    tool = body["verb"] if body["verb"] != "deal-dealer" else "deal"
    shortcut = page.get_attribute(f"input[name=verb][value={tool}]", "data-shortcut")
    if keyboard:
        page.keyboard.press(shortcut)
    else:
        page.click(f".tool:has(input[name=verb][value={tool}])")
    if "choice" in body:
        page.click(f".stakes .tool:has(input[value={body['choice']}])")
    elif page.locator(".stakes input[value=main]").count():
        page.click(".stakes .tool:has(input[value=main])")
    for code, count in body.get("chips", {}).items():
        for _ in range(count):
            page.click(f".chip-add[data-chip='{code}']")
    if "number" in body:
        page.fill("input[name=number]", str(body["number"]))
    if "blackjack" in body.get("flags", []):
        page.check("input[name=flag][value=blackjack]")
    place = body.get("place", "dealer")
    spot = page.locator(f"button.spot[data-spot='{place}']")
    if keyboard and "number" in body and place == "dealer":
        page.focus("input[name=number]")
        page.keyboard.press("Enter")  # a total announced to the table
        return
    if keyboard and "number" in body:
        page.evaluate("document.activeElement.blur()")  # out of the total, as Tab would
    if keyboard and spot.get_attribute("data-index"):
        page.keyboard.press(spot.get_attribute("data-index"))
    elif keyboard and place == "dealer":
        page.keyboard.press("0")
    else:
        spot.click()


def _deal_round(page, stored: DealtRound, keyboard: bool, shots: str) -> DealtRound:  # type: ignore[no-untyped-def]
    table = table_for(stored.game)
    chips = ChipSet.from_json(stored.chips)
    # one wrong action on purpose: paying the first seated place before anything is dealt
    first = page.locator("button.spot:not(.spot-empty):not(.spot-dealer)").first.get_attribute("data-spot")
    _tap(page, {"verb": "pay", "place": first, "chips": {"5.00": 1}}, keyboard)
    page.wait_for_selector(".refused")
    refusal = page.locator(".refused").inner_text()
    assert RULE_PREFIX[stored.game] in refusal
    assert "The right action:" in refusal
    page.screenshot(path=f"test-artifacts/{shots}-refused.png", full_page=True)
    taps = 0
    while not (stored := DealtRound.objects.get(pk=stored.pk)).finished:
        state = services.current_state(stored)
        due = state.due()
        assert due is not None
        key = page.get_attribute("input[name=key]", "value")
        body = presenters.tap_body(table, state, due.action, chips)
        _tap(page, body, keyboard)
        # every render carries a fresh key: the table has been swapped in
        # A CSS wait, not wait_for_function: the site's CSP forbids the eval that one uses.
        page.wait_for_selector(f"input[name=key]:not([value='{key}'])", state="attached")
        status = page.locator(".status").inner_text()
        assert "Refused" not in status, (due.action.notation(), body, status)
        assert page.locator(".status .form-errors").count() == 0, (
            due.action.notation(), body, status)
        taps += 1
        if taps == 4:
            page.screenshot(path=f"test-artifacts/{shots}-dealing.png", full_page=True)
    page.wait_for_selector(".round-over")
    page.screenshot(path=f"test-artifacts/{shots}-over.png", full_page=True)
    assert stored.wrong == 1
    assert stored.right == taps
    return stored


@pytest.mark.parametrize("game", GAMES)
def test_a_full_round_at_desktop_width_with_the_keyboard(browser_page, live_server, trainee, supervisor, game):
    page = browser_page
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    stored = _deal_round(page, _start(page, live_server.url, game, "hard"), keyboard=True, shots=f"round-{game}-1280")
    page.context.clear_cookies()
    login_in_browser(page, live_server.url, supervisor.username, PASSWORD)
    page.goto(f"{live_server.url}/rounds/{stored.public_id}/replay/?step=1")
    assert "Refused" in page.locator(".replay-steps").inner_text()
    page.click("a[rel=next]")
    page.wait_for_url("**step=2")
    assert page.locator(".replay-current").count() == 1
    page.screenshot(path=f"test-artifacts/round-{game}-replay-1280.png", full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_full_round_at_phone_width_by_tapping(browser_page, live_server, trainee, supervisor, game):
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)
    stored = _deal_round(page, _start(page, live_server.url, game), keyboard=False, shots=f"round-{game}-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.clear_cookies()
    login_in_browser(page, live_server.url, supervisor.username, PASSWORD)
    page.goto(f"{live_server.url}/rounds/{stored.public_id}/replay/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=f"test-artifacts/round-{game}-replay-390.png", full_page=True)
