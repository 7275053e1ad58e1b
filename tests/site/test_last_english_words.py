"""Issue 14, items 3 and 5: the last English words and card codes a person reads: the joker's
face, the round tables' spot labels for screen readers, a drill's refusal, rule-set errors
and chip-set form errors, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from drills.models import User
from drills.rounds import services
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level
from drills.templatetags.cards import card_name, card_svg
from games.procedure import format_log
from tests.rounds.test_felt_in_spanish import late_state

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
    trainee.language = "es"
    trainee.save()
    stored = services.start_round(trainee, game, level, Focus.ROUND, seed=seed)
    state = late_state(game, level, seed, steps)
    DealtRound.objects.filter(pk=stored.pk).update(log=format_log(state.log), steps=len(state.log))
    client = Client()
    client.force_login(trainee)
    page = client.get(f"/rounds/{stored.public_id}/").content.decode()
    labels = re.findall(r'<(?:button|div)[^>]*class="spot[^"]*"[^>]*aria-label="([^"]*)"', page)
    assert labels
    spoken = " | ".join(labels)
    assert not CODE.search(spoken), spoken
    assert re.search(r"\b(\d+|[JQKA]) de (picas|corazones|diamantes|tréboles)\b", spoken), spoken
