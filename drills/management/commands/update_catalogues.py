"""``python manage.py update_catalogues``: every catalogue brought up to date with the sources.

Django's ``makemessages`` for every language of ``locale/`` with the project's options
(``casino_training.catalogues.MAKEMESSAGES_OPTIONS``; needs GNU gettext's ``xgettext``). New
messages come in untranslated, changed ones fuzzy: translate them, drop the fuzzy flags, and
the catalogue test passes again. A new language: ``--locale ru`` (then translate its catalogue).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from casino_training.catalogues import MAKEMESSAGES_OPTIONS


class Command(BaseCommand):
    help = "Update the translation catalogues from the sources (makemessages with the project's options)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--locale", action="append", default=[], help="a new language to start a catalogue for")

    def handle(self, *args: Any, **options: Any) -> None:
        existing = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
        locales = [code.replace("-", "_") for code in [*existing, *options["locale"]]]
        call_command("makemessages", locale=locales, verbosity=options["verbosity"], **MAKEMESSAGES_OPTIONS)
