"""Writes of the progress roll-ups: per graded attempt, and the rebuild from raw attempts.

Concurrency: every write of a trainee's roll-ups first takes that trainee's lock: on
PostgreSQL a transaction-level advisory lock (``upsert.trainee_lock_sql``), then, for the
rebuild, the ``TraineeSummary`` row (``INSERT … ON CONFLICT DO NOTHING`` to make sure it
exists, then ``SELECT … FOR UPDATE``; on SQLite every write is serialised anyway). On
PostgreSQL a graded attempt is counted by one statement (``upsert.py``: the lock, the
grade, and upserts computed from the locked rows); elsewhere by the Python fold below,
inside the transaction that saves the grade. Grading and rebuilding of one trainee are
therefore serialised, no update is lost, and different trainees never wait for each other.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from drills.models import Attempt, AttemptStatus, Property
from drills.progress import upsert
from drills.progress.models import DailyTally, SkillRollup, TraineeSummary, TrainingPolicy
from drills.progress.rollup import (
    DEFAULT_WINDOW,
    WINDOW_FIELDS,
    AttemptFacts,
    SkillState,
    TraineeState,
    add_day,
    fold,
    window_figures,
)

if TYPE_CHECKING:
    from drills.learning.services import CardWrite

logger = logging.getLogger(__name__)

FACT_FIELDS = ("id", "kind", "difficulty", "correct", "time_taken_ms", "answered_at", "mistake_code", "mistake")


def facts_from_values(values: tuple[Any, ...]) -> AttemptFacts:
    attempt_id, kind, difficulty, correct, ms, answered_at, mistake_code, mistake = values
    return AttemptFacts(
        id=attempt_id,
        kind=kind,
        difficulty=difficulty,
        correct=bool(correct),
        ms=ms,
        answered_at=answered_at,
        day=timezone.localdate(answered_at),
        mistake_code=mistake_code,
        mistake=mistake,
    )


def facts_of(attempt: Attempt) -> AttemptFacts:
    return facts_from_values(tuple(getattr(attempt, "pk" if name == "id" else name) for name in FACT_FIELDS))


def policy_window(user_id: int) -> int:
    """The mastery window of the trainee's property (the default without a policy)."""
    window = TrainingPolicy.objects.filter(property__users__id=user_id).values_list("window", flat=True).first()
    return window or DEFAULT_WINDOW


def lock_trainee(user_id: int) -> TraineeSummary:
    """The trainee's summary row, created if missing, locked until the transaction ends.

    On PostgreSQL the trainee's advisory lock first (the one the grading statement takes).
    Then one ``SELECT … FOR UPDATE`` when the row exists; otherwise ``INSERT … ON CONFLICT
    DO NOTHING`` (two first answers at once cannot both insert) and the locking select."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(*upsert.trainee_lock_sql(user_id))
    summary = TraineeSummary.objects.select_for_update().filter(pk=user_id).first()
    if summary is None:
        TraineeSummary.objects.bulk_create([TraineeSummary(user_id=user_id)], ignore_conflicts=True)
        summary = TraineeSummary.objects.select_for_update().get(pk=user_id)
    return summary


def record_attempt(attempt: Attempt, save_fields: Sequence[str] = (), *, only_if_received: bool = False) -> bool:
    """Count a graded attempt in its trainee's roll-ups, and write ``save_fields`` of the
    attempt (its grade) in the same transaction: both commit or neither does.

    With ``only_if_received`` the fields are written (and the attempt counted) only while
    the stored attempt is still received, so of racing graders exactly one wins.
    Returns ``False`` (roll-ups unchanged) for an ungraded attempt, one already counted, or
    a grader that lost the race (then nothing was written).
    """
    graded = attempt.status == AttemptStatus.GRADED and attempt.correct is not None
    if connection.vendor == "postgresql" and graded:
        return upsert.record(attempt, facts_of(attempt), save_fields, only_if_received=only_if_received)
    with transaction.atomic():
        if save_fields:
            if only_if_received:
                values = {name: getattr(attempt, name) for name in save_fields}
                pending = Attempt.objects.filter(pk=attempt.pk, status=AttemptStatus.RECEIVED)
                if not pending.update(**values):
                    return False
            else:
                attempt.save(update_fields=list(save_fields))
        return graded and record_attempt_in_python(attempt)


def record_attempt_with_card(
    attempt: Attempt, save_fields: Sequence[str], card: CardWrite
) -> tuple[bool, bool]:
    """:func:`record_attempt` for a received attempt on PostgreSQL with its family card's write
    in the same statement (autocommit: one round trip): (counted, card written)."""
    return upsert.record_with_card(attempt, facts_of(attempt), save_fields, only_if_received=True, card=card)


def record_attempt_in_python(attempt: Attempt) -> bool:
    """The roll-up of one graded attempt by the Python fold (databases other than
    PostgreSQL); call it in the grading transaction."""
    facts = facts_of(attempt)
    with transaction.atomic(savepoint=False):
        summary = lock_trainee(attempt.user_id)
        row = SkillRollup.objects.filter(user_id=attempt.user_id, kind=facts.kind).first()
        state = SkillState.from_fields(row.__dict__) if row is not None else SkillState()
        if not state.apply(facts):
            return False
        # The row's figures follow its window, which policy changes keep in line
        # (apply_policy_window); a new row asks the policy. A stale window is recomputed
        # when read and rewritten by the nightly rebuild.
        window = row.window_size if row is not None and row.window_size else policy_window(attempt.user_id)
        fields = state.as_fields() | window_figures(state.recent, window)
        if row is None:
            SkillRollup.objects.create(user_id=attempt.user_id, kind=facts.kind, **fields)
        else:
            for name, value in fields.items():
                setattr(row, name, value)
            row.save(update_fields=list(fields))
        increments = {
            "answers": F("answers") + 1,
            "correct": F("correct") + int(facts.correct),
            "total_ms": F("total_ms") + facts.ms,
        }
        day = DailyTally.objects.filter(user_id=attempt.user_id, kind=facts.kind, day=facts.day)
        if not day.update(**increments):
            DailyTally.objects.create(
                user_id=attempt.user_id,
                kind=facts.kind,
                day=facts.day,
                answers=1,
                correct=int(facts.correct),
                total_ms=facts.ms,
            )
        summary.answers += 1
        if summary.last_answered_at is None or facts.answered_at > summary.last_answered_at:
            summary.last_answered_at = facts.answered_at
        add_day(summary.recent_days, facts.day, 1, int(facts.correct))
        summary.save(update_fields=["answers", "last_answered_at", "recent_days"])
    return True


def trainee_state_from_attempts(user_id: int) -> TraineeState:
    """Recompute a trainee's roll-ups from their raw graded attempts (no writes)."""
    rows = (
        Attempt.objects.filter(user_id=user_id, status=AttemptStatus.GRADED, correct__isnull=False)
        .order_by("id")
        .values_list(*FACT_FIELDS)
    )
    return fold(facts_from_values(values) for values in rows.iterator(chunk_size=5000))


