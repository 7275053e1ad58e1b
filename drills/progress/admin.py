"""Admin of the progress sub-app: training policy and target times (edited by staff of a
property), and the roll-up rows (read-only) with filters by property, team, trainee,
skill and date. Scoped like the rest of the admin: staff see only their property."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from drills.admin import PropertyScopedAdmin, ReadOnlyUserScopedAdmin, TraineeFilter
from drills.kinds.base import all_kinds
from drills.progress import services
from drills.progress.models import DailyTally, KindTarget, SkillRollup, TraineeSummary, TrainingPolicy
from drills.rounds.tables.registry import round_skills

USER_FILTERS: list[Any] = [
    ("user__property", admin.RelatedOnlyFieldListFilter),
    ("user__teams", admin.RelatedOnlyFieldListFilter),
    ("user", TraineeFilter),
]


@admin.register(TrainingPolicy)
class TrainingPolicyAdmin(PropertyScopedAdmin):
    list_display = ["property", "window", "accuracy", "minimum_answers", "inactive_days", "falling_drop"]

    def save_model(self, request: HttpRequest, obj: TrainingPolicy, form: Any, change: bool) -> None:
        services.save_policy(obj)  # also brings the roll-ups' window figures in line

    def delete_model(self, request: HttpRequest, obj: TrainingPolicy) -> None:
        services.delete_policy(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[TrainingPolicy]) -> None:
        for policy in queryset:
            services.delete_policy(policy)


class KindTargetForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = KindTarget
        fields = ["property", "kind", "target_seconds"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(kind.slug, f"{kind.title} ({kind.slug}, default {kind.target_seconds} s)") for kind in all_kinds()]
        choices += [
            (slug, f"{title} ({slug}, default {seconds} s per dealer action)")
            for slug, title, _game, seconds in round_skills()
        ]
        self.fields["kind"] = forms.ChoiceField(choices=choices)


@admin.register(KindTarget)
class KindTargetAdmin(PropertyScopedAdmin):
    form = KindTargetForm
    list_display = ["kind", "target_seconds", "property"]
    list_filter = [("property", admin.RelatedOnlyFieldListFilter), "kind"]


@admin.register(SkillRollup)
class SkillRollupAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["user", "kind", "answers", "correct", "window_size", "last_answered_at"]
    list_filter = [*USER_FILTERS, "kind", "last_answered_at"]
    search_fields = ["user__username", "user__last_name", "kind"]
    list_select_related = ["user"]

    @admin.display(description="recent window")
    def window_size(self, row: SkillRollup) -> int:
        return len(row.recent)


@admin.register(DailyTally)
class DailyTallyAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["day", "user", "kind", "answers", "correct"]
    list_filter = [*USER_FILTERS, "kind", "day"]
    search_fields = ["user__username", "kind"]
    date_hierarchy = "day"
    list_select_related = ["user"]


@admin.register(TraineeSummary)
class TraineeSummaryAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["user", "answers", "last_answered_at", "rebuilt_at"]
    list_filter = [*USER_FILTERS, "last_answered_at"]
    search_fields = ["user__username", "user__last_name"]
    list_select_related = ["user"]
