"""A "what changed" drill's explanation in the reader's language (issue 14, item 5): the
answers under the old and the new rules ("dealer pays 12.00"), the change and the old rules'
refusal are values of the reasons (:class:`games.reasons.Phrase`), stored with them and put
in Spanish when read in Spanish; the English stays word for word what it was."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from drills.kinds._changes import RuleChange, answer_words, nothing_to_show
from drills.kinds.base import AnswerField, Difficulty, FieldType, Scenario
from drills.kinds.messages import gettext_noop, say
from drills.kinds.what_changed import KINDS, NOT_ASSIGNED
from games.cards import JOKER, parse_cards
from games.reasons import Phrase, Reason, Term, printed, reasons_from_json, reasons_to_json
from tests.drills.kinds_support import KindBench
from tests.drills.what_changed_support import example_change, registered_house_way

SEEDS = range(10)
SLUG = {kind.game: kind.slug for kind in KINDS}
NO_BONUS_TABLE_THEN_ONE: tuple[str, dict[str, object], dict[str, object]] = (
    "over-under-26",
    {},
    {"bonus_pay_table": {"16": "2:1"}},
)


def _catalogue() -> dict[str, str]:
    import polib  # type: ignore[import-untyped]

    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES" / "django.po"))
    return {entry.msgid: entry.msgstr for entry in po if not entry.obsolete and not entry.msgctxt}


def _scenarios(change: RuleChange, seeds: range = SEEDS) -> Iterator[Scenario]:
    kind = next(kind for kind in KINDS if kind.game == change.game)
    for seed in seeds:
        yield kind.generate(seed, Difficulty.NORMAL, change)


def _changes() -> Iterator[tuple[str, RuleChange]]:
    """Every game's example change (one situation per setting over the seeds), and the Over/
    Under change from no Bonus table to one (the old rules refuse the question)."""
    for kind in KINDS:
        yield kind.game, example_change(kind.game)
    game, old, new = NO_BONUS_TABLE_THEN_ONE
    yield "over-under-26 (no table before)", RuleChange.of(game, old, new)


CHANGES = list(_changes())
# What may stay as written in any language: rule IDs and cards in the notation ("AS 7H").
NOT_WORDS = re.compile(r"\b[A-Z]{2}-[0-9A-Za-z]+\b|\b(?:[2-9TJQKA][SHDC]|JK)\b")


def _said(scenario: Scenario) -> tuple[Reason, ...]:
    """The reasons the "what changed" drill itself says (the change, the old and the new
    answer); the rest are the base kind's own."""
    return tuple(
        reason
        for reason in scenario.solution.reasons
        if reason.message.startswith(("What changed:", "Under the old rules"))
    )


def _letters_only(message: str) -> str:
    """A translation that turns every letter of a message into "~", placeholders kept: what
    is still a letter afterwards was never translated."""
    parts = re.split(r"(\{[^{}]*\})", message)
    return "".join(part if part.startswith("{") else re.sub(r"[A-Za-z]", "~", part) for part in parts)


# --- the value type ----------------------------------------------------------------------------


def test_a_reason_with_phrases_round_trips_through_stored_json() -> None:
    answer = Phrase.joined(
        [
            Phrase.of(
                gettext_noop("{field} {value}"), field=Phrase("Dealer pays", lowercase=True), value=Decimal("12")
            ),
            Phrase.of(gettext_noop("{field} {value}"), field=Phrase("Insurance", lowercase=True), value=Term("No")),
            Phrase.of(
                gettext_noop("{field} {value}"), field=Phrase("Front", lowercase=True), value=parse_cards(["TD"])
            ),
            Phrase.of(gettext_noop("Hand {index}"), index=2, joker=JOKER),
        ]
    )
    reason = Reason.of(
        "",
        gettext_noop("Under the old rules this was {before}; now it is {now}."),
        before=answer,
        now=Phrase("nothing"),
    )
    stored = json.loads(json.dumps(reason.to_json()))
    assert stored["params"]["before"]["phrase"]["params"]["item_0"]["phrase"]["params"]["value"] == {"money": "12.00"}
    back = Reason.from_json(stored)
    assert back == reason
    assert hash(back) == hash(reason)
    assert back.words() == (
        "Under the old rules this was dealer pays 12.00, insurance No, front T♦, Hand 2; now it is nothing."
    )
    with translation.override("es"):
        assert back.words(gettext) == reason.words(gettext)
        assert "el crupier paga: 12.00" in back.words(gettext)


def test_a_label_is_lowered_after_translation_first_letter_only() -> None:
    spanish = {"Accept the bonus bet?": "¿Se acepta la apuesta de bono?", "Bonus result": "Resultado del Bonus"}
    assert Phrase("Accept the bonus bet?", lowercase=True).words(lambda m: spanish.get(m, m)) == (
        "¿se acepta la apuesta de bono?"
    )
    assert Phrase("Bonus result", lowercase=True).words(lambda m: spanish.get(m, m)) == "resultado del Bonus"
    assert Phrase("Bonus result", lowercase=True).words() == "bonus result"


def test_a_joker_among_the_values_is_a_word_of_the_reader() -> None:
    assert printed(JOKER) == "joker"
    with translation.override("es"):
        assert printed(JOKER, gettext) == "comodín"


