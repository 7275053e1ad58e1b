"""Table tests: an exam section "deal N rounds of game G at difficulty D" (issue 12.3).

A section's kind is the round skill ``round-<game>``; each of its items is one round, dealt
at the table with the item's seed, difficulty and the sitting's rules snapshot, the whole
round in focus. The item's points are the round's share of right actions; its time is the
round's (first action to last), so the section's target time per item and the late credit
apply as to any item; the section's minimum makes it a table test. A round not finished
when the sitting ends scores 0.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from drills.kinds.base import Difficulty, Prompt, Scenario, Solution
from drills.models import User
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level
from drills.rounds.tables.registry import SKILL_PREFIX, UnknownTableError, is_round_skill, table_for
from games import ENGINE_VERSION
from games.registry import GAMES

__all__ = ["is_round_skill"]


def section_problem(kind: str, game: str) -> str | None:
    """Why a round section cannot be in a blueprint of ``game``, or None."""
    round_game = kind[len(SKILL_PREFIX) :]
    if round_game not in GAMES:
        return f"unknown drill kind {kind!r}"
    if round_game != game:
        return f"{kind} deals {round_game}, not {game}"
    try:
        table_for(round_game)
    except UnknownTableError as error:
        return str(error)
    return None


def item_scenario(item: Any) -> Scenario:
    """What the sitting page shows of a round item: a prompt and no field (the answer is
    the round dealt at the table)."""
    game = item.kind[len(SKILL_PREFIX) :]
    dealt = exam_round_of(item)
    facts: tuple[tuple[str, str], ...] = ()
    if dealt is not None:
        status = "finished" if dealt.finished else "being dealt"
        facts = (("Round", status), ("Right", str(dealt.right)), ("Refused", str(dealt.wrong)))
    return Scenario(
        kind=item.kind,
        seed=item.seed,
        difficulty=Difficulty(item.difficulty),
        engine_version=ENGINE_VERSION,
        situation={},
        prompt=Prompt(question=f"Deal a whole round of {GAMES[game][0]} at the table.", facts=facts),
        fields=(),
        solution=Solution(key={}, rules=(), explanation=""),
    )


def exam_round_of(item: Any) -> DealtRound | None:
    return DealtRound.objects.filter(exam_item_id=item.pk).order_by("pk").first()


class ExamRoundRefused(Exception):
    pass


def start_or_resume(candidate: User, item: Any) -> DealtRound:
    """The item's round (one per item): resumed if started, else started now with the
    item's seed and difficulty under the sitting's rules snapshot."""
    from drills.exams.models import SittingStatus
    from drills.rounds import services

    sitting = item.sitting
    if sitting.candidate_id != candidate.pk:
        raise ExamRoundRefused(gettext_noop("this is not your sitting"))
    existing = exam_round_of(item)
    if existing is not None:
        return existing
    if sitting.status != SittingStatus.OPEN or timezone.now() >= sitting.deadline:
        raise ExamRoundRefused(gettext_noop("this sitting is over: no new round can be dealt"))
    with transaction.atomic():
        type(item).objects.select_for_update().get(pk=item.pk)  # one round per item, even from two tabs
        existing = exam_round_of(item)
        if existing is not None:
            return existing
        return services.start_round(
            candidate, item.kind[len(SKILL_PREFIX) :], Level(item.difficulty), Focus.ROUND,
            seed=item.seed, exam_item=item, rules_values=sitting.rules_values, rule_version=sitting.rule_version,
        )


def open_for_play(stored: DealtRound) -> str | None:
    """Why an exam round can take no more actions (the sitting is over), or None."""
    from drills.exams.models import SittingStatus

    item = stored.exam_item
    if item is None:
        return None
    sitting = item.sitting
    if sitting.status != SittingStatus.OPEN or timezone.now() >= sitting.deadline:
        return gettext_noop("the exam is over: this round takes no more actions")
    return None


def record_in_item(stored: DealtRound, now: Any) -> None:
    """A finished exam round is the item's answer (in the round's transaction)."""
    from drills.exams.models import SittingItem

    assert stored.exam_item_id is not None
    SittingItem.objects.filter(pk=stored.exam_item_id).update(
        answer={"round": str(stored.public_id), "right": stored.right, "wrong": stored.wrong},
        answered_at=now,
        shown_at=stored.started_at,
    )


def item_grade(item: Any) -> dict[str, Any]:
    """Correct, score, elapsed seconds and the words for a round item."""
    from drills.rounds.services import accuracy

    dealt = exam_round_of(item)
    if dealt is None or not dealt.finished or dealt.finished_at is None:
        return {"correct": False, "score": Decimal("0.00"), "elapsed": None,
                "explanation": "The round was not finished.", "rules": [], "mistake": ""}
    elapsed = (Decimal((dealt.finished_at - dealt.started_at).total_seconds())).quantize(Decimal("0.001"))
    first_wrong = dealt.tries.filter(right=False).order_by("number").first()
    return {
        "correct": dealt.wrong == 0,
        "score": accuracy(dealt.right, dealt.wrong),
        "elapsed": elapsed,
        "explanation": f"{dealt.right} actions right, {dealt.wrong} refused.",
        "rules": [first_wrong.rule] if first_wrong else [],
        "mistake": first_wrong.explanation if first_wrong else "",
    }
