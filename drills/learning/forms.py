"""Forms of the learning pages: a new assignment, revoking a certificate."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from drills import access
from drills.exams.models import Blueprint
from drills.kinds.base import all_kinds
from drills.learning.models import AssignmentGoal
from drills.models import Team, User
from drills.selectors import rules_for
from games.registry import game_name


def skill_choices(property: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    """The kinds that can be drilled under the property's rules, grouped by game."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for kind in all_kinds():
        if kind.unavailable_reason(rules_for(property, kind.game)):
            continue
        groups.setdefault(gettext(game_name(kind.game)), []).append((kind.slug, gettext(kind.title)))
    return list(groups.items())


class AssignmentForm(forms.Form):
    goal = forms.ChoiceField(choices=AssignmentGoal.choices, widget=forms.RadioSelect, label=gettext_lazy("Goal"))
    skills = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Skills to master"),
        help_text=gettext_lazy("For “Master skills”."),
    )
    blueprint = forms.ModelChoiceField(
        queryset=Blueprint.objects.none(),
        required=False,
        label=gettext_lazy("Exam to pass"),
        help_text=gettext_lazy("For “Pass an exam”."),
    )
    due_on = forms.DateField(label=gettext_lazy("Due by"), widget=forms.DateInput(attrs={"type": "date"}))
    team = forms.ModelChoiceField(queryset=Team.objects.none(), required=False, label=gettext_lazy("Team"))
    trainees = forms.ModelMultipleChoiceField(
        queryset=User.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Trainees"),
        help_text=gettext_lazy("A team, some trainees, or both."),
    )
    note = forms.CharField(max_length=300, required=False, label=gettext_lazy("Note for the trainees"))

    def __init__(self, *args: Any, viewer: User, **kwargs: Any) -> None:
        """Choices are what ``drills.access`` lets the viewer assign."""
        super().__init__(*args, **kwargs)
        self.fields["skills"].choices = skill_choices(viewer.property)  # type: ignore[attr-defined]
        blueprints = access.assignable_blueprints(viewer).order_by("game", "title")
        self.fields["blueprint"].queryset = blueprints  # type: ignore[attr-defined]
        self.fields["team"].queryset = access.visible_teams(viewer).order_by("name")  # type: ignore[attr-defined]
        trainees = access.assignable_trainees(viewer).order_by("last_name", "first_name", "username")
        self.fields["trainees"].queryset = trainees  # type: ignore[attr-defined]
        self.fields["trainees"].label_from_instance = lambda user: user.get_full_name() or user.username  # type: ignore[attr-defined]

    def clean_due_on(self) -> dt.date:
        due_on: dt.date = self.cleaned_data["due_on"]
        if due_on < timezone.localdate():
            raise forms.ValidationError(gettext("The due date is in the past."))
        if due_on > timezone.localdate() + dt.timedelta(days=730):
            raise forms.ValidationError(gettext("The due date is more than two years away."))
        return due_on

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        goal = data.get("goal")
        if goal == AssignmentGoal.SKILLS and not data.get("skills"):
            self.add_error("skills", gettext("Pick at least one skill to master."))
        if goal == AssignmentGoal.EXAM and not data.get("blueprint"):
            self.add_error("blueprint", gettext("Pick the exam to pass."))
        if not data.get("team") and not data.get("trainees"):
            self.add_error("trainees", gettext("Assign it to a team or to at least one trainee."))
        return data


class RevokeForm(forms.Form):
    reason = forms.CharField(
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Kept in the audit trail; not shown on the public verification page."),
    )

    def clean_reason(self) -> str:
        reason: str = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError(gettext("A reason is required."))
        return reason
