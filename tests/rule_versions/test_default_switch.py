"""A change of the property's default rule set for a game is a proposal too (issue 16,
item 3): a version carrying ``becomes_default``, applied only when a second staff member of
the property signs it off and its date has come; the old default stops being it in the same
transaction, and the trainees are assigned what changed (old default's values against the
new one's) once committed."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.db import IntegrityError
from django.utils import timezone

from drills.models import Property, RuleSet, User
from drills.rule_versions import services
from drills.rule_versions.models import VersionStatus
from drills.rule_versions.presenters import default_text
from drills.rule_versions.services import VersionError, propose_version, rule_set_in_force, sign_off
from drills.what_changed.models import AssignedChange
from tests.rule_versions.conftest import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process")]
NOON = dt.datetime(2027, 6, 1, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def spare(casino: Property) -> RuleSet:
    """A 6:5 blackjack rule set beside the default (3:2, the RULES.md default)."""
    return RuleSet.objects.create(
        property=casino, game="blackjack", slug="vc-spare", name="Six-five tables", values={"blackjack_pays": "6:5"}
    )


def _propose(rule_set: RuleSet, author: User, values: dict[str, object] | None = None, **kwargs: object):  # type: ignore[no-untyped-def]
    effective = kwargs.pop("effective_from", timezone.localdate())
    return propose_version(
        rule_set, rule_set.values if values is None else values, author=author, reason="the pit boss asked",
        effective_from=effective, becomes_default=True,  # type: ignore[arg-type]
    )


def _defaults(*rule_sets: RuleSet) -> tuple[bool, ...]:
    return tuple(RuleSet.objects.get(pk=rule_set.pk).is_default for rule_set in rule_sets)


def test_proposing_a_switch_leaves_the_old_default_in_force(
    blackjack: RuleSet, spare: RuleSet, author: User, trainee: User
) -> None:
    version = _propose(spare, author)  # the same values: only the default changes
    assert (version.status, version.becomes_default, version.number) == (VersionStatus.PENDING, True, 2)
    assert _defaults(blackjack, spare) == (True, False)
    assert rule_set_in_force(blackjack.property, "blackjack").rule_set == blackjack
    assert default_text(version) == "makes this the property's Blackjack rules"


def test_the_second_staff_member_s_sign_off_switches_it_and_assigns_what_changed(
    blackjack: RuleSet, spare: RuleSet, author: User, checker: User, trainee: User,
    django_capture_on_commit_callbacks,  # type: ignore[no-untyped-def]
) -> None:
    version = _propose(spare, author)
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(version, by=checker)
    assert _defaults(blackjack, spare) == (False, True)
    version.refresh_from_db()
    assert version.made_default_at is not None
    assert default_text(version).startswith("made this the property's Blackjack rules on ")
    (change,) = AssignedChange.objects.all()
    assert (change.old_values["blackjack_pays"], change.new_values["blackjack_pays"]) == ("3:2", "6:5")
    assert list(change.assignment.trainees.all()) == [trainee]
    assert change.assignment.created_by == checker
    assert rule_set_in_force(blackjack.property, "blackjack").rules.to_mapping()["blackjack_pays"] == "6:5"
    services.apply_due_versions(spare)  # applied once: nothing more happens
    services.apply_due_versions(blackjack)
    assert _defaults(blackjack, spare) == (False, True)
    assert AssignedChange.objects.count() == 1


def test_new_values_and_the_switch_take_effect_together(
    blackjack: RuleSet, spare: RuleSet, author: User, checker: User, trainee: User,
    django_capture_on_commit_callbacks,  # type: ignore[no-untyped-def]
) -> None:
    version = _propose(spare, author, {"blackjack_pays": "6:5", "dealer_hits_soft_17": True})
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(version, by=checker)
    spare.refresh_from_db()
    assert (spare.is_default, spare.values["dealer_hits_soft_17"]) == (True, True)
    (change,) = AssignedChange.objects.all()  # one assignment: the old default against the new
    assert change.old_values["dealer_hits_soft_17"] is False
    assert change.new_values["dealer_hits_soft_17"] is True


@pytest.mark.parametrize("signer", ["author", "stranger"])
def test_the_author_and_staff_of_another_property_cannot_sign_it_off(
    blackjack: RuleSet, spare: RuleSet, author: User, stranger: User, signer: str
) -> None:
    version = _propose(spare, author)
    with pytest.raises(VersionError) as refused:
        sign_off(version, by={"author": author, "stranger": stranger}[signer])
    assert refused.value.field == "by"
    version.refresh_from_db()
    assert version.status == VersionStatus.PENDING
    assert _defaults(blackjack, spare) == (True, False)


def test_staff_of_another_property_cannot_propose_it(spare: RuleSet, stranger: User) -> None:
    with pytest.raises(VersionError) as refused:
        _propose(spare, stranger)
    assert refused.value.field == "author"


def test_the_author_s_sign_off_is_refused_on_the_page(
    blackjack: RuleSet, spare: RuleSet, author: User, checker: User
) -> None:
    version = _propose(spare, author)
    response = client_for(author).post(f"/rule-versions/{spare.slug}/{version.number}/sign-off/")
    assert response.status_code == 403
    assert _defaults(blackjack, spare) == (True, False)
    page = client_for(checker).get("/rule-versions/").content.decode()
    assert "Makes this the property&#x27;s Blackjack rules" in page
    detail = client_for(checker).get(f"/rule-versions/{spare.slug}/{version.number}/").content.decode()
    assert "Makes this the property&#x27;s Blackjack rules" in detail
    assert client_for(checker).post(f"/rule-versions/{spare.slug}/{version.number}/sign-off/").status_code == 302
    assert _defaults(blackjack, spare) == (False, True)
    history = client_for(checker).get(f"/rule-versions/{spare.slug}/").content.decode()
    assert "Made this the property&#x27;s Blackjack rules on " in history


def test_a_scheduled_switch_takes_effect_on_its_date_when_the_rules_are_read(
    blackjack: RuleSet, spare: RuleSet, author: User, checker: User
) -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        later = timezone.localdate() + dt.timedelta(days=3)
        version = _propose(spare, author, effective_from=later)
        sign_off(version, by=checker)
        assert _defaults(blackjack, spare) == (True, False)
        assert rule_set_in_force(blackjack.property, "blackjack").rule_set == blackjack
        clock.shift(dt.timedelta(days=3))
        in_force = rule_set_in_force(blackjack.property, "blackjack")  # no beat needed: due on read
        assert in_force.rule_set == spare
        assert _defaults(blackjack, spare) == (False, True)


def test_the_beat_applies_a_scheduled_switch(blackjack: RuleSet, spare: RuleSet, author: User, checker: User) -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        version = _propose(spare, author, effective_from=timezone.localdate() + dt.timedelta(days=1))
        sign_off(version, by=checker)
        clock.shift(dt.timedelta(days=1))
        assert services.apply_all_due() == 1
        assert _defaults(blackjack, spare) == (False, True)


def test_the_same_rules_without_the_switch_are_unchanged(spare: RuleSet, author: User) -> None:
    with pytest.raises(VersionError) as refused:
        propose_version(spare, spare.values, author=author, reason="r", effective_from=timezone.localdate())
    assert refused.value.code == "unchanged"


def test_asking_the_default_to_become_the_default_changes_nothing(blackjack: RuleSet, author: User) -> None:
    with pytest.raises(VersionError) as refused:
        _propose(blackjack, author)
    assert refused.value.code == "unchanged"


def test_a_game_without_a_default_gets_one_only_at_sign_off(
    spare: RuleSet, author: User, checker: User, trainee: User,
    django_capture_on_commit_callbacks,  # type: ignore[no-untyped-def]
) -> None:
    version = _propose(spare, author)
    assert rule_set_in_force(spare.property, "blackjack").rule_set is None  # the RULES.md defaults
    with django_capture_on_commit_callbacks(execute=True):
        sign_off(version, by=checker)
    assert _defaults(spare) == (True,)
    (change,) = AssignedChange.objects.all()  # 3:2 (RULES.md) to 6:5: a change for trainees too
    assert (change.old_values["blackjack_pays"], change.new_values["blackjack_pays"]) == ("3:2", "6:5")


def test_the_one_default_constraint_refuses_the_sign_off_and_keeps_it_pending(
    spare: RuleSet, author: User, checker: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    version = _propose(spare, author)
    real_save = RuleSet.save

    def racing_save(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if kwargs.get("update_fields") == ["is_default", "updated_at"]:
            raise IntegrityError("UNIQUE constraint failed: one_default_rule_set_per_game")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(RuleSet, "save", racing_save)
    with pytest.raises(VersionError) as refused:
        sign_off(version, by=checker)
    assert refused.value.field == "is_default"
    version.refresh_from_db()
    assert (version.status, version.made_default_at) == (VersionStatus.PENDING, None)
