"""The site's languages, read off the translation catalogues present (no Django settings needed).

English is the source language: the message IDs are English, so it has no catalogue. Every
other language is one catalogue, ``locale/<code>/LC_MESSAGES/django.po``; adding one (Russian:
``locale/ru/...``) adds it to ``LANGUAGES``, the picker, the catalogue checks and the compile
step, with nothing else to change. A language is named in its own words ("Español"), as a
picker shows it to someone who does not read the current language.
"""

from __future__ import annotations

from pathlib import Path

from django.conf.locale import LANG_INFO


def catalogue_codes(locale_dir: Path) -> list[str]:
    """Language codes (Django's spelling: ``es``, ``pt-br``) of the catalogues in ``locale_dir``."""
    codes = [po.parent.parent.name for po in locale_dir.glob("*/LC_MESSAGES/django.po")]
    return sorted(code.replace("_", "-").lower() for code in codes)


def language_name(code: str) -> str:
    """The language's own name for itself; ``ValueError`` for a code Django does not know."""
    info = LANG_INFO.get(code) or LANG_INFO.get(code.split("-")[0])
    if info is None or "name_local" not in info:
        raise ValueError(f"locale/{code}: not a language code Django knows")
    return str(info["name_local"])


def languages_from_catalogues(locale_dir: Path, *, source: str) -> list[tuple[str, str]]:
    """``LANGUAGES``: the source language first, then one entry per catalogue, by code."""
    codes = [source, *(code for code in catalogue_codes(locale_dir) if code != source)]
    return [(code, language_name(code)) for code in codes]
