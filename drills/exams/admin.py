"""Exams in the admin, scoped by property like the rest of the admin (drills.admin).

- Blueprints: identity (title, game, window). The action "Copy the latest version into a
  new version" is the admin's way to change a frozen exam.
- Versions with their sections inline: editable while the version has no sitting; a
  version with sittings is read-only (a change is refused: the form says to copy it).
- Sittings, results and certificates are read-only records; certificates can be revoked,
  with a reason asked on an intermediate page (audited: ``CertificateEvent``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from drills.admin import PropertyScopedAdmin, _is_superuser, _own_property
from drills.exams import blueprints as blueprint_services
from drills.exams.models import (
    Blueprint,
    BlueprintSection,
    BlueprintVersion,
    Certificate,
    Sitting,
    SittingResult,
)
from drills.kinds.base import UnknownKindError, get_kind
from drills.models import User


class ReadOnlyAdmin(PropertyScopedAdmin):
    """Records nobody edits by hand: viewable by the property's staff, never changed."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Blueprint)
class BlueprintAdmin(PropertyScopedAdmin):
    list_display = ["title", "game", "property", "is_active", "closes_at", "latest_version"]
    list_filter = ["game", "is_active", "property"]
    search_fields = ["title"]
    actions = ["copy_latest_version"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # A blueprint is for one game and one property, for good.
        return ["game", "property"] if obj is not None and obj.versions.exists() else []

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and (obj is None or not obj.sittings.exists())

    @admin.display(description="latest version")
    def latest_version(self, blueprint: Blueprint) -> str:
        version = blueprint.latest_version()
        return f"v{version.number}" if version else "—"

    @admin.action(description="Copy the latest version into a new version (to change a frozen exam)")
    def copy_latest_version(self, request: HttpRequest, queryset: QuerySet[Blueprint]) -> None:
        for blueprint in queryset:
            if blueprint.latest_version() is None:
                self.message_user(request, f"{blueprint} has no version to copy.", messages.WARNING)
                continue
            version = blueprint_services.copy_to_new_version(blueprint, by=request.user)  # type: ignore[arg-type]
            self.message_user(request, f"{blueprint}: version {version.number} created; edit it under Versions.")


class SectionInlineForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = BlueprintSection
        fields = ["position", "title", "kind", "difficulty", "count", "target_seconds", "min_percent"]

    def clean_kind(self) -> str:
        kind = self.cleaned_data["kind"]
        try:
            get_kind(kind)
        except UnknownKindError:
            raise forms.ValidationError(f"unknown drill kind {kind!r}") from None
        return str(kind)


class SectionFormSet(forms.BaseInlineFormSet):  # type: ignore[type-arg]
    def clean(self) -> None:
        super().clean()
        version = self.instance
        blueprint = version.blueprint if getattr(version, "blueprint_id", None) else None
        kept = [f for f in self.forms if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        if not kept:
            raise forms.ValidationError("add at least one section")
        if blueprint is None:
            return
        specs = [
            blueprint_services.SectionSpec(
                f.cleaned_data["title"],
                f.cleaned_data["kind"],
                f.cleaned_data["difficulty"],
                f.cleaned_data["count"],
                f.cleaned_data.get("target_seconds"),
                f.cleaned_data.get("min_percent"),
            )
            for f in kept
        ]
        errors = blueprint_services.validate(blueprint, blueprint_services.default_settings(), specs)
        for key, message in errors.items():
            parts = key.split(".")
            if parts[0] == "sections" and len(parts) == 3:
                kept[int(parts[1]) - 1].add_error(parts[2], message)
            elif key == "sections" or key == "game":
                raise forms.ValidationError(message)


class SectionInline(admin.TabularInline):  # type: ignore[type-arg]
    """Sections follow their version: the property's staff edit them while it is not frozen
    (the version admin has already scoped the version to the staff member's property)."""

    model = BlueprintSection
    form = SectionInlineForm
    formset = SectionFormSet
    extra = 1

    def _may_edit(self, request: HttpRequest, obj: Any) -> bool:
        staff = _is_superuser(request) or bool(_own_property(request))
        return staff and (obj is None or not obj.is_frozen)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _is_superuser(request) or bool(_own_property(request))

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may_edit(request, obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may_edit(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may_edit(request, obj)


class VersionAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = BlueprintVersion
        fields = ["blueprint", *blueprint_services.VERSION_FIELDS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is not None:
            # Lock the row: a start shares it while drawing, so no sitting begins mid-edit.
            locked = BlueprintVersion.objects.select_for_update().get(pk=self.instance.pk)
            if locked.sittings.exists():
                raise forms.ValidationError(
                    "This version has sittings and is frozen: use the blueprint action "
                    "'Copy the latest version into a new version' and change the copy."
                )
        settings = {name: data.get(name) for name in blueprint_services.VERSION_FIELDS}
        for phase in blueprint_services.REVIEW_PHASES:
            if settings[f"review_{phase}_explanations"] and not settings[f"review_{phase}_answers"]:
                self.add_error(f"review_{phase}_explanations", "explanations give the answer away: show answers too")
        if not settings["review_closed_score"]:
            self.add_error("review_closed_score", "a candidate must learn their result once the exam has closed")
        return data


@admin.register(BlueprintVersion)
class BlueprintVersionAdmin(PropertyScopedAdmin):
    property_lookup = "blueprint__property"
    form = VersionAdminForm
    inlines = [SectionInline]
    list_display = ["__str__", "time_limit_minutes", "pass_percent", "attempts_allowed", "sitting_count", "created_at"]
    list_filter = ["blueprint__game", "blueprint"]

    def property_id_of(self, obj: Any) -> int | None:
        return obj.blueprint.property_id if getattr(obj, "blueprint_id", None) else None

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed = super().has_change_permission(request, obj)
        return allowed and (obj is None or not obj.is_frozen)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and (obj is None or not obj.is_frozen)

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "blueprint" and not _is_superuser(request):
            kwargs["queryset"] = Blueprint.objects.filter(property_id__in=_own_property(request))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return ["blueprint", "number"] if obj is not None else ["number"]

    def save_model(self, request: HttpRequest, obj: BlueprintVersion, form: Any, change: bool) -> None:
        if obj.pk is None:
            latest = BlueprintVersion.objects.filter(blueprint=obj.blueprint).order_by("-number").first()
            obj.number = latest.number + 1 if latest else 1
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        version = form.instance
        specs = blueprint_services.section_specs(version)
        errors = blueprint_services.validate(version.blueprint, blueprint_services.version_settings(version), specs)
        for field, message in errors.items():
            self.message_user(request, f"{field}: {message}", messages.WARNING)

    @admin.display(description="sittings")
    def sitting_count(self, version: BlueprintVersion) -> int:
        return version.sittings.count()


@admin.register(Sitting)
class SittingAdmin(ReadOnlyAdmin):
    property_lookup = "blueprint__property"
    list_display = ["candidate", "blueprint", "version", "attempt_number", "status", "started_at", "deadline"]
    list_filter = ["status", "blueprint"]
    search_fields = ["candidate__username", "candidate__last_name", "public_id"]
    list_select_related = ["candidate", "blueprint", "version"]

    def property_id_of(self, obj: Any) -> int | None:
        return obj.blueprint.property_id if obj is not None else None

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = super().get_fields(request, obj)
        if obj is not None and obj.status == "open":
            return [f for f in fields if f not in {"form_seed"}]  # nothing that helps answer while it runs
        return fields


@admin.register(SittingResult)
class SittingResultAdmin(ReadOnlyAdmin):
    property_lookup = "sitting__blueprint__property"
    list_display = ["sitting", "score_percent", "passed", "graded_at", "graded_by"]
    list_filter = ["passed"]

    def property_id_of(self, obj: Any) -> int | None:
        return obj.sitting.blueprint.property_id if obj is not None else None


@admin.register(Certificate)
class CertificateAdmin(ReadOnlyAdmin):
    property_lookup = "blueprint__property"
    list_display = ["holder_name", "game_name", "exam_date", "expires_on", "property_name", "revoked_at"]
    list_filter = ["game", "revoked_at"]
    search_fields = ["holder_name", "code"]
    actions = ["revoke"]

    def property_id_of(self, obj: Any) -> int | None:
        return obj.blueprint.property_id if obj is not None else None

    @admin.action(description="Revoke the selected certificates…")
    def revoke(self, request: HttpRequest, queryset: QuerySet[Certificate]) -> HttpResponse | None:
        """An intermediate page asks why; the revocation is audited like the certificates page
        (drills.learning: who, when and why). Without a reason nothing is revoked."""
        from drills.learning.forms import RevokeForm
        from drills.learning.services import revoke as audited_revoke

        form = RevokeForm(request.POST if "apply" in request.POST else None)
        user = request.user
        if form.is_valid() and isinstance(user, User):
            revoked = sum(
                audited_revoke(certificate, by=user, reason=form.cleaned_data["reason"]) is not None
                for certificate in queryset
            )
            self.message_user(request, f"{revoked} certificate(s) revoked.")
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Revoke certificates",
            "opts": self.model._meta,
            "certificates": queryset,
            "form": form,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        template = "admin/exams/certificate/revoke.html"
        return TemplateResponse(request, template, context, status=400 if form.errors else 200)
