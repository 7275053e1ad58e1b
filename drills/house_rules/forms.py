"""The house-rules editor's forms, built from a game's rules dataclass.

:class:`RuleValuesForm` has one form field per setting of the rules class, by its type
(``bool``, ``int``, ``str``, ``Decimal``, ``Ratio``, ``PayTable`` and ``X | None``): a new
setting needs no form code. Field names are the settings' names (``blackjack_pays``); a
pay table posts its rows as two lists, ``<setting>-key`` and ``<setting>-ratio``.
The engine (``HouseRules.from_mapping``) has the last word: its refusal is the error of
the setting it names. :class:`ChangeForm` (prefix ``change``) asks why and from when.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from django import forms
from django.forms import BoundField
from django.utils import timezone
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext, gettext_lazy

from drills.house_rules import presenters
from drills.models import Property, RuleSet
from games.errors import RuleSetError
from games.house_rules import HouseRules, PayTable
from games.money import Ratio

LARGEST_NUMBER: Final = 1_000_000
"""The largest whole number or ratio term the editor takes: past it is a slip or a probe."""
_WHOLE: Final = re.compile(r"[0-9]{1,7}")  # ASCII digits only: not "١٠" nor "１０"
_RATIO: Final = re.compile(r"(?P<pays>[0-9]{1,7})\s*(?::|\s+to\s+)\s*(?P<per>[0-9]{1,7})", re.IGNORECASE)
RATIO_FORMAT: Final = 'a ratio with digits 0-9, such as "3:2"'


def _whole_number(text: str) -> int:
    if not _WHOLE.fullmatch(text) or int(text) > LARGEST_NUMBER:
        raise forms.ValidationError(f"write a whole number with digits 0-9, at most {LARGEST_NUMBER:,}")
    return int(text)


def _ratio_text(text: str) -> str:
    """A ratio as the engine stores it (``"3:2"``); a bare whole number is ``n:1``."""
    match = _RATIO.fullmatch(text)
    if match is None and _WHOLE.fullmatch(text):
        pays, per = text, "1"
    elif match is not None:
        pays, per = match["pays"], match["per"]
    else:
        raise forms.ValidationError(f"write {RATIO_FORMAT}")
    if int(pays) > LARGEST_NUMBER or int(per) > LARGEST_NUMBER:
        raise forms.ValidationError(f"each side of the ratio is at most {LARGEST_NUMBER:,}")
    if int(per) == 0:
        raise forms.ValidationError(f'"{text}": the second number of a ratio is at least 1')
    return f"{int(pays)}:{int(per)}"


class PayTableWidget(forms.Widget):
    """Rows of (combination, ratio), posted as the lists ``<name>-key`` and ``<name>-ratio``;
    the page renders the rows itself (:func:`field_views`)."""

    def value_from_datadict(self, data: Mapping[str, Any], files: Any, name: str) -> list[tuple[str, str]]:
        keys, ratios = _getlist(data, f"{name}-key"), _getlist(data, f"{name}-ratio")
        ratios = [*ratios, *[""] * (len(keys) - len(ratios))]
        keys = [*keys, *[""] * (len(ratios) - len(keys))]
        return [(str(key).strip(), str(ratio).strip()) for key, ratio in zip(keys, ratios, strict=True)]

    def value_omitted_from_data(self, data: Mapping[str, Any], files: Any, name: str) -> bool:
        return False


def _getlist(data: Mapping[str, Any], key: str) -> list[Any]:
    if isinstance(data, MultiValueDict):
        return list(data.getlist(key))
    value = data.get(key, [])
    return list(value) if isinstance(value, (list, tuple)) else [value]


def table_rows(value: Any) -> list[tuple[str, str]]:
    """A pay table's rows from a stored mapping or from posted rows."""
    if isinstance(value, Mapping):
        return [(str(key), str(ratio)) for key, ratio in value.items()]
    if isinstance(value, list):
        return [(str(key), str(ratio)) for key, ratio in value]
    return []


