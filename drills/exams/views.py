"""Exam pages: candidates (list, start, sitting, submit, result, certificate), staff
(blueprints), supervisors and staff (results, CSV, audit), and the public verification page.

Thin views: reads in ``selectors``/``presenters``, writes in ``services``/``blueprints``.
Who may see what: a sitting's pages are its candidate's only (anyone else: 404); results are
for supervisors (their teams' members) and staff (their property); the verification page
is public and shows only what is printed on the certificate.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from drills import access
from drills.exams import blueprints as blueprint_services
from drills.exams import presenters, selectors, services
from drills.exams.certificates import certificate_pdf
from drills.exams.errors import BlueprintInvalid, ExamError, SittingOver, StartRefused, TimeUp
from drills.exams.forms import (
    BlueprintForm,
    ResultsFilter,
    SectionFormSet,
    VersionForm,
    kept_forms,
    section_specs_from,
)
from drills.exams.models import Blueprint, Sitting, SittingItem, SittingStatus
from drills.exams.policy import Phase
from drills.kinds.base import AnswerError, AnswerField, FieldType, Scenario, UnknownKindError, display_answer
from drills.kinds.messages import say
from drills.language import translate
from drills.models import Role, User
from drills.rule_versions.selectors import setting_lines
from games.errors import GameError, RuleSetError
from games.registry import GAMES

View = Callable[..., HttpResponse]


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _role_required(test: Callable[[User], bool], message: str) -> Callable[[View], View]:
    def decorator(view: View) -> View:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not test(_user(request)):
                raise PermissionDenied(message)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


candidate_required = _role_required(access.is_candidate, "Exams are sat by trainees.")
results_required = _role_required(access.is_team_viewer, "Exam results are for supervisors and staff.")
staff_required = _role_required(access.is_property_staff, "Blueprints are managed by staff.")


# --- candidates -----------------------------------------------------------------------------


@candidate_required
@require_GET
def exam_list(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    return render(
        request,
        "exams/list.html",
        {
            "choices": selectors.exam_choices(user),
            "certifications": selectors.certification_rows(user),
        },
    )


def _candidate_blueprint(request: HttpRequest, blueprint_id: int) -> Blueprint:
    blueprint = selectors.candidate_blueprint(_user(request), blueprint_id)
    if blueprint is None:
        raise Http404("No such exam")
    return blueprint


@candidate_required
@require_http_methods(["GET", "POST"])
def start(request: HttpRequest, blueprint_id: int) -> HttpResponse:
    blueprint = _candidate_blueprint(request, blueprint_id)
    if request.method == "POST":
        try:
            outcome = services.start_sitting(_user(request), blueprint)
        except StartRefused as error:
            choice = selectors.exam_choice(_user(request), blueprint)
            return render(request, "exams/start.html", {"choice": choice, "error": error.message}, status=409)
        if outcome.resumed:
            messages.info(request, gettext("You already have this exam open: here it is, with the time you have left."))
        return redirect("exams:sitting", public_id=outcome.sitting.public_id)
    choice = selectors.exam_choice(_user(request), blueprint)
    if choice.open_sitting is not None:
        return redirect("exams:sitting", public_id=choice.open_sitting.public_id)
    return render(request, "exams/start.html", {"choice": choice})


def _own_sitting(request: HttpRequest, public_id: Any) -> Sitting:
    sitting = selectors.own_sitting(_user(request), public_id)
    if sitting is None:
        raise Http404("No such sitting")
    return sitting


def _raw_answer(request: HttpRequest, scenario: Scenario) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for answer_field in scenario.fields:
        if answer_field.type is FieldType.CARDS:
            raw[answer_field.name] = request.POST.getlist(answer_field.name)
        else:
            raw[answer_field.name] = request.POST.get(answer_field.name, "").strip()
    return raw


def _position(request: HttpRequest, total: int) -> int:
    try:
        position = int(request.GET.get("item", "1"))
    except ValueError:
        return 1
    return min(max(position, 1), total)


def _shown_values(item: SittingItem, typed: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the form shows: what was just typed, else the draft (newer than any complete
    answer: a complete answer clears it), else the saved answer."""
    if typed is not None:
        return typed
    shown = item.draft if item.draft is not None else item.answer
    return dict(shown) if isinstance(shown, dict) else None


