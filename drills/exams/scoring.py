"""Exam arithmetic (pure Python): item seeds, the item plan, points, section and overall scores.

- Each item's seed derives from the sitting's form seed and the item's position with
  SHA-256, so a sitting's items are regenerated exactly from the one stored form seed.
- An item's points are the kind's score (0–1); where its section sets a target time and
  the answer came later than that, it keeps only ``late_credit_percent`` of that score.
  The time is the server's, from the first time the item was shown (the page shows one
  item at a time; the API's sitting detail shows them all at once, so their clocks all
  start then) to the save of the answer that is graded (the last one); an answer saved
  without the item ever being shown counts from the start of the sitting.
- A percentage is ``100 × points / items``, truncated (never rounded up) to 2 decimals; the
  stored figure is the one compared with the pass marks. Pages show it as a whole percent
  rounded half up (88.88 reads 89 %) unless that would reach a mark it missed (88.88 against
  a pass mark of 89 reads 88.88 %): ``drills.labels.score_text``. CSV and API keep it.
- Pass: the overall percentage reaches the pass mark and every section with a minimum
  reaches its minimum. Unanswered items score 0.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

SEED_BITS = 62  # fits a signed 64-bit column on every database
CENT = Decimal("0.01")


def item_seed(form_seed: int, position: int) -> int:
    """The seed of the item at ``position`` (1-based) of a form.

    >>> item_seed(12345, 1) == item_seed(12345, 1)
    True
    >>> item_seed(12345, 1) != item_seed(12345, 2)
    True
    >>> 0 <= item_seed(2**62 - 1, 500) < 2**62
    True
    """
    digest = hashlib.sha256(f"exam-item:{form_seed}:{position}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


@dataclass(frozen=True)
class PlannedItem:
    position: int
    section_position: int
    kind: str
    difficulty: str
    target_seconds: int | None


def plan_items(sections: Sequence[Mapping[str, Any]]) -> list[PlannedItem]:
    """Items in order: each section's ``count`` items, sections in their order.

    >>> [(i.position, i.section_position, i.kind) for i in plan_items(
    ...     [{"position": 1, "kind": "a", "difficulty": "easy", "count": 2, "target_seconds": None},
    ...      {"position": 2, "kind": "b", "difficulty": "hard", "count": 1, "target_seconds": 9}])]
    [(1, 1, 'a'), (2, 1, 'a'), (3, 2, 'b')]
    """
    items: list[PlannedItem] = []
    for section in sections:
        for _ in range(int(section["count"])):
            items.append(
                PlannedItem(
                    position=len(items) + 1,
                    section_position=int(section["position"]),
                    kind=str(section["kind"]),
                    difficulty=str(section["difficulty"]),
                    target_seconds=section.get("target_seconds"),
                )
            )
    return items


def percent(points: Decimal, items: int) -> Decimal:
    """``100 × points / items`` truncated to 2 decimals.

    >>> percent(Decimal("2"), 3)
    Decimal('66.66')
    >>> percent(Decimal("0"), 0)
    Decimal('0.00')
    """
    if items == 0:
        return Decimal("0.00")
    return (Decimal(100) * points / Decimal(items)).quantize(CENT, rounding=ROUND_DOWN)


def item_points(
    score: Decimal, elapsed_seconds: Decimal | None, target_seconds: int | None, late_credit_percent: int
) -> tuple[Decimal, bool]:
    """Points for an item and whether it was late.

    >>> item_points(Decimal("1.00"), Decimal("12.5"), 10, 50)
    (Decimal('0.50'), True)
    >>> item_points(Decimal("1.00"), Decimal("10"), 10, 50)
    (Decimal('1.00'), False)
    >>> item_points(Decimal("0.50"), Decimal("99"), None, 0)
    (Decimal('0.50'), False)
    """
    late = target_seconds is not None and elapsed_seconds is not None and elapsed_seconds > target_seconds
    if not late:
        return score, False
    return (score * Decimal(late_credit_percent) / Decimal(100)).quantize(CENT, rounding=ROUND_DOWN), True


@dataclass(frozen=True)
class SectionScore:
    position: int
    title: str
    items: int
    points: Decimal
    score_percent: Decimal
    min_percent: int | None
    passed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "title": self.title,
            "items": self.items,
            "points": str(self.points),
            "score_percent": str(self.score_percent),
            "min_percent": self.min_percent,
            "passed": self.passed,
        }


@dataclass(frozen=True)
class Totals:
    score_percent: Decimal
    passed: bool
    sections: tuple[SectionScore, ...]


def total(
    sections: Sequence[Mapping[str, Any]], points_by_section: Mapping[int, Sequence[Decimal]], pass_percent: int
) -> Totals:
    """Section and overall scores, and pass or fail.

    >>> sections = [{"position": 1, "title": "A", "min_percent": 60}, {"position": 2, "title": "B"}]
    >>> t = total(sections, {1: [Decimal(1), Decimal(0)], 2: [Decimal(1), Decimal(1)]}, 70)
    >>> t.score_percent, t.passed, [s.passed for s in t.sections]
    (Decimal('75.00'), False, [False, True])
    """
    scores = []
    all_points: list[Decimal] = []
    for section in sections:
        position = int(section["position"])
        points = list(points_by_section.get(position, ()))
        all_points.extend(points)
        section_percent = percent(sum(points, Decimal(0)), len(points))
        minimum = section.get("min_percent")
        scores.append(
            SectionScore(
                position=position,
                title=str(section["title"]),
                items=len(points),
                points=sum(points, Decimal(0)),
                score_percent=section_percent,
                min_percent=minimum,
                passed=minimum is None or section_percent >= minimum,
            )
        )
    overall = percent(sum(all_points, Decimal(0)), len(all_points))
    passed = overall >= pass_percent and all(score.passed for score in scores)
    return Totals(overall, passed, tuple(scores))
