"""``manage.py check_amounts``: stored amounts above ``MAX_AMOUNT`` (rows saved before every
door enforced the ceiling) are listed by table, row and field; exit 1 when any is."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from drills.amount_audit import oversized_in
from drills.exams import services as exams
from drills.exams.models import SittingItem
from drills.kinds.base import Difficulty, get_kind
from drills.models import Attempt, Property, RuleSet, User
from drills.practice import services as practice
from tests.exams.conftest import make_blueprint

FORTY_NINES = "9" * 40


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"total": "52.50"}, []),
        ({"total": "1000000.00"}, []),  # the ceiling itself is accepted
        ({"total": "1000000.01"}, [("total", "1000000.01")]),
        ({"total": 10**7}, [("total", "10000000")]),
        ({"total": 1e30}, [("total", "1e+30")]),
        ({"total": Decimal("1E+26")}, [("total", "1E+26")]),
        ({"total": "1e30"}, [("total", "1e30")]),
        ({"total": FORTY_NINES}, [("total", FORTY_NINES)]),
        ({"total": "1_000_000_000"}, [("total", "1_000_000_000")]),
        ({"total": "１００００００００"}, [("total", "１００００００００")]),  # fullwidth digits: 100,000,000
        ({"table_limits": "25-1e30"}, [("table_limits", "25-1e30")]),
        ({"table_limits": "25-5000"}, []),
        ({"bonus_pays": {"royal": "500:1"}, "decks": 8, "h17": True}, []),
        ({"hands": [{"bet": "5"}, {"bet": "2000000"}]}, [("hands[1].bet", "2000000")]),
        ({"cards": ["10H", "KS"], "note": None}, []),
        ("1e30", [("(the value)", "1e30")]),
    ],
)
def test_numbers_above_the_ceiling_are_found_wherever_they_are(value: Any, found: list[tuple[str, str]]) -> None:
    assert list(oversized_in(value)) == found


def run() -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("check_amounts", stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


@pytest.mark.django_db
def test_a_clean_database_lists_nothing(casino: Property, trainee: User) -> None:
    stored, _ = practice.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    practice.submit_answer(stored, dict(stored.key))
    RuleSet.objects.create(property=casino, game="jack-switch", slug="js", name="Jack Switch",
                           values={"table_limits": "25-5000"})
    assert run() == (0, "No stored amount is above 1000000.00.\n")


@pytest.mark.django_db
def test_rows_stored_before_the_ceiling_are_listed(casino: Property, trainee: User) -> None:
    stored, _ = practice.start_scenario(trainee, get_kind("ou-total"), Difficulty.EASY)
    attempt = practice.submit_answer(stored, dict(stored.key)).attempt
    Attempt.objects.filter(pk=attempt.pk).update(answer={"total": "1e30"})  # as stored before issue 13
    sitting = exams.start_sitting(trainee, make_blueprint(casino)).sitting
    SittingItem.objects.filter(sitting=sitting, position=2).update(draft={"total": FORTY_NINES})
    rule_set = RuleSet.objects.create(property=casino, game="jack-switch", slug="js-main", name="Main pit", values={})
    RuleSet.objects.filter(pk=rule_set.pk).update(values={"table_limits": "25-1e30"})

    status, output = run()
    assert status == 1
    lines = output.splitlines()
    assert f"Drill answer — attempt {attempt.pk} (ou-total, {trainee.username}) — total: 1e30" in lines
    item = f"sitting {sitting.public_id} item 2 ({trainee.username})"
    assert f"Exam answer — {item} — draft: total: {FORTY_NINES}" in lines
    assert f"Rule set — Main pit of {casino.name} (js-main) — table_limits: 25-1e30" in lines
    assert lines[-1] == "3 stored amounts above 1000000.00, the largest accepted."
