"""Mastery, "needs help" signals and item statistics: pure functions on roll-up data.

Mastery of a skill (drill kind) for a trainee looks at the last ``policy.window`` answers
(default 30): the skill is *mastered* when at least ``policy.minimum_answers`` (20) of them
exist, at least ``policy.accuracy`` (90 %) are right, and the median answer time is within
the kind's target time. Comparisons are exact (fractions), so 27 of 30 is 90 %.

Item statistics (one item = a drill kind at one difficulty), after Moodle's quiz
statistics, with the *trainee* as the unit (every trainee answers many generated
instances of an item):

- facility F = right answers / answers on the item (all trainees pooled);
- discrimination D = the corrected item–rest correlation: Pearson's r over the trainees
  who answered the item and something else, between x_t = the trainee's share right on
  the item and y_t = their share right on all *other* items (the item itself removed, so
  an item does not correlate with itself)::

      D = Σ (x_t − x̄)(y_t − ȳ) / sqrt( Σ (x_t − x̄)² · Σ (y_t − ȳ)² )

  D is undefined (``None``) with fewer than :data:`MIN_TRAINEES_FOR_D` trainees or when
  either score does not vary. D near 1: strong trainees get it right, weak ones miss it;
  near 0: it does not separate them; below 0: strong trainees miss it more than weak ones
  (suspect the key or the drill).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from drills.labels import percent_of
from drills.progress.rollup import DEFAULT_WINDOW, window_figures

MIN_TRAINEES_FOR_D = 3
EASY_FACILITY = Fraction(95, 100)
HARD_FACILITY = Fraction(25, 100)
WEAK_DISCRIMINATION = 0.2


@dataclass(frozen=True)
class Policy:
    """The training-policy values in force for a property (``TrainingPolicy`` as a value)."""

    window: int = DEFAULT_WINDOW
    accuracy: Decimal = Decimal("0.90")
    minimum_answers: int = 20
    inactive_days: int = 7
    falling_drop: Decimal = Decimal("0.15")


class Level(StrEnum):
    """A trainee's state on one skill, for colour and words (heatmap, tables)."""

    NONE = "none"  # never answered
    FEW = "few"  # fewer answers than the policy's minimum
    WEAK = "weak"  # accuracy well below the mastery line
    CLOSE = "close"  # accuracy within 15 points of the mastery line
    SLOW = "slow"  # accurate enough, but the median time is over target
    MASTERED = "mastered"

    @property
    def label(self) -> str:
        """The level in words, in the reader's language."""
        return gettext(LEVEL_LABELS[self])


LEVEL_LABELS = {
    Level.NONE: gettext_noop("not started"),
    Level.FEW: gettext_noop("too few answers"),
    Level.WEAK: gettext_noop("needs work"),
    Level.CLOSE: gettext_noop("close"),
    Level.SLOW: gettext_noop("accurate, too slow"),
    Level.MASTERED: gettext_noop("mastered"),
}
CLOSE_MARGIN = Fraction(15, 100)


@dataclass(frozen=True, slots=True)
class Mastery:
    """One trainee × skill over the recent window. Slotted: smaller, and a team of 500 has 1,500."""

    kind: str
    answers: int  # in the window
    correct: int
    median_ms: float | None
    target_seconds: int
    mastered: bool
    level: Level
    falling: tuple[float, float] | None = None  # (older half, newer half) accuracy, if falling
    total_answers: int = 0
    last_answered_at: dt.datetime | None = None

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.answers if self.answers else None

    @property
    def accuracy_percent(self) -> int | None:
        return None if self.answers == 0 else percent_of(self.correct, self.answers)

    @property
    def median_seconds(self) -> float | None:
        return None if self.median_ms is None else round(self.median_ms / 1000, 1)

    @property
    def within_target(self) -> bool:
        return self.median_ms is not None and self.median_ms <= self.target_seconds * 1000


