"""Issue 14, item 5: what a Spanish walkthrough of the demo casino still found in English,
each checked on the page a person reads."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drills.models import RuleSet, User

pytestmark = pytest.mark.django_db

SPANISH_BLACKJACK = "Blackjack (seis barajas, sin carta tapada)"


def spanish_client(user: User) -> Client:
    user.language = "es"
    user.save()
    client = Client()
    client.force_login(user)
    return client


def test_a_rule_sets_game_is_named_in_the_readers_language(rule_set: RuleSet) -> None:
    with translation.override("es"):
        assert rule_set.get_game_display() == SPANISH_BLACKJACK
    assert rule_set.get_game_display() == "Blackjack (six decks, no hole card)"


def test_staff_see_their_games_in_their_language(staff: User, rule_set: RuleSet) -> None:
    client = spanish_client(staff)
    for path in ("/", "/house-rules/"):
        page = client.get(path).content.decode()
        assert SPANISH_BLACKJACK in page, path
        assert "six decks" not in page, path
