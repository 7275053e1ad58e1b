"""People and places: properties (casinos), teams, and users with a role."""

from __future__ import annotations

import builtins
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy


class Property(models.Model):
    """A casino. Users, teams and house rule sets belong to one property."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "properties"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    TRAINEE = "trainee", gettext_lazy("Trainee")
    SUPERVISOR = "supervisor", gettext_lazy("Supervisor")
    STAFF = "staff", gettext_lazy("Staff")


class User(AbstractUser):
    """A person using the site. ``role`` decides what they see; staff also get the admin."""

    property = models.ForeignKey(
        Property, on_delete=models.PROTECT, related_name="users", null=True, blank=True
    )
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.TRAINEE)
    # The language the site speaks to this person (a code of settings.LANGUAGES, "es");
    # blank: none chosen, so the browser's (cookie, Accept-Language). No choices here, so a
    # new language is a new catalogue and no migration (drills.middleware checks the code).
    language = models.CharField(max_length=16, blank=True, default="")

    @builtins.property  # the model has a field named `property`
    def is_trainee(self) -> bool:
        return self.role == Role.TRAINEE

    @builtins.property  # the model has a field named `property`
    def is_supervisor(self) -> bool:
        return self.role == Role.SUPERVISOR

    @builtins.property  # the model has a field named `property`
    def is_property_staff(self) -> bool:
        """Staff of a property (or a superuser): sees everything in their property."""
        return self.role == Role.STAFF or self.is_superuser

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The role decides who gets Django's admin: staff of a property and superusers.
        self.is_staff = self.is_superuser or self.role == Role.STAFF
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "is_staff"}
        # ``set_password`` keeps the new raw password until the save (Django's own hook for
        # password validators): every path that changes a password goes through it — the
        # password-change page, the admin's form, ``changepassword``, a reset.
        password_changed = getattr(self, "_password", None) is not None and self.pk is not None
        super().save(*args, **kwargs)
        if password_changed:
            from drills.services.tokens import revoke_tokens  # the services import the models

            revoke_tokens(self.pk)

    def __str__(self) -> str:
        full = self.get_full_name()
        return f"{full} ({self.username})" if full else self.username


class Team(models.Model):
    """A group of trainees led by one or more supervisors, within one property."""

    property = models.ForeignKey(Property, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    supervisors = models.ManyToManyField(User, related_name="supervised_teams", blank=True)
    members = models.ManyToManyField(User, related_name="teams", blank=True)

    class Meta:
        ordering = ["property__name", "name"]
        constraints = [models.UniqueConstraint(fields=["property", "name"], name="team_name_unique_in_property")]

    def __str__(self) -> str:
        return f"{self.name} ({self.property})"
