"""The house-rules pages per persona, saving, and the math endpoint with good and bad values."""

from __future__ import annotations

import datetime
import re

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import timezone

from drills.house_rules import services
from drills.models import RuleSet
from drills.rule_versions.selectors import pending_version
from drills.rule_versions.services import sign_off
from tests.house_rules.forms_support import form_data

pytestmark = pytest.mark.django_db

# persona -> status of: list, edit own property's, edit other property's, new, math
EXPECTED = {
    "anonymous": (302, 302, 302, 302, 302),
    "trainee": (403, 403, 403, 403, 403),
    "supervisor": (403, 403, 403, 403, 403),
    "other_staff": (200, 404, 200, 200, 200),
    "staff": (200, 200, 404, 200, 200),
    "superuser": (200, 200, 200, 200, 200),
}


def body(data: QueryDict) -> dict[str, list[str]]:
    """What the test client posts: every value of a list (``QueryDict.items`` gives the last)."""
    return dict(data.lists())


def change(**extra: str) -> dict[str, str]:
    today = timezone.localdate().isoformat()
    return {"change-reason": "Floor manager's memo 12", "change-effective_from": today, **extra}


@pytest.mark.parametrize("persona", list(EXPECTED))
def test_status_per_persona(persona, client_for, rule_sets, other_rule_set):
    client: Client = client_for(persona)
    got = (
        client.get("/house-rules/").status_code,
        client.get(f"/house-rules/{rule_sets['blackjack'].slug}/").status_code,
        client.get(f"/house-rules/{other_rule_set.slug}/").status_code,
        client.get("/house-rules/new/blackjack/").status_code,
        client.post("/house-rules/math/blackjack/", body(form_data("blackjack"))).status_code,
    )
    assert got == EXPECTED[persona]


def test_anonymous_is_sent_to_sign_in(client_for, rule_sets):
    response = client_for("anonymous").get(f"/house-rules/{rule_sets['blackjack'].slug}/")
    assert response["Location"].startswith("/login/?next=/house-rules/")


@pytest.mark.parametrize("persona", ["trainee", "supervisor", "other_staff"])
def test_a_post_by_anyone_else_changes_nothing(persona, client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    data = form_data("blackjack", blackjack_pays="1:1")
    data.update(change(**{"change-name": "Hijacked"}))
    assert client_for(persona).post(f"/house-rules/{rule_set.slug}/", body(data)).status_code in (403, 404)
    rule_set.refresh_from_db()
    assert rule_set.values == {"blackjack_pays": "6:5"}


def test_the_list_shows_the_property_s_rule_sets_only(client_for, rule_sets, other_rule_set):
    page = client_for("staff").get("/house-rules/").content.decode()
    assert rule_sets["over-under-26"].name in page
    assert other_rule_set.name not in page
    assert "/house-rules/new/pai-gow/" in page


def test_the_staff_menu_links_the_editor(client_for, rule_sets):
    assert 'href="/house-rules/"' in client_for("staff").get("/").content.decode()
    assert 'href="/house-rules/"' not in client_for("trainee").get("/").content.decode()


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("blackjack", ["Blackjack pays", "BJ-5", "Dealer hits soft 17", "BJ-8", "Stands on soft 17 (S17)", "BJ-D2",
                       "Surrender offered", "BJ-R1"]),
        ("jack-switch", ["Super Match pay table", "JS-SM", "Pair, same suit", "JS-L", "JS-3", "Pair bonus",
                         "Surrender offered", "BJ-R1"]),
        ("over-under-26", ["Bonus pay table", "OU-10", "Total 8", "Base game", "OU-W", "Add a row"]),
        ("pai-gow", ["House way", "The logical way (PG-H)", "Atlantic City way (two jokers)",
                     "Collection fee per hand", "PG-F"]),
    ],
)
def test_the_editor_shows_labels_rule_ids_and_the_math(game, shown, client_for, rule_sets):
    page = client_for("staff").get(f"/house-rules/{rule_sets[game].slug}/").content.decode()
    for text in shown:
        assert text in page, text
    assert "dealer_hits_soft_17</" not in page  # no slug shown as a label


