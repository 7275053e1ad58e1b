"""Words for versions: their status, who decided them, and the version a record ran under."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from drills.models import User
from drills.rule_versions.models import RuleSetVersion, VersionStatus
from drills.rule_versions.selectors import version_label


def person(user: User | None) -> str:
    if user is None:
        return "not recorded"
    return user.get_full_name() or user.username


def status_text(version: RuleSetVersion, in_force_id: int | None, today: date | None = None) -> str:
    """"In force", "Scheduled from 12 Mar 2026", "Waiting for sign-off"..."""
    today = today or timezone.localdate()
    if version.status == VersionStatus.SIGNED_OFF:
        if version.pk == in_force_id:
            return "In force"
        if version.effective_from > today:
            return f"Signed off, in force from {version.effective_from:%d %b %Y}"
    return str(version.get_status_display())


def default_text(version: RuleSetVersion) -> str:
    """What a version does to the property's default for its game, in words ("" for nothing):
    "makes this the property's Blackjack rules", or "made this ... on 2 Dec 2026" once done."""
    if not version.becomes_default:
        return ""
    game = str(version.rule_set.get_game_display()).split(" (")[0]  # "Blackjack", not its table details
    if version.made_default_at is not None:
        day = date_format(timezone.localdate(version.made_default_at), "d M Y")
        return gettext("made this the property's %(game)s rules on %(day)s") % {"game": game, "day": day}
    if version.status == VersionStatus.REJECTED:
        return gettext("would have made this the property's %(game)s rules") % {"game": game}
    return gettext("makes this the property's %(game)s rules") % {"game": game}


def signed_off_text(version: RuleSetVersion) -> str:
    """Who signed it off; version 1 needs nobody (nothing came before it)."""
    if version.signed_off_by is not None:
        return person(version.signed_off_by)
    if version.status == VersionStatus.PENDING:
        return "not yet"
    if version.number == 1 and version.proposed_by_id is None and version.signed_off_at is None:
        return "nobody: before versions"
    if version.number == 1:
        return "nobody: the rule set's first values"
    return "—"


@dataclass(frozen=True)
class Decision:
    """The rejection of a version, as a page shows it (None when it was not rejected)."""

    by: str
    at: datetime | None
    reason: str


def decision(version: RuleSetVersion) -> Decision | None:
    if version.status != VersionStatus.REJECTED:
        return None
    return Decision(person(version.rejected_by), version.rejected_at, version.rejection_reason)


def ran_under(record: object) -> str:
    """"House rules: <name>, version N (effective <date>)" for a drill scenario, dealt round
    or exam sitting (anything with ``rule_set``, ``rule_version`` and ``rule_version_number``)."""
    values = getattr(record, "rules_values", None)
    if isinstance(values, dict) and set(values) == {"game", "old", "new"}:  # a "what changed" drill
        return gettext("House rules: the assigned rule change (the old and the new rules)")
    rule_set = getattr(record, "rule_set", None)
    version = getattr(record, "rule_version", None)
    number = getattr(record, "rule_version_number", None)
    if rule_set is None and version is not None:
        rule_set = version.rule_set
    effective = version.in_force_from if version is not None else None
    return version_label(rule_set.name if rule_set is not None else None, number, effective)


def ran_under_short(record: object) -> str:
    """"version N", "before versions" or "standard rules", for a row of a list."""
    number = getattr(record, "rule_version_number", None)
    if number is not None:
        return gettext("version %(number)s") % {"number": number}
    return gettext("before versions") if getattr(record, "rule_set_id", None) is not None else gettext("standard rules")
