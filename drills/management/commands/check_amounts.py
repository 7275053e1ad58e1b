"""``python manage.py check_amounts``: stored amounts above the ceiling (``games.money.MAX_AMOUNT``).

Lists, one a line, every number above it in the tables that store amounts (drill and exam
answers, exam drafts and autosaves, rule sets and their snapshots): rows saved before every
door enforced the ceiling. Read only. Exit 0 when there is none, 1 when some are listed
(so a script can tell).
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from drills.amount_audit import oversized_amounts
from games.money import MAX_AMOUNT, format_money


class Command(BaseCommand):
    help = "List stored amounts above the ceiling (games.money.MAX_AMOUNT); exit 1 when there are some."

    def handle(self, *args: Any, **options: Any) -> None:
        ceiling = format_money(MAX_AMOUNT)
        found = 0
        for item in oversized_amounts():
            found += 1
            self.stdout.write(str(item))
        if not found:
            self.stdout.write(f"No stored amount is above {ceiling}.")
            return
        self.stdout.write(f"{found} stored amount{'s' if found != 1 else ''} above {ceiling}, the largest accepted.")
        sys.exit(1)
