"""Languages (issue 14 item 5): the catalogues, the picker and a person's saved language.

English is the source language; every other language is one catalogue under ``locale/``
(``casino_training.languages``). The catalogue checks run on every catalogue present, so a
third language is held to the same bar the day its catalogue is added.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings

from casino_training.catalogues import (
    MAKEMESSAGES_OPTIONS,
    catalogues,
    compile_catalogues,
    message_keys,
    placeholders,
    problems,
)
from casino_training.languages import languages_from_catalogues
from drills.models import User
from tests.personas import PASSWORD

LOCALE = Path(settings.LOCALE_PATHS[0])
CATALOGUES = catalogues(LOCALE)


def test_languages_are_english_and_one_per_catalogue() -> None:
    assert languages_from_catalogues(LOCALE, source="en") == settings.LANGUAGES
    assert settings.LANGUAGES[0] == ("en", "English")
    assert ("es", "español") in settings.LANGUAGES
    assert {path.parent.parent.name for path in CATALOGUES} == {code for code, _ in settings.LANGUAGES[1:]}


def test_a_third_language_is_one_more_catalogue(tmp_path: Path) -> None:
    for path in CATALOGUES:
        copy = tmp_path / path.relative_to(LOCALE)
        copy.parent.mkdir(parents=True)
        shutil.copy(path, copy)
    russian = tmp_path / "ru" / "LC_MESSAGES" / "django.po"
    russian.parent.mkdir(parents=True)
    russian.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Sign out"\nmsgstr "Выйти"\n'
    )
    languages = languages_from_catalogues(tmp_path, source="en")
    assert [code for code, _ in languages] == ["en", "es", "ru"]
    assert languages[-1] == ("ru", "Русский")
    assert russian.with_suffix(".mo") in compile_catalogues(tmp_path)
    assert problems(russian) == []


def test_an_unknown_catalogue_is_refused(tmp_path: Path) -> None:
    (tmp_path / "xx-nope" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "xx-nope" / "LC_MESSAGES" / "django.po").write_text("")
    with pytest.raises(ValueError, match="xx-nope"):
        languages_from_catalogues(tmp_path, source="en")


@pytest.mark.parametrize("po_path", CATALOGUES, ids=[path.parent.parent.name for path in CATALOGUES])
def test_catalogue_is_complete(po_path: Path) -> None:
    """No message untranslated, fuzzy or obsolete; placeholders kept exactly."""
    assert [str(problem) for problem in problems(po_path)] == []


def test_problems_are_found(tmp_path: Path) -> None:
    po_path = tmp_path / "django.po"
    po_path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Sign out"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Sign in"\nmsgstr "Entrar"\n\n'
        'msgid "Box %(box)s"\nmsgstr "Casilla %(casilla)s"\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Ido"\n'
    )
    assert [(problem.msgid, problem.what.split(" (")[0].split(" in ")[0]) for problem in problems(po_path)] == [
        ("Sign out", "not translated"),
        ("Sign in", "fuzzy"),
        ("Box %(box)s", "placeholders differ"),
        ("Gone", "obsolete entry"),
    ]
    assert placeholders("{box} of %(count)d and %s") == ["%(count)d", "%s", "{box}"]


def _sources_copy(destination: Path) -> Path:
    root = Path(settings.BASE_DIR)
    skip = shutil.ignore_patterns(".*", "__pycache__", "*.pyc", "var", "tests", "locale", "scripts", "test-artifacts")
    shutil.copytree(root, destination, ignore=skip)
    return destination


@pytest.mark.parametrize("po_path", CATALOGUES, ids=[path.parent.parent.name for path in CATALOGUES])
def test_catalogue_is_up_to_date_with_the_sources(
    po_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every message the sources mark is in the catalogue, and nothing else is: run
    ``manage.py update_catalogues`` after marking strings, then translate what it added."""
    if shutil.which("xgettext") is None:
        if os.environ.get("CI"):
            pytest.fail("xgettext is missing (apt-get install gettext): the catalogues cannot be checked")
        pytest.skip("xgettext is not installed (apt-get install gettext)")
    sources = _sources_copy(tmp_path / "src")
    locale_dir = sources / "locale"
    locale_dir.mkdir()
    code = po_path.parent.parent.name
    monkeypatch.chdir(sources)
    with override_settings(LOCALE_PATHS=[locale_dir]):
        call_command("makemessages", locale=[code], verbosity=0, **MAKEMESSAGES_OPTIONS)
    extracted = message_keys(locale_dir / code / "LC_MESSAGES" / "django.po")
    committed = message_keys(po_path)
    assert {"missing from the catalogue": extracted - committed, "no longer in the sources": committed - extracted} == {
        "missing from the catalogue": set(),
        "no longer in the sources": set(),
    }


