"""Roll-up state as a pure fold over graded attempts (no Django).

Design (issue 7): the dashboards never scan raw attempts. For each trainee × skill (drill
kind) one summary row (``SkillRollup``) keeps, besides plain counters, the recent window
as a small JSON array ``[[attempt_id, correct 0/1, time_ms], ...]`` (oldest first, at most
:data:`WINDOW_CAP` entries), so accuracy and *median* time over the last N answers can
be read without touching ``Attempt``. The same :meth:`SkillState.apply` is used when an
attempt is graded (incremental, in the grading transaction) and when the nightly job
rebuilds everything from the raw attempts (a fold in attempt-id order), so the two agree
by construction; tests check it on random attempt streams.

Answers are ordered by attempt id (the order the answers were received). The window is
kept sorted by id, so an out-of-order update (two tabs answering at once) still ends in
the same state as the rebuild.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from drills.kinds.base import ANSWER_DIFFERS

WINDOW_CAP = 100
"""The most recent answers kept per trainee × skill; a policy's window may not exceed it."""

DEFAULT_WINDOW = 30
"""The mastery window when a property has no training policy of its own."""


def window_figures(recent: list[list[int]], size: int) -> dict[str, Any]:
    """What mastery needs of the last ``size`` answers, so a dashboard need not decode the window.

    ``window_older_correct`` counts right answers in the older half (the first ``n // 2``),
    for the falling-accuracy signal.

    >>> window_figures([[1, 1, 4000], [2, 0, 9000], [3, 1, 5000]], 2)
    {'window_size': 2, 'window_answers': 2, 'window_correct': 1, 'window_older_correct': 0, 'window_median_ms': 7000.0}
    """
    window = recent[-size:] if size > 0 else []
    times = sorted(entry[2] for entry in window)
    middle = len(times) // 2
    median = None
    if times:
        median = float(times[middle]) if len(times) % 2 else (times[middle - 1] + times[middle]) / 2
    return {
        "window_size": size,
        "window_answers": len(window),
        "window_correct": sum(entry[1] for entry in window),
        "window_older_correct": sum(entry[1] for entry in window[: len(window) // 2]),
        "window_median_ms": median,
    }


WINDOW_FIELDS = tuple(window_figures([], 0))


@dataclass(frozen=True)
class AttemptFacts:
    """What the roll-ups need of one graded attempt."""

    id: int
    kind: str
    difficulty: str
    correct: bool
    ms: int
    answered_at: dt.datetime
    day: dt.date  # the answer's day in the site's time zone
    mistake_code: str = ""
    mistake: str = ""


@dataclass
class SkillState:
    """One trainee × skill: the mutable working copy of a ``SkillRollup`` row."""

    recent: list[list[int]] = field(default_factory=list)  # [id, correct 0/1, ms], by id
    answers: int = 0
    correct: int = 0
    total_ms: int = 0
    by_difficulty: dict[str, list[int]] = field(default_factory=dict)  # difficulty -> [answers, correct]
    mistakes: dict[str, list[Any]] = field(default_factory=dict)  # code -> [count, message, last id]
    first_answered_at: dt.datetime | None = None
    last_answered_at: dt.datetime | None = None

    def contains(self, attempt_id: int) -> bool:
        index = bisect.bisect_left(self.recent, [attempt_id])
        return index < len(self.recent) and self.recent[index][0] == attempt_id

    def apply(self, facts: AttemptFacts) -> bool:
        """Count one graded attempt; ``False`` (and no change) if it is already in the window.

        >>> state = SkillState()
        >>> t = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
        >>> state.apply(AttemptFacts(7, "ou-total", "easy", True, 5000, t, t.date()))
        True
        >>> state.apply(AttemptFacts(7, "ou-total", "easy", True, 5000, t, t.date()))
        False
        >>> state.recent, state.answers, state.correct, state.by_difficulty
        ([[7, 1, 5000]], 1, 1, {'easy': [1, 1]})
        """
        if self.contains(facts.id):
            return False
        entry = [facts.id, int(facts.correct), facts.ms]
        if len(self.recent) < WINDOW_CAP or facts.id > self.recent[0][0]:
            bisect.insort(self.recent, entry)
            del self.recent[: max(0, len(self.recent) - WINDOW_CAP)]
        self.answers += 1
        self.correct += int(facts.correct)
        self.total_ms += facts.ms
        counts = self.by_difficulty.setdefault(facts.difficulty, [0, 0])
        counts[0] += 1
        counts[1] += int(facts.correct)
        if not facts.correct and facts.mistake_code and facts.mistake_code != ANSWER_DIFFERS:
            tally = self.mistakes.setdefault(facts.mistake_code, [0, facts.mistake, facts.id])
            tally[0] += 1
            if facts.id >= tally[2]:
                tally[1], tally[2] = facts.mistake, facts.id
        if self.first_answered_at is None or facts.answered_at < self.first_answered_at:
            self.first_answered_at = facts.answered_at
        if self.last_answered_at is None or facts.answered_at > self.last_answered_at:
            self.last_answered_at = facts.answered_at
        return True

    def as_fields(self) -> dict[str, Any]:
        """The ``SkillRollup`` column values."""
        return {
            "recent": self.recent,
            "answers": self.answers,
            "correct": self.correct,
            "total_ms": self.total_ms,
            "by_difficulty": self.by_difficulty,
            "mistakes": self.mistakes,
            "first_answered_at": self.first_answered_at,
            "last_answered_at": self.last_answered_at,
        }

    @classmethod
    def from_fields(cls, row: Mapping[str, Any]) -> SkillState:
        return cls(
            recent=[list(entry) for entry in row["recent"]],
            answers=row["answers"],
            correct=row["correct"],
            total_ms=row["total_ms"],
            by_difficulty={key: list(value) for key, value in row["by_difficulty"].items()},
            mistakes={key: list(value) for key, value in row["mistakes"].items()},
            first_answered_at=row["first_answered_at"],
            last_answered_at=row["last_answered_at"],
        )


@dataclass
class DayState:
    """One trainee × skill × day: plain counters (for trend charts)."""

    answers: int = 0
    correct: int = 0
    total_ms: int = 0

    def apply(self, facts: AttemptFacts) -> None:
        self.answers += 1
        self.correct += int(facts.correct)
        self.total_ms += facts.ms


@dataclass
class TraineeState:
    """Everything of one trainee, rebuilt from their attempts."""

    skills: dict[str, SkillState] = field(default_factory=dict)
    days: dict[tuple[str, dt.date], DayState] = field(default_factory=dict)

    @property
    def answers(self) -> int:
        return sum(skill.answers for skill in self.skills.values())

    @property
    def last_answered_at(self) -> dt.datetime | None:
        times = [skill.last_answered_at for skill in self.skills.values() if skill.last_answered_at]
        return max(times) if times else None

    @property
    def recent_days(self) -> dict[str, list[int]]:
        """All skills together per day, the last :data:`RECENT_DAYS` days (see :func:`add_day`)."""
        totals: dict[str, list[int]] = {}
        for (_kind, day), counts in sorted(self.days.items(), key=lambda item: item[0][1]):
            add_day(totals, day, counts.answers, counts.correct)
        return totals


RECENT_DAYS = 35
"""Days of all-skills totals a trainee's summary keeps (the team trend shows 30)."""


def add_day(totals: dict[str, list[int]], day: dt.date, answers: int, correct: int) -> None:
    """Add to ``{"YYYY-MM-DD": [answers, right]}`` and keep only the :data:`RECENT_DAYS` days
    up to the newest day in it: the same result in any order of addition, so the rebuild
    and the per-attempt update agree.

    >>> totals = {}
    >>> add_day(totals, dt.date(2025, 3, 1), 1, 1)
    >>> add_day(totals, dt.date(2025, 3, 1), 1, 0)
    >>> add_day(totals, dt.date(2025, 4, 20), 1, 1)  # 50 days later: 1 March falls out
    >>> totals
    {'2025-04-20': [1, 1]}
    >>> add_day(totals, dt.date(2025, 1, 1), 1, 1)  # older than the kept days: not kept
    >>> totals
    {'2025-04-20': [1, 1]}
    """
    key = day.isoformat()
    newest = max([key, *totals])
    oldest = (dt.date.fromisoformat(newest) - dt.timedelta(days=RECENT_DAYS - 1)).isoformat()
    if key >= oldest:
        counts = totals.setdefault(key, [0, 0])
        counts[0] += answers
        counts[1] += correct
    for stale in [name for name in totals if name < oldest]:
        del totals[stale]


def fold(attempts: Iterable[AttemptFacts]) -> TraineeState:
    """The roll-up state of one trainee from their graded attempts (any order)."""
    state = TraineeState()
    for facts in sorted(attempts, key=lambda item: item.id):
        skill = state.skills.setdefault(facts.kind, SkillState())
        if skill.apply(facts):
            state.days.setdefault((facts.kind, facts.day), DayState()).apply(facts)
    return state