@functools.lru_cache(maxsize=64)
def _ratio(value: Decimal) -> tuple[int, int]:
    """An exact policy value as (numerator, denominator): comparisons stay in integers.
    Remembered: a dashboard asks it twice per cell for the same few policy values."""
    return Fraction(value).as_integer_ratio()


def mastery(
    kind: str,
    recent: Sequence[Sequence[int]],
    policy: Policy,
    target_seconds: int,
    *,
    total_answers: int | None = None,
    last_answered_at: dt.datetime | None = None,
) -> Mastery:
    """Mastery from the recent window ``[[attempt_id, correct 0/1, ms], ...]`` (oldest first).

    >>> window = [[i, 1 if i > 3 else 0, 1000 * i] for i in range(1, 31)]  # 27 of 30 right
    >>> m = mastery("ou-total", window, Policy(), target_seconds=16)
    >>> m.answers, m.correct, m.median_ms, m.mastered, m.level.value
    (30, 27, 15500.0, True, 'mastered')
    >>> mastery("ou-total", window, Policy(), target_seconds=15).level.value
    'slow'
    """
    figures = window_figures([list(entry) for entry in recent], policy.window)
    return mastery_from_figures(
        kind,
        figures["window_answers"],
        figures["window_correct"],
        figures["window_older_correct"],
        figures["window_median_ms"],
        policy,
        target_seconds,
        total_answers=total_answers,
        last_answered_at=last_answered_at,
    )


def mastery_from_figures(
    kind: str,
    answers: int,
    correct: int,
    older_correct: int,
    median_ms: float | None,
    policy: Policy,
    target_seconds: int,
    *,
    total_answers: int | None = None,
    last_answered_at: dt.datetime | None = None,
) -> Mastery:
    """Mastery from the window's figures (``rollup.window_figures``): what the dashboard uses."""
    num, den = _ratio(policy.accuracy)
    enough = answers >= policy.minimum_answers and answers > 0
    accurate = answers > 0 and correct * den >= num * answers  # correct / answers >= accuracy, exactly
    fast = median_ms is not None and median_ms <= target_seconds * 1000
    mastered = enough and accurate and fast
    margin = CLOSE_MARGIN
    if answers == 0:
        level = Level.NONE
    elif not enough:
        level = Level.FEW
    elif mastered:
        level = Level.MASTERED
    elif accurate:
        level = Level.SLOW
    elif correct * den * margin.denominator >= (num * margin.denominator - margin.numerator * den) * answers:
        level = Level.CLOSE  # correct / answers >= accuracy - 15 points
    else:
        level = Level.WEAK
    falling = None
    if enough and answers >= 2:
        n1 = answers // 2
        n2 = answers - n1
        c1, c2 = older_correct, correct - older_correct
        drop_num, drop_den = _ratio(policy.falling_drop)
        if (c1 * n2 - c2 * n1) * drop_den >= drop_num * n1 * n2:  # c1/n1 - c2/n2 >= drop, exactly
            falling = (c1 / n1, c2 / n2)
    return Mastery(
        kind=kind,
        answers=answers,
        correct=correct,
        median_ms=median_ms,
        target_seconds=target_seconds,
        mastered=mastered,
        level=level,
        falling=falling,
        total_answers=answers if total_answers is None else total_answers,
        last_answered_at=last_answered_at,
    )


def weakness_order(item: Mastery) -> tuple[int, float, float]:
    """Sort key: weakest first (not mastered, lowest accuracy, slowest against target)."""
    accuracy = item.accuracy if item.accuracy is not None else 0.0
    slowness = (item.median_ms or 0.0) / (item.target_seconds * 1000 or 1)
    return (int(item.mastered), accuracy, -slowness)


# --- Item statistics ----------------------------------------------------------------

Item = tuple[str, str]  # (kind, difficulty)


class ItemFlag(StrEnum):
    # Marked for the catalogue: the items page shows each in the reader's language.
    TOO_EASY = gettext_noop("very easy")
    TOO_HARD = gettext_noop("very hard")
    WEAK = gettext_noop("separates strong from weak trainees poorly")
    NEGATIVE = gettext_noop("strong trainees miss it more than weak ones: check the drill")


