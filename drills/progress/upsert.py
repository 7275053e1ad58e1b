"""The roll-up of one graded attempt as one PostgreSQL statement (issue 17).

Same result as :meth:`drills.progress.rollup.SkillState.apply` plus the daily tally and the
trainee summary (``services.record_attempt_in_python``, the path of other databases), but
in one round trip, in autocommit, computed by the database on the rows as they are when
each is locked:

1. ``gate``: the trainee's transaction-level advisory lock (:func:`trainee_lock_sql`),
   which the nightly rebuild takes first too, so grading and rebuilding one trainee are
   serialised and always lock in the same order (no deadlock); for a received attempt's
   grade, also an asynchronous commit (the sweep grades the attempt again if it is lost);
2. ``graded``: the grade's ``UPDATE`` of the attempt (optional), so the grade and its
   roll-up commit or fail together;
3. ``skill``: ``INSERT … ON CONFLICT (user, kind) DO UPDATE`` of the skill row: counters,
   the window with the new ``[id, correct, ms]`` entry (the :data:`WINDOW_CAP` highest ids,
   sorted), its figures for the row's window size (a new row: the property's policy),
   answers per difficulty and named mistakes; ``WHERE`` the window does not hold the
   attempt yet, so a repeated call changes nothing;
4. ``tally`` and ``summary``: upserts of the day's tally and of the trainee's summary
   (``recent_days`` kept as :func:`drills.progress.rollup.add_day` keeps it), each fed by
   the row the previous step returned, so neither runs for an attempt already counted.

Every write is an upsert that reads the locked row it changes (never a row of the
statement's snapshot), so a row the rebuild replaced meanwhile is updated, not missed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import connection
from django.db.models import Field

from drills.kinds.base import ANSWER_DIFFERS
from drills.models import Attempt, AttemptStatus, User
from drills.prepared import Prepared
from drills.progress.models import DailyTally, SkillRollup, TraineeSummary, TrainingPolicy
from drills.progress.rollup import DEFAULT_WINDOW, RECENT_DAYS, WINDOW_CAP, AttemptFacts

if TYPE_CHECKING:
    from drills.learning.services import CardWrite

LOCK_CLASS = 17_007
"""First key of the per-trainee advisory lock (the second is the user id, in 31 bits)."""


def trainee_lock_sql(user_id: int) -> tuple[str, list[int]]:
    """``SELECT`` taking the trainee's roll-up lock until the transaction ends."""
    return "SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_CLASS, user_id & 0x7FFF_FFFF]


