"""Pages of rule-set versions: the pending sign-offs, a rule set's history, one version with
what it changes, and the sign-off and reject buttons (staff of the property; superusers all)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from drills import access
from drills.models import RuleSet
from drills.pages.guards import property_staff_only, signed_in
from drills.rule_versions import presenters, selectors, services
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from games.errors import RuleSetError
from games.registry import rules_class
from games.rule_settings import SettingInfo, setting_info

_user = signed_in


staff_only = property_staff_only("Only staff see and sign off house rule versions.")


def _rule_set(request: HttpRequest, slug: str) -> RuleSet:
    return get_object_or_404(access.visible_rule_sets(_user(request)), slug=slug)


def _version(request: HttpRequest, slug: str, number: int) -> RuleSetVersion:
    rule_set = _rule_set(request, slug)
    version = get_object_or_404(selectors.versions_of(rule_set), number=number)
    version.rule_set = rule_set
    return version


@require_safe
@staff_only
def pending(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    rows = [
        (version, version.proposed_by_id == user.pk, presenters.default_text(version))
        for version in selectors.pending_for(user)
    ]
    return render(request, "rule_versions/pending.html", {"rows": rows})


@require_safe
@staff_only
def history(request: HttpRequest, slug: str) -> HttpResponse:
    rule_set = _rule_set(request, slug)
    in_force = selectors.version_in_force(rule_set)
    in_force_id = in_force.pk if in_force is not None else None
    rows = [
        {
            "version": version,
            "status": presenters.status_text(version, in_force_id),
            "proposed_by": presenters.person(version.proposed_by),
            "signed_off": presenters.signed_off_text(version),
            "rejection": presenters.decision(version),
            "default_change": presenters.default_text(version),
        }
        for version in selectors.versions_of(rule_set)
    ]
    return render(request, "rule_versions/history.html", {"rule_set": rule_set, "rows": rows})


def _shown_info(game: str, name: str) -> SettingInfo:
    """A setting's label (in the reader's language) and rule ID."""
    info = setting_info(game, name)
    return SettingInfo(gettext(info.label), info.rule_id)


def _detail_context(request: HttpRequest, version: RuleSetVersion) -> dict[str, Any]:
    user = _user(request)
    rule_set = version.rule_set
    before = selectors.version_before(version)
    in_force = selectors.version_in_force(rule_set)
    try:
        changes = selectors.change_rows(rule_set.game, before.values if before else {}, version.values)
        rules = rules_class(rule_set.game).from_mapping(version.values)
        settings = [
            (_shown_info(rule_set.game, name), selectors.shown_value(name, getattr(rules, name)))
            for name in version.values
        ]
        problem = ""
    except RuleSetError as error:  # stored values the engine no longer accepts
        changes, settings, problem = [], [], str(error)
    is_pending = version.status == VersionStatus.PENDING
    return {
        "rule_set": rule_set,
        "version": version,
        "before": before,
        "changes": changes,
        "problem": problem,
        "settings": settings,
        "status": presenters.status_text(version, in_force.pk if in_force else None),
        "proposed_by": presenters.person(version.proposed_by),
        "signed_off": presenters.signed_off_text(version),
        "rejection": presenters.decision(version),
        "default_change": presenters.default_text(version),
        "is_author": version.proposed_by_id == user.pk,
        "can_sign_off": is_pending and access.may_sign_off(user, rule_set, version.proposed_by_id),
        "can_reject": is_pending and access.may_change_rule_set(user, rule_set),
    }


@require_safe
@staff_only
def detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    version = _version(request, slug, number)
    return render(request, "rule_versions/detail.html", _detail_context(request, version))


REFUSAL_STATUS = {"by": 403, "version": 409, "reason": 400}


def _refused(request: HttpRequest, version: RuleSetVersion, error: services.VersionError) -> HttpResponse:
    context = _detail_context(request, version)
    context["error"] = error
    return render(request, "rule_versions/detail.html", context, status=REFUSAL_STATUS.get(error.field, 400))


@require_POST
@staff_only
def sign_off_view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    version = _version(request, slug, number)
    try:
        services.sign_off(version, by=_user(request))
    except services.VersionError as error:
        return _refused(request, version, error)
    if version.effective_from <= timezone.localdate():  # with its default
        when = gettext("It is in force now.")
    else:
        when = gettext("It takes effect on %(day)s.") % {"day": date_format(version.effective_from, "d F Y")}
    signed = gettext("Version %(number)s signed off.") % {"number": version.number}
    messages.success(request, f"{signed} {when}")
    return redirect("rule_versions:detail", slug=slug, number=number)


@require_POST
@staff_only
def reject_view(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    version = _version(request, slug, number)
    try:
        services.reject(version, by=_user(request), reason=request.POST.get("reason", ""))
    except services.VersionError as error:
        return _refused(request, version, error)
    messages.success(request, gettext("Version %(number)s rejected.") % {"number": version.number})
    return redirect("rule_versions:detail", slug=slug, number=number)
