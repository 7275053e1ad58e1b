"""Migrations are complete and apply on the database under test (SQLite or PostgreSQL)."""

import pytest
from django.core.management import call_command
from django.db import connection


@pytest.mark.django_db
def test_no_model_change_lacks_a_migration():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_migrations_applied_on_this_database():
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
    assert "drills_user" in connection.introspection.table_names()


@pytest.mark.django_db
def test_an_attempt_keeps_only_the_indexes_its_queries_use():
    """Every answer's insert and its grade's update write each index of ``drills_attempt``
    (issue 17): the user's own index (a prefix of ``attempt_user_kind_recent``) and the
    mistake code's two are gone; the user's foreign key still holds."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "drills_attempt")
    indexed = sorted(
        tuple(spec["columns"])
        for spec in constraints.values()
        if (spec["index"] or spec["unique"]) and not spec["primary_key"]
    )
    assert indexed == sorted([
        ("answered_at",),  # the admin's list, newest first, over every trainee
        ("answered_at",),  # attempt_received: the grading sweep's few received attempts
        ("scenario_id",),  # one attempt per scenario (unique)
        ("user_id", "kind", "answered_at"),  # attempt_user_kind_recent
    ])
    foreign_keys = {spec["foreign_key"] for spec in constraints.values() if spec["foreign_key"]}
    assert ("drills_user", "id") in foreign_keys
