"""Writes of the learning sub-app: the FSRS memory per family (per graded attempt and rebuilt
from the raw attempts), assignments, certificate revocation (audited).

Per graded attempt: :func:`read_card` reads the family's card with the property's retention
and the kind's target time (one plain query, before the grading transaction; a new answer's
card is read by the statement that saves the answer, ``practice.services.save_received``), and
:func:`record_review` (called by ``practice.services.record_grade`` in the grading
transaction, after the progress roll-up) writes it in one statement, an ``UPDATE`` guarded by
the whole card as it was read (``INSERT … ON CONFLICT DO NOTHING`` for a family's first
answer). A card that changed in between is rebuilt from its attempts, so the
card is always exactly the fold of its graded attempts (the nightly rebuild agrees).
On PostgreSQL the read and the guarded write are SQL texts built once (issue 17: building
them with the ORM cost more CPU than the rest of the grading).
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import FilteredRelation, OuterRef, Q, Subquery
from django.utils import timezone

from drills.exams.models import Blueprint, Certificate
from drills.exams.services import revoke_certificate
from drills.kinds.base import UnknownKindError, all_kinds, get_kind
from drills.learning.memory import FIELDS, Answer, Memory
from drills.learning.models import (
    DEFAULT_RETENTION,
    Assignment,
    AssignmentGoal,
    CertificateEvent,
    FamilyCard,
    LearningPolicy,
)
from drills.models import Attempt, AttemptStatus, Property, Team, User
from drills.progress.models import KindTarget
from drills.progress.upsert import trainee_lock_sql
from drills.rounds.tables.registry import ROUND_FAMILY, ROUND_TARGET_SECONDS, SKILL_PREFIX, is_round_skill

logger = logging.getLogger(__name__)

DEFAULT_TARGET_SECONDS = 30  # a kind no longer in the registry


def _kind_target(kind: str) -> int:
    """The kind's own target time: a drill kind's, a round skill's per dealer action."""
    if is_round_skill(kind):
        return ROUND_TARGET_SECONDS
    try:
        return int(get_kind(kind).target_seconds)
    except UnknownKindError:
        return DEFAULT_TARGET_SECONDS


def _retention_of(property_ref: Any) -> Subquery:
    return Subquery(LearningPolicy.objects.filter(property_id=property_ref).values("desired_retention")[:1])


def _target_of(property_ref: Any, kind: str) -> Subquery:
    return Subquery(KindTarget.objects.filter(property_id=property_ref, kind=kind).values("target_seconds")[:1])


def _settings(user_id: int, kind: str) -> tuple[Decimal, int]:
    """The trainee's property's retention and the kind's target time (one query)."""
    row = (
        User.objects.filter(pk=user_id)
        .annotate(retention=_retention_of(OuterRef("property_id")), target=_target_of(OuterRef("property_id"), kind))
        .values_list("retention", "target")
        .first()
    )
    retention, target = row if row is not None else (None, None)
    return retention or DEFAULT_RETENTION, target or _kind_target(kind)


def answer_of(attempt_id: int, correct: bool | None, ms: int, answered_at: dt.datetime, target: int) -> Answer:
    return Answer(attempt_id=attempt_id, correct=bool(correct), ms=ms, answered_at=answered_at, target_seconds=target)


@dataclass(frozen=True)
class CardRead:
    """A family's card as read before the grading transaction (``None`` fields: no card yet),
    with the property's retention and the kind's target time."""

    user_id: int
    kind: str
    family: str
    card_id: int | None
    fields: dict[str, Any]
    retention: Decimal
    target: int


def read_card(attempt: Attempt) -> CardRead:
    """The attempt's family card and its settings in one plain query (no lock): grading reads
    it before its transaction, so the transaction only writes the card (one statement).
    On PostgreSQL a SQL text built once (:func:`card_read_sql`; issue 17: building the ORM
    query cost more CPU than the rest of the grading); elsewhere the same query by the ORM."""
    user_id, kind, family = attempt.user_id, attempt.kind, attempt.family
    if connection.vendor != "postgresql":
        row = _card_row(user_id, kind, family)
        return card_from_row(user_id, kind, family, [row.get(name) for name in CARD_READ_NAMES])
    with connection.cursor() as cursor:
        cursor.execute(card_read_sql(), {"user": user_id, "kind": kind, "family": family})
        return card_from_row(user_id, kind, family, cursor.fetchone())


CARD_READ_NAMES = ("retention", "target", "card__id", *(f"card__{name}" for name in FIELDS))
"""The columns of :func:`card_read_sql`, in order."""


