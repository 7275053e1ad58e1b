"""Drill scenarios shown to trainees and their attempts.

A stored scenario keeps (kind, seed, difficulty, rule-set values, engine version): enough
to regenerate exactly what the trainee saw. The answer key is stored too, for audit and
statistics, and never leaves the server before the trainee has answered.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from drills.language import in_reader_language
from games.reasons import reasons_from_json


class DrillMode(models.TextChoices):
    PRACTICE = "practice", gettext_lazy("Practice")
    SPEED = "speed", gettext_lazy("Speed")
    RETRY = "retry", gettext_lazy("Retry my mistakes")


class DrillScenario(models.Model):
    """One scenario shown to one trainee."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenarios")
    kind = models.CharField(max_length=60, db_index=True)
    game = models.CharField(max_length=30)
    difficulty = models.CharField(max_length=10)
    mode = models.CharField(max_length=10, choices=DrillMode.choices, default=DrillMode.PRACTICE)
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=20)
    rule_set = models.ForeignKey("drills.RuleSet", on_delete=models.SET_NULL, null=True, blank=True)
    rules_values = models.JSONField(help_text="the rule-set values in force when generated")
    rule_version = models.ForeignKey(
        "rule_versions.RuleSetVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="the rule-set version in force when generated (empty: before versions)",
    )
    rule_version_number = models.PositiveIntegerField(
        null=True, blank=True, help_text="that version's number, kept if the version is deleted"
    )
    key = models.JSONField(help_text="the answer key (server only until answered)")
    retry_of = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="retries")
    shown_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-shown_at"]
        indexes = [models.Index(fields=["user", "-shown_at"], name="scenario_user_recent")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} for {self.user}"


class AttemptStatus(models.TextChoices):
    RECEIVED = "received", gettext_lazy("Received, not graded yet")
    GRADED = "graded", gettext_lazy("Graded")


class Attempt(models.Model):
    """A trainee's answer to a scenario; saved before it is graded; one per scenario."""

    scenario = models.OneToOneField(DrillScenario, on_delete=models.CASCADE, related_name="attempt")
    # No index of its own: attempt_user_kind_recent starts with the user (every write of an
    # attempt, and its grade, updates each index: issue 17).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", db_index=False
    )
    kind = models.CharField(max_length=60)
    family = models.CharField(
        max_length=60, blank=True, default="", help_text="the skill family of the scenario (spaced repetition)"
    )
    difficulty = models.CharField(max_length=10)
    answer = models.JSONField(help_text="the answer as submitted (normalised)")
    answered_at = models.DateTimeField(db_index=True)
    time_taken_ms = models.PositiveIntegerField(help_text="server time from showing to answering")
    status = models.CharField(max_length=10, choices=AttemptStatus.choices, default=AttemptStatus.RECEIVED)
    correct = models.BooleanField(null=True)
    score = models.DecimalField(max_digits=3, decimal_places=2, null=True)
    expected = models.JSONField(null=True, blank=True)
    explanation = models.TextField(blank=True)
    rules = models.JSONField(default=list, blank=True)
    # Not indexed: nothing looks attempts up by mistake (the roll-ups count them), and the
    # grade's write would keep two indexes for it (the code and its LIKE form).
    mistake_code = models.CharField(max_length=80, blank=True)
    mistake = models.TextField(blank=True)
    reasons = models.JSONField(
        default=dict, blank=True,
        help_text="the grade's structured why and diagnosis, {'why': [...], 'diagnosis': [...]} (games.reasons): "
        "explanation and mistake in the reader's language",
    )
    grading_failures = models.PositiveSmallIntegerField(
        default=0, help_text="gradings of this received attempt that raised (the sweep backs off)"
    )
    next_grading_at = models.DateTimeField(
        null=True, blank=True, help_text="a received attempt whose grading raised is not tried again before this"
    )

    class Meta:
        ordering = ["-answered_at"]
        indexes = [
            models.Index(fields=["user", "kind", "-answered_at"], name="attempt_user_kind_recent"),
            # The stranded-grading sweep reads only the (few) attempts still received.
            models.Index(fields=["answered_at"], condition=models.Q(status="received"), name="attempt_received"),
        ]

    def __str__(self) -> str:
        verdict = {True: "right", False: "wrong", None: "ungraded"}[self.correct]
        return f"{self.kind} by {self.user}: {verdict}"

    def explanation_words(self) -> str:
        """Why the key is right, in the reader's language (from ``reasons`` when stored)."""
        return in_reader_language(reasons_from_json((self.reasons or {}).get("why")), self.explanation)

    def mistake_words(self) -> str:
        """What was wrong with this answer, in the reader's language ("" when right)."""
        return in_reader_language(reasons_from_json((self.reasons or {}).get("diagnosis")), self.mistake)
