"""Reads for exams: what a candidate may sit, whose results a supervisor or staff may see,
what the review policy lets a candidate see now, and certification status."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from drills import access, compiled_sql
from drills.exams.models import Blueprint, BlueprintVersion, Certificate, Sitting, SittingStatus
from drills.exams.policy import Phase, Reveal, phase_of
from drills.exams.services import StartCheck, close_overdue_among, close_overdue_by_id, start_check
from drills.models import Team, User
from games.registry import GAMES, game_name

# --- candidates ---------------------------------------------------------------------------


def candidate_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams a trainee can see (``drills.access.sittable_blueprints``) that have a version."""
    return access.sittable_blueprints(user).filter(versions__isnull=False).distinct().order_by("game", "title")


def candidate_blueprint(user: User, blueprint_id: int) -> Blueprint | None:
    """One exam the trainee can see (one indexed query: the start's hot path). By key, not
    by the model's ordering, which joins the property for its name."""
    has_version = BlueprintVersion.objects.filter(blueprint_id=OuterRef("pk"))
    return access.sittable_blueprints(user).filter(pk=blueprint_id).filter(Exists(has_version)).order_by("pk").first()


@dataclass(frozen=True)
class ExamChoice:
    blueprint: Blueprint
    version: BlueprintVersion | None
    sittings: list[Sitting]
    open_sitting: Sitting | None
    check: StartCheck

    @property
    def item_count(self) -> int:
        return sum(section.count for section in self.version.sections.all()) if self.version else 0


def exam_choice(user: User, blueprint: Blueprint, now: datetime | None = None) -> ExamChoice:
    own = Sitting.objects.filter(candidate=user, blueprint=blueprint)
    close_overdue_among(own)  # an overdue sitting is listed closed, not "In progress"
    now = now or timezone.now()
    sittings = list(own.select_related("result__certificate").order_by("-started_at"))
    open_sitting = next((s for s in sittings if s.status == SittingStatus.OPEN and now < s.deadline), None)
    version = blueprint.latest_version()
    return ExamChoice(blueprint, version, sittings, open_sitting, start_check(blueprint, version, sittings, now))


def exam_choices(user: User) -> list[ExamChoice]:
    now = timezone.now()
    return [exam_choice(user, blueprint, now) for blueprint in candidate_blueprints(user)]


def own_sitting(user: User, public_id: Any) -> Sitting | None:
    """A sitting of the user's own, or None (someone else's is invisible: 404)."""
    return (
        Sitting.objects.filter(candidate=user, public_id=public_id)
        .select_related("blueprint", "version", "candidate")
        .first()
    )


def phase(sitting: Sitting, now: datetime | None = None) -> Phase:
    return phase_of(
        is_open=sitting.status == SittingStatus.OPEN,
        deadline=sitting.deadline,
        closes_at=sitting.blueprint.closes_at,
        now=now or timezone.now(),
    )


def reveal(sitting: Sitting, now: datetime | None = None) -> tuple[Phase, Reveal]:
    current = phase(sitting, now)
    return current, sitting.version.policy.reveal(current)


def seconds_left(sitting: Sitting, now: datetime | None = None) -> int:
    if sitting.status != SittingStatus.OPEN:
        return 0
    return max(0, int((sitting.deadline - (now or timezone.now())).total_seconds()))


def result_of(sitting: Sitting) -> Any:
    return getattr(sitting, "result", None) if sitting.is_finished else None


# --- supervisors and staff ------------------------------------------------------------------


def can_see_results(user: User) -> bool:
    return access.is_team_viewer(user)


def visible_candidates(user: User) -> QuerySet[User]:
    """Trainees whose exams the user may see (``drills.access``)."""
    return access.visible_candidates(user)


def visible_sittings(user: User) -> QuerySet[Sitting]:
    """Sittings whose results the user may see (``drills.access.visible_sittings``)."""
    return access.visible_sittings(user).select_related(
        "candidate", "blueprint", "version", "result", "result__certificate"
    )


def visible_blueprints(user: User) -> QuerySet[Blueprint]:
    """Blueprints a staff member manages (``drills.access.managed_blueprints``)."""
    return (
        access.managed_blueprints(user)
        .select_related("property")
        .prefetch_related(Prefetch("versions", queryset=BlueprintVersion.objects.order_by("-number")))
    )


def results_blueprints(user: User) -> QuerySet[Blueprint]:
    """Exams the results page filters by (``drills.access.results_blueprints``)."""
    return access.results_blueprints(user)


def certificate_by_code(code: str) -> Certificate | None:
    if not code or len(code) > 64:
        return None
    return Certificate.objects.filter(code=code).first()


# --- certification status -------------------------------------------------------------------


