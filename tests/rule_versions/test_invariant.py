"""Property: whatever staff do and whenever they do it, ``RuleSet.values`` equals the values of
the version in force as soon as the rule set is read for a drill, a round or an exam (or the
beat task has run), and the version in force is the one the rules say."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
import time_machine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drills.models import Property, RuleSet, User
from drills.rule_versions import services
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.selectors import version_in_force
from drills.rule_versions.services import VersionError

pytestmark = pytest.mark.django_db
START = dt.datetime(2026, 5, 4, 10, 0, tzinfo=dt.UTC)
_slugs = itertools.count()

step = st.one_of(
    st.tuples(st.just("propose"), st.sampled_from([{}, {"decks": 2}, {"decks": 4}, {"blackjack_pays": "6:5"}]),
              st.integers(0, 4)),
    st.tuples(st.just("sign"), st.sampled_from(["author", "checker"]), st.just(0)),
    st.tuples(st.just("reject"), st.just("checker"), st.just(0)),
    st.tuples(st.just("wait"), st.just(""), st.integers(0, 3)),
    st.tuples(st.just("read"), st.sampled_from(["drill", "beat"]), st.just(0)),
)


def expected_in_force(rule_set: RuleSet, today: dt.date) -> RuleSetVersion:
    """The rules, written out plainly: signed off by today, effective by today, the newest."""
    took_effect = [
        v for v in RuleSetVersion.objects.filter(rule_set=rule_set)
        if v.status in (VersionStatus.SIGNED_OFF, VersionStatus.SUPERSEDED) and v.in_force_from <= today
    ]
    return max(took_effect, key=lambda v: v.number)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(step, min_size=1, max_size=12))
def test_values_follow_the_version_in_force(
    casino: Property, author: User, checker: User, steps: list[tuple[str, object, int]]
) -> None:
    people = {"author": author, "checker": checker}
    with time_machine.travel(START, tick=False) as clock:
        RuleSet.objects.filter(property=casino).update(is_default=False)  # the casino outlives an example
        rule_set = RuleSet.objects.create(
            property=casino, game="blackjack", slug=f"prop-{next(_slugs)}", name="Property", values={},
            is_default=True,
        )
        for action, arg, days in steps:
            today = dt.datetime.now(tz=dt.UTC).date()
            pending = RuleSetVersion.objects.filter(rule_set=rule_set, status=VersionStatus.PENDING).first()
            try:
                if action == "propose":
                    services.propose_version(
                        rule_set, arg, author=author, reason="r", effective_from=today + dt.timedelta(days=days)
                    )
                elif action == "sign" and pending is not None:
                    services.sign_off(pending, by=people[str(arg)])
                    rule_set.refresh_from_db()  # a sign-off puts a version whose date has come in force
                    assert rule_set.values == expected_in_force(rule_set, today).values
                elif action == "reject" and pending is not None:
                    services.reject(pending, by=checker, reason="no")
                elif action == "wait":
                    clock.shift(dt.timedelta(days=days))
                elif action == "read":
                    if arg == "drill":
                        in_force = services.rule_set_in_force(casino, "blackjack")
                        assert in_force.version == expected_in_force(rule_set, today)
                    else:
                        services.apply_all_due()
                    rule_set.refresh_from_db()
                    assert rule_set.values == expected_in_force(rule_set, today).values
            except VersionError:
                pass  # refused: nothing may have changed
            today = dt.datetime.now(tz=dt.UTC).date()
            assert version_in_force(rule_set) == expected_in_force(rule_set, today)
            assert RuleSetVersion.objects.filter(rule_set=rule_set, status=VersionStatus.PENDING).count() <= 1
        services.apply_due_versions(rule_set)
        rule_set.refresh_from_db()
        assert rule_set.values == version_in_force(rule_set).values  # type: ignore[union-attr]
        versions = RuleSetVersion.objects.filter(rule_set=rule_set).order_by("number")
        numbers = list(versions.values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