def test_saving_goes_through_the_service_and_keeps_only_what_is_set(client_for, rule_sets, people, monkeypatch):
    calls = []
    real = services.submit_rule_set_change

    def spy(rule_set, values, **kwargs):
        calls.append((values, kwargs))
        return real(rule_set, values, **kwargs)

    monkeypatch.setattr("drills.house_rules.views.submit_rule_set_change", spy)
    rule_set = rule_sets["over-under-26"]
    data = form_data("over-under-26", bonus_pay_table=[("8", "200:1"), ("9", "90:1"), ("joker", "2:1"), ("", "")])
    data.update(change(**{"change-name": "OU main floor"}))
    client = client_for("staff")
    response = client.post(f"/house-rules/{rule_set.slug}/", body(data))
    assert response.status_code == 302
    assert "Saved as version 2" in client.get(response["Location"]).content.decode()
    rule_set.refresh_from_db()
    assert rule_set.name == "OU main floor"  # at once
    assert rule_set.values == {"bonus_pay_table": {"8": "100:1", "44": "100:1", "joker": "2:1"}}  # until signed off
    version = pending_version(rule_set)
    assert version is not None
    assert version.values == {"bonus_pay_table": {"8": "200:1", "9": "90:1", "joker": "2:1"}}
    sign_off(version, by=people["superuser"])
    rule_set.refresh_from_db()
    assert rule_set.values == {"bonus_pay_table": {"8": "200:1", "9": "90:1", "joker": "2:1"}}
    ((values, kwargs),) = calls
    assert values == {"bonus_pay_table": {"8": "200:1", "9": "90:1", "joker": "2:1"}}
    assert kwargs["reason"] == "Floor manager's memo 12"
    assert kwargs["effective_from"] == timezone.localdate()
    assert kwargs["author"].username == "staff"


