"""Issue 14, item 3, for the trainee's drill pages: what a person reads is a label, never an
internal value: a choice by its label, cards with suit symbols, a drill by its title, the
house way by its name, a pay table in pay order."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils.translation import gettext, override

from drills.kinds.base import Difficulty, FieldType, get_kind
from drills.labels import card_symbols
from drills.models import DrillScenario, User
from drills.practice import services

pytestmark = pytest.mark.django_db


def _feedback(page: str) -> str:
    start = page.index('<section class="feedback')
    return page[start : page.index("</section>", start)]


def _start(trainee: User, slug: str, seed: int = 7) -> tuple[DrillScenario, Any]:
    stored, _ = services.start_scenario(trainee, get_kind(slug), Difficulty.NORMAL, seed=seed)
    return stored, services.regenerate(stored)


def _wrong_choice(field: Any, right: str) -> str:
    return next(value for value, _label in field.choices if value != right)


def _answer_every_choice_wrong(trainee_client: Client, trainee: User, slug: str) -> tuple[DrillScenario, Any]:
    """Answer a drill with every choice field wrong (the rest as the key)."""
    stored, scenario = _start(trainee, slug)
    post = {}
    for field in scenario.fields:
        value = stored.key[field.name]
        post[field.name] = _wrong_choice(field, value) if field.type is FieldType.CHOICE else value
    response = trainee_client.post(f"/drills/s/{stored.public_id}/answer/", post)
    assert response.status_code == 302
    return stored, scenario


def test_feedback_shows_each_choice_by_its_label(trainee_client: Client, trainee: User) -> None:
    stored, scenario = _answer_every_choice_wrong(trainee_client, trainee, "js-pair-bonus")
    feedback = _feedback(trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode())
    combination = next(f for f in scenario.fields if f.name == "combination")
    labels = dict(combination.choices)
    right = stored.key["combination"]
    yours = _wrong_choice(combination, right)
    assert f'<span class="expected">{labels[right]}</span>' in feedback
    assert f'<span class="yours">{labels[yours]}</span>' in feedback
    assert f">{right}<" not in feedback
    assert f">{yours}<" not in feedback


@pytest.mark.parametrize("slug", ["bj-pay-now-or-wait", "pg-deal-procedure", "ou-settle", "js-mixed-22"])
def test_no_choice_value_is_shown_in_feedback_or_replay(trainee_client: Client, trainee: User, slug: str) -> None:
    stored, scenario = _answer_every_choice_wrong(trainee_client, trainee, slug)
    feedback = _feedback(trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode())
    replay = trainee_client.get(f"/progress/attempts/{stored.public_id}/").content.decode()
    for field in scenario.fields:
        if field.type is not FieldType.CHOICE:
            continue
        right = stored.key[field.name]
        label = dict(field.choices)[right]
        assert f'<span class="expected">{label}</span>' in feedback
        assert f'<td class="expected">{label}</td>' in replay
        assert not re.search(rf'class="(yours|expected)">{re.escape(right)}<', feedback + replay)


def test_picked_cards_are_shown_with_suit_symbols(trainee_client: Client, trainee: User) -> None:
    stored, _scenario = _start(trainee, "pg-house-way")
    front = stored.key["front"]
    trainee_client.post(f"/drills/s/{stored.public_id}/answer/", {"front": front})
    feedback = _feedback(trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode())
    shown = card_symbols(front)
    assert re.search(r"[♠♥♦♣]|joker", shown)
    assert f'<span class="expected">{shown}</span>' in feedback
    assert f'<span class="yours">{shown}</span>' in feedback
    assert f'<span class="expected">{" ".join(front)}</span>' not in feedback


def test_deal_events_show_cards_with_suit_symbols(trainee: User) -> None:
    """The events of a deal-procedure drill read "The J♦ is exposed", never "The JD"."""
    events = []
    for seed in range(12):
        _stored, scenario = _start(trainee, "pg-deal-procedure", seed=seed)
        events += [value for label, value in scenario.prompt.facts if label.startswith("Event")]
    carded = [text for text in events if "boxed" in text or "exposed" in text]
    assert carded
    for text in carded:
        assert re.search(r"^(A joker|The (10|[2-9TJQKA])[♠♥♦♣]) ", text), text
        assert "(JK)" not in text


def test_feedback_shows_choices_in_the_persons_language(trainee_client: Client, trainee: User) -> None:
    trainee_client.post("/language/", {"language": "es", "next": "/"})
    stored, scenario = _answer_every_choice_wrong(trainee_client, trainee, "pg-deal-procedure")
    feedback = _feedback(trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode())
    translated = 0
    for field in scenario.fields:
        label = dict(field.choices)[stored.key[field.name]]
        with override("es"):
            spanish = gettext(label)
        assert f'<span class="expected">{spanish}</span>' in feedback
        if spanish != label:
            translated += 1
            assert f'<span class="expected">{label}</span>' not in feedback
    assert translated


def test_house_facts_are_shown_in_the_persons_language(trainee_client: Client, trainee: User) -> None:
    trainee_client.post("/language/", {"language": "es", "next": "/"})
    stored, _scenario = _start(trainee, "bj-settle-box")
    page = trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode()
    assert "El blackjack paga" in page
    assert "Blackjack pays" not in page
    assert "La ronda ha terminado: liquide esta casilla." in page


def test_the_house_way_is_named_not_cited_as_a_file(trainee_client: Client, trainee: User) -> None:
    stored, _scenario = _start(trainee, "pg-house-way")
    page = trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode()
    assert "The logical way (PG-H)" in page
    assert "RULES.md PG-H" not in page


def test_the_super_match_table_is_listed_in_pay_order(trainee_client: Client, trainee: User) -> None:
    stored, _scenario = _start(trainee, "js-super-match")
    page = trainee_client.get(f"/drills/s/{stored.public_id}/").content.decode()
    assert "One pair 1:1, Three of a kind 5:1, Two pairs 8:1, Four of a kind 40:1" in page


def test_history_and_progress_list_drills_by_their_titles(trainee_client: Client, trainee: User) -> None:
    _answer_every_choice_wrong(trainee_client, trainee, "js-pair-bonus")
    title = get_kind("js-pair-bonus").title
    history = trainee_client.get("/drills/history/").content.decode()
    assert f"<td>{title}</td>" in history
    assert "js-pair-bonus" not in history
    progress = trainee_client.get("/progress/").content.decode()
    mistakes = progress[progress.index("<h2>Recent mistakes</h2>") :]
    assert f"· {title} (normal)" in mistakes
    assert "js-pair-bonus" not in mistakes.split("<h2>Every answer</h2>")[1]  # the table of answers too
