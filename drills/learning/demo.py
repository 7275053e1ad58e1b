"""Demo history (issue 15): three weeks of seeded drill answers, exam sittings and
assignments, so a newcomer's first look at the dashboards shows a living team.

Made once: nothing is added when the demo trainees already have answers. Seeded
(``random.Random("demo-history:<username>")``), so every fresh demo database tells the same
story. Every answer is a real scenario graded by its kind (wrong answers are the named
mistakes the kind knows). The rows are inserted in bulk and the progress roll-ups and the
spaced-repetition cards rebuilt from them, which equals grading one by one (both are the
same fold; the tests of both sub-apps check it).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.db import transaction
from django.utils import timezone

from drills.kinds.base import Difficulty, DrillKind, get_kind
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, Team, User
from games.house_rules import HouseRules
from games.reasons import reasons_to_json
from games.registry import default_rules

HISTORY_DAYS = 21
DEMO_KINDS = (
    "bj-payout",
    "bj-dealer-action",
    "bj-settle-box",
    "bj-hand-total",
    "js-settle-dealer-22",
    "ou-total",
    "ou-settle",
    "pg-house-way",
)
# (chance of a right answer on day 0, gain per day, active days per week, answers per session)
PROFILES = {
    "trainee1": (0.80, 0.008, 5, 9),  # steady and good
    "trainee2": (0.70, 0.012, 4, 8),  # improving fast
    "trainee3": (0.60, 0.004, 3, 8),  # struggling: leeches, at risk
    "trainee4": (0.85, 0.005, 5, 10),  # strong
    "trainee5": (0.65, 0.010, 2, 6),  # drills rarely, stopped a week ago
}


def load_history(team: Team, users: dict[str, User], exam: Any | None = None) -> bool:
    """Add the history once; ``False`` when the trainees already have answers."""
    trainees = [users[name] for name in PROFILES if name in users]
    if Attempt.objects.filter(user__in=trainees).exists():
        return False
    now = timezone.now()
    with transaction.atomic():
        for trainee in trainees:
            _answers(trainee, PROFILES[trainee.username], now)
        if exam is not None:
            _sittings(exam, [users[name] for name in ("trainee1", "trainee4") if name in users], now)
        _assignments(team, users, exam, now)
    return True


def _rules(game: str, cache: dict[str, HouseRules]) -> HouseRules:
    if game not in cache:
        cache[game] = default_rules(game)
    return cache[game]


def _answers(trainee: User, profile: tuple[float, float, int, int], now: dt.datetime) -> None:
    from drills.learning.services import rebuild_trainee as rebuild_cards
    from drills.progress.services import rebuild_trainee as rebuild_rollups

    base, gain, days_a_week, per_session = profile
    rng = random.Random(f"demo-history:{trainee.username}")
    rules: dict[str, HouseRules] = {}
    kinds = [get_kind(slug) for slug in DEMO_KINDS]
    focus = rng.sample(kinds, 5)
    last_day = 7 if trainee.username == "trainee5" else 0
    answered: list[tuple[DrillScenario, Attempt]] = []
    for days_ago in range(HISTORY_DAYS, last_day - 1, -1):
        if rng.random() > days_a_week / 7:
            continue
        start = (now - dt.timedelta(days=days_ago)).replace(hour=9, minute=0, second=0, microsecond=0)
        start += dt.timedelta(minutes=rng.randint(0, 8 * 60))
        moment = min(start, now - dt.timedelta(minutes=30))
        for _ in range(per_session):
            kind = rng.choice(focus)
            chance = min(0.97, base + gain * (HISTORY_DAYS - days_ago))
            moment += dt.timedelta(seconds=rng.randint(8, 60))
            answered.append(_graded(trainee, kind, _rules(kind.game, rules), rng, rng.random() < chance, moment))
    DrillScenario.objects.bulk_create([stored for stored, _ in answered])
    for stored, attempt in answered:
        attempt.scenario = stored
    Attempt.objects.bulk_create([attempt for _, attempt in answered])
    rebuild_rollups(trainee.pk)
    rebuild_cards(trainee.pk)


def _graded(
    trainee: User, kind: DrillKind[Any], rules: HouseRules, rng: random.Random, right: bool, moment: dt.datetime
) -> tuple[DrillScenario, Attempt]:
    difficulty = rng.choice([Difficulty.NORMAL, Difficulty.NORMAL, Difficulty.HARD])
    for _ in range(6):
        seed = rng.getrandbits(62)
        scenario = kind.generate(seed, difficulty, rules)
        answer = dict(scenario.solution.key)
        if not right:
            wrong = next(
                (
                    dict(key)
                    for mistake in kind.mistakes(rules)
                    if (key := mistake.solve(scenario.situation)) is not None and dict(key) != answer
                ),
                None,
            )
            if wrong is None:
                continue  # no named mistake fits this scenario: draw another
            answer = wrong
        break
    ms = int(kind.target_seconds * 1000 * rng.uniform(0.4, 1.6))
    stored = DrillScenario(
        user=trainee,
        kind=kind.slug,
        game=kind.game,
        difficulty=difficulty.value,
        mode=DrillMode.PRACTICE,
        seed=seed,
        engine_version=scenario.engine_version,
        rules_values=rules.to_mapping(),
        key=dict(scenario.solution.key),
        shown_at=moment - dt.timedelta(milliseconds=ms),
    )
    grade = kind.grade(scenario, answer, rules)
    attempt = Attempt(
        user=trainee,
        kind=kind.slug,
        family=scenario.family,
        difficulty=difficulty.value,
        answer=answer,
        answered_at=moment,
        time_taken_ms=ms,
        status=AttemptStatus.GRADED,
        correct=grade.correct,
        score=grade.score,
        expected=dict(grade.expected),
        explanation=grade.explanation,
        rules=list(grade.rules),
        mistake_code=grade.mistake_code,
        mistake=grade.mistake,
        # As the answer path stores them: history and replay word the mistake and the
        # explanation from these in the reader's language (without, they show the English).
        reasons={"why": reasons_to_json(grade.reasons), "diagnosis": reasons_to_json(grade.diagnosis)},
    )
    return stored, attempt


def _sittings(exam: Any, candidates: list[User], now: dt.datetime) -> None:
    """A passed sitting each, dated in the past: one certificate expires within 30 days."""
    from drills.exams import services as exam_services
    from drills.exams.models import Blueprint, Certificate, Sitting, SittingResult

    Blueprint.objects.filter(pk=exam.pk).update(validity_days=365)
    exam.refresh_from_db()
    for candidate, days_ago in zip(candidates, (350, 12), strict=False):
        sitting = exam_services.start_sitting(candidate, exam).sitting
        for item in sitting.items.all():
            key = dict(exam_services.regenerate_item(sitting, item).solution.key)
            exam_services.save_answer(sitting, item.position, key)
        exam_services.submit_sitting(sitting)
        result = exam_services.grade_sitting(sitting.pk)
        if result is None:
            continue
        shift = dt.timedelta(days=days_ago)
        Sitting.objects.filter(pk=sitting.pk).update(
            started_at=sitting.started_at - shift, deadline=sitting.deadline - shift, finished_at=now - shift
        )
        SittingResult.objects.filter(pk=result.pk).update(graded_at=result.graded_at - shift)
        issued = timezone.localdate(now - shift)
        Certificate.objects.filter(result=result).update(
            issued_at=now - shift, exam_date=issued, expires_on=issued + dt.timedelta(days=365)
        )


def _assignments(team: Team, users: dict[str, User], exam: Any | None, now: dt.datetime) -> None:
    from drills.learning.models import Assignment, AssignmentGoal

    supervisor = users.get("supervisor")
    if supervisor is None or supervisor.property_id is None:
        return
    property_id: int = supervisor.property_id
    today = timezone.localdate(now)

    def make(goal: str, created_days_ago: int, due_in: int, **fields: Any) -> Assignment:
        trainees = fields.pop("trainees", [])
        assignment = Assignment.objects.create(
            property_id=property_id,
            goal=goal,
            due_on=today + dt.timedelta(days=due_in),
            created_by=supervisor,
            created_at=now - dt.timedelta(days=created_days_ago),
            **fields,
        )
        assignment.trainees.set(trainees)
        return assignment

    make(
        AssignmentGoal.SKILLS,
        14,
        10,
        skills=["bj-payout", "bj-dealer-action"],
        team=team,
        note="The Blackjack basics before the certification.",
    )
    make(
        AssignmentGoal.SKILLS,
        20,
        -2,
        skills=["js-settle-dealer-22"],
        trainees=[users["trainee3"]],
        note="The dealer 22 push, until it is automatic.",
    )
    if exam is not None:
        make(AssignmentGoal.EXAM, 10, 5, blueprint=exam, team=team, note="Certified before the new tables open.")
