"""Certification exams: blueprints (versioned), sittings, saved answers, results, certificates.

Versioning (issue 8 decision): a :class:`BlueprintVersion` is editable only until its
first sitting; from then on it is frozen. Saving a change to a blueprint whose latest
version has sittings creates version N+1 (the staff page does this in one step; in the
admin a frozen version is read-only and the "copy into a new version" action makes the
next one). A sitting points at the exact version it was drawn from and also keeps a
snapshot of it, so an appeal never depends on the blueprint rows staying unchanged.

Integrity is held by the database, not only by the code:

- one result per sitting (``SittingResult.sitting`` is one-to-one),
- attempt numbers unique per (candidate, blueprint), and at most one open sitting per
  (candidate, blueprint) (a partial unique constraint),
- a per-(candidate, blueprint) :class:`CandidateSlot` row that starts lock with
  ``select_for_update`` so simultaneous starts are counted one after the other.
"""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from drills.exams.policy import Reveal, ReviewPolicy
from drills.kinds.base import Difficulty
from drills.models.rules import GAME_CHOICES

DIFFICULTY_CHOICES = [(d.value, d.value.capitalize()) for d in Difficulty]


class Blueprint(models.Model):
    """An exam's identity: one property, one game. Its content lives in versions."""

    property = models.ForeignKey("drills.Property", on_delete=models.PROTECT, related_name="exam_blueprints")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    title = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    is_active = models.BooleanField(default=True, help_text="Open to candidates (new sittings may start).")
    closes_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=(
            "Optional end of the exam window: no sitting starts after it, open sittings end at it, "
            "and the review policy's 'after the exam closes' phase begins then (without it: at each "
            "sitting's own deadline)."
        ),
    )
    validity_days = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(3650)],
        help_text="How many days a pass stays valid (empty: it never expires). Renewal opens 30 days before.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["property__name", "game", "title"]
        constraints = [models.UniqueConstraint(fields=["property", "title"], name="exam_title_unique_in_property")]

    def __str__(self) -> str:
        return self.title

    def latest_version(self) -> BlueprintVersion | None:
        return self.versions.order_by("-number").first()


def _percent(**kwargs: Any) -> models.PositiveSmallIntegerField:  # type: ignore[type-arg]
    return models.PositiveSmallIntegerField(validators=[MaxValueValidator(100)], **kwargs)


class BlueprintVersion(models.Model):
    """The content of one version of a blueprint: limits, pass marks, review policy, sections."""

    blueprint = models.ForeignKey(Blueprint, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    time_limit_minutes = models.PositiveSmallIntegerField(
        default=20, validators=[MinValueValidator(1), MaxValueValidator(600)]
    )
    pass_percent = models.PositiveSmallIntegerField(
        default=80, validators=[MinValueValidator(1), MaxValueValidator(100)], help_text="Overall pass mark."
    )
    attempts_allowed = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    retake_wait_hours = models.PositiveIntegerField(
        default=24, validators=[MaxValueValidator(24 * 365)], help_text="Wait after a finished sitting before the next."
    )
    late_credit_percent = _percent(
        default=50,
        help_text="Share of an item's score kept when it was answered after its section's target time.",
    )
    # Review policy: what the candidate sees in each phase (Moodle's review options).
    review_during_score = models.BooleanField(default=False)
    review_during_answers = models.BooleanField(default=False)
    review_during_explanations = models.BooleanField(default=False)
    review_submit_score = models.BooleanField(default=True)
    review_submit_answers = models.BooleanField(default=False)
    review_submit_explanations = models.BooleanField(default=False)
    review_closed_score = models.BooleanField(default=True)
    review_closed_answers = models.BooleanField(default=True)
    review_closed_explanations = models.BooleanField(default=True)

    class Meta:
        ordering = ["blueprint", "-number"]
        constraints = [models.UniqueConstraint(fields=["blueprint", "number"], name="exam_version_number_unique")]

    def __str__(self) -> str:
        return f"{self.blueprint} v{self.number}"

    @property
    def policy(self) -> ReviewPolicy:
        return ReviewPolicy(
            during=Reveal(self.review_during_score, self.review_during_answers, self.review_during_explanations),
            after_submit=Reveal(self.review_submit_score, self.review_submit_answers, self.review_submit_explanations),
            after_close=Reveal(self.review_closed_score, self.review_closed_answers, self.review_closed_explanations),
        )

    @property
    def is_frozen(self) -> bool:
        """A version with a sitting never changes again."""
        return self.pk is not None and self.sittings.exists()


class BlueprintSection(models.Model):
    """A section: ``count`` items of one drill kind at one difficulty."""

    version = models.ForeignKey(BlueprintVersion, on_delete=models.CASCADE, related_name="sections")
    position = models.PositiveSmallIntegerField(default=1)
    title = models.CharField(max_length=120)
    kind = models.CharField(max_length=60, help_text="A drill kind of the blueprint's game.")
    difficulty = models.CharField(max_length=10, choices=DIFFICULTY_CHOICES, default=Difficulty.NORMAL.value)
    count = models.PositiveSmallIntegerField(default=5, validators=[MinValueValidator(1), MaxValueValidator(50)])
    target_seconds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(3600)],
        help_text="Optional per-item target time; an item answered later keeps only the late credit.",
    )
    min_percent = _percent(null=True, blank=True, help_text="Optional section minimum (percent).")

    class Meta:
        ordering = ["version", "position", "pk"]

    def __str__(self) -> str:
        return f"{self.title} ({self.count} × {self.kind}, {self.difficulty})"