def _sitting_context(
    request: HttpRequest, sitting: Sitting, position: int, typed: dict[str, Any] | None = None
) -> dict[str, Any]:
    items = list(sitting.items.order_by("position"))
    item = items[position - 1]
    phase, reveal = selectors.reveal(sitting)
    scenario = services.regenerate_item(sitting, item)
    titles = presenters.section_titles(sitting)
    feedback = presenters.live_feedback(sitting, item, scenario, reveal)
    expected_shown = [
        {"label": f.label, "value": f.display(feedback["expected"].get(f.name))}
        for f in scenario.fields
        if feedback is not None and f.name in feedback.get("expected", {})
    ]
    return {
        "sitting": sitting,
        "blueprint": sitting.blueprint,
        "items": items,
        "item": item,
        "position": position,
        "total": len(items),
        "answered": sum(1 for i in items if i.answer is not None),
        "section_title": titles.get(item.section_position, ""),
        "prompt": scenario.prompt,
        "fields": presenters.field_views(scenario, _shown_values(item, typed)),
        "feedback": feedback,
        "expected_shown": expected_shown,
        "field_labels": {f.name: f.label for f in scenario.fields},
        "seconds_left": selectors.seconds_left(sitting),
        "deadline": presenters.iso(sitting.deadline),
        "previous": position - 1 if position > 1 else None,
        "next": position + 1 if position < len(items) else None,
        "phase": phase,
    }


@candidate_required
@require_GET
def sitting_page(request: HttpRequest, public_id: Any) -> HttpResponse:
    sitting = _own_sitting(request, public_id)
    services.close_if_overdue(sitting)
    if sitting.status != SittingStatus.OPEN:
        return redirect("exams:result", public_id=sitting.public_id)
    position = _position(request, sitting.items.count())
    services.mark_shown(sitting, [position])
    return render(request, "exams/sitting.html", _sitting_context(request, sitting, position))


@candidate_required
@require_POST
def save(request: HttpRequest, public_id: Any, position: int) -> HttpResponse:
    """Autosave one item (htmx on change), or save-and-move (the Previous/Next buttons).

    An answer that is not complete yet (one of two amounts, the first card tapped, letters
    in an amount) is saved as a draft and said so inline: an autosave never answers htmx
    with a 4xx/5xx that django-htmx's DEBUG handler would swap in for the whole page.
    """
    sitting = _own_sitting(request, public_id)
    item = sitting.items.filter(position=position).first()
    if item is None:
        raise Http404("No such item")
    htmx = bool(getattr(request, "htmx", False))
    scenario = services.regenerate_item(sitting, item)
    labels = {f.name: f.label for f in scenario.fields}
    raw = _raw_answer(request, scenario)
    go = request.POST.get("go", "")
    target = int(go) if go.isdigit() and 1 <= int(go) <= sitting.items.count() else None
    blank = all(value in ("", []) for value in raw.values())
    if not htmx and target is not None and blank:
        return redirect(f"{reverse('exams:sitting', args=[sitting.public_id])}?item={target}")
    status: dict[str, Any]
    try:
        try:
            status = {"saved": services.save_answer(sitting, position, raw)}
        except AnswerError as error:
            status = {"draft": services.save_draft(sitting, position, raw, error.errors), "last_answer": item}
    except ExamError as error:
        if htmx:
            context = {"refused": error.message, "closed": isinstance(error, (TimeUp, SittingOver))}
            return render(request, "exams/_save_status.html", context | _clock(sitting), status=error.status)
        messages.error(request, gettext("Not saved: %(reason)s.") % {"reason": error.message})
        return redirect("exams:result", public_id=sitting.public_id)
    if htmx:
        return render(request, "exams/_save_status.html", status | {"labels": labels} | _clock(sitting))
    if "draft" in status:
        missing = "; ".join(
            f"{say(labels.get(name, name), translate)}: {' '.join(say(m, translate) for m in msgs)}"
            for name, msgs in status["draft"].missing.items()
        )
        messages.warning(
            request,
            gettext("Item %(position)s is saved as a draft, not complete yet (%(missing)s).")
            % {"position": position, "missing": missing},
        )
    return redirect(f"{reverse('exams:sitting', args=[sitting.public_id])}?item={target or position}")


def _clock(sitting: Sitting) -> dict[str, Any]:
    sitting.refresh_from_db()
    return {"seconds_left": selectors.seconds_left(sitting), "sitting": sitting}


