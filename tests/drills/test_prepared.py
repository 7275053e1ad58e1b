"""``drills.prepared``: statements prepared once per PostgreSQL session (issue 17)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext, override_settings

from drills.prepared import Prepared

ADD = Prepared(
    "SELECT CAST(%(a)s AS integer) + CAST(%(b)s AS integer) + CAST(%(a)s AS integer), '%%' || CAST(%(word)s AS text)"
)


def test_each_name_becomes_one_numbered_parameter() -> None:
    assert ADD.names == ["a", "b", "word"]
    assert ADD.body == "SELECT CAST($1 AS integer) + CAST($2 AS integer) + CAST($1 AS integer), '%' || CAST($3 AS text)"
    assert ADD.name.startswith("da_")
    assert Prepared(ADD.sql).name == ADD.name  # the same text, the same name
    assert Prepared("SELECT CAST(%(a)s AS integer)").name != ADD.name


@pytest.mark.parametrize("sql", ["SELECT %s", "SELECT 5 % 2", "SELECT %(a)d"])
def test_other_placeholders_are_refused(sql: str) -> None:
    with pytest.raises(ValueError, match="placeholders"):
        Prepared(sql)


def run(statement: Prepared, **params: object) -> tuple[object, ...]:
    with connection.cursor() as cursor:
        statement.execute(cursor, params)
        return tuple(cursor.fetchone())


def sent(queries: CaptureQueriesContext) -> list[str]:
    return [query["sql"].split()[0] for query in queries.captured_queries]


@pytest.mark.django_db(transaction=True)
def test_a_statement_is_prepared_once_per_session_and_survives_rollbacks() -> None:
    statement = Prepared("SELECT CAST(%(n)s AS integer) * 2, CAST(%(n)s AS integer)")  # prepared by no other test
    try:
        with transaction.atomic():
            with CaptureQueriesContext(connection) as first:
                assert run(statement, n=4) == (8, 4)
            raise RuntimeError("roll the transaction back")
    except RuntimeError:
        pass
    with CaptureQueriesContext(connection) as second:
        assert run(statement, n=5) == (10, 5)  # a rollback does not undo PREPARE
    if connection.vendor != "postgresql":
        assert sent(first) == sent(second) == ["SELECT"]
        return
    assert sent(first) == ["PREPARE", "EXECUTE"]
    assert sent(second) == ["EXECUTE"]
    connection.close()  # a new session knows nothing of the old one's statements
    with CaptureQueriesContext(connection) as third:
        assert run(statement, n=6) == (12, 6)
    assert sent(third) == ["PREPARE", "EXECUTE"]


@pytest.mark.django_db
@override_settings(PREPARED_STATEMENTS=False)
def test_switched_off_the_statement_is_sent_as_text() -> None:
    with CaptureQueriesContext(connection) as queries:
        assert run(ADD, a=1, b=2, word="x") == (4, "%x")
    assert sent(queries) == ["SELECT"]