class CandidateSlot(models.Model):
    """One row per (candidate, blueprint): starting a sitting locks it (select_for_update)."""

    candidate = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    blueprint = models.ForeignKey(Blueprint, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["candidate", "blueprint"], name="exam_slot_unique")]

    def __str__(self) -> str:
        return f"slot of {self.candidate_id} for {self.blueprint_id}"


class SittingStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("In progress")
    SUBMITTED = "submitted", gettext_lazy("Submitted")
    CLOSED = "closed", gettext_lazy("Closed at the deadline")


FINISHED = (SittingStatus.SUBMITTED, SittingStatus.CLOSED)


class Sitting(models.Model):
    """One candidate's attempt at one blueprint version, timed by the server."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    candidate = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="exam_sittings")
    blueprint = models.ForeignKey(Blueprint, on_delete=models.PROTECT, related_name="sittings")
    version = models.ForeignKey(BlueprintVersion, on_delete=models.PROTECT, related_name="sittings")
    attempt_number = models.PositiveSmallIntegerField()
    form_seed = models.BigIntegerField(help_text="Drawn by the server with secrets; every item seed derives from it.")
    engine_version = models.CharField(max_length=20)
    rule_set = models.ForeignKey("drills.RuleSet", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    rules_values = models.JSONField(help_text="The rule-set values in force when the sitting started.")
    rule_version = models.ForeignKey(
        "rule_versions.RuleSetVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="the rule-set version in force when the sitting started (empty: before versions)",
    )
    rule_version_number = models.PositiveIntegerField(
        null=True, blank=True, help_text="that version's number, kept if the version is deleted"
    )
    blueprint_snapshot = models.JSONField(help_text="The version's settings and sections as drawn.")
    started_at = models.DateTimeField()
    deadline = models.DateTimeField()
    status = models.CharField(max_length=10, choices=SittingStatus.choices, default=SittingStatus.OPEN)
    finished_at = models.DateTimeField(null=True, blank=True)
    grading_queued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["candidate", "blueprint", "attempt_number"], name="exam_attempt_number_unique"
            ),
            models.UniqueConstraint(
                fields=["candidate", "blueprint"],
                condition=models.Q(status="open"),
                name="exam_one_open_sitting",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "deadline"], name="exam_sitting_sweep"),
            models.Index(fields=["candidate", "blueprint"], name="exam_sitting_candidate"),
        ]

    def __str__(self) -> str:
        return f"{self.blueprint} #{self.attempt_number} by {self.candidate}"

    @property
    def is_finished(self) -> bool:
        return self.status in FINISHED


class SittingItem(models.Model):
    """One item of a sitting: (kind, difficulty, seed) regenerate it; the saved answer."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField(help_text="1-based order in the sitting.")
    section_position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=60)
    difficulty = models.CharField(max_length=10)
    seed = models.BigIntegerField(help_text="Derived from the sitting's form seed and the position.")
    target_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    shown_at = models.DateTimeField(null=True, blank=True, help_text="First time the server showed the item.")
    answer = models.JSONField(null=True, blank=True, help_text="The last saved answer (normalised).")
    draft = models.JSONField(
        null=True,
        blank=True,
        help_text="What was typed last when it was not a complete answer (as typed); never graded, never final. "
        "Cleared by the next complete answer.",
    )
    draft_at = models.DateTimeField(null=True, blank=True, help_text="Server time of the draft.")
    answered_at = models.DateTimeField(null=True, blank=True, help_text="Server time of the last saved answer.")
    saves = models.PositiveIntegerField(default=0)
    locked = models.BooleanField(default=False, help_text="Feedback was shown during the sitting: the answer stands.")

    class Meta:
        ordering = ["sitting", "position"]
        constraints = [models.UniqueConstraint(fields=["sitting", "position"], name="exam_item_position_unique")]

    def __str__(self) -> str:
        return f"item {self.position} of {self.sitting_id}"