Snapshot = tuple[dict[str, dict[str, Any]], dict[tuple[str, Any], tuple[int, int, int]]]


def stored_snapshot(user_id: int) -> Snapshot:
    names = [*SkillState().as_fields(), *WINDOW_FIELDS]
    skills = {
        row[0]: dict(zip(names, row[1:], strict=True))
        for row in SkillRollup.objects.filter(user_id=user_id).values_list("kind", *names)
    }
    days = {
        (kind, day): (answers, correct, total_ms)
        for kind, day, answers, correct, total_ms in DailyTally.objects.filter(user_id=user_id).values_list(
            "kind", "day", "answers", "correct", "total_ms"
        )
    }
    return skills, days


def recomputed_snapshot(user_id: int) -> Snapshot:
    """What the roll-up rows of a trainee should hold, recomputed from the raw attempts."""
    return _snapshot(trainee_state_from_attempts(user_id), policy_window(user_id))


def _snapshot(state: TraineeState, window: int) -> Snapshot:
    skills = {kind: skill.as_fields() | window_figures(skill.recent, window) for kind, skill in state.skills.items()}
    days = {key: (day.answers, day.correct, day.total_ms) for key, day in state.days.items()}
    return skills, days


def rebuild_trainee(user_id: int) -> bool:
    """Rebuild one trainee's roll-ups from the raw attempts; ``True`` if they had drifted."""
    window = policy_window(user_id)
    with transaction.atomic():
        summary = lock_trainee(user_id)
        state = trainee_state_from_attempts(user_id)
        expected = _snapshot(state, window)
        drifted = (
            stored_snapshot(user_id) != expected
            or summary.answers != state.answers
            or summary.recent_days != state.recent_days
        )
        if drifted:
            SkillRollup.objects.filter(user_id=user_id).delete()
            DailyTally.objects.filter(user_id=user_id).delete()
            SkillRollup.objects.bulk_create(
                SkillRollup(user_id=user_id, kind=kind, **fields) for kind, fields in expected[0].items()
            )
            DailyTally.objects.bulk_create(
                DailyTally(
                    user_id=user_id, kind=kind, day=day, answers=d.answers, correct=d.correct, total_ms=d.total_ms
                )
                for (kind, day), d in state.days.items()
            )
        summary.answers = state.answers
        summary.last_answered_at = state.last_answered_at
        summary.recent_days = state.recent_days
        summary.rebuilt_at = timezone.now()
        summary.save(update_fields=["answers", "last_answered_at", "recent_days", "rebuilt_at"])
    return drifted


def rebuild_all() -> dict[str, int]:
    """Rebuild every trainee who has attempts or roll-ups; one transaction per trainee."""
    user_ids = set(Attempt.objects.values_list("user_id", flat=True).distinct())
    user_ids |= set(TraineeSummary.objects.values_list("user_id", flat=True))
    drifted = sum(rebuild_trainee(user_id) for user_id in sorted(user_ids))
    if drifted:
        logger.warning("progress roll-ups had drifted for %d of %d trainees: rebuilt", drifted, len(user_ids))
    return {"trainees": len(user_ids), "drifted": drifted}


def apply_policy_window(property: Property) -> int:
    """Recompute the window figures of every roll-up of the property's people for its
    current policy window (after the policy changed); returns the rows rewritten."""
    window = policy_window_of_property(property)
    rows = []
    for row in SkillRollup.objects.filter(user__property=property).exclude(window_size=window):
        for name, value in window_figures(row.recent, window).items():
            setattr(row, name, value)
        rows.append(row)
    SkillRollup.objects.bulk_update(rows, list(WINDOW_FIELDS), batch_size=500)
    return len(rows)


def policy_window_of_property(property: Property) -> int:
    window = TrainingPolicy.objects.filter(property=property).values_list("window", flat=True).first()
    return window or DEFAULT_WINDOW


def save_policy(policy: TrainingPolicy) -> None:
    """Save a training policy and bring the roll-ups' window figures in line with it."""
    with transaction.atomic():
        policy.full_clean()
        policy.save()
        apply_policy_window(policy.property)


def delete_policy(policy: TrainingPolicy) -> None:
    """Delete a policy (the property falls back to the defaults) and update the figures."""
    with transaction.atomic():
        property = policy.property
        policy.delete()
        apply_policy_window(property)
