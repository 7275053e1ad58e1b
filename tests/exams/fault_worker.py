"""A real Celery worker for the fault test (tests/exams/test_fault_tolerance.py), with
grading slowed down so that the test can kill the worker while a sitting is being graded.

Run as a script (``python tests/exams/fault_worker.py``) with ``DATABASE_URL`` and
``CELERY_BROKER_URL`` set; ``FAULT_GRADING_SECONDS`` is the pause added inside the grading
transaction (after the sitting's row lock, before its result is written).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")
    import django

    django.setup()
    from casino_training.celery import app
    from drills.exams import scoring

    pause = float(os.environ.get("FAULT_GRADING_SECONDS", "1.0"))
    total = scoring.total

    def slow_total(*args: Any, **kwargs: Any) -> Any:
        time.sleep(pause)
        return total(*args, **kwargs)

    scoring.total = slow_total  # type: ignore[assignment]  # inherited by the forked pool children
    app.worker_main(
        [
            "worker",
            "--loglevel=INFO",
            "--concurrency=1",
            "--pool=prefork",
            "--hostname=fault-worker@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
    )


if __name__ == "__main__":
    main()
