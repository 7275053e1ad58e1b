"""Statements prepared once per PostgreSQL session (issue 17).

The grading statement (grade, roll-ups and family card, :mod:`drills.progress.upsert`) is
about 6 KB of SQL with some 60 values. Sent as text, it costs twice on every answer: psycopg
rewrites its placeholders in Python (it caches that only for statements under 4 KB and 50
values: about 0.4 ms of web CPU here), and PostgreSQL parses and plans it again (database
CPU). Prepared once per session with ``PREPARE`` and run with ``EXECUTE name(values)``, the
text sent is a few hundred bytes and the plan is kept.

A prepared statement lives as long as its database session, whatever the transactions do
(a rollback does not undo ``PREPARE``), so the names prepared are remembered per driver
connection: a new session (reconnection, another worker) prepares again. Not for a
connection pooler in transaction mode (pgbouncer), where sessions are shared: there the
site must send statements as text: set ``PREPARED_STATEMENTS`` off (it is on by default).
"""

from __future__ import annotations

import hashlib
import re
import weakref
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.backends.utils import CursorWrapper

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_prepared: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()
_by_name: dict[str, Prepared] = {}


class Prepared:
    """One statement written with ``%(name)s`` placeholders, run as a prepared statement on
    PostgreSQL (each distinct name becomes one ``$n``; give every value a type by a cast or
    by its context, as ``PREPARE`` must infer it) and as plain text elsewhere."""

    def __init__(self, sql: str) -> None:
        self.sql = sql
        self.names: list[str] = []
        positions: dict[str, int] = {}

        def number(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in positions:
                self.names.append(name)
                positions[name] = len(self.names)
            return f"${positions[name]}"

        body = _PLACEHOLDER.sub(number, sql)
        if "%" in _PLACEHOLDER.sub("", sql).replace("%%", ""):
            raise ValueError("a prepared statement takes %(name)s placeholders only")
        self.body = body.replace("%%", "%")
        self.name = "da_" + hashlib.sha256(self.body.encode()).hexdigest()[:16]
        _by_name[self.name] = self

    def execute(self, cursor: CursorWrapper, params: Mapping[str, Any]) -> None:
        """Run the statement with ``params`` (by name) on ``cursor``."""
        if connection.vendor != "postgresql" or not settings.PREPARED_STATEMENTS:
            cursor.execute(self.sql, params)
            return
        raw = connection.connection
        done = _prepared.setdefault(raw, set())
        if self.name not in done:
            cursor.execute(f"PREPARE {self.name} AS {self.body}")
            done.add(self.name)
        values = [params[name] for name in self.names]
        cursor.execute(f"EXECUTE {self.name}({', '.join(['%s'] * len(values))})", values)


def sql_sent(sql: str) -> str:
    """The SQL a statement as logged stands for: a prepared statement's own text for its
    ``EXECUTE``, else ``sql`` (for reading captured queries: debugging, tests)."""
    if sql.startswith("EXECUTE "):
        statement = _by_name.get(sql.split()[1].split("(")[0])
        if statement is not None:
            return statement.sql
    return sql
