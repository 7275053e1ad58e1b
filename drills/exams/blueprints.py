"""Writes to blueprints: validation against the drill registry, versioning, snapshots.

A version is editable until its first sitting, then frozen. :func:`save_version` updates
the latest version in place while it has no sitting, and otherwise creates the next
version (copy-on-write); saving unchanged content creates nothing. The latest version is
locked ``FOR UPDATE`` while this happens and a start holds ``FOR KEY SHARE`` on it (by
inserting its sitting), so a sitting can never be drawn from a version that changes after.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction

from drills.exams.errors import BlueprintInvalid
from drills.exams.models import Blueprint, BlueprintSection, BlueprintVersion
from drills.kinds.base import Difficulty, UnknownKindError, get_kind
from drills.kinds.what_changed import is_change_kind
from drills.models import User
from drills.rounds import exams as round_exams
from drills.selectors import rules_for
from games.errors import RuleSetError
from games.house_rules import HouseRules

MAX_ITEMS = 200

VERSION_FIELDS = (
    "time_limit_minutes",
    "pass_percent",
    "attempts_allowed",
    "retake_wait_hours",
    "late_credit_percent",
    "review_during_score",
    "review_during_answers",
    "review_during_explanations",
    "review_submit_score",
    "review_submit_answers",
    "review_submit_explanations",
    "review_closed_score",
    "review_closed_answers",
    "review_closed_explanations",
)
REVIEW_PHASES = ("during", "submit", "closed")


@dataclass(frozen=True)
class SectionSpec:
    title: str
    kind: str
    difficulty: str
    count: int
    target_seconds: int | None = None
    min_percent: int | None = None


def section_specs(version: BlueprintVersion) -> list[SectionSpec]:
    return [
        SectionSpec(s.title, s.kind, s.difficulty, s.count, s.target_seconds, s.min_percent)
        for s in version.sections.all()
    ]


def default_settings() -> dict[str, Any]:
    """A new version's settings when nothing is given."""
    fields = {field.name: field for field in BlueprintVersion._meta.concrete_fields}
    return {name: fields[name].get_default() for name in VERSION_FIELDS}


def version_settings(version: BlueprintVersion) -> dict[str, Any]:
    return {name: getattr(version, name) for name in VERSION_FIELDS}


def snapshot(version: BlueprintVersion, sections: Sequence[SectionSpec] | None = None) -> dict[str, Any]:
    """Everything a sitting is drawn and graded from, as JSON (kept with the sitting)."""
    specs = section_specs(version) if sections is None else sections
    blueprint = version.blueprint
    return {
        "blueprint": blueprint.pk,
        "title": blueprint.title,
        "game": blueprint.game,
        "version": version.number,
        **version_settings(version),
        "sections": [{"position": index, **asdict(spec)} for index, spec in enumerate(specs, start=1)],
    }


def validate(
    blueprint: Blueprint,
    settings: Mapping[str, Any],
    sections: Sequence[SectionSpec],
    rules: HouseRules | None = None,
) -> dict[str, str]:
    """Problems with a version's content, by field (``sections.<n>.<field>``, 1-based).
    ``rules``: the property's rules for the game, when the caller has them already."""
    errors: dict[str, str] = {}
    if not sections:
        errors["sections"] = "add at least one section"
    if rules is None:
        try:
            rules = rules_for(blueprint.property, blueprint.game)
        except RuleSetError as error:
            errors["game"] = f"the property's rule set for this game is invalid: {error}"
    for index, spec in enumerate(sections, start=1):
        prefix = f"sections.{index}"
        if round_exams.is_round_skill(spec.kind):  # a table test: deal rounds (drills.rounds)
            if problem := round_exams.section_problem(spec.kind, blueprint.game):
                errors[f"{prefix}.kind"] = problem
            _check_size(errors, prefix, spec)
            continue
        try:
            kind = get_kind(spec.kind)
        except UnknownKindError:
            errors[f"{prefix}.kind"] = f"unknown drill kind {spec.kind!r}"
            continue
        if kind.game != blueprint.game:
            errors[f"{prefix}.kind"] = f"{spec.kind} is a drill of {kind.game}, not of {blueprint.game}"
        elif is_change_kind(kind):
            errors[f"{prefix}.kind"] = f"{spec.kind} drills a rule change assigned to a trainee; it is not examined"
        elif rules is not None and (reason := kind.unavailable_reason(rules)):
            errors[f"{prefix}.kind"] = f"{spec.kind} cannot be drawn under the property's rules: {reason}"
        _check_size(errors, prefix, spec)
    if sum(spec.count for spec in sections) > MAX_ITEMS:
        errors["sections"] = f"at most {MAX_ITEMS} items in an exam"
    if not settings.get("review_closed_score", True):
        errors["review_closed_score"] = "a candidate must learn their result once the exam has closed"
    for phase in REVIEW_PHASES:
        if settings.get(f"review_{phase}_explanations") and not settings.get(f"review_{phase}_answers"):
            errors[f"review_{phase}_explanations"] = "explanations give the right answer away: show the answers too"
    return errors


