"""Reads on the answer path as SQL text built once per process (issue 17).

Compiling a query through the ORM costs more CPU than running it: about 1.5 ms for the
scenario read of a drill answer (its ``WHERE``, the attempt's join, two select lists, the
ordering of ``first()``), against 0.2 ms for the same SQL text. Where users wait on it, a
read is written once from the models' metadata and run with new values; its rows become
model instances through the ORM's own converters and :meth:`Model.from_db`, so callers get
exactly the objects the ORM would have given (a test compares them field by field).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import Field, Model

from drills.models import Team

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True)
class Columns(Generic[M]):
    """Every concrete column of ``model`` under the table alias ``alias``, in field order,
    with the converters the ORM applies to each value read from this database."""

    model: type[M]
    alias: str
    fields: tuple[Field[Any, Any], ...]
    converters: tuple[tuple[tuple[Converter, ...], Any], ...]

    @classmethod
    def of(cls, model: type[M], alias: str) -> Columns[M]:
        fields = tuple(field for field in model._meta.concrete_fields if isinstance(field, Field))
        converters = []
        for field in fields:
            column = field.get_col(alias)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            converters.append((tuple(found), column))
        return cls(model, alias, fields, tuple(converters))

    @property
    def table(self) -> str:
        """``"table" AS alias`` for a ``FROM`` or ``JOIN``."""
        return f"{connection.ops.quote_name(self.model._meta.db_table)} AS {self.alias}"

    def column(self, name: str) -> str:
        """One field's column, qualified by the alias."""
        field = self.model._meta.get_field(name)
        assert isinstance(field, Field)  # a concrete column
        return f"{self.alias}.{connection.ops.quote_name(field.column)}"

    def select(self) -> str:
        """The select list of every column, qualified by the alias."""
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def instance(self, values: Sequence[Any]) -> M:
        """The model instance of one row's values for these columns (as the ORM builds it)."""
        converted = []
        for value, (converters, column) in zip(values, self.converters, strict=True):
            for converter in converters:
                value = converter(value, column, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, [field.attname for field in self.fields], converted)

    def instance_or_none(self, values: Sequence[Any]) -> M | None:
        """:meth:`instance`, or ``None`` for an outer join's empty side (its key is ``NULL``)."""
        key = next(n for n, field in enumerate(self.fields) if field.primary_key)
        return None if values[key] is None else self.instance(values)


def attach_one_to_one(owner: Model, accessor: Any, related: Model | None) -> None:
    """What ``select_related`` leaves for a reverse one-to-one (``accessor``: the descriptor,
    e.g. ``DrillScenario.attempt``): ``owner.<accessor>`` answers with no query (``None``
    cached: it raises ``DoesNotExist``), and ``related`` points back at ``owner``."""
    accessor.related.set_cached_value(owner, related)
    if related is not None:
        accessor.related.field.set_cached_value(related, owner)


@functools.cache
def columns(model: type[M], alias: str, vendor: str) -> Columns[M]:
    """:meth:`Columns.of`, once per process (``vendor``: the converters are the database's)."""
    del vendor  # part of the cache key only
    return Columns.of(model, alias)


# --- a values_list query compiled once ---------------------------------------------------------

_MARK = 7_004_000_000_000_001
"""The first stand-in value: a number no key reaches, so that each stands out in the compiled
query's parameters (a bigint, so a cast to an integer column keeps it as it is)."""


class ValuesOnce:
    """A ``values_list`` query compiled by the ORM once per process and database, then run with
    new values (issue 17: compiling a filtered, joined query costs the dashboard more CPU than
    running it). ``build(*keys)`` returns the queryset for integer ``keys``; it is called once,
    with stand-in numbers, and must give the same SQL whatever the keys are (no branching on
    them, no list of variable length): only the keys' places among the parameters change.
    Rows come back as ``build(*keys)`` would give them, through the compiler's own converters
    (a test compares the two).
    """

    def __init__(self, build: Callable[..., Any], arity: int) -> None:
        marks = [_MARK + number for number in range(arity)]
        queryset = build(*marks)
        self.compiler = queryset.query.get_compiler(queryset.db)
        self.sql, params = self.compiler.as_sql()
        self.constants = list(params)
        self.slots = [(place, marks.index(value)) for place, value in enumerate(params) if value in marks]
        missing = set(range(arity)) - {key for _, key in self.slots}
        if missing:
            raise ValueError(f"the query does not take keys {sorted(missing)} as parameters")

    def statement(self, *keys: int) -> tuple[str, list[Any]]:
        """The SQL and its parameters for ``keys`` (to run, or to use as a subquery)."""
        params = list(self.constants)
        for place, key in self.slots:
            params[place] = keys[key]
        return self.sql, params

    def rows(self, *keys: int) -> list[tuple[Any, ...]]:
        """The query's rows for ``keys``, converted as the ORM converts them."""
        with connection.cursor() as cursor:
            cursor.execute(*self.statement(*keys))
            fetched = cursor.fetchall()
        compiler = self.compiler
        if compiler.has_extra_select:  # columns read only to order by: not part of a row
            fetched = [row[: compiler.col_count] for row in fetched]
        return list(compiler.results_iter(results=[fetched], tuple_expected=True))


_values_once: dict[tuple[str, str, str], ValuesOnce] = {}


def values_once(name: str, build: Callable[..., Any], arity: int) -> ValuesOnce:
    """The :class:`ValuesOnce` of ``name`` (one shape of one query) for this connection's
    database, compiled on first use."""
    key = (name, connection.vendor, connection.alias)
    found = _values_once.get(key)
    if found is None:
        found = _values_once[key] = ValuesOnce(build, arity)
    return found


class TeamQuery:
    """A :class:`ValuesOnce` over one team: ``build(team)`` returns the queryset, and its keys are
    what ``drills.access.team_members`` filters a team's members by, the team's id and its
    property's id (``build`` gets a stand-in team holding only those two)."""

    def __init__(self, name: str, build: Callable[[Team], Any]) -> None:
        self.name, self.build = name, build

    def _compiled(self) -> ValuesOnce:
        def by_keys(team_id: int, property_id: int) -> Any:
            return self.build(Team(pk=team_id, property_id=property_id))

        return values_once(self.name, by_keys, 2)

    def rows(self, team: Team) -> list[tuple[Any, ...]]:
        """:meth:`ValuesOnce.rows` for ``team``."""
        return self._compiled().rows(team.pk, team.property_id)

    def statement(self, team: Team) -> tuple[str, list[Any]]:
        """:meth:`ValuesOnce.statement` for ``team``."""
        return self._compiled().statement(team.pk, team.property_id)
