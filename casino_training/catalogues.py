"""The translation catalogues (``locale/<code>/LC_MESSAGES/django.po``): check and compile them.

The ``.po`` files are the source, committed; the ``.mo`` files Django reads are build output,
compiled from them by ``manage.py compile_catalogues`` (``scripts/serve``, ``scripts/test`` and
the test run itself do it). Compiling is pure Python (``polib``), so a machine without GNU
gettext serves every language too; only updating a catalogue from the sources
(``manage.py update_catalogues``, Django's ``makemessages``) needs ``xgettext``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import polib  # type: ignore[import-untyped]  # no type information; its stubs would be one more pin

# How the catalogues are extracted from the sources: manage.py update_catalogues and the
# test that the committed catalogues are up to date use the same options.
MAKEMESSAGES_OPTIONS: dict[str, object] = {
    "domain": "django",
    "no_obsolete": True,
    "add_location": "file",
    "ignore_patterns": ["tests/*", "var/*", "locale/*", "scripts/*"],
}

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|\{(\w*)\}|%[sdif]")


def catalogues(locale_dir: Path) -> list[Path]:
    """Every ``django.po`` under ``locale_dir``, by language code."""
    return sorted(locale_dir.glob("*/LC_MESSAGES/django.po"))


def compile_catalogues(locale_dir: Path) -> list[Path]:
    """Write each catalogue's ``django.mo`` beside it when it is missing or older; return those written."""
    written = []
    for po_path in catalogues(locale_dir):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


@dataclass(frozen=True)
class Problem:
    catalogue: Path
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.catalogue}: {self.what}: {self.msgid!r}"


def placeholders(text: str) -> list[str]:
    """The format placeholders of a message (``%(name)s``, ``{name}``, ``%s``), sorted."""
    return sorted(match.group(0) for match in _PLACEHOLDER.finditer(text))


def problems(po_path: Path) -> list[Problem]:
    """What keeps a catalogue from being complete: an entry untranslated, fuzzy, obsolete, or
    whose translation's placeholders differ from the message's (a crash or a lost value)."""
    found = []
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete:
            found.append(Problem(po_path, entry.msgid, "obsolete entry (remove it)"))
            continue
        if "fuzzy" in entry.flags:
            found.append(Problem(po_path, entry.msgid, "fuzzy (check the translation, then drop the flag)"))
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not all(translations):
            found.append(Problem(po_path, entry.msgid, "not translated"))
            continue
        wanted = placeholders(entry.msgid)
        wanted_plural = placeholders(entry.msgid_plural) if entry.msgid_plural else wanted
        for text in translations:
            if placeholders(text) not in (wanted, wanted_plural):
                found.append(Problem(po_path, entry.msgid, f"placeholders differ in {text!r}"))
    return found


def message_keys(po_path: Path) -> set[tuple[str, str, str]]:
    """(context, message, plural) of every live entry: what the sources ask to translate."""
    return {
        (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")
        for entry in polib.pofile(str(po_path))
        if not entry.obsolete
    }
