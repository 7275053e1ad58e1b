"""``python manage.py diagnosis_report [--seeds N] [--kind PREFIX]``: how often a wrong
answer gets a specific diagnosis, per drill kind (see :mod:`drills.diagnosis_report`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from drills.diagnosis_report import measure, report_lines


class Command(BaseCommand):
    help = (
        "Per drill kind: of the wrong answers generated from every named mistake plus random wrong values, "
        "how many get a specific diagnosis (specific/total, share, by source), and the overall share."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seeds", type=int, default=20, help="seeds per difficulty (default 20)")
        parser.add_argument(
            "--kind",
            action="append",
            default=[],
            metavar="PREFIX",
            help="only kinds whose slug starts with PREFIX (repeatable), e.g. --kind ou-",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        seeds = options["seeds"]
        if seeds < 1:
            raise CommandError("--seeds must be at least 1")
        report = measure(range(seeds), options["kind"])
        if not report.shares and not report.skipped:
            raise CommandError(f"no drill kind starts with {', '.join(options['kind'])}")
        for line in report_lines(report):
            self.stdout.write(line)
