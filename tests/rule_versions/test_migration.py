"""The data migration gives every rule set that existed before versions its version 1."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("rule_versions", "0001_initial")]
AFTER = [("rule_versions", "0002_before_versions")]


@pytest.mark.django_db(transaction=True)
def test_every_existing_rule_set_gets_version_1_signed_off_by_nobody() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    casino = old.get_model("drills", "Property").objects.create(name="Old Casino", slug="old-casino")
    RuleSet = old.get_model("drills", "RuleSet")  # historical model: no signal gives it a version
    created = dt.datetime(2025, 6, 1, 9, 30, tzinfo=dt.UTC)
    plain = RuleSet.objects.create(property=casino, game="blackjack", slug="old-bj", name="Old", values={})
    six_five = RuleSet.objects.create(
        property=casino, game="blackjack", slug="old-65", name="Old 6:5", values={"blackjack_pays": "6:5"}
    )
    RuleSet.objects.filter(pk=six_five.pk).update(created_at=created)
    assert not old.get_model("rule_versions", "RuleSetVersion").objects.exists()

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    versions = {v.rule_set_id: v for v in new.get_model("rule_versions", "RuleSetVersion").objects.all()}
    assert set(versions) == {plain.pk, six_five.pk}
    version = versions[six_five.pk]
    assert (version.number, version.status, version.values) == (1, "signed_off", {"blackjack_pays": "6:5"})
    assert (version.proposed_by_id, version.signed_off_by_id, version.signed_off_at) == (None, None, None)
    assert version.effective_from == created.date()
    assert "before versions" in version.reason
    assert versions[plain.pk].values == {}

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # back to the latest state for the next tests
