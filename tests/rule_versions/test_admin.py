"""The admin no longer edits a saved rule set's values: every change goes through sign-off."""

from __future__ import annotations

import pytest

from drills.models import Property, RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from tests.rule_versions.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_rule_set_added_in_the_admin_has_version_1_by_its_author(casino: Property, author: User) -> None:
    author.is_staff = True
    author.save()
    form = {"property": casino.pk, "game": "blackjack", "name": "Six-five", "slug": "six-five", "notes": "",
            "values": '{"blackjack_pays": "6:5"}'}
    assert client_for(author).post("/admin/drills/ruleset/add/", form).status_code == 302
    (version,) = RuleSetVersion.objects.filter(rule_set__slug="six-five")
    assert (version.number, version.status, version.proposed_by) == (1, VersionStatus.SIGNED_OFF, author)
    assert version.values == {"blackjack_pays": "6:5"}


def test_a_saved_rule_sets_values_are_read_only_with_a_link(blackjack: RuleSet, author: User) -> None:
    author.is_staff = True
    author.save()
    client = client_for(author)
    url = f"/admin/drills/ruleset/{blackjack.pk}/change/"
    page = client.get(url).content.decode()
    assert 'name="values"' not in page
    assert 'href="/rule-versions/vc-blackjack/"' in page
    form = {"property": blackjack.property_id, "game": "blackjack", "name": "Renamed", "slug": "vc-blackjack",
            "notes": "", "is_default": "on", "values": '{"blackjack_pays": "6:5"}'}
    assert client.post(url, form).status_code == 302
    blackjack.refresh_from_db()
    assert (blackjack.name, blackjack.values) == ("Renamed", {})  # the name changed, the values did not
    assert RuleSetVersion.objects.filter(rule_set=blackjack).count() == 1
