"""The dashboard (issue 15, item 4): the heatmap grouped by game, cells that open the
trainee's skill, and one set of skills counted (an unavailable kind is not "not started")."""

from __future__ import annotations

import pytest

from drills.models import Team, User
from drills.progress.selectors import catalogue, trainee_progress
from tests.learning.conftest import graded

pytestmark = pytest.mark.django_db


def test_the_heatmap_is_grouped_by_game_and_cells_open_the_trainees_skill(
    client_for, team: Team, trainee: User
) -> None:  # type: ignore[no-untyped-def]
    graded(trainee, "ou-total")
    graded(trainee, "bj-payout")
    page = client_for("supervisor").get(f"/progress/teams/{team.pk}/").content.decode()
    heat = page.split('<svg class="heat"')[1].split("</svg>")[0]
    assert heat.count('class="heat-game"') == 2
    assert heat.index("<title>Blackjack (six decks, no hole card)</title>") < heat.index(
        "<title>Over/Under 26 Joker</title>"
    )
    assert f'href="/progress/trainees/{trainee.pk}/#skill-ou-total"' in heat
    trainee_page = client_for("supervisor").get(f"/progress/trainees/{trainee.pk}/").content.decode()
    assert 'id="skill-ou-total"' in trainee_page
    assert 'id="skill-bj-options"' in trainee_page  # not started: still a target for a cell


def test_an_unavailable_kind_is_not_counted_as_not_started(trainee: User, casino) -> None:  # type: ignore[no-untyped-def]
    skills = catalogue(casino)
    assert skills.skill("ou-bonus").available is False  # no Bonus pay table in the default rules
    progress = trainee_progress(trainee)
    assert "ou-bonus" not in {item.skill.slug for item in progress.not_started}
    assert "ou-total" in {item.skill.slug for item in progress.not_started}
    assert len(progress.skills) == sum(1 for skill in skills.skills.values() if skill.available)


def test_an_unavailable_kind_with_answers_still_counts(trainee: User) -> None:
    graded(trainee, "ou-total")
    from drills.progress.models import SkillRollup

    SkillRollup.objects.create(user=trainee, kind="ou-bonus", answers=3, correct=3)
    slugs = [item.skill.slug for item in trainee_progress(trainee).skills]
    assert "ou-bonus" in slugs
