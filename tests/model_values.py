"""Comparing a model instance built from SQL text with the ORM's (``drills.compiled_sql``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Model


def typed_fields(instance: Model | None) -> dict[str, tuple[type, Any]] | None:
    """Every concrete field's value and its type (a str where the ORM gives a UUID would
    differ), or None for no instance."""
    if instance is None:
        return None
    return {
        field.attname: (type(getattr(instance, field.attname)), getattr(instance, field.attname))
        for field in instance._meta.concrete_fields
    }
