"""The admin, for staff: properties, teams, users and house rule sets.

A superuser sees everything. Staff of a property (role ``staff``; the role makes them
``is_staff``) see and edit only their own property's teams, users and rule sets, cannot
create or delete properties, and cannot touch superusers or permissions.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import Model, OuterRef, QuerySet
from django.forms.fields import InvalidJSONInput
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from drills import access
from drills.api.json_input import MAX_JSON_DEPTH, nesting_depth
from drills.models import Attempt, DrillScenario, Property, RuleSet, Team, User
from drills.services.signin import is_locked, recent_failures, unlock
from drills.what_changed.services import trainee_moved
from games.errors import RuleSetError
from games.registry import GAMES, default_rules, game_name


def _is_superuser(request: HttpRequest) -> bool:
    return bool(getattr(request.user, "is_superuser", False))


def _property_staff_of(request: HttpRequest) -> int | None:
    """The property id of a staff member who is not a superuser (``None`` otherwise)."""
    return access.staff_property_id(request.user)


def _own_property(request: HttpRequest) -> list[int]:
    """The staff member's property id as a list (empty for anyone else), for ``__in`` lookups."""
    property_id = _property_staff_of(request)
    return [] if property_id is None else [property_id]


class PropertyScopedAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Staff of a property manage their property's objects; superusers everything."""

    property_lookup = "property"

    def _staff_may(self, request: HttpRequest, obj: Model | None) -> bool:
        property_id = _property_staff_of(request)
        if property_id is None:
            return False
        return obj is None or self.property_id_of(obj) == property_id

    def property_id_of(self, obj: Any) -> int | None:
        return getattr(obj, "property_id", None)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return super().has_module_permission(request) or _property_staff_of(request) is not None

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_view_permission(request, obj) or self._staff_may(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_change_permission(request, obj) or self._staff_may(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return super().has_add_permission(request) or self._staff_may(request, None)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) or self._staff_may(request, obj)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset = super().get_queryset(request)
        if _is_superuser(request):
            return queryset
        return queryset.filter(**{f"{self.property_lookup}__in": _own_property(request)})

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "property" and not _is_superuser(request):
            kwargs["queryset"] = Property.objects.filter(pk__in=_own_property(request))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.related_model is User and not _is_superuser(request):
            kwargs["queryset"] = User.objects.filter(property_id__in=_own_property(request))
        return super().formfield_for_manytomany(db_field, request, **kwargs)


@admin.register(Property)
class PropertyAdmin(PropertyScopedAdmin):
    property_lookup = "pk"
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def property_id_of(self, obj: Any) -> int | None:
        return getattr(obj, "pk", None)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return _is_superuser(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _is_superuser(request)


class TeamAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Team
        fields = ["property", "name", "supervisors", "members"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        property = data.get("property")
        for name in ("supervisors", "members"):
            outsiders = [str(user) for user in data.get(name) or [] if property and user.property_id != property.pk]
            if outsiders:
                self.add_error(name, f"not of {property}: {', '.join(outsiders)}")
        return data


@admin.register(Team)
class TeamAdmin(PropertyScopedAdmin):
    form = TeamAdminForm
    list_display = ["name", "property", "supervisor_names", "member_count"]
    list_filter = ["property"]
    search_fields = ["name", "members__username", "members__last_name", "supervisors__username"]
    filter_horizontal = ["supervisors", "members"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        teams = super().get_queryset(request).select_related("property").prefetch_related("supervisors")
        return access.with_member_counts(teams)

    @admin.display(description="supervisors")
    def supervisor_names(self, team: Team) -> str:
        return ", ".join(str(user) for user in team.supervisors.all()) or "—"

    @admin.display(description="members")
    def member_count(self, team: Team) -> int:
        count: int = team.member_count  # type: ignore[attr-defined]  # drills.access.with_member_counts
        return count


@admin.register(User)
class UserAdmin(PropertyScopedAdmin, DjangoUserAdmin):  # type: ignore[type-arg]
    list_display = [
        "username", "full_name", "role", "property", "team_names", "is_active", "sign_in_locked", "last_login"
    ]
    list_filter = ["role", "property", "teams", "is_active", "is_superuser"]
    actions = ["unlock_sign_in"]
    search_fields = ["username", "first_name", "last_name", "email", "teams__name"]
    readonly_fields = ["is_staff", "last_login", "date_joined"]
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        ("Personal info", {"fields": ("first_name", "last_name", "email")}),
        ("Dealer Academy", {"fields": ("role", "property")}),
        (
            "Permissions",
            {
                "fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions"),
                "description": "Admin access (staff status) follows the role: staff and superusers.",
            },
        ),
        ("Important dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "password1", "password2")}),
        ("Dealer Academy", {"fields": ("first_name", "last_name", "role", "property")}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset: QuerySet[Any] = super().get_queryset(request).select_related("property").prefetch_related("teams")
        queryset = queryset.annotate(recent_sign_in_failures=recent_failures(OuterRef("username")))
        return queryset if _is_superuser(request) else queryset.filter(is_superuser=False)

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        fieldsets = super().get_fieldsets(request, obj)
        if _is_superuser(request):
            return fieldsets
        hidden = {"is_superuser", "groups", "user_permissions"}
        return [
            (name, {**options, "fields": tuple(f for f in options["fields"] if f not in hidden)})
            for name, options in fieldsets
        ]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        if not _is_superuser(request) and "property" in form.base_fields:
            form.base_fields["property"].required = True
        return form

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        """Save; a trainee moved to another property is assigned, per game, the "what
        changed" drill of the new property's rules against the old property's."""
        before = User.objects.filter(pk=obj.pk).values_list("property_id", flat=True).first() if change else None
        super().save_model(request, obj, form, change)
        if before is None or before == obj.property_id:
            return
        moved = trainee_moved(obj, from_property=Property.objects.get(pk=before), by=request.user)  # type: ignore[arg-type]
        if moved:
            games = ", ".join(sorted({game_name(a.rule_change.game).split(" (")[0] for a in moved}))
            self.message_user(request, f"{obj} moved to {obj.property}: assigned “What changed” for {games}, due "
                              f"{moved[0].due_on:%d %b %Y}.", messages.INFO)

    @admin.display(description="name", ordering="last_name")
    def full_name(self, user: User) -> str:
        return user.get_full_name()

    @admin.display(description="teams")
    def team_names(self, user: User) -> str:
        return ", ".join(team.name for team in user.teams.all())

    @admin.display(description="sign-in locked", boolean=True)
    def sign_in_locked(self, user: User) -> bool:
        return is_locked(getattr(user, "recent_sign_in_failures", None))

    @admin.action(description="Unlock sign-in (forget the failed attempts) of the selected users")
    def unlock_sign_in(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        count = unlock(user.username for user in queryset)
        self.message_user(request, f"{count} locked account(s) unlocked.", messages.SUCCESS)


def _defaults_help(rule_set: RuleSet) -> SafeString:
    """Where to edit the values (the house-rules editor), and the RULES.md defaults of
    every game whose engine is installed, for whoever still types JSON here."""
    rows = []
    for slug, (name, _path) in GAMES.items():
        try:
            defaults = json.dumps(default_rules(slug).to_mapping(), indent=2)
        except ImportError:
            defaults = "(this game's engine is not installed yet)"
        rows.append((name, slug, defaults))
    editor = reverse("house-rules:edit", args=[rule_set.slug]) if rule_set.pk else reverse("house-rules:list")
    return format_html(
        '<a href="{}">Edit these values in the house-rules editor</a>: a form per game, with each setting\'s '
        "rule ID and the math beside it. Here: only the settings this property changes, as a JSON object "
        '(ratios as "3:2", amounts as text); the rest take the RULES.md defaults. Defaults per game:{}',
        editor,
        format_html_join("", "<details><summary>{} ({})</summary><pre>{}</pre></details>", rows),
    )


class BoundedJSONFormField(forms.JSONField):
    """Django's JSON form field, bounded in depth like every JSON body of the site: its
    decoder recurses, and a value nested 1,100 levels deep was a 500 on the admin page."""

    @staticmethod
    def too_deep(value: Any) -> bool:
        return isinstance(value, str) and nesting_depth(value, stop_after=MAX_JSON_DEPTH) > MAX_JSON_DEPTH

    def to_python(self, value: Any) -> Any:
        if self.too_deep(value):
            raise forms.ValidationError(f"nested more than {MAX_JSON_DEPTH} levels deep", code="invalid")
        return super().to_python(value)

    def bound_data(self, data: Any, initial: Any) -> Any:
        # Redisplaying the refused text decodes it again: show it as typed instead.
        return InvalidJSONInput(data) if self.too_deep(data) else super().bound_data(data, initial)


class RuleSetAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = RuleSet
        fields = ["property", "game", "name", "slug", "is_default", "values", "notes"]
        field_classes = {"values": BoundedJSONFormField}
        widgets = {"values": forms.Textarea(attrs={"rows": 12, "cols": 80, "class": "vLargeTextField"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "values" in self.fields:  # only when adding: a change is a new version (issue 16)
            self.fields["values"].help_text = _defaults_help(self.instance)
        # The model's help text has a literal "<slug>", which the admin rendered as a tag.
        self.fields["slug"].help_text = format_html(
            'Names the set in the rulings door: <code>{{"rules": "{}"}}</code>.',
            self.instance.slug or "<this slug>",
        )

    def clean_values(self) -> object:
        value = self.cleaned_data.get("values")
        return {} if value is None else value  # an empty box: no setting changed


@admin.register(RuleSet)
class RuleSetAdmin(PropertyScopedAdmin):
    form = RuleSetAdminForm
    list_display = ["name", "slug", "game", "property", "is_default", "updated_at"]
    list_filter = ["game", "property", "is_default"]
    search_fields = ["name", "slug", "notes"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["effective_values"]
    actions = ["make_default_action"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """A saved rule set's values change only through a signed-off version (issue 16)."""
        fields = list(super().get_readonly_fields(request, obj))
        # is_default always: which rule set is the property's changes only through sign-off
        return ["values", "is_default", "versions", *fields] if obj is not None else ["is_default", *fields]

    @admin.display(description="versions")
    def versions(self, rule_set: RuleSet) -> str:
        return format_html(
            '<a href="{}">Edit these values in the house-rules editor</a>: each change is a new version a second '
            'staff member signs off (<a href="{}">versions and sign-off</a>).',
            reverse("house-rules:edit", args=[rule_set.slug]), reverse("rule_versions:history", args=[rule_set.slug]),
        )

    def save_model(self, request: HttpRequest, obj: RuleSet, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change and isinstance(request.user, User):  # version 1 (made on save) is theirs
            from drills.rule_versions.services import record_creation

            record_creation(obj, author=request.user, reason="")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).select_related("property")

    @admin.display(description="effective values (stored + defaults)")
    def effective_values(self, rule_set: RuleSet) -> str:
        if not rule_set.pk:
            return "—"
        try:
            return format_html("<pre>{}</pre>", json.dumps(rule_set.effective_values(), indent=2))
        except RuleSetError as error:  # stored values the engine no longer accepts
            return f"invalid: {error}"

    @admin.action(description="Propose the selected rule set as its property's rules for its game (sign-off)")
    def make_default_action(self, request: HttpRequest, queryset: QuerySet[RuleSet]) -> None:
        """A change of default changes what trainees are drilled under: like a change of
        values, it is a version a second staff member signs off (issue 16), never applied here."""
        from drills.rule_versions.services import VersionError, propose_version

        rule_sets = list(queryset)
        if len({(rs.property_id, rs.game) for rs in rule_sets}) != len(rule_sets):
            self.message_user(request, "Choose at most one rule set per property and game.", messages.ERROR)
            return
        if not isinstance(request.user, User):
            return
        for rule_set in rule_sets:
            try:
                propose_version(rule_set, rule_set.values, author=request.user, becomes_default=True,
                                reason="Proposed in the admin as the property's rules for this game",
                                effective_from=timezone.localdate())
            except VersionError as error:
                self.message_user(request, f"{rule_set.name}: {error.message}", messages.ERROR)
            else:
                self.message_user(request, f"{rule_set.name}: proposed as the property's rules for "
                                  f"{rule_set.get_game_display()}; it takes effect when a second staff "
                                  "member signs it off (Sign-offs).", messages.SUCCESS)


# --- Drilling: scenarios and attempts (read-only; issue 7) ----------------------------

class TraineeFilter(admin.RelatedOnlyFieldListFilter):
    """The user filter, titled "trainee", offering only people in the admin's own rows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.title = "trainee"


ATTEMPT_FILTERS: list[Any] = [
    ("user__property", admin.RelatedOnlyFieldListFilter),
    ("user__teams", admin.RelatedOnlyFieldListFilter),
    ("user", TraineeFilter),
    "kind",
    "difficulty",
    "correct",
    "answered_at",
]


class ReadOnlyUserScopedAdmin(PropertyScopedAdmin):
    """Rows owned by a user: scoped by the user's property, viewed but never edited here
    (grades and roll-ups are written by the drill services only)."""

    property_lookup = "user__property"

    def property_id_of(self, obj: Any) -> int | None:
        return getattr(getattr(obj, "user", None), "property_id", None)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["answered_at", "user", "kind", "difficulty", "correct", "score", "time_taken_ms", "mistake_code"]
    list_filter = ATTEMPT_FILTERS
    search_fields = ["user__username", "user__last_name", "kind", "mistake_code"]
    date_hierarchy = "answered_at"
    list_select_related = ["user"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return super().get_queryset(request).select_related("user", "scenario")


@admin.register(DrillScenario)
class DrillScenarioAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["shown_at", "user", "kind", "difficulty", "mode", "public_id"]
    list_filter = [
        ("user__property", admin.RelatedOnlyFieldListFilter),
        ("user__teams", admin.RelatedOnlyFieldListFilter),
        ("user", TraineeFilter),
        "kind",
        "difficulty",
        "mode",
        "shown_at",
    ]
    search_fields = ["user__username", "kind", "public_id"]
    date_hierarchy = "shown_at"
    list_select_related = ["user"]
