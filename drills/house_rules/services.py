"""Writes of the house-rules editor: every change to a rule set's values goes through
:func:`submit_rule_set_change` (the editor's new and edit pages both call it), and a saved
rule set's values change only as a version a second staff member signs off (issue 16:
:mod:`drills.rule_versions`)."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from drills.models import RuleSet, User
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.services import NOT_UNSET, VersionError, propose_version, record_creation
from games.rule_settings import setting_info

FORM_FIELDS = {"reason", "effective_from", "values", "is_default"}


@transaction.atomic
def submit_rule_set_change(
    rule_set: RuleSet, values: dict[str, Any], *, author: User, reason: str, effective_from: datetime.date,
    make_default: bool | None = None,
) -> RuleSetVersion | None:
    """Save ``rule_set``'s name (new: its slug and property too) and hand ``values`` (the
    settings the property sets, as JSON) to the versions:

    * a new rule set is saved with them as its version 1, in force at once (nothing came
      before it to sign off), ``author`` and ``reason`` recorded on it; asked to be the
      default, it also gets a proposed version 2 that makes it so (returned then);
    * a saved rule set gets a proposed version, in force once a second staff member has
      signed it off and ``effective_from`` has come; ``None`` when the values are those of
      the rules already signed off and only the name changed.

    Raises :class:`django.core.exceptions.ValidationError` naming the field (``values``,
    ``reason``, ``effective_from``, ``slug``...; a version waiting for sign-off: the form's
    own error) when the model, the engine or the versions refuse; nothing is saved then.

    ``make_default``: whether it is to be the property's rules for its game: the proposed
    version carries ``becomes_default`` and the switch waits for the same sign-off as the
    values (it decides what trainees are drilled on: the two-person rule holds for it too;
    this is so for a new rule set as well, see :mod:`drills.rule_versions.services`). ``None``
    or ``False`` for the default itself leaves it; ``False`` cannot unset it.
    """
    if not reason.strip():
        raise ValidationError({"reason": "say why the rules change"})
    if rule_set.pk is None:
        rule_set.values = dict(values)
        rule_set.is_default = False  # made the default below, through the versions
        rule_set.full_clean()
        rule_set.save()
        version = record_creation(rule_set, author=author, reason=reason)
        if not make_default:
            return version
        try:
            return _propose(rule_set, rule_set.values, author, reason, effective_from, True)
        except VersionError as error:
            raise ValidationError({_form_field(rule_set.game, error): error.message}) from None
    stored_name = RuleSet.objects.filter(pk=rule_set.pk).values_list("name", flat=True).get()
    if rule_set.name != stored_name:
        rule_set.full_clean(exclude=["values"])
        rule_set.save(update_fields=["name", "updated_at"])
    if make_default is False and rule_set.is_default:
        raise ValidationError({"is_default": NOT_UNSET})
    try:
        return _propose(rule_set, values, author, reason, effective_from, bool(make_default))
    except VersionError as error:
        if error.code == "unchanged" and rule_set.name != stored_name:
            return None  # a new name, the same rules
        raise ValidationError({_form_field(rule_set.game, error): error.message}) from None


def _propose(
    rule_set: RuleSet, values: dict[str, Any], author: User, reason: str, effective_from: datetime.date,
    becomes_default: bool,
) -> RuleSetVersion:
    return propose_version(
        rule_set, values, author=author, reason=reason, effective_from=effective_from, becomes_default=becomes_default
    )


def _form_field(game: str, error: VersionError) -> str:
    if error.field in FORM_FIELDS:
        return error.field
    if error.field in ("rule_set", "author", "version", "by"):
        return NON_FIELD_ERRORS
    error.message = f"{gettext(setting_info(game, error.field).label)}: {error.message}"
    return "values"
