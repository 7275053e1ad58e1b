"""Every word a drill kind shows (its question, card-group and answer labels, facts, family
names) reaches the reader through a message ID of the catalogue: text built from values is a
:class:`~drills.kinds.messages.Words`, put in the reader's language where it is shown."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext

from drills.exams.selectors import CertificationStatus
from drills.kinds.base import Difficulty, all_kinds
from drills.kinds.messages import gettext_noop, joined, phrase, say
from drills.templatetags import labels as filters
from tests.drills.test_kind_contract import rules_for_kind

SEEDS = range(12)
LETTERS = re.compile(r"[A-Za-z]{2}")
RULE_ID = re.compile(r"^[A-Z]{2}-[0-9A-Za-z]+$")


def _catalogue_ids() -> set[str]:
    import polib  # type: ignore[import-untyped]

    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.po"))
    return {entry.msgid for entry in po if not entry.obsolete}


def _shown_texts(kind: Any) -> list[str]:
    rules = rules_for_kind(kind)
    texts = [kind.family_label(code) for code in kind.family_codes()]
    for seed in SEEDS:
        scenario = kind.generate(seed, Difficulty.NORMAL, rules)
        prompt = scenario.prompt
        texts.append(prompt.question)
        texts.extend(group.label for group in prompt.cards)
        for label, value in prompt.facts:
            texts.extend((label, value))
        texts.extend(field.label for field in scenario.fields if field.label)
    return texts


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.slug)
def test_every_word_a_kind_shows_is_a_message_id_of_the_catalogue(kind: Any) -> None:
    asked: list[str] = []

    def translate(message: str) -> str:
        asked.append(message)
        return message

    for text in _shown_texts(kind):
        say(text, translate)
    known = _catalogue_ids()
    missing = {
        message for message in asked if LETTERS.search(message) and not RULE_ID.match(message) and message not in known
    }
    assert not missing, f"{kind.slug} shows English that no catalogue entry covers: {sorted(missing)}"


def test_text_built_from_values_is_translated_with_its_values() -> None:
    label = phrase(gettext_noop("Position {position}: net"), position=3)
    assert label == "Position 3: net"  # English everywhere it is data (API, stored answers)
    marked = say(label, lambda s: "«" + s + "»")
    assert marked == "«Position 3: net»"
    nested = phrase(gettext_noop("{whose}: {hand}"), whose=gettext_noop("Player"), hand=Decimal("5"))
    assert say(nested, lambda s: "«" + s + "»") == "««Player»: 5.00»"
    assert say(joined(["yes", "no"], "; "), str.upper) == "YES; NO"
    with translation.override("es"):
        assert say(label, gettext) == "Posición 3: neto"


def test_template_filter_shows_a_drill_text_in_the_active_language() -> None:
    with translation.override("es"):
        assert filters.say(phrase(gettext_noop("Hand {index}"), index=2)) == "Mano 2"
        assert filters.say(gettext_noop("Box")) == "Casilla"
    assert filters.say(None) == ""


def test_month_names_follow_the_language_and_english_is_unchanged() -> None:
    at = dt.datetime(2026, 12, 3, 9, 14, tzinfo=dt.UTC)
    with translation.override("en"):
        english = filters.moment(at)
    with translation.override("es"):
        spanish = filters.moment(at)
    assert english.endswith("Dec 2026, " + english[-5:])
    assert english.startswith("3 Dec")
    assert spanish.startswith("3 ")
    assert "Dec" not in spanish
    assert spanish[-5:] == english[-5:]


def test_certification_status_is_shown_in_the_reader_language() -> None:
    assert CertificationStatus.CERTIFIED.label == "Certified"
    with translation.override("es"):
        assert CertificationStatus.CERTIFIED.label == "Certificado"
        assert CertificationStatus.NOT_ATTEMPTED.label == "Sin intentar"


def test_the_keypad_reads_in_the_reader_language() -> None:
    context = {"first": {"name": "net"}, "signed": True}
    with translation.override("es"):
        html = render_to_string("drills/_keypad.html", context)
    assert 'aria-label="Teclado de importes"' in html
    assert 'aria-label="Borrar"' in html
    assert 'aria-label="Menos (cobrado)"' in html