def card_from_row(user_id: int, kind: str, family: str, found: Sequence[Any] | None) -> CardRead:
    """A :class:`CardRead` from the columns :data:`CARD_READ_NAMES` (``None``: no such user)."""
    row: dict[str, Any] = dict(zip(CARD_READ_NAMES, found, strict=True)) if found is not None else {}
    return CardRead(
        user_id,
        kind,
        family,
        row.get("card__id"),
        {name: row.get(f"card__{name}") for name in FIELDS},
        row.get("retention") or DEFAULT_RETENTION,
        row.get("target") or _kind_target(kind),
    )


def _card_row(user_id: int, kind: str, family: str) -> dict[str, Any]:
    """:func:`read_card`'s query through the ORM (databases other than PostgreSQL)."""
    card = FilteredRelation("family_cards", condition=Q(family_cards__kind=kind, family_cards__family=family))
    return (
        User.objects.filter(pk=user_id)
        .annotate(
            card=card,
            retention=_retention_of(OuterRef("property_id")),
            target=_target_of(OuterRef("property_id"), kind),
        )
        .values("retention", "target", "card__id", *(f"card__{name}" for name in FIELDS))
        .first()
    ) or {}


def _column(model: type[Any], name: str) -> str:
    return str(connection.ops.quote_name(model._meta.get_field(name).column))


def _table(model: type[Any]) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


@functools.cache
def card_read_sql() -> str:
    """:func:`read_card`'s query as SQL (PostgreSQL), named parameters ``user``, ``kind`` and
    ``family``: the property's retention, the kind's target and the family's card if there is
    one (columns :data:`CARD_READ_NAMES`; one row per existing user)."""
    card_columns = ", ".join(f"c.{_column(FamilyCard, name)}" for name in ("id", *FIELDS))
    policy, target = _table(LearningPolicy), _table(KindTarget)
    return (
        f"SELECT (SELECT p.{_column(LearningPolicy, 'desired_retention')} FROM {policy} AS p"
        f" WHERE p.{_column(LearningPolicy, 'property')} = u.{_column(User, 'property')} LIMIT 1),"
        f" (SELECT t.{_column(KindTarget, 'target_seconds')} FROM {target} AS t"
        f" WHERE t.{_column(KindTarget, 'property')} = u.{_column(User, 'property')}"
        f" AND t.{_column(KindTarget, 'kind')} = %(kind)s LIMIT 1),"
        f" {card_columns}"
        f" FROM {_table(User)} AS u LEFT JOIN {_table(FamilyCard)} AS c"
        f" ON c.{_column(FamilyCard, 'user')} = u.{_column(User, 'id')}"
        f" AND c.{_column(FamilyCard, 'kind')} = %(kind)s AND c.{_column(FamilyCard, 'family')} = %(family)s"
        f" WHERE u.{_column(User, 'id')} = %(user)s"
    )


def record_review(attempt: Attempt, read: CardRead | None = None) -> bool:
    """Fold a graded attempt into its family's FSRS memory; call it in the grading transaction
    (after the progress roll-up), with the card ``read`` before the transaction if there is one.

    One statement in the common case: the card's ``UPDATE`` guarded by the card as it was read
    (every field: a compare-and-swap; an ``INSERT … ON CONFLICT DO NOTHING`` for a family's
    first answer). When the guard finds the card changed since it was read (another answer of the
    family was graded in between), or the attempt is older than the newest folded (two tabs
    graded out of order), that family is rebuilt from its attempts, so the card is always
    exactly the fold of its attempts in id order. ``False`` (nothing changed) for an ungraded
    attempt, one without a family, or one already folded."""
    if attempt.status != AttemptStatus.GRADED or attempt.correct is None or not attempt.family:
        return False
    if read is None or (read.user_id, read.kind, read.family) != (attempt.user_id, attempt.kind, attempt.family):
        read = read_card(attempt)  # in the transaction: the roll-up's trainee lock is held
    seen = int(read.fields["last_attempt_id"] or 0)
    if read.card_id is not None and attempt.pk == seen:
        return False
    with transaction.atomic(savepoint=False):
        if read.card_id is not None and attempt.pk < seen:
            return rebuild_family(read.user_id, read.kind, read.family, read.retention, read.target)
        memory = Memory.from_fields(read.fields) if read.card_id is not None else Memory()
        memory.apply(
            answer_of(attempt.pk, attempt.correct, attempt.time_taken_ms, attempt.answered_at, read.target),
            read.retention,
        )
        if _write_card(read, memory):
            return True
        return rebuild_family(read.user_id, read.kind, read.family, read.retention, read.target)