class CertificationStatus(StrEnum):
    CERTIFIED = "certified"  # holds a valid certificate for the game
    IN_PROGRESS = "in-progress"  # a sitting open or being graded
    EXPIRED = "expired"  # a certificate expired and none is valid (recertify)
    REVOKED = "revoked"  # a certificate was revoked and none is valid
    FAILED = "failed"  # sat, did not pass (yet)
    NOT_ATTEMPTED = "not-attempted"

    @property
    def label(self) -> str:
        """What every page shows for the status ("Not attempted", never the value), in the
        reader's language."""
        return gettext(_STATUS_LABELS[self])


_STATUS_LABELS = {
    CertificationStatus.CERTIFIED: gettext_noop("Certified"),
    CertificationStatus.IN_PROGRESS: gettext_noop("In progress"),
    CertificationStatus.EXPIRED: gettext_noop("Expired"),
    CertificationStatus.REVOKED: gettext_noop("Revoked"),
    CertificationStatus.FAILED: gettext_noop("Failed"),
    CertificationStatus.NOT_ATTEMPTED: gettext_noop("Not attempted"),
}


_RANK = {
    CertificationStatus.CERTIFIED: 5,
    CertificationStatus.IN_PROGRESS: 4,
    CertificationStatus.EXPIRED: 3,
    CertificationStatus.REVOKED: 3,
    CertificationStatus.FAILED: 2,
    CertificationStatus.NOT_ATTEMPTED: 1,
}


def certification_status(
    users: Iterable[User | int], *, among: Team | None = None
) -> dict[int, dict[str, CertificationStatus]]:
    """``{user_id: {game: status}}`` for every game, in one query whatever the number of
    users (each sitting with its result and certificate, if any). The strongest status wins:
    certified > in-progress > expired, revoked > failed > not-attempted.

    ``among``: a team whose listed members (``drills.access.team_member_ids``, a subquery)
    hold ``users``, to filter the sittings by instead of a list of every id (issue 17: five
    hundred ids cost more to send and plan than the subquery; the query is compiled once,
    ``drills.compiled_sql.TeamQuery``); sittings of anyone else it holds are left out."""
    ids = [user if isinstance(user, int) else user.pk for user in users]
    status: dict[int, dict[str, CertificationStatus]] = {
        user_id: dict.fromkeys(GAMES, CertificationStatus.NOT_ATTEMPTED) for user_id in ids
    }
    now = timezone.now()
    today = timezone.localdate()
    overdue: list[int] = []
    if among is None:
        rows: Iterable[tuple[Any, ...]] = _sittings_with_outcome(ids)
    else:
        rows = compiled_sql.TeamQuery("certification_status:team", _team_sittings_with_outcome).rows(among)
    for sitting_id, user_id, game, sitting_status, deadline, passed, certificate, cert_game, revoked, expires in rows:
        if user_id not in status:
            continue  # in ``among`` but not asked about
        if sitting_status == SittingStatus.OPEN and deadline <= now:
            overdue.append(sitting_id)  # closed on read below; in progress until graded
        if certificate is not None:
            new = _certificate_status(revoked, expires, today)
            game = cert_game
        elif sitting_status == SittingStatus.OPEN or passed is None:
            new = CertificationStatus.IN_PROGRESS
        elif not passed:
            new = CertificationStatus.FAILED
        else:
            continue  # passed without a certificate (being issued): nothing to show yet
        if _RANK[new] > _RANK[status[user_id].get(game, CertificationStatus.NOT_ATTEMPTED)]:
            status[user_id][game] = new
    if overdue:
        close_overdue_by_id(overdue, now)
    return status


def _sittings_with_outcome(candidates: Iterable[int] | QuerySet[Any]) -> QuerySet[Any]:
    """Each sitting of ``candidates`` (ids, or a subquery of them) with its game, result and
    certificate, as the value tuples :func:`certification_status` reads."""
    return Sitting.objects.filter(candidate_id__in=candidates).values_list(
        "pk", "candidate_id", "blueprint__game", "status", "deadline", "result__passed",
        "result__certificate__pk", "result__certificate__game", "result__certificate__revoked_at",
        "result__certificate__expires_on",
    )  # fmt: skip


def _team_sittings_with_outcome(team: Team) -> QuerySet[Any]:
    return _sittings_with_outcome(access.team_member_ids(team))


def _certificate_status(revoked_at: datetime | None, expires_on: date | None, today: date) -> CertificationStatus:
    if revoked_at is not None:
        return CertificationStatus.REVOKED
    if expires_on is not None and expires_on < today:
        return CertificationStatus.EXPIRED
    return CertificationStatus.CERTIFIED


def certification_rows(user: User) -> list[tuple[str, CertificationStatus]]:
    """(game name, status) for one person, every game (the trainee's home and exam list)."""
    status = certification_status([user]).get(user.pk, {})
    return [(gettext(game_name(game)), value) for game, value in status.items()]
