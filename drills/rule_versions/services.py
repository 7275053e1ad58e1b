"""Writes of rule-set versions: propose, sign off, reject, and apply the versions that are due.

Decisions (issue 16, item 3):

* **One proposal at a time.** While a version of a rule set waits for sign-off, another
  proposal for it is refused (naming the waiting version): it must be signed off or
  rejected first. No proposal silently replaces another one that someone may be reviewing;
  the database holds this too (a partial unique constraint).
* A proposal that changes nothing against the version in force, or against the latest
  signed-off one (a scheduled version), is refused.
* An effective date is today or later, and not before the latest signed-off version's:
  versions take effect in their number order.
* The author may reject (withdraw) their own proposal but never sign it off.
* A signed-off version takes effect on its effective date, or at sign-off if that date has
  passed: ``apply_due_versions`` copies its values to ``RuleSet.values`` and marks the
  versions it replaces superseded. It runs when a rule set is read for a new drill, round or
  exam (``rule_set_in_force``), at sign-off, and hourly from Celery beat.
* **A change of default is a proposal too.** Which rule set is the property's rules for a
  game decides what trainees are drilled, dealt and examined under, so making one the
  default is a version of it carrying ``becomes_default`` (with or without new values),
  applied by the same sign-off and ``apply_due_versions`` path: the old default stops being
  it in the same transaction, and the trainees are assigned what changed once committed.
  This holds for a new rule set too, even for a game with no default yet: the trainees then
  move from the RULES.md defaults to its values, which is a change of their rules as well,
  and one path for every change of default is simpler to trust than an exception.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from drills import access
from drills.models import Property, RuleSet, User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.selectors import TOOK_EFFECT, version_in_force
from drills.selectors import default_rule_set
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.registry import default_rules, rules_class

BEFORE_VERSIONS = "The rule set's values before versions (recorded when versions began)."
CREATED = "The rule set's first values, when it was created."


class VersionError(Exception):
    """A refused proposal, sign-off or rejection; ``field`` names what was wrong; ``code``
    ``"unchanged"``: the proposal changes nothing."""

    def __init__(self, field: str, message: str, code: str = "") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.code = code


def canonical_values(game: str, values: object) -> dict[str, Any]:
    """The values as ``RuleSet`` stores them: validated by the engine, only the keys given,
    each in its canonical JSON form. Raises :class:`VersionError` naming the setting."""
    if not isinstance(values, dict):
        raise VersionError("values", "must be an object of setting: value")
    try:
        canonical = rules_class(game).from_mapping(values).to_mapping()
    except RuleSetError as error:
        raise VersionError(error.setting, error.message) from None
    return {key: canonical[key] for key in values}


def _rules(game: str, values: dict[str, Any]) -> dict[str, Any]:
    return rules_class(game).from_mapping(values).to_mapping()


def first_version(rule_set: RuleSet, *, author: User | None = None, reason: str = CREATED) -> RuleSetVersion:
    """Version 1 of a new rule set, in force from today (nothing to sign off: there is
    nothing before it). Idempotent: the existing version 1 if there is one."""
    now = timezone.now()
    version, _ = RuleSetVersion.objects.get_or_create(
        rule_set=rule_set,
        number=1,
        defaults={
            "values": rule_set.values,
            "effective_from": timezone.localdate(),
            "reason": reason,
            "status": VersionStatus.SIGNED_OFF,
            "proposed_by": author,
            "proposed_at": now,
            "signed_off_at": now,
        },
    )
    return version


def record_creation(rule_set: RuleSet, *, author: User, reason: str) -> RuleSetVersion:
    """Who created a new rule set and why, on its version 1 (made when it was saved)."""
    version = first_version(rule_set)
    RuleSetVersion.objects.filter(pk=version.pk, proposed_by__isnull=True).update(
        proposed_by=author, reason=reason.strip() or version.reason
    )
    version.refresh_from_db()
    return version


def _switch_waiting(rule_set: RuleSet) -> bool:
    """A signed-off version makes it the default on a date still to come."""
    return RuleSetVersion.objects.filter(
        rule_set=rule_set, becomes_default=True, made_default_at__isnull=True, status__in=TOOK_EFFECT
    ).exists()


def _check_proposal(locked: RuleSet, canonical: dict[str, Any], effective_from: date, becomes_default: bool) -> None:
    versions = RuleSetVersion.objects.filter(rule_set=locked)
    pending = versions.filter(status=VersionStatus.PENDING).first()
    if pending is not None:
        raise VersionError(
            "rule_set", f"version {pending.number} is waiting for sign-off: sign it off or reject it first"
        )
    latest = versions.filter(status__in=TOOK_EFFECT).order_by("-number").first()
    in_force = version_in_force(locked)
    new_rules = _rules(locked.game, canonical)
    for basis, what in ((in_force, "in force"), (latest, "signed off")):
        if basis is not None and _rules(locked.game, basis.values) == new_rules and not becomes_default:
            raise VersionError(
                "values", f"these are the rules of version {basis.number} ({what}): nothing changes", "unchanged"
            )
    if latest is not None and effective_from < latest.effective_from:
        raise VersionError(
            "effective_from",
            f"must be on or after {latest.effective_from:%d %b %Y}, when version {latest.number} takes effect",
        )


def propose_version(
    rule_set: RuleSet, values: object, *, author: User, reason: str, effective_from: date,
    becomes_default: bool = False,
) -> RuleSetVersion:
    """A new pending version of ``rule_set``; ``becomes_default``: it is to become the
    property's rules for its game when it takes effect (ignored when it is them already or a
    signed-off version makes it them). Raises :class:`VersionError` naming the field."""
    if not access.may_change_rule_set(author, rule_set):
        raise VersionError("author", "only staff of the rule set's property may propose a change")
    reason = (reason or "").strip()
    if not reason:
        raise VersionError("reason", "say why the rules change")
    if not isinstance(effective_from, date):
        raise VersionError("effective_from", "must be a date")
    if effective_from < timezone.localdate():
        raise VersionError("effective_from", "must be today or later: a change cannot take effect in the past")
    canonical = canonical_values(rule_set.game, values)
    try:
        with transaction.atomic():
            locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)  # numbers in order
            if not RuleSetVersion.objects.filter(rule_set=locked).exists():
                first_version(locked, reason=BEFORE_VERSIONS)
            becomes_default = becomes_default and not locked.is_default and not _switch_waiting(locked)
            _check_proposal(locked, canonical, effective_from, becomes_default)
            number = (RuleSetVersion.objects.filter(rule_set=locked).aggregate(n=Max("number"))["n"] or 0) + 1
            return RuleSetVersion.objects.create(
                rule_set=locked,
                number=number,
                values=canonical,
                effective_from=effective_from,
                reason=reason,
                proposed_by=author,
                proposed_at=timezone.now(),
                becomes_default=becomes_default,
            )
    except IntegrityError:  # a concurrent proposal won the number or the one pending place
        raise VersionError("rule_set", "another change was proposed at the same moment: reload and look") from None


def _decide(version: RuleSetVersion, **changes: Any) -> RuleSetVersion:
    """Move a pending version on, once: a conditional update, so two staff members deciding
    at the same moment decide once (the second is refused)."""
    updated = RuleSetVersion.objects.filter(pk=version.pk, status=VersionStatus.PENDING).update(**changes)
    version.refresh_from_db()
    if not updated:
        raise VersionError("version", f"version {version.number} is {version.get_status_display().lower()} already")
    return version


def sign_off(version: RuleSetVersion, *, by: User) -> RuleSetVersion:
    """Sign off a pending version (a second staff member of the property, never its author).
    It takes effect at once if its effective date has come."""
    rule_set = version.rule_set
    if by.pk is not None and by.pk == version.proposed_by_id:
        raise VersionError("by", "you proposed this change: a second staff member must sign it off")
    if not access.may_sign_off(by, rule_set, version.proposed_by_id):
        raise VersionError("by", "only staff of the rule set's property may sign off its changes")
    with transaction.atomic():
        # The rule set's row first, as every writer of its versions does: one lock order.
        RuleSet.objects.select_for_update().filter(pk=rule_set.pk).first()
        _decide(version, status=VersionStatus.SIGNED_OFF, signed_off_by=by, signed_off_at=timezone.now())
        apply_due_versions(rule_set)
    return version


def reject(version: RuleSetVersion, *, by: User, reason: str) -> RuleSetVersion:
    """Reject a pending version, saying why (its author may withdraw it this way)."""
    if not access.may_change_rule_set(by, version.rule_set):
        raise VersionError("by", "only staff of the rule set's property may reject its changes")
    reason = (reason or "").strip()
    if not reason:
        raise VersionError("reason", "say why the change is rejected")
    return _decide(
        version, status=VersionStatus.REJECTED, rejected_by=by, rejected_at=timezone.now(), rejection_reason=reason
    )


def apply_due_versions(rule_set: RuleSet, today: date | None = None) -> RuleSetVersion | None:
    """Make ``rule_set.values`` the values of the version in force today (and mark the
    signed-off versions it replaces superseded); returns that version. One query when
    nothing is due."""
    today = today or timezone.localdate()
    due = list(
        RuleSetVersion.objects.filter(rule_set=rule_set, status=VersionStatus.SIGNED_OFF, effective_from__lte=today)
        .order_by("-number")[:2]
    )
    if len(due) == 1 and due[0].values == rule_set.values and not _switch_due(due[0]):
        return due[0]
    with transaction.atomic():
        locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
        if not RuleSetVersion.objects.filter(rule_set=locked).exists():
            in_force: RuleSetVersion | None = first_version(locked, reason=BEFORE_VERSIONS)
        else:
            in_force = version_in_force(locked, today)
        if in_force is None:
            return None
        RuleSetVersion.objects.filter(
            rule_set=locked, status=VersionStatus.SIGNED_OFF, number__lt=in_force.number
        ).update(status=VersionStatus.SUPERSEDED)
        if locked.values != in_force.values:
            replaced = _version_with(locked, locked.values, below=in_force.number)
            locked.values = in_force.values
            locked.save(update_fields=["values", "updated_at"])
            if locked.is_default and replaced is not None:  # once per change: under the row's lock
                _queue_adoption(in_force.pk, replaced.pk)
        _make_default_if_due(locked, today)
    rule_set.values, rule_set.is_default = in_force.values, locked.is_default
    return in_force


def _switch_due(version: RuleSetVersion) -> bool:
    return version.becomes_default and version.made_default_at is None


def _make_default_if_due(locked: RuleSet, today: date) -> None:
    """Apply a signed-off ``becomes_default`` whose date has come (``locked``: the rule set's
    row, locked, its values those in force): the previous default stops being it, this one
    becomes it, and the trainees are assigned what changed, comparing the old default's
    values with these, once committed."""
    switch = (
        RuleSetVersion.objects.filter(
            rule_set=locked, becomes_default=True, made_default_at__isnull=True, status__in=TOOK_EFFECT,
            effective_from__lte=today,
        ).select_related("signed_off_by").order_by("-number").first()
    )
    if switch is None:
        return
    RuleSetVersion.objects.filter(pk=switch.pk).update(made_default_at=timezone.now())
    if locked.is_default:
        return
    previous = (
        RuleSet.objects.select_for_update()
        .filter(property_id=locked.property_id, game=locked.game, is_default=True).first()
    )
    old_values: dict[str, Any] = {}
    if previous is not None:
        apply_due_versions(previous, today)
        old_values = previous.values if isinstance(previous.values, dict) else {}
        RuleSet.objects.filter(pk=previous.pk).update(is_default=False, updated_at=timezone.now())
    locked.is_default = True
    try:
        with transaction.atomic():
            locked.save(update_fields=["is_default", "updated_at"])
    except IntegrityError:
        raise VersionError(
            "is_default", "another rule set is already the property's rules for this game: reload and try again"
        ) from None
    if _rules(locked.game, old_values) != _rules(locked.game, locked.values):
        _queue_default_adoption(locked, old_values, switch.signed_off_by)


def apply_due_to(rule_sets: Iterable[RuleSet], today: date | None = None) -> None:
    """:func:`apply_due_versions` for rule sets read together (a dashboard, an availability
    check): one query when nothing is due (each one's latest due signed-off version already
    holds its values); only the rule sets with something to apply are applied one by one."""
    rule_sets = list(rule_sets)
    if not rule_sets:
        return
    today = today or timezone.localdate()
    due: dict[int, list[object]] = {rule_set.pk: [] for rule_set in rule_sets}
    switching: set[int] = set()
    rows = RuleSetVersion.objects.filter(
        rule_set_id__in=list(due), status=VersionStatus.SIGNED_OFF, effective_from__lte=today
    ).values_list("rule_set_id", "values", "becomes_default", "made_default_at")
    for rule_set_id, values, becomes_default, made_default_at in rows:
        due[rule_set_id].append(values)
        if becomes_default and made_default_at is None:
            switching.add(rule_set_id)
    for rule_set in rule_sets:
        if len(due[rule_set.pk]) != 1 or due[rule_set.pk][0] != rule_set.values or rule_set.pk in switching:
            apply_due_versions(rule_set, today)


NOT_UNSET = "choose another rule set as the property's rules for this game instead: this one stays until then"


def _queue_default_adoption(rule_set: RuleSet, old_values: dict[str, Any], by: User | None) -> None:
    from drills.what_changed.services import rules_adopted

    property, game, new_values = rule_set.property, rule_set.game, dict(rule_set.values)
    transaction.on_commit(lambda: rules_adopted(property=property, game=game, old_values=old_values,
                                                new_values=new_values, assigned_by=by))


def _version_with(rule_set: RuleSet, values: object, *, below: int) -> RuleSetVersion | None:
    """The latest version before number ``below`` that took effect with these values (the one
    a change replaces)."""
    earlier = RuleSetVersion.objects.filter(rule_set=rule_set, status__in=TOOK_EFFECT, number__lt=below)
    return next((v for v in earlier.order_by("-number") if v.values == values), None)


def _queue_adoption(version_id: int, replaced_id: int) -> None:
    from drills.rule_versions.tasks import announce_adoption

    transaction.on_commit(lambda: announce_adoption.delay(version_id, replaced_id))


def announce_adoption(version_id: int, replaced_id: int) -> bool:
    """The property adopted a version of its default rule set in place of another: every
    trainee of it is assigned the game's "what changed" drill, unless that was done already
    (a task delivered twice). True when an assignment was made."""
    from drills.what_changed.models import AssignedChange, ChangeReason
    from drills.what_changed.services import rules_adopted

    version = RuleSetVersion.objects.select_related("rule_set", "rule_set__property", "signed_off_by").get(
        pk=version_id
    )
    before = RuleSetVersion.objects.get(pk=replaced_id)
    rule_set = version.rule_set
    new_values = rules_class(rule_set.game).from_mapping(version.values).to_mapping()
    done = AssignedChange.objects.filter(
        property=rule_set.property, game=rule_set.game, reason=ChangeReason.VERSION, new_values=new_values,
        created_at__gte=version.signed_off_at or version.proposed_at,
    )
    if done.exists():
        return False
    assignment = rules_adopted(
        property=rule_set.property, game=rule_set.game, old_values=before.values, new_values=version.values,
        assigned_by=version.signed_off_by,
    )
    return assignment is not None


def apply_all_due(today: date | None = None) -> int:
    """Apply every version that is due (the beat task); returns how many rule sets changed."""
    today = today or timezone.localdate()
    changed = 0
    ids = RuleSetVersion.objects.filter(status=VersionStatus.SIGNED_OFF, effective_from__lte=today).values_list(
        "rule_set_id", flat=True
    )
    for rule_set in RuleSet.objects.filter(pk__in=set(ids)):
        before = (rule_set.values, rule_set.is_default)
        apply_due_versions(rule_set, today)
        changed += (rule_set.values, rule_set.is_default) != before
    return changed


@dataclass(frozen=True)
class InForce:
    """The rules a new drill, round or exam runs under, and where they come from."""

    rule_set: RuleSet | None
    version: RuleSetVersion | None
    rules: HouseRules


def rule_set_in_force(property: Property | None, game: str) -> InForce:
    """The property's default rule set for ``game`` with its due versions applied, the
    version in force and its rules (the RULES.md defaults when it has none). Raises
    :class:`games.errors.RuleSetError` when the stored values no longer validate."""
    _apply_due_switches(property, game)
    rule_set = default_rule_set(property, game)
    if rule_set is None:
        return InForce(None, None, default_rules(game))
    version = apply_due_versions(rule_set)
    return InForce(rule_set, version, rule_set.as_rules())


def _apply_due_switches(property: Property | None, game: str) -> None:
    """A signed-off change of the property's default for ``game`` whose date has come takes
    effect before the rules are read (one query when there is none)."""
    if property is None:
        return
    waiting = RuleSetVersion.objects.filter(
        rule_set__property=property, rule_set__game=game, becomes_default=True, made_default_at__isnull=True,
        status=VersionStatus.SIGNED_OFF, effective_from__lte=timezone.localdate(),
    ).select_related("rule_set")
    for version in waiting:
        apply_due_versions(version.rule_set)
