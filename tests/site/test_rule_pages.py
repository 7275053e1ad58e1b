"""/rules/: a page per rule ID (house text, decision, the property's value), and the filters
that link every rule ID a page shows to it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from drills.models import Role, RuleSet, User
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.services import propose_version, sign_off
from drills.templatetags.rule_links import link_rule_ids, rule_link, rule_links
from tests.personas import make_user

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]


@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 302), ("trainee", 200), ("supervisor", 200), ("staff", 200), ("outsider", 200)],
)
@pytest.mark.parametrize("path", ["/rules/", "/rules/BJ-10/"])
def test_every_signed_in_person_may_read_the_rules(client_for: Persona, path: str, persona: str, status: int) -> None:
    response = client_for(persona).get(path)
    assert response.status_code == status
    if persona == "anonymous":
        assert response["Location"] == f"{reverse('login')}?next={path}"


def test_a_rule_page_shows_the_house_text_and_the_decision(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/BJ-10/").content.decode()
    assert "A blackjack paid at once, or waiting" in page
    # The seed's own words, as the seed writes them (its spelling included).
    assert "you Win and your bet will be paid at 3:2 immediately." in page
    # RULES.md's decision where the seed is silent: what happens against an Ace or a 10.
    assert "otherwise it waits for the dealer&#x27;s second card (dealer blackjack: push)." in page
    # Other rules cited on the page are links too.
    assert 'href="/rules/BJ-P5/"' in page


def test_a_rule_the_seed_is_silent_on_says_so(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/JS-3/").content.decode()
    assert "The house text says nothing about this" in page
    assert "the seed is silent" in page


def test_a_seed_bullet_rules_md_adds_nothing_to(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/PG-14/").content.decode()
    assert "A player may play or set only one hand" in page
    assert "Nothing to add: the house text applies as written." in page


def test_a_lettered_clause_has_its_own_page(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/PG-6a/").content.decode()
    assert "a. The joker or an ace is boxed or exposed on the deal." in page
    assert 'href="/rules/PG-6/"' in page  # part of PG-6


def test_a_house_rule_shows_the_property_value(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("trainee").get("/rules/BJ-5/").content.decode()
    assert "At Test Casino" in page
    assert "Blackjack pays" in page
    assert "<strong>6:5</strong>" in page
    assert "under Test 6:5; RULES.md default 3:2" in page


def test_changing_the_value_changes_the_page(client_for: Persona, rule_set: RuleSet, staff: User) -> None:
    client = client_for("trainee")
    second = make_user("staff2", Role.STAFF, rule_set.property)

    def change_to(values: dict[str, object]) -> None:  # the way a property changes its rules
        version = propose_version(rule_set, values, author=staff, reason="memo", effective_from=timezone.localdate())
        sign_off(version, by=second)

    change_to({"blackjack_pays": "7:5", "dealer_hits_soft_17": True})
    assert "<strong>7:5</strong>" in client.get("/rules/BJ-5/").content.decode()
    assert "<strong>yes</strong>" in client.get("/rules/BJ-8/").content.decode()
    change_to({})
    page = client.get("/rules/BJ-5/").content.decode()
    assert "<strong>3:2</strong>" in page
    assert "RULES.md default" not in page  # the value is the default


def test_the_value_is_the_viewers_own_propertys(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("outsider").get("/rules/BJ-5/").content.decode()
    assert "At Other Casino" in page
    assert "<strong>3:2</strong>" in page  # the other casino has no rule set: the defaults
    assert "6:5" not in page


def test_a_setting_of_two_games_shows_for_each(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("trainee").get("/rules/BJ-P9/").content.decode()
    assert "Settlement box by box (Blackjack" in page
    assert "Settlement box by box (Jack Switch)" in page


def test_a_stored_rule_set_the_engine_refuses_is_said_not_shown(client_for: Persona, rule_set: RuleSet) -> None:
    bad = {"blackjack_pays": "0:1"}  # stored before the engine refused it: the set and its version
    RuleSet.objects.filter(pk=rule_set.pk).update(values=bad)
    RuleSetVersion.objects.filter(rule_set=rule_set).update(values=bad)
    page = client_for("trainee").get("/rules/BJ-5/")
    assert page.status_code == 200
    assert "no longer valid" in page.content.decode()


def test_a_house_rule_without_a_setting_says_so(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/BJ-P10/").content.decode()
    assert "This site has no setting for it yet" in page


def test_a_fixed_rule_has_no_value_section(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/BJ-3/").content.decode()
    assert "At Test Casino" not in page


def test_an_unknown_id_is_not_found(client_for: Persona) -> None:
    for path in ["/rules/BJ-99/", "/rules/nonsense/", "/rules/%3Cscript%3E/"]:
        response = client_for("trainee").get(path)
        assert response.status_code == 404
        assert b"This page does not exist" in response.content


def test_an_id_in_another_case_goes_to_its_page(client_for: Persona) -> None:
    response = client_for("trainee").get("/rules/pg-6A/")
    assert response.status_code == 301
    assert response["Location"] == "/rules/PG-6a/"


def test_the_index_lists_every_game_and_marks_house_rules(client_for: Persona) -> None:
    page = client_for("trainee").get("/rules/").content.decode()
    for name in ["Blackjack", "Jack Switch", "Joker&#x27;s Wild Pai Gow poker", "Over/Under 26 Joker"]:
        assert name in page
    assert 'href="/rules/OU-W/"' in page
    assert 'href="/rules/PG-6a/"' in page
    assert page.count("House rule</span>") == 17


# --- the filters ------------------------------------------------------------------------------------


def test_rule_link_links_a_known_id_and_escapes_anything_else() -> None:
    assert rule_link("BJ-10") == (
        '<a class="rule-link" href="/rules/BJ-10/" title="A blackjack paid at once, or waiting">BJ-10</a>'
    )
    assert rule_link("<b>log</b>") == "&lt;b&gt;log&lt;/b&gt;"
    assert rule_link(None) == ""
    assert 'target="_blank" rel="noopener"' in rule_link("BJ-10", "new-tab")


def test_link_rule_ids_links_ids_in_an_explanation_and_escapes_the_rest() -> None:
    text = "Ace + 10 after a split is 21 <not blackjack> (BJ-S4); paid 1:1 & not 3:2 (BJ-10). BJ-Q is no rule."
    html = link_rule_ids(text)
    assert html == (
        "Ace + 10 after a split is 21 &lt;not blackjack&gt; "
        '(<a class="rule-link" href="/rules/BJ-S4/" title="Ace + 10 after a split is 21, not blackjack">BJ-S4</a>); '
        "paid 1:1 &amp; not 3:2 "
        '(<a class="rule-link" href="/rules/BJ-10/" title="A blackjack paid at once, or waiting">BJ-10</a>). '
        "BJ-Q is no rule."
    )
    assert link_rule_ids(None) == ""


def test_rule_links_joins_a_list_of_ids() -> None:
    html = rule_links(["OU-W", "log"])
    assert html == '<a class="rule-link" href="/rules/OU-W/" title="What &quot;wins 4x Ante&quot; pays">OU-W</a>, log'
    assert rule_links("PG-H, PG-J").count("<a ") == 2  # a string of IDs: linked as prose


def test_the_filters_need_no_load_in_a_template() -> None:
    template = Template("{{ explanation|link_rule_ids }} · {{ rules|rule_links }} · {{ one|rule_link }}")
    html = template.render(Context({"explanation": "<i>see</i> OU-4a", "rules": ["PG-H"], "one": "JS-4"}))
    assert "&lt;i&gt;see&lt;/i&gt; <a " in html
    assert 'href="/rules/OU-4a/"' in html
    assert 'href="/rules/PG-H/"' in html
    assert 'href="/rules/JS-4/"' in html


def test_drill_feedback_links_its_rules(client_for: Persona, trainee: User) -> None:
    html = Template("{% include 'drills/_feedback.html' %}").render(
        Context(
            {
                "grade": {
                    "correct": False,
                    "rows": [],
                    "mistake": "a surrender collects half the bet (BJ-R1)",
                    "explanation": "Dealer 22 pushes (JS-4).",
                    "rules": ["JS-4"],
                },
                "stored": {"mode": "practice", "kind": "x", "difficulty": 1},
            }
        )
    )
    assert html.count('href="/rules/JS-4/"') == 2  # in the explanation and in the list of rules
    assert 'href="/rules/BJ-R1/"' in html  # and in the named mistake


def test_a_yes_or_no_house_value_is_shown_in_words_of_the_viewers_language(
    client_for: Persona, rule_set: RuleSet, trainee: User
) -> None:
    client = client_for("trainee")
    english = client.get("/rules/BJ-R1/").content.decode()  # surrender offered: RULES.md says yes
    assert "<strong>yes</strong>" in english
    trainee.language = "es"
    trainee.save()
    spanish = client.get("/rules/BJ-R1/").content.decode()
    assert "<strong>sí</strong>" in spanish
    assert "<strong>yes</strong>" not in spanish
