"""Progress: training policy per property, and the summary rows the dashboards read.

The summary rows are kept current in the transaction that grades an attempt
(``drills.progress.services.record_attempt``) and rebuilt nightly from the raw attempts
(``drills.progress.tasks.rebuild_all_rollups``); see ``drills/progress/rollup.py``.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from drills.progress.rollup import WINDOW_CAP


class TrainingPolicy(models.Model):
    """A property's mastery rule: the last ``window`` answers of a skill, at least
    ``minimum_answers`` of them, ``accuracy`` right and the median time within target."""

    property = models.OneToOneField("drills.Property", on_delete=models.CASCADE, related_name="training_policy")
    window = models.PositiveSmallIntegerField(
        default=30,
        validators=[MinValueValidator(1), MaxValueValidator(WINDOW_CAP)],
        help_text=f"How many recent answers of a skill count (1–{WINDOW_CAP}).",
    )
    accuracy = models.DecimalField(
        max_digits=3,
        decimal_places=2,
        default=Decimal("0.90"),
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("1.00"))],
        help_text="Share of those answers that must be right (0.90 = 90 %).",
    )
    minimum_answers = models.PositiveSmallIntegerField(
        default=20,
        validators=[MinValueValidator(1), MaxValueValidator(WINDOW_CAP)],
        help_text="Fewest recent answers before a skill can count as mastered (at most the window).",
    )
    inactive_days = models.PositiveSmallIntegerField(
        default=7, validators=[MinValueValidator(1)], help_text="A trainee with no answer for this long is inactive."
    )
    falling_drop = models.DecimalField(
        max_digits=3,
        decimal_places=2,
        default=Decimal("0.15"),
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("1.00"))],
        help_text="Accuracy is falling when the newer half of the window is this much below the older half.",
    )

    class Meta:
        verbose_name_plural = "training policies"

    def __str__(self) -> str:
        return f"Training policy of {self.property}"

    def clean(self) -> None:
        super().clean()
        if self.minimum_answers and self.window and self.minimum_answers > self.window:
            raise ValidationError({"minimum_answers": "cannot exceed the window"})


class KindTarget(models.Model):
    """A property's target time for one drill kind (default: the kind's ``target_seconds``)."""

    property = models.ForeignKey("drills.Property", on_delete=models.CASCADE, related_name="kind_targets")
    kind = models.CharField(max_length=60)
    target_seconds = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(3600)])

    class Meta:
        ordering = ["property__name", "kind"]
        constraints = [models.UniqueConstraint(fields=["property", "kind"], name="one_target_per_property_and_kind")]

    def __str__(self) -> str:
        return f"{self.kind}: {self.target_seconds} s ({self.property})"


class TraineeSummary(models.Model):
    """One row per trainee with answers: the lock every roll-up write of that trainee takes
    first (grading and rebuilding are serialised per trainee), and their overall figures."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="progress_summary"
    )
    answers = models.PositiveIntegerField(default=0)
    last_answered_at = models.DateTimeField(null=True, blank=True)
    recent_days = models.JSONField(
        default=dict, help_text='All skills per day, the last 35 days: {"YYYY-MM-DD": [answers, right]} (team trend)'
    )
    rebuilt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "trainee summaries"

    def __str__(self) -> str:
        return f"summary of {self.user}"


class SkillRollup(models.Model):
    """One trainee × skill: counters and the recent window (see ``rollup.py``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="skill_rollups")
    kind = models.CharField(max_length=60)
    recent = models.JSONField(default=list, help_text="[[attempt id, correct 0/1, time ms], ...], oldest first")
    answers = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    total_ms = models.BigIntegerField(default=0)
    by_difficulty = models.JSONField(default=dict, help_text='{"easy": [answers, correct], ...}')
    mistakes = models.JSONField(default=dict, help_text='{"<mistake code>": [count, last message, last attempt id]}')
    first_answered_at = models.DateTimeField(null=True, blank=True)
    last_answered_at = models.DateTimeField(null=True, blank=True)
    # Derived from ``recent`` for the property's policy window (``rollup.window_figures``), so
    # the dashboard reads a few numbers instead of decoding every window. Rows whose
    # ``window_size`` is not the policy's window are recomputed from ``recent`` when read.
    window_size = models.PositiveSmallIntegerField(default=0)
    window_answers = models.PositiveSmallIntegerField(default=0)
    window_correct = models.PositiveSmallIntegerField(default=0)
    window_older_correct = models.PositiveSmallIntegerField(default=0)
    window_median_ms = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["user_id", "kind"]
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_rollup_per_user_and_kind")]

    def __str__(self) -> str:
        return f"{self.kind} of {self.user}"


class DailyTally(models.Model):
    """One trainee × skill × day: answers, right answers and time (trend charts)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="daily_tallies")
    kind = models.CharField(max_length=60)
    day = models.DateField()
    answers = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    total_ms = models.BigIntegerField(default=0)

    class Meta:
        ordering = ["user_id", "day", "kind"]
        verbose_name_plural = "daily tallies"
        constraints = [models.UniqueConstraint(fields=["user", "kind", "day"], name="one_tally_per_user_kind_day")]
        indexes = [models.Index(fields=["user", "day"], name="tally_user_day")]

    def __str__(self) -> str:
        return f"{self.kind} of {self.user} on {self.day}"
