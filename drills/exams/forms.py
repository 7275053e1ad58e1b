"""Forms of the staff's blueprint page and the results filter."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from drills.exams.blueprints import VERSION_FIELDS, SectionSpec
from drills.exams.models import Blueprint, BlueprintVersion, SittingStatus
from drills.kinds.base import all_kinds
from drills.kinds.messages import say
from drills.kinds.what_changed import is_change_kind
from drills.language import translate
from drills.rounds.tables.registry import available_round_skills
from drills.templatetags.words import DIFFICULTY_WORDS
from games.registry import game_name


def kind_choices() -> list[tuple[str, Any]]:
    grouped: dict[str, list[tuple[str, str]]] = {}
    for kind in all_kinds():
        if is_change_kind(kind):  # assigned on a rule change, never examined
            continue
        grouped.setdefault(kind.game, []).append((kind.slug, say(kind.title, translate)))  # the reader's words
    for slug, title, game, _seconds in available_round_skills():  # table tests (drills.rounds)
        test = gettext("%(skill)s: a table test") % {"skill": say(title, translate)}
        grouped.setdefault(game, []).append((slug, test))
    return [("", "—")] + [(gettext(game_name(game)), choices) for game, choices in grouped.items()]


class BlueprintForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Blueprint
        fields = ["title", "game", "description", "is_active", "closes_at", "validity_days"]
        # The page's words in the reader's language (the model's help texts are the admin's English).
        labels = {
            "title": gettext_lazy("Title"),
            "game": gettext_lazy("Game"),
            "description": gettext_lazy("Description"),
            "is_active": gettext_lazy("Open"),
            "closes_at": gettext_lazy("Closes at"),
            "validity_days": gettext_lazy("Validity (days)"),
        }
        help_texts = {
            "is_active": gettext_lazy("Open to candidates (new sittings may start)."),
            "closes_at": gettext_lazy(
                "Optional end of the exam window: no sitting starts after it, open sittings end at it, "
                "and the review policy's 'after the exam closes' phase begins then (without it: at each "
                "sitting's own deadline)."
            ),
            "validity_days": gettext_lazy(
                "How many days a pass stays valid (empty: it never expires). Renewal opens 30 days before."
            ),
        }
        widgets = {
            "description": forms.Textarea(attrs={"rows": 2}),
            "closes_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        }

    def __init__(self, *args: Any, property: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.property = property
        formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]
        self.fields["closes_at"].input_formats = formats  # type: ignore[attr-defined]
        if self.instance.pk is not None:
            self.fields["game"].disabled = True  # a blueprint is for one game, for good
            self.fields["game"].help_text = gettext("A blueprint is for one game: make a new blueprint for another.")

    def clean_title(self) -> str:
        title = str(self.cleaned_data["title"]).strip()
        clash = Blueprint.objects.filter(property=self.property, title__iexact=title).exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError(gettext("another exam of this property has this title"))
        return title


class VersionForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = BlueprintVersion
        fields = list(VERSION_FIELDS)
        labels = {
            "time_limit_minutes": gettext_lazy("Time limit (minutes)"),
            "pass_percent": gettext_lazy("Pass mark (%)"),
            "retake_wait_hours": gettext_lazy("Wait before a retake (hours)"),
            "late_credit_percent": gettext_lazy("Credit kept for a late item (%)"),
            "attempts_allowed": gettext_lazy("Attempts allowed"),
        }
        help_texts = {
            "pass_percent": gettext_lazy("Overall pass mark."),
            "retake_wait_hours": gettext_lazy("Wait after a finished sitting before the next."),
            "late_credit_percent": gettext_lazy(
                "Share of an item's score kept when it was answered after its section's target time."
            ),
        }


class SectionForm(forms.Form):
    title = forms.CharField(max_length=120)
    kind = forms.ChoiceField(choices=kind_choices)
    # The difficulty words of the drill pages (lazy: in the reader's language when rendered).
    difficulty = forms.ChoiceField(choices=list(DIFFICULTY_WORDS.items()), initial="normal")
    count = forms.IntegerField(min_value=1, max_value=50, initial=5)
    target_seconds = forms.IntegerField(min_value=1, max_value=3600, required=False, label=gettext_lazy("Target (s)"))
    min_percent = forms.IntegerField(min_value=0, max_value=100, required=False, label=gettext_lazy("Minimum (%)"))

    def spec(self) -> SectionSpec:
        data = self.cleaned_data
        return SectionSpec(
            data["title"], data["kind"], data["difficulty"], data["count"], data["target_seconds"], data["min_percent"]
        )


SectionFormSet = forms.formset_factory(SectionForm, extra=2, can_delete=True, max_num=20, validate_max=True)


def kept_forms(formset: Any) -> list[SectionForm]:
    """The section rows to save: every existing row not marked for removal, and the empty
    rows that were filled in."""
    kept = []
    for index, form in enumerate(formset.forms):
        existing = index < formset.initial_form_count()
        if (existing or form.has_changed()) and form.cleaned_data and not form.cleaned_data.get("DELETE"):
            kept.append(form)
    return kept


def section_specs_from(formset: Any) -> list[SectionSpec]:
    return [form.spec() for form in kept_forms(formset)]


OUTCOMES = [("", "all"), ("passed", "passed"), ("failed", "failed"), ("pending", "not graded yet")]


class ResultsFilter(forms.Form):
    exam = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    team = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    outcome = forms.ChoiceField(choices=OUTCOMES, required=False)
    status = forms.ChoiceField(choices=[("", "all"), *SittingStatus.choices], required=False)

    def __init__(self, *args: Any, blueprints: Any, teams: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        exam_choices = [("", "all exams")] + [(b.pk, b.title) for b in blueprints]
        team_choices = [("", "all teams")] + [(t.pk, t.name) for t in teams]
        self.fields["exam"].choices = exam_choices  # type: ignore[attr-defined]
        self.fields["team"].choices = team_choices  # type: ignore[attr-defined]
