"""Writes to house rule sets."""

from __future__ import annotations

from django.db import transaction

from drills.models import RuleSet


@transaction.atomic
def make_default(rule_set: RuleSet) -> RuleSet:
    """Make ``rule_set`` its property's default for its game (the previous one stops being it)."""
    RuleSet.objects.filter(property_id=rule_set.property_id, game=rule_set.game, is_default=True).exclude(
        pk=rule_set.pk
    ).update(is_default=False)
    if not rule_set.is_default:
        rule_set.is_default = True
        rule_set.save(update_fields=["is_default", "updated_at"])
    return rule_set
