"""Issue 14, items 3 and 5: the last English words and card codes a person reads: the joker's
face, the round tables' spot labels for screen readers, a drill's refusal, rule-set errors
and chip-set form errors, in the reader's language."""

from __future__ import annotations

import html
import re

import pytest
from django.http import HttpResponse
from django.test import Client
from django.utils import translation

from drills.kinds._changes import RuleChange
from drills.kinds.base import AnswerField, FieldType, get_kind
from drills.kinds.diagnosis import _amount_shape
from drills.kinds.messages import gettext_noop, phrase, say
from drills.language import in_reader_language, translate
from drills.models import Property, RuleSet, User
from drills.rounds.chips import ChipError, ChipSet
from drills.rounds.tables.base import Level
from drills.templatetags.cards import card_name, card_svg
from games.reasons import Reason, explain
from tests.drills.test_kinds_what_changed import graded, worked
from tests.rounds.test_felt_in_spanish import late_round_page_in_spanish

CODE = re.compile(r"(?<![\w-])(?:[2-9TJQKA][SHDC]|JK)(?![\w-])")
"""A card in the notation ("TD", "JK") standing alone in text."""


def test_the_jokers_face_says_joker_in_the_readers_language() -> None:
    with translation.override("es"):
        face = card_svg("JK")
    assert "JOKER" not in face
    assert face.count(">COMODÍN<") == 2
    assert 'aria-label="Comodín"' in face
    with translation.override("en"):
        assert card_svg("JK").count(">JOKER<") == 2


def test_a_card_is_named_in_the_readers_language() -> None:
    with translation.override("es"):
        assert card_name("TD") == "10 de diamantes"
        assert card_name("JK") == "Comodín"
    with translation.override("en"):
        assert card_name("AS") == "A of spades"


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "level", "seed", "steps"), [
    ("blackjack", Level.NORMAL, 1, 18),
    ("jack-switch", Level.HARD, 69, 27),
    ("pai-gow", Level.HARD, 0, 13),
    ("over-under-26", Level.NORMAL, 0, 9),
])
def test_spots_are_labelled_with_card_names_not_codes(game: str, level: Level, seed: int, steps: int,
                                                      trainee: User) -> None:
    _, _, page = late_round_page_in_spanish(trainee, game, level, seed, steps)
    labels = re.findall(r'<(?:button|div)[^>]*class="spot[^"]*"[^>]*aria-label="([^"]*)"', page)
    assert labels
    spoken = " | ".join(labels)
    assert not CODE.search(spoken), spoken
    assert re.search(r"\b(\d+|[JQKA]) de (picas|corazones|diamantes|tréboles)\b", spoken), spoken


# --- a drill refused, in the reader's language ----------------------------------------------------


def spanish_client(trainee: User) -> Client:
    trainee.language = "es"
    trainee.save()
    client = Client()
    client.force_login(trainee)
    return client


def refusal_shown(response: HttpResponse) -> str:
    assert response.status_code == 400
    page = response.content.decode()
    errors = re.search(r'<div class="form-errors".*?</div>', page, flags=re.S)
    assert errors is not None
    return errors.group(0)


@pytest.mark.django_db
def test_a_drill_the_rules_refuse_is_refused_in_the_readers_language(trainee: User) -> None:
    client = spanish_client(trainee)
    shown = refusal_shown(client.post("/drills/start/", {"kind": "ou-bonus", "difficulty": "normal"}))
    assert "la tabla de pagos del Bonus" in shown, shown
    assert "is not configured" not in shown
    assert ">kind:" not in shown  # the field's name is a code, not a word
    # the API's errors are English, like all of its errors
    api = client.post("/api/v1/drills/scenarios/", {"kind": "ou-bonus", "difficulty": "normal"},
                      content_type="application/json")
    assert api.status_code == 400
    assert "is not configured" in api.json()["errors"]["kind"][0]


@pytest.mark.django_db
def test_an_unassigned_what_changed_drill_is_refused_in_the_readers_language(trainee: User) -> None:
    client = spanish_client(trainee)
    shown = refusal_shown(client.post("/drills/start/", {"kind": "pg-what-changed", "difficulty": "normal"}))
    assert "nada ha cambiado para usted en este juego" in shown, shown


