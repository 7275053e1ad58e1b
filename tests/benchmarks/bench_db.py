"""Where the HTTP benchmarks put their throw-away PostgreSQL database.

``BENCH_DATABASE_URL`` names it (``postgres://user@host:port/name``); without it each
benchmark uses its default name on 127.0.0.1:5432. The database is dropped and recreated
at the start and dropped again at the end (``--keep`` leaves it), so the name must be one
of the benchmark's own: a name the site or its tests use is refused.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from urllib.parse import urlsplit

REFUSED = {"postgres", "template0", "template1", "dealer_academy", "test_dealer_academy"}


@dataclass(frozen=True)
class BenchDatabase:
    url: str
    name: str
    host: str
    port: str
    user: str

    def psql(self, sql: str, database: str = "postgres") -> None:
        command = ["psql", "-h", self.host, "-p", self.port, "-U", self.user, "-d", database, "-q", "-c", sql]
        subprocess.run(command, check=True, capture_output=True)

    def recreate(self) -> None:
        self.drop()
        self.psql(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        self.psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def bench_database(default_name: str) -> BenchDatabase:
    url = os.environ.get("BENCH_DATABASE_URL") or f"postgres://postgres@127.0.0.1:5432/{default_name}"
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if parts.scheme not in {"postgres", "postgresql"} or not name.replace("_", "").isalnum():
        raise SystemExit(f"BENCH_DATABASE_URL must be postgres://user@host:port/name (letters, digits, _): {url!r}")
    if name in REFUSED:
        raise SystemExit(f"BENCH_DATABASE_URL: {name!r} is not a benchmark's own database (it is dropped)")
    return BenchDatabase(
        url, name, parts.hostname or "127.0.0.1", str(parts.port or 5432), parts.username or "postgres"
    )


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a live process has used so far (0 if it has gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    """The direct children of a process (gunicorn's workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue
        if ppid == pid:
            found.append(int(entry))
    return found


def backend_pids(database: BenchDatabase) -> list[int]:
    """PostgreSQL server processes connected to the benchmark database right now."""
    command = [
        "psql",
        "-h",
        database.host,
        "-p",
        database.port,
        "-U",
        database.user,
        "-d",
        "postgres",
        "-At",
        "-c",
        f"SELECT pid FROM pg_stat_activity WHERE datname = '{database.name}' AND pid <> pg_backend_pid()",
    ]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [int(line) for line in output.split() if line.strip()]


class CpuMeter:
    """CPU seconds used by the web workers and by their database backends over a stretch.

    Backends are those connected when the stretch ends (connections are persistent); a
    backend that ended during it is missed, so the database figure is a lower bound."""

    def __init__(self, server_pid: int, database: BenchDatabase) -> None:
        self.server_pid, self.database = server_pid, database
        self.web_start: dict[int, float] = {}
        self.db_start: dict[int, float] = {}

    def start(self) -> None:
        self.web_start = {pid: process_cpu_seconds(pid) for pid in [self.server_pid, *children_of(self.server_pid)]}
        self.db_start = {pid: process_cpu_seconds(pid) for pid in backend_pids(self.database)}

    def stop(self) -> tuple[float, float]:
        web = sum(
            process_cpu_seconds(pid) - self.web_start.get(pid, 0.0)
            for pid in [self.server_pid, *children_of(self.server_pid)]
        )
        db = sum(process_cpu_seconds(pid) - self.db_start.get(pid, 0.0) for pid in backend_pids(self.database))
        return web, db