@candidate_required
@require_http_methods(["GET", "POST"])
def submit(request: HttpRequest, public_id: Any) -> HttpResponse:
    sitting = _own_sitting(request, public_id)
    if request.method == "GET":
        services.close_if_overdue(sitting)
        if sitting.status != SittingStatus.OPEN:
            return redirect("exams:result", public_id=sitting.public_id)
        items = list(sitting.items.order_by("position"))
        unanswered = [item.position for item in items if item.answer is None]
        context = {
            "sitting": sitting,
            "total": len(items),
            "answered": len(items) - len(unanswered),
            "unanswered": unanswered,
            "seconds_left": selectors.seconds_left(sitting),
            "deadline": presenters.iso(sitting.deadline),
        }
        return render(request, "exams/submit.html", context)
    try:
        outcome = services.submit_sitting(sitting)
    except TimeUp as error:
        messages.warning(request, error.message)
    else:
        if outcome.already_finished:
            messages.info(request, gettext("This sitting was already over: nothing changed."))
    return redirect("exams:result", public_id=sitting.public_id)


@candidate_required
@require_GET
def result(request: HttpRequest, public_id: Any) -> HttpResponse:
    sitting = _own_sitting(request, public_id)
    services.close_if_overdue(sitting)
    if sitting.status == SittingStatus.OPEN:
        return redirect("exams:sitting", public_id=sitting.public_id)
    phase, reveal = selectors.reveal(sitting)
    review = presenters.review(sitting, reveal)
    items = []
    if review is not None:
        stored = {item.position: item for item in sitting.items.all()}
        titles = presenters.section_titles(sitting)
        for entry in review["items"]:
            item = stored[entry["position"]]
            scenario = services.regenerate_item(sitting, item)
            labels = {f.name: f.label for f in scenario.fields}
            rows = [
                {
                    "label": labels.get(name, name),
                    "yours": display_answer(scenario.fields, name, (entry["answer"] or {}).get(name), translate),
                    "expected": display_answer(scenario.fields, name, entry.get("expected", {}).get(name), translate),
                }
                for name in labels
            ]
            section = titles.get(entry["section"])
            items.append({"entry": entry, "prompt": scenario.prompt, "rows": rows, "section": section})
    result_row = selectors.result_of(sitting)
    certificate = getattr(result_row, "certificate", None) if reveal.score else None
    context = {
        "sitting": sitting,
        "phase": phase,
        "reveal": reveal,
        "review": review,
        "items": items,
        "certificate": certificate,
        "pending": result_row is None,
    }
    template = "exams/_result_body.html" if getattr(request, "htmx", False) else "exams/result.html"
    return render(request, template, context)


def _certificate_for(request: HttpRequest, sitting: Sitting) -> Any:
    certificate = getattr(selectors.result_of(sitting), "certificate", None)
    if certificate is None:
        raise Http404("No certificate for this sitting")
    return certificate


