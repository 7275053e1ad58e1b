"""``python manage.py compile_catalogues``: build ``locale/*/LC_MESSAGES/django.mo`` from the ``.po``.

Pure Python (no GNU gettext needed); a catalogue whose ``.mo`` is newer is left alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from casino_training.catalogues import compile_catalogues


class Command(BaseCommand):
    help = "Compile the translation catalogues (locale/*/LC_MESSAGES/django.po) into .mo files."

    def handle(self, *args: Any, **options: Any) -> None:
        for locale_dir in settings.LOCALE_PATHS:
            for mo_path in compile_catalogues(Path(locale_dir)):
                self.stdout.write(f"compiled {mo_path}")
