"""Benchmark: the supervisor dashboard against a plain page of the same site (issue 7).

Run by hand (pytest does not collect it: no ``test_`` prefix, and nothing runs on import)::

    .venv/bin/python tests/benchmarks/bench_dashboard.py            # SQLite (a temporary test database)
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<name> \\
        .venv/bin/python tests/benchmarks/bench_dashboard.py        # PostgreSQL (test_<name>, dropped at the end)

``BENCH_DATABASE_URL`` is read as the other benchmarks read it (``bench_db.py``); a plain
``DATABASE_URL`` still works. Either way a name whose ``test_`` copy is the site's or its
tests' database (``dealer_academy``) is refused: the copy is dropped at the end.

It creates a throw-away test database, loads one team of 50 trainees with 100,000 graded
attempts (3 skills, 3 difficulties, 90 days, named mistakes), builds the roll-ups with the
nightly rebuild, then times the dashboard and the supervisor's home page (a plain page:
session, user, the team with its 50 members) in the same run, interleaved, and reports
the ratio of the medians. It also times the roll-up upsert that grading adds per attempt.
Options: ``--trainees N --attempts N --rounds N``; ``--keep`` leaves the test database in
place and a later ``--keep`` run with the same ``--trainees`` reuses it (no load, no rebuild:
load once, time many times; the grading-transaction timing, which adds attempts, is then
skipped so the data stays as loaded). On PostgreSQL the database backend's CPU per request
is read from ``/proc`` (the server must run on this machine) and added to this process's.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _choose_database() -> None:
    """``BENCH_DATABASE_URL`` (checked by ``bench_db.bench_database``) becomes Django's
    ``DATABASE_URL``; a PostgreSQL name whose ``test_`` copy is refused stops the run."""
    sys.path.insert(0, str(ROOT))
    from urllib.parse import urlsplit

    from tests.benchmarks.bench_db import REFUSED, bench_database

    if os.environ.get("BENCH_DATABASE_URL"):
        os.environ["DATABASE_URL"] = bench_database("bench_dashboard").url
    parts = urlsplit(os.environ.get("DATABASE_URL", ""))
    name = parts.path.lstrip("/")
    if parts.scheme in {"postgres", "postgresql"} and (name in REFUSED or f"test_{name}" in REFUSED):
        raise SystemExit(f"DATABASE_URL: test_{name} is not this benchmark's to create and drop")


def _setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")
    os.environ.setdefault("DEBUG", "1")  # development storages; query logging is switched off below
    import django

    django.setup()


def load(trainees: int, attempts: int) -> dict[str, Any]:
    """One casino, one team of ``trainees`` with ``attempts`` graded attempts between them."""
    import datetime as dt
    import random
    from decimal import Decimal

    from django.utils import timezone

    from drills.models import Attempt, AttemptStatus, DrillScenario, Property, Role, Team, User

    rng = random.Random(7)
    casino = Property.objects.create(name="Bench Casino", slug="bench")
    supervisor = User.objects.create(username="bench-supervisor", role=Role.SUPERVISOR, property=casino)
    users = User.objects.bulk_create(
        User(username=f"bench-{n:03}", first_name=f"Trainee{n}", last_name="Bench", role=Role.TRAINEE, property=casino)
        for n in range(trainees)
    )
    team = Team.objects.create(property=casino, name="Bench team")
    team.members.add(*users)
    team.supervisors.add(supervisor)
    kinds = ["ou-total", "ou-settle", "ou-bonus"]
    games = {"ou-total": "over-under-26", "ou-settle": "over-under-26", "ou-bonus": "over-under-26"}
    difficulties = ["easy", "normal", "hard"]
    mistakes = [("ou-ace-as-one", "you counted an Ace as 1"), ("ou-joker-counted", "you counted the joker")]
    now = timezone.now()
    batch = 5000
    made = 0
    while made < attempts:
        size = min(batch, attempts - made)
        plan = []
        for index in range(made, made + size):
            user = users[index % trainees]
            skill = (index // trainees) % 3
            kind = kinds[skill]
            ability = 0.55 + 0.4 * (index % trainees) / trainees
            correct = rng.random() < ability
            when = now - dt.timedelta(minutes=(attempts - index) * 90 * 24 * 60 // attempts)
            ms = int(rng.lognormvariate(9.0, 0.5))
            plan.append((user, kind, rng.choice(difficulties), correct, when, ms))
        scenarios = DrillScenario.objects.bulk_create(
            DrillScenario(
                user=user,
                kind=kind,
                game=games[kind],
                difficulty=difficulty,
                seed=rng.getrandbits(40),
                engine_version="bench",
                rules_values={},
                key={"total": 26},
                shown_at=when - dt.timedelta(milliseconds=ms),
            )
            for user, kind, difficulty, _correct, when, ms in plan
        )
        rows = []
        for stored, (user, kind, difficulty, correct, when, ms) in zip(scenarios, plan, strict=True):
            code, message = rng.choice(mistakes) if not correct and rng.random() < 0.5 else ("", "")
            rows.append(
                Attempt(
                    scenario=stored,
                    user=user,
                    kind=kind,
                    difficulty=difficulty,
                    answer={"total": 26},
                    answered_at=when,
                    time_taken_ms=ms,
                    status=AttemptStatus.GRADED,
                    correct=correct,
                    score=Decimal("1.00") if correct else Decimal("0.00"),
                    expected={"total": 26},
                    mistake_code=code,
                    mistake=message,
                )
            )
        Attempt.objects.bulk_create(rows)
        made += size
        print(f"  loaded {made} attempts", end="\r", flush=True)
    print()
    return {"team": team, "supervisor": supervisor, "users": users}


def reuse(trainees: int) -> dict[str, Any] | None:
    """The world a previous ``--keep`` run loaded, or None when the database is empty."""
    from drills.models import Team, User

    team = Team.objects.filter(property__slug="bench", name="Bench team").first()
    if team is None:
        return None
    users = list(User.objects.filter(username__startswith="bench-", role="trainee").order_by("username"))
    if len(users) != trainees:
        raise SystemExit(f"--keep: the kept database has {len(users)} trainees, not {trainees}; drop it first")
    return {"team": team, "supervisor": User.objects.get(username="bench-supervisor"), "users": users}


_backend_pid: list[int] = []


def backend_cpu() -> float:
    """CPU seconds the PostgreSQL backend serving this connection has used (0 elsewhere).

    Read from /proc in clock ticks (10 ms), so one request's figure is coarse; medians of
    many interleaved requests are not (the ticks fall on either page in proportion)."""
    from django.db import connection

    from tests.benchmarks.bench_db import process_cpu_seconds

    if connection.vendor != "postgresql":
        return 0.0
    if not _backend_pid:  # asked once, in the warm-up, so the timed query counts stay the page's
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            _backend_pid.append(cursor.fetchone()[0])
    return process_cpu_seconds(_backend_pid[0])


def timed(client: Any, url: str) -> tuple[float, float, int, float]:
    """Wall-clock seconds, this process's CPU seconds (steadier on a busy machine), queries,
    and the database backend's CPU seconds."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        db = backend_cpu()
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        elapsed, cpu_elapsed = time.perf_counter() - start, time.process_time() - cpu
        db_elapsed = backend_cpu() - db
    assert response.status_code == 200, (url, response.status_code)
    return elapsed, cpu_elapsed, len(queries), db_elapsed


