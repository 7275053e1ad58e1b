"""The drill answer endpoint's statements, pinned (issue 17: the answer at the pace of a bare view).

An answer with an API token costs, on PostgreSQL: the token with its user and the scenario
(with its attempt), read in one statement; the attempt's ``INSERT`` (committed ``RECEIVED``
before grading) with the read of its family's card in the same statement; and one statement
for the grade, every roll-up and the card's guarded write, in autocommit (no
``BEGIN``/``COMMIT``). Transaction control (``BEGIN``/``COMMIT``, savepoints under the test's
transaction) is not counted. Other databases fold the roll-ups in Python: more statements,
pinned too so a new one is noticed.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from drills.kinds.base import Difficulty, get_kind
from drills.learning import services
from drills.learning.memory import FIELDS
from drills.learning.models import FamilyCard, LearningPolicy
from drills.learning.services import memories_from_attempts, stored_memories
from drills.models import Attempt, AttemptStatus, User
from drills.practice.services import start_scenario, submit_answer
from drills.prepared import sql_sent
from drills.progress.models import KindTarget
from drills.progress.services import recomputed_snapshot, stored_snapshot

pytestmark = pytest.mark.django_db

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT", "PREPARE")
"""Not counted: transaction control, and ``PREPARE`` (once per database session and statement,
checked apart)."""
POSTGRESQL_STATEMENTS = ["SELECT", "WITH", "WITH"]
"""token with its user and the scenario, attempt saved with its card read, then the grading
statement (grade + roll-ups + the card: its guarded ``UPDATE`` (compare and swap), or for a
family's first answer ``INSERT … ON CONFLICT DO NOTHING``); all three are prepared statements,
each read here as its own text (``drills.prepared.sql_sent``)"""
POSTGRESQL_SENT = ["EXECUTE", "EXECUTE", "EXECUTE"]
"""What goes over the wire: each by ``EXECUTE``."""
OTHER_STATEMENTS = {"first": 14, "later": 10}
"""the Python fold: the trainee's first answer creates the roll-up rows, later ones update them"""


PREPARED: list[str] = []
"""Every ``PREPARE`` seen by :func:`answer` in this process."""
SENT: list[list[str]] = []
"""The statements of each :func:`answer` as sent (``EXECUTE`` for a prepared one)."""


def answer(client: Client, trainee: User, seed: int = 1) -> tuple[list[str], dict[str, object], bool]:
    """The statements of one answer (their first word), the response, and whether the answer's
    family had a card."""
    stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=seed)
    had_card = FamilyCard.objects.filter(user=trainee, kind="bj-payout", family=scenario.family).exists()
    body = json.dumps({"answer": dict(scenario.solution.key)})
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/api/v1/drills/scenarios/{stored.public_id}/answer/", body, content_type="application/json"
        )
    assert response.status_code == 200, response.content
    PREPARED.extend(q["sql"].split()[1] for q in queries.captured_queries if q["sql"].startswith("PREPARE"))
    SENT.append([s.split()[0].upper() for s in work(queries, as_sent=True)])
    return [s.split()[0].upper() for s in work(queries)], response.json(), had_card


def work(queries: CaptureQueriesContext, *, as_sent: bool = False) -> list[str]:
    """The statements captured, without transaction control; a prepared statement's ``EXECUTE``
    read as the statement's own text unless ``as_sent``."""
    statements = [q["sql"].strip() for q in queries.captured_queries]
    return [s if as_sent else sql_sent(s) for s in statements if not s.upper().startswith(CONTROL)]


@pytest.fixture
def token_client(trainee: User) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=trainee).key}")


def test_every_answer_takes_the_pinned_statements(token_client: Client, trainee: User) -> None:
    seen_card = set()
    for seed in range(1, 9):  # first answers of a family and later ones
        kinds, data, had_card = answer(token_client, trainee, seed)
        seen_card.add(had_card)
        assert data["attempt"]["status"] == AttemptStatus.GRADED  # type: ignore[index]
        if connection.vendor == "postgresql":
            assert kinds == POSTGRESQL_STATEMENTS
        else:
            assert len(kinds) == OTHER_STATEMENTS["first" if seed == 1 else "later"], kinds
    assert seen_card == {False, True}
    # Prepared once per session: at most once each (token with the scenario, save, grading with a card's
    # first write or with its update).
    assert len(PREPARED) == len(set(PREPARED)) <= 4
    if connection.vendor == "postgresql":
        assert all(sent == POSTGRESQL_SENT for sent in SENT[-8:])
    # Fewer statements, same figures: the roll-ups and the cards agree with the rebuild.
    assert stored_snapshot(trainee.pk) == recomputed_snapshot(trainee.pk)
    assert stored_memories(trainee.pk) == memories_from_attempts(trainee.pk)
    newest = Attempt.objects.filter(user=trainee).latest("id")
    assert FamilyCard.objects.get(user=trainee, kind="bj-payout", family=newest.family).last_attempt_id == newest.pk


