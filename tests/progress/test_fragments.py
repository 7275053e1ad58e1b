"""The dashboard's loops built in Python (issue 17) give the markup the template loops gave.

Each case renders the loop exactly as the templates had it, with Django's template engine
(autoescaping, ``truncatechars``, ``capfirst``, ``add``), and compares it with the fragment,
on names that need escaping, long names, a name in decomposed Unicode, and empty inputs.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from html import escape
from typing import Any

import pytest
from django.template import Context, Template
from django.utils.translation import gettext, override

from drills.exams.selectors import CertificationStatus
from drills.progress import fragments
from drills.progress.charts import accuracy_line, bar_chart, cell_sentence, cell_summary, heatmap, truncated
from drills.progress.stats import Policy, mastery

# The loops as the templates had them before issue 17 (whitespace included).
OLD_HEAT_ROWS = """{% for row in heat.rows %}<g transform="translate(0 {{ row.y }})"><a href="{{ row.url }}" class="heat-name"><text x="4" y="18">{{ row.label|truncatechars:20 }}</text></a>
      {% for cell in row.cells %}<a href="{{ cell.url }}"><g class="cell lv-{{ cell.level }}" transform="translate({{ cell.cx }} 0)"><title>{{ cell.title }}</title><use href="#heat-box"/><text y="18">{{ cell.text }}</text></g></a>{% endfor %}</g>
    {% endfor %}"""  # noqa: E501
OLD_HEAT_COLUMNS = """{% for x, title in heat.columns %}<text class="heat-col" x="{{ x }}" y="{{ heat.title_y }}" transform="rotate(-40 {{ x }} {{ heat.title_y }})">{{ title|truncatechars:24 }}<title>{{ title }}</title></text>{% endfor %}"""  # noqa: E501
OLD_TABLE_ROWS = """{% for row in heat.rows %}<tr><th scope="row"><a href="{{ row.url }}">{{ row.label }}</a></th>{% for cell in row.cells %}<td>{{ cell.summary }}</td>{% endfor %}<td>{{ row.mastered }}</td></tr>{% endfor %}"""  # noqa: E501
OLD_CERTIFICATIONS = """{% for name, url, statuses in certifications %}
      <tr><th scope="row"><a href="{{ url }}">{{ name }}</a></th>{% for status in statuses %}<td class="cert cert-{{ status }}">{% if status == "not-attempted" %}Not attempted{% elif status == "in-progress" %}In progress{% else %}{{ status|capfirst }}{% endif %}</td>{% endfor %}</tr>
    {% endfor %}"""  # noqa: E501
OLD_HELP = """{% for url, name, reasons in help_rows %}
      <li><a href="{{ url }}">{{ name }}</a>: {{ reasons }}</li>
    {% endfor %}"""
OLD_POINTS = """{% for point in chart.points %}<circle class="dot" cx="{{ point.x }}" cy="{{ point.y }}" r="3.5"><title>{{ point.label }}</title></circle>{% endfor %}"""  # noqa: E501
OLD_LINE_ROWS = """{% for day, value, answers in chart.rows %}<tr><td>{{ day }}</td><td>{{ value }}</td><td>{{ answers }}</td></tr>{% endfor %}"""  # noqa: E501
OLD_BARS = """{% for bar in chart.bars %}
      <text class="bar-label" x="{{ chart.label_width|add:'-8' }}" y="{{ bar.y|add:'15' }}" text-anchor="end">{{ bar.label|truncatechars:28 }}</text>
      <rect class="bar {{ bar.css }}" x="{{ chart.label_width }}" y="{{ bar.y }}" width="{{ bar.width }}" height="{{ chart.bar_height }}"><title>{{ bar.label }}: {{ bar.value_label }}</title></rect>
      <text class="bar-value" x="{{ chart.label_width|add:'6' }}" dx="{{ bar.width }}" y="{{ bar.y|add:'15' }}">{{ bar.value_label }}</text>
    {% endfor %}"""  # noqa: E501

NAMES = [
    "Ann Lee",
    'Tom "Ace" O\'Brien & <b>Co</b>',
    "Maximilian-Alexander von Hohenzollern-Sigmaringen",  # longer than every truncation
    unicodedata.normalize("NFD", "Zoë Ångström-Éluard, Björn"),  # decomposed: normalised, then cut
    "",
]
SKILLS = [("ou-total", "Count the <total> & call it"), ("ou-settle", "Settle the Over/Under 26 bets quickly please")]


def old(template: str, **context: Any) -> str:
    return Template(template).render(Context(context))


def team_heatmap() -> Any:
    policy = Policy()
    right = [[index, 1, 2000] for index in range(1, 31)]
    mixed = [[index, index % 3 != 0, 9000] for index in range(1, 13)]
    cells = [mastery("ou-total", right, policy, 10), mastery("ou-settle", mixed, policy, 10)]
    rows = [(name, f"/progress/trainees/{index}/" if index else "", cells) for index, name in enumerate(NAMES)]
    return heatmap(SKILLS, rows, games=["Over/Under 26 <house>", "Over/Under 26 <house>"])


def test_heatmap_fragments_match_the_template_loops() -> None:
    heat = team_heatmap()
    assert fragments.heatmap_rows(heat) == old(OLD_HEAT_ROWS, heat=heat)
    assert fragments.heatmap_columns(heat) == old(OLD_HEAT_COLUMNS, heat=heat)
    assert fragments.mastery_table_rows(heat) == old(OLD_TABLE_ROWS, heat=heat)
    assert "&lt;b&gt;Co&lt;/b&gt;" in fragments.heatmap_rows(heat)
    assert "<b>" not in fragments.mastery_table_rows(heat)


def test_empty_heatmap_gives_no_rows() -> None:
    heat = heatmap([], [])
    assert fragments.heatmap_rows(heat) == fragments.mastery_table_rows(heat) == ""


@pytest.mark.parametrize("names", [NAMES, []])
def test_certification_and_help_fragments_match_the_template_loops(names: list[str]) -> None:
    statuses = list(CertificationStatus)
    certifications = [
        (name, f"/t/{index}/?a=1&b=2", [statuses[(index + game) % len(statuses)] for game in range(4)])
        for index, name in enumerate(names)
    ]
    assert fragments.certification_rows(certifications) == old(OLD_CERTIFICATIONS, certifications=certifications)
    help_rows = [(f"/t/{index}/", name, "inactive for 9 days; <least> progress") for index, name in enumerate(names)]
    assert fragments.help_list(help_rows) == old(OLD_HELP, help_rows=help_rows)


def test_chart_fragments_match_the_template_loops() -> None:
    days = [dt.date(2025, 1, 1) + dt.timedelta(days=n) for n in range(30)]
    chart = accuracy_line("t", days, {day: (n + 1, n // 2) for n, day in enumerate(days) if n % 4}, target=0.9)
    assert chart.points_html == old(OLD_POINTS, chart=chart)
    assert chart.rows_html == old(OLD_LINE_ROWS, chart=chart)
    assert accuracy_line("t", days, {}).points_html == ""
    bars = bar_chart("t", [(name or "none", n, f"{n} <x>") for n, name in enumerate(NAMES)], css=["a", 'b"'])
    assert bars.bars_html == old(OLD_BARS, chart=bars)


@pytest.mark.parametrize(
    ("text", "length", "expected"),
    [
        ("short", 20, "short"),
        ("exactly twenty chars", 20, "exactly twenty chars"),
        ("twenty-one characters", 20, "twenty-one characte…"),
        (unicodedata.normalize("NFD", "Zoë"), 20, "Zoë"),  # normalised like the filter
        ("", 5, ""),
    ],
)
def test_truncated_is_truncatechars(text: str, length: int, expected: str) -> None:
    assert truncated(text, length) == expected
    assert truncated(text, length) == old("{{ text|truncatechars:length }}", text=text, length=length)


def test_heatmap_cells_say_what_the_sentence_and_summary_say() -> None:
    policy = Policy()
    windows = [[], [[1, 1, 900]], [[i, i % 2, 1000 * i] for i in range(1, 31)], [[i, 1, 1500] for i in range(1, 31)]]
    cells = [mastery("ou-total", window, policy, 10) for window in windows]
    skills = [(f"k{n}", f"Skill {n}") for n in range(len(cells))]
    heat = heatmap(skills, [("Ann <A>", "/t/1/", cells)])
    for cell, item, (_slug, title) in zip(heat.rows[0].cells, cells, skills, strict=True):
        assert cell.title == cell_sentence("Ann <A>", title, item)
        assert cell.summary == cell_summary(item)
    assert [cell.text for cell in heat.rows[0].cells] == ["–", "100", "50", "✓"]


def test_heatmap_list_gives_each_trainee_their_started_skills() -> None:
    policy = Policy()
    started = mastery("ou-total", [[index, 1, 2000] for index in range(1, 31)], policy, 10)
    untouched = mastery("ou-settle", [], policy, 10)
    rows = [('Tom "Ace" <b>', "/t/1/?a=1&b=2", [started, untouched]), ("Ann", "/t/2/", [untouched, untouched])]
    heat = heatmap(SKILLS, rows)
    html = fragments.heatmap_list(heat)
    tom, ann = html.split('<li class="heat-trainee">')[1:]
    assert "Tom &quot;Ace&quot; &lt;b&gt;" in tom
    assert 'href="/t/1/?a=1&amp;b=2#skill-ou-total"' in tom
    assert "Count the &lt;total&gt; &amp; call it" in tom  # the started skill, its title escaped
    assert "Settle the Over/Under" not in tom  # not started: counted, not listed
    assert f"lv-{heat.rows[0].cells[0].level}" in tom
    assert "1 of the 2 skills shown mastered" in tom
    assert "Not started: 1 of 2 skills" in tom
    assert "heat-skills" not in ann
    assert "Not started: 2 of 2 skills" in ann
    assert fragments.heatmap_list(heatmap([], [])) == ""


def test_heatmap_list_speaks_the_persons_language() -> None:
    policy = Policy()
    started = mastery("ou-total", [[index, 1, 2000] for index in range(1, 31)], policy, 10)
    untouched = mastery("ou-settle", [], policy, 10)
    skills = [("ou-total", "Announce the total"), ("ou-settle", "Settle the round")]
    heat = heatmap(skills, [("Ann", "/t/2/", [started, untouched])])
    with override("es"):
        html = fragments.heatmap_list(heat)
        title = gettext("Announce the total")
    assert title != "Announce the total"
    assert title in html
    assert "1 de las 2 habilidades mostradas dominadas" in html
    assert "Sin empezar: 1 de 2 habilidades" in html
    assert "skills shown" not in html


def test_heatmap_hover_text_is_in_the_viewers_language() -> None:
    policy = Policy()
    cells = [
        mastery("ou-total", [[i, 1, 1500] for i in range(1, 31)], policy, 10),
        mastery("ou-settle", [], policy, 10),
    ]
    with override("en"):
        english = heatmap(SKILLS, [("Ann", "/t/1/", cells)]).rows[0].cells
    with override("es"):
        spanish = heatmap(SKILLS, [("Ann", "/t/1/", cells)]).rows[0].cells
    assert "100 % right of the last 30" in english[0].title
    assert "100 % de aciertos en las últimas 30" in spanish[0].title
    assert spanish[0].title.startswith("Ann, Count the <total> & call it: ")
    assert "mediana 1.5 s" in spanish[0].title or "mediana 1,5 s" in spanish[0].title
    assert "100 % de 30" in spanish[0].summary
    assert spanish[1].title.endswith(": sin empezar")
    assert spanish[1].summary == "sin empezar"


def test_heatmap_escaped_parts_are_the_whole_escaped() -> None:
    """``title_html``/``url_html`` are put together from parts escaped once per row, column and
    wording (issue 17); they equal escaping the whole, even for names with braces, quotes and
    ampersands, and the plain title is still the sentence."""
    policy = Policy()
    cells = [
        mastery("ou-total", [[i, 1, 1500] for i in range(1, 31)], policy, 10),
        mastery("ou-settle", [], policy, 10),
    ]
    names = ['{skill} & "{trainee}"', "O'Brien <b>", "Zoë {0}"]
    skills = [("ou-total", "Count {state} & <call>"), ("ou-settle", 'It\'s "settled"')]
    heat = heatmap(skills, [(name, f"/t/{n}/?a=1&b='{n}'", cells) for n, name in enumerate(names)])
    for name, row in zip(names, heat.rows, strict=True):
        assert (row.label_html, row.url_html) == (escape(row.label), escape(row.url))
        for cell, item, (_slug, title) in zip(row.cells, cells, skills, strict=True):
            assert cell.title == cell_sentence(name, title, item)
            assert cell.title_html == escape(cell.title)
            assert cell.url_html == escape(cell.url)


def test_heatmap_words_follow_every_figure_of_the_cell() -> None:
    """A team's cells share their words when their figures agree (worked out once, issue 17):
    cells that differ only in the target, the median or the policy's verdict do not."""
    policy = Policy()
    windows = [
        [[i, 1, 1500] for i in range(1, 31)],
        [[i, 1, 1540] for i in range(1, 31)],  # the same median in tenths of a second
        [[i, 1, 1560] for i in range(1, 31)],  # a tenth more
        [[i, int(i % 10 != 0), 1500] for i in range(1, 31)],  # 27 of 30
        [[i, 1, 1500] for i in range(1, 11)],  # too few
    ]
    cells = [mastery("ou-total", window, policy, target) for window in windows for target in (1, 2, 10)]
    skills = [(f"k{n}", f"Skill {n}") for n in range(len(cells))]
    heat = heatmap(skills, [("Ann", "/t/1/", cells), ("Bo", "/t/2/", list(reversed(cells)))])
    for row, ordered in zip(heat.rows, [cells, list(reversed(cells))], strict=True):
        for cell, item, (_slug, title) in zip(row.cells, ordered, skills, strict=True):
            assert cell.title == cell_sentence(row.label, title, item)
            assert cell.summary == cell_summary(item)
            assert cell.level == item.level.value
    assert len({cell.title_html.split(": ", 1)[1] for cell in heat.rows[0].cells}) == len(cells) - 3  # 1.54 s ≈ 1.5 s