@login_required
@require_GET
def certificate(request: HttpRequest, public_id: Any) -> HttpResponse:
    """The PDF, for its holder (once the policy shows the result) and for the supervisors and
    staff who may see the sitting."""
    user = _user(request)
    sitting = selectors.own_sitting(user, public_id)
    if sitting is not None:
        if not selectors.reveal(sitting)[1].score:
            raise Http404("No certificate to show yet")
    else:
        sitting = selectors.visible_sittings(user).filter(public_id=public_id).first()
        if sitting is None:
            raise Http404("No such sitting")
    cert = _certificate_for(request, sitting)
    verify_url = request.build_absolute_uri(reverse("exams:verify-code", args=[cert.code]))
    response = HttpResponse(certificate_pdf(cert, verify_url), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="certificate-{cert.game}-{cert.exam_date}.pdf"'
    return response


# --- public verification ------------------------------------------------------------------


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("code", "").strip()
    if code:
        return redirect("exams:verify-code", code=code)
    return render(request, "exams/verify.html", {})


@require_GET
def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    certificate = selectors.certificate_by_code(code)
    status = certificate.status() if certificate else None  # valid, expired or revoked
    response = render(
        request,
        "exams/verify.html",
        {"certificate": certificate, "code": code, "status": status},
        status=200 if certificate else 404,
    )
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


# --- supervisors and staff: results ---------------------------------------------------------


def _filtered_sittings(request: HttpRequest) -> tuple[ResultsFilter, Any]:
    user = _user(request)
    form = ResultsFilter(
        request.GET or None, blueprints=selectors.results_blueprints(user), teams=access.visible_teams(user)
    )
    sittings = selectors.visible_sittings(user).order_by("-started_at")
    services.close_overdue_among(sittings)  # the list and the CSV never show an overdue sitting open
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        if data["exam"]:
            sittings = sittings.filter(blueprint_id=data["exam"])
        if data["team"]:
            team = access.visible_teams(user).filter(pk=data["team"]).first()
            sittings = sittings.filter(candidate_id__in=access.team_member_ids(team)) if team else sittings.none()
        if data["status"]:
            sittings = sittings.filter(status=data["status"])
        outcome = data["outcome"]
        if outcome == "passed":
            sittings = sittings.filter(result__passed=True)
        elif outcome == "failed":
            sittings = sittings.filter(result__passed=False)
        elif outcome == "pending":
            sittings = sittings.filter(result__isnull=True)
    return form, sittings


@results_required
@require_GET
def results(request: HttpRequest) -> HttpResponse:
    form, sittings = _filtered_sittings(request)
    if form.is_bound and not form.is_valid():
        return render(request, "exams/results.html", {"form": form, "sittings": [], "rows": []}, status=400)
    user = _user(request)
    people = list(
        selectors.visible_candidates(user).filter(role=Role.TRAINEE).order_by("last_name", "first_name", "username")
    )
    status = selectors.certification_status(people)
    context = {
        "form": form,
        "sittings": list(sittings[:500]),
        "games": [(slug, name) for slug, (name, _path) in GAMES.items()],
        "rows": [(person, [status[person.pk][game] for game in GAMES]) for person in people],
        "query": request.GET.urlencode(),
        "may_revoke": access.is_property_staff(user),  # a certificate's revoke page (drills.learning)
    }
    return render(request, "exams/results.html", context)


CSV_COLUMNS = [
    "candidate",
    "name",
    "exam",
    "game",
    "version",
    "attempt",
    "status",
    "started_at",
    "finished_at",
    "score_percent",
    "passed",
    "sections",
    "certificate",
    "form_seed",
    "engine_version",
]


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@results_required
@require_GET
def results_csv(request: HttpRequest) -> HttpResponse:
    form, sittings = _filtered_sittings(request)
    if form.is_bound and not form.is_valid():
        errors = "; ".join(f"{field}: {' '.join(str(m) for m in msgs)}" for field, msgs in form.errors.items())
        return HttpResponse(f"Bad filter: {errors}\n", status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="exam-results.csv"'
    writer = csv.writer(response)
    writer.writerow(CSV_COLUMNS)
    today = timezone.localdate()
    for sitting in sittings.iterator(chunk_size=500):
        result_row = selectors.result_of(sitting)
        cert = getattr(result_row, "certificate", None) if result_row else None
        finished = sitting.status != SittingStatus.OPEN
        writer.writerow(
            [
                _cell(v)
                for v in (
                    sitting.candidate.username,
                    sitting.candidate.get_full_name(),
                    sitting.blueprint.title,
                    sitting.blueprint.game,
                    sitting.version.number,
                    sitting.attempt_number,
                    sitting.status,
                    presenters.iso(sitting.started_at),
                    presenters.iso(sitting.finished_at),
                    result_row.score_percent if result_row else "",
                    ("yes" if result_row.passed else "no") if result_row else "",
                    "; ".join(f"{s['title']} {s['score_percent']}" for s in result_row.sections) if result_row else "",
                    cert.status(today).value if cert else "",  # valid, expired or revoked
                    sitting.form_seed if finished else "",
                    sitting.engine_version,
                )
            ]
        )
    return response


@results_required
@require_GET
def audit(request: HttpRequest, public_id: Any) -> HttpResponse:
    sitting = selectors.visible_sittings(_user(request)).filter(public_id=public_id).first()
    if sitting is None:
        raise Http404("No such sitting")
    services.close_if_overdue(sitting)
    record = presenters.audit(sitting)
    fields = _fields_by_position(sitting) if sitting.status != SittingStatus.OPEN else {}
    result = record.get("result") or {}
    context = {
        "sitting": sitting,
        "record": record,
        # Answers and keys in words (field and choice labels, card symbols), as the review shows them.
        "audit_items": [
            item
            | {
                "answer_words": _answer_words(fields.get(item["position"], ()), item.get("answer")),
                "expected_words": _answer_words(fields.get(item["position"], ()), item.get("expected")),
            }
            for item in result.get("items", [])
        ],
        "audit_events": [
            event | {"answer_words": _answer_words(fields.get(event["position"], ()), event.get("answer"))}
            for event in record.get("events", [])
        ],
    }
    try:
        context["rules_in_force"] = setting_lines(sitting.blueprint.game, sitting.rules_values or {})
    except RuleSetError:
        context["rules_in_force"] = None  # the page says the stored values no longer read
    return render(request, "exams/audit.html", context)


def _fields_by_position(sitting: Sitting) -> dict[int, Sequence[AnswerField]]:
    """The answer fields of each item of a sitting (regenerated; none for an item whose kind
    no longer regenerates)."""
    fields: dict[int, Sequence[AnswerField]] = {}
    for item in sitting.items.all():
        try:
            fields[item.position] = services.regenerate_item(sitting, item).fields
        except (UnknownKindError, GameError):
            fields[item.position] = ()
    return fields


def _answer_words(fields: Sequence[AnswerField], values: dict[str, Any] | None) -> str:
    """An answer or key as "Outcome Over · Player's net result 25.00" (labels and choices
    in the reader's language); "—" for none."""
    if not values:
        return "—"
    by_name = {f.name: f for f in fields}

    def shown(name: str, value: Any) -> str:
        text = display_answer(fields, name, value)
        known = by_name.get(name)
        return say(text, gettext) if known is not None and known.type is FieldType.CHOICE else text

    # In the fields' order, whatever order the stored JSON keeps its keys in (PostgreSQL's jsonb
    # sorts them: "net" before "outcome"); names the fields do not know last, sorted.
    names = [f.name for f in fields if f.name in values] + sorted(name for name in values if name not in by_name)
    return " · ".join(
        f"{say(by_name[name].label, gettext) if name in by_name else name} {shown(name, values[name])}"
        for name in names
    )


# --- staff: blueprints ------------------------------------------------------------------------


@staff_required
@require_GET
def blueprint_list(request: HttpRequest) -> HttpResponse:
    return render(request, "exams/blueprints.html", {"blueprints": selectors.visible_blueprints(_user(request))})


def _section_initial(version: Any) -> list[dict[str, Any]]:
    return [
        {
            "title": s.title,
            "kind": s.kind,
            "difficulty": s.difficulty,
            "count": s.count,
            "target_seconds": s.target_seconds,
            "min_percent": s.min_percent,
        }
        for s in version.sections.all()
    ]


@staff_required
@require_http_methods(["GET", "POST"])
def blueprint_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """One page for a blueprint and its latest version. Saving changes a version without
    sittings in place and otherwise creates the next version (the page says which)."""
    user = _user(request)
    blueprint = get_object_or_404(selectors.visible_blueprints(user), pk=pk) if pk is not None else None
    if blueprint is None and user.property is None:
        raise PermissionDenied("Blueprints belong to a property: a superuser adds them in the admin.")
    property = blueprint.property if blueprint is not None else user.property
    latest = blueprint.latest_version() if blueprint is not None else None
    data = request.POST if request.method == "POST" else None
    form = BlueprintForm(data, instance=blueprint, property=property, prefix="bp")
    version_form = VersionForm(data, instance=latest, prefix="v")
    formset = SectionFormSet(data, initial=_section_initial(latest) if latest else None, prefix="s")
    status = 200
    if request.method == "POST":
        valid = form.is_valid() and version_form.is_valid() and formset.is_valid()
        if valid:
            draft = form.save(commit=False)
            draft.property = property
            settings = {name: version_form.cleaned_data[name] for name in blueprint_services.VERSION_FIELDS}
            specs = section_specs_from(formset)
            errors = blueprint_services.validate(draft, settings, specs)
            if errors:
                _attach(errors, form, version_form, formset)
                valid = False
            else:
                try:
                    with transaction.atomic():
                        draft.save()
                        saved = blueprint_services.save_version(draft, settings, specs, by=user)
                except BlueprintInvalid as error:  # a concurrent change; shown on the form
                    form.add_error(None, error.message)
                    valid = False
                else:
                    if saved.created and saved.version.number > 1:
                        number = saved.version.number
                        messages.success(
                            request,
                            gettext("Saved as version %(number)s: the previous one has sittings.") % {"number": number},
                        )
                    elif saved.changed:
                        saved_number = {"number": saved.version.number}
                        messages.success(request, gettext("Saved version %(number)s.") % saved_number)
                    else:
                        messages.info(request, gettext("Nothing changed in the exam's content."))
                    return redirect("exams:blueprint-edit", pk=draft.pk)
        status = 400
    context = {
        "blueprint": blueprint,
        "latest": latest,
        "frozen": latest.is_frozen if latest is not None else False,
        "form": form,
        "version_form": version_form,
        "formset": formset,
    }
    return render(request, "exams/blueprint_edit.html", context, status=status)


def _attach(errors: dict[str, str], form: Any, version_form: Any, formset: Any) -> None:
    kept = kept_forms(formset)
    for key, message in errors.items():
        parts = key.split(".")
        if parts[0] == "sections" and len(parts) == 3 and parts[1].isdigit() and int(parts[1]) <= len(kept):
            kept[int(parts[1]) - 1].add_error(parts[2], message)
        elif key in version_form.fields:
            version_form.add_error(key, message)
        elif key in form.fields:
            form.add_error(key, message)
        else:
            form.add_error(None, message)


__all__ = ["Phase"]
