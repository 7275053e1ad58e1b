"""The site at phone width (390 px) in headless Chromium, on the demo casino: the menu is
one row until opened, no page scrolls sideways and no table is wider than its card (tables
become cards), an answer form has one amount keypad that moves to the focused field and
shows a minus key only for a signed field, cards to pick from are shown once, and the drill
difficulty is a row of big radio buttons. At 1280 px the menu is the plain row of links."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from drills.exams.blueprints import SectionSpec, save_version
from drills.exams.models import Blueprint, Sitting
from drills.exams.services import regenerate_item
from drills.kinds.base import FieldType
from drills.models import DrillScenario, Team, User
from drills.practice.services import regenerate
from tests.conftest import login_in_browser
from tests.progress.conftest import grade_attempt

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PASSWORDS = {"trainee1": "demo-trainee", "supervisor": "demo-supervisor", "staff": "demo-staff"}

# How wide the document and each table are against the window and the table's container.
OVERFLOW = """() => ({
  document: document.documentElement.scrollWidth - window.innerWidth,
  tables: [...document.querySelectorAll('main table')]
    .filter(t => t.offsetParent !== null && t.scrollWidth > t.parentElement.clientWidth + 1)
    .map(t => (t.className || 'table') + ': ' + t.scrollWidth + ' > ' + t.parentElement.clientWidth),
})"""


@pytest.fixture
def demo(live_server: Any) -> dict[str, Any]:
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    trainee = User.objects.get(username="trainee1")
    for index in range(6):
        wrong = index % 3 == 0
        grade_attempt(trainee, "ou-total", correct=not wrong, mistake="a long named mistake " * 3 if wrong else "")
    grade_attempt(User.objects.get(username="trainee2"), "ou-settle", correct=False)
    return {"team": Team.objects.get(property__slug="demo"), "trainee": trainee, "base": live_server.url}


def sign_in(page: Any, base: str, username: str) -> None:
    login_in_browser(page, base, username, PASSWORDS[username])
    assert page.url.rstrip("/") == base, f"{username} did not sign in: {page.url}"


def header_height(page: Any) -> float:
    return float(page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height"))


@pytest.mark.parametrize("username", ["trainee1", "staff"])
def test_the_menu_is_one_row_on_a_phone_until_opened(browser_page: Any, demo: dict[str, Any], username: str) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, username)
    links = page.locator(".site-header .nav a")
    count = links.count()
    assert count >= 6
    assert header_height(page) <= 60, "the closed menu takes more than one row"
    assert not links.first.is_visible()
    toggle = page.locator(".menu-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert all(links.nth(index).is_visible() for index in range(count))
    assert page.locator(".signout button").is_visible()
    page.screenshot(path=f"test-artifacts/phone-menu-open-{username}.png", full_page=True)
    links.nth(1).click()  # a page of the menu; the menu is folded again there
    page.wait_for_load_state("networkidle")
    assert header_height(page) <= 60
    page.keyboard.press("Escape")

    page.set_viewport_size(DESKTOP)
    assert not toggle.is_visible(), "the Menu button is for phones"
    assert all(links.nth(index).is_visible() for index in range(count))


PAGES = {
    "trainee1": ["/", "/drills/", "/drills/history/", "/progress/", "/exams/"],
    "supervisor": ["/", "/progress/teams/", "{team}", "/exams/results/", "/progress/items/"],
    "staff": ["/", "/rule-sets/", "/house-rules/", "/rule-versions/", "/exams/blueprints/"],
}


@pytest.mark.parametrize("username", list(PAGES))
def test_no_page_scrolls_sideways_on_a_phone(browser_page: Any, demo: dict[str, Any], username: str) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, username)
    for path in PAGES[username]:
        path = path.format(team=f"/progress/teams/{demo['team'].pk}/")
        page.goto(base + path)
        page.wait_for_load_state("networkidle")
        assert header_height(page) <= 60, path
        overflow = page.evaluate(OVERFLOW)
        assert overflow["document"] <= 0, f"{path} scrolls sideways by {overflow['document']} px"
        assert overflow["tables"] == [], f"{path}: tables wider than their card: {overflow['tables']}"
        page.screenshot(path=f"test-artifacts/phone-{username}{path.replace('/', '-').rstrip('-')}.png", full_page=True)


def test_tables_become_cards_with_their_column_names(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    page.goto(f"{base}/drills/history/")
    row = page.locator("table.history tbody tr").first
    assert row.locator("td").first.get_attribute("data-label") == "When"
    assert page.locator("table.history thead").is_hidden()
    label = row.locator("td[data-label=Result]").evaluate("cell => getComputedStyle(cell, '::before').content")
    assert label == '"Result"'
    right = page.locator("table.history tbody tr", has=page.locator("td.right")).first
    assert right.locator("td[data-label=Mistake]").is_hidden(), "no mistake: no label without a value"
    wrong = page.locator("table.history tbody tr", has=page.locator("td.wrong")).first
    assert wrong.locator("td[data-label=Mistake]").is_visible()
    page.set_viewport_size(DESKTOP)
    assert page.locator("table.history thead").is_visible(), "a desktop keeps the table"


def test_the_team_heatmap_is_a_list_per_trainee_on_a_phone(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "supervisor")
    page.goto(f"{base}/progress/teams/{demo['team'].pk}/")
    assert page.locator("svg.heat").is_hidden()
    trainees = page.locator(".heat-list .heat-trainee")
    assert trainees.count() == demo["team"].members.count()
    first = page.locator(".heat-list .heat-trainee", has_text=demo["trainee"].get_full_name())
    assert first.locator(".heat-skills a", has_text="Announce the total").count() == 1
    page.set_viewport_size(DESKTOP)
    assert page.locator("svg.heat").is_visible()
    assert page.locator(".heat-list").is_hidden()


def start_drill(page: Any, base: str, kind: str, difficulty: str = "") -> DrillScenario:
    page.goto(f"{base}/drills/")
    item = page.locator(f"[data-kind={kind}]")
    if difficulty:
        item.locator(f".segment:has(input[value={difficulty}])").click()
    item.locator("button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    return DrillScenario.objects.get(public_id=page.url.rstrip("/").split("/")[-1])


def test_settle_the_table_has_one_keypad_that_moves_to_the_focused_field(
    browser_page: Any, demo: dict[str, Any]
) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    stored = start_drill(page, base, "pg-table-settle")
    amounts = [field.name for field in regenerate(stored).fields]
    assert len(amounts) >= 3  # two positions at least, and the player-dealer
    assert page.locator(".keypad").count() == 1
    pad = page.locator(".keypad")
    for name in reversed(amounts):  # each field in turn: the keypad comes under it and types into it
        page.click(f"input[name={name}]")
        assert pad.get_attribute("data-for") == f"f-{name}"
        assert page.evaluate(f"document.getElementById('f-{name}').nextElementSibling.classList.contains('keypad')")
        assert pad.locator("[data-key=minus]").is_visible(), "a net may be negative"
        key = stored.key[name]
        for character in key.lstrip("-"):
            pad.locator(f"button[data-key='{character}']").click()
        if key.startswith("-"):
            pad.locator("button[data-key=minus]").click()
        assert page.input_value(f"input[name={name}]") == key
    page.screenshot(path="test-artifacts/phone-settle-table.png", full_page=True)
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-right")


def test_a_payout_drill_has_no_minus_key(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    start_drill(page, base, "bj-payout")
    assert page.locator(".keypad").count() == 1
    assert page.locator(".keypad button[data-key='7']").is_visible()
    assert page.locator(".keypad [data-key=minus]").is_hidden(), "Dealer pays is never negative"


def test_the_house_way_drill_shows_the_seven_cards_once(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    stored = start_drill(page, base, "pg-house-way")
    visible = "[...document.querySelectorAll('svg.pcard')].filter(card => card.getClientRects().length).length"
    assert page.evaluate(visible) == 7
    assert page.locator(".pick svg.pcard").count() == 7
    page.screenshot(path="test-artifacts/phone-house-way.png", full_page=True)
    for code in stored.key["front"]:
        page.locator(f".pick:has(input[value='{code}'])").click()
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback-right")
    assert page.evaluate(visible) == 7, "with the feedback the hand is shown again, once"
    assert page.locator(".card-group.picked").is_visible()


def test_the_difficulty_is_a_row_of_big_radio_buttons(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    page.goto(f"{base}/drills/")
    segments = page.locator("[data-kind=ou-total] .segment")
    assert segments.count() == 3
    for index in range(3):
        box = segments.nth(index).bounding_box()
        assert box is not None
        assert box["height"] >= 44, "a tap target of 44 px at least"
    assert page.locator("[data-kind=ou-total] .segment input[value=normal]").is_checked()
    stored = start_drill(page, base, "ou-total", difficulty="hard")
    assert stored.difficulty == "hard"


def test_an_exam_item_shows_the_minus_key_only_for_a_signed_amount(browser_page: Any, demo: dict[str, Any]) -> None:
    page, base = browser_page, demo["base"]
    blueprint = Blueprint.objects.create(property=demo["team"].property, game="blackjack", title="Phone exam")
    sections = [SectionSpec("Payouts", "bj-payout", "normal", 1), SectionSpec("Settling", "bj-settle-box", "normal", 1)]
    save_version(blueprint, {"time_limit_minutes": 10, "pass_percent": 50, "attempts_allowed": 1}, sections, by=None)
    page.set_viewport_size(PHONE)
    sign_in(page, base, "trainee1")
    page.goto(f"{base}/exams/{blueprint.pk}/start/")
    page.click("button:has-text('Start the exam')")
    page.wait_for_selector(".item-form")
    sitting = Sitting.objects.get(candidate=demo["trainee"], blueprint=blueprint)
    signs: dict[bool, int] = {True: 0, False: 0}
    for item in sitting.items.order_by("position"):
        page.goto(f"{base}/exams/sittings/{sitting.public_id}/?item={item.position}")
        page.wait_for_selector(".item-form")
        assert page.locator(".keypad").count() == 1
        pad = page.locator(".keypad")
        for field in regenerate_item(sitting, item).fields:
            if field.type is not FieldType.AMOUNT:
                continue
            page.click(f"input[name={field.name}]")
            assert pad.get_attribute("data-for") == f"f-{field.name}"
            assert pad.locator("[data-key=minus]").is_visible() is field.signed, f"{item.kind} {field.label}"
            signs[field.signed] += 1
        page.screenshot(path=f"test-artifacts/phone-exam-{item.kind}.png", full_page=True)
    assert signs[True] > 0, "a signed amount was seen"
    assert signs[False] > 0, "an unsigned amount was seen"


def test_on_a_touch_screen_the_keypad_types_without_the_phone_keyboard(browser_page: Any, demo: dict[str, Any]) -> None:
    context = browser_page.context.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        base = demo["base"]
        sign_in(page, base, "trainee1")
        start_drill(page, base, "bj-payout")
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        modes = page.evaluate("[...document.querySelectorAll('.amount-input')].map(field => field.inputMode)")
        assert modes == ["none", "none"], "the phone's own keyboard would cover the keypad"
        page.tap("input[name=collects]")
        pad = page.locator(".keypad")
        assert pad.get_attribute("data-for") == "f-collects"
        for key in ["1", "2", ".", "5"]:
            pad.locator(f"button[data-key='{key}']").tap()
        assert page.input_value("input[name=collects]") == "12.5"
        assert page.input_value("input[name=pays]") == ""
    finally:
        context.close()