@pytest.mark.parametrize("po_path", CATALOGUES, ids=[path.parent.parent.name for path in CATALOGUES])
def test_catalogue_reads_as_gnu_gettext_reads_it(po_path: Path) -> None:
    """GNU ``msgfmt --check`` accepts the catalogue (syntax, format strings), not only polib,
    which is laxer: a stray ``#| msgid_plural`` line once passed polib and broke msgfmt."""
    import subprocess

    if shutil.which("msgfmt") is None:
        if os.environ.get("CI"):
            pytest.fail("msgfmt is missing (apt-get install gettext): the catalogues cannot be checked")
        pytest.skip("msgfmt is not installed (apt-get install gettext)")
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", os.devnull, str(po_path)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr


# --- The picker and a person's language ---------------------------------------------------


@pytest.mark.django_db
def test_anonymous_visitor_gets_the_browser_language_or_the_picked_one(client: Client) -> None:
    assert "Sign in" in client.get("/login/").content.decode()
    spanish = client.get("/login/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert "Iniciar sesión" in spanish.content.decode()
    assert spanish["Content-Language"] == "es"
    picked = client.post("/language/", {"language": "es", "next": "/login/"})
    assert picked.status_code == 302
    assert picked["Location"] == "/login/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    page = client.get("/login/").content.decode()
    assert '<html lang="es">' in page
    assert "Iniciar sesión" in page
    assert '<option value="es" lang="es" selected>' in page


@pytest.mark.django_db
def test_signed_in_choice_is_saved_and_follows_the_person(trainee: User) -> None:
    phone = Client()
    phone.force_login(trainee)
    assert "Sign out" in phone.get("/").content.decode()
    phone.post("/language/", {"language": "es", "next": "/"})
    trainee.refresh_from_db()
    assert trainee.language == "es"

    laptop = Client(HTTP_ACCEPT_LANGUAGE="en")  # another device, English browser, no cookie
    laptop.post("/login/", {"username": "trainee", "password": PASSWORD})
    home = laptop.get("/")
    assert "Cerrar sesión" in home.content.decode()
    assert home["Content-Language"] == "es"
    # The cookie follows the preference, so the sign-in page after signing out stays Spanish.
    laptop.post("/logout/")
    assert "Iniciar sesión" in laptop.get("/login/").content.decode()

    phone.post("/language/", {"language": "en", "next": "/"})
    trainee.refresh_from_db()
    assert trainee.language == "en"
    assert "Sign out" in phone.get("/").content.decode()


@pytest.mark.django_db
def test_an_unknown_language_is_ignored(trainee: User) -> None:
    client = Client()
    client.force_login(trainee)
    response = client.post("/language/", {"language": "xx", "next": "/"})
    assert response.status_code == 302
    trainee.refresh_from_db()
    assert trainee.language == ""
    assert client.get("/language/").status_code == 405


@pytest.mark.django_db
def test_numbers_in_drawings_keep_the_decimal_point_in_spanish(trainee: User) -> None:
    """Spanish writes 12,5: a chart's or a card's coordinates must not (an SVG would break)."""
    from tests.learning.conftest import graded

    for correct in (True, False, True):
        graded(trainee, "ou-total", correct=correct)
    trainee.language = "es"
    trainee.save(update_fields=["language"])
    client = Client()
    client.force_login(trainee)
    page = client.get("/progress/").content.decode()
    assert "Mi progreso" in page
    assert "<svg" in page
    svg_numbers = re.findall(r'\s(?:x|y|x1|x2|y1|y2|cx|cy|width|height|viewBox)="([^"]*)"', page)
    assert svg_numbers
    assert [value for value in svg_numbers if re.search(r"\d,\d", value)] == []
    points = [pair for value in re.findall(r'\spoints="([^"]*)"', page) for pair in value.split()]
    assert [pair for pair in points if pair.count(",") != 1] == []  # "x,y" pairs: the comma only between them


def test_explanations_are_read_in_the_readers_language_when_the_reasons_say_the_stored_text() -> None:
    from django.utils import translation

    from drills.language import in_reader_language
    from games.reasons import Reason, explain

    reasons = (Reason.of("", "{field}: you answered {yours}; {due} is right.", field="Total", yours=24, due=25),)
    english = explain(reasons)
    with translation.override("es"):
        assert in_reader_language(reasons, english) == "Total: respondió 24; lo correcto es 25."
        # A kind that words its text otherwise keeps its own words; no reasons, the stored text.
        assert in_reader_language(reasons, "that was the answer under the old rules") == (
            "that was the answer under the old rules"
        )
        assert in_reader_language((), english) == english
