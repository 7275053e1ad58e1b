"""Every rule set has a version in force from the moment it exists.

A ``post_save`` receiver rather than a creation service, because rule sets are created in
many places this app does not own: the admin, ``load_demo``, the house-rules editor, and
the tests' factories (``RuleSet.objects.create`` in dozens of tests). A receiver holds the
invariant on every one of those paths. Who created it is added where it is known (the
admin records the staff member as version 1's author).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from drills.models import RuleSet


@receiver(post_save, sender=RuleSet, dispatch_uid="rule_versions.first_version")
def give_first_version(sender: type[RuleSet], instance: RuleSet, created: bool, raw: bool, **kwargs: Any) -> None:
    if created and not raw:  # fixtures (raw) bring their own versions
        from drills.rule_versions.services import first_version

        first_version(instance)
