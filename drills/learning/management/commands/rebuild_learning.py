"""``manage.py rebuild_learning``: the FSRS family cards rebuilt from the raw attempts."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from drills.learning import services


class Command(BaseCommand):
    help = (
        "Give attempts graded before skill families existed their family (regenerating the "
        "scenario), then rebuild every trainee's spaced-repetition cards from the raw attempts."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        filled = services.backfill_families()
        report = services.rebuild_all()
        self.stdout.write(
            f"families filled in: {filled}; trainees: {report['trainees']}, rebuilt (had drifted): {report['drifted']}"
        )
