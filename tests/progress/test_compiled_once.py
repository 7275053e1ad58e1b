"""The dashboard's team reads compiled once (``drills.compiled_sql.TeamQuery``, issue 17) give
the ORM's rows, value for value and type for type, for any team, on either database."""

from __future__ import annotations

import datetime as dt
import functools

import pytest
from django.db import connection
from django.utils import timezone

from drills import compiled_sql
from drills.models import Team, User
from drills.progress import selectors
from tests.progress.conftest import grade_attempt

pytestmark = pytest.mark.django_db


def typed(rows: list[tuple[object, ...]]) -> list[tuple[tuple[type, object], ...]]:
    return [tuple((type(value), value) for value in row) for row in rows]


@pytest.fixture
def graded(trainee: User, teammate: User, stranger: User) -> None:
    """Answers by two members of the team (one of them wrong, with a named mistake) and by a
    trainee of another team."""
    for user, correct in ((trainee, True), (trainee, False), (teammate, True), (stranger, True)):
        grade_attempt(user, "ou-total", correct=correct, mistake_code="ou.total.joker", mistake="joker counted")
    grade_attempt(trainee, "bj-payout", answered_at=timezone.now() - dt.timedelta(days=2))


@pytest.mark.parametrize("times", [True, False])
@pytest.mark.usefixtures("graded")
def test_the_team_rollups_read_is_the_orms(team: Team, other_team: Team, times: bool) -> None:
    for each in (team, other_team):
        orm = selectors._team_rollups_query(times, each)
        build = functools.partial(selectors._team_rollups_query, times)
        compiled = compiled_sql.TeamQuery(f"team_rollups:{times}", build)
        assert typed(compiled.rows(each)) == typed(list(orm))
    assert len(selectors._team_rollups(team, 20, times=times)) == 3  # two skills of one member, one of the other


@pytest.mark.parametrize(("recent_days", "latest"), [(True, False), (False, True), (False, False)])
@pytest.mark.usefixtures("graded")
def test_the_team_members_read_is_the_orms(team: Team, other_team: Team, recent_days: bool, latest: bool) -> None:
    in_microseconds = latest and connection.vendor == "postgresql"
    for each in (team, other_team):
        orm = selectors._team_members_query(recent_days, latest, in_microseconds, each)
        build = functools.partial(selectors._team_members_query, recent_days, latest, in_microseconds)
        compiled = compiled_sql.TeamQuery(f"team_member_rows:{recent_days}:{latest}:{in_microseconds}", build)
        assert typed(compiled.rows(each)) == typed(list(orm))
    names = [member.username for member in selectors._team_member_rows(team, recent_days=recent_days, latest=latest)]
    assert names == ["tom", "tina"]  # by last name: Teammate, Trainee


def test_a_query_that_does_not_take_a_key_is_refused() -> None:
    with pytest.raises(ValueError, match=r"keys \[1\]"):
        compiled_sql.ValuesOnce(lambda team_id, unused: Team.objects.filter(pk=team_id).values_list("pk"), 2)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trend is summed by PostgreSQL only")
@pytest.mark.usefixtures("graded")
def test_the_team_member_ids_subquery_compiled_once_is_the_orms(team: Team, other_team: Team) -> None:
    """The trend's subquery of the team's members, compiled once, gives the ORM's SQL and values."""
    from drills import access

    for each in (team, other_team):
        sql, params = compiled_sql.TeamQuery("team_member_ids", access.team_member_ids).statement(each)
        assert (sql, tuple(params)) == access.team_member_ids(each).query.sql_with_params()
    since = timezone.localdate() - dt.timedelta(days=29)
    assert sum(answers for answers, _ in selectors._team_trend_in_database(team, since).values()) == 4