def test_answer_words_keep_the_english_wording() -> None:
    fields = (
        AnswerField("pays", "Dealer pays", FieldType.AMOUNT),
        AnswerField("when", "Five-card hand goes to", FieldType.CHOICE, choices=(("banker", "Player-dealer"),)),
        AnswerField("front", "Two-card hand", FieldType.CARDS, count=2),
        AnswerField("total", "Total", FieldType.INTEGER),
    )
    key = {"pays": "-12.50", "when": "banker", "front": ["AS", "7H"], "total": 26}
    assert answer_words(fields, key).words() == (
        "dealer pays -12.50, five-card hand goes to player-dealer, two-card hand A♠ 7♥, total 26"
    )
    assert answer_words(fields, key, ["when"]).words() == "five-card hand goes to player-dealer"


# --- the drills' explanations -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "change"), CHANGES, ids=[name for name, _ in CHANGES])
def test_every_word_of_what_changed_goes_through_the_translation(name: str, change: RuleChange) -> None:
    for scenario in _scenarios(change):
        assert len(_said(scenario)) >= 2
        for reason in scenario.solution.reasons:  # the drill's own and the base kind's
            text = reason.words(_letters_only)
            left = NOT_WORDS.sub("", text)
            assert not re.search(r"[A-Za-z]{2}", left), f"{name}: untranslated words in {text!r}"


@pytest.mark.parametrize(("name", "change"), CHANGES, ids=[name for name, _ in CHANGES])
def test_what_changed_reads_in_spanish(name: str, change: RuleChange) -> None:
    catalogue = _catalogue()
    asked: list[str] = []

    def translate(message: str) -> str:
        asked.append(message)
        return gettext(message)

    with translation.override("es"):
        for scenario in _scenarios(change):
            scenario.solution.words(translate)
            said = " ".join(reason.words(gettext) for reason in _said(scenario))
            assert "Under the old rules" not in said
            assert "Con las reglas anteriores" in said
            for field in scenario.fields:  # the answers' labels in Spanish, not in English
                spanish = catalogue.get(field.label, "")
                if spanish and spanish.lower() != field.label.lower():
                    assert f" {field.label.lower()} " not in said, f"{name}: {field.label!r} in English in {said!r}"
            stored = reasons_from_json(json.loads(json.dumps(reasons_to_json(_said(scenario)))))
            assert stored == _said(scenario)
            assert " ".join(reason.words(gettext) for reason in stored) == said, "stored, they read the same"
    untranslated = {message for message in asked if re.search(r"[A-Za-z]{2}", message) and not catalogue.get(message)}
    assert not untranslated, f"{name}: no Spanish for {sorted(untranslated)}"


def test_blackjack_answers_in_spanish_word_for_word() -> None:
    change = RuleChange.of("blackjack", {}, {"insurance_pays": "3:1"})
    made = KindBench(change).scenario(
        "bj-what-changed", {"setting": "insurance_pays", "situation": {"bet": "5.00", "kind": "insurance"}}
    )
    assert made.solution.explanation.startswith(
        "What changed: Insurance pays: 2:1 → 3:1 (BJ-I2). Under the old rules this was dealer pays 10.00; "
        "now it is dealer pays 15.00."
    )
    with translation.override("es"):
        assert made.solution.words(gettext).startswith(
            "Qué ha cambiado: El seguro paga: 2:1 → 3:1 (BJ-I2). Con las reglas anteriores era el crupier paga: "
            "10.00; ahora es el crupier paga: 15.00."
        )


def test_the_old_rules_refusal_reads_in_spanish() -> None:
    game, old, new = NO_BONUS_TABLE_THEN_ONE
    made = KindBench(RuleChange.of(game, old, new)).scenario(
        SLUG[game],
        {
            "setting": "bonus_pay_table",
            "situation": {"ante": "10.00", "bonus": "10.00", "cards": ["2S", "3H", "5D", "6C"], "choice": "under"},
        },
    )
    assert (
        "Under the old rules this could not happen: the Bonus pay table is not configured for this property "
        "(OU-10); now it is bonus result 20.00." in made.solution.explanation
    )
    with translation.override("es"):
        assert "la tabla de pagos del Bonus no está configurada en este casino (OU-10)" in made.solution.words(gettext)


def test_pai_gow_house_way_answers_keep_cards_in_the_notation() -> None:
    with registered_house_way() as way:
        change = RuleChange.of("pai-gow", {}, {"house_way": way})
        made = KindBench(change).scenario(
            "pg-what-changed",
            {"setting": "house_way", "situation": {"cards": ["9S", "9H", "4D", "4C", "AS", "7H", "2C"]}},
        )
        with translation.override("es"):
            said = " ".join(reason.words(gettext) for reason in _said(made))
    assert "Con las reglas anteriores era mano de dos cartas: A♠ 7♥; ahora es mano de dos cartas: 4♣ 4♦." in said


def test_why_a_what_changed_drill_is_not_available_reads_in_spanish() -> None:
    same = nothing_to_show(RuleChange.of("blackjack", {}, {}))
    assert same == "the old and the new Blackjack rules are the same: nothing changed"
    with translation.override("es"):
        assert say(same, gettext).startswith("las reglas anteriores y las nuevas de ")
        assert say(NOT_ASSIGNED, gettext).startswith("nada ha cambiado para usted en este juego")


@pytest.mark.django_db
def test_the_picker_says_in_spanish_why_a_drill_is_not_available(trainee_client: Client) -> None:
    page = trainee_client.get("/drills/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "nada ha cambiado para usted en este juego" in page
    assert "nothing has changed for you" not in page
    assert "la tabla de pagos del Bonus no está configurada en este casino (OU-10)" in page
