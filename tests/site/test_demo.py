"""``manage.py load_demo``: the demo casino, idempotent, with documented logins."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from drills.models import Property, Role, RuleSet, Team, User
from drills.services.demo import DEMO_USERS, example_bonus_pay_table
from games.registry import GAMES, default_rules

pytestmark = pytest.mark.django_db


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def snapshot() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Property, User, Team, RuleSet))


def test_load_demo_is_idempotent_and_prints_every_login(fast_passwords: None) -> None:
    first = load()
    counts = snapshot()
    assert load() == first
    assert snapshot() == counts
    for demo in DEMO_USERS:
        assert f"{demo.username:<12} / {demo.password}" in first
        # Every sign-in goes through the lockout check, which needs the request.
        request = RequestFactory().post("/login/")
        assert authenticate(request, username=demo.username, password=demo.password) is not None
    assert "never use these passwords" in first


def test_demo_people(fast_passwords: None) -> None:
    load()
    demo = Property.objects.get(slug="demo")
    assert demo.name == "Demo Casino"
    admin = User.objects.get(username="admin")
    assert admin.is_superuser
    assert admin.is_staff
    assert User.objects.get(username="staff").role == Role.STAFF
    assert User.objects.get(username="staff").is_staff
    team = Team.objects.get(property=demo, name="Day shift")
    assert [u.username for u in team.supervisors.all()] == ["supervisor"]
    assert sorted(u.username for u in team.members.all()) == [f"trainee{i}" for i in range(1, 6)]
    assert all(u.role == Role.TRAINEE for u in team.members.all())


def test_demo_rule_sets_are_rules_md_defaults(fast_passwords: None) -> None:
    load()
    for rule_set in RuleSet.objects.filter(is_default=True):
        assert rule_set.game in GAMES
        if rule_set.game == "blackjack":  # its version 2 is in force (drills.rule_versions.demo)
            assert rule_set.values == {"blackjack_pays": "6:5", "dealer_hits_soft_17": True}
            continue
        assert rule_set.values == {}
        assert rule_set.as_rules() == default_rules(rule_set.game)


def test_the_example_bonus_table_is_named_as_an_example(fast_passwords: None) -> None:
    table = example_bonus_pay_table()
    if table is None:
        pytest.skip("games.over_under_26.rules exports no example Bonus pay table")
    load()
    example = RuleSet.objects.get(slug="demo-over-under-26-example-bonus")
    assert not example.is_default
    assert "EXAMPLE" in example.name
    assert "not the seed's" in example.name
    assert example.as_rules().bonus_pay_table == table  # type: ignore[attr-defined]


def test_demo_exam_can_be_sat_by_a_demo_trainee(fast_passwords: None) -> None:
    from drills.exams.models import Blueprint
    from drills.exams.services import start_sitting
    from drills.services.demo import DEMO_EXAM_TITLE

    load()
    load()
    blueprint = Blueprint.objects.get(title=DEMO_EXAM_TITLE)
    assert blueprint.versions.count() == 1
    outcome = start_sitting(User.objects.get(username="trainee1"), blueprint)
    assert outcome.resumed is False
    assert outcome.sitting.items.count() == 9


def test_demo_history_words_its_mistakes_in_the_reader_language(fast_passwords: None) -> None:
    """The demo's made-up answers keep their grade's reasons as a real answer does, so a
    Spanish trainee's history reads its mistakes in Spanish, not the stored English."""
    from django.utils import translation

    from drills.models import Attempt

    load()
    wrong = [attempt for attempt in Attempt.objects.filter(correct=False).exclude(mistake="")[:20]]
    assert wrong
    with translation.override("es"):
        assert all(attempt.mistake_words() != attempt.mistake for attempt in wrong)
        assert all(attempt.explanation_words() != attempt.explanation for attempt in wrong if attempt.explanation)
