"""``python manage.py ruling GAME QUESTION``: the rulings door on the command line.

The JSON body on standard input, the ruling as JSON on standard output (the same bytes
the API sends), exit 0. Bad input, an unknown game or question, invalid JSON, or a body
over ``MAX_REQUEST_BODY_BYTES`` or 32 levels deep: the error JSON on standard output and
exit 2. Answers under the RULES.md defaults unless the
body names a rule set: ``{"rules": "<slug>", ...}``.
"""

from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from rest_framework.renderers import JSONRenderer

from drills.rulings import door


class Command(BaseCommand):
    help = "Ask for a ruling: JSON body on stdin, JSON ruling on stdout; exit 2 on bad input (RULINGS.md)."
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="the game's slug, e.g. as in /api/v1/rulings/<game>/<question>")
        parser.add_argument("question", help="the question, as in RULINGS.md")

    def handle(self, *args: Any, game: str, question: str, **options: Any) -> None:
        stdin = options.get("stdin") or sys.stdin
        # One byte past the limit is enough for the door to refuse an oversized body.
        limit = settings.MAX_REQUEST_BODY_BYTES + 1
        raw = stdin.buffer.read(limit) if hasattr(stdin, "buffer") else stdin.read(limit)
        result = door.rule(game, question, raw)
        self.stdout.write(JSONRenderer().render(result.payload).decode("utf-8"))
        if not result.ok:
            sys.exit(2)
