"""Issue 16 walked through as people would, in headless Chromium: staff A edits Jack Switch's
Super Match table and the surrender setting with a reason and a future effective date, sees
the pending version and its diff; staff B signs it off; the date comes; a trainee gets the
"what changed" assignment and practises it from the home page; the supervisor sees it on the
team page. At a desktop and a phone width, with DEBUG on and off; screenshots in
``test-artifacts/``; every page: no setting names or slugs, no dicts, no sideways scroll, no
CSP refusal."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from drills.models import Property, Role, RuleSet, Team
from drills.rule_versions.models import RuleSetVersion
from tests.personas import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path("test-artifacts")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # dealer_hits_soft_17, surrender_offered...
SLUG = re.compile(
    r"\b(?:js|bj|pg|ou)-[a-z-]+\b|\bjack-switch\b|\bballys-ac\b|\b(?:one|two|three|four)-(?:pairs?|of-a-kind)\b"
    r"|\b[a-z]+-colour-pair\b|\bsame-suit-pair\b|(?i:\bnot-?attempted\b|\bin-progress\b)"
)


def make_floor(n: int) -> dict[str, Any]:
    """A casino with two staff members, a supervisor, a trainee in a team, and Jack Switch."""
    casino = Property.objects.create(name=f"Riverside Casino {n}", slug=f"riverside-{n}")
    people = {
        "alma": make_user(f"alma{n}", Role.STAFF, casino, first_name="Alma", last_name="Staff"),
        "carl": make_user(f"carl{n}", Role.STAFF, casino, first_name="Carl", last_name="Checker"),
        "sue": make_user(f"sue{n}", Role.SUPERVISOR, casino, first_name="Sue", last_name="Pitboss"),
        "tina": make_user(f"tina{n}", Role.TRAINEE, casino, first_name="Tina", last_name="Trainee"),
    }
    team = Team.objects.create(property=casino, name="Day shift")
    team.members.add(people["tina"])
    team.supervisors.add(people["sue"])
    rule_set = RuleSet.objects.create(property=casino, game="jack-switch", slug=f"riverside-{n}-js",
                                      name="Main floor Jack Switch", values={}, is_default=True)
    return {"casino": casino, "team": team, "rule_set": rule_set, **people}


class Walk:
    """One browser walking the pages, checking each as a reader would."""

    def __init__(self, page: Any, url: str, tag: str, width: int) -> None:
        self.page, self.url, self.tag, self.width = page, url, tag, width
        self.console: list[str] = []
        page.on("console", lambda message: self.console.append(message.text) if message.type == "error" else None)

    def login(self, username: str) -> None:
        """Through the real login form (as ``tests.conftest.login_in_browser``, without its
        wait for an idle network)."""
        self.page.context.clear_cookies()
        self.page.goto(f"{self.url}/login/")
        self.page.fill("input[name=username]", username)
        self.page.fill("input[name=password]", PASSWORD)
        with self.page.expect_navigation():
            self.page.click("button[type=submit], input[type=submit]")

    def go(self, path: str) -> None:
        self.page.goto(f"{self.url}{path}")

    def check(self, name: str) -> str:
        """Screenshot the page; what people read has no setting names, slugs or dicts; it
        does not scroll sideways; nothing was refused by the CSP."""
        self.page.screenshot(path=str(ARTIFACTS / f"walkthrough-{name}-{self.tag}.png"), full_page=True)
        text = str(self.page.locator("main").inner_text())
        assert not SNAKE.findall(text), (name, SNAKE.findall(text))
        assert not SLUG.findall(text), (name, SLUG.findall(text))
        assert "{" not in text, (name, text)
        wide = self.page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth")
        assert not wide, f"{name} scrolls sideways at {self.width} px"
        assert not [line for line in self.console if "Content Security Policy" in line], self.console
        return text


def test_a_rule_change_from_the_editor_to_the_trainee_and_the_supervisor(
    browser_page: Any, live_server: Any, settings: Any
) -> None:
    """One browser, four walks (a fresh casino each): 1280 and 390 px, DEBUG on and off."""
    ARTIFACTS.mkdir(exist_ok=True)
    for n, (width, debug) in enumerate([(1280, True), (390, False), (390, True), (1280, False)]):
        settings.DEBUG = debug
        browser_page.set_viewport_size({"width": width, "height": 900})
        walk = Walk(browser_page, live_server.url, f"{width}-{'debug' if debug else 'prod'}", width)
        walk_through(walk, make_floor(n))


def walk_through(walk: Walk, floor: dict[str, Any]) -> None:
    page = walk.page
    rule_set: RuleSet = floor["rule_set"]
    tomorrow = timezone.localdate() + dt.timedelta(days=1)

    # Staff A: the editor, Super Match table and surrender, a reason and a future date.
    walk.login(floor["alma"].username)
    walk.go("/house-rules/")
    page.click(f"text={rule_set.name}")
    page.wait_for_selector("#math-panel table.returns")
    editor = walk.check("editor")
    assert "Surrender offered" in editor
    assert "BJ-R1" in editor
    four = page.locator("fieldset[data-table=super_match] tbody tr").nth(3)
    assert four.locator("select").input_value() == "four-of-a-kind"
    four.locator("input.ratio").fill("50:1")
    page.uncheck("input[name=surrender_offered]")
    page.fill("textarea[name=change-reason]", "Games manager's memo 12: richer Super Match, no surrender")
    page.fill("input[name=change-effective_from]", tomorrow.isoformat())
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_selector(".messages li:has-text('Saved as version 2')")
    walk.check("saved")

    # The pending version and its diff.
    walk.go(f"/rule-versions/{rule_set.slug}/2/")
    detail = walk.check("pending")
    assert "Waiting for sign-off" in detail
    assert "Surrender offered" in detail
    assert "BJ-R1" in detail
    assert "Super Match pay table" in detail
    assert "Four of a kind 40:1" in detail  # only the row that changed, by its label
    assert "Four of a kind 50:1" in detail
    assert "One pair" not in detail.split("Settings this version sets")[0]
    assert "You proposed this change" in detail

    # Staff B signs it off from the sign-offs list.
    walk.login(floor["carl"].username)
    walk.go("/rule-versions/")
    sign_offs = walk.check("sign-offs")
    assert "Games manager's memo 12" in sign_offs
    assert "Jack Switch: Main floor Jack Switch" in sign_offs
    page.click("text=Version 2")
    with page.expect_navigation():
        page.click("button:has-text('Sign off version 2')")
    assert "Signed off" in walk.check("signed-off")
    rule_set.refresh_from_db()
    assert rule_set.values == {}  # not before its date

    # The date comes (no hourly task run): the trainee's home reads the rules in force.
    RuleSetVersion.objects.filter(rule_set=rule_set, number=2).update(effective_from=timezone.localdate())
    walk.login(floor["tina"].username)
    walk.go("/")  # reading the rules in force applies the version: the adoption's assignment is made
    home = walk.check("trainee-home")
    assert "Master What changed (Jack Switch)" in home
    assert "Surrender: offered → not offered (BJ-R1)" in home
    with page.expect_navigation():
        page.click("#assignments button:has-text('Practise')")
    question = walk.check("question")
    assert "The house rules changed" in question
    assert "House rules: the assigned rule change" in question
    assert re.search(r"[♠♥♦♣]", question), "cards are shown with their suit symbols"

    # The supervisor's team page shows the assignment.
    walk.login(floor["sue"].username)
    walk.go(f"/progress/teams/{floor['team'].pk}/")
    page.wait_for_selector("#team-assignments")  # the learning panel, loaded after the page (htmx)
    assert "What changed (Jack Switch)" in walk.check("team")
    with page.expect_navigation():
        page.click("#team-assignments a:has-text('What changed (Jack Switch)')")
    assert "no answers for this change yet" in walk.check("assignment")
