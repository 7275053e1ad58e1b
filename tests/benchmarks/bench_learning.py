"""Benchmark (issue 15): the trainee home with its due list, the team dashboard and its
learning panel, against a plain page of the same site, in one run; plus the memory used and
the cost the FSRS hook adds to grading.

Run by hand (pytest does not collect it)::

    .venv/bin/python tests/benchmarks/bench_learning.py                      # SQLite
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/learning \\
        .venv/bin/python tests/benchmarks/bench_learning.py                  # PostgreSQL (test_learning)
    ... bench_learning.py --trainees 500 --attempts 1000000 --rounds 10

It loads the team of ``bench_dashboard.load`` (one team, graded attempts over 90 days),
gives each attempt a family, builds the progress roll-ups and the family cards with the
nightly rebuilds, adds three team assignments, then times (interleaved, medians): the
trainee home (as a trainee), the dashboard and the learning panel (as the supervisor), and
the supervisor's home as the plain page. Memory: the peak Python allocation of each page
(tracemalloc, one request each, after the timing) and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_dashboard import _setup_django, load, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    _setup_django()

    import datetime as dt

    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_databases, teardown_databases
    from django.utils import timezone

    from drills.learning import services as learning
    from drills.learning.models import AssignmentGoal
    from drills.models import Attempt
    from drills.progress.services import rebuild_all

    settings.DEBUG = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"database: {engine}; {args.trainees} trainees, {args.attempts} attempts")
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        start = time.perf_counter()
        world = load(args.trainees, args.attempts)
        # Families: two per skill, by attempt id (what the kinds report is tested elsewhere).
        Attempt.objects.filter(id__regex=r"[02468]$").update(family="general")
        Attempt.objects.filter(family="").update(family="joker")
        print(f"load: {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        rebuild_all()
        print(f"progress rebuild: {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        report = learning.rebuild_all()
        print(f"family cards rebuilt from the raw attempts (FSRS fold): {time.perf_counter() - start:.1f} s {report}")
        team, supervisor, trainee = world["team"], world["supervisor"], world["users"][0]
        due = timezone.localdate() + dt.timedelta(days=10)
        for skills in (["ou-total"], ["ou-settle", "ou-total"], ["ou-bonus"]):
            learning.create_assignment(by=supervisor, goal=AssignmentGoal.SKILLS, due_on=due, skills=skills, team=team)
        if engine == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        as_supervisor, as_trainee = Client(), Client()
        as_supervisor.force_login(supervisor)
        as_trainee.force_login(trainee)
        pages = {
            "plain page (supervisor home)": (as_supervisor, "/"),
            "trainee home with due list": (as_trainee, "/"),
            "team dashboard": (as_supervisor, f"/progress/teams/{team.pk}/"),
            "learning panel of the dashboard": (as_supervisor, f"/learning/teams/{team.pk}/"),
        }
        for _ in range(3):
            for client, url in pages.values():
                timed(client, url)
        times: dict[str, list[float]] = {name: [] for name in pages}
        queries: dict[str, int] = {}
        for _ in range(args.rounds):
            for name, (client, url) in pages.items():
                elapsed, _cpu, count = timed(client, url)
                times[name].append(elapsed)
                queries[name] = count
        plain = statistics.median(times["plain page (supervisor home)"])
        for name, values in times.items():
            median = statistics.median(values)
            print(f"{name}: median {1000 * median:.1f} ms, {queries[name]} queries, RATIO {median / plain:.2f}x")
        dashboard_and_panel = statistics.median(times["team dashboard"]) + statistics.median(
            times["learning panel of the dashboard"]
        )
        print(f"dashboard + its panel (two requests): RATIO {dashboard_and_panel / plain:.2f}x")
        for name, (client, url) in pages.items():
            tracemalloc.start()
            client.get(url)
            _current, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(f"memory, {name}: peak {peak / 2**20:.1f} MiB allocated in the request")
        print(f"process peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
        progress_ms, learning_ms = hook_cost(trainee)
        print(
            f"grading hooks, same attempts: progress roll-up {progress_ms:.2f} ms, family card {learning_ms:.2f} ms "
            f"per attempt (RATIO {learning_ms / progress_ms:.2f}x)"
        )
    finally:
        teardown_databases(old_config, verbosity=0)


def hook_cost(user: object, count: int = 200) -> tuple[float, float]:
    """Milliseconds per attempt of the progress roll-up (``record_attempt``) and of the family
    card (``record_review``), each in its own transaction, over the same attempts."""
    from django.db import transaction
    from django.utils import timezone

    from drills.learning.services import record_review
    from drills.models import Attempt, AttemptStatus, DrillScenario

    now = timezone.now()
    attempts = []
    for index in range(count):
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
                family="general",
                difficulty="normal",
                answer={},
                answered_at=now,
                time_taken_ms=4000,
                status=AttemptStatus.GRADED,
                correct=index % 4 != 0,
            )
        )
    from drills.progress.services import record_attempt

    timings = []
    for hook in (record_attempt, record_review):
        start = time.perf_counter()
        for attempt in attempts:
            with transaction.atomic():
                hook(attempt)
        timings.append(1000 * (time.perf_counter() - start) / count)
    return timings[0], timings[1]


if __name__ == "__main__":
    main()