@dataclass(frozen=True)
class CardWrite:
    """A family card's write prepared before the grading statement (PostgreSQL, issue 17): the
    body of a data-modifying ``WITH`` step (:func:`card_write_step`) and its parameters.

    The roll-up statement (:func:`drills.progress.upsert.record`) runs it after the grade went
    in, under the trainee's lock, so an answer costs one statement; the step's guard is the
    card as read (a compare and swap), and when it finds the card changed since the grading
    rebuilds the family (:func:`rebuild_family_locked`)."""

    creates: bool  # the family's first answer: INSERT … ON CONFLICT DO NOTHING, else the guarded UPDATE
    params: dict[str, Any]


def prepared_card_write(attempt: Attempt, read: CardRead | None) -> CardWrite | None:
    """The card's write for a graded attempt, or ``None`` when this answer needs the general
    path (:func:`record_review`): not PostgreSQL, no family, no card read for it, or an attempt
    that is not newer than the card's newest (already folded, or graded out of order)."""
    if connection.vendor != "postgresql" or read is None or not attempt.family:
        return None
    if attempt.status != AttemptStatus.GRADED or attempt.correct is None:
        return None
    if (read.user_id, read.kind, read.family) != (attempt.user_id, attempt.kind, attempt.family):
        return None
    if read.card_id is not None and attempt.pk <= int(read.fields["last_attempt_id"] or 0):
        return None
    memory = Memory.from_fields(read.fields) if read.card_id is not None else Memory()
    memory.apply(
        answer_of(attempt.pk, attempt.correct, attempt.time_taken_ms, attempt.answered_at, read.target),
        read.retention,
    )
    fields = memory.as_fields()
    # The card's values are plain numbers, datetimes and None, which the driver sends as they
    # are (the statement casts each to its column's type): no field's get_db_prep_save needed.
    params: dict[str, Any] = {f"card_new_{name}": fields[name] for name in FIELDS}
    if read.card_id is not None:
        params |= {f"card_old_{name}": read.fields[name] for name in FIELDS}
    if read.card_id is None:
        params |= {"card_user": read.user_id, "card_kind": read.kind, "card_family": read.family}
    else:
        params["card_id"] = read.card_id
    return CardWrite(read.card_id is None, params)


@functools.cache
def card_write_step(creates: bool, after: str) -> str:
    """The body of :class:`CardWrite`'s ``WITH`` step (PostgreSQL), run only if the step named
    ``after`` returned a row (the grade was counted); it returns a row if the card was written.
    The same guard as :func:`_write_card`: every field as read, ``NULL`` matching ``NULL``."""
    if creates:
        names = ("user", "kind", "family", *FIELDS)
        values = ["%(card_user)s::bigint", "%(card_kind)s::text", "%(card_family)s::text"]
        values += [f"%(card_new_{name})s::{_db_type(name)}" for name in FIELDS]  # typed for PREPARE
        columns = ", ".join(_column(FamilyCard, name) for name in names)
        unique = ", ".join(_column(FamilyCard, name) for name in ("user", "kind", "family"))
        return (
            f"INSERT INTO {_table(FamilyCard)} ({columns}) SELECT {', '.join(values)} FROM {after}"
            f" ON CONFLICT ({unique}) DO NOTHING RETURNING 1"
        )
    sets = ", ".join(f"{_column(FamilyCard, name)} = %(card_new_{name})s" for name in FIELDS)
    guard = " AND ".join(
        f"{_column(FamilyCard, name)} IS NOT DISTINCT FROM %(card_old_{name})s::{_db_type(name)}" for name in FIELDS
    )
    return (
        f"UPDATE {_table(FamilyCard)} SET {sets} WHERE {_column(FamilyCard, 'id')} = %(card_id)s::bigint"
        f" AND {guard} AND EXISTS (SELECT 1 FROM {after}) RETURNING 1"
    )


def _db_type(name: str) -> str:
    """A card column's SQL type (a value's cast, so that ``PREPARE`` knows its type)."""
    return str(FamilyCard._meta.get_field(name).db_type(connection))  # type: ignore[union-attr]