def test_the_attempt_is_saved_before_it_is_graded(token_client: Client, trainee: User) -> None:
    stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=5)
    with CaptureQueriesContext(connection) as queries:
        token_client.post(
            f"/api/v1/drills/scenarios/{stored.public_id}/answer/",
            json.dumps({"answer": dict(scenario.solution.key)}),
            content_type="application/json",
        )
    table = connection.ops.quote_name(Attempt._meta.db_table)
    statements = work(queries)
    saved = next(n for n, sql in enumerate(statements) if f"INSERT INTO {table}" in sql)
    graded = next(n for n, sql in enumerate(statements) if f"UPDATE {table}" in sql)
    assert saved < graded
    assert Attempt.objects.get(scenario=stored).status == AttemptStatus.GRADED


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the SQL text runs on PostgreSQL only")
def test_the_card_read_and_write_as_sql_match_the_orm(trainee: User) -> None:
    """PostgreSQL reads and writes the card with SQL text; the ORM's query reads the same."""
    LearningPolicy.objects.create(property=trainee.property, desired_retention=Decimal("0.85"))
    KindTarget.objects.create(property=trainee.property, kind="bj-payout", target_seconds=7)
    stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=3)
    attempt = submit_answer(stored, dict(scenario.solution.key)).attempt
    for family in (attempt.family, "no such family"):
        probe = Attempt(user=trainee, kind="bj-payout", family=family)
        read = services.read_card(probe)
        orm = services._card_row(trainee.pk, "bj-payout", family)
        assert (read.retention, read.target, read.card_id) == (Decimal("0.85"), 7, orm["card__id"])
        assert read.fields == {name: orm[f"card__{name}"] for name in FIELDS}
    assert read.card_id is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the one-statement grading is PostgreSQL's")
def test_the_grading_opens_no_transaction_of_its_own(token_client: Client, trainee: User) -> None:
    """Each statement commits on its own (under a test's transaction, an atomic block would show
    as a savepoint): the grade, the roll-ups and the card are one statement, so they commit or
    fail together without one."""
    for seed in (1, 2, 3):  # a family's first answer (the card's INSERT) and later ones (UPDATE)
        stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=seed)
        with CaptureQueriesContext(connection) as queries:
            token_client.post(
                f"/api/v1/drills/scenarios/{stored.public_id}/answer/",
                json.dumps({"answer": dict(scenario.solution.key)}),
                content_type="application/json",
            )
        assert not [q["sql"] for q in queries.captured_queries if q["sql"].upper().startswith("SAVEPOINT")]
    assert stored_memories(trainee.pk) == memories_from_attempts(trainee.pk)


ASYNCHRONOUS = "set_config('synchronous_commit', 'off', true)"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the one-statement grading is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_only_the_grade_commits_without_waiting_for_its_flush(trainee: User) -> None:
    """The answer's save waits for its WAL flush (it must survive a crash); the grade's statement
    does not (a lost grade leaves the attempt received, and the sweep grades it again). The
    setting is the statement's own transaction's: the session keeps committing synchronously."""
    client = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=trainee).key}")
    table = connection.ops.quote_name(Attempt._meta.db_table)
    for seed in (1, 2):
        stored, scenario = start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=seed)
        with CaptureQueriesContext(connection) as queries:
            response = client.post(
                f"/api/v1/drills/scenarios/{stored.public_id}/answer/",
                json.dumps({"answer": dict(scenario.solution.key)}),
                content_type="application/json",
            )
        assert response.status_code == 200
        statements = work(queries)
        saved = next(sql for sql in statements if f"INSERT INTO {table}" in sql)
        graded = next(sql for sql in statements if f"UPDATE {table}" in sql)
        assert ASYNCHRONOUS not in saved
        assert ASYNCHRONOUS in graded
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone() == ("on",)
    assert Attempt.objects.filter(user=trainee, status=AttemptStatus.GRADED).count() == 2
