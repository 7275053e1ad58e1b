"""House rule sets as data: a property's values for one game, validated by the engine.

A :class:`RuleSet` stores only the settings the property has set (``values``); every
setting it leaves out takes the RULES.md default of the game's rules class. The engine
never sees this model: :meth:`RuleSet.as_rules` gives it the frozen rules value.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy

from drills.models.people import Property
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.registry import GAMES, UnknownGameError, rules_class

# Lazily translated: get_game_display() and the forms' choices show the game in the reader's
# language (the registry marks the names with gettext_noop; the engine knows no Django).
GAME_CHOICES = [(slug, gettext_lazy(name)) for slug, (name, _path) in GAMES.items()]


class RuleSet(models.Model):
    """A property's house rules for one game (RULES.md values marked **(house)**)."""

    property = models.ForeignKey(Property, on_delete=models.CASCADE, related_name="rule_sets")
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    slug = models.SlugField(
        max_length=80, unique=True, help_text='Names the set in the rulings door: {"rules": "<slug>"}.'
    )
    name = models.CharField(max_length=120)
    values = models.JSONField(
        default=dict,
        blank=True,
        help_text="Only the settings this property changes, as a JSON object; the rest take the RULES.md defaults.",
    )
    is_default = models.BooleanField(
        default=False, help_text="The property's rule set for this game (at most one per property and game)."
    )
    notes = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["property__name", "game", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["property", "game"],
                condition=models.Q(is_default=True),
                name="one_default_rule_set_per_property_and_game",
                violation_error_message="This property already has a default rule set for this game.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    def as_rules(self) -> HouseRules:
        """The frozen engine value; raises :class:`RuleSetError` if the stored values are bad."""
        return rules_class(self.game).from_mapping(self.values)

    def effective_values(self) -> dict[str, Any]:
        """Every setting of the game as JSON: the stored ones, the defaults for the rest."""
        return self.as_rules().to_mapping()

    def clean(self) -> None:
        """Refuse values the engine refuses, naming the setting; store them canonically."""
        super().clean()
        if not self.game:
            return
        try:
            cls = rules_class(self.game)
        except UnknownGameError:
            raise ValidationError({"game": f"unknown game {self.game!r}"}) from None
        except ImportError:
            raise ValidationError({"game": "this game's engine is not installed yet"}) from None
        if not isinstance(self.values, dict):
            raise ValidationError({"values": "must be a JSON object of setting: value"})
        try:
            rules = cls.from_mapping(self.values)
        except RuleSetError as error:
            raise ValidationError({"values": f"{error.setting}: {error.message}"}) from None
        # Canonical JSON for what was set ("3:2", "0.50"...): keys kept, defaults not filled in.
        canonical = rules.to_mapping()
        self.values = {key: canonical[key] for key in self.values}
