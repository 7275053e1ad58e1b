"""Dealt rounds: what is stored of each round a trainee deals, and every action they tried.

A round keeps its seed, level, focus, the rule-set snapshot, the chip set and the engine
version: the table is rebuilt exactly from them, and the action log (the notation of
``games.procedure``, every action applied, the trainee's and the automated ones) replays
it step by step. Each tap the trainee made is a :class:`RoundStep`, right or refused, with
its idempotency key (unique per round: a repeated tap never applies twice) and its time.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from drills.rounds.chips import ChipError, ChipSet
from drills.rounds.tables.base import Focus, Level


def default_chips() -> list[dict[str, str]]:
    return ChipSet.default().to_json()


class TableChips(models.Model):
    """A property's chip denominations and colours (a house rule; default: the common set)."""

    property = models.OneToOneField("drills.Property", on_delete=models.CASCADE, related_name="table_chips")
    chips = models.JSONField(
        default=default_chips,
        help_text='[{"value": "25", "colour": "#1a7f37", "name": "green"}, ...]: value, colour (#rrggbb) and its name.',
    )

    class Meta:
        verbose_name = "chip set"

    def __str__(self) -> str:
        return f"chips of {self.property}"

    def clean(self) -> None:
        super().clean()
        try:
            self.chips = ChipSet.from_json(self.chips).to_json()
        except ChipError as error:
            raise ValidationError({"chips": error.words(gettext)}) from None


class RoundStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Being dealt")
    FINISHED = "finished", gettext_lazy("Finished")


class DealtRound(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="dealt_rounds")
    game = models.CharField(max_length=30)
    level = models.CharField(max_length=10, choices=[(lv.value, lv.value.title()) for lv in Level])
    focus = models.CharField(max_length=10, choices=[(f.value, f.label) for f in Focus])
    seed = models.BigIntegerField()
    engine_version = models.CharField(max_length=20)
    rule_set = models.ForeignKey("drills.RuleSet", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    rules_values = models.JSONField(help_text="the rule-set values in force when the round started")
    rule_version = models.ForeignKey(
        "rule_versions.RuleSetVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="the rule-set version in force when the round started (empty: before versions)",
    )
    rule_version_number = models.PositiveIntegerField(
        null=True, blank=True, help_text="that version's number, kept if the version is deleted"
    )
    chips = models.JSONField(help_text="the chip set in force when the round started")
    log = models.TextField(blank=True, help_text="every action applied, one a line (games.procedure notation)")
    steps = models.PositiveIntegerField(default=0, help_text="actions in the log (the table's version)")
    right = models.PositiveIntegerField(default=0, help_text="the trainee's actions accepted")
    wrong = models.PositiveIntegerField(default=0, help_text="the trainee's actions refused")
    trainee_ms = models.BigIntegerField(default=0, help_text="time the trainee's accepted actions took, summed")
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.OPEN)
    started_at = models.DateTimeField()
    last_action_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    exam_item = models.ForeignKey(
        "exams.SittingItem", on_delete=models.SET_NULL, null=True, blank=True, related_name="dealt_rounds"
    )
    attempt = models.OneToOneField(
        "drills.Attempt", on_delete=models.SET_NULL, null=True, blank=True, related_name="dealt_round",
        help_text="the progress record written when the round finished",
    )

    class Meta:
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["user", "-started_at"], name="round_user_recent")]

    def __str__(self) -> str:
        return f"{self.game} round #{self.pk} by {self.user}"

    @property
    def finished(self) -> bool:
        return self.status == RoundStatus.FINISHED

    @property
    def accuracy(self) -> float | None:
        tried = self.right + self.wrong
        return self.right / tried if tried else None


class RoundStep(models.Model):
    """One action the trainee tried: accepted (``right``) or refused with its rule."""

    round = models.ForeignKey(DealtRound, on_delete=models.CASCADE, related_name="tries")
    key = models.CharField(max_length=64, help_text="the page's idempotency key for this tap")
    number = models.PositiveIntegerField(help_text="1-based order of the trainee's tries in the round")
    at_step = models.PositiveIntegerField(help_text="the log length when it was tried")
    tap = models.JSONField(help_text="what the page sent (verb, place, chips, number)")
    action = models.TextField(help_text="the action it meant, in the notation")
    right = models.BooleanField()
    rule = models.CharField(max_length=100, blank=True, help_text="the rule IDs that called for it, or refused it")
    mistake = models.CharField(max_length=80, blank=True)
    due = models.TextField(blank=True, help_text="the action that was due, in the notation")
    explanation = models.TextField(blank=True)
    elapsed_ms = models.PositiveIntegerField(help_text="since the table last changed")
    tried_at = models.DateTimeField()

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "key"], name="round_step_key_unique"),
            models.UniqueConstraint(fields=["round", "number"], name="round_step_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{'right' if self.right else 'refused'}: {self.action}"
