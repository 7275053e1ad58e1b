"""What a sitting looks like to whoever is asking, per the review policy (pages and API).

Nothing here reveals an answer key, an explanation, a seed or a score unless the policy's
current phase allows it (candidates), or the sitting is over (supervisors and staff).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.utils.translation import gettext

from drills.exams import selectors, services
from drills.exams.models import Sitting, SittingItem, SittingStatus
from drills.exams.policy import Phase, Reveal
from drills.kinds.base import FieldType, Grade, Scenario, get_kind
from drills.language import in_reader_language
from games.reasons import Translate, reasons_from_json


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def section_titles(sitting: Sitting) -> dict[int, str]:
    return {int(s["position"]): str(s["title"]) for s in sitting.blueprint_snapshot["sections"]}


def field_views(scenario: Scenario, values: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Form fields of an item, filled with the saved (or typed) answer."""
    values = values or {}
    groups = {group.name: group for group in scenario.prompt.cards}
    views = []
    for answer_field in scenario.fields:
        value = values.get(answer_field.name)
        view: dict[str, Any] = {"field": answer_field, "value": value, "type": answer_field.type.value}
        if answer_field.type is FieldType.CARDS:
            chosen = value if isinstance(value, list) else []
            source = groups.get(answer_field.source)
            view["cards"] = [{"code": code, "checked": code in chosen} for code in (source.cards if source else ())]
        views.append(view)
    return views


def grade_words(grade: Grade, translate: Translate = gettext) -> tuple[str, str]:
    """The explanation and the diagnosis of a grade in the reader's language."""
    explanation = in_reader_language(grade.reasons, grade.explanation, translate)
    return explanation, in_reader_language(grade.diagnosis, grade.mistake, translate)


def graded_words(graded: dict[str, Any], translate: Translate = gettext) -> tuple[str, str]:
    """The explanation and the diagnosis of a graded item as stored (``SittingResult.items``)
    in the reader's language; an item stored without its reasons keeps its English."""
    explanation, mistake = str(graded.get("explanation") or ""), str(graded.get("mistake") or "")
    return (
        in_reader_language(reasons_from_json(graded.get("reasons")), explanation, translate),
        in_reader_language(reasons_from_json(graded.get("diagnosis")), mistake, translate),
    )


def live_feedback(sitting: Sitting, item: SittingItem, scenario: Scenario, reveal: Reveal) -> dict[str, Any] | None:
    """During the sitting, for an answered (so locked) item, what the policy shows."""
    if not reveal.anything or item.answer is None or not item.locked:
        return None
    grade = get_kind(item.kind).grade(scenario, item.answer, services.sitting_rules(sitting))
    feedback: dict[str, Any] = {}
    if reveal.score:
        feedback.update(correct=grade.correct, score=str(grade.score))
    if reveal.answers:
        feedback["expected"] = dict(grade.expected)
    if reveal.explanations:
        explanation, mistake = grade_words(grade)
        feedback.update(explanation=explanation, rules=list(grade.rules), mistake=mistake or None)
    return feedback


def item_public(sitting: Sitting, item: SittingItem, reveal: Reveal, titles: dict[int, str]) -> dict[str, Any]:
    scenario = services.regenerate_item(sitting, item)
    return {
        "position": item.position,
        "section": titles.get(item.section_position, ""),
        "target_seconds": item.target_seconds,
        **scenario.public_json(),
        "answer": item.answer,
        "answered_at": iso(item.answered_at),
        "locked": item.locked,
        "feedback": live_feedback(sitting, item, scenario, reveal),
    }


def sitting_summary(sitting: Sitting) -> dict[str, Any]:
    return {
        "id": str(sitting.public_id),
        "exam": {"id": sitting.blueprint_id, "title": sitting.blueprint.title, "game": sitting.blueprint.game},
        "version": sitting.version.number,
        "attempt": sitting.attempt_number,
        "status": sitting.status,
        "started_at": iso(sitting.started_at),
        "deadline": iso(sitting.deadline),
        "finished_at": iso(sitting.finished_at),
        "seconds_left": selectors.seconds_left(sitting),
    }


def sitting_detail(sitting: Sitting) -> dict[str, Any]:
    """The sitting as its candidate may see it now (the items during the sitting)."""
    phase, reveal = selectors.reveal(sitting)
    data = sitting_summary(sitting) | {"phase": phase.value}
    if phase is Phase.DURING:
        titles = section_titles(sitting)
        data["items"] = [item_public(sitting, item, reveal, titles) for item in sitting.items.order_by("position")]
    else:
        data["items"] = None
    return data


def review(sitting: Sitting, reveal: Reveal) -> dict[str, Any] | None:
    """The result as the candidate may see it in a phase after the sitting; ``None`` while
    it is being graded."""
    result = selectors.result_of(sitting)
    if result is None:
        return None
    items = []
    for graded in result.items:
        entry: dict[str, Any] = {
            "position": graded["position"],
            "section": graded["section"],
            "answer": graded["answer"],
        }
        if reveal.score:
            entry.update(correct=graded["correct"], points=graded["points"], late=graded["late"])
        if reveal.answers:
            entry["expected"] = graded["expected"]
        if reveal.explanations:
            explanation, mistake = graded_words(graded)
            entry.update(explanation=explanation, rules=graded["rules"], mistake=mistake or None)
        items.append(entry)
    data: dict[str, Any] = {"items": items}
    if reveal.score:
        data.update(
            score_percent=str(result.score_percent),
            pass_percent=sitting.blueprint_snapshot["pass_percent"],
            passed=result.passed,
            sections=result.sections,
        )
    return data


def result_json(sitting: Sitting) -> dict[str, Any]:
    phase, reveal = selectors.reveal(sitting)
    data = sitting_summary(sitting) | {
        "phase": phase.value,
        "shows": {"score": reveal.score, "answers": reveal.answers, "explanations": reveal.explanations},
    }
    data["graded"] = selectors.result_of(sitting) is not None
    data["result"] = review(sitting, reveal) if phase is not Phase.DURING else None
    certificate = getattr(selectors.result_of(sitting), "certificate", None) if reveal.score else None
    data["certificate"] = {"code": certificate.code, "valid": certificate.is_valid} if certificate is not None else None
    return data


def audit(sitting: Sitting) -> dict[str, Any]:
    """The audit record for supervisors and staff: everything, once the sitting is over."""
    data = sitting_summary(sitting) | {
        "candidate": {"id": sitting.candidate_id, "username": sitting.candidate.username},
        "answered": sitting.items.filter(answer__isnull=False).count(),
        "items_total": sitting.items.count(),
    }
    if sitting.status == SittingStatus.OPEN:
        return data  # nothing that helps anyone answer while it runs
    result = selectors.result_of(sitting)
    data.update(
        form_seed=str(sitting.form_seed),
        engine_version=sitting.engine_version,
        blueprint=sitting.blueprint_snapshot,
        rules_values=sitting.rules_values,
        events=[
            {"position": e.position, "answer": e.answer, "saved_at": iso(e.saved_at)}
            for e in sitting.answer_events.order_by("saved_at", "pk")
        ],
        result=None
        if result is None
        else {
            "graded_at": iso(result.graded_at),
            "score_percent": str(result.score_percent),
            "passed": result.passed,
            "sections": result.sections,
            "items": result.items,
            "engine_version": result.engine_version,
        },
    )
    return data