@pytest.mark.django_db
def test_an_invalid_rule_set_is_said_in_the_readers_language(trainee: User, casino: Property) -> None:
    RuleSet.objects.create(property=casino, game="blackjack", slug="broken", name="Broken", is_default=True,
                           values={"blackjack_pays": "nine to five"})
    client = spanish_client(trainee)
    picker = client.get("/drills/").content.decode()
    assert "las reglas del casino para este juego no son válidas" in picker
    assert "rule set is invalid" not in picker
    shown = refusal_shown(client.post("/drills/start/", {"kind": "bj-payout", "difficulty": "normal"}))
    assert "las reglas del casino para este juego no son válidas" in shown, shown


def test_rules_of_another_game_are_refused_in_the_readers_language() -> None:
    change = RuleChange.of("pai-gow", {}, {"collection_fee": "0.50"})
    reason = get_kind("bj-what-changed").unavailable_reason(change)
    assert reason == "these are rules of Joker's Wild Pai Gow poker, not Blackjack"
    with translation.override("es"):
        assert say(reason, translate).startswith("estas son reglas de ")


# --- reasons given words ---------------------------------------------------------------------------


def test_a_diagnosis_names_a_field_labelled_with_words_in_the_readers_language() -> None:
    label = phrase(gettext_noop("Hand {index}: player's result"), index=2)
    field = AnswerField("hand_2", label, FieldType.AMOUNT)
    shape = _amount_shape(field, "-10", "10")
    assert shape is not None
    reason = shape[1]
    assert reason.words().startswith("Hand 2: player's result: -10.00 has the wrong sign")
    assert Reason.from_json(reason.to_json()) == reason
    with translation.override("es"):
        assert reason.words(translate).startswith("Mano 2: resultado del jugador: -10.00 tiene el signo")


# --- the chip-set form ----------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "english", "spanish"), [
    ("ten", "chip 1: value must be an amount such as 25 or 2.50, not 'ten'",
     "ficha 1: el valor debe ser un importe como 25 o 2.50, no 'ten'"),
    ("200000", "chip 1: value must be above 0 and at most 100000",
     "ficha 1: el valor debe ser mayor que 0 y como máximo 100000"),
])
def test_a_chip_set_error_is_in_the_readers_language(value: str, english: str, spanish: str) -> None:
    with pytest.raises(ChipError) as caught:
        ChipSet.from_json([{"value": value, "colour": "#c8102e", "name": "red"}])
    assert str(caught.value) == english
    with translation.override("es"):
        assert caught.value.words(translate) == spanish


def test_a_what_changed_grade_explains_itself_in_the_readers_language() -> None:
    change, made = worked("blackjack", {"blackjack_pays": "6:5"}, "blackjack_pays",
                          {"bet": "25.00", "kind": "blackjack"})
    grade = graded(change, made, {"pays": "37.50", "collects": "0.00"})
    assert explain(grade.reasons) == grade.explanation  # what the feedback page translates from
    with translation.override("es"):
        spanish = in_reader_language(grade.reasons, grade.explanation, translate)
    assert spanish.startswith("Qué ha cambiado: "), spanish
    assert "Con las reglas anteriores" in spanish


# --- the sweep: what a trainee reads on the history, progress and home pages ------------------------


@pytest.mark.django_db
def test_history_and_progress_name_drills_in_the_readers_language(trainee: User) -> None:
    from drills.kinds.base import Difficulty
    from drills.practice import services as practice

    stored, _ = practice.start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=3)
    practice.submit_answer(stored, {"pays": "0.01", "collects": "0.00"})
    client = spanish_client(trainee)
    with translation.override("es"):
        title = translation.gettext(get_kind("bj-payout").title)
    assert title != get_kind("bj-payout").title
    history = client.get("/drills/history/").content.decode()
    assert f"<td>{title}</td>" in history
    progress = client.get("/progress/").content.decode()
    assert f"· {title} (" in progress
    assert "share right per day" not in progress
    assert "right of 1" not in progress
    assert "aciertos por día" in progress


def test_pay_now_or_wait_choices_read_in_the_readers_language() -> None:
    from drills.kinds.blackjack import TIMING_CHOICES

    with translation.override("es"):
        said = [say(label, translate) for _, label in TIMING_CHOICES]
    assert said == ["Pagarlo ya", "Esperar a la segunda carta del crupier"]


def test_what_changed_drills_are_described_in_the_readers_language() -> None:
    from drills.kinds.what_changed import KINDS

    with translation.override("es"):
        for kind in KINDS:
            assert translation.gettext(kind.description).startswith("Sus reglas de "), kind.slug


