"""CSV exports: a team's progress (trainee × skill) and a trainee's attempts (streamed).

Text that a spreadsheet would run as a formula (starting with ``= + - @`` or a tab/CR)
is prefixed with ``'``; plain numbers such as ``-20.00`` are left alone.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.http import StreamingHttpResponse

from drills.models import User
from drills.progress.selectors import TeamProgress, trainee_attempts

_NUMBER = re.compile(r"^[-+]?\d+(\.\d+)?$")

TEAM_HEADER = [
    "team",
    "trainee",
    "username",
    "skill",
    "skill_title",
    "answers_in_window",
    "right_in_window",
    "accuracy_percent",
    "median_seconds",
    "target_seconds",
    "mastered",
    "level",
    "total_answers",
    "last_answered_at",
]
ATTEMPT_HEADER = [
    "answered_at",
    "skill",
    "difficulty",
    "mode",
    "correct",
    "score",
    "time_seconds",
    "mistake_code",
    "mistake",
    "answer",
    "expected",
    "rules",
    "scenario",
]


def safe(value: Any) -> Any:
    """A cell value that a spreadsheet will not execute.

    >>> safe("=HYPERLINK(1)"), safe("-20.00"), safe("@x"), safe(3)
    ("'=HYPERLINK(1)", '-20.00', "'@x", 3)
    """
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.match(value):
        return "'" + value
    return value


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_response(filename: str, rows: Iterable[Sequence[Any]]) -> StreamingHttpResponse:
    writer = csv.writer(_Echo())
    response = StreamingHttpResponse(
        (writer.writerow([safe(value) for value in row]) for row in rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def team_rows(progress: TeamProgress) -> Iterator[list[Any]]:
    yield TEAM_HEADER
    for row in progress.rows:
        for skill, cell in zip(progress.skills, row.cells, strict=True):
            yield [
                progress.team.name,
                row.name,
                row.trainee.username,
                skill.slug,
                skill.title,
                cell.answers,
                cell.correct,
                "" if cell.accuracy_percent is None else cell.accuracy_percent,
                "" if cell.median_seconds is None else cell.median_seconds,
                cell.target_seconds,
                "yes" if cell.mastered else "no",
                cell.level.value,
                cell.total_answers,
                cell.last_answered_at.isoformat() if cell.last_answered_at else "",
            ]


def attempt_rows(trainee: User) -> Iterator[list[Any]]:
    yield ATTEMPT_HEADER
    for attempt in trainee_attempts(trainee).iterator(chunk_size=2000):
        yield [
            attempt.answered_at.isoformat(),
            attempt.kind,
            attempt.difficulty,
            attempt.scenario.mode,
            {True: "yes", False: "no", None: ""}[attempt.correct],
            "" if attempt.score is None else str(attempt.score),
            f"{attempt.time_taken_ms / 1000:.1f}",
            attempt.mistake_code,
            attempt.mistake,
            json.dumps(attempt.answer, ensure_ascii=False, sort_keys=True),
            "" if attempt.expected is None else json.dumps(attempt.expected, ensure_ascii=False, sort_keys=True),
            " ".join(attempt.rules or []),
            str(attempt.scenario.public_id),
        ]
