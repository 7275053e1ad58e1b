"""The round action endpoint under load, run by hand (not collected by pytest):

    [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<name>] \
        .venv/bin/python tests/benchmarks/bench_round.py [--game blackjack] [--dealers 16] [--seconds 15] \
        [--passes 2]

Serves the site with gunicorn (2 sync workers) on PostgreSQL (a database of its own, named
by ``BENCH_DATABASE_URL``, default ``bench_deal_table`` on 127.0.0.1:5432, dropped and
recreated, and dropped at the end unless ``--keep``: ``tests/benchmarks/bench_db.py``) and
loads it, in the same run and the same way, interleaved ``--passes`` times, with
``--dealers`` concurrent clients:

- ``POST /api/v1/rounds/<id>/actions/``: each dealer deals its own rounds, one right action
  after another (each request: read the round and the key, take the round as it stands from
  the worker's cache or rebuild it from its seed and log, check the action with the engine,
  apply the automations, write the try and the round in one compare-and-set statement; the
  last action of a round locks the row and also writes the progress record and roll-ups). Each pass
  deals rounds of its own, and a dealer that has sent every tap stops: a key is never
  sent twice (a repeated key is answered from the stored try, cheaply, and would flatter
  the rate);
- ``POST /bench/bare/``: the bare DRF view of ``bench_answer.py`` (one SELECT, one INSERT).

It prints both rates of each pass, their ratio and p50/p99 latencies. Load comes from
``wrk`` with one thread and one connection per dealer (a dealer's actions must arrive in
order), or from Python threads when wrk is missing. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.benchmarks.bench_db import bench_database  # noqa: E402

PORT = 8766
DATABASE = bench_database("bench_deal_table")
BASE_ENV = {
    "DJANGO_SETTINGS_MODULE": "tests.benchmarks.bench_settings",
    "DATABASE_URL": DATABASE.url,
    "DEBUG": "0",
    "SECRET_KEY": "benchmark-only-secret-key-not-for-production-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "0",
    "LOG_LEVEL": "WARNING",
}


Taps = list[tuple[str, str]]  # (path, body) of one round's right taps, in order


def prepare(game: str, dealers: int, rounds: int) -> dict[str, list[Taps]]:
    """A fresh database with dealers and open rounds; token -> the dealer's rounds, each the
    right taps in order, as the page would send them."""
    DATABASE.recreate()
    os.environ.update(BASE_ENV)
    import django

    django.setup()
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from drills.models import Property, Role, User
    from drills.rounds import presenters, services
    from drills.rounds.chips import ChipSet
    from drills.rounds.tables.base import Focus, Level
    from drills.rounds.tables.registry import table_for

    call_command("migrate", verbosity=0)
    casino = Property.objects.create(name="Bench Casino", slug="bench")
    table = table_for(game)
    work: dict[str, list[Taps]] = {}
    for number in range(dealers):
        user = User.objects.create_user(f"dealer{number}", password="x", role=Role.TRAINEE, property=casino)
        token = Token.objects.create(user=user).key
        work[token] = []
        for _ in range(rounds):
            stored = services.start_round(user, game, Level.NORMAL, Focus.ROUND)
            chips = ChipSet.from_json(stored.chips)
            state = services.current_state(stored)
            taps: Taps = []
            while (due := state.due()) is not None:
                body = presenters.tap_body(table, state, due.action, chips)
                body.update({"key": f"{stored.public_id.hex[:12]}-{len(taps)}", "seen": len(state.log)})
                taps.append((f"/api/v1/rounds/{stored.public_id}/actions/", json.dumps(body)))
                state = services.automate(table, state.apply(due.action), Focus.ROUND)
            work[token].append(taps)
    return work


def run_wrk(per_dealer: list[list[str]], seconds: float) -> tuple[float, float, float, int, int]:
    """Rate, p50 ms, p99 ms, non-2xx count and requests of a wrk run, one thread and one
    connection per list of "token path body" lines (sent in order). wrk's timeout is long:
    a request it gave up on would put the dealer's later taps out of step (409s)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        for tid, lines in enumerate(per_dealer):
            listing.write("".join(f"{tid} {line}\n" for line in lines))
    threads = len(per_dealer)
    command = [
        "wrk", f"-t{threads}", f"-c{threads}", f"-d{int(seconds)}s", "--latency", "--timeout", "30s",
        "-s", str(Path(__file__).with_name("bench_round.lua")), f"http://127.0.0.1:{PORT}", "--", listing.name,
    ]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    os.unlink(listing.name)

    def latency(label: str) -> float:
        found = re.search(rf"^\s+{label}\s+([\d.]+)(us|ms|s|m)\s*$", output, re.M)
        if found is None:
            raise RuntimeError(f"no {label} latency in wrk's output:\n{output}")
        value, unit = found.groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]

    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if "timeout" in output:
        print("  " + next(line for line in output.splitlines() if "timeout" in line).strip())
    total = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    return rate, latency("50%"), latency("99%"), int(bad.group(1)) if bad else 0, total