def peak_kib(request: Any) -> float:
    """Peak Python memory allocated while serving one request (tracemalloc), in KiB."""
    import tracemalloc

    tracemalloc.start()
    try:
        request()
        return tracemalloc.get_traced_memory()[1] / 1024
    finally:
        tracemalloc.stop()


def upsert_cost(user: Any, count: int = 200) -> tuple[float, float]:
    """Milliseconds per grading transaction without and with the roll-up upsert.

    Without: the grade's ``UPDATE`` alone in a transaction (what ``record_grade`` did before);
    with: the same plus ``record_attempt`` (lock, window, daily tally, summary), as now.
    """
    import datetime as dt
    from decimal import Decimal

    from django.db import transaction
    from django.utils import timezone

    from drills.models import Attempt, AttemptStatus, DrillScenario
    from drills.progress.services import record_attempt

    now = timezone.now()
    attempts = []
    for index in range(2 * count):
        stored = DrillScenario.objects.create(
            user=user,
            kind="ou-total",
            game="over-under-26",
            difficulty="normal",
            seed=index,
            engine_version="bench",
            rules_values={},
            key={},
            shown_at=now,
        )
        attempts.append(
            Attempt.objects.create(
                scenario=stored,
                user=user,
                kind="ou-total",
                difficulty="normal",
                answer={},
                answered_at=now + dt.timedelta(seconds=index),
                time_taken_ms=4000,
            )
        )
    fields = ["status", "correct", "score"]
    timings = []
    for with_rollup, batch in ((False, attempts[:count]), (True, attempts[count:])):
        start = time.perf_counter()
        for index, attempt in enumerate(batch):
            attempt.status, attempt.correct, attempt.score = AttemptStatus.GRADED, index % 4 != 0, Decimal("1.00")
            with transaction.atomic():
                attempt.save(update_fields=fields)
                if with_rollup:
                    record_attempt(attempt)
        timings.append(1000 * (time.perf_counter() - start) / count)
    return timings[0], timings[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--keep", action="store_true", help="keep the test database; reuse one kept before")
    args = parser.parse_args()
    _choose_database()
    _setup_django()

    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_databases, teardown_databases

    from drills.progress.services import rebuild_all

    # No setup_test_environment(): it instruments template rendering so that the test client
    # can keep a copy of every context, which would slow the template-heavy page unfairly.
    settings.DEBUG = False  # no query logging outside CaptureQueriesContext
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"database: {engine}; {args.trainees} trainees, {args.attempts} attempts")
    # No serialized copy of the data (for TransactionTestCase): a kept database is full of it.
    old_config = setup_databases(verbosity=0, interactive=False, keepdb=args.keep, serialized_aliases=set())
    try:
        kept = reuse(args.trainees) if args.keep else None
        if kept is not None:
            world = kept
            print("reusing the kept database (attempts as loaded then)")
        else:
            start = time.perf_counter()
            world = load(args.trainees, args.attempts)
            print(f"load: {time.perf_counter() - start:.1f} s")
            start = time.perf_counter()
            result = rebuild_all()
            print(f"nightly rebuild from raw attempts: {time.perf_counter() - start:.1f} s ({result})")
            if engine == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("ANALYZE")
        client = Client()
        client.force_login(world["supervisor"])
        dashboard = f"/progress/teams/{world['team'].pk}/"
        plain = "/"
        for _ in range(5):  # warm-up: templates, kind registry, connection
            timed(client, dashboard)
            timed(client, plain)
        times: dict[str, list[float]] = {dashboard: [], plain: []}
        cpu: dict[str, list[float]] = {dashboard: [], plain: []}
        db_cpu: dict[str, list[float]] = {dashboard: [], plain: []}
        queries: dict[str, int] = {}
        for _ in range(args.rounds):
            for url in (dashboard, plain):
                elapsed, cpu_elapsed, count, db_elapsed = timed(client, url)
                times[url].append(elapsed)
                cpu[url].append(cpu_elapsed)
                db_cpu[url].append(db_elapsed)
                queries[url] = count
        dash_ms = 1000 * statistics.median(times[dashboard])
        plain_ms = 1000 * statistics.median(times[plain])
        p90 = {url: 1000 * sorted(values)[int(0.9 * len(values)) - 1] for url, values in times.items()}
        print(
            f"dashboard {dashboard}: median {dash_ms:.1f} ms, p90 {p90[dashboard]:.1f} ms, {queries[dashboard]} queries"
        )
        print(
            f"plain page {plain} (supervisor home): median {plain_ms:.1f} ms, "
            f"p90 {p90[plain]:.1f} ms, {queries[plain]} queries"
        )
        print(
            f"RATIO dashboard / plain page (medians): {dash_ms / plain_ms:.2f}x "
            "(aim: <= 2x at 50 trainees / 100,000 attempts, <= 3x at 500 / 1,000,000)"
        )
        cpu_ratio = statistics.median(cpu[dashboard]) / statistics.median(cpu[plain])
        print(f"CPU ratio (this process only; with SQLite that includes the database): {cpu_ratio:.2f}x")
        if engine == "postgresql":
            # Means, not medians: a request's backend figure is 0 or a few 10 ms ticks.
            own = {url: 1000 * statistics.mean(values) for url, values in cpu.items()}
            mid = {url: 1000 * statistics.median(values) for url, values in cpu.items()}
            db = {url: 1000 * statistics.mean(values) for url, values in db_cpu.items()}
            print(
                f"CPU per request, mean (process + database backend): dashboard {own[dashboard]:.1f} + "
                f"{db[dashboard]:.1f} ms, plain page {own[plain]:.1f} + {db[plain]:.1f} ms; RATIO "
                f"{(own[dashboard] + db[dashboard]) / (own[plain] + db[plain]):.2f}x"
            )
            # The process's median is steadier than its mean on a busy machine (a request that
            # shared its core runs slower on the CPU too); the backend's figure stays a mean.
            print(
                f"CPU per request, process median + backend mean: dashboard {mid[dashboard]:.1f} + "
                f"{db[dashboard]:.1f} ms, plain page {mid[plain]:.1f} + {db[plain]:.1f} ms; RATIO "
                f"{(mid[dashboard] + db[dashboard]) / (mid[plain] + db[plain]):.2f}x"
            )
        dashboard_kib = peak_kib(lambda: timed(client, dashboard))
        plain_kib = peak_kib(lambda: timed(client, plain))
        print(
            f"memory: peak Python allocation per request: dashboard {dashboard_kib:.0f} KiB, plain page "
            f"{plain_kib:.0f} KiB ({dashboard_kib / plain_kib:.2f}x); process peak RSS "
            f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB (includes loading the data)"
        )
        if not args.keep:
            without, with_rollup = upsert_cost(world["users"][0])
            print(
                f"grading transaction: {without:.2f} ms without the roll-up, {with_rollup:.2f} ms with it "
                f"(+{with_rollup - without:.2f} ms per graded attempt)"
            )
    finally:
        if not args.keep:
            teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
