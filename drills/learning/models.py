"""Learning that sticks (issue 15): spaced repetition per skill family, assignments,
reminders and the certificate audit trail.

- :class:`LearningPolicy`: a property's desired retention (FSRS), leech threshold and
  reminder timing; the defaults apply without one.
- :class:`FamilyCard`: one trainee × skill family, the rolling FSRS memory state, kept in the
  grading transaction and rebuilt from the raw attempts (``services.rebuild_trainee``).
- :class:`Assignment`: skills to master, or an exam to pass, by a date, for a team or
  trainees.
- :class:`Reminder`: one e-mail that was decided on; its unique key is what makes every
  reminder task idempotent (a reminder is never sent twice).
- :class:`CertificateEvent`: who revoked which certificate and why.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy

DEFAULT_RETENTION = Decimal("0.90")
DEFAULT_LEECH_LAPSES = 4
DEFAULT_DUE_SOON_DAYS = 3
DEFAULT_EXPIRY_NOTICE_DAYS = 30


class LearningPolicy(models.Model):
    property = models.OneToOneField("drills.Property", on_delete=models.CASCADE, related_name="learning_policy")
    desired_retention = models.DecimalField(
        max_digits=3,
        decimal_places=2,
        default=DEFAULT_RETENTION,
        validators=[MinValueValidator(Decimal("0.70")), MaxValueValidator(Decimal("0.97"))],
        help_text="The chance of recall a review is scheduled at (0.90: review when recall falls to 90 %).",
    )
    leech_lapses = models.PositiveSmallIntegerField(
        default=DEFAULT_LEECH_LAPSES,
        validators=[MinValueValidator(2), MaxValueValidator(50)],
        help_text="A family forgotten this many times after it was learnt is flagged to the supervisor.",
    )
    due_soon_days = models.PositiveSmallIntegerField(
        default=DEFAULT_DUE_SOON_DAYS,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text="Assignments: remind this many days before the due date; at risk from then on if not done.",
    )
    expiry_notice_days = models.PositiveSmallIntegerField(
        default=DEFAULT_EXPIRY_NOTICE_DAYS,
        validators=[MinValueValidator(1), MaxValueValidator(365)],
        help_text="Certificates: remind the holder this many days before expiry.",
    )

    class Meta:
        verbose_name_plural = "learning policies"

    def __str__(self) -> str:
        return f"Learning policy of {self.property}"


class CardState(models.IntegerChoices):
    """FSRS's card states (``fsrs.State`` values)."""

    LEARNING = 1, "Learning"
    REVIEW = 2, "Review"
    RELEARNING = 3, "Relearning"


class FamilyCard(models.Model):
    """One trainee × skill family: FSRS's memory state and a few counters."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="family_cards")
    kind = models.CharField(max_length=60)
    family = models.CharField(max_length=60)
    state = models.PositiveSmallIntegerField(choices=CardState.choices, default=CardState.LEARNING)
    step = models.PositiveSmallIntegerField(null=True, blank=True)
    stability = models.FloatField(null=True, blank=True, help_text="Days until recall falls to 90 %.")
    difficulty = models.FloatField(null=True, blank=True, help_text="FSRS difficulty, 1–10.")
    due = models.DateTimeField()
    last_review = models.DateTimeField(null=True, blank=True)
    reviews = models.PositiveIntegerField(default=0, help_text="Answers that counted as FSRS reviews.")
    lapses = models.PositiveIntegerField(default=0, help_text="Times forgotten after it was learnt.")
    answers = models.PositiveIntegerField(default=0)
    misses = models.PositiveIntegerField(default=0)
    last_attempt_id = models.BigIntegerField(default=0, help_text="The newest attempt folded in.")
    last_answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user_id", "due"]
        constraints = [models.UniqueConstraint(fields=["user", "kind", "family"], name="one_card_per_family")]
        indexes = [models.Index(fields=["user", "due"], name="family_card_due")]

    def __str__(self) -> str:
        return f"{self.kind}/{self.family} of {self.user}"


class AssignmentGoal(models.TextChoices):
    SKILLS = "skills", gettext_lazy("Master skills")
    EXAM = "exam", gettext_lazy("Pass an exam")


class Assignment(models.Model):
    """Skills to master (or an exam to pass) by a date, for a team and/or named trainees.

    A team assignment covers whoever is in the team when it is read (a trainee who joins
    later has it too)."""

    property = models.ForeignKey("drills.Property", on_delete=models.CASCADE, related_name="assignments")
    goal = models.CharField(max_length=10, choices=AssignmentGoal.choices)
    skills = models.JSONField(default=list, blank=True, help_text="Drill kind slugs to master (goal: skills).")
    blueprint = models.ForeignKey(
        "exams.Blueprint", on_delete=models.CASCADE, null=True, blank=True, related_name="assignments"
    )
    due_on = models.DateField()
    note = models.CharField(max_length=300, blank=True)
    team = models.ForeignKey("drills.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="assignments")
    trainees = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="assignments")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["due_on", "pk"]
        indexes = [models.Index(fields=["property", "due_on"], name="assignment_due")]

    def __str__(self) -> str:
        return f"{self.get_goal_display()} by {self.due_on}"


class Reminder(models.Model):
    """An e-mail decided on. ``key`` names what it is about ("assignment:12:due-soon:user:5"):
    unique, so deciding twice cannot queue it twice; ``sent_at`` is set once it went out."""

    key = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reminders")
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.key


class CertificateEvent(models.Model):
    """The audit trail of certificates: revocations, with who and why."""

    REVOKED = "revoked"
    ACTIONS = [(REVOKED, "Revoked")]

    certificate = models.ForeignKey("exams.Certificate", on_delete=models.PROTECT, related_name="events")
    action = models.CharField(max_length=20, choices=ACTIONS)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    reason = models.TextField()
    at = models.DateTimeField()

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.action} {self.certificate_id} at {self.at:%Y-%m-%d %H:%M}"
