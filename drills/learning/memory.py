"""Spaced repetition per skill family with FSRS (the ``fsrs`` package), as a pure fold over
graded answers (no Django), so the per-answer update and the rebuild agree by construction.

Decisions (the issue leaves them open):

- **Rating** from correctness and time against the kind's target time: wrong → Again;
  right within half the target → Easy; within the target → Good; slower → Hard. A
  family's first review is at most Good: one quick right answer shows it can be done, not
  that it is known (FSRS would otherwise skip the learning steps and wait a week).
- **What counts as a review.** A drill session gives many answers of one family within
  minutes; FSRS models one recall per review, so (as in Anki) answering *ahead of time*
  does not count: an answer is a review when the family is new or due, or when it is
  wrong (a miss is always evidence of forgetting). The others only add to the counters.
- **Lapse** (FSRS / Anki): an Again on a family in the Review state, i.e. forgotten after it
  was learnt. A **leech** is a family with at least the property's ``leech_lapses`` lapses.
- Fuzzing is off: the same answers always give the same schedule (the rebuild must agree).
- Answers fold in attempt-id order (the order they were received), like the progress
  roll-ups; the caller rebuilds a family whose newest folded attempt is newer than the one
  being graded.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from decimal import Decimal

from fsrs import Card, Rating, Scheduler, State

UTC = dt.UTC


@functools.lru_cache(maxsize=16)
def scheduler(desired_retention: Decimal | float) -> Scheduler:
    """FSRS with the default parameters, the given retention and no fuzz (one per retention)."""
    return Scheduler(desired_retention=float(desired_retention), enable_fuzzing=False)


@functools.lru_cache(maxsize=16)
def forgetting_curve(desired_retention: Decimal | float) -> tuple[float, float]:
    """(DECAY, FACTOR) of the scheduler's forgetting curve, as ``fsrs`` derives them from
    its parameters (FSRS-6: the decay is the last parameter, negated)."""
    decay = -float(scheduler(desired_retention).parameters[20])
    return decay, 0.9 ** (1 / decay) - 1


def rating_for(correct: bool, ms: int, target_seconds: int) -> Rating:
    """Again / Hard / Good / Easy from the answer's correctness and time (see module doc)."""
    if not correct:
        return Rating.Again
    target_ms = max(1, target_seconds) * 1000
    if ms * 2 <= target_ms:
        return Rating.Easy
    return Rating.Good if ms <= target_ms else Rating.Hard


@dataclass(frozen=True)
class Answer:
    """What the schedule needs of one graded attempt."""

    attempt_id: int
    correct: bool
    ms: int
    answered_at: dt.datetime
    target_seconds: int


@dataclass
class Memory:
    """One trainee × family: the working copy of a ``FamilyCard`` row (same field names)."""

    state: int = State.Learning.value
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    due: dt.datetime | None = None
    last_review: dt.datetime | None = None
    reviews: int = 0
    lapses: int = 0
    answers: int = 0
    misses: int = 0
    last_attempt_id: int = 0
    last_answered_at: dt.datetime | None = None

    @classmethod
    def from_fields(cls, fields: dict[str, object]) -> Memory:
        return cls(**{name: fields[name] for name in FIELDS})  # type: ignore[arg-type]

    def as_fields(self) -> dict[str, object]:
        # Every value is immutable (numbers, datetimes, None): no deep copy (asdict's) needed.
        return {field.name: getattr(self, field.name) for field in dataclass_fields(self)}

    def card(self) -> Card:
        return Card(
            card_id=0,  # without an id fsrs sleeps a millisecond to make one
            state=State(self.state),
            step=self.step,
            stability=self.stability,
            difficulty=self.difficulty,
            due=_utc(self.due) if self.due else dt.datetime(1970, 1, 1, tzinfo=UTC),
            last_review=_utc(self.last_review) if self.last_review else None,
        )

    def counts_as_review(self, answer: Answer) -> bool:
        return self.reviews == 0 or not answer.correct or self.due is None or answer.answered_at >= self.due

    def apply(self, answer: Answer, retention: Decimal | float) -> Rating | None:
        """Fold one answer in; the FSRS rating when it counted as a review, else ``None``."""
        self.answers += 1
        self.misses += not answer.correct
        self.last_attempt_id = max(self.last_attempt_id, answer.attempt_id)
        if self.last_answered_at is None or answer.answered_at > self.last_answered_at:
            self.last_answered_at = answer.answered_at
        if not self.counts_as_review(answer):
            return None
        rating = rating_for(answer.correct, answer.ms, answer.target_seconds)
        if self.reviews == 0 and rating is Rating.Easy:
            rating = Rating.Good
        before = State(self.state)
        card, _log = scheduler(retention).review_card(self.card(), rating, review_datetime=_utc(answer.answered_at))
        self.state = card.state.value
        self.step = card.step
        self.stability = card.stability
        self.difficulty = card.difficulty
        self.due = card.due
        self.last_review = card.last_review
        self.reviews += 1
        self.lapses += int(rating is Rating.Again and before is State.Review)
        return rating

    def recall(self, at: dt.datetime, retention: Decimal | float) -> float | None:
        """FSRS's forecast chance of recall at ``at`` (``None`` before the first review).

        The package's formula on plain floats (no ``Card`` per row: the pages forecast every
        family of a team): R = (1 + FACTOR · days / S) ^ DECAY over the whole days since the
        last review, with the scheduler's own decay and factor (``test_memory`` checks it
        against ``Scheduler.get_card_retrievability`` over many cards)."""
        if self.last_review is None or self.stability is None:
            return None
        decay, factor = forgetting_curve(retention)
        days = max(0, (at - self.last_review).days)  # aware datetimes: the zone does not matter
        return float((1 + factor * days / self.stability) ** decay)


FIELDS = tuple(Memory().as_fields())


def fold(answers: list[Answer], retention: Decimal | float) -> Memory:
    """A family's memory from its answers (any order: they are folded by attempt id)."""
    memory = Memory()
    for answer in sorted(answers, key=lambda item: item.attempt_id):
        memory.apply(answer, retention)
    return memory


def _utc(moment: dt.datetime) -> dt.datetime:
    """fsrs insists on ``datetime.timezone.utc`` (not an equivalent zone object)."""
    return moment if moment.tzinfo is UTC else moment.astimezone(UTC)
