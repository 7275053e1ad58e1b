"""Trainee drill pages: picker, scenario with answer form and feedback, retry, history.

Views are thin: reads in ``drills.practice.selectors``, writes in ``drills.practice.services``.
Nothing in a page before the answer carries the seed or the key: the scenario is
addressed by a random public id and rendered from its public part only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET, require_POST

from drills.kinds.base import (
    AnswerError,
    Difficulty,
    FieldType,
    Scenario,
    UnknownKindError,
    display_answer,
    get_kind,
)
from drills.kinds.messages import say
from drills.kinds.what_changed import is_change_kind
from drills.language import translate
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario
from drills.practice import selectors, services
from drills.rounds.tables.registry import SKILL_PREFIX, is_round_skill
from drills.rounds.views import start as start_round_page
from drills.what_changed.selectors import assigned_change
from games.errors import GameError, RuleSetError
from games.registry import game_name

NO_MISTAKES_LEFT = gettext_noop("No mistakes left to retry: every one has been answered right. Pick a drill below.")
"""Shown through ``gettext`` (a plain string, so pages and tests can look for it)."""


def _user(request: HttpRequest) -> Any:
    return request.user


def _picker_context(request: HttpRequest) -> dict[str, Any]:
    games: dict[str, list[selectors.KindChoice]] = {}
    for choice in selectors.kind_choices(_user(request)):
        games.setdefault(choice.kind.game, []).append(choice)
    return {
        "games": [(game_name(slug), items) for slug, items in games.items()],
        "difficulties": [d.value for d in Difficulty],
        "retry_count": len(selectors.retry_queue(_user(request))),
    }


@login_required
@require_GET
def picker(request: HttpRequest) -> HttpResponse:
    return render(request, "drills/picker.html", _picker_context(request))


@login_required
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    if is_round_skill(request.POST.get("kind", "")):  # "practise" on a dealt-round skill
        post = request.POST.copy()
        post["game"], post["focus"] = request.POST.get("kind", "")[len(SKILL_PREFIX) :], "round"
        post["level"] = post.get("difficulty") or "normal"
        request.POST = post  # type: ignore[assignment]
        return start_round_page(request)
    errors: dict[str, str] = {}
    kind = None
    try:
        kind = get_kind(request.POST.get("kind", ""))
    except UnknownKindError:
        errors["kind"] = gettext("choose a drill from the list")
    family = request.POST.get("family") or None  # a due review: aim at that skill family
    if kind is not None and family is not None and family not in kind.family_codes():
        errors["family"] = gettext("family: {drill} has no such skill family").format(drill=gettext(kind.title))
    difficulty_value = request.POST.get("difficulty", "" if family else Difficulty.NORMAL.value)
    if difficulty_value and difficulty_value not in {d.value for d in Difficulty}:
        errors["difficulty"] = gettext("choose easy, normal or hard")
    mode = request.POST.get("mode", DrillMode.PRACTICE)
    if mode not in {DrillMode.PRACTICE, DrillMode.SPEED}:
        errors["mode"] = gettext("choose practice or speed")
    change = None
    if kind is not None and not errors and request.POST.get("assignment"):  # "Practise" on an assignment
        change = assigned_change(_user(request), request.POST["assignment"], kind.game)
        if change is None and is_change_kind(kind):
            errors["assignment"] = gettext("this rule change is not assigned to you")
    if errors or kind is None:
        return _picker_with_errors(request, errors)
    # A review without a chosen difficulty goes where the family occurs (the service decides).
    difficulty = Difficulty(difficulty_value) if difficulty_value else None
    try:
        stored, _ = services.start_scenario(_user(request), kind, difficulty, mode, family=family, change=change)
    except RuleSetError as error:
        return _picker_with_errors(request, {"kind": say(selectors.rule_set_invalid(error), translate)})
    except GameError as error:
        return _picker_with_errors(request, {"kind": refusal(error)})
    return redirect("drills:scenario", public_id=stored.public_id)


def refusal(error: GameError) -> str:
    """Why a drill was refused, in the reader's language: a kind's refusal is its
    ``unavailable_reason`` (words of the kind, :mod:`drills.kinds.messages`) raised as it is;
    an engine message no catalogue knows reads as written."""
    message = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
    return say(message, translate)


def _picker_with_errors(request: HttpRequest, errors: dict[str, str]) -> HttpResponse:
    context = _picker_context(request) | {"form_errors": errors}
    return render(request, "drills/picker.html", context, status=400)


@login_required
@require_POST
def retry(request: HttpRequest) -> HttpResponse:
    queue = selectors.retry_queue(_user(request))
    if not queue:
        # Reached by Next after answering the last mistake right, or from a picker whose
        # count went stale (Back): the queue is read now, so say so rather than fail.
        messages.info(request, gettext(NO_MISTAKES_LEFT))
        return redirect("drills:list")
    original = queue[0]
    kind = get_kind(original.kind)
    stored, _ = services.start_scenario(
        _user(request),
        kind,
        Difficulty(original.difficulty),
        DrillMode.RETRY,
        seed=original.seed,
        retry_of=original,
    )
    return redirect("drills:scenario", public_id=stored.public_id)


def _scenario_or_404(request: HttpRequest, public_id: str) -> DrillScenario:
    stored = selectors.own_scenario(_user(request), public_id)
    if stored is None:
        raise Http404(gettext("No such drill"))
    return stored


def _field_views(scenario: Scenario, values: dict[str, Any]) -> list[dict[str, Any]]:
    groups = {group.name: group for group in scenario.prompt.cards}
    views = []
    for answer_field in scenario.fields:
        value = values.get(answer_field.name)
        view: dict[str, Any] = {"field": answer_field, "value": value, "type": answer_field.type.value}
        if answer_field.type is FieldType.CARDS:
            chosen = value if isinstance(value, list) else []
            source = groups.get(answer_field.source)
            view["cards"] = [
                {"code": code, "index": index, "checked": code in chosen}
                for index, code in enumerate(source.cards if source else ())
            ]
        views.append(view)
    return views


def _shown_answer(scenario: Scenario, name: str, value: Any) -> str:
    """An answer as the feedback shows it: a choice by its label in the person's language
    (amounts and cards read the same in every language)."""
    shown = display_answer(scenario.fields, name, value)
    choice = any(f.name == name and f.type is FieldType.CHOICE for f in scenario.fields)
    return gettext(shown) if choice and shown else shown


def _attempt_grade(attempt: Attempt, scenario: Scenario) -> dict[str, Any]:
    """What the feedback shows, from the saved attempt (the first answer stands); while the
    attempt is not graded yet, the saved answer and "being graded"."""
    expected = attempt.expected or {}
    labels = {f.name: f.label for f in scenario.fields}
    if attempt.status == AttemptStatus.RECEIVED:
        answer_rows = [
            {"label": f.label, "yours": _shown_answer(scenario, f.name, attempt.answer.get(f.name))}
            for f in scenario.fields
        ]
        return {"grading": True, "answer_rows": answer_rows, "seconds": f"{attempt.time_taken_ms / 1000:.1f}"}
    rows = [
        {
            "label": labels.get(name, name),
            "yours": _shown_answer(scenario, name, attempt.answer.get(name)),
            "expected": _shown_answer(scenario, name, value),
            "right": attempt.answer.get(name) == value,
        }
        for name, value in expected.items()
    ]
    return {
        "correct": attempt.correct,
        "rows": rows,
        "explanation": attempt.explanation_words(),
        "rules": attempt.rules,
        "mistake": attempt.mistake_words(),
        "score": attempt.score,
        "seconds": f"{attempt.time_taken_ms / 1000:.1f}",
    }


def _scenario_context(stored: DrillScenario, scenario: Scenario) -> dict[str, Any]:
    kind = get_kind(stored.kind)
    target = selectors.target_seconds(stored.user, kind)
    return {
        "stored": stored,
        "scenario": scenario,
        "kind": kind,
        "prompt": scenario.prompt,
        "speed": stored.mode == DrillMode.SPEED,
        "target_seconds": target,
        "field_labels": {f.name: f.label for f in scenario.fields},
    }


@login_required
@require_GET
def scenario_page(request: HttpRequest, public_id: str) -> HttpResponse:
    stored = _scenario_or_404(request, public_id)
    if is_round_skill(stored.kind):  # a dealt round's progress record: its replay
        return redirect("rounds:replay", public_id=stored.key.get("round"))
    scenario = services.regenerate(stored)
    context = _scenario_context(stored, scenario)
    attempt = getattr(stored, "attempt", None)
    if attempt is not None:
        attempt = services.grade_if_due(attempt)  # a stranded attempt is graded when read: no beat needed
        context.update({"attempt": attempt, "grade": _attempt_grade(attempt, scenario)})
    else:
        context["fields"] = _field_views(scenario, {})
    return render(request, "drills/scenario.html", context)


def _raw_answer(request: HttpRequest, scenario: Scenario) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for answer_field in scenario.fields:
        if answer_field.type is FieldType.CARDS:
            raw[answer_field.name] = request.POST.getlist(answer_field.name)
        else:
            raw[answer_field.name] = request.POST.get(answer_field.name, "").strip()
    return raw


@login_required
@require_POST
def answer(request: HttpRequest, public_id: str) -> HttpResponse:
    stored = _scenario_or_404(request, public_id)
    scenario = services.regenerate(stored)
    context = _scenario_context(stored, scenario)
    raw = _raw_answer(request, scenario)
    try:
        outcome = services.submit_answer(stored, raw)
    except AnswerError as error:
        context.update({"fields": _field_views(scenario, raw), "errors": error.errors})
        template = "drills/_answer_form.html" if request.htmx else "drills/scenario.html"  # type: ignore[attr-defined]
        # htmx swaps only 2xx responses by default; a full page says 400.
        return render(request, template, context, status=200 if request.htmx else 400)  # type: ignore[attr-defined]
    context.update(
        {
            "attempt": outcome.attempt,
            "grade": _attempt_grade(outcome.attempt, scenario),
            "already_answered": outcome.already_answered,
        }
    )
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "drills/_feedback.html", context)
    return redirect("drills:scenario", public_id=stored.public_id)


@login_required
@require_GET
def history(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.own_attempts(_user(request)), 25).get_page(request.GET.get("page"))
    return render(request, "drills/history.html", {"page": page})
