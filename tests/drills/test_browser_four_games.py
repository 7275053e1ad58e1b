"""In headless Chromium, a trainee answers one drill of each game right and one wrong,
using each kind of input (number box, amount keypad, choice buttons, tapping cards), and
sees the feedback with the rule named."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from drills.kinds.base import FieldType
from drills.models import Attempt, DrillScenario
from drills.practice.services import regenerate
from tests.conftest import login_in_browser
from tests.drills.test_kind_contract import wrong_value
from tests.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAME_KINDS = [
    ("over-under-26", "ou-total"),
    ("blackjack", "bj-payout"),
    ("jack-switch", "js-switch-result"),
    ("pai-gow", "pg-dice-action"),
    ("pai-gow", "pg-house-way"),
]


def open_drill(page, base_url: str, kind: str) -> DrillScenario:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/drills/")
    page.locator(f"[data-kind={kind}] button[value=practice]").click()
    page.wait_for_selector(".answer-form")
    return DrillScenario.objects.get(public_id=page.url.rstrip("/").split("/")[-1])


def fill_answer(page, stored: DrillScenario, answer: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    for answer_field in regenerate(stored).fields:
        value = answer[answer_field.name]
        name = answer_field.name
        if answer_field.type is FieldType.CHOICE:
            page.click(f".choice:has(input[name={name}][value='{value}'])")
        elif answer_field.type is FieldType.CARDS:
            for code in value:
                box = page.locator(f".pick input[name={name}][value='{code}']:not(:checked)").first
                box.locator("xpath=..").click()
        elif answer_field.type is FieldType.AMOUNT:
            page.fill(f"input[name={name}]", "")  # the focus brings the form's one keypad to this field
            for key in str(value):
                page.click(f".keypad[data-for=f-{name}] button[data-key='{'minus' if key == '-' else key}']")
        else:
            page.fill(f"input[name={name}]", str(value))


@pytest.mark.parametrize(("game", "kind"), GAME_KINDS, ids=[kind for _, kind in GAME_KINDS])
def test_right_then_wrong_answer_in_each_game(browser_page, live_server, trainee, game, kind):
    page = browser_page
    login_in_browser(page, live_server.url, trainee.username, PASSWORD)

    stored = open_drill(page, live_server.url, kind)
    fill_answer(page, stored, stored.key)
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback")
    feedback = page.locator(".feedback")
    assert "Right" in feedback.locator("h2").inner_text(), feedback.inner_text()
    assert Attempt.objects.get(scenario=stored).correct is True
    page.screenshot(path=f"test-artifacts/four-games-{kind}-right.png", full_page=True)

    page.click("button:has-text('Next')")
    page.wait_for_selector(".answer-form")
    stored = DrillScenario.objects.filter(user=trainee).order_by("-shown_at").first()
    scenario = regenerate(stored)
    first = scenario.fields[0]
    if kind == "pg-house-way":
        wrong = {first.name: _a_wrong_front(stored, scenario, stored.key[first.name])}
    else:
        wrong = dict(stored.key)
        wrong[first.name] = wrong_value(first, stored.key[first.name], scenario)
        if first.type is FieldType.AMOUNT:
            wrong[first.name] = f"{Decimal(wrong[first.name]):.2f}"
    fill_answer(page, stored, wrong)
    page.click("button:has-text('Answer')")
    page.wait_for_selector(".feedback")
    text = page.locator(".feedback").inner_text()
    attempt = Attempt.objects.get(scenario=stored)
    assert attempt.correct is False, text
    assert "Not quite" in text
    assert any(rule in text for rule in attempt.rules), "the feedback names the rule"
    page.screenshot(path=f"test-artifacts/four-games-{kind}-wrong.png", full_page=True)


def _a_wrong_front(stored: DrillScenario, scenario, key_front: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """A front the engine grades wrong (equivalent fronts are graded right, so ask it)."""
    from drills.kinds.base import get_kind
    from drills.practice.services import stored_rules

    kind = get_kind(stored.kind)
    seven = list(scenario.prompt.cards[0].cards)
    for first in range(7):
        for second in range(first + 1, 7):
            front = [seven[first], seven[second]]
            parsed = kind.parse_answer(scenario, {"front": front})
            if not kind.grade(scenario, parsed, stored_rules(stored)).correct:
                return front
    raise AssertionError("every front is right?")
