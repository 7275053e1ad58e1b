"""The editor chooses which rule set is the property's rules for a game (``is_default``),
through the versions service: a change of what trainees are drilled on assigns what changed;
the one-default constraint's refusal is the field's error."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from drills.models import RuleSet
from drills.rule_versions import services as versions
from drills.what_changed.models import AssignedChange
from tests.house_rules.conftest import make_rule_set
from tests.house_rules.forms_support import form_data
from tests.house_rules.test_pages import body, change

pytestmark = pytest.mark.django_db

LABEL = "The property&#x27;s rules for this game"


def post(client, rule_set: RuleSet, default: bool, **values: object):  # type: ignore[no-untyped-def]
    data = form_data(rule_set.game, **values)
    data.update(change(**{"change-name": rule_set.name}))
    if default:
        data["change-is_default"] = "on"
    return client.post(f"/house-rules/{rule_set.slug}/", body(data))


def test_the_editor_shows_the_checkbox_ticked_for_the_default(client_for, rule_sets):
    client = client_for("staff")
    page = client.get(f"/house-rules/{rule_sets['blackjack'].slug}/").content.decode()
    assert LABEL in page
    assert 'name="change-is_default"' in page
    assert "checked" not in page.split('name="change-is_default"')[1].split(">")[0]
    RuleSet.objects.filter(pk=rule_sets["blackjack"].pk).update(is_default=True)
    page = client.get(f"/house-rules/{rule_sets['blackjack'].slug}/").content.decode()
    assert "checked" in page.split('name="change-is_default"')[1].split(">")[0]


def test_ticking_it_switches_the_default_and_assigns_what_changed(client_for, rule_sets, casino, people,
                                                                   django_capture_on_commit_callbacks):
    old = make_rule_set(casino, "blackjack", "old-default")
    RuleSet.objects.filter(pk=old.pk).update(is_default=True)
    new = rule_sets["blackjack"]  # 6:5
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client_for("staff"), new, True, blackjack_pays="6:5")  # same values: only the default
    assert response.status_code == 302
    new.refresh_from_db()
    old.refresh_from_db()
    assert (new.is_default, old.is_default) == (True, False)
    (assigned,) = AssignedChange.objects.filter(property=casino, game="blackjack")
    assert (assigned.old_values["blackjack_pays"], assigned.new_values["blackjack_pays"]) == ("3:2", "6:5")
    assert people["trainee"] in assigned.assignment.trainees.all()


def test_the_same_rules_as_default_assign_nothing(client_for, rule_sets, casino, people,
                                                  django_capture_on_commit_callbacks):
    old = make_rule_set(casino, "jack-switch", "old-js")
    RuleSet.objects.filter(pk=old.pk).update(is_default=True)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert post(client_for("staff"), rule_sets["jack-switch"], True).status_code == 302
    assert not callbacks
    assert not AssignedChange.objects.exists()


def test_unticking_the_default_is_the_field_s_error(client_for, rule_sets):
    rule_set = rule_sets["pai-gow"]
    RuleSet.objects.filter(pk=rule_set.pk).update(is_default=True)
    rule_set.refresh_from_db()
    response = post(client_for("staff"), rule_set, False, collection_fee="2.00")
    assert response.status_code == 400
    page = response.content.decode()
    assert "choose another rule set as the property" in page
    rule_set.refresh_from_db()
    assert rule_set.is_default


def test_the_one_default_constraint_is_the_field_s_error(client_for, rule_sets, monkeypatch):
    real_save = RuleSet.save

    def racing_save(self, *args, **kwargs):  # another request made its rule set the default meanwhile
        if kwargs.get("update_fields") == ["is_default", "updated_at"]:
            raise IntegrityError("UNIQUE constraint failed: one_default_rule_set_per_game")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(RuleSet, "save", racing_save)
    response = post(client_for("staff"), rule_sets["pai-gow"], True, collection_fee="2.00")
    assert response.status_code == 400
    page = response.content.decode()
    field = page.split('name="change-is_default"')[1]
    assert "already the property&#x27;s rules for this game" in field[:1200]
    assert not RuleSet.objects.filter(is_default=True).exists()


def test_a_new_rule_set_can_be_the_default_at_once(client_for, casino, rule_sets):
    data = form_data("pai-gow", collection_fee="1.00")
    data.update(change(**{"change-name": "Pai Gow high limit", "change-slug": "pg-high", "change-is_default": "on"}))
    assert client_for("staff").post("/house-rules/new/pai-gow/", body(data)).status_code == 302
    assert RuleSet.objects.get(slug="pg-high").is_default


def test_the_service_refuses_staff_of_another_property(rule_sets, people):
    with pytest.raises(versions.VersionError) as raised:
        versions.choose_default(rule_sets["blackjack"], by=people["other_staff"])
    assert raised.value.field == "by"
