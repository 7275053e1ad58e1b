"""Stored amounts above the ceiling (``games.money.MAX_AMOUNT``): rows saved before every door
enforced it (issue 13), listed by ``manage.py check_amounts`` so that staff can find them.

Read only. The JSON columns that hold amounts are walked: drill answers, exam answers,
drafts and their audit trail, rule sets, the rule-set snapshots taken with scenarios,
sittings and dealt rounds, and the old and new rules of an assigned "what changed". Every
number in them counts, JSON numbers and numbers written in text alike (``"1e30"``,
``"25-1e30"`` as a table limit, forty 9s, other scripts' digits): a number past a million in
these columns is an amount past the ceiling (no count, ratio or position comes near it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db.models import QuerySet

from drills.exams.models import AnswerEvent, Sitting, SittingItem
from drills.models import Attempt, DrillScenario, RuleSet
from drills.rounds.models import DealtRound
from drills.what_changed.models import AssignedChange
from games.money import MAX_AMOUNT

# A number as text: digits of any script, digit separators, a fraction, an exponent.
_NUMBER = re.compile(r"\d(?:[\d_]*\d)?(?:\.\d+)?(?:[eE][-+]?\d+)?")
CHUNK = 2000


@dataclass(frozen=True)
class Oversized:
    """One stored number above the ceiling: where it is, and what is stored."""

    table: str  # what people call the table: "Drill answer", "Rule set"...
    row: str  # which row, in words (ids, names)
    path: str  # where in the JSON value: "total", "table_limits", "hands[2].bet"
    value: str  # the stored value, as stored

    def __str__(self) -> str:
        return f"{self.table} — {self.row} — {self.path}: {self.value}"


def _too_big(number: Decimal) -> bool:
    return not number.is_finite() or abs(number) > MAX_AMOUNT


def _number_in(text: str) -> bool:
    for token in _NUMBER.findall(text):
        try:
            number = Decimal(token)
        except (InvalidOperation, ValueError):  # not a number Decimal reads: not an amount
            continue
        if _too_big(number):
            return True
    return False


def oversized_in(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, stored value) of every number above the ceiling in a JSON value.

    >>> list(oversized_in({"bet": "1e30", "hands": [{"stake": 5}, {"stake": 10**7}], "limits": "25-100"}))
    [('bet', '1e30'), ('hands[1].stake', '10000000')]
    """
    if isinstance(value, dict):
        for key, item in value.items():
            yield from oversized_in(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from oversized_in(item, f"{path}[{index}]")
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float | Decimal):
        try:
            too_big = _too_big(Decimal(value))
        except (InvalidOperation, ValueError):
            too_big = True
        if too_big:
            yield path or "(the value)", str(value)
    elif isinstance(value, str) and _number_in(value):
        yield path or "(the value)", value


@dataclass(frozen=True)
class Source:
    table: str
    rows: Callable[[], QuerySet[Any]]  # values_list: pk, description fields..., then the JSON columns
    describe: Callable[[tuple[Any, ...]], str]
    columns: tuple[str, ...]  # the JSON columns, last in each row, in this order


def _sources() -> list[Source]:
    return [
        Source(
            "Drill answer",
            lambda: Attempt.objects.values_list("pk", "kind", "user__username", "answer"),
            lambda r: f"attempt {r[0]} ({r[1]}, {r[2]})",
            ("answer",),
        ),
        Source(
            "Exam answer",
            lambda: SittingItem.objects.values_list(
                "pk", "position", "sitting__public_id", "sitting__candidate__username", "answer", "draft"
            ),
            lambda r: f"sitting {r[2]} item {r[1]} ({r[3]})",
            ("answer", "draft"),
        ),
        Source(
            "Exam autosave",
            lambda: AnswerEvent.objects.values_list("pk", "position", "sitting__public_id", "saved_at", "answer"),
            lambda r: f"sitting {r[2]} item {r[1]}, saved {r[3]:%Y-%m-%d %H:%M:%S}",
            ("answer",),
        ),
        Source(
            "Rule set",
            lambda: RuleSet.objects.values_list("pk", "name", "property__name", "slug", "values"),
            lambda r: f"{r[1]} of {r[2]} ({r[3]})",
            ("values",),
        ),
        Source(
            "Drill scenario rules",
            lambda: DrillScenario.objects.values_list("pk", "public_id", "user__username", "rules_values"),
            lambda r: f"scenario {r[1]} ({r[2]})",
            ("rules_values",),
        ),
        Source(
            "Exam sitting rules",
            lambda: Sitting.objects.values_list("pk", "public_id", "candidate__username", "rules_values"),
            lambda r: f"sitting {r[1]} ({r[2]})",
            ("rules_values",),
        ),
        Source(
            "Assigned rule change",
            lambda: AssignedChange.objects.values_list("pk", "game", "property__name", "old_values", "new_values"),
            lambda r: f"change {r[0]} ({r[1]} at {r[2]})",
            ("old_values", "new_values"),
        ),
        Source(
            "Dealt round rules",
            lambda: DealtRound.objects.values_list("pk", "public_id", "user__username", "rules_values"),
            lambda r: f"round {r[1]} ({r[2]})",
            ("rules_values",),
        ),
    ]


def oversized_amounts() -> Iterator[Oversized]:
    """Every stored number above ``MAX_AMOUNT`` in the columns that hold amounts, table by table."""
    for source in _sources():
        width = len(source.columns)
        for row in source.rows().order_by("pk").iterator(chunk_size=CHUNK):
            for column, value in zip(source.columns, row[-width:], strict=True):
                for path, stored in oversized_in(value):
                    where = path if width == 1 else f"{column}: {path}"
                    yield Oversized(source.table, source.describe(row), where, stored)