def run_threads(per_dealer: list[list[str]], seconds: float) -> tuple[float, float, float, int, int]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def client(lines: list[str]) -> None:
        nonlocal errors
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        mine, bad = [], 0
        for line in lines:
            if time.perf_counter() >= deadline:
                break
            token, path, body = line.split(" ", 2)
            headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
            start = time.perf_counter()
            connection.request("POST", path, body=body.encode(), headers=headers)
            response = connection.getresponse()
            response.read()
            mine.append(time.perf_counter() - start)
            bad += response.status not in (200, 201)
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=client, args=(lines,)) for lines in per_dealer]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)

    def pct(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    return len(latencies) / elapsed, pct(0.5), pct(0.99), errors, len(latencies)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="blackjack")
    parser.add_argument("--dealers", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--passes", type=int, default=2, help="bare/action pairs, interleaved")
    parser.add_argument("--rounds", type=int, default=40, help="open rounds per dealer and pass (enough for the run)")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark database afterwards")
    parser.add_argument("--client", choices=["wrk", "python"], default="wrk" if shutil.which("wrk") else "python")
    args = parser.parse_args()
    print(f"preparing {DATABASE.name}: {args.dealers} dealers x {args.rounds * args.passes} {args.game} rounds ...",
          flush=True)
    try:
        work = prepare(args.game, args.dealers, args.rounds * args.passes)
        print(f"  {sum(len(taps) for rounds in work.values() for taps in rounds)} right actions to send", flush=True)
        serve_and_load(args, work)
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            DATABASE.drop()


def serve_and_load(args: argparse.Namespace, work: dict[str, list[Taps]]) -> None:
    env = {**os.environ, **BASE_ENV}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "casino_training.wsgi", "--workers", "2", "--worker-class", "sync",
         "--bind", f"127.0.0.1:{PORT}", "--log-level", "warning", "--env",
         "DJANGO_SETTINGS_MODULE=tests.benchmarks.bench_settings"],
        cwd=ROOT, env=env,
    )
    run = run_wrk if args.client == "wrk" else run_threads
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/api/v1/me/")
                break
            except OSError:
                time.sleep(0.2)
        bare = [[f"{token} /bench/bare/ {{}}"] * int(500 * args.seconds) for token in work]
        run([lines[:200] for lines in bare], 2)  # warm-up
        for number in range(args.passes):
            # each pass deals rounds of its own: every key is sent once
            acts = [[f"{token} {path} {body}" for taps in rounds[number :: args.passes] for path, body in taps]
                    for token, rounds in work.items()]
            results = (("bare DRF view (1 SELECT + 1 INSERT)", run(bare, args.seconds)),
                       (f"round action endpoint ({args.game})", run(acts, args.seconds)))
            for name, (rate, p50, p99, bad, total) in results:
                print(f"pass {number + 1} {name}: {rate:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
                      f"non-2xx {bad} of {total}", flush=True)
            act_rate, act_total = results[1][1][0], results[1][1][4]
            if act_total >= len(acts) * min(map(len, acts)):
                print("  note: a dealer may have sent every tap before the end and stopped: raise --rounds")
            print(f"pass {number + 1} ratio action/bare: {act_rate / results[0][1][0]:.2f}  (aim: >= 0.60)  "
                  f"client: {args.client}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