def _table(model: type[Any]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


# The new window and its figures, from the locked row ``r`` (its ``recent`` sorted by attempt id)
# and the new entry. Most answers are the trainee's newest: the entry is appended (and the oldest
# dropped at WINDOW_CAP) with no sort; an older one (two tabs, the sweep) is merged in by sorting.
# The window's figures read its last ``size`` entries by position, and are aggregated without
# grouping by the merged jsonb (grouping by it made PostgreSQL sort on it: most of the statement's
# database time; issue 17). ``HAVING`` gives no row for an empty window, as grouping did.
# ``OFFSET 0`` keeps the planner from copying the merged window's expression into every place
# that reads it (it would then be rebuilt for every entry read: 14 ms instead of 0.5).
_WINDOW = """(
    SELECT merged.recent, sized.size, figures.answers, figures.correct, figures.older_correct, figures.median_ms
    FROM (SELECT CASE WHEN r.window_size > 0 THEN r.window_size ELSE EXCLUDED.window_size END AS size,
                 jsonb_array_length(r.recent) AS kept) AS sized
    CROSS JOIN LATERAL (
        SELECT CASE
            WHEN sized.kept <= %(cap)s AND (sized.kept = 0 OR (r.recent->-1->>0)::bigint < %(id)s::bigint)
            THEN (CASE WHEN sized.kept = %(cap)s THEN r.recent - 0 ELSE r.recent END)
                 || jsonb_build_array(%(entry)s::jsonb)
            ELSE (SELECT jsonb_agg(newest.e ORDER BY (newest.e->>0)::bigint)
                  FROM (SELECT e FROM jsonb_array_elements(r.recent || jsonb_build_array(%(entry)s::jsonb)) AS e
                        ORDER BY (e->>0)::bigint DESC LIMIT %(cap)s) AS newest)
        END AS recent
        OFFSET 0
    ) AS merged
    CROSS JOIN LATERAL (
        SELECT jsonb_array_length(merged.recent) AS total,
               least(jsonb_array_length(merged.recent), sized.size) AS n
        OFFSET 0
    ) AS length
    CROSS JOIN LATERAL (
        SELECT count(*) AS answers, sum((win.e->>1)::int) AS correct,
               coalesce(sum((win.e->>1)::int)
                        FILTER (WHERE win.position - (length.total - length.n) <= length.n / 2), 0)
                   AS older_correct,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY (win.e->>2)::bigint) AS median_ms
        FROM jsonb_array_elements(merged.recent) WITH ORDINALITY AS win(e, position)
        WHERE win.position > length.total - length.n
        HAVING count(*) > 0
    ) AS figures
)"""

_MISTAKES = """CASE WHEN %(counts_mistake)s THEN jsonb_set(r.mistakes, ARRAY[%(code)s::text],
    CASE WHEN NOT r.mistakes ? %(code)s::text THEN jsonb_build_array(1, %(message)s::text, %(id)s::bigint)
         WHEN %(id)s::bigint >= (r.mistakes->%(code)s::text->>2)::bigint
         THEN jsonb_build_array((r.mistakes->%(code)s::text->>0)::int + 1, %(message)s::text, %(id)s::bigint)
         ELSE jsonb_build_array((r.mistakes->%(code)s::text->>0)::int + 1,
                                r.mistakes->%(code)s::text->1, r.mistakes->%(code)s::text->2)
    END) ELSE r.mistakes END"""

_BY_DIFFICULTY = """jsonb_set(r.by_difficulty, ARRAY[%(difficulty)s::text], jsonb_build_array(
    coalesce((r.by_difficulty->%(difficulty)s::text->>0)::int, 0) + 1,
    coalesce((r.by_difficulty->%(difficulty)s::text->>1)::int, 0) + %(correct)s::int))"""

# A day the summary holds already: add to it. The newest day is unchanged then (the day is
# among the kept ones), so nothing falls out of the kept days: no need to rebuild them.
_SAME_DAY = """jsonb_set(s.recent_days, ARRAY[%(day)s::text], jsonb_build_array(
    (s.recent_days->%(day)s::text->>0)::int + 1, (s.recent_days->%(day)s::text->>1)::int + %(correct)s::int))"""

# ``add_day``: add to the day, then keep the RECENT_DAYS days up to the newest day.
_RECENT_DAYS = """(
    SELECT coalesce(jsonb_object_agg(days.key, days.value), '{}'::jsonb)
    FROM jsonb_each(s.recent_days || jsonb_build_object(%(day)s::text, jsonb_build_array(
        coalesce((s.recent_days->%(day)s::text->>0)::int, 0) + 1,
        coalesce((s.recent_days->%(day)s::text->>1)::int, 0) + %(correct)s::int))) AS days
    WHERE days.key >= to_char(greatest(%(day)s::text, (SELECT max(k) FROM jsonb_object_keys(s.recent_days) AS k))::date
                              - %(keep_days)s::int, 'YYYY-MM-DD')
)"""


def _statement(grade_sets: str, only_if_received: bool, card: bool | None = None) -> str:
    """The roll-up statement; ``card``: with the family card's write step (``True``: the card's
    first write, ``False``: its guarded update; :func:`drills.learning.services.card_write_step`)."""
    skill, tally, summary = _table(SkillRollup), _table(DailyTally), _table(TraineeSummary)
    policy, user_table = _table(TrainingPolicy), _table(User)
    # Of racing graders only the first finds the attempt still received: the others update
    # no row, and then count nothing (the skill row is fed by the grade's update).
    received = " AND status = %(received)s" if only_if_received else ""
    graded = (
        f"graded AS (UPDATE {_table(Attempt)} SET {grade_sets} WHERE id = %(id)s::bigint{received} RETURNING 1),"
        if grade_sets
        else ""
    )
    fed_by_grade = "WHERE EXISTS (SELECT 1 FROM graded)" if grade_sets and only_if_received else ""
    # A received attempt's grade can commit without waiting for its WAL flush: the answer itself
    # was committed (flushed) before grading, so a crash that lost this commit leaves the
    # attempt received, with its roll-ups and card as they were, and the sweep grades it again
    # (the same engine and rules: the same grade). One flush wait less per answer (issue 17).
    # set_config(…, true) is SET LOCAL: this statement's transaction only.
    asynchronous = ", set_config('synchronous_commit', 'off', true)" if grade_sets and only_if_received else ""
    card_step, card_count = "", "0"
    if card is not None:
        from drills.learning.services import card_write_step  # it imports this module

        card_step, card_count = f",\ncard AS ({card_write_step(card, 'summary')})", "(SELECT count(*) FROM card)"
    return _with_constants(f"""
WITH gate AS MATERIALIZED (SELECT pg_advisory_xact_lock(%(lock_class)s::int, %(lock_key)s::int){asynchronous}),
{graded}
policy AS MATERIALIZED (
    SELECT coalesce((SELECT p."window" FROM {policy} AS p JOIN {user_table} AS u ON u.property_id = p.property_id
                     WHERE u.id = %(user)s::bigint), %(default_window)s::int) AS size
    FROM gate
),
skill AS (
    INSERT INTO {skill} AS r (user_id, kind, recent, answers, correct, total_ms, by_difficulty, mistakes,
        first_answered_at, last_answered_at, window_size, window_answers, window_correct, window_older_correct,
        window_median_ms)
    SELECT %(user)s::bigint, %(kind)s::text, jsonb_build_array(%(entry)s::jsonb), 1, %(correct)s::int, %(ms)s::bigint,
        jsonb_build_object(%(difficulty)s::text, jsonb_build_array(1, %(correct)s::int)), %(new_mistakes)s::jsonb,
        %(at)s::timestamptz, %(at)s::timestamptz, policy.size, 1, %(correct)s::int, 0, %(ms)s::float8
    FROM policy {fed_by_grade}
    ON CONFLICT (user_id, kind) DO UPDATE SET
        (recent, window_size, window_answers, window_correct, window_older_correct, window_median_ms) = {_WINDOW},
        answers = r.answers + 1,
        correct = r.correct + %(correct)s::int,
        total_ms = r.total_ms + %(ms)s::bigint,
        by_difficulty = {_BY_DIFFICULTY},
        mistakes = {_MISTAKES},
        first_answered_at = least(r.first_answered_at, EXCLUDED.first_answered_at),
        last_answered_at = greatest(r.last_answered_at, EXCLUDED.last_answered_at)
    WHERE coalesce((r.recent->-1->>0)::bigint < %(id)s::bigint, TRUE)  -- newer than the window's newest: not in it
       OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(r.recent) AS e WHERE e->0 = to_jsonb(%(id)s::bigint))
    RETURNING 1
),
tally AS (
    INSERT INTO {tally} AS t (user_id, kind, day, answers, correct, total_ms)
    SELECT %(user)s::bigint, %(kind)s::text, %(day)s::date, 1, %(correct)s::int, %(ms)s::bigint FROM skill
    ON CONFLICT (user_id, kind, day) DO UPDATE SET
        answers = t.answers + 1, correct = t.correct + EXCLUDED.correct, total_ms = t.total_ms + EXCLUDED.total_ms
    RETURNING 1
),
summary AS (
    INSERT INTO {summary} AS s (user_id, answers, last_answered_at, recent_days)
    SELECT %(user)s::bigint, 1, %(at)s::timestamptz,
           jsonb_build_object(%(day)s::text, jsonb_build_array(1, %(correct)s::int))
    FROM tally
    ON CONFLICT (user_id) DO UPDATE SET
        answers = s.answers + 1,
        last_answered_at = greatest(s.last_answered_at, EXCLUDED.last_answered_at),
        recent_days = CASE WHEN s.recent_days ? %(day)s::text THEN {_SAME_DAY} ELSE {_RECENT_DAYS} END
    RETURNING 1
){card_step}
SELECT (SELECT count(*) FROM skill), (SELECT count(*) FROM summary), {card_count}""")


CONSTANTS = {
    "lock_class": LOCK_CLASS,
    "received": f"'{AttemptStatus.RECEIVED.value}'",
    "cap": WINDOW_CAP,
    "keep_days": RECENT_DAYS - 1,
}
"""Values the same on every call, written into the statement's text: fewer parameters per call
(psycopg caches its placeholder rewriting only up to 50; issue 17)."""


def _with_constants(sql: str) -> str:
    for name, value in CONSTANTS.items():
        sql = sql.replace(f"%({name})s", str(value))
    return sql


_STATEMENTS: dict[tuple[str, ...], Prepared] = {}


def record(
    attempt: Attempt, facts: AttemptFacts, save_fields: Sequence[str] = (), *, only_if_received: bool = False
) -> bool:
    """Write ``save_fields`` of the attempt and count it in the roll-ups, in one statement;
    ``False`` if the window already held it (then only the fields were written), or, with
    ``only_if_received``, if the stored attempt was no longer received (nothing written)."""
    return record_with_card(attempt, facts, save_fields, only_if_received=only_if_received)[0]


def record_with_card(
    attempt: Attempt,
    facts: AttemptFacts,
    save_fields: Sequence[str] = (),
    *,
    only_if_received: bool = False,
    card: CardWrite | None = None,
) -> tuple[bool, bool]:
    """:func:`record`, and with ``card`` the family card's write in the same statement, after
    the roll-ups and only if they counted the attempt: (counted, card written). A card not
    written while the attempt was counted means the card changed since it was read (the
    caller rebuilds the family)."""
    params: dict[str, Any] = {}
    sets = []
    for name in save_fields:
        field = Attempt._meta.get_field(name)
        assert isinstance(field, Field)  # a concrete column of the attempt
        params[f"set_{name}"] = field.get_db_prep_save(field.pre_save(attempt, False), connection)
        sets.append(f"{connection.ops.quote_name(field.column)} = %(set_{name})s")
    card_mode = None if card is None else card.creates
    key = (*save_fields, f"only_if_received={only_if_received}", f"card={card_mode}")
    if key not in _STATEMENTS:
        _STATEMENTS[key] = Prepared(_statement(", ".join(sets), only_if_received, card_mode))
    counts_mistake = not facts.correct and facts.mistake_code not in ("", ANSWER_DIFFERS)  # a tally of named mistakes
    params |= {
        "lock_key": attempt.user_id & 0x7FFF_FFFF,
        "id": facts.id,
        "user": attempt.user_id,
        "kind": facts.kind,
        "difficulty": facts.difficulty,
        "correct": int(facts.correct),
        "ms": facts.ms,
        "at": facts.answered_at,
        "day": facts.day.isoformat(),
        "default_window": DEFAULT_WINDOW,
        "entry": json.dumps([facts.id, int(facts.correct), facts.ms]),
        "counts_mistake": counts_mistake,
        "code": facts.mistake_code,
        "message": facts.mistake,
        "new_mistakes": json.dumps({facts.mistake_code: [1, facts.mistake, facts.id]} if counts_mistake else {}),
    }
    if card is not None:
        params |= card.params
    with connection.cursor() as cursor:
        _STATEMENTS[key].execute(cursor, params)
        skill_rows, summary_rows, card_rows = cursor.fetchone()
    return bool(skill_rows and summary_rows), bool(card_rows)
