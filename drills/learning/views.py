"""Pages of the learning sub-app, under /learning/: assignments (supervisors and staff),
certificates expiring soon and revoking (staff), and the context the trainee home, the
trainee progress page and the team dashboard add from here.

Access: supervisors see their teams and members, staff their property, as ``drills.access``
decides (``visible_teams``, ``visible_trainees``, ``team_members``, ``visible_assignments``,
``revocable_certificates``, ``is_team_viewer``, ``is_property_staff``); a trainee asking for
these pages gets 403; anything not visible is 404.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from drills import access
from drills.access import visible_trainees
from drills.exams.models import Certificate
from drills.labels import whole_percent
from drills.learning import selectors, services
from drills.learning.forms import AssignmentForm, RevokeForm
from drills.learning.models import CertificateEvent
from drills.models import Team, User
from drills.progress.selectors import Catalogue, team_for

View = Callable[..., HttpResponse]


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def leaders_only(view: View) -> View:
    """Supervisors, staff and superusers; a trainee gets 403."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = _user(request)
        if not access.is_team_viewer(user):
            raise PermissionDenied("Only supervisors and staff manage assignments and certificates.")
        return view(request, *args, **kwargs)

    return wrapped


# --- context for pages of other sub-apps ----------------------------------------------------


def trainee_home_context(
    user: User, kinds: Catalogue | None = None, mastered: set[str] | None = None
) -> dict[str, Any]:
    """The trainee home's "due today" list and their assignments with progress (``kinds``: the
    catalogue of their property, ``mastered``: the skills they have mastered, when the page
    has them; the learning policy comes with ``user.property`` when it was loaded with it)."""
    assignments = selectors.assignments_of_trainee(user)
    settings = selectors.settings_of(user.property)
    pairs = {(user.pk, slug) for slug in mastered} if mastered is not None else None
    known = selectors.Known(user.property, settings, kinds, {user.pk: user}, pairs) if user.property else None
    # The trainee is an assignee of each of their assignments (named, or on the assigned team
    # as ``drills.access`` counts members): no need to read the assignees back.
    mine = {assignment.pk: {user.pk} for assignment in assignments}
    progress = selectors.assignment_progress(assignments, only={user.pk}, known=known, assignees=mine)
    return {
        "due": selectors.due_today(user, settings=settings),
        "my_assignments": [(item, item.rows[0]) for item in progress if item.rows],
    }


def trainee_memory_context(trainee: User) -> dict[str, Any]:
    """Forecast recall per family for one trainee (their progress page)."""
    settings = selectors.settings_of(trainee.property)
    memories = sorted(
        selectors.family_memories([trainee.pk], settings),
        key=lambda item: (item.recall_then if item.recall_then is not None else 2.0, item.kind, item.family),
    )
    now = timezone.now()
    return {
        "memories": memories,
        "forecast_day": selectors.forecast_horizon(now),
        "desired_retention_percent": whole_percent(100 * settings.desired_retention),
    }


def team_dashboard_context(team: Team) -> dict[str, Any]:
    """Assignments, forgetting forecast, leeches and expiring certificates of a team: a fixed
    number of queries (the team loaded with its property's learning policy: ``team_for``)."""
    now = timezone.now()
    settings = selectors.settings_of(team.property)
    member_ids = access.team_member_ids(team)
    memories = selectors.family_memories(member_ids, settings, now)
    members = {user.pk: user for user in access.team_members(team)}
    names = {pk: user.get_full_name() or user.username for pk, user in members.items()}
    retention = float(settings.desired_retention)
    forgetting = sorted(
        (m for m in memories if m.recall_then is not None and m.recall_then < retention and m.user_id in names),
        key=lambda m: (m.recall_then or 0.0, names[m.user_id]),
    )
    leeches = sorted((m for m in memories if m.leech and m.user_id in names), key=lambda m: -m.memory.lapses)
    known = selectors.Known(team.property, settings, None, members, teams={team.pk: set(members)})
    assignments = selectors.assignment_progress(selectors.assignments_of_team(team), only=set(names), known=known)
    shown = forgetting[:15]
    # Each trainee's link reversed once, not once per row (a panel lists many families each).
    links = {pk: reverse("progress:trainee", args=[pk]) for pk in {m.user_id for m in (*shown, *leeches)}}
    return {
        # Rows of plain values: the template unpacks them instead of resolving attributes.
        "forgetting": [(names[m.user_id], links[m.user_id], m.title, m.recall_then_percent) for m in shown],
        "forgetting_total": len(forgetting),
        "leeches": [(names[m.user_id], links[m.user_id], m.title, m.memory.lapses) for m in leeches],
        "forecast_day": selectors.forecast_horizon(now),
        "team_assignments": assignments,
        "expiring": selectors.expiring_certificates(member_ids),
    }


