"""The read and the one write of a common tap.

The read: the round and whether the tap's key was used already, in one statement (locking
the row on the locked path), its SQL written once per process. The write: the try and the
round's counters, applied only if the round is still at the version it was read at
(compare and set, no row lock held).

On PostgreSQL the write is one statement, ``WITH moved AS (UPDATE the round … WHERE it is
still at that version RETURNING id) INSERT the try … FROM moved``: atomic on its own, so a
tap that lost a race to another tap on the same round (a second tab, a double tap) changes
nothing and is read again. Elsewhere (SQLite in tests) the same two writes run in one
transaction, the update's row count deciding.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection, transaction
from django.db.models import Field
from django.db.models.expressions import Col

from drills.rounds.models import DealtRound, RoundStatus, RoundStep

Version = tuple[int, int, int]  # the round's steps, right and wrong when it was read


def save_if_unchanged(stored: DealtRound, version: Version, fields: list[str], step: RoundStep) -> bool:
    """Write ``fields`` of ``stored`` and insert ``step`` if the round is still open at
    ``version``; False (nothing written) if another tap got there first."""
    if connection.vendor != "postgresql":
        return _two_writes(stored, version, fields, step)
    sql, params = _statement(stored, version, fields, step)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return False
    step.pk = row[0]
    step._state.adding, step._state.db = False, connection.alias
    return True


def _two_writes(stored: DealtRound, version: Version, fields: list[str], step: RoundStep) -> bool:
    steps, right, wrong = version
    with transaction.atomic():
        moved = DealtRound.objects.filter(
            pk=stored.pk, steps=steps, right=right, wrong=wrong, status=RoundStatus.OPEN
        ).update(**{name: getattr(stored, name) for name in fields})
        if not moved:
            return False
        step.save()
    return True


def _statement(stored: DealtRound, version: Version, fields: list[str], step: RoundStep) -> tuple[str, list[Any]]:
    round_fields, step_fields = _round_fields(tuple(fields)), _step_fields()
    params: list[Any] = [f.get_db_prep_save(getattr(stored, f.attname), connection) for f in round_fields]
    params.extend([stored.pk, *version, RoundStatus.OPEN.value])
    params.extend(field.get_db_prep_save(getattr(step, field.attname), connection) for field in step_fields)
    return _write_sql(tuple(fields)), params


def round_field(name: str) -> Field[Any, Any]:
    """A concrete field of the round by name (``pk`` too)."""
    field = DealtRound._meta.pk if name == "pk" else DealtRound._meta.get_field(name)
    assert isinstance(field, Field)
    return field


@functools.cache
def _round_fields(names: tuple[str, ...]) -> list[Field[Any, Any]]:
    return [round_field(name) for name in names]


@functools.cache
def _step_fields() -> list[Field[Any, Any]]:
    return [f for f in RoundStep._meta.concrete_fields if not f.primary_key and f.name != "round"]


@functools.cache
def _write_sql(names: tuple[str, ...]) -> str:
    """The compare-and-set statement writing the round fields ``names`` (written once)."""
    quote = connection.ops.quote_name
    round_meta, step_meta = DealtRound._meta, RoundStep._meta
    sets = ", ".join(f"{quote(field.column)} = %s" for field in _round_fields(names))
    columns = [quote(step_meta.get_field("round").column), *(quote(f.column) for f in _step_fields())]
    values = ["moved.id", *(f"%s::{f.db_type(connection)}" for f in _step_fields())]
    return (
        f"WITH moved AS (UPDATE {quote(round_meta.db_table)} SET {sets}"
        f" WHERE {quote('id')} = %s AND {quote('steps')} = %s AND {quote('right')} = %s"
        f" AND {quote('wrong')} = %s AND {quote('status')} = %s RETURNING {quote('id')} AS id)"
        f" INSERT INTO {quote(step_meta.db_table)} ({', '.join(columns)})"
        f" SELECT {', '.join(values)} FROM moved RETURNING {quote('id')}"
    )


def read_round(filters: tuple[str, ...], lock: bool, params: list[Any]) -> DealtRound | None:
    """The round found by ``filters`` (``params``: the key, then each filter's value), with
    ``used_step`` set: the id of its try with that key, or None."""
    with connection.cursor() as cursor:
        cursor.execute(_read_sql(filters, lock), params)
        row = cursor.fetchone()
    if row is None:
        return None
    fields = DealtRound._meta.concrete_fields
    values = list(row[:-1])
    for index, (column, converters) in enumerate(_converters()):
        for converter in converters:
            values[index] = converter(values[index], column, connection)
    stored = DealtRound.from_db(connection.alias, [field.attname for field in fields], values)
    stored.used_step = row[-1]  # type: ignore[attr-defined]
    return stored


@functools.cache
def _converters() -> list[tuple[Col, list[Any]]]:
    """Each round column and the database's converters of its values (as the ORM reads them)."""
    out = []
    for field in DealtRound._meta.concrete_fields:
        column = field.get_col(DealtRound._meta.db_table)
        out.append((column, [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]))
    return out


@functools.cache
def _read_sql(filters: tuple[str, ...], lock: bool) -> str:
    """The round's columns found by ``filters`` (each a ``%s`` after the key's) and, last, the
    id of its try with the key ``%s`` (or NULL); ``FOR UPDATE`` if ``lock``."""
    quote = connection.ops.quote_name
    meta, step_meta = DealtRound._meta, RoundStep._meta
    columns = [round_field(name).column for name in filters]
    where = " AND ".join(f"r.{quote(column)} = %s" for column in columns)
    selected = ", ".join(f"r.{quote(field.column)}" for field in meta.concrete_fields)
    return (
        f"SELECT {selected}, (SELECT s.{quote('id')} FROM {quote(step_meta.db_table)} s"
        f" WHERE s.{quote(step_meta.get_field('round').column)} = r.{quote(meta.pk.column)} AND s.{quote('key')} = %s"
        f" LIMIT 1) AS used_step FROM {quote(meta.db_table)} r WHERE {where}"
        + (" FOR UPDATE OF r" if lock and connection.features.has_select_for_update_of else
           " FOR UPDATE" if lock and connection.features.has_select_for_update else "")
    )
