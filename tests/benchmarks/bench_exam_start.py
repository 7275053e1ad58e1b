"""300 candidates start the same exam at once, run by hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_exam_start.py [--candidates 300] [--workers 4] [--threads 1]

- creates and migrates a PostgreSQL database of its own (``BENCH_DATABASE_URL``, default
  ``bench_exams`` on 127.0.0.1:5432; dropped and recreated, and dropped at the end, even
  after a failure, unless ``--keep``), with one casino, one exam of 15 items
  (10 totals + 5 settlements of Over/Under 26) and ``--candidates`` trainees with API tokens;
- serves the site with gunicorn on a free loopback port (production settings: DEBUG off,
  persistent connections, tasks in-process: a start queues none);
- warms every worker up, then releases ``--candidates`` threads at one barrier, each sending
  ``POST /api/v1/exams/<id>/start/`` once on its own connection;
- prints the latency percentiles (p50/p95/p99/max), the errors (anything but a 201), and
  checks the database: one sitting per candidate, 15 items each, distinct form seeds.

Every request goes to 127.0.0.1 only; every request has a 60 s timeout and the run is
``--rounds`` rounds (default 3) of ``--candidates`` requests, each round with candidates of
its own. Prints per round the ratio of the p95s (starts / baseline burst) and the CPU per
request of the web workers and their database backends; then the median ratio of the
rounds, and the queries of one start. Aim (issue 17): p95 at most 1.5x the baseline's, no
error.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.benchmarks.bench_db import CpuMeter, bench_database  # noqa: E402

DATABASE = bench_database("bench_exams")
BASE_ENV = {
    "DJANGO_SETTINGS_MODULE": "casino_training.settings",
    "DATABASE_URL": DATABASE.url,
    "DEBUG": "0",
    "SECRET_KEY": "benchmark-only-secret-key-not-for-production-exams-0123456789",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
    "CONN_MAX_AGE": "3600",  # held for the whole run: a backend that ends takes its CPU figure with it
    "LOG_LEVEL": "WARNING",
}
REQUEST_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def prepare(candidates: int) -> tuple[int, list[str]]:
    """A fresh, migrated database with the exam and the candidates: (exam id, tokens)."""
    DATABASE.recreate()
    os.environ.update(BASE_ENV)
    import django

    django.setup()
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from drills.exams.blueprints import SectionSpec, save_version
    from drills.exams.models import Blueprint
    from drills.models import Property, Role, Team, User

    call_command("migrate", verbosity=0)
    casino = Property.objects.create(name="Bench Casino", slug="bench")
    blueprint = Blueprint.objects.create(property=casino, game="over-under-26", title="Over/Under 26 certification")
    save_version(
        blueprint,
        {"time_limit_minutes": 30, "pass_percent": 80, "attempts_allowed": 2},
        [
            SectionSpec("Totals", "ou-total", "normal", 10, target_seconds=15),
            SectionSpec("Settling", "ou-settle", "normal", 5),
        ],
        by=None,
    )
    users = User.objects.bulk_create(
        User(username=f"candidate{n:04d}", role=Role.TRAINEE, property=casino, password="!") for n in range(candidates)
    )
    team = Team.objects.create(property=casino, name="Bench team")
    team.members.set(users)
    tokens = Token.objects.bulk_create(Token(user=user, key=Token.generate_key()) for user in users)
    return blueprint.pk, [token.key for token in tokens]


def request(port: int, method: str, path: str, token: str, body: bytes = b"") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
    try:
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Connection": "close"}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def wait_until_up(port: int, server: subprocess.Popen[bytes], token: str) -> None:
    for _ in range(150):
        if server.poll() is not None:
            raise SystemExit("gunicorn exited before serving")
        try:
            status, _ = request(port, "GET", "/api/v1/me/", token)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 30 s")


def percentile(ordered: list[float], share: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    index = max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))
    return ordered[index] * 1000


def storm(
    port: int, tokens: list[str], method: str, path: str, expected: int
) -> tuple[list[float], list[str], float]:
    """Every token sends one request, all released together: latencies, errors, wall time."""
    barrier = threading.Barrier(len(tokens) + 1)
    latencies: list[float] = [0.0] * len(tokens)
    errors: list[str] = []
    lock = threading.Lock()

    def candidate(index: int, token: str) -> None:
        barrier.wait(timeout=60)
        started = time.perf_counter()
        try:
            status, body = request(port, method, path, token, b"{}" if method == "POST" else b"")
            problem = None if status == expected else f"{status}: {body[:120]!r}"
        except (OSError, http.client.HTTPException) as error:
            problem = f"{type(error).__name__}: {error}"
        latencies[index] = time.perf_counter() - started
        if problem:
            with lock:
                errors.append(problem)

    threads = [threading.Thread(target=candidate, args=(i, t), daemon=True) for i, t in enumerate(tokens)]
    for thread in threads:
        thread.start()
    barrier.wait(timeout=60)
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=REQUEST_TIMEOUT + 5)
    return latencies, errors, time.perf_counter() - began


def check_database(candidates: int) -> str:
    from django.db.models import Count

    from drills.exams.models import Sitting

    count = Sitting.objects.count()
    per_candidate = Sitting.objects.values("candidate").annotate(c=Count("id")).filter(c__gt=1).count()
    seeds = len(set(Sitting.objects.values_list("form_seed", flat=True)))
    items = set(Sitting.objects.annotate(n=Count("items")).values_list("n", flat=True))
    ok = count == candidates and per_candidate == 0 and seeds == candidates and items == {15}
    return (
        f"database: {count} sittings, {per_candidate} candidates with more than one, "
        f"{seeds} distinct form seeds, items per sitting {sorted(items)} -> {'OK' if ok else 'WRONG'}"
    )


def figures_of(latencies: list[float], errors: list[str], wall: float) -> dict[str, float]:
    ordered = sorted(latencies)
    return {
        "requests": len(ordered),
        "errors": len(errors),
        "p50_ms": round(percentile(ordered, 0.50), 1),
        "p95_ms": round(percentile(ordered, 0.95), 1),
        "p99_ms": round(percentile(ordered, 0.99), 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "wall_s": round(wall, 2),
        "per_s": round(len(ordered) / wall, 1),
    }


def queries_per_start(exam: int, token: str) -> int:
    """Queries of one exam start, served in this process (a candidate outside the burst)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="127.0.0.1", HTTP_AUTHORIZATION=f"Token {token}")
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/api/v1/exams/{exam}/start/", "{}", content_type="application/json")
    assert response.status_code == 201, (response.status_code, response.content[:200])
    return len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--candidates", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3, help="bursts (baseline, starts), each by new candidates")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (>1: gthread workers)")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark database afterwards")
    args = parser.parse_args()
    if not 1 <= args.candidates * args.rounds <= 3000:
        raise SystemExit("--candidates times --rounds must be from 1 to 3000")
    print(f"preparing {DATABASE.name}: migrate, one exam of 15 items, {args.candidates} candidates "
          f"x {args.rounds} rounds ...", flush=True)
    try:
        exam, tokens = prepare(args.candidates * args.rounds + 1)
        probe, tokens = tokens[-1], tokens[:-1]
        run(args, exam, [tokens[n * args.candidates : (n + 1) * args.candidates] for n in range(args.rounds)])
        print(f"queries per start (one more candidate, in this process): {queries_per_start(exam, probe)}")
        print(check_database(len(tokens) + 1))
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            DATABASE.drop()


