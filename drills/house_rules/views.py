"""The house-rules editor's pages: the list, a new rule set, the editor, the math panel.

Who may use them is :mod:`drills.access`'s decision: property staff (their property's rule
sets) and superusers (all); anyone else signed in gets a 403, a rule set of another
property is a 404, and an anonymous visitor is sent to sign in.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from drills import access
from drills.house_rules import presenters
from drills.house_rules.forms import ChangeForm, RuleValuesForm, field_views, initial_values
from drills.house_rules.services import submit_rule_set_change
from drills.models import Property, RuleSet
from drills.pages.guards import property_staff_only, signed_in
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.presenters import default_text
from drills.rule_versions.selectors import pending_version
from games.errors import RuleSetError
from games.house_math import house_math
from games.house_rules import HouseRules
from games.registry import GAMES, UnknownGameError, rules_class

_user = signed_in


house_rules_staff = property_staff_only("Only staff may edit house rules.")


def _rules_class(game: str) -> type[HouseRules]:
    try:
        return rules_class(game)
    except (UnknownGameError, ImportError):
        raise Http404("No such game.") from None


@house_rules_staff
@require_http_methods(["GET", "HEAD"])
def rule_set_list(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    context = {
        "rule_sets": access.editable_rule_sets(user),
        "games": [(slug, gettext(name)) for slug, (name, _path) in GAMES.items()],
        "may_add": access.house_rule_properties(user).exists(),
        "show_property": user.is_superuser,
    }
    return render(request, "house_rules/list.html", context)


@house_rules_staff
@require_http_methods(["GET", "HEAD", "POST"])
def new_rule_set(request: HttpRequest, game: str) -> HttpResponse:
    user = _user(request)
    rules_cls = _rules_class(game)
    properties = access.house_rule_properties(user)
    if not properties.exists():
        raise PermissionDenied("Only staff of a property may add its rule sets.")
    # The suggested name in the staff member's language; what they save is kept as written.
    rule_set = RuleSet(game=game, name=gettext("{game} rules").format(game=gettext(GAMES[game][0])))
    if not user.is_superuser:
        rule_set.property = properties.get()
    return _editor(request, rule_set, rules_cls, properties if user.is_superuser else None)


@house_rules_staff
@require_http_methods(["GET", "HEAD", "POST"])
def edit_rule_set(request: HttpRequest, slug: str) -> HttpResponse:
    rule_set = get_object_or_404(access.editable_rule_sets(_user(request)), slug=slug)
    return _editor(request, rule_set, _rules_class(rule_set.game), None)


def _editor(
    request: HttpRequest, rule_set: RuleSet, rules_cls: type[HouseRules], properties: QuerySet[Property] | None
) -> HttpResponse:
    stored_error = None
    if request.method == "POST":
        values_form = RuleValuesForm(rules_cls, request.POST)
        change_form = ChangeForm(request.POST, rule_set=rule_set, properties=properties)
        if values_form.is_valid() and change_form.is_valid() and _save(request, rule_set, values_form, change_form):
            return redirect("house-rules:edit", slug=rule_set.slug)
        rules = values_form.rules
    else:
        try:
            rules = rule_set.as_rules()
        except RuleSetError as error:  # stored values the engine no longer accepts
            stored_error = str(error)
            rules = rules_cls()
        values_form = RuleValuesForm(rules_cls, initial=initial_values(rules))
        change_form = ChangeForm(rule_set=rule_set, properties=properties)
    pending = pending_version(rule_set) if rule_set.pk is not None else None
    context = {
        "rule_set": rule_set,
        "game_name": gettext(GAMES[rule_set.game][0]),
        "fields": field_views(values_form),
        "values_form": values_form,
        "change_form": change_form,
        "stored_error": stored_error,
        "pending": pending,
        "pending_default": default_text(pending) if pending is not None else "",
        "panel": _panel(values_form, rules),
    }
    return render(request, "house_rules/edit.html", context, status=400 if request.method == "POST" else 200)


def _save(request: HttpRequest, rule_set: RuleSet, values_form: RuleValuesForm, change_form: ChangeForm) -> bool:
    """Hand the change to the service; a refusal becomes the named field's error."""
    previous = rule_set.values if isinstance(rule_set.values, dict) else {}
    change_form.apply_to(rule_set)
    is_new = rule_set.pk is None
    try:
        version = submit_rule_set_change(
            rule_set,
            values_form.values_to_store(previous),
            author=_user(request),
            reason=change_form.cleaned_data["reason"],
            effective_from=change_form.cleaned_data["effective_from"],
            make_default=change_form.cleaned_data["is_default"],
        )
    except ValidationError as error:
        for field, problems in error.message_dict.items():
            if field in change_form.fields:
                change_form.add_error(field, problems)
            elif field == "values":
                values_form.add_error(None, problems)
            else:
                change_form.add_error(None, problems)
        return False
    messages.success(request, saved_message(rule_set, version, is_new))
    return True


def saved_message(rule_set: RuleSet, version: RuleSetVersion | None, is_new: bool) -> str:
    """What a save did: a new rule set in force, or a version waiting for sign-off (one that
    makes it the property's rules for its game says so)."""
    if version is None or (is_new and not version.becomes_default):
        return gettext("Saved %(name)s.") % {"name": rule_set.name}
    values = {"number": version.number, "name": rule_set.name, "day": date_format(version.effective_from, "j F Y")}
    if version.becomes_default:
        values["default"] = default_text(version)
        return (
            gettext(
                "Saved as version %(number)s of %(name)s (it %(default)s): it takes effect once another staff "
                "member signs it off (Sign-offs), from %(day)s."
            )
            % values
        )
    return (
        gettext(
            "Saved as version %(number)s of %(name)s: it takes effect once another staff member signs it off "
            "(Sign-offs), from %(day)s."
        )
        % values
    )


def _panel(values_form: RuleValuesForm, rules: HouseRules | None) -> dict[str, Any]:
    """The math panel's context: the figures of valid values, else the fields' errors."""
    if (values_form.is_bound and not values_form.is_valid()) or rules is None:
        errors = [
            (values_form.fields[name].label if name in values_form.fields else gettext("Rule set"), message)
            for name, problems in values_form.errors.items()
            for message in problems
        ]
        return {"errors": errors, "math": None}
    return {"errors": [], "math": presenters.math_view(house_math(rules), rules)}


@house_rules_staff
@require_POST
def math_panel(request: HttpRequest, game: str) -> HttpResponse:
    """htmx: the math of the posted (not saved) values, or their errors by field."""
    rules_cls = _rules_class(game)
    values_form = RuleValuesForm(rules_cls, request.POST)
    values_form.is_valid()
    return render(request, "house_rules/_math.html", _panel(values_form, values_form.rules))