@pytest.mark.django_db
def test_an_assignments_status_and_progress_read_in_the_readers_language(trainee: User) -> None:
    from drills.learning.selectors import ON_TRACK, AssigneeProgress
    from drills.what_changed.selectors import ChangeProgress

    with translation.override("es"):
        assert AssigneeProgress(trainee, 0, 1, ON_TRACK).status_label == "A tiempo"
        assert ChangeProgress(0, 0, False).words == "aún no hay respuestas para este cambio"
        assert ChangeProgress(3, 2, False).words == "3 respuestas para este cambio, 67 % de aciertos"
    assert ChangeProgress(3, 2, False).words == "3 answers for this change, 67 % right"


@pytest.mark.django_db
def test_games_and_round_skills_are_named_in_the_readers_language(trainee: User) -> None:
    from drills.rounds.tables.registry import skill_title

    client = spanish_client(trainee)
    for url in ("/", "/drills/", "/rounds/"):
        page = client.get(url).content.decode()
        assert "Blackjack (seis barajas, sin carta tapada)" in page, url
        assert "six decks" not in page, url
    with translation.override("es"):
        said = say(skill_title("blackjack"), translate)
    assert said == "Repartir una ronda: Blackjack (seis barajas, sin carta tapada)"
    progress = client.get("/progress/").content.decode()
    assert "Deal a round" not in progress


@pytest.mark.django_db
def test_a_what_changed_assignments_note_reads_in_the_readers_language(trainee: User, casino: Property) -> None:
    import datetime as dt

    from drills.what_changed.services import assign_what_changed

    assignment = assign_what_changed(property=casino, game="blackjack", old_values={},
                                     new_values={"blackjack_pays": "6:5"}, trainees=[trainee], assigned_by=None,
                                     due=dt.date.today() + dt.timedelta(days=14))
    assert assignment is not None
    assert assignment.note == "Blackjack rules changed: Blackjack pays: 3:2 → 6:5 (BJ-5)"  # stored in English
    client = spanish_client(trainee)
    home = client.get("/").content.decode()
    assert "Han cambiado las reglas de Blackjack: " in home
    assert "rules changed" not in home


@pytest.mark.django_db
def test_a_malformed_answer_is_refused_in_the_readers_language(trainee: User) -> None:
    from drills.kinds.base import Difficulty
    from drills.practice import services as practice

    stored, scenario = practice.start_scenario(trainee, get_kind("ou-total"), Difficulty.NORMAL, seed=5)
    (field,) = scenario.fields
    client = spanish_client(trainee)
    page = client.post(f"/drills/s/{stored.public_id}/answer/", {field.name: "many"})
    assert page.status_code == 400
    shown = re.search(r'<div class="form-errors".*?</div>', page.content.decode(), flags=re.S)
    assert shown is not None
    assert "debe ser un número entero" in shown.group(0)
    assert "whole number" not in shown.group(0)
    api = client.post(f"/api/v1/drills/scenarios/{stored.public_id}/answer/", {"answer": {field.name: ""}},
                      content_type="application/json")
    assert "this field is required" in str(api.json()["errors"])  # the API's errors are English


@pytest.mark.django_db
def test_an_exam_draft_says_what_is_missing_in_the_readers_language(trainee: User, casino: Property) -> None:
    from tests.exams.test_drafts import key_of, one_of_two_amounts, sitting_of

    sitting = sitting_of(trainee, casino, "blackjack", "bj-payout")
    client = spanish_client(trainee)
    typed = one_of_two_amounts(key_of(sitting))
    url = f"/exams/sittings/{sitting.public_id}/items/1/"
    fragment = client.post(url, typed, headers={"HX-Request": "true"}).content.decode()
    assert "El crupier cobra: este campo es obligatorio" in fragment
    page = client.post(url, typed, follow=True).content.decode()
    assert "El crupier cobra: este campo es obligatorio" in page
    assert "this field is required" not in page


@pytest.mark.django_db
def test_an_amount_refused_by_the_engine_reads_in_the_readers_language(trainee: User) -> None:
    from drills.kinds.base import Difficulty
    from drills.practice import services as practice

    stored, _ = practice.start_scenario(trainee, get_kind("bj-payout"), Difficulty.NORMAL, seed=5)
    client = spanish_client(trainee)
    page = client.post(f"/drills/s/{stored.public_id}/answer/", {"pays": "ten", "collects": "1.005"})
    found = re.search(r'<div class="form-errors".*?</div>', html.unescape(page.content.decode()), flags=re.S)
    assert found is not None
    shown = found.group(0)
    assert "El crupier paga: 'ten' no es un importe" in shown
    assert "El crupier cobra: '1.005' tiene más de dos decimales" in shown
    assert "not an amount" not in shown