class PayTableField(forms.Field):
    """A pay table: ``{combination: "pays:per"}``. A row left blank is no row; a row half
    filled in, a ratio that is not one, or a combination listed twice names its row."""

    def __init__(self, *, choices: list[tuple[str, str]] | None, optional: bool, **kwargs: Any) -> None:
        super().__init__(widget=PayTableWidget(), required=False, **kwargs)
        self.choices = choices
        self.optional = optional

    def clean(self, value: Any) -> dict[str, str] | None:
        table: dict[str, str] = {}
        labels = dict(self.choices or [])
        for number, (key, ratio) in enumerate(value or [], start=1):
            if not key and not ratio:
                continue
            if not key or not ratio:
                raise forms.ValidationError(f"row {number}: give both the combination and what it pays")
            if self.choices is not None and key not in labels:
                raise forms.ValidationError(f"row {number}: {key!r} is not one of this table's combinations")
            if key in table:
                raise forms.ValidationError(f"row {number}: {labels.get(key, key)} is listed twice")
            try:
                table[key] = _ratio_text(ratio)
            except forms.ValidationError as error:
                raise forms.ValidationError(f"row {number}: {error.messages[0]}") from None
        if not table and not self.optional:
            raise forms.ValidationError(gettext("the table needs at least one row"))
        return table or None


class WholeNumberField(forms.CharField):
    def clean(self, value: Any) -> int | None:
        text = super().clean(value)
        return None if text in ("", None) else _whole_number(text)


class RatioField(forms.CharField):
    def clean(self, value: Any) -> str | None:
        text = super().clean(value)
        return None if text in ("", None) else _ratio_text(text)


def _hints(cls: type[HouseRules]) -> dict[str, Any]:
    return _hints_of(typing.cast(Hashable, cls))  # classes hash by identity


@functools.cache
def _hints_of(cls: Hashable) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _unwrap_optional(hint: Any) -> tuple[Any, bool]:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        (inner,) = [arg for arg in args if arg is not type(None)]
        return inner, True
    return hint, False


def setting_field(rules_cls: type[HouseRules], name: str) -> forms.Field:
    """The form field of one setting, by its type."""
    kind, optional = _unwrap_optional(_hints(rules_cls)[name])
    text = presenters.setting_text(rules_cls, name)
    common: dict[str, Any] = {"label": text.label, "help_text": text.help}
    if kind is bool:
        if optional:
            return forms.TypedChoiceField(
                choices=[("", "Not set"), ("true", "Yes"), ("false", "No")],
                coerce=lambda v: v == "true",
                empty_value=None,
                required=False,
                **common,
            )
        return forms.BooleanField(required=False, **common)
    if kind is PayTable:
        return PayTableField(choices=presenters.key_choices(name), optional=optional, **common)
    if kind is int:
        return WholeNumberField(required=not optional, max_length=100, **common)
    if kind is Ratio:
        return RatioField(required=not optional, max_length=100, **common)
    text_choices = presenters.text_choices(name) if kind is str else None
    if text_choices is not None:
        blank = [("", "Not set")] if optional else []
        return forms.ChoiceField(choices=[*blank, *text_choices], required=not optional, **common)
    if kind in (str, Decimal):  # amounts are read by the engine (games.money.parse_money)
        return forms.CharField(required=not optional, max_length=400, **common)
    raise TypeError(f"no form field for the setting {name} of type {kind!r}")  # a programming error


def initial_values(rules: HouseRules) -> dict[str, Any]:
    """A rule set's values as the form shows them (the JSON form; a pay table as rows)."""
    return {key: ("" if value is None else value) for key, value in rules.to_mapping().items()}


