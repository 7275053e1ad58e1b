"""Issue 14, item 3: every percentage a page shows is a whole percent rounded half up, by the
one helper (``drills.labels.percent_of``): 1 of 8 is 13 %, where Python's ``round`` gave 12 %
(half to even) and a truncation 12 %."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.test import Client
from django.utils import timezone

from drills.models import Team, User
from tests.progress.conftest import grade_attempt

pytestmark = pytest.mark.django_db

NOW = timezone.now()


@pytest.fixture
def one_of_eight(trainee: User) -> User:
    """Eight answers to "Announce the total", one of them right."""
    for index in range(8):
        grade_attempt(trainee, "ou-total", correct=index == 0, ms=3000, answered_at=NOW - dt.timedelta(minutes=index))
    return trainee


def test_the_trainee_page_rounds_half_up(client_for: Callable[[str], Client], one_of_eight: User) -> None:
    page = client_for("trainee").get("/progress/").content.decode()
    assert "1 of 8 (13 %)" in page
    assert "13 % right" in page  # the weakest skills
    assert "12 %" not in page


def test_the_team_page_rounds_half_up(client_for: Callable[[str], Client], one_of_eight: User, team: Team) -> None:
    page = client_for("supervisor").get(f"/progress/teams/{team.pk}/").content.decode()
    missed = page[page.index('id="missed"') : page.index('id="mistakes"')]
    assert "7 of 8 (88 %)" in missed  # 87.5 % wrong, half up
    assert "13 % of 8" in page  # the heatmap cell's summary
    assert "<td>13 %</td><td>8</td>" in page  # the trend's table: the day's share right


def test_item_statistics_round_half_up(client_for: Callable[[str], Client], one_of_eight: User, team: Team) -> None:
    page = client_for("supervisor").get("/progress/items/").content.decode()
    assert "13 %" in page
    assert "12 %" not in page
