"""An exam start's read of the candidate's sittings, built once as SQL (issue 17), gives the
objects the ORM's ``select_related("result__certificate")`` gives, with nothing left to query."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from drills.exams import services
from drills.exams.models import Blueprint, Sitting
from drills.models import Property, User
from tests.exams.conftest import answer_all, finish_and_grade, make_blueprint
from tests.model_values import typed_fields

pytestmark = pytest.mark.django_db




def orm_read(candidate: User, blueprint: Blueprint) -> list[Sitting]:
    return list(Sitting.objects.filter(candidate=candidate, blueprint=blueprint).select_related("result__certificate"))


def shape(sittings: list[Sitting]) -> list[tuple[object, ...]]:
    """Every sitting, its result and its certificate, field by field (read with no query)."""
    rows = []
    with CaptureQueriesContext(connection) as queries:
        for sitting in sittings:
            result = getattr(sitting, "result", None)
            certificate = getattr(result, "certificate", None) if result is not None else None
            rows.append((typed_fields(sitting), typed_fields(result), typed_fields(certificate)))
            if result is not None:
                assert result.sitting is sitting
    assert len(queries) == 0
    return rows


def test_the_sittings_read_equals_the_orm_read(candidate: User, other_candidate: User, casino: Property) -> None:
    blueprint = make_blueprint(casino, attempts_allowed=3)
    assert services.candidate_sittings(candidate.pk, blueprint.pk) == []
    failed = services.start_sitting(candidate, blueprint).sitting
    answer_all(failed, right=False)
    finish_and_grade(failed)
    Sitting.objects.filter(pk=failed.pk).update(started_at=failed.started_at - dt.timedelta(hours=1))
    passed = services.start_sitting(candidate, blueprint).sitting
    answer_all(passed, right=True)
    finish_and_grade(passed)
    services.start_sitting(other_candidate, blueprint)  # open: no result yet
    for who in (candidate, other_candidate):
        fast, slow = services.candidate_sittings(who.pk, blueprint.pk), orm_read(who, blueprint)
        assert [s.pk for s in fast] == [s.pk for s in slow]  # newest first, as Sitting orders
        assert shape(fast) == shape(slow)
    mine = services.candidate_sittings(candidate.pk, blueprint.pk)
    assert mine[0].result.certificate is not None  # the pass
    assert not hasattr(mine[1].result, "certificate")  # the fail: none, known without a query


def test_the_default_rule_set_read_equals_the_orm_read(casino: Property, other_casino: Property) -> None:
    from drills.models import RuleSet
    from games.registry import default_rules

    assert services.default_rule_set(casino.pk, "over-under-26") is None
    values = default_rules("over-under-26").to_mapping()
    RuleSet.objects.create(property=casino, game="over-under-26", name="Not default", slug="a",
                           values=values, is_default=False)
    made = RuleSet.objects.create(property=casino, game="over-under-26", name="House", slug="b", values=values,
                                  is_default=True)
    RuleSet.objects.create(property=other_casino, game="over-under-26", name="Theirs", slug="c", values=values,
                           is_default=True)
    fast = services.default_rule_set(casino.pk, "over-under-26")
    slow = RuleSet.objects.filter(property_id=casino.pk, game="over-under-26", is_default=True).order_by("pk").first()
    assert fast is not None
    assert fast.pk == made.pk
    assert values_of(fast) == values_of(slow)
    assert services.default_rule_set(casino.pk, "blackjack") is None


def values_of(instance: Model | None) -> dict[str, tuple[type, Any]] | None:
    return typed_fields(instance)
