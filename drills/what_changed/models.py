"""A rule change assigned as a "what changed" drill: the old and the new values of one game's
rules at a property, kept with the assignment that carries it (``learning.Assignment``).

The trainee's "what changed" scenarios are generated under the newest change assigned to
them for the game; each scenario stores both snapshots itself (``DrillScenario.rules_values``),
so it replays exactly whatever happens to this row or the property's rules later.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from drills.models.rules import GAME_CHOICES


class ChangeReason(models.TextChoices):
    VERSION = "version", gettext_lazy("The property adopted new rules")
    MOVE = "move", gettext_lazy("The trainee moved to another property")


class AssignedChange(models.Model):
    """One game's old and new rules (every setting), assigned with one assignment."""

    assignment = models.OneToOneField("learning.Assignment", on_delete=models.CASCADE, related_name="rule_change")
    property = models.ForeignKey("drills.Property", on_delete=models.CASCADE, related_name="rule_changes")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    reason = models.CharField(max_length=10, choices=ChangeReason.choices)
    old_values = models.JSONField(help_text="Every setting of the old rules.")
    new_values = models.JSONField(help_text="Every setting of the new rules.")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["game", "-created_at"], name="assigned_change_recent")]

    def __str__(self) -> str:
        return f"{self.get_game_display()} at {self.property}: {self.get_reason_display().lower()}"
