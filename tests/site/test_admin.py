"""The admin: staff only, and a property's staff see only their property."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from drills.models import Property, Role, RuleSet, Team, User

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]

ADMIN_PAGES = [
    "/admin/",
    "/admin/drills/ruleset/",
    "/admin/drills/ruleset/add/",
    "/admin/drills/team/",
    "/admin/drills/user/",
    "/admin/drills/property/",
]


@pytest.mark.parametrize("path", ADMIN_PAGES)
@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 302), ("trainee", 302), ("supervisor", 302), ("staff", 200), ("outsider", 200)],
)
def test_admin_is_for_staff(client_for: Persona, path: str, persona: str, status: int) -> None:
    response = client_for(persona).get(path)
    assert response.status_code == status
    if status == 302:
        assert response["Location"].startswith("/admin/login/")


def test_role_decides_admin_access(trainee: User) -> None:
    assert not trainee.is_staff
    trainee.role = Role.STAFF
    trainee.save(update_fields=["role"])
    trainee.refresh_from_db()
    assert trainee.is_staff
    trainee.role = Role.SUPERVISOR
    trainee.save()
    assert not User.objects.get(pk=trainee.pk).is_staff


def test_staff_see_only_their_property(
    client_for: Persona, rule_set: RuleSet, team: Team, other_casino: Property
) -> None:
    Team.objects.create(property=other_casino, name="Night shift")
    staff, outsider = client_for("staff"), client_for("outsider")
    assert b"test-blackjack" in staff.get("/admin/drills/ruleset/").content
    assert b"test-blackjack" not in outsider.get("/admin/drills/ruleset/").content
    assert b"Day shift" in staff.get("/admin/drills/team/").content
    assert b"Night shift" not in staff.get("/admin/drills/team/").content
    users = staff.get("/admin/drills/user/").content
    assert b"trainee" in users
    assert b"outsider" not in users
    # Another property's object does not exist for them (the admin redirects to its index).
    assert outsider.get(f"/admin/drills/ruleset/{rule_set.pk}/change/").status_code == 302
    assert staff.get(f"/admin/drills/ruleset/{rule_set.pk}/change/").status_code == 200
    # Properties: their own only, and no adding or deleting.
    properties = staff.get("/admin/drills/property/").content
    assert b"Test Casino" in properties
    assert b"Other Casino" not in properties
    assert staff.get("/admin/drills/property/add/").status_code == 403


def test_staff_cannot_see_or_grant_superuser_powers(client_for: Persona, staff: User, trainee: User) -> None:
    page = client_for("staff").get(f"/admin/drills/user/{trainee.pk}/change/").content.decode()
    assert 'name="role"' in page
    assert 'name="property"' in page
    assert 'name="is_superuser"' not in page
    assert 'name="user_permissions"' not in page


def test_staff_edit_a_rule_set_and_bad_values_name_the_setting(client_for: Persona, casino: Property) -> None:
    client = client_for("staff")
    form = {"property": casino.pk, "game": "blackjack", "name": "Six-five", "slug": "six-five", "notes": ""}
    refused = client.post("/admin/drills/ruleset/add/", {**form, "values": '{"blackjack_pays": "-6:5"}'})
    assert refused.status_code == 200
    assert "blackjack_pays:" in refused.content.decode()
    assert not RuleSet.objects.filter(slug="six-five").exists()
    accepted = client.post("/admin/drills/ruleset/add/", {**form, "values": '{"blackjack_pays": "6:5"}'})
    assert accepted.status_code == 302
    assert RuleSet.objects.get(slug="six-five").values == {"blackjack_pays": "6:5"}


def test_an_empty_values_box_means_the_defaults(client_for: Persona, casino: Property) -> None:
    form = {"property": casino.pk, "game": "blackjack", "name": "Plain", "slug": "plain", "values": "", "notes": ""}
    assert client_for("staff").post("/admin/drills/ruleset/add/", form).status_code == 302
    assert RuleSet.objects.get(slug="plain").values == {}


def test_the_rule_set_form_shows_the_defaults(client_for: Persona) -> None:
    page = client_for("staff").get("/admin/drills/ruleset/add/").content.decode()
    assert "Defaults per game" in page
    assert "blackjack_pays" in page
    assert "&quot;3:2&quot;" in page


def test_staff_cannot_put_a_rule_set_in_another_property(client_for: Persona, other_casino: Property) -> None:
    form = {"property": other_casino.pk, "game": "blackjack", "name": "X", "slug": "x", "values": "{}", "notes": ""}
    response = client_for("staff").post("/admin/drills/ruleset/add/", form)
    assert response.status_code == 200
    assert not RuleSet.objects.filter(slug="x").exists()


def test_make_default_action_proposes_a_switch_for_sign_off(
    client_for: Persona, casino: Property, rule_set: RuleSet
) -> None:
    plain = RuleSet.objects.create(property=casino, game="blackjack", slug="plain", name="Plain", values={})
    before = RuleSet.objects.filter(is_default=True, game="blackjack", property=casino).first()
    response = client_for("staff").post(
        "/admin/drills/ruleset/", {"action": "make_default_action", "_selected_action": [plain.pk]}
    )
    assert response.status_code == 302
    # nothing changes until a second staff member signs it off (issue 16)
    assert RuleSet.objects.filter(is_default=True, game="blackjack", property=casino).first() == before
    pending = plain.versions.get(status="pending")
    assert pending.becomes_default


def test_the_default_is_not_a_field_of_the_admin_form(client_for: Persona, rule_set: RuleSet) -> None:
    page = client_for("staff").get(f"/admin/drills/ruleset/{rule_set.pk}/change/").content.decode()
    assert 'name="is_default"' not in page
    add = client_for("staff").get("/admin/drills/ruleset/add/").content.decode()
    assert 'name="is_default"' not in add


def test_team_members_must_belong_to_the_team_property(
    client_for: Persona, casino: Property, trainee: User, outsider: User, supervisor: User
) -> None:
    outsider.is_superuser = True
    outsider.save()
    form = {"property": casino.pk, "name": "Mixed", "members": [trainee.pk, outsider.pk]}
    form["supervisors"] = [supervisor.pk]
    response = client_for("outsider").post("/admin/drills/team/add/", form)
    assert response.status_code == 200
    assert "not of Test Casino" in response.content.decode()
    assert not Team.objects.filter(name="Mixed").exists()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ('{"collection_fee": "1e30"}', "collection_fee: &#x27;1e30&#x27; is not an amount"),
        (f'{{"collection_fee": "{"9" * 40}"}}', "the largest amount accepted"),
        ('{"collection_fee": "１"}', "collection_fee: &#x27;１&#x27; is not an amount"),
        ('{"collection_fee": 0.5}', "write it as text"),
        ('{"a": ' * 1100 + "1" + "}" * 1100, "nested more than 32 levels deep"),
    ],
)
def test_bad_amounts_and_deep_json_in_a_rule_set_are_form_errors(client_for: Persona, casino: Property,
                                                                 values: str, message: str) -> None:
    form = {"property": casino.pk, "game": "pai-gow", "name": "Fee", "slug": "fee", "notes": "", "values": values}
    refused = client_for("staff").post("/admin/drills/ruleset/add/", form)
    assert refused.status_code == 200
    assert message in refused.content.decode()
    assert not RuleSet.objects.filter(slug="fee").exists()
