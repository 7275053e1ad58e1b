"""Reads for drilling: a trainee's own scenarios, attempts and mistakes."""

from __future__ import annotations

import functools
import itertools
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Exists, Field, OuterRef, QuerySet
from django.db.models.functions import Coalesce
from rest_framework.authtoken.models import Token

from drills import compiled_sql
from drills.compiled_sql import Columns
from drills.kinds.base import DrillKind, all_kinds
from drills.kinds.messages import gettext_noop, phrase
from drills.kinds.what_changed import NOT_ASSIGNED, is_change_kind
from drills.models import Attempt, DrillScenario, User
from drills.prepared import Prepared
from drills.progress.models import KindTarget
from drills.rounds.tables.registry import SKILL_PREFIX
from drills.selectors import rules_for
from drills.what_changed.selectors import changes_for
from games.errors import RuleSetError


def rule_set_invalid(error: RuleSetError) -> str:
    """Why nothing can be drilled under the property's rule set, in words :func:`say` puts in
    the reader's language (the engine's own message, after the colon, stays as the engine wrote it)."""
    return phrase(gettext_noop("the property's rule set is invalid: {error}"), error=str(error))


def own_scenario(user: User, public_id: str | uuid.UUID) -> DrillScenario | None:
    """A scenario of the user's own with its attempt if it has one (read with it: asking for
    ``stored.attempt`` then costs no query), or None (others' scenarios are invisible: 404).

    The same read as ``DrillScenario.objects.filter(user=user, public_id=public_id)
    .select_related("attempt").first()``, from SQL text built once (every answer starts with
    it: issue 17); a test checks that both give the same objects."""
    public_field = DrillScenario._meta.get_field("public_id")
    assert isinstance(public_field, Field)
    value = public_field.get_db_prep_value(public_id, connection)  # ValidationError as the ORM's
    scenario, attempt = _scenario_columns(), _attempt_columns()
    with connection.cursor() as cursor:
        _own_scenario_sql().execute(cursor, {"public_id": value, "user": user.pk})
        row = cursor.fetchone()
    if row is None:
        return None
    stored = scenario.instance(row[: len(scenario)])
    compiled_sql.attach_one_to_one(stored, DrillScenario.attempt, attempt.instance_or_none(row[len(scenario) :]))
    return stored


def _scenario_columns() -> Columns[DrillScenario]:
    return compiled_sql.columns(DrillScenario, "s", connection.vendor)


def _attempt_columns() -> Columns[Attempt]:
    return compiled_sql.columns(Attempt, "a", connection.vendor)


@functools.cache
def _sql_for(vendor: str) -> Prepared:
    del vendor  # part of the cache key only
    scenario, attempt = _scenario_columns(), _attempt_columns()
    return Prepared(
        f"SELECT {scenario.select()}, {attempt.select()} FROM {scenario.table}"
        f" LEFT JOIN {attempt.table} ON {attempt.column('scenario')} = {scenario.column('id')}"
        f" WHERE {scenario.column('public_id')} = %(public_id)s AND {scenario.column('user')} = %(user)s"
    )


def _own_scenario_sql() -> Prepared:
    """:func:`own_scenario`'s read (parameters: the public id as stored, the user's id),
    prepared once per PostgreSQL session."""
    return _sql_for(connection.vendor)


@dataclass(frozen=True)
class TokenRead:
    """An API token with its user (``token.user``) and, read with them, that user's scenario
    being answered (with its attempt), or None when the user has no scenario of that id."""

    token: Token
    scenario: DrillScenario | None


def token_with_scenario(key: str, public_id: uuid.UUID) -> TokenRead | None:
    """``Token.objects.select_related("user").get(key=key)`` and :func:`own_scenario` of that
    user, in one statement (the answer endpoint's first read: one round trip less, and no ORM
    compiling of the token's query; issue 17), or None when no token has this key. A test
    compares the objects with the ORM's."""
    public_field = DrillScenario._meta.get_field("public_id")
    assert isinstance(public_field, Field)
    value = public_field.get_db_prep_value(public_id, connection)
    token, user, scenario, attempt = _token_columns()
    with connection.cursor() as cursor:
        _token_with_scenario_sql(connection.vendor).execute(cursor, {"key": key, "public_id": value})
        row = cursor.fetchone()
    if row is None:
        return None
    ends = list(itertools.accumulate(len(columns) for columns in (token, user, scenario, attempt)))
    found = token.instance(row[: ends[0]])
    owner = user.instance(row[ends[0] : ends[1]])
    Token.user.field.set_cached_value(found, owner)
    stored = scenario.instance_or_none(row[ends[1] : ends[2]])
    if stored is not None:
        DrillScenario.user.field.set_cached_value(stored, owner)
        compiled_sql.attach_one_to_one(stored, DrillScenario.attempt, attempt.instance_or_none(row[ends[2] :]))
    return TokenRead(found, stored)


