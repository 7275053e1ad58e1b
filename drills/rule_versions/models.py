"""Versions of a house rule set (issue 16, item 3).

Every change to a :class:`~drills.models.RuleSet` is a version: the complete values (as the
rule set stores them: only what the property sets), an effective date, who proposed it and
why, and who signed it off (a second staff member of the property) or rejected it and why.
The version rows are the audit trail: nothing is ever deleted or edited after the fact but
the status.

A version is **in force** on a date when it is signed off, its effective date has come,
and no later-numbered signed-off version's has. ``RuleSet.values`` always holds the
values of the version in force (``services.apply_due_versions``).

A version may also carry ``becomes_default``: the rule set becomes the property's rules for
its game (and the previous one stops being them) when the version takes effect, so that a
change of default is signed off by a second staff member like a change of values.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from drills.models import RuleSet


class VersionStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Waiting for sign-off")
    SIGNED_OFF = "signed_off", gettext_lazy("Signed off")  # scheduled or in force: see effective_from
    REJECTED = "rejected", gettext_lazy("Rejected")
    SUPERSEDED = "superseded", gettext_lazy("Superseded")  # was in force; a later version took over


class RuleSetVersion(models.Model):
    rule_set = models.ForeignKey(RuleSet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(help_text="1, 2, ... per rule set")
    values = models.JSONField(help_text="the rule set's complete values in this version (only what it sets)")
    effective_from = models.DateField(help_text="the first day this version may be in force")
    reason = models.TextField(help_text="why the change was made")
    status = models.CharField(max_length=12, choices=VersionStatus.choices, default=VersionStatus.PENDING)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text="empty: the rule set's values before versions, or a rule set created without a known author",
    )
    proposed_at = models.DateTimeField()
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    signed_off_at = models.DateTimeField(null=True, blank=True)
    rejected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    rejected_at = models.DateTimeField(null=True, blank=True)
    rejection_reason = models.TextField(blank=True)
    becomes_default = models.BooleanField(
        default=False,
        help_text="it becomes the property's rules for this game (is_default) when it takes effect",
    )
    made_default_at = models.DateTimeField(
        null=True, blank=True, help_text="when becomes_default was applied (empty: not yet, or not asked)"
    )

    class Meta:
        ordering = ["rule_set", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["rule_set", "number"], name="rule_version_number_unique"),
            models.UniqueConstraint(
                fields=["rule_set"],
                condition=models.Q(status="pending"),
                name="rule_version_one_pending",
                violation_error_message="This rule set already has a version waiting for sign-off.",
            ),
        ]
        indexes = [models.Index(fields=["status", "effective_from"], name="rule_version_due")]

    def __str__(self) -> str:
        return f"{self.rule_set.name}, version {self.number}"

    @property
    def in_force_from(self) -> date:
        """The day it took (or takes) effect: its effective date, or its sign-off's if later."""
        if self.signed_off_at is None:
            return self.effective_from
        return max(self.effective_from, timezone.localdate(self.signed_off_at))