@dataclass(frozen=True)
class ItemStat:
    kind: str
    difficulty: str
    answers: int
    correct: int
    trainees: int
    discrimination: float | None
    flags: tuple[ItemFlag, ...]

    @property
    def facility(self) -> float | None:
        return self.correct / self.answers if self.answers else None

    @property
    def facility_percent(self) -> int | None:
        return None if not self.answers else percent_of(self.correct, self.answers)


def pearson(xs: Sequence[Fraction], ys: Sequence[Fraction]) -> float | None:
    """Pearson's r, or ``None`` when either variable does not vary.

    >>> round(pearson([Fraction(1), Fraction(2), Fraction(3)], [Fraction(2), Fraction(4), Fraction(7)]), 4)
    0.9934
    """
    n = len(xs)
    if n < 2:
        return None
    mean_x, mean_y = sum(xs, Fraction(0)) / n, sum(ys, Fraction(0)) / n
    sxy = sum(((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)), Fraction(0))
    sxx = sum(((x - mean_x) ** 2 for x in xs), Fraction(0))
    syy = sum(((y - mean_y) ** 2 for y in ys), Fraction(0))
    if sxx == 0 or syy == 0:
        return None
    return float(sxy) / math.sqrt(float(sxx) * float(syy))


def item_statistics(per_trainee: Mapping[object, Mapping[Item, Sequence[int]]]) -> list[ItemStat]:
    """Facility and discrimination of every item, from ``trainee -> item -> (answers, correct)``."""
    totals: dict[object, tuple[int, int]] = {}
    items: dict[Item, list[tuple[object, int, int]]] = {}
    for trainee, counts in per_trainee.items():
        answers = sum(count[0] for count in counts.values())
        correct = sum(count[1] for count in counts.values())
        totals[trainee] = (answers, correct)
        for item, (item_answers, item_correct) in counts.items():
            if item_answers:
                items.setdefault(item, []).append((trainee, item_answers, item_correct))
    stats = []
    for (kind, difficulty), rows in sorted(items.items()):
        xs: list[Fraction] = []
        ys: list[Fraction] = []
        for trainee, item_answers, item_correct in rows:
            rest_answers = totals[trainee][0] - item_answers
            if rest_answers > 0:
                xs.append(Fraction(item_correct, item_answers))
                ys.append(Fraction(totals[trainee][1] - item_correct, rest_answers))
        discrimination = pearson(xs, ys) if len(xs) >= MIN_TRAINEES_FOR_D else None
        answers = sum(row[1] for row in rows)
        correct = sum(row[2] for row in rows)
        stats.append(
            ItemStat(
                kind, difficulty, answers, correct, len(rows), discrimination, _flags(answers, correct, discrimination)
            )
        )
    return stats


def _flags(answers: int, correct: int, discrimination: float | None) -> tuple[ItemFlag, ...]:
    flags = []
    if answers:
        if Fraction(correct, answers) >= EASY_FACILITY:
            flags.append(ItemFlag.TOO_EASY)
        elif Fraction(correct, answers) <= HARD_FACILITY:
            flags.append(ItemFlag.TOO_HARD)
    if discrimination is not None:
        if discrimination < 0:
            flags.append(ItemFlag.NEGATIVE)
        elif discrimination < WEAK_DISCRIMINATION:
            flags.append(ItemFlag.WEAK)
    return tuple(flags)


def count_items(rows: Iterable[tuple[object, str, Mapping[str, Sequence[int]]]]) -> dict[object, dict[Item, list[int]]]:
    """``(trainee, kind, by_difficulty)`` roll-up rows as ``trainee -> (kind, difficulty) -> [answers, correct]``."""
    out: dict[object, dict[Item, list[int]]] = {}
    for trainee, kind, by_difficulty in rows:
        for difficulty, (answers, correct) in by_difficulty.items():
            out.setdefault(trainee, {})[(kind, difficulty)] = [answers, correct]
    return out