def _check_size(errors: dict[str, str], prefix: str, spec: SectionSpec) -> None:
    if spec.difficulty not in {d.value for d in Difficulty}:
        errors[f"{prefix}.difficulty"] = "choose easy, normal or hard"
    if not 1 <= spec.count <= 50:
        errors[f"{prefix}.count"] = "from 1 to 50 items"


def _write_sections(version: BlueprintVersion, sections: Sequence[SectionSpec]) -> None:
    version.sections.all().delete()
    BlueprintSection.objects.bulk_create(
        BlueprintSection(version=version, position=index, **asdict(spec)) for index, spec in enumerate(sections, 1)
    )


@dataclass(frozen=True)
class SavedVersion:
    version: BlueprintVersion
    created: bool  # a new version (the latest had sittings, or there was none)
    changed: bool


@transaction.atomic
def save_version(
    blueprint: Blueprint, settings: Mapping[str, Any], sections: Sequence[SectionSpec], by: User | None
) -> SavedVersion:
    """Save a blueprint's content: in place while the latest version has no sitting,
    else as the next version. Raises :class:`BlueprintInvalid` naming the field."""
    unknown = set(settings) - set(VERSION_FIELDS)
    if unknown:
        raise BlueprintInvalid(f"unknown setting {sorted(unknown)[0]!r}", field=sorted(unknown)[0])
    latest = BlueprintVersion.objects.select_for_update().filter(blueprint=blueprint).order_by("-number").first()
    base = version_settings(latest) if latest is not None else default_settings()
    errors = validate(blueprint, {**base, **settings}, sections)
    if errors:
        field, message = next(iter(errors.items()))
        raise BlueprintInvalid(message, field=field)
    if latest is not None:
        current = {**version_settings(latest), "sections": section_specs(latest)}
        wanted = {**version_settings(latest), **settings, "sections": list(sections)}
        if current == wanted:
            return SavedVersion(latest, created=False, changed=False)
        if not latest.sittings.exists():
            for name, value in settings.items():
                setattr(latest, name, value)
            latest.full_clean(exclude=["blueprint", "created_by"])
            latest.save()
            _write_sections(latest, sections)
            return SavedVersion(latest, created=False, changed=True)
    base = version_settings(latest) if latest is not None else {}
    version = BlueprintVersion(
        blueprint=blueprint,
        number=(latest.number + 1) if latest is not None else 1,
        created_by=by,
        **{**base, **settings},
    )
    version.full_clean(exclude=["blueprint", "created_by"])
    version.save()
    _write_sections(version, sections)
    return SavedVersion(version, created=True, changed=True)


@transaction.atomic
def copy_to_new_version(blueprint: Blueprint, by: User | None) -> BlueprintVersion:
    """The admin's way past a frozen version: version N+1 as a copy of the latest, editable
    until its first sitting."""
    latest = BlueprintVersion.objects.select_for_update().filter(blueprint=blueprint).order_by("-number").first()
    if latest is None:
        raise BlueprintInvalid("this blueprint has no version to copy", field="versions")
    sections = section_specs(latest)
    version = BlueprintVersion.objects.create(
        blueprint=blueprint, number=latest.number + 1, created_by=by, **version_settings(latest)
    )
    _write_sections(version, sections)
    return version