def _token_columns() -> tuple[Columns[Token], Columns[User], Columns[DrillScenario], Columns[Attempt]]:
    vendor = connection.vendor
    return (
        compiled_sql.columns(Token, "t", vendor),
        compiled_sql.columns(User, "u", vendor),
        _scenario_columns(),
        _attempt_columns(),
    )


@functools.cache
def _token_with_scenario_sql(vendor: str) -> Prepared:
    del vendor  # part of the cache key only
    token, user, scenario, attempt = _token_columns()
    return Prepared(
        f"SELECT {token.select()}, {user.select()}, {scenario.select()}, {attempt.select()} FROM {token.table}"
        f" JOIN {user.table} ON {user.column('id')} = {token.column('user')}"
        f" LEFT JOIN {scenario.table} ON {scenario.column('user')} = {token.column('user')}"
        f" AND {scenario.column('public_id')} = %(public_id)s"
        f" LEFT JOIN {attempt.table} ON {attempt.column('scenario')} = {scenario.column('id')}"
        f" WHERE {token.column('key')} = %(key)s"
    )


def own_attempts(user: User) -> QuerySet[Attempt]:
    return (
        Attempt.objects.filter(user=user)
        .select_related("scenario", "scenario__rule_set", "scenario__rule_version")
        .order_by("-answered_at")
    )


def _wrong_answers(user: User) -> QuerySet[DrillScenario]:
    """The user's wrong answers whose original was not put right on a retry, newest first."""
    put_right = DrillScenario.objects.filter(retry_of_id=OuterRef("original_id"), attempt__correct=True)
    return (
        DrillScenario.objects.filter(user=user, attempt__correct=False)
        .exclude(kind__startswith=SKILL_PREFIX)  # a dealt round is retried by dealing another
        .annotate(original_id=Coalesce("retry_of_id", "pk"))
        .exclude(Exists(put_right))
        .order_by("-shown_at")
    )


def retry_queue(user: User, limit: int = 20) -> list[DrillScenario]:
    """The user's recent wrong answers not yet answered right on a retry, newest first (one
    query: each wrong answer with its original, less those whose original was put right)."""
    queue: list[DrillScenario] = []
    seen: set[tuple[str, int, str]] = set()
    for scenario in _wrong_answers(user).select_related("retry_of")[: limit * 3]:
        original = scenario.retry_of or scenario
        identity = (original.kind, original.seed, original.difficulty)
        if identity in seen:
            continue
        seen.add(identity)
        queue.append(original)
        if len(queue) == limit:
            break
    return queue


def retry_count(user: User, limit: int = 20) -> int:
    """``len(retry_queue(user, limit))`` without loading the scenarios (the home shows only
    the count): the same query, reading the originals' kind, seed and difficulty alone."""
    rows = _wrong_answers(user).values_list(
        "retry_of_id", "kind", "seed", "difficulty", "retry_of__kind", "retry_of__seed", "retry_of__difficulty"
    )
    seen: set[tuple[str, int, str]] = set()
    for retry_of_id, kind, seed, difficulty, original_kind, original_seed, original_difficulty in rows[: limit * 3]:
        seen.add((original_kind, original_seed, original_difficulty) if retry_of_id else (kind, seed, difficulty))
        if len(seen) == limit:
            break
    return len(seen)


def target_seconds(user: User, kind: DrillKind[Any]) -> int:
    """The speed target for a kind: the property's own (progress ``KindTarget``), else the kind's."""
    if not user.property_id:
        return kind.target_seconds
    own = KindTarget.objects.filter(property_id=user.property_id, kind=kind.slug)
    return next(iter(own.values_list("target_seconds", flat=True)), kind.target_seconds)


@dataclass(frozen=True)
class KindChoice:
    kind: DrillKind[Any]
    unavailable_reason: str | None
    target_seconds: int


def kind_choices(user: User) -> list[KindChoice]:
    """Every drill kind with, where it cannot be drilled under the user's rules, why."""
    choices = []
    rules_cache: dict[str, Any] = {}
    targets: dict[str, int] = {}
    if user.property_id:
        targets = dict(KindTarget.objects.filter(property_id=user.property_id).values_list("kind", "target_seconds"))
    changes = changes_for(user)
    for kind in all_kinds():
        if is_change_kind(kind):  # runs under the change assigned to the trainee, if any
            change = changes.get(kind.game)
            why = kind.unavailable_reason(change) if change is not None else NOT_ASSIGNED
            choices.append(KindChoice(kind, why, targets.get(kind.slug, kind.target_seconds)))
            continue
        if kind.game not in rules_cache:
            try:
                rules_cache[kind.game] = rules_for(user.property, kind.game)
            except RuleSetError as error:
                rules_cache[kind.game] = error
        rules = rules_cache[kind.game]
        if isinstance(rules, RuleSetError):
            reason: str | None = rule_set_invalid(rules)
        else:
            reason = kind.unavailable_reason(rules)
        choices.append(KindChoice(kind, reason, targets.get(kind.slug, kind.target_seconds)))
    return choices
