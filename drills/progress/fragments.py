"""The repeating parts of the team dashboard as HTML built in Python (issue 17).

A team of fifty trainees has a few thousand cells, links, tooltips and table rows across
its heatmap, mastery table, certification table and trend chart; rendered by template
loops, each value costs a variable lookup, a localisation and an escape, and those loops
were most of the page's time. Here each part is one string join with the same escaping
(``html.escape``, which is what ``django.utils.html.escape`` calls), producing the markup
the template loops produced, character for character. The templates keep the structure
around them; these are only the loops. (The line chart's loops are ``LineChart.points_html``
and ``rows_html``, shared with the trainee's page.)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from drills.exams.selectors import CertificationStatus
from drills.progress.charts import Heatmap, truncated
from drills.progress.stats import Level


def heatmap_rows(heat: Heatmap) -> SafeString:
    """The SVG rows of the heatmap: a trainee's name, then a linked cell per skill. A row's top
    and a cell's level (a ``Level`` value), centre and text (digits, "✓" or "–") need no escaping."""
    parts: list[str] = []
    for row in heat.rows:
        parts.append(
            f'<g transform="translate(0 {row.y})"><a href="{row.url_html}" class="heat-name">'
            f'<text x="4" y="18">{escape(truncated(row.label, 20))}</text></a>\n      '
        )
        parts.extend(
            f'<a href="{cell.url_html}"><g class="cell lv-{cell.level}" transform="translate({cell.cx} 0)">'
            f'<title>{cell.title_html}</title><use href="#heat-box"/><text y="18">{cell.text}</text></g></a>'
            for cell in row.cells
        )
        parts.append("</g>\n    ")
    return mark_safe("".join(parts))  # every value above is escaped (``*_html``: by ``heatmap``)


def heatmap_columns(heat: Heatmap) -> SafeString:
    """The slanted column titles (a skill each), shortened, with the full title as a tooltip."""
    y = heat.title_y
    return mark_safe(  # every title is escaped
        "".join(
            f'<text class="heat-col" x="{x}" y="{y}" transform="rotate(-40 {x} {y})">{escape(truncated(title, 24))}'
            f"<title>{escape(title)}</title></text>"
            for x, title in ((x, gettext(title)) for x, title in heat.columns)
        )
    )


def heatmap_list(heat: Heatmap) -> SafeString:
    """The heatmap for a phone, where 24 columns do not fit: a trainee each (name, skills
    mastered), then the skills they have started as keys in the heatmap's colours, in the
    heatmap's order, each opening the trainee's skill; the skills not started are counted."""
    titles = [escape(gettext(title)) for _x, title in heat.columns]  # escaped once, not per trainee
    total = len(titles)
    # "of the skills shown": the team's columns, not every skill (the needs-help list counts
    # every skill a trainee is measured on: a supervisor reads both on one page).
    mastered = gettext("%(mastered)s of the %(total)s skills shown mastered")
    not_started = gettext("Not started: %(count)s of %(total)s skills")
    # A few figures make these words (0 to ``total`` skills): each worded and escaped once.
    mastered_words = [escape(mastered % {"mastered": count, "total": total}) for count in range(total + 1)]
    not_started_words = [escape(not_started % {"count": count, "total": total}) for count in range(total + 1)]
    parts: list[str] = []
    for row in heat.rows:
        started = [(title, cell) for title, cell in zip(titles, row.cells, strict=True) if cell.level != Level.NONE]
        parts.append(
            f'<li class="heat-trainee"><p><a href="{row.url_html}">{row.label_html}</a>'
            f' <span class="hint">{mastered_words[row.mastered]}</span></p>'
        )
        if started:
            parts.append('<ul class="heat-skills">')
            parts.extend(
                f'<li><a class="key lv-{cell.level}" href="{cell.url_html}" title="{cell.title_html}">'
                f"<b>{cell.text}</b> {title}</a></li>"
                for title, cell in started
            )
            parts.append("</ul>")
        if len(started) < total:
            parts.append(f'<p class="hint">{not_started_words[total - len(started)]}</p>')
        parts.append("</li>")
    return mark_safe("".join(parts))  # every name, title and URL is escaped; levels and figures need none


def _escaped(memo: dict[str, str], summary: str) -> str:
    memo[summary] = cell = f"<td>{escape(summary)}</td>"
    return cell


def mastery_table_rows(heat: Heatmap) -> SafeString:
    """The heatmap as table rows: the trainee, a summary per skill (cells with the same
    figures have the same summary: each made once), the skills mastered."""
    summaries: dict[str, str] = {}
    return mark_safe(  # every value is escaped
        "".join(
            f'<tr><th scope="row"><a href="{row.url_html}">{row.label_html}</a></th>'
            + "".join([summaries.get(cell.summary) or _escaped(summaries, cell.summary) for cell in row.cells])
            + f"<td>{row.mastered}</td></tr>"
            for row in heat.rows
        )
    )


def certification_rows(rows: Sequence[tuple[str, str, Sequence[str]]]) -> SafeString:
    """Certification table rows: (trainee's name, their page, a status per game). A status
    is one of a few words: each word's cell is made once."""
    cells: dict[str, str] = {}
    for _name, _url, statuses in rows:
        for status in statuses:
            if status not in cells:
                word = str(status)
                label = CertificationStatus(word).label
                cells[status] = f'<td class="cert cert-{escape(word)}">{escape(label)}</td>'
    return mark_safe(  # every value is escaped
        "".join(
            f'\n      <tr><th scope="row"><a href="{escape(url)}">{escape(name)}</a></th>'
            + "".join([cells[status] for status in statuses])
            + "</tr>\n    "
            for name, url, statuses in rows
        )
    )


def help_list(rows: Sequence[tuple[str, str, str]]) -> SafeString:
    """The items of "Who needs help": (their page, name, reasons)."""
    return mark_safe(  # every value is escaped
        "".join(
            f'\n      <li><a href="{escape(url)}">{escape(name)}</a>: {escape(reasons)}</li>\n    '
            for url, name, reasons in rows
        )
    )