def test_a_bad_value_is_a_form_error_and_saves_nothing(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    data = form_data("blackjack", blackjack_pays="3:0", decks="\u0666")
    data.update(change(**{"change-name": "x"}))
    response = client_for("staff").post(f"/house-rules/{rule_set.slug}/", body(data))
    assert response.status_code == 400
    page = response.content.decode()
    assert "the second number of a ratio is at least 1" in page
    assert "write a whole number with digits 0-9" in page
    rule_set.refresh_from_db()
    assert rule_set.values == {"blackjack_pays": "6:5"}


def test_a_change_without_a_reason_is_refused(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    data = form_data("blackjack", blackjack_pays="3:2")
    data.update(change(**{"change-name": "x", "change-reason": " "}))
    assert client_for("staff").post(f"/house-rules/{rule_set.slug}/", body(data)).status_code == 400
    rule_set.refresh_from_db()
    assert rule_set.values == {"blackjack_pays": "6:5"}


def test_staff_add_a_rule_set_to_their_property(client_for, casino):
    data = form_data("pai-gow", collection_fee="1.00")
    data.update(change(**{"change-name": "Pai Gow high limit", "change-slug": "pg-high"}))
    response = client_for("staff").post("/house-rules/new/pai-gow/", body(data))
    assert response.status_code == 302
    created = RuleSet.objects.get(slug="pg-high")
    assert (created.property, created.game, created.values) == (casino, "pai-gow", {"collection_fee": "1.00"})


def test_a_slug_taken_is_the_slug_s_error(client_for, rule_sets):
    data = form_data("blackjack")
    data.update(change(**{"change-name": "Copy", "change-slug": rule_sets["blackjack"].slug}))
    response = client_for("staff").post("/house-rules/new/blackjack/", body(data))
    assert response.status_code == 400
    assert "already exists" in response.content.decode()


def test_a_superuser_chooses_the_property(client_for, other_casino):
    data = form_data("blackjack")
    extra = {"change-name": "Other BJ", "change-slug": "other-bj", "change-property": str(other_casino.pk)}
    data.update(change(**extra))
    assert client_for("superuser").post("/house-rules/new/blackjack/", body(data)).status_code == 302
    assert RuleSet.objects.get(slug="other-bj").property == other_casino


def test_an_unknown_game_is_not_found(client_for):
    assert client_for("staff").get("/house-rules/new/roulette/").status_code == 404
    assert client_for("staff").post("/house-rules/math/roulette/", {}).status_code == 404


def test_the_service_validates_and_proposes_a_version(rule_sets, people):
    rule_set = rule_sets["blackjack"]
    version = services.submit_rule_set_change(
        rule_set, {"blackjack_pays": "3:2"}, author=people["staff"], reason="memo", effective_from=datetime.date.today()
    )
    assert version is not None
    assert (version.number, version.status, version.proposed_by) == (2, "pending", people["staff"])
    sign_off(version, by=people["superuser"])
    rule_set.refresh_from_db()
    assert rule_set.values == {"blackjack_pays": "3:2"}


def test_a_second_change_waits_for_the_first_sign_off(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    client = client_for("staff")
    first = form_data("blackjack", blackjack_pays="3:2")
    first.update(change(**{"change-name": rule_set.name}))
    assert client.post(f"/house-rules/{rule_set.slug}/", body(first)).status_code == 302
    assert "is waiting for sign-off" in client.get(f"/house-rules/{rule_set.slug}/").content.decode()
    second = form_data("blackjack", blackjack_pays="1:1")
    second.update(change(**{"change-name": rule_set.name}))
    response = client.post(f"/house-rules/{rule_set.slug}/", body(second))
    assert response.status_code == 400
    assert "version 2 is waiting for sign-off" in response.content.decode()


def test_a_new_name_alone_is_saved_without_a_version(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    data = form_data("blackjack", blackjack_pays="6:5")
    data.update(change(**{"change-name": "Main floor blackjack"}))
    assert client_for("staff").post(f"/house-rules/{rule_set.slug}/", body(data)).status_code == 302
    rule_set.refresh_from_db()
    assert rule_set.name == "Main floor blackjack"
    assert pending_version(rule_set) is None


def test_the_same_rules_under_the_same_name_change_nothing(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    data = form_data("blackjack", blackjack_pays="6:5")
    data.update(change(**{"change-name": rule_set.name}))
    response = client_for("staff").post(f"/house-rules/{rule_set.slug}/", body(data))
    assert response.status_code == 400
    assert "nothing changes" in response.content.decode()


def test_a_new_rule_set_is_in_force_at_once_with_its_author(client_for, casino, people):
    data = form_data("pai-gow", collection_fee="1.00")
    data.update(change(**{"change-name": "Pai Gow high limit", "change-slug": "pg-high2"}))
    assert client_for("staff").post("/house-rules/new/pai-gow/", body(data)).status_code == 302
    (version,) = RuleSet.objects.get(slug="pg-high2").versions.all()
    assert (version.number, version.status, version.proposed_by) == (1, "signed_off", people["staff"])
    assert version.reason == "Floor manager's memo 12"


# --- the math endpoint ------------------------------------------------------------------


def math(client: Client, game: str, **changes: object) -> str:
    response = client.post(f"/house-rules/math/{game}/", body(form_data(game, **changes)), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_math_of_the_over_under_bonus_follows_the_table(client_for, people):
    client = client_for("staff")
    example = math(client, "over-under-26", bonus_pay_table=[("8", "250:1"), ("joker", "2:1")])
    richer = math(client, "over-under-26", bonus_pay_table=[("8", "250:1"), ("joker", "2:1"), ("26", "10:1")])
    assert "Bonus bet" in example
    assert example != richer
    figures = re.findall(r'<td class="figure">([^<]*)</td>', example)
    assert figures
    for figure in figures:  # a rounded percentage with a true minus sign, never a fraction
        assert re.fullmatch("[\u2212+]?[0-9]+\\.[0-9]{2}\u00a0%", figure.strip()), figure


def test_math_flags_a_table_that_gives_the_player_the_edge(client_for):
    page = math(client_for("staff"), "over-under-26", bonus_pay_table=[("26", "1000000:1")])
    assert "Bonus bet: these values give the player the edge" in page
    assert "player edge" in page


def test_math_of_jack_switch_tables(client_for):
    page = math(client_for("staff"), "jack-switch")
    assert "Super Match" in page
    assert "\u22125.79\u00a0%" in page  # pair bonus -18/311 (RULES.md JS-PB)
    assert "Hits soft 17 (H17)" in page
    assert "pushes the hands in play, JS-4" in page


def test_math_marks_the_entered_soft_17_rule(client_for):
    page = math(client_for("staff"), "blackjack", dealer_hits_soft_17=True)
    assert 'class="entered">Hits soft 17 (H17) <span class="badge">these rules</span>' in page


@pytest.mark.parametrize(
    ("game", "changes", "label"),
    [
        ("blackjack", {"blackjack_pays": "3:0"}, "Blackjack pays"),
        ("blackjack", {"decks": "9" * 40}, "Decks in the shoe"),
        ("over-under-26", {"bonus_pay_table": [("8", "")]}, "Bonus pay table"),
        ("over-under-26", {"win_return_multiple": "1e30"}, "A win returns this many Antes"),
        ("pai-gow", {"collection_fee": "-0"}, "Collection fee per hand"),
        ("jack-switch", {"super_match": [("", "")]}, "Super Match pay table"),
    ],
)
def test_math_of_bad_values_is_the_field_s_error(client_for, game, changes, label):
    page = math(client_for("staff"), game, **changes)
    assert f"<strong>{label}</strong>" in page
    assert "role=\"alert\"" in page


def test_math_of_pai_gow_says_there_is_none(client_for):
    assert "No figures for this game" in math(client_for("staff"), "pai-gow")


def test_math_needs_a_post(client_for):
    assert client_for("staff").get("/house-rules/math/blackjack/").status_code == 405


def test_the_admin_points_to_the_editor(client_for, rule_sets):
    rule_set = rule_sets["blackjack"]
    page = client_for("staff").get(f"/admin/drills/ruleset/{rule_set.pk}/change/").content.decode()
    assert f'href="/house-rules/{rule_set.slug}/"' in page
    assert "Edit these values in the house-rules editor" in page
    assert '{"rules": ""}' not in page
    assert '{"rules": "test-blackjack"}' in page.replace("&quot;", '"')


def test_staff_without_a_property_may_add_nothing(db):
    from drills.models import Role
    from tests.personas import make_user

    client = Client()
    client.force_login(make_user("floater", Role.STAFF, None))
    assert client.get("/house-rules/").status_code == 200
    assert "New rule set" not in client.get("/house-rules/").content.decode()
    assert client.get("/house-rules/new/blackjack/").status_code == 403
