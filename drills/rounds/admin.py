"""Admin: the property's chip set (a house rule), and dealt rounds read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from drills.admin import PropertyScopedAdmin, ReadOnlyUserScopedAdmin
from drills.rounds.models import DealtRound, TableChips


@admin.register(TableChips)
class TableChipsAdmin(PropertyScopedAdmin):
    list_display = ["property", "denominations"]

    @admin.display(description="denominations")
    def denominations(self, obj: TableChips) -> str:
        return ", ".join(f"{chip['value']} {chip['name']}" for chip in obj.chips)


@admin.register(DealtRound)
class DealtRoundAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["started_at", "user", "game", "level", "focus", "status", "right", "wrong", "replay"]
    list_filter = [("user__property", admin.RelatedOnlyFieldListFilter), "game", "level", "focus", "status"]
    search_fields = ["user__username", "public_id"]
    list_select_related = ["user"]
    date_hierarchy = "started_at"

    @admin.display(description="replay")
    def replay(self, obj: DealtRound) -> SafeString:
        return format_html('<a href="{}">replay</a>', reverse("rounds:replay", args=[obj.public_id]))

    def get_queryset(self, request: Any) -> Any:
        return super().get_queryset(request).select_related("user")
