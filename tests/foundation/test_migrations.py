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
