"""Reads of rule-set versions (writes: ``services``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from drills import access
from drills.house_rules.presenters import key_choices, text_choices
from drills.models import RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from games.house_rules import Change, PayTable, diff, value_text
from games.registry import rules_class
from games.rule_settings import setting_info

TOOK_EFFECT = (VersionStatus.SIGNED_OFF, VersionStatus.SUPERSEDED)


def version_in_force(rule_set: RuleSet, on: date | None = None) -> RuleSetVersion | None:
    """The version in force on ``on`` (default today): signed off by then, its effective
    date come, the highest number of those. ``None`` only for a rule set without versions."""
    on = on or timezone.localdate()
    signed_by_then = Q(signed_off_at__isnull=True) | Q(signed_off_at__date__lte=on)
    return (
        RuleSetVersion.objects.filter(rule_set=rule_set, status__in=TOOK_EFFECT, effective_from__lte=on)
        .filter(signed_by_then)
        .order_by("-number")
        .first()
    )


def versions_of(rule_set: RuleSet) -> QuerySet[RuleSetVersion]:
    """Every version, newest first, with the people who wrote and signed them."""
    return RuleSetVersion.objects.filter(rule_set=rule_set).select_related(
        "proposed_by", "signed_off_by", "rejected_by"
    ).order_by("-number")


def pending_for(user: User) -> QuerySet[RuleSetVersion]:
    """Versions waiting for sign-off in the rule sets ``user`` may change (their own included:
    the page says who else must sign them off)."""
    rule_sets = access.visible_rule_sets(user) if access.is_property_staff(user) else RuleSet.objects.none()
    return (
        RuleSetVersion.objects.filter(status=VersionStatus.PENDING, rule_set__in=rule_sets)
        .select_related("rule_set", "rule_set__property", "proposed_by")
        .order_by("effective_from", "proposed_at")
    )


def pending_version(rule_set: RuleSet) -> RuleSetVersion | None:
    """The version of ``rule_set`` waiting for sign-off, if any (at most one)."""
    return RuleSetVersion.objects.filter(rule_set=rule_set, status=VersionStatus.PENDING).first()


def version_before(version: RuleSetVersion) -> RuleSetVersion | None:
    return RuleSetVersion.objects.filter(rule_set_id=version.rule_set_id, number__lt=version.number).order_by(
        "-number"
    ).first()


@dataclass(frozen=True)
class ChangeRow:
    """One changed setting as a page shows it."""

    label: str
    rule_id: str
    old: str
    new: str


def shown_value(setting: str, value: object, only: set[str] | None = None) -> str:
    """A setting's value as people read it, in their language: a pay table's rows (``only``:
    these) and a house way by their labels, never their keys ("Four of a kind 40:1", not
    "four-of-a-kind 40:1"); yes, no and none translated."""
    if isinstance(value, PayTable):
        keys = key_choices(setting) or []
        labels, order = dict(keys), {key: index for index, (key, _label) in enumerate(keys)}
        entries = sorted(value.entries, key=lambda entry: order.get(entry[0], len(order)))  # pay order
        rows = [(key, ratio) for key, ratio in entries if only is None or key in only]
        return ", ".join(f"{labels.get(key, key)} {ratio}" for key, ratio in rows) or gettext("not paid")
    choices = dict(text_choices(setting) or [])
    if isinstance(value, str) and value in choices:
        return choices[value]
    if value is None or isinstance(value, bool):
        return gettext(value_text(value))  # "yes", "no", "none": message IDs of the engine
    return value_text(value)


@dataclass(frozen=True)
class SettingLine:
    """One setting of a rule set as a page shows it: its label, rule, value and default in
    words, and whether the rule set sets it (else it takes the RULES.md default)."""

    label: str
    rule_id: str
    value: str
    default: str
    set_here: bool


def setting_lines(game: str, values: dict[str, Any]) -> list[SettingLine]:
    """Every setting of ``game`` under the stored ``values`` (the defaults for the rest), in
    the rules class's order, labelled (:mod:`games.rule_settings`) and formatted
    (:func:`shown_value`). Raises ``RuleSetError`` for values the engine refuses."""
    cls = rules_class(game)
    rules, defaults = cls.from_mapping(values), cls()
    lines = []
    for name in rules.to_mapping():
        info = setting_info(game, name)
        value, default = shown_value(name, getattr(rules, name)), shown_value(name, getattr(defaults, name))
        lines.append(SettingLine(gettext(info.label), info.rule_id, value, default, name in values))
    return lines


def _table_keys(old: object, new: object) -> set[str] | None:
    """The rows two pay tables set differently (``None`` unless both are tables)."""
    if not isinstance(old, PayTable) or not isinstance(new, PayTable):
        return None
    before, after = old.to_mapping(), new.to_mapping()
    return {key for key in {*before, *after} if before.get(key) != after.get(key)}


def change_rows(game: str, old_values: dict[str, Any], new_values: dict[str, Any]) -> list[ChangeRow]:
    """What changed between two stored value sets, with labels people read (a pay table:
    only its rows that changed)."""
    cls = rules_class(game)
    old_rules, new_rules = cls.from_mapping(old_values), cls.from_mapping(new_values)
    changes: tuple[Change, ...] = diff(old_rules, new_rules)
    rows = []
    for change in changes:
        before, after = getattr(old_rules, change.setting), getattr(new_rules, change.setting)
        only = _table_keys(before, after)
        label = gettext(setting_info(game, change.setting).label)
        rows.append(ChangeRow(label, change.rule_id,
                              shown_value(change.setting, before, only), shown_value(change.setting, after, only)))
    return rows


def version_label(rule_set_name: str | None, number: int | None, effective: date | None) -> str:
    """"House rules: <name>, version N (effective <date>)", or "before versions" for a record
    made before rule sets had versions."""
    if rule_set_name is None:
        return gettext("House rules: the standard rules (RULES.md defaults)")
    if number is None:
        return gettext("House rules: %(name)s (before versions)") % {"name": rule_set_name}
    if effective is None:
        return gettext("House rules: %(name)s, version %(number)s") % {"name": rule_set_name, "number": number}
    return gettext("House rules: %(name)s, version %(number)s (effective %(day)s)") % {
        "name": rule_set_name,
        "number": number,
        "day": date_format(effective, "d M Y"),
    }
