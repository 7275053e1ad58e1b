"""Issue 14, item 3: the supervisor's replay of a dealt round tells a refused try and the
action that was due in words with card symbols ("Deal 8♥ to box 4"), not in the log's
notation ("deal box=4 card=8H"); the API keeps the notation."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client

from drills.models import User
from drills.rounds import services
from drills.rounds.tables.base import Focus, Level, Tap

pytestmark = pytest.mark.django_db


def test_a_refused_try_is_told_in_words(trainee: User, supervisor: User) -> None:
    stored = services.start_round(trainee, "blackjack", Level.NORMAL, Focus.ROUND, seed=11)
    refused = services.act(stored.pk, Tap("pay", {"box": 1}, amount=Decimal("10")), "words-1", seen=0)
    assert not refused.round.tries.get().right
    client = Client()
    client.force_login(supervisor)
    page = client.get(f"/rounds/{stored.public_id}/replay/").content.decode()
    hint = re.search(r"tried: (.*?); due: (.*?) ·", page)
    assert hint is not None
    assert hint[1].startswith("Pay 10.00")
    assert re.fullmatch(r"Deal \S+[♠♥♦♣] to (box \d|the dealer)", hint[2])
    assert "card=" not in page.split("<details")[0]  # the log's notation only in its own panel
    api = client.get(f"/api/v1/rounds/{stored.public_id}/replay/").json()
    assert "card=" in api["refused_after_last"][0]["due"]


def test_rounds_are_listed_by_the_game_s_name(trainee: User, trainee_client: Client, supervisor: User) -> None:
    services.start_round(trainee, "jack-switch", Level.HARD, Focus.ROUND, seed=3)
    page = trainee_client.get("/rounds/").content.decode()
    mine = page[page.index("<h2>My rounds</h2>") :]
    assert "<td>Jack Switch</td>" in mine
    assert "Jack-Switch" not in mine
    assert "The whole round, hard" in mine
    boss = Client()
    boss.force_login(supervisor)
    team_rounds = boss.get("/rounds/").content.decode()
    assert "<td>Jack Switch</td>" in team_rounds
    assert "Jack-Switch" not in team_rounds