class AnswerEvent(models.Model):
    """Every accepted autosave, with its server timestamp (the audit trail)."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="answer_events")
    item = models.ForeignKey(SittingItem, on_delete=models.CASCADE, related_name="events")
    position = models.PositiveSmallIntegerField()
    answer = models.JSONField()
    saved_at = models.DateTimeField()

    class Meta:
        ordering = ["saved_at", "pk"]
        indexes = [models.Index(fields=["sitting", "saved_at"], name="exam_event_sitting")]

    def __str__(self) -> str:
        return f"item {self.position} saved at {self.saved_at:%H:%M:%S}"


class SittingResult(models.Model):
    """The one grading of a sitting (the one-to-one is the database's guarantee)."""

    sitting = models.OneToOneField(Sitting, on_delete=models.CASCADE, related_name="result")
    graded_at = models.DateTimeField()
    score_percent = models.DecimalField(max_digits=5, decimal_places=2)
    passed = models.BooleanField()
    sections = models.JSONField(help_text="Per section: title, score, minimum, passed.")
    items = models.JSONField(help_text="Per item: answer, verdict, points, time, expected, explanation.")
    engine_version = models.CharField(max_length=20, help_text="The engine that graded (normally the sitting's).")
    graded_by = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-graded_at"]

    def __str__(self) -> str:
        return f"{self.sitting}: {self.score_percent}% {'pass' if self.passed else 'fail'}"


class Certificate(models.Model):
    """Issued for a passed sitting; verified publicly by its unguessable code."""

    result = models.OneToOneField(SittingResult, on_delete=models.PROTECT, related_name="certificate")
    candidate = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="certificates")
    blueprint = models.ForeignKey(Blueprint, on_delete=models.PROTECT, related_name="certificates")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    holder_name = models.CharField(max_length=300)
    game_name = models.CharField(max_length=200)
    property_name = models.CharField(max_length=200)
    exam_date = models.DateField()
    code = models.CharField(max_length=64, unique=True)
    issued_at = models.DateTimeField()
    expires_on = models.DateField(null=True, blank=True, help_text="Last day the certificate is valid (empty: never).")
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_reason = models.TextField(blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-issued_at"]
        indexes = [models.Index(fields=["candidate", "game"], name="exam_cert_candidate_game")]

    def __str__(self) -> str:
        return f"{self.holder_name}: {self.game_name} ({self.exam_date})"

    @property
    def is_valid(self) -> bool:
        """Valid today: neither revoked nor past its expiry date."""
        return self.status() == CertificateStatus.VALID

    def status(self, today: date | None = None) -> CertificateStatus:
        if self.revoked_at is not None:
            return CertificateStatus.REVOKED
        if self.expires_on is not None and (today or timezone.localdate()) > self.expires_on:
            return CertificateStatus.EXPIRED
        return CertificateStatus.VALID

    @property
    def issuer(self) -> str:
        """Who issues it: the property's training (the certificate's own stored name)."""
        return f"{self.property_name} dealer training"

    @property
    def score_percent(self) -> Decimal:
        return self.result.score_percent


class CertificateStatus(models.TextChoices):
    VALID = "valid", gettext_lazy("Valid")
    EXPIRED = "expired", gettext_lazy("Expired")
    REVOKED = "revoked", gettext_lazy("Revoked")