@leaders_only
def team_panel(request: HttpRequest, team_id: int) -> HttpResponse:
    """The team dashboard's learning panel: a fragment for htmx, else a page of its own."""
    team = team_for(_user(request), team_id)
    if team is None:
        raise Http404("No such team")
    context = {"team": team, **team_dashboard_context(team)}
    template = "learning/_team.html" if getattr(request, "htmx", False) else "learning/team.html"
    return render(request, template, context)


# --- assignments -----------------------------------------------------------------------------


@leaders_only
def assignment_list(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    assignments = selectors.visible_assignments(user)
    people = set(visible_trainees(user).values_list("pk", flat=True))
    return render(
        request,
        "learning/assignments.html",
        {"assignments": selectors.assignment_progress(assignments, only=people)},
    )


@leaders_only
@require_http_methods(["GET", "POST"])
def assignment_new(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    if user.property_id is None:
        raise PermissionDenied("Only people of a property assign work.")
    form = AssignmentForm(request.POST or None, viewer=user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        assignment = services.create_assignment(
            by=user,
            goal=data["goal"],
            due_on=data["due_on"],
            skills=data["skills"],
            blueprint=data["blueprint"],
            team=data["team"],
            trainees=data["trainees"],
            note=data["note"],
        )
        messages.success(request, gettext("Assignment saved."))
        return redirect("learning:assignment", assignment_id=assignment.pk)
    return render(request, "learning/assignment_new.html", {"form": form}, status=400 if form.errors else 200)


@leaders_only
def assignment_detail(request: HttpRequest, assignment_id: int) -> HttpResponse:
    user = _user(request)
    assignment = selectors.visible_assignment(user, assignment_id)  # one, not all
    if assignment is None:
        raise Http404("No such assignment")
    people = set(visible_trainees(user).values_list("pk", flat=True))
    (progress,) = selectors.assignment_progress([assignment], only=people)
    return render(request, "learning/assignment.html", {"item": progress})


# --- certificates -----------------------------------------------------------------------------


@leaders_only
def certificates(request: HttpRequest) -> HttpResponse:
    """Certificates expiring in the next 30 days, those in force (staff revoke any of them, with
    a reason), and the latest revocations (audit trail)."""
    user = _user(request)
    people = visible_trainees(user).values("pk")
    events = (
        CertificateEvent.objects.filter(certificate__candidate__in=people)
        .select_related("certificate", "actor")
        .order_by("-at")[:20]
    )
    may_revoke = access.is_property_staff(user)
    context = {
        "expiring": selectors.expiring_certificates(people),
        "in_force": selectors.certificates_in_force(people) if may_revoke else [],
        "in_force_limit": selectors.IN_FORCE_SHOWN,
        "events": events,
        "may_revoke": may_revoke,
    }
    return render(request, "learning/certificates.html", context)


def _certificate_for_staff(user: User, certificate_id: int) -> Certificate:
    if not access.is_property_staff(user):
        raise PermissionDenied("Only staff revoke certificates.")
    query = access.revocable_certificates(user).select_related("result", "candidate").filter(pk=certificate_id)
    certificate = query.first()
    if certificate is None:
        raise Http404("No such certificate")
    return certificate


@leaders_only
@require_http_methods(["GET", "POST"])
def revoke(request: HttpRequest, certificate_id: int) -> HttpResponse:
    user = _user(request)
    certificate = _certificate_for_staff(user, certificate_id)
    form = RevokeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.revoke(certificate, by=user, reason=form.cleaned_data["reason"])
        if event is None:
            messages.info(request, gettext("That certificate was already revoked."))
        else:
            messages.success(request, gettext("Certificate of %(name)s revoked.") % {"name": certificate.holder_name})
        return redirect("learning:certificates")
    context = {"certificate": certificate, "form": form, "status": certificate.status()}
    return render(request, "learning/revoke.html", context, status=400 if form.errors else 200)
