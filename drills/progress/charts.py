"""Chart geometry for the SVG our own templates draw (``templates/progress/_*.html``).

Pure functions: numbers in, coordinates and labels out. No chart library; every chart is
also given as a data table for screen readers by its template.
"""

from __future__ import annotations

import datetime as dt
import itertools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from django.template.defaultfilters import truncatechars
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from drills.labels import percent_of
from drills.progress.stats import Level, Mastery


def truncated(text: str, length: int) -> str:
    """``text|truncatechars:length``, without the filter's lazy machinery for a short text
    (the filter normalises to NFC and leaves a text of at most ``length`` characters alone)."""
    text = unicodedata.normalize("NFC", text)
    return text if len(text) <= length else truncatechars(text, length)


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str  # "2025-03-01: 80 % of 12"


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class LineChart:
    """A line over days; ``segments`` break where a day has no data."""

    title: str
    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    segments: tuple[str, ...]  # SVG polyline "x,y x,y" strings
    points: tuple[Point, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    target: float | None  # y of a target line (e.g. the mastery accuracy), or None
    rows: tuple[tuple[str, str, str], ...]  # table: (day, value, answers)

    @property
    def bottom(self) -> int:
        return self.top + self.plot_height

    @property
    def right(self) -> int:
        return self.left + self.plot_width

    @property
    def empty(self) -> bool:
        return not self.points

    @property
    def points_html(self) -> SafeString:
        """The dots with their tooltips, as one string (a loop in the template costs more)."""
        return mark_safe(  # the labels are escaped; x and y are numbers
            "".join(
                f'<circle class="dot" cx="{point.x}" cy="{point.y}" r="3.5">'
                f"<title>{escape(point.label)}</title></circle>"
                for point in self.points
            )
        )

    @property
    def rows_html(self) -> SafeString:
        """The data table's rows (day, value, answers), as one string."""
        return mark_safe(  # every value is escaped
            "".join(
                f"<tr><td>{escape(day)}</td><td>{escape(value)}</td><td>{escape(answers)}</td></tr>"
                for day, value, answers in self.rows
            )
        )


def accuracy_line(
    title: str,
    days: Sequence[dt.date],
    counts: dict[dt.date, tuple[int, int]],
    *,
    target: float | None = None,
    width: int = 480,
    height: int = 200,
) -> LineChart:
    """Daily accuracy (percent) over ``days``; ``counts`` maps a day to (answers, right).

    >>> d = [dt.date(2025, 1, 1), dt.date(2025, 1, 2), dt.date(2025, 1, 3)]
    >>> chart = accuracy_line("t", d, {d[0]: (10, 5), d[2]: (4, 4)})
    >>> len(chart.segments), [p.label for p in chart.points]
    (2, ['2025-01-01: 50 % right of 10', '2025-01-03: 100 % right of 4'])
    """
    left, top, right_pad, bottom_pad = 52, 10, 12, 24
    plot_width, plot_height = width - left - right_pad, height - top - bottom_pad
    step = plot_width / max(1, len(days) - 1)

    def y_of(percent: float) -> float:
        return round(top + plot_height * (1 - percent / 100), 1)

    segments: list[str] = []
    current: list[str] = []
    points: list[Point] = []
    rows: list[tuple[str, str, str]] = []
    for index, day in enumerate(days):
        answers, right = counts.get(day, (0, 0))
        if not answers:
            if current:
                segments.append(" ".join(current))
                current = []
            continue
        percent = 100 * right / answers
        x, y = round(left + index * step, 1), y_of(percent)
        current.append(f"{x},{y}")
        # The percent sign goes with the value: a "%" in a message ID reads as a printf directive.
        label = gettext("{day}: {percent} right of {answers}").format(
            day=day.isoformat(), percent=f"{percent_of(right, answers)} %", answers=answers
        )
        points.append(Point(x, y, label))
        rows.append((day.isoformat(), f"{percent_of(right, answers)} %", str(answers)))
    if current:
        segments.append(" ".join(current))
    y_ticks = tuple(Tick(y_of(p), f"{p} %") for p in (0, 50, 100))
    x_ticks: tuple[Tick, ...] = ()
    if days:
        x_ticks = (
            Tick(left, days[0].strftime("%d %b")),
            Tick(round(left + (len(days) - 1) * step, 1), days[-1].strftime("%d %b")),
        )
    return LineChart(
        title=title,
        width=width,
        height=height,
        left=left,
        top=top,
        plot_width=plot_width,
        plot_height=plot_height,
        segments=tuple(segments),
        points=tuple(points),
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        target=None if target is None else y_of(100 * target),
        rows=tuple(rows),
    )


@dataclass(frozen=True)
class Bar:
    y: float
    width: float
    label: str
    value_label: str
    css: str = ""


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars (labels on the left), e.g. trainees by skills mastered."""

    title: str
    width: int
    height: int
    label_width: int
    bar_height: int
    bars: tuple[Bar, ...]

    @property
    def plot_width(self) -> int:
        return self.width - self.label_width - 60

    @property
    def bars_html(self) -> SafeString:
        """Each bar's label, bar (with its tooltip) and value, as one string."""
        left, value_x = self.label_width - 8, self.label_width + 6
        return mark_safe(  # the labels are escaped; the rest are numbers
            "".join(
                f'\n      <text class="bar-label" x="{left}" y="{int(bar.y) + 15}" text-anchor="end">'
                f"{escape(truncated(bar.label, 28))}</text>"
                f'\n      <rect class="bar {escape(bar.css)}" x="{self.label_width}" y="{bar.y}" width="{bar.width}" '
                f'height="{self.bar_height}"><title>{escape(bar.label)}: {escape(bar.value_label)}</title></rect>'
                f'\n      <text class="bar-value" x="{value_x}" dx="{bar.width}" y="{int(bar.y) + 15}">'
                f"{escape(bar.value_label)}</text>\n    "
                for bar in self.bars
            )
        )


def bar_chart(
    title: str,
    items: Sequence[tuple[str, float, str]],
    *,
    maximum: float | None = None,
    width: int = 460,
    label_width: int = 180,
    css: Sequence[str] = (),
) -> BarChart:
    """Bars for ``(label, value, value label)``; length relative to ``maximum`` (default: the largest).

    >>> chart = bar_chart("t", [("a", 2, "2"), ("b", 4, "4")])
    >>> [bar.width for bar in chart.bars]
    [110.0, 220.0]
    """
    bar_height, gap = 22, 8
    top = max((value for _, value, _ in items), default=0) if maximum is None else maximum
    plot = width - label_width - 60
    bars = tuple(
        Bar(
            y=index * (bar_height + gap),
            width=round(plot * value / top, 1) if top else 0.0,
            label=label,
            value_label=value_label,
            css=css[index] if index < len(css) else "",
        )
        for index, (label, value, value_label) in enumerate(items)
    )
    height = max(1, len(items)) * (bar_height + gap)
    return BarChart(title, width, height, label_width, bar_height, bars)


class HeatCell(NamedTuple):
    """A value tuple (the dashboard has one per trainee and skill: thousands in a big team).
    ``title_html`` and ``url_html`` are ``title`` and ``url`` escaped (``html.escape``), put
    together from parts escaped once per row, column or wording (``heatmap``), so the
    fragments need not escape each cell's text twice over; the plain ``title``, which the
    page does not use, is put together only when asked for (issue 17)."""

    cx: str  # the cell's centre (x), as the text the template places
    level: str  # a Level value (the CSS class)
    text: str  # what the cell says ("93", "✓", "–")
    summary: str  # the data-table cell ("93 % of 30, 4.5 s: mastered")
    url: str  # the trainee's page at this skill
    title_html: str  # ``escape(title)``
    url_html: str  # ``escape(url)``
    sentence: str  # the translated "{trainee}, {skill}: {state}" of ``title``, and its parts:
    trainee: str
    skill: str
    state: str

    @property
    def title(self) -> str:
        """The full sentence, for a tooltip and screen readers (``cell_sentence``)."""
        return self.sentence.format(trainee=self.trainee, skill=self.skill, state=self.state)


class HeatRow(NamedTuple):
    y: str  # the row's top, as text
    label: str
    url: str
    cells: tuple[HeatCell, ...]
    mastered: int
    label_html: str = ""  # ``escape(label)``
    url_html: str = ""  # ``escape(url)``


@dataclass(frozen=True)
class Heatmap:
    """Trainees × skills. Coordinates are strings, computed here once: the template only
    places them (a 50 × 20 heatmap is a thousand cells; number formatting in the template
    would dominate the page's time). Each cell is a ``<g>`` translated to its centre; the
    cell's box is one shared ``<rect>`` (``<use>``) of ``rect_width`` × ``rect_height``."""

    width: int
    height: int
    label_width: int
    cell_width: int
    cell_height: int
    header_height: int
    columns: tuple[tuple[int, str], ...]  # (x centre, title), drawn slanted
    rows: tuple[HeatRow, ...]
    groups: tuple[tuple[int, int, int, str, str], ...] = ()  # (x, width, x centre, label, game): a band per game

    @property
    def rect_width(self) -> int:
        return self.cell_width - 2

    @property
    def rect_height(self) -> int:
        return self.cell_height - 2

    @property
    def rect_x(self) -> int:
        return -(self.cell_width - 2) // 2

    @property
    def title_y(self) -> int:
        return self.header_height - 6


def cell_sentence(trainee: str, skill: str, item: Mastery) -> str:
    return gettext("{trainee}, {skill}: {state}").format(trainee=trainee, skill=skill, state=_sentence_tail(item))


def _sentence_tail(item: Mastery) -> str:
    if item.answers == 0:
        return gettext("not started")
    return _tail(str(item.level.label), item.accuracy_percent, item)


def cell_summary(item: Mastery) -> str:
    if item.answers == 0:
        return gettext("not started")
    return _summary(str(item.level.label), item.accuracy_percent, item)


def _tail(label: str, percent: object, item: Mastery) -> str:
    return gettext("{level}, {percent} right of the last {answers}, median {seconds} s (target {target} s)").format(
        level=label,
        percent=f"{percent} %",
        answers=item.answers,
        seconds=item.median_seconds,
        target=item.target_seconds,
    )


def _summary(label: str, percent: object, item: Mastery) -> str:
    return gettext("{percent} of {answers}, {seconds} s: {level}").format(
        percent=f"{percent} %", answers=item.answers, seconds=item.median_seconds, level=label
    )


class _CellWords:
    """A cell's words, as ``cell_sentence`` (after "trainee, skill: ") and ``cell_summary``
    give them, for many cells in one language, with the sentence tail escaped.

    The words depend only on a few figures (level, answers, right, median in tenths of a
    second, target), which a big team's cells share: each set is worded once. The messages
    are looked up once per heatmap, not per cell (``gettext`` costs microseconds a call, and
    a team of 500 has 1,500 cells, issue 17)."""

    def __init__(self) -> None:
        self.not_started = gettext("not started")
        self.tail = gettext("{level}, {percent} right of the last {answers}, median {seconds} s (target {target} s)")
        self.summary = gettext("{percent} of {answers}, {seconds} s: {level}")
        self.known: dict[tuple[object, ...], tuple[str, str, str, str, str]] = {}
        self.percents: dict[tuple[int, int], int] = {}  # ``percent_of`` is exact, hence slow: once per figures
        self.levels: dict[Level, str] = {}  # a level's words, looked up once per heatmap

    def __call__(self, item: Mastery) -> tuple[str, str, str, str, str]:
        """(CSS level, cell text, sentence tail, table summary, the tail escaped)."""
        if item.answers == 0:
            found = self.known.get((item.level,))
            if found is None:
                words = self.not_started
                found = self.known[(item.level,)] = (item.level.value, "–", words, words, escape(words))
            return found
        seconds = item.median_seconds
        key = (item.level, item.mastered, item.answers, item.correct, seconds, item.target_seconds)
        found = self.known.get(key)
        if found is None:
            figures = (item.correct, item.answers)
            percent = self.percents.get(figures)
            if percent is None:
                percent = self.percents[figures] = percent_of(*figures)
            label = self.levels.get(item.level)
            if label is None:
                label = self.levels[item.level] = str(item.level.label)
            tail = self.tail.format(
                level=label, percent=f"{percent} %", answers=item.answers, seconds=seconds, target=item.target_seconds
            )
            summary = self.summary.format(percent=f"{percent} %", answers=item.answers, seconds=seconds, level=label)
            text = "✓" if item.mastered else str(percent)
            found = self.known[key] = (item.level.value, text, tail, summary, escape(tail))
        return found


def heatmap(
    skills: Sequence[tuple[str, str]],
    rows: Sequence[tuple[str, str, Sequence[Mastery]]],
    games: Sequence[str] | None = None,
) -> Heatmap:
    """Trainees × skills. ``skills``: (slug, title); ``rows``: (name, url, masteries by skill);
    ``games``: each skill's game, for a band per game over the columns (skills come grouped by
    game). A cell links to the trainee's page at that skill (``url#skill-<slug>``).

    Every number the template needs is computed here: the template only places values.
    """
    label_width, cell_width, cell_height = 150, 44, 28
    header_height = 140 if games else 120
    columns = tuple(
        (label_width + index * cell_width + cell_width // 2, title) for index, (_, title) in enumerate(skills)
    )
    groups = []
    for game, members in itertools.groupby(enumerate(games or ()), key=lambda pair: pair[1]):
        indexes = [index for index, _ in members]
        x = label_width + indexes[0] * cell_width
        width = cell_width * len(indexes)
        short = game.split(" (")[0]  # "Blackjack (six decks, no hole card)" -> "Blackjack"
        room = max(3, width // 7)  # characters that fit the band at 12 px
        groups.append(
            (x + 1, width - 2, x + width // 2, short if len(short) <= room else short[: room - 1] + "…", game)
        )
    # Per column: its centre, title and anchor, plain and escaped. A cell's sentence and
    # link are put together from these and the row's parts: ``escape`` replaces character by
    # character, so escaping the parts is escaping the whole (a name is escaped once a row).
    columns_parts = [
        (str(x), title, escape(title), f"#skill-{slug}", escape(f"#skill-{slug}"))
        for (x, _), (slug, title) in zip(columns, skills, strict=True)
    ]
    sentence = gettext("{trainee}, {skill}: {state}")
    sentence_html = escape(sentence)
    words = _CellWords()
    heat_rows = []
    for row_index, (name, url, masteries) in enumerate(rows):
        name_html, url_html = escape(name), escape(url)
        cells = []
        for (cx, title, title_html, anchor, anchor_html), item in zip(columns_parts, masteries, strict=True):
            level, text, tail, summary, tail_html = words(item)
            cells.append(
                HeatCell(
                    cx,
                    level,
                    text,
                    summary,
                    f"{url}{anchor}" if url else "",
                    sentence_html.format(trainee=name_html, skill=title_html, state=tail_html),
                    f"{url_html}{anchor_html}" if url else "",
                    sentence,
                    name,
                    title,
                    tail,
                )
            )
        mastered = sum(1 for item in masteries if item.mastered)
        heat_rows.append(
            HeatRow(
                str(header_height + row_index * cell_height), name, url, tuple(cells), mastered, name_html, url_html
            )
        )
    width = label_width + cell_width * max(1, len(skills)) + 110  # room for the slanted titles
    height = header_height + cell_height * max(1, len(rows))
    return Heatmap(
        width, height, label_width, cell_width, cell_height, header_height, columns, tuple(heat_rows), tuple(groups)
    )