def run(args: argparse.Namespace, exam: int, rounds: list[list[str]]) -> None:
    """Per round, the baseline burst (``GET /api/v1/me/``: token auth, one query), then the
    starts, by that round's candidates (a second start of one candidate would be a resume)."""
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "casino_training.wsgi", "--bind", f"127.0.0.1:{port}",
        "--workers", str(args.workers), "--threads", str(args.threads), "--backlog", "2048",
        "--log-level", "warning", "--timeout", "120",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **BASE_ENV}, start_new_session=True)
    meter = CpuMeter(server.pid, DATABASE)
    ratios: list[float] = []
    failed = False
    try:
        wait_until_up(port, server, rounds[0][0])
        # Warm-up: every worker imports the views and opens its database connection.
        for token in rounds[0][: 4 * args.workers * args.threads]:
            request(port, "GET", "/api/v1/exams/", token)
        print(f"gunicorn on 127.0.0.1:{port}: {args.workers} workers x {args.threads} threads; "
              f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
        for number, tokens in enumerate(rounds, start=1):
            ratio, errors = run_round(number, port, exam, tokens, meter)
            ratios.append(ratio)
            failed = failed or bool(errors)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    # One burst can land on other work on the machine: the median of the rounds is the figure.
    median = statistics.median(ratios)
    met = median <= 1.5 and not failed
    print(f"MEDIAN of {len(ratios)} rounds: RATIO p95 exam start / p95 GET /api/v1/me/: {median:.2f}x "
          f"(rounds: {', '.join(f'{ratio:.2f}' for ratio in ratios)}; aim <= 1.5x, 0 errors) -> "
          f"{'met' if met else 'NOT met'}")


def run_round(number: int, port: int, exam: int, tokens: list[str], meter: CpuMeter) -> tuple[float, list[str]]:
    """One baseline burst and one burst of starts: prints both, returns (p95 ratio, errors)."""
    meter.start()
    baseline = figures_of(*storm(port, tokens, "GET", "/api/v1/me/", 200))
    baseline_cpu = meter.stop()
    print(f"round {number} baseline, the same burst of GET /api/v1/me/:", json.dumps(baseline), flush=True)
    meter.start()
    latencies, errors, wall = storm(port, tokens, "POST", f"/api/v1/exams/{exam}/start/", 201)
    start_cpu = meter.stop()
    figures = figures_of(latencies, errors, wall)
    print(f"round {number} {len(tokens)} simultaneous POST /api/v1/exams/{exam}/start/:", json.dumps(figures))
    for problem in errors[:10]:
        print("  error:", problem)
    for name, (web, db) in (("baseline", baseline_cpu), ("exam start", start_cpu)):
        print(f"round {number} CPU per request, {name}: web {1000 * web / len(tokens):.2f} ms, "
              f"database {1000 * db / len(tokens):.2f} ms (backends connected at the end)")
    ratio = figures["p95_ms"] / baseline["p95_ms"]
    print(f"round {number} RATIO p95 exam start / p95 GET /api/v1/me/: {ratio:.2f}x", flush=True)
    return ratio, errors


if __name__ == "__main__":
    main()
