"""Pages by persona: every status code, and the key content each role sees."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from drills.models import RuleSet, User
from drills.pages.nav import NAV, nav_for

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]

HOME = "/"
RULE_SETS = "/rule-sets/"
RULE_SET = "/rule-sets/test-blackjack/"

# (path, persona, expected status); 302s for the anonymous go to the sign-in page.
PAGE_STATUS = [
    (HOME, "anonymous", 302),
    (HOME, "trainee", 200),
    (HOME, "supervisor", 200),
    (HOME, "staff", 200),
    (HOME, "outsider", 200),
    ("/login/", "anonymous", 200),
    ("/login/", "trainee", 302),  # already signed in: sent home
    (RULE_SETS, "anonymous", 302),
    (RULE_SETS, "trainee", 403),
    (RULE_SETS, "supervisor", 403),
    (RULE_SETS, "staff", 200),
    (RULE_SETS, "outsider", 200),
    (RULE_SET, "anonymous", 302),
    (RULE_SET, "trainee", 403),
    (RULE_SET, "supervisor", 403),
    (RULE_SET, "staff", 200),
    (RULE_SET, "outsider", 404),  # another casino's rule set does not exist for them
    ("/rule-sets/no-such-set/", "staff", 404),
    ("/no-such-page/", "trainee", 404),
]


@pytest.mark.parametrize(("path", "persona", "status"), PAGE_STATUS)
def test_page_status_by_persona(client_for: Persona, rule_set: RuleSet, path: str, persona: str, status: int) -> None:
    response = client_for(persona).get(path)
    assert response.status_code == status
    if persona == "anonymous" and status == 302:
        assert response["Location"] == f"{reverse('login')}?next={path}"


def test_sign_in_and_out(client: Client, trainee: User) -> None:
    page = client.get("/login/")
    assert b'name="username"' in page.content
    assert b'name="password"' in page.content
    refused = client.post("/login/", {"username": "trainee", "password": "wrong"})
    assert refused.status_code == 200
    assert b"Please enter a correct username and password" in refused.content
    signed_in = client.post("/login/", {"username": "trainee", "password": "a-test-password-1"})
    assert (signed_in.status_code, signed_in["Location"]) == (302, "/")
    assert client.get(HOME).status_code == 200
    assert client.get("/logout/").status_code == 405  # signing out is a POST (a form in the header)
    signed_out = client.post("/logout/")
    assert (signed_out.status_code, signed_out["Location"]) == (302, "/login/")
    assert client.get(HOME).status_code == 302


def test_trainee_home_shows_team_games_and_an_honest_next_step(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("trainee").get(HOME).content.decode()
    assert "Your next step" in page
    assert "Day shift" in page
    assert "Supervisor (supervisor)" in page
    assert "Test 6:5" in page  # the casino's blackjack rules
    assert page.count("Standard rules (RULES.md defaults)") == 3  # the three other games
    assert f'href="{reverse("drills:list")}"' in page
    assert "Next skill to start" in page  # nothing drilled yet: the first skill to start
    assert 'action="/drills/start/"' in page
    assert 'href="/rule-sets/' not in page
    assert 'href="/admin/' not in page


@pytest.mark.urls("tests.site.urls_without_drills")
def test_before_the_drills_pages_exist_the_next_step_says_so(client_for: Persona) -> None:
    page = client_for("trainee").get(HOME).content.decode()
    assert "Drills are not open on this site yet" in page
    assert "Start a drill" not in page


def test_trainee_without_team_is_told_to_ask_for_one(client: Client, trainee: User) -> None:
    client.force_login(trainee)
    assert "You are not in a team yet" in client.get(HOME).content.decode()


def test_supervisor_home_lists_teams_and_members(client_for: Persona) -> None:
    page = client_for("supervisor").get(HOME).content.decode()
    assert "Team dashboard" in page
    assert "Day shift" in page
    assert "Trainee" in page
    assert "never" in page


def test_staff_home_lists_only_their_property_rule_sets(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("staff").get(HOME).content.decode()
    assert "Test 6:5" in page
    assert 'href="/rule-sets/test-blackjack/"' in page
    assert "default" in page
    assert "Test 6:5" not in client_for("outsider").get(HOME).content.decode()


def test_rule_set_page_shows_effective_values(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("staff").get(RULE_SET).content.decode()
    # Each setting by its label and rule, its value in words (issue 14): no names, no JSON.
    assert re.search(r"Blackjack pays \(BJ-5\) <span class=\"badge\">set here</span></td>\s*<td[^>]*>6:5</td>", page)
    assert re.search(r"Dealer hits soft 17 \(BJ-8\)</td>\s*<td[^>]*>no</td>", page)  # a default, shown too
    assert page.count("set here") == 1
    assert "blackjack_pays" not in page
    assert "dealer_hits_soft_17" not in page
    assert "&quot;" not in page


def test_rule_set_page_survives_values_the_engine_no_longer_accepts(client_for: Persona, rule_set: RuleSet) -> None:
    RuleSet.objects.filter(pk=rule_set.pk).update(values={"blackjack_pays": "0:1"})
    page = client_for("staff").get(RULE_SET)
    assert page.status_code == 200
    assert "no longer valid" in page.content.decode()


NAV_LABELS = {
    "trainee": ["Home", "Drills", "Deal a round", "History", "Progress", "Exams"],
    "supervisor": ["Team dashboard", "Item statistics", "Dealt rounds", "Exam results", "Assignments", "Certificates"],
    "staff": ["Home", "Team dashboard", "Item statistics", "Dealt rounds", "Exam results", "Assignments",
              "Certificates", "Rule sets", "House rules", "Sign-offs", "Exam blueprints", "Admin"],
    "outsider": ["Home", "Team dashboard", "Item statistics", "Dealt rounds", "Exam results", "Assignments",
                 "Certificates", "Rule sets", "House rules", "Sign-offs", "Exam blueprints", "Admin"],
}


@pytest.mark.parametrize(("persona", "labels"), NAV_LABELS.items())
def test_navigation_by_role(personas: dict[str, User | None], persona: str, labels: list[str]) -> None:
    user = personas[persona]
    assert user is not None
    assert [link.label for link in nav_for(user, "/")] == labels


@pytest.mark.urls("tests.site.urls_without_drills")
def test_navigation_links_only_to_pages_that_exist(personas: dict[str, User | None]) -> None:
    trainee = personas["trainee"]
    assert trainee is not None
    labels = [link.label for link in nav_for(trainee, "/")]
    assert labels == ["Home", "Deal a round", "Progress", "Exams"]  # no Drills, no History
    trainee_items = [item.label for item in NAV if "trainee" in item.audiences]
    assert trainee_items == ["Home", "Drills", "Deal a round", "History", "Progress", "Exams"]


def test_navigation_marks_the_current_page(personas: dict[str, User | None]) -> None:
    staff = personas["staff"]
    assert staff is not None
    active = [link.label for link in nav_for(staff, "/rule-sets/test-blackjack/") if link.active]
    assert active == ["Rule sets"]


def test_the_layout_is_phone_ready_and_loads_htmx(client_for: Persona) -> None:
    page = client_for("trainee").get(HOME).content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "django_htmx/htmx-2" in page
    assert "drills/site.css" in page
    assert 'action="/logout/"' in page
    assert 'method="post"' in page


def test_the_favicon_is_linked_and_served(client) -> None:
    """/favicon.ico (asked by browsers whatever a page links) leads to the linked icon."""
    login = client.get("/login/").content.decode()
    assert 'rel="icon" href="/static/drills/favicon.svg"' in login
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/drills/favicon.svg"
    icon = finders.find("drills/favicon.svg")  # what WhiteNoise serves once collected
    assert icon is not None
    assert Path(icon).read_text().startswith("<svg")
