"""How long an exam submit takes with the broker down, before and after issue 13, run by
hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_submit_broker_down.py [--submits 3]

- creates and migrates a PostgreSQL database of its own, named by ``BENCH_DATABASE_URL``
  (default ``bench_broker`` on 127.0.0.1:5432; ``tests/benchmarks/bench_db.py``: dropped and
  recreated, dropped again at the end) and starts a redis-server of its own on a free
  loopback port;
- in a fresh process per case, signs a candidate in and times ``POST .../submit/`` through
  Django's test client (the whole request: the sitting's UPDATE, the commit, the publish of
  the grading task), ``--submits`` times, and prints the median;
- cases: the broker up (the baseline), the broker stopped (connection refused) and the
  broker hung (redis-server stopped with SIGSTOP: connections open, nothing answers); each
  with Celery's defaults and the task's result kept, as before issue 13 ("before"), and with
  the project's settings ("after"). A case that has not answered in ``--limit`` seconds is
  reported as such (before issue 13, a hung broker held the request for good).

Redis runs on 127.0.0.1 only; every case is bounded by ``--limit``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.benchmarks.bench_db import bench_database  # noqa: E402  # run as a script

DATABASE = bench_database("bench_broker")
BASE_ENV = {
    "DJANGO_SETTINGS_MODULE": "casino_training.settings",
    "DATABASE_URL": DATABASE.url,
    "DEBUG": "1",
    "LOG_LEVEL": "ERROR",
}

# Celery's own defaults for what casino_training/settings.py now bounds, and the grading
# task keeping its result (so a Redis result backend subscribes on publish), as before.
CELERY_DEFAULTS = {
    "broker_connection_timeout": 4.0,
    "broker_transport_options": {},
    "task_publish_retry_policy": {"max_retries": 3, "interval_start": 0, "interval_max": 1, "interval_step": 0.2},
    "result_backend_transport_options": {},
    "redis_socket_connect_timeout": None,
    "redis_socket_timeout": 120.0,
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def measure(case: str, settings_of: str, submits: int) -> None:
    """In this (child) process: time ``submits`` submits; print JSON seconds."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.test import Client

    from casino_training.celery import app
    from drills.exams import services
    from drills.exams.blueprints import SectionSpec, save_version
    from drills.exams.models import Blueprint
    from drills.exams.tasks import grade_sitting
    from drills.models import Property, Role, User

    if settings_of == "before":
        app.conf.update(CELERY_DEFAULTS)
        grade_sitting.ignore_result = False
    casino = Property.objects.create(name=f"Bench {case} {settings_of}", slug=f"bench-{case}-{settings_of}")
    blueprint = Blueprint.objects.create(property=casino, game="over-under-26", title="Bench exam")
    save_version(blueprint, {"attempts_allowed": 1}, [SectionSpec("Totals", "ou-total", "easy", 3)], by=None)
    seconds = []
    for index in range(submits):
        candidate = User.objects.create(username=f"{case}-{settings_of}-{index}", role=Role.TRAINEE, property=casino)
        sitting = services.start_sitting(candidate, blueprint).sitting
        client = Client(raise_request_exception=False)
        client.force_login(candidate)
        started = time.perf_counter()
        response = client.post(f"/exams/sittings/{sitting.public_id}/submit/")
        seconds.append(time.perf_counter() - started)
        status = response.status_code
        print(f"# {case}/{settings_of}: submit {index + 1}: {status} in {seconds[-1]:.3f} s", file=sys.stderr)
    print(json.dumps({"median": statistics.median(seconds), "max": max(seconds), "status": response.status_code}))


def run_case(case: str, settings_of: str, broker_url: str, submits: int, limit: float) -> dict[str, float] | None:
    env = os.environ | BASE_ENV | {"CELERY_BROKER_URL": broker_url}
    command = [sys.executable, __file__, "--measure", case, settings_of, "--submits", str(submits)]
    try:
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"{case}/{settings_of} failed:\n{error.stderr[-3000:]}") from None
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--submits", type=int, default=3)
    parser.add_argument("--limit", type=float, default=90.0, help="seconds a case may take")
    parser.add_argument("--measure", nargs=2, metavar=("CASE", "SETTINGS"))
    args = parser.parse_args()
    if args.measure:
        measure(args.measure[0], args.measure[1], args.submits)
        return
    DATABASE.recreate()
    env = os.environ | BASE_ENV
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    broker_url = f"redis://127.0.0.1:{port}/0"
    redis = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", "/tmp"], stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    results: dict[tuple[str, str], dict[str, float] | None] = {}
    try:
        for settings_of in ("before", "after"):
            results[("up", settings_of)] = run_case("up", settings_of, broker_url, args.submits, args.limit)
        redis.send_signal(signal.SIGSTOP)
        for settings_of in ("before", "after"):
            results[("hung", settings_of)] = run_case("hung", settings_of, broker_url, args.submits, args.limit)
        redis.send_signal(signal.SIGCONT)
        redis.kill()
        redis.wait()
        for settings_of in ("before", "after"):
            results[("down", settings_of)] = run_case("down", settings_of, broker_url, args.submits, args.limit)
    finally:
        if redis.poll() is None:
            redis.send_signal(signal.SIGCONT)
            redis.kill()
        DATABASE.drop()

    def shown(key: tuple[str, str]) -> str:
        value = results[key]
        if value is None:
            return f"> {args.limit:.0f} s (no answer)"
        return f"{value['median']:.3f} s (HTTP {value['status']:.0f})"

    baseline = results[("up", "after")]
    assert baseline is not None
    print(f"submit, median of {args.submits}:")
    for key in results:
        value = results[key]
        ratio = f"{value['median'] / baseline['median']:.1f}x the baseline" if value else ""
        print(f"  broker {key[0]:4} {key[1]:6}: {shown(key):28} {ratio}")
    for case in ("down", "hung"):
        before, after = results[(case, "before")], results[(case, "after")]
        if after is not None:
            before_s = before["median"] if before else args.limit
            prefix = "" if before else "more than "
            print(f"broker {case}: before/after = {prefix}{before_s / after['median']:.0f}x")


if __name__ == "__main__":
    main()