def rebuild_family_locked(attempt: Attempt, read: CardRead) -> bool:
    """The family of a graded attempt rebuilt from its attempts under the trainee's roll-up lock
    (the lock grading takes: a grade counted meanwhile waits, then finds the card changed and
    rebuilds in turn), in a transaction of its own: the path of a :class:`CardWrite` whose guard
    found the card changed since it was read."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(*trainee_lock_sql(attempt.user_id))
        return rebuild_family(read.user_id, read.kind, read.family, read.retention, read.target)


def _write_card(read: CardRead, memory: Memory) -> bool:
    """One statement: the card as read moved on by one answer; ``False`` if it changed since
    (or, for a family's first answer, if another grader created it since)."""
    fields = memory.as_fields()
    if read.card_id is None:
        return _insert_card(FamilyCard(user_id=read.user_id, kind=read.kind, family=read.family, **fields))
    # Compare and swap on the whole card as read: an older answer graded in between rebuilds
    # the family without moving its newest attempt id, so that id alone is not enough.
    if connection.vendor != "postgresql":
        return bool(FamilyCard.objects.filter(pk=read.card_id, **read.fields).update(**fields))
    # The same guarded UPDATE as SQL text (issue 17: the ORM's compiling was most of its cost).
    params: dict[str, Any] = {"id": read.card_id}
    for name in FIELDS:
        field = FamilyCard._meta.get_field(name)
        params[f"new_{name}"] = field.get_db_prep_save(fields[name], connection)  # type: ignore[union-attr]
        params[f"old_{name}"] = field.get_db_prep_save(read.fields[name], connection)  # type: ignore[union-attr]
    with connection.cursor() as cursor:
        cursor.execute(_write_card_sql(), params)
        return bool(cursor.rowcount > 0)


@functools.cache
def _write_card_sql() -> str:
    """:func:`_write_card`'s compare and swap (PostgreSQL): every field as read, ``NULL``
    matching ``NULL`` as the ORM's ``field=None`` does."""
    sets = ", ".join(f"{_column(FamilyCard, name)} = %(new_{name})s" for name in FIELDS)
    guard = " AND ".join(f"{_column(FamilyCard, name)} IS NOT DISTINCT FROM %(old_{name})s" for name in FIELDS)
    return f"UPDATE {_table(FamilyCard)} SET {sets} WHERE {_column(FamilyCard, 'id')} = %(id)s AND {guard}"


def _insert_card(card: FamilyCard) -> bool:
    """``INSERT … ON CONFLICT DO NOTHING RETURNING id`` (PostgreSQL, SQLite ≥ 3.35): whether the
    row went in, in one statement and without aborting the transaction on a conflict."""
    fields = [f for f in FamilyCard._meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(FamilyCard._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) "
        f"ON CONFLICT ({', '.join(quote(c) for c in ('user_id', 'kind', 'family'))}) DO NOTHING RETURNING {quote('id')}"
    )
    params = [f.get_db_prep_save(f.pre_save(card, add=True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone() is not None


def _family_answers(user_id: int, kind: str, family: str, target: int) -> list[Answer]:
    rows = Attempt.objects.filter(
        user_id=user_id, kind=kind, family=family, status=AttemptStatus.GRADED, correct__isnull=False
    ).values_list("id", "correct", "time_taken_ms", "answered_at")
    return [answer_of(pk, correct, ms, at, target) for pk, correct, ms, at in rows]


def rebuild_family(user_id: int, kind: str, family: str, retention: Decimal, target: int) -> bool:
    """One family's card recomputed from its attempts (the out-of-order path)."""
    memory = Memory()
    for answer in sorted(_family_answers(user_id, kind, family, target), key=lambda a: a.attempt_id):
        memory.apply(answer, retention)
    FamilyCard.objects.update_or_create(user_id=user_id, kind=kind, family=family, defaults=memory.as_fields())
    return True


# --- rebuild from the raw attempts -----------------------------------------------------------

CardKey = tuple[str, str]


def backfill_families(user_id: int | None = None, batch: int = 2000) -> int:
    """Give attempts graded before families existed their family, by regenerating their
    scenario from its stored seed and rules (what the trainee saw); a dealt round's attempt
    is its skill's one family (without one, or tagged "unknown" by an earlier backfill that
    tried to regenerate it). Returns the count."""
    from drills.practice.services import regenerate  # practice imports this module

    rounds = Attempt.objects.filter(kind__startswith=SKILL_PREFIX, status=AttemptStatus.GRADED).exclude(
        family=ROUND_FAMILY
    )
    if user_id is not None:
        rounds = rounds.filter(user_id=user_id)
    filled = rounds.update(family=ROUND_FAMILY)
    while True:
        query = Attempt.objects.filter(family="", status=AttemptStatus.GRADED)
        if user_id is not None:
            query = query.filter(user_id=user_id)
        attempts = list(query.select_related("scenario").order_by("id")[:batch])
        if not attempts:
            return filled
        for attempt in attempts:
            try:
                attempt.family = regenerate(attempt.scenario).family
            except Exception:  # an unknown kind or rules that no longer load: keep it apart
                logger.warning("attempt %s: scenario could not be regenerated", attempt.pk, exc_info=True)
                attempt.family = "unknown"
        Attempt.objects.bulk_update(attempts, ["family"])
        filled += len(attempts)


def memories_from_attempts(user_id: int) -> dict[CardKey, Memory]:
    """Every family's memory of a trainee, recomputed from the raw graded attempts (no writes)."""
    retention, _ = _settings(user_id, "")
    targets: dict[str, int] = {}
    memories: dict[CardKey, Memory] = {}
    rows = (
        Attempt.objects.filter(user_id=user_id, status=AttemptStatus.GRADED, correct__isnull=False)
        .exclude(family="")
        .order_by("id")
        .values_list("id", "kind", "family", "correct", "time_taken_ms", "answered_at")
    )
    for pk, kind, family, correct, ms, at in rows.iterator(chunk_size=5000):
        if kind not in targets:
            targets[kind] = _settings(user_id, kind)[1]
        memory = memories.setdefault((kind, family), Memory())
        memory.apply(answer_of(pk, correct, ms, at, targets[kind]), retention)
    return memories


def stored_memories(user_id: int) -> dict[CardKey, Memory]:
    return {
        (values["kind"], values["family"]): Memory.from_fields(values)
        for values in FamilyCard.objects.filter(user_id=user_id).values("kind", "family", *FIELDS)
    }


def rebuild_trainee(user_id: int) -> bool:
    """Rebuild a trainee's family cards from the raw attempts; ``True`` if they had drifted.
    Takes the progress lock of the trainee, like grading, so the two never interleave."""
    from drills.progress.services import lock_trainee

    backfill_families(user_id)
    with transaction.atomic():
        lock_trainee(user_id)
        expected = memories_from_attempts(user_id)
        if stored_memories(user_id) == expected:
            return False
        FamilyCard.objects.filter(user_id=user_id).delete()
        FamilyCard.objects.bulk_create(
            FamilyCard(user_id=user_id, kind=kind, family=family, **memory.as_fields())
            for (kind, family), memory in expected.items()
        )
    return True


def rebuild_all() -> dict[str, int]:
    user_ids = set(Attempt.objects.values_list("user_id", flat=True).distinct())
    user_ids |= set(FamilyCard.objects.values_list("user_id", flat=True).distinct())
    drifted = sum(rebuild_trainee(user_id) for user_id in sorted(user_ids))
    if drifted:
        logger.warning("family cards had drifted for %d of %d trainees: rebuilt", drifted, len(user_ids))
    return {"trainees": len(user_ids), "drifted": drifted}


# --- assignments -----------------------------------------------------------------------------


def create_assignment(
    *,
    by: User | None,
    goal: str,
    due_on: dt.date,
    skills: Iterable[str] = (),
    blueprint: Blueprint | None = None,
    team: Team | None = None,
    trainees: Iterable[User] = (),
    note: str = "",
    property: Property | None = None,
) -> Assignment:
    """Save an assignment (the form has checked who may assign what to whom) at ``property``,
    by default the assigner's; ``by`` is ``None`` for one the site makes itself."""
    property_id = property.pk if property is not None else by.property_id if by is not None else None
    assert property_id is not None
    with transaction.atomic():
        assignment = Assignment.objects.create(
            property_id=property_id,
            goal=goal,
            skills=_in_registry_order(skills) if goal == AssignmentGoal.SKILLS else [],
            blueprint=blueprint if goal == AssignmentGoal.EXAM else None,
            due_on=due_on,
            note=note,
            team=team,
            created_by=by,
            created_at=timezone.now(),
        )
        assignment.trainees.set(list(trainees))
    return assignment


def _in_registry_order(skills: Iterable[str]) -> list[str]:
    order = {kind.slug: index for index, kind in enumerate(all_kinds())}
    return sorted(set(skills), key=lambda slug: (order.get(slug, len(order)), slug))


# --- certificates ------------------------------------------------------------------------------


def revoke(certificate: Certificate, *, by: User, reason: str) -> CertificateEvent | None:
    """Revoke a certificate with a reason, recorded in the audit trail (``None``: it already was)."""
    reason = reason.strip()
    if not reason:
        raise ValueError("a reason is required")
    with transaction.atomic():
        locked = Certificate.objects.select_for_update().get(pk=certificate.pk)
        if locked.revoked_at is not None:
            return None
        revoke_certificate(locked, reason, by=by)
        certificate.revoked_at, certificate.revoked_reason = locked.revoked_at, locked.revoked_reason
        assert locked.revoked_at is not None
        return CertificateEvent.objects.create(
            certificate=locked, action=CertificateEvent.REVOKED, actor=by, reason=reason, at=locked.revoked_at
        )
