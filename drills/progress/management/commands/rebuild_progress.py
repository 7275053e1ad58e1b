"""``manage.py rebuild_progress``: rebuild the progress roll-ups from the raw attempts now
(what the nightly task does; useful after a deploy or a restore)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from drills.progress import services


class Command(BaseCommand):
    help = "Rebuild the progress roll-ups (summary rows) from the raw attempts."

    def handle(self, *args: Any, **options: Any) -> None:
        result = services.rebuild_all()
        self.stdout.write(f"rebuilt {result['trainees']} trainee(s); {result['drifted']} had drifted")
