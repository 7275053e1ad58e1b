"""The answer path's reads built once as SQL text (``drills.compiled_sql``, issue 17) give the
very objects the ORM gives: every field's value and type, the attempt read with its scenario."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from drills.kinds.base import Difficulty, get_kind
from drills.models import Attempt, DrillScenario, User
from drills.practice.selectors import own_scenario
from drills.practice.services import start_scenario, submit_answer
from tests.model_values import typed_fields

pytestmark = pytest.mark.django_db




def orm_read(user: User, public_id: Any) -> DrillScenario | None:
    return DrillScenario.objects.filter(user=user, public_id=public_id).select_related("attempt").first()


@pytest.mark.parametrize("kind", ["bj-payout", "pg-house-way", "ou-total"])
def test_own_scenario_equals_the_orm_read_before_and_after_the_answer(trainee: User, kind: str) -> None:
    stored, scenario = start_scenario(trainee, get_kind(kind), Difficulty.NORMAL, seed=7)
    fast, slow = own_scenario(trainee, stored.public_id), orm_read(trainee, stored.public_id)
    assert fast is not None
    assert slow is not None
    assert typed_fields(fast) == typed_fields(slow)
    assert fast._state.adding is False
    assert fast._state.db == slow._state.db
    with CaptureQueriesContext(connection) as queries, pytest.raises(Attempt.DoesNotExist):
        fast.attempt  # noqa: B018 - read with the scenario: no attempt, and no query to find out
    assert len(queries) == 0

    submit_answer(stored, dict(scenario.solution.key))
    fast, slow = own_scenario(trainee, str(stored.public_id)), orm_read(trainee, stored.public_id)
    assert fast is not None
    assert slow is not None
    with CaptureQueriesContext(connection) as queries:
        attempt = fast.attempt
        assert attempt.scenario is fast
    assert len(queries) == 0
    assert typed_fields(attempt) == typed_fields(slow.attempt)
    assert attempt.answer == slow.attempt.answer
    assert attempt.reasons == slow.attempt.reasons


def test_own_scenario_hides_other_trainees_and_unknown_ids(trainee: User, other_trainee: User) -> None:
    stored, _ = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=3)
    assert own_scenario(other_trainee, stored.public_id) is None
    assert own_scenario(trainee, uuid.uuid4()) is None
    with pytest.raises(ValidationError):  # as the ORM's filter does
        own_scenario(trainee, "not-a-uuid")
