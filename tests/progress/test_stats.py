"""Mastery, falling accuracy and item statistics on hand-checked numbers (no database)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drills.progress import rollup
from drills.progress.charts import accuracy_line, bar_chart, heatmap
from drills.progress.rollup import AttemptFacts, SkillState, add_day, fold
from drills.progress.stats import ItemFlag, Level, Policy, item_statistics, mastery, pearson


def window(results: str, times: list[int] | None = None, start: int = 1) -> list[list[int]]:
    """``"1101"`` → entries with ids from ``start``; times default to 1 s each."""
    times = times or [1000] * len(results)
    return [[start + i, int(r), ms] for i, (r, ms) in enumerate(zip(results, times, strict=True))]


def test_27_of_30_right_with_median_in_target_is_mastered() -> None:
    # 35 answers: the first 5 (wrong and very slow) fall out of the 30-answer window.
    results = "00000" + "0" + "1" * 9 + "0" + "1" * 9 + "0" + "1" * 9
    times = [60_000] * 5 + [3000 + 100 * i for i in range(30)]
    m = mastery("ou-total", window(results, times), Policy(), target_seconds=5)
    assert (m.answers, m.correct) == (30, 27)
    # Window times 3000, 3100, ..., 5900: the median is (4400 + 4500) / 2.
    assert m.median_ms == 4450.0
    assert m.accuracy_percent == 90
    assert m.mastered
    assert m.level is Level.MASTERED


def test_median_over_target_is_accurate_but_slow() -> None:
    m = mastery("ou-total", window("1" * 30, [5000] * 15 + [5002] * 15), Policy(), target_seconds=5)
    assert m.median_ms == 5001.0  # (5000 + 5002) / 2: one millisecond over 5 s
    assert not m.mastered
    assert m.level is Level.SLOW


@pytest.mark.parametrize(
    ("results", "level", "mastered"),
    [
        ("1" * 26 + "0" * 4, Level.CLOSE, False),  # 86.7 %: under 90, within 15 points
        ("1" * 22 + "0" * 8, Level.WEAK, False),  # 73.3 %: more than 15 points under
        ("1" * 23 + "0" * 7, Level.CLOSE, False),  # 76.7 %
        ("1" * 18 + "00", Level.MASTERED, True),  # exactly 20 answers, exactly 90 %
        ("1" * 19, Level.FEW, False),  # all right but only 19 answers
        ("", Level.NONE, False),
    ],
)
def test_levels(results: str, level: Level, mastered: bool) -> None:
    m = mastery("k", window(results), Policy(), target_seconds=10)
    assert m.level is level
    assert m.mastered is mastered


def test_policy_values_are_used() -> None:
    policy = Policy(window=10, accuracy=Decimal("0.80"), minimum_answers=5)
    entries = window("0" * 20 + "1" * 8 + "00")  # last 10: 8 right
    m = mastery("k", entries, policy, target_seconds=2)
    assert (m.answers, m.correct, m.mastered) == (10, 8, True)
    assert not mastery("k", entries, Policy(window=10, accuracy=Decimal("0.81"), minimum_answers=5), 2).mastered
    assert mastery("k", window("11110"), policy, 2).level is Level.MASTERED  # 4 of 5 = 80 %, 5 answers
    assert mastery("k", window("1111"), policy, 2).level is Level.FEW


def test_falling_accuracy_compares_the_newer_half_with_the_older() -> None:
    falling = mastery("k", window("1" * 15 + "1" * 12 + "000"), Policy(), 10)
    assert falling.falling == (1.0, 0.8)  # 15/15 then 12/15: a drop of 20 points >= 15
    steady = mastery("k", window("1" * 15 + "1" * 13 + "00"), Policy(), 10)
    assert steady.falling is None  # 13/15: a drop of 13.3 points
    assert mastery("k", window("1" * 10 + "0" * 9), Policy(), 10).falling is None  # too few answers


def test_pearson_by_hand() -> None:
    # x = 0.9 0.6 0.3 1.0, y = 0.8 0.5 0.4 0.7: Sxy = 0.16, Sxx = 0.30, Syy = 0.10.
    xs = [Fraction(9, 10), Fraction(6, 10), Fraction(3, 10), Fraction(1)]
    ys = [Fraction(8, 10), Fraction(5, 10), Fraction(4, 10), Fraction(7, 10)]
    assert pearson(xs, ys) == pytest.approx(0.16 / (0.30 * 0.10) ** 0.5)
    assert pearson(xs, ys) == pytest.approx(0.92376, abs=1e-5)
    assert pearson([Fraction(1)] * 3, ys[:3]) is None  # no variance


def test_item_statistics_four_trainees_two_items() -> None:
    a, b = ("ou-total", "easy"), ("ou-settle", "normal")
    data = {
        "t1": {a: (10, 9), b: (10, 8)},
        "t2": {a: (10, 6), b: (10, 5)},
        "t3": {a: (10, 3), b: (10, 4)},
        "t4": {a: (10, 10), b: (10, 7)},
    }
    stats = {(s.kind, s.difficulty): s for s in item_statistics(data)}
    assert stats[a].facility == pytest.approx(28 / 40)
    assert stats[b].facility == pytest.approx(24 / 40)
    assert stats[a].trainees == 4
    assert stats[a].discrimination == pytest.approx(0.92376, abs=1e-5)
    assert stats[b].discrimination == pytest.approx(0.92376, abs=1e-5)  # symmetric with two items
    assert stats[a].flags == ()


def test_discrimination_uses_the_pooled_rest_score_without_the_item() -> None:
    # Rest of t1 = (6 + 0) / (6 + 2) = 0.75, t2 = 4/8 = 0.5, t3 = 2/8 = 0.25: exactly linear
    # in the item score (1, 0.5, 0), so D = 1. (An unpooled mean of shares would give 0.866;
    # counting the item itself in the total would not be "corrected".)
    a, b, c = ("k", "easy"), ("k", "normal"), ("k", "hard")
    data = {
        "t1": {a: (2, 2), b: (6, 6), c: (2, 0)},
        "t2": {a: (2, 1), b: (4, 2), c: (4, 2)},
        "t3": {a: (2, 0), b: (4, 1), c: (4, 1)},
    }
    stats = {s.difficulty: s for s in item_statistics(data)}
    assert stats["easy"].discrimination == pytest.approx(1.0)
    assert stats["easy"].facility == pytest.approx(0.5)


def test_discrimination_needs_three_trainees_and_flags_broken_items() -> None:
    a, b = ("k", "easy"), ("k", "hard")
    two = {"t1": {a: (5, 5), b: (5, 1)}, "t2": {a: (5, 0), b: (5, 4)}}
    assert item_statistics(two)[0].discrimination is None
    # Strong trainees (on the rest) miss item a; weak ones get it right: negative D.
    data = {
        "t1": {a: (10, 1), b: (10, 10)},
        "t2": {a: (10, 5), b: (10, 6)},
        "t3": {a: (10, 9), b: (10, 2)},
    }
    stat = next(s for s in item_statistics(data) if s.difficulty == "easy")
    assert stat.discrimination == pytest.approx(-1.0)
    assert ItemFlag.NEGATIVE in stat.flags
    easy = item_statistics({"t1": {a: (20, 20)}})[0]
    assert easy.flags == (ItemFlag.TOO_EASY,)
    assert easy.discrimination is None  # no rest score
    assert item_statistics({"t1": {a: (20, 5)}})[0].flags == (ItemFlag.TOO_HARD,)


# --- The fold: order does not matter; the window keeps the newest ids ----------------

T0 = dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)

facts_strategy = st.lists(
    st.tuples(
        st.sampled_from(["a", "b"]),
        st.sampled_from(["easy", "hard"]),
        st.booleans(),
        st.integers(0, 60_000),
        st.integers(0, 5),
        st.sampled_from(["", "m1", "m2"]),
    ),
    max_size=40,
)


def _facts(rows: list[tuple[str, str, bool, int, int, str]]) -> list[AttemptFacts]:
    out = []
    for index, (kind, difficulty, correct, ms, days, code) in enumerate(rows, start=1):
        when = T0 + dt.timedelta(days=days, seconds=index)
        out.append(AttemptFacts(index, kind, difficulty, correct, ms, when, when.date(), code, f"message {code}"))
    return out


@settings(max_examples=60, deadline=None)
@given(facts_strategy, st.randoms(use_true_random=False))
def test_any_application_order_gives_the_fold(
    rows: list[tuple[str, str, bool, int, int, str]], rnd: random.Random
) -> None:
    facts = _facts(rows)
    expected = fold(facts)
    shuffled = facts[:]
    rnd.shuffle(shuffled)
    skills: dict[str, SkillState] = {}
    for item in shuffled:
        skills.setdefault(item.kind, SkillState()).apply(item)
        skills[item.kind].apply(item)  # applied twice: the second is a no-op
    assert {k: s.as_fields() for k, s in skills.items()} == {k: s.as_fields() for k, s in expected.skills.items()}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 80), st.booleans()), max_size=30), st.randoms(use_true_random=False))
def test_recent_day_totals_do_not_depend_on_order(rows: list[tuple[int, bool]], rnd: random.Random) -> None:
    facts = [
        AttemptFacts(i, "a", "easy", correct, 1, T0, T0.date() + dt.timedelta(days=day))
        for i, (day, correct) in enumerate(rows, start=1)
    ]
    shuffled = facts[:]
    rnd.shuffle(shuffled)
    totals: dict[str, list[int]] = {}
    for item in shuffled:
        add_day(totals, item.day, 1, int(item.correct))
    assert totals == fold(facts).recent_days
    if facts:
        newest = max(item.day for item in facts)
        expected_days = {item.day.isoformat() for item in facts if (newest - item.day).days < 35}
        assert set(totals) == expected_days


def test_window_keeps_the_newest_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollup, "WINDOW_CAP", 5)
    facts = _facts([("a", "easy", i % 2 == 0, 100 * i, 0, "") for i in range(12)])
    state = fold(reversed(facts))
    assert [entry[0] for entry in state.skills["a"].recent] == [8, 9, 10, 11, 12]
    assert state.skills["a"].answers == 12
    shuffled = SkillState()
    for item in facts[6:] + facts[:6]:
        shuffled.apply(item)
    assert shuffled.as_fields() == state.skills["a"].as_fields()


# --- Chart geometry -----------------------------------------------------------------


def test_accuracy_line_geometry() -> None:
    days = [dt.date(2025, 1, d) for d in range(1, 6)]
    chart = accuracy_line("t", days, {days[0]: (4, 4), days[1]: (4, 2), days[4]: (2, 0)}, target=0.9, width=152)
    # Plot from x=52 to 140 over 4 steps of 22; y from 10 (100 %) to 176 (0 %) for height 200.
    assert [(p.x, p.y) for p in chart.points] == [(52.0, 10.0), (74.0, 93.0), (140.0, 176.0)]
    assert chart.segments == ("52.0,10.0 74.0,93.0", "140.0,176.0")
    assert chart.target == pytest.approx(26.6)
    assert chart.rows[1] == ("2025-01-02", "50 %", "4")


def test_bar_chart_and_heatmap_geometry() -> None:
    chart = bar_chart("t", [("a", 1, "1"), ("b", 0, "0")], maximum=2, width=440, label_width=180)
    assert [bar.width for bar in chart.bars] == [100.0, 0.0]
    assert bar_chart("t", []).bars == ()
    cells = [mastery("k", window("1" * 20), Policy(), 10), mastery("k", [], Policy(), 10)]
    heat = heatmap([("k", "Kind"), ("j", "Other")], [("Ann", "/p/1/", cells)])
    assert [cell.text for cell in heat.rows[0].cells] == ["✓", "–"]
    assert heat.rows[0].cells[1].cx == str(150 + 44 + 22)
    assert "not started" in heat.rows[0].cells[1].title
