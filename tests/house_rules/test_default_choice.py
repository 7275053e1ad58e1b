"""The editor proposes which rule set is the property's rules for a game (``is_default``):
a version carrying ``becomes_default`` that a second staff member signs off (the two-person
rule holds for it as for values); then the old default stops being it and a change of what
trainees are drilled on assigns what changed."""

from __future__ import annotations

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, User
from drills.rule_versions import services as versions
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.what_changed.models import AssignedChange
from tests.house_rules.conftest import make_rule_set
from tests.house_rules.forms_support import form_data
from tests.house_rules.test_pages import body, change
from tests.personas import make_user

pytestmark = pytest.mark.django_db
PENDING_SWITCH = "makes this the property&#x27;s Blackjack rules"

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


@pytest.fixture
def second_staff(casino: Property) -> Client:
    """Another staff member of the property: the one who signs a change off."""
    client = Client()
    client.force_login(make_user("second", Role.STAFF, casino))
    return client


def sign_off(client: Client, version: RuleSetVersion) -> int:
    return client.post(f"/rule-versions/{version.rule_set.slug}/{version.number}/sign-off/").status_code


def test_ticking_it_proposes_the_switch_and_the_old_default_stays(client_for, rule_sets, casino):
    old = make_rule_set(casino, "blackjack", "old-default")
    RuleSet.objects.filter(pk=old.pk).update(is_default=True)
    new = rule_sets["blackjack"]  # 6:5
    response = post(client_for("staff"), new, True, blackjack_pays="6:5")  # same values: only the default
    assert response.status_code == 302
    new.refresh_from_db()
    old.refresh_from_db()
    assert (new.is_default, old.is_default) == (False, True)
    version = new.versions.get(status=VersionStatus.PENDING)
    assert version.becomes_default
    page = client_for("staff").get(f"/house-rules/{new.slug}/").content.decode()
    assert PENDING_SWITCH in page  # the editor shows the pending switch
    assert "M" + PENDING_SWITCH[1:] in client_for("staff").get("/rule-versions/").content.decode()


def test_the_second_staff_member_s_sign_off_switches_it_and_assigns_what_changed(
    client_for, rule_sets, casino, people, second_staff, django_capture_on_commit_callbacks
):
    old = make_rule_set(casino, "blackjack", "old-default")
    RuleSet.objects.filter(pk=old.pk).update(is_default=True)
    new = rule_sets["blackjack"]
    assert post(client_for("staff"), new, True, blackjack_pays="6:5").status_code == 302
    version = new.versions.get(status=VersionStatus.PENDING)
    assert sign_off(client_for("staff"), version) == 403  # the author cannot
    assert sign_off(client_for("other_staff"), version) == 404  # another property's staff do not see it
    assert not AssignedChange.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert sign_off(second_staff, version) == 302
    new.refresh_from_db()
    old.refresh_from_db()
    assert (new.is_default, old.is_default) == (True, False)
    (assigned,) = AssignedChange.objects.filter(property=casino, game="blackjack")
    assert (assigned.old_values["blackjack_pays"], assigned.new_values["blackjack_pays"]) == ("3:2", "6:5")
    assert people["trainee"] in assigned.assignment.trainees.all()


def test_the_same_rules_as_default_assign_nothing(client_for, rule_sets, casino, people, second_staff,
                                                  django_capture_on_commit_callbacks):
    old = make_rule_set(casino, "jack-switch", "old-js")
    RuleSet.objects.filter(pk=old.pk).update(is_default=True)
    assert post(client_for("staff"), rule_sets["jack-switch"], True).status_code == 302
    version = rule_sets["jack-switch"].versions.get(status=VersionStatus.PENDING)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert sign_off(second_staff, version) == 302
    assert not callbacks
    assert not AssignedChange.objects.exists()
    assert RuleSet.objects.get(pk=rule_sets["jack-switch"].pk).is_default


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


def test_a_new_rule_set_becomes_the_default_only_at_sign_off(client_for, casino, rule_sets, second_staff):
    data = form_data("pai-gow", collection_fee="1.00")
    data.update(change(**{"change-name": "Pai Gow high limit", "change-slug": "pg-high", "change-is_default": "on"}))
    assert client_for("staff").post("/house-rules/new/pai-gow/", body(data)).status_code == 302
    created = RuleSet.objects.get(slug="pg-high")
    assert not created.is_default
    first, proposal = created.versions.order_by("number")
    assert (first.status, first.becomes_default) == (VersionStatus.SIGNED_OFF, False)  # its values: in force
    assert (proposal.status, proposal.becomes_default, proposal.values) == (VersionStatus.PENDING, True, first.values)
    page = client_for("staff").get("/house-rules/pg-high/").content.decode()
    assert "makes this the property&#x27;s Joker&#x27;s Wild Pai Gow poker rules" in page
    assert sign_off(second_staff, proposal) == 302
    assert RuleSet.objects.get(slug="pg-high").is_default


def test_the_service_refuses_staff_of_another_property(rule_sets, people):
    other: User = people["other_staff"]  # type: ignore[assignment]
    with pytest.raises(versions.VersionError) as raised:
        versions.propose_version(rule_sets["blackjack"], {"blackjack_pays": "6:5"}, author=other, reason="r",
                                 effective_from=rule_sets["blackjack"].created_at.date(), becomes_default=True)
    assert raised.value.field == "author"