class RuleValuesForm(forms.Form):
    """Every setting of one game; ``rules`` holds the engine's value once valid."""

    def __init__(self, rules_cls: type[HouseRules], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules_cls = rules_cls
        self.rules: HouseRules | None = None
        for field in dataclasses.fields(rules_cls):
            if field.init:
                self.fields[field.name] = setting_field(rules_cls, field.name)

    def rule_id(self, name: str) -> str:
        return presenters.setting_text(self.rules_cls, name).rule_id

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        mapping = {name: None if cleaned.get(name) == "" else cleaned.get(name) for name in self.fields}
        try:
            self.rules = self.rules_cls.from_mapping(mapping)
        except RuleSetError as error:
            self.add_error(error.setting if error.setting in self.fields else None, error.message)
        return cleaned

    def values_to_store(self, previous: Mapping[str, Any]) -> dict[str, Any]:
        """What the rule set stores: the settings that differ from the RULES.md defaults,
        and those it had set before (kept, even at the default's value)."""
        assert self.rules is not None, "values_to_store() after is_valid()"
        entered = self.rules.to_mapping()
        defaults = self.rules_cls().to_mapping()
        return {key: value for key, value in entered.items() if key in previous or value != defaults[key]}


class ChangeForm(forms.Form):
    """Why and from when (every change), and for a new rule set its name, slug and property."""

    reason = forms.CharField(
        label=gettext_lazy("Reason for the change"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Who asked for it, or why: kept with the change."),
    )
    effective_from = forms.DateField(
        label=gettext_lazy("Effective from"),
        help_text=gettext_lazy("The day the change applies."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    name = forms.CharField(label=gettext_lazy("Name of the rule set"), max_length=120)
    is_default = forms.BooleanField(
        label=gettext_lazy("The property's rules for this game"), required=False,
        help_text=gettext_lazy(
            "Ticked: trainees are drilled, dealt and examined on these rules once another staff member "
            "signs the change off (the one ticked before stops being it then, and trainees are assigned "
            "what changed)."
        ),
    )

    def __init__(self, *args: Any, rule_set: RuleSet, properties: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "change")
        initial = {"effective_from": timezone.localdate(), "name": rule_set.name, "is_default": rule_set.is_default}
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        self.is_new = rule_set.pk is None
        if self.is_new:
            self.fields["slug"] = forms.SlugField(
                label=gettext_lazy("Short name (slug)"), max_length=80,
                help_text=gettext_lazy('Names the rule set in the rulings door, such as "main-floor-blackjack".'),
            )
            if properties is not None:
                self.fields["property"] = forms.ModelChoiceField(queryset=properties, label=gettext_lazy("Property"))

    def apply_to(self, rule_set: RuleSet) -> None:
        """Put the name (and, new, the slug and property) on ``rule_set``; nothing is saved."""
        rule_set.name = self.cleaned_data["name"]
        if self.is_new:
            rule_set.slug = self.cleaned_data["slug"]
            chosen = self.cleaned_data.get("property")
            if isinstance(chosen, Property):
                rule_set.property = chosen


@dataclass(frozen=True)
class TableRow:
    key: str
    ratio: str


@dataclass(frozen=True)
class FieldView:
    """One setting as the editor shows it: ``kind`` is ``bool``, ``table`` or ``input``
    (a text box or a select); a table has its ``rows`` and one blank row more."""

    field: BoundField
    rule_id: str
    kind: str
    rows: list[TableRow]
    key_choices: list[tuple[str, str]] | None


def field_views(form: RuleValuesForm) -> list[FieldView]:
    views = []
    for bound in form:
        field = bound.field
        rows: list[TableRow] = []
        choices = None
        if isinstance(field, PayTableField):
            kind = "table"
            rows = [TableRow(key, ratio) for key, ratio in table_rows(bound.value())]
            if field.choices and not form.is_bound:  # stored tables in the order of their combinations
                order = [key for key, _label in field.choices]
                rows.sort(key=lambda row: order.index(row.key) if row.key in order else len(order))
            rows.append(TableRow("", ""))  # without script, the spare row adds one
            choices = field.choices
        else:
            kind = "bool" if isinstance(field, forms.BooleanField) else "input"
        views.append(FieldView(bound, form.rule_id(bound.name), kind, rows, choices))
    return views
