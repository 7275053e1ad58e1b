"""Pages: home (by role) and the staff's read-only rule-set pages."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from drills import selectors
from drills.exams.selectors import certification_rows
from drills.models import RuleSet
from drills.pages.guards import property_staff_only, signed_in
from drills.pages.nav import STAFF, audience, url_if_exists
from drills.rule_versions.selectors import SettingLine, setting_lines
from games.errors import RuleSetError

_user = signed_in


staff_required = property_staff_only("Only staff may see rule sets.")


@login_required
def home(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    kind = audience(user)
    if kind == STAFF:
        context: dict[str, Any] = {
            "rule_sets": selectors.visible_rule_sets(user),
            "teams": selectors.teams_of_staff(user),
        }
        return render(request, "pages/home_staff.html", context)
    if user.is_supervisor:
        return render(request, "pages/home_supervisor.html", {"teams": selectors.teams_supervised_by(user)})
    # The property and its policies once (the header, progress and learning all use them),
    # the catalogue once (the skills, the house rules, the assignments' skills).
    from drills.progress.selectors import catalogue

    user.property = selectors.property_with_policies(user.property_id)
    kinds = catalogue(user.property)
    context = {
        "games": selectors.games_of(user.property, kinds.rule_sets if user.property else None),
        "teams": selectors.teams_of_member(user),
        "drills_url": url_if_exists("drills:list"),
        # Issue 8: certification status per game and the way to the exams.
        "exams_url": url_if_exists("exams:list"),
        "certifications": certification_rows(user),
    }
    if context["drills_url"]:
        # The next step: the weakest skill (progress) and the mistakes waiting for a retry.
        from drills.practice.selectors import retry_count
        from drills.progress.selectors import trainee_progress

        progress = trainee_progress(user, weakest=1, mistakes=0, trends=False, kinds=kinds)
        weakest = [item for item in progress.weakest if item.skill.registered]
        context["next_skill"] = weakest[0] if weakest else None
        context["retry_count"] = retry_count(user)
        # Issue 15: the families due for review today (shown first) and the assignments.
        from drills.learning.views import trainee_home_context

        mastered = {item.skill.slug for item in progress.skills if item.mastery.mastered}
        context.update(trainee_home_context(user, kinds, mastered))
    return render(request, "pages/home_trainee.html", context)


@staff_required
def rule_set_list(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/rule_sets.html", {"rule_sets": selectors.visible_rule_sets(_user(request))})


@staff_required
def rule_set_detail(request: HttpRequest, slug: str) -> HttpResponse:
    rule_set: RuleSet = get_object_or_404(selectors.visible_rule_sets(_user(request)), slug=slug)
    rows: list[SettingLine] = []
    error = None
    try:
        rows = setting_lines(rule_set.game, rule_set.values)
    except RuleSetError as exc:
        error = str(exc)
    return render(request, "pages/rule_set.html", {"rule_set": rule_set, "rows": rows, "error": error})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and crawlers ask for /favicon.ico whatever a page links: send them the icon.

    Resolved per request, not at import: in production the hashed name comes from the
    static files manifest, which ``collectstatic`` writes after the code is loaded.
    """
    return HttpResponsePermanentRedirect(static("drills/favicon.svg"))
