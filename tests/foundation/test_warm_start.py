"""A web worker loads its views and catalogues at start and freezes them out of the garbage
collector's way (``casino_training.warm``, issue 17)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json, sys
import casino_training.wsgi
from django.utils.translation import trans_real
print(json.dumps({
    "frozen": gc.get_freeze_count(),
    "tracked": len(gc.get_objects()),
    "views": "drills.practice.api" in sys.modules and "drills.progress.views" in sys.modules,
    "languages": sorted(trans_real._translations),
}))
"""


def test_the_wsgi_module_loads_the_views_and_freezes_them() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "casino_training.settings", "DEBUG": "1"}
    env.pop("DATABASE_URL", None)  # nothing here touches a database
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["views"]
    assert {"en", "es"} <= set(found["languages"])
    assert found["frozen"] > 50_000  # Django, the site and the engine, loaded once
    assert found["tracked"] < found["frozen"] / 10  # what a full collection still walks
