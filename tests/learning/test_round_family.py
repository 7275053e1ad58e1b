"""A dealt round's progress attempt (skill ``round-<game>``) is one skill family, "Blackjack:
a whole round": it has its FSRS card from the moment it is dealt, the nightly rebuild agrees
(no regeneration, no traceback, no "unknown" family, no drift), and its due review opens the
round start page with the game chosen."""

from __future__ import annotations

import datetime as dt
import io
import logging

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from drills.learning import services
from drills.learning.models import FamilyCard
from drills.learning.selectors import due_today
from drills.models import Attempt, User
from drills.rounds.tables.registry import ROUND_FAMILY
from tests.rounds.conftest import toy_table  # noqa: F401  (fixture)
from tests.rounds.test_progress import _finished_round

pytestmark = pytest.mark.django_db


def test_a_dealt_round_is_its_skills_one_family_with_a_card(trainee: User, toy_table) -> None:  # noqa: F811
    stored = _finished_round(trainee)
    attempt = Attempt.objects.get(pk=stored.attempt_id)
    assert (attempt.kind, attempt.family) == ("round-blackjack", ROUND_FAMILY)
    card = FamilyCard.objects.get(user=trainee)
    assert (card.kind, card.family, card.answers, card.misses) == ("round-blackjack", ROUND_FAMILY, 1, 1)


def test_the_rebuild_after_a_dealt_round_is_clean(trainee: User, toy_table, caplog) -> None:  # noqa: F811
    _finished_round(trainee)
    _finished_round(trainee, wrong=0)
    with caplog.at_level(logging.INFO):
        out = io.StringIO()
        call_command("rebuild_learning", stdout=out)
    assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.WARNING]
    assert "rebuilt (had drifted): 0" in out.getvalue()
    assert not Attempt.objects.filter(family="unknown").exists()
    assert set(FamilyCard.objects.values_list("kind", "family", "answers")) == {("round-blackjack", ROUND_FAMILY, 2)}


def test_round_attempts_tagged_by_an_earlier_backfill_are_mended(trainee: User, toy_table) -> None:  # noqa: F811
    first = _finished_round(trainee)
    second = _finished_round(trainee, wrong=0)
    Attempt.objects.filter(pk=first.attempt_id).update(family="")  # dealt before families
    Attempt.objects.filter(pk=second.attempt_id).update(family="unknown")  # the old backfill's tag
    FamilyCard.objects.all().delete()
    FamilyCard.objects.create(user=trainee, kind="round-blackjack", family="unknown", due=timezone.now())
    assert services.backfill_families(trainee.pk) == 2
    assert services.rebuild_trainee(trainee.pk) is True
    assert list(FamilyCard.objects.values_list("family", "answers")) == [(ROUND_FAMILY, 2)]
    assert services.rebuild_trainee(trainee.pk) is False


def test_a_due_round_is_named_for_people_and_reviewed_at_the_table(trainee: User, toy_table) -> None:  # noqa: F811
    _finished_round(trainee)
    later = timezone.now() + dt.timedelta(days=60)
    (item,) = due_today(trainee, now=later).items
    assert item.title == "Blackjack: a whole round"
    FamilyCard.objects.update(due=timezone.now() - dt.timedelta(hours=1))
    client = Client()
    client.force_login(trainee)
    home = client.get("/").content.decode()
    assert 'href="/rounds/?game=blackjack">Review</a>' in home
    assert "Blackjack: a whole round" in home
    assert "round-blackjack" not in home
    picker = client.get("/rounds/?game=jack-switch").content.decode()
    assert 'value="jack-switch" checked' in picker
    assert 'value="blackjack" checked' not in picker
