"""Admin of the learning sub-app: the learning policy (staff of a property edit theirs), and
read-only views of family cards and sent reminders. Assignments are made on their page;
certificates are revoked on the certificates page (with a reason, audited)."""

from __future__ import annotations

from django.contrib import admin

from drills.admin import PropertyScopedAdmin, ReadOnlyUserScopedAdmin
from drills.learning.models import FamilyCard, LearningPolicy, Reminder


@admin.register(LearningPolicy)
class LearningPolicyAdmin(PropertyScopedAdmin):
    list_display = ["property", "desired_retention", "leech_lapses", "due_soon_days", "expiry_notice_days"]


@admin.register(FamilyCard)
class FamilyCardAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["user", "kind", "family", "state", "due", "reviews", "lapses", "answers"]
    list_filter = ["kind", "state"]
    search_fields = ["user__username", "user__last_name", "kind", "family"]
    list_select_related = ["user"]


@admin.register(Reminder)
class ReminderAdmin(ReadOnlyUserScopedAdmin):
    list_display = ["key", "user", "subject", "created_at", "sent_at"]
    search_fields = ["key", "user__username"]
    list_select_related = ["user"]
