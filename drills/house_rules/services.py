"""Writes of the house-rules editor: every change to a rule set's values goes through
:func:`submit_rule_set_change` (the editor's new and edit pages both call it)."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction

from drills.models import RuleSet, User


@transaction.atomic
def submit_rule_set_change(
    rule_set: RuleSet, values: dict[str, Any], *, author: User, reason: str, effective_from: datetime.date
) -> RuleSet:
    """Validate ``values`` (the settings the property sets, as JSON) on ``rule_set`` (saved
    or new) and save it; raise :class:`django.core.exceptions.ValidationError` naming the
    field (``values``, ``slug``...) when the model or the engine refuses.

    Today the change applies at once; ``author``, ``reason`` and ``effective_from`` are
    asked for so that a versioned change with sign-off can take them (issue 16, item 3).
    """
    if not reason.strip():
        raise ValueError("a change needs a reason")
    rule_set.values = dict(values)
    rule_set.full_clean()
    rule_set.save()
    return rule_set
