"""The cheap parts of drawing a sitting (issue 17, the exam-start storm).

- :func:`sections_of` reads a version's sections once per process for a *frozen* version:
  a version that has a committed sitting never changes again (``blueprints.save_version``
  writes the next version instead, under the version's ``FOR UPDATE`` lock that a start's
  ``FOR KEY SHARE`` excludes), so what a committed start read under that lock is what every
  later start would read. A version is remembered only once a start's transaction has
  committed (``transaction.on_commit``), never on a rolled-back one. Only on PostgreSQL,
  whose ids are never handed out twice (a sequence does not roll back; SQLite's
  ``AUTOINCREMENT`` does, so a rolled-back test's version id comes back with other
  sections); the key holds the version's creation time as well as its id.
- :func:`insert_sitting` writes a new sitting and its items in one statement on PostgreSQL
  (``WITH s AS (INSERT … RETURNING id) INSERT … SELECT FROM s, unnest(…)``): the sitting's
  columns as the ORM would write them (``pre_save`` and ``get_db_prep_save`` of every
  field), the item columns that do not vary per item from the model's own defaults (so a
  new field with a default is written as the ORM would). Elsewhere: ``save`` and
  ``bulk_create``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection, transaction
from django.db.models import Field

from drills.exams import scoring
from drills.exams.blueprints import SectionSpec, section_specs
from drills.exams.models import BlueprintVersion, Sitting, SittingItem
from drills.prepared import Prepared

FROZEN_CACHE_SIZE = 256
"""Versions remembered per process (an exam has a handful; the oldest is forgotten first)."""

_frozen: dict[tuple[str, int, datetime | None], tuple[SectionSpec, ...]] = {}
_frozen_lock = threading.Lock()


def _key(version: BlueprintVersion) -> tuple[str, int, datetime | None]:
    return (connection.alias, version.pk, version.created_at)


def sections_of(version: BlueprintVersion) -> list[SectionSpec]:
    """The version's sections: remembered for a frozen version, else read now (inside the
    start's transaction, after the version's row is held)."""
    if connection.vendor != "postgresql":
        return section_specs(version)
    remembered = _frozen.get(_key(version))
    if remembered is not None:
        return list(remembered)
    return section_specs(version)


def remember_when_committed(version: BlueprintVersion, sections: Sequence[SectionSpec]) -> None:
    """Call inside the transaction that writes a sitting drawn from ``version``: once it
    commits, the version is frozen and its sections are remembered."""
    key, frozen = _key(version), tuple(sections)
    if connection.vendor != "postgresql" or key in _frozen:
        return

    def remember() -> None:
        with _frozen_lock:
            while len(_frozen) >= FROZEN_CACHE_SIZE:
                _frozen.pop(next(iter(_frozen)))
            _frozen[key] = frozen

    transaction.on_commit(remember)


def forget_all() -> None:
    """Empty the per-process memory (tests)."""
    with _frozen_lock:
        _frozen.clear()


# --- the sitting's and its items' insert --------------------------------------------------------

VARYING = ("position", "section_position", "kind", "difficulty", "seed", "target_seconds")
"""The item columns that differ from item to item (one array each)."""


@cache
def _sitting_fields() -> tuple[Field[Any, Any], ...]:
    return tuple(f for f in Sitting._meta.concrete_fields if not f.primary_key)


@cache
def _constant_fields() -> tuple[Field[Any, Any], ...]:
    """Every other item column but the key and the sitting: written with its default."""
    skip = {"sitting", *VARYING}
    return tuple(f for f in SittingItem._meta.concrete_fields if not f.primary_key and f.name not in skip)


@cache
def _insert_sql() -> Prepared:
    """Parameters: the sitting's fields ``s0``…, the items' constant fields ``c0``…, the varying
    arrays ``a0``… (PostgreSQL; prepared once per session: issue 17)."""
    quote = connection.ops.quote_name
    sitting_fields = _sitting_fields()
    sitting_values = ", ".join(f"%(s{n})s::{f.db_type(connection)}" for n, f in enumerate(sitting_fields))
    items = {f.name: f for f in SittingItem._meta.concrete_fields}
    constant = _constant_fields()
    columns = [items["sitting"].column, *(items[n].column for n in VARYING), *(f.column for f in constant)]
    constants = "".join(f", %(c{n})s::{f.db_type(connection)}" for n, f in enumerate(constant))
    arrays = ", ".join(f"%(a{n})s::{items[name].db_type(connection)}[]" for n, name in enumerate(VARYING))
    return Prepared(
        f"WITH s AS (INSERT INTO {quote(Sitting._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in sitting_fields)}) VALUES ({sitting_values}) "
        f"RETURNING {quote(Sitting._meta.pk.column)} AS id) "
        f"INSERT INTO {quote(SittingItem._meta.db_table)} ({', '.join(quote(c) for c in columns)}) "
        f"SELECT s.id, u.*{constants} FROM s, unnest({arrays}) AS u RETURNING {quote(items['sitting'].column)}"
    )


def insert_sitting(sitting: Sitting, planned: Sequence[scoring.PlannedItem]) -> None:
    """Write a new, unsaved sitting and its items, each seeded from the sitting's form seed
    and the item's position."""
    seeds = [scoring.item_seed(sitting.form_seed, item.position) for item in planned]
    if connection.vendor != "postgresql" or not planned:
        sitting.save(force_insert=True)
        SittingItem.objects.bulk_create(
            SittingItem(
                sitting=sitting,
                position=item.position,
                section_position=item.section_position,
                kind=item.kind,
                difficulty=item.difficulty,
                seed=seed,
                target_seconds=item.target_seconds,
            )
            for item, seed in zip(planned, seeds, strict=True)
        )
        return
    values = [f.get_db_prep_save(f.pre_save(sitting, add=True), connection) for f in _sitting_fields()]
    defaults = [f.get_db_prep_save(f.get_default(), connection) for f in _constant_fields()]
    arrays: list[list[Any]] = [
        [item.position for item in planned],
        [item.section_position for item in planned],
        [item.kind for item in planned],
        [item.difficulty for item in planned],
        seeds,
        [item.target_seconds for item in planned],
    ]
    params = {
        **{f"s{n}": value for n, value in enumerate(values)},
        **{f"c{n}": value for n, value in enumerate(defaults)},
        **{f"a{n}": value for n, value in enumerate(arrays)},
    }
    with connection.cursor() as cursor:
        _insert_sql().execute(cursor, params)
        sitting.pk = cursor.fetchone()[0]
    sitting._state.adding = False
    sitting._state.db = connection.alias
