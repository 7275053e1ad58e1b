"""The dealt-round tables' last English words in the reader's language (issue 14, item 5): felt
words that share an English spelling with a verb are looked up in their own context, Pai
Gow's hand notes and Over/Under's said choice are translated, chip errors are message IDs,
and each game's table page, late in a round, reads in Spanish with no English felt word."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.utils import translation

from drills.language import translate
from drills.models import User
from drills.rounds import presenters, services
from drills.rounds.chips import ChipError, ChipSet, stack_amount
from drills.rounds.models import DealtRound, TableChips
from drills.rounds.tables.base import Focus, Level, TableView, TapError
from drills.rounds.tables.registry import table_for
from games.procedure import Round, format_log
from games.reasons import context_of, gettext_noop, no_translation, pgettext_noop
from games.registry import default_rules


def late_state(game: str, level: Level, seed: int, steps: int) -> Round:
    """The round ``steps`` due actions after its start (seeds picked for what their felt shows)."""
    table = table_for(game)
    state = table.start(seed, level, default_rules(game))
    for _ in range(steps):
        due = state.due()
        assert due is not None
        state = state.apply(due.action)
    return state


def felt_text(view: TableView) -> str:
    parts = [f"{name}: {value}" for name, value in view.facts]
    for spot in (view.dealer, *view.spots):
        parts.append(spot.label)
        parts += [hand.note for hand in spot.hands]
        parts += [f"{bet.label} {bet.amount}" for bet in (*spot.bets, *spot.paid)]
    return " | ".join(parts)


def shown_words(html: str) -> str:
    """What a reader sees or hears of a piece of HTML: its text and its labels (not its codes,
    such as a spot's key ``position-2``)."""
    labels = re.findall(r'(?:aria-label|title)="([^"]*)"', html)
    return " | ".join([*labels, re.sub(r"<[^>]+>", " ", html)])


def json_words(data: object) -> list[str]:
    """The words of the API's table: labels, notes and facts (not the spots' keys)."""
    if isinstance(data, dict):
        return [word for key, value in data.items() if key != "key" for word in json_words(value)]
    if isinstance(data, list):
        return [word for value in data for word in json_words(value)]
    return [data] if isinstance(data, str) else []


def spanish(make: Callable[[], TableView]) -> str:
    with translation.override("es"):
        return felt_text(make())


# --- the context marker -------------------------------------------------------------


def test_a_message_in_context_is_its_english_text() -> None:
    word = pgettext_noop("bet", "Double")
    assert word == "Double"
    assert context_of(word) == "bet"
    assert context_of("Double") == ""
    assert no_translation(word) == "Double"
    assert f"{word} 20" == "Double 20"
    assert context_of(pickle.loads(pickle.dumps(word))) == "bet"  # a view kept in a cache keeps it


def test_the_site_translate_looks_a_word_up_in_its_context() -> None:
    with translation.override("es"):
        assert translate(pgettext_noop("bet", "Double")) == "Doble"  # the doubled stake
        assert translate(gettext_noop("Double")) == "Doblar"  # the player's action
        assert translate(pgettext_noop("hand note", "sideways")) == "de lado"
        assert translate(gettext_noop("sideways")) == "girar de lado"
        assert translate(pgettext_noop("no such context", "Bet")) == "Bet"  # unknown: English
    with translation.override("en"):
        assert translate(pgettext_noop("bet", "Double")) == "Double"


# --- the words of each table ------------------------------------------------------------


def test_blackjack_double_stake_and_stage_are_nouns_in_spanish() -> None:
    table = table_for("blackjack")
    state = late_state("blackjack", Level.NORMAL, 1, 18)
    english = felt_text(table.table(state))
    assert "Bet 20 | Double 20" in english or "| Double " in english
    assert "Stage: settlement" in english
    said = spanish(lambda: table.table(state, translate))
    assert "| Doble " in said
    assert "Doblar" not in said
    assert "Etapa: liquidación" in said
    start = table.start(1, Level.NORMAL, default_rules("blackjack"))
    assert "Etapa: reparto" in spanish(lambda: table.table(start, translate))  # not "repartir", the verb


def test_jack_switch_sideways_note_is_the_card_lying_sideways() -> None:
    table = table_for("jack-switch")
    state = late_state("jack-switch", Level.HARD, 69, 27)
    assert "21, sideways" in felt_text(table.table(state))
    said = spanish(lambda: table.table(state, translate))
    assert "21, de lado" in said
    assert "girar" not in said


def test_pai_gow_hand_notes_and_the_button_are_translated() -> None:
    table = table_for("pai-gow")
    opened = late_state("pai-gow", Level.HARD, 0, 13)
    english = felt_text(table.table(opened))
    for words in ("set: five back, two front", "dead hand, discarded", "Action button: position 2"):
        assert words in english, words
    said = spanish(lambda: table.table(opened, translate))
    for words in ("armada: cinco atrás, dos delante", "mano muerta, descartada", "Botón de Acción: posición 2"):
        assert words in said, words
    face_down = late_state("pai-gow", Level.NORMAL, 0, 13)
    assert "| set |" in felt_text(table.table(face_down))
    assert "| armada |" in spanish(lambda: table.table(face_down, translate))


@pytest.mark.parametrize(
    ("seed", "steps", "english", "words"),
    [
        (0, 9, "Box 1 · says over", "Casilla 1 · dice Over"),
        (0, 9, "Box 2 · says under", "Casilla 2 · dice Under"),
        (21, 4, "Box 3 · says fold", "Casilla 3 · dice retirarse"),
        (8, 6, "announced joker", "anunciado comodín"),
    ],
)
def test_over_under_said_choice_and_joker_are_words_not_values(seed: int, steps: int, english: str,
                                                               words: str) -> None:
    table = table_for("over-under-26")
    state = late_state("over-under-26", Level.NORMAL, seed, steps)
    assert english in felt_text(table.table(state))
    said = spanish(lambda: table.table(state, translate))
    assert words in said
    assert not re.search(r"\b(says|under|over|fold|joker|por debajo|por encima)\b", said)


# --- chip errors ----------------------------------------------------------------------------


def test_chip_errors_keep_their_english_and_translate() -> None:
    chips = ChipSet.default()
    with pytest.raises(ChipError) as caught:
        stack_amount(chips, {"3": 1})
    assert str(caught.value) == "3.00 is not a chip of this table (chips: 1, 2.50, 5, 25, 100, 500, 1000)"
    with translation.override("es"):
        assert caught.value.words(translate) == (
            "3.00 no es una ficha de esta mesa (fichas: 1, 2.50, 5, 25, 100, 500, 1000)"
        )
    with pytest.raises(ChipError) as caught:
        stack_amount(chips, {})
    assert str(caught.value) == "the stack is empty: tap chips in the tray to build it"
    with pytest.raises(ChipError) as caught:
        ChipSet.from_json([{"value": "5", "colour": "red", "name": "red"}])
    assert str(caught.value) == "chip 1: colour must be #rrggbb, not 'red'"


def test_a_bad_chip_stack_tap_is_refused_in_the_readers_language() -> None:
    table = table_for("blackjack")
    state = table.start(1, Level.EASY, default_rules("blackjack"))
    body = {"key": "k" * 10, "seen": 0, "verb": "pay", "chips": {"25": 150, "5": 60}}
    with pytest.raises(TapError) as caught:
        presenters.parse_tap(body, table, state, ChipSet.default())
    assert caught.value.message == "at most 200 chips in one stack"
    with translation.override("es"):
        assert caught.value.words(translate) == "como máximo 200 fichas en una pila"


@pytest.mark.django_db
def test_the_chip_set_form_error_is_in_the_staff_language(trainee: User) -> None:
    from django.core.exceptions import ValidationError

    stored = TableChips(property=trainee.property, chips=[{"value": "5", "colour": "#c8102e", "name": ""}])
    with translation.override("es"), pytest.raises(ValidationError) as caught:
        stored.clean()
    assert caught.value.message_dict["chips"] == ["ficha 1: nombre el color (para quien no puede verlo)"]


# --- each table page late in a round, in Spanish ------------------------------------------------

LATE = {
    # game: (level, seed, steps, English felt words that must be gone, Spanish words that must show)
    "blackjack": (Level.NORMAL, 1, 18,
                  ["Box", "Dealer", "Bet", "Double", "doubled", "Paid", "Table", "Stage", "settlement", "bust",
                   "soft", "Doblar"],
                  ["Casilla 1", "Crupier", "Apuesta", "Doble", "doblada", "Pagada", "Etapa", "liquidación",
                   "se pasa"]),
    "jack-switch": (Level.HARD, 69, 27,
                    ["Box", "paired", "sideways", "Pair bonus", "cards taken", "Double", "doubled", "Paid", "play",
                     "girar"],
                    ["emparejada", "de lado", "Bono de pareja", "cartas retiradas", "Doble", "doblada", "Pagada",
                     "juego"]),
    "pai-gow": (Level.HARD, 0, 13,
                ["Position", "position", "player", "dealer", "dead hand", "discarded", "five back", "two front",
                 "Bank", "Bet", "Paid", "Dice", "Announced", "Set aside", "cards", "Action button"],
                ["Posición 1 · jugador-banca", "armada: cinco atrás, dos delante", "mano muerta, descartada",
                 "Banca", "Apuesta", "Pagada", "Dados", "Anunciado", "Apartadas", "5 cartas", "Botón de Acción",
                 "posición 2"]),
    "over-under-26": (Level.NORMAL, 0, 9,
                      ["Box", "says", "under", "over", "announced", "Paid", "Collected", "The cards"],
                      ["Casilla 1 · dice Over", "Casilla 2 · dice Under", "anunciado 29", "Pagada", "Cobrada",
                       "Las cartas", "Ante"]),
}


def late_round_page_in_spanish(
    trainee: User, game: str, level: Level, seed: int, steps: int
) -> tuple[DealtRound, Client, str]:
    """A round of ``game`` dealt ``steps`` steps in, and its table page as a Spanish reader sees it."""
    trainee.language = "es"
    trainee.save()
    stored = services.start_round(trainee, game, level, Focus.ROUND, seed=seed)
    state = late_state(game, level, seed, steps)
    DealtRound.objects.filter(pk=stored.pk).update(log=format_log(state.log), steps=len(state.log))
    client = Client()
    client.force_login(trainee)
    return stored, client, client.get(f"/rounds/{stored.public_id}/").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(LATE))
def test_the_table_page_late_in_a_round_has_no_english_felt_word(game: str, trainee: User) -> None:
    level, seed, steps, gone, shown = LATE[game]
    stored, client, page = late_round_page_in_spanish(trainee, game, level, seed, steps)
    felt = re.search(r'<section class="felt".*?</section>', page, flags=re.S)
    assert felt is not None
    api = client.get(f"/api/v1/rounds/{stored.public_id}/").json()["table"]
    on_table = [shown_words(felt.group(0)), " | ".join(json_words(api))]
    for text in on_table:
        for word in gone:
            assert not re.search(rf"\b{re.escape(word)}\b", text), (word, text[:3000])
        for word in shown:
            assert word in text, word
    # the cards' pictures are named for screen readers in the reader's language
    assert re.search(r"\b(\d+|[JQKA]) de (picas|corazones|diamantes|tréboles)\b", on_table[0])
    assert not re.search(r"\bof (spades|hearts|diamonds|clubs)\b", on_table[0])
    # the tray names the default chips' colours in the reader's language too
    assert "(verde)" in page
    assert "(green)" not in page
