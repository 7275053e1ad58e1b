"""What the progress pages, exports and API show: empty, small and large teams."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone

from drills.models import Attempt, DrillScenario, Property, Role, Team, User
from drills.progress.models import SkillRollup, TraineeSummary
from drills.progress.selectors import team_progress
from drills.progress.views import team as team_view
from games.registry import GAMES
from tests.personas import make_user
from tests.progress.conftest import grade_attempt

pytestmark = pytest.mark.django_db

Persona = Callable[[str], Client]
NOW = timezone.now()


def csv_rows(response: object) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.getvalue().decode())))  # type: ignore[attr-defined]


# --- Team dashboard ---------------------------------------------------------------------


def test_dashboard_of_a_team_without_members(client_for: Persona, casino: Property, supervisor: User) -> None:
    empty = Team.objects.create(property=casino, name="Empty shift")
    empty.supervisors.add(supervisor)
    page = client_for("supervisor").get(f"/progress/teams/{empty.pk}/")
    assert page.status_code == 200
    assert "no members yet" in page.content.decode()
    rows = csv_rows(client_for("supervisor").get(f"/progress/teams/{empty.pk}/progress.csv"))
    assert rows == [rows[0]]  # the header only
    assert client_for("supervisor").get(f"/api/v1/progress/teams/{empty.pk}/").json()["trainees"] == []


def test_dashboard_of_a_team_that_has_not_drilled(client_for: Persona, team: Team) -> None:
    page = client_for("supervisor").get(f"/progress/teams/{team.pk}/").content.decode()
    assert "Nobody in this team has answered a drill yet" in page
    assert "has not drilled yet" in page  # both trainees are listed as needing help


def test_dashboard_of_a_small_team(client_for: Persona, team: Team, trainee: User, teammate: User) -> None:
    for index in range(20):  # Tina: ou-total mastered (20 right, 5 s; target 8 s)
        grade_attempt(trainee, "ou-total", correct=True, ms=5000, answered_at=NOW - dt.timedelta(minutes=index))
    for index in range(4):  # Tom: four wrong ou-settle answers with a named mistake, 10 days ago
        grade_attempt(
            teammate,
            "ou-settle",
            correct=False,
            ms=25_000,
            answered_at=NOW - dt.timedelta(days=10, minutes=index),
            mistake_code="ou-push-paid",
            mistake="you paid a push",
        )
    page = client_for("supervisor").get(f"/progress/teams/{team.pk}/").content.decode()
    heat = page[page.index('<svg class="heat"') : page.index("</svg>", page.index('<svg class="heat"'))]
    assert heat.count('class="cell lv-mastered"') == 1
    assert heat.count('class="cell lv-few"') == 1  # Tom: 4 answers in ou-settle
    assert heat.count('class="cell lv-none"') == 2  # each has not started the other skill
    assert f'href="/progress/trainees/{trainee.pk}/"' in heat
    # Who needs help: Tom, inactive for 10 days and with the least progress.
    help_section = page[page.index('id="needs-help"') : page.index('id="missed"')]
    assert "Tom Teammate" in help_section
    assert "inactive for 10 days" in help_section
    # The skills counted are those Tom's own page counts (issue 14: not the team's columns).
    own_page = client_for("supervisor").get(f"/progress/trainees/{teammate.pk}/").content.decode()
    counted = re.search(r"0 of (\d+) skills mastered", own_page)
    assert counted is not None
    assert int(counted[1]) > 2
    assert f"least progress: 0 of {counted[1]} skills mastered" in help_section
    assert "Tina" not in help_section
    missed = page[page.index('id="missed"') : page.index('id="mistakes"')]
    assert "4 of 4 (100 %)" in missed
    mistakes = page[page.index('id="mistakes"') : page.index('id="distribution"')]
    assert "You paid a push" in mistakes
    assert "ou-push-paid" not in mistakes  # the mistake's words, not its code (issue 14)
    assert "<td>4</td><td>1</td>" in mistakes  # 4 times, 1 trainee
    assert "Trainees by number of skills mastered" in page
    assert "Team: share right per day" in page
    today, ten_days_ago = timezone.localdate(NOW), timezone.localdate(NOW - dt.timedelta(days=10))
    assert f"<td>{today.isoformat()}</td><td>100 %</td><td>20</td>" in page
    assert f"<td>{ten_days_ago.isoformat()}</td><td>0 %</td><td>4</td>" in page
    assert "<details" in page  # tables for screen readers
    certifications = page[page.index('id="certifications"') :]
    assert certifications.count("Not attempted") == 2 * 4  # two trainees, four games, no exam yet


def test_team_trend_skips_a_summary_whose_days_are_not_an_object(team: Team, trainee: User, teammate: User) -> None:
    """A summary whose ``recent_days`` is not an object (a damaged row) adds no days to the
    team trend and does not stop it (on PostgreSQL the guard is inside the join, issue 17)."""
    for index in range(3):
        grade_attempt(trainee, "ou-total", correct=index != 0, answered_at=NOW - dt.timedelta(hours=index))
        grade_attempt(teammate, "ou-total", correct=True, answered_at=NOW - dt.timedelta(hours=index))
    TraineeSummary.objects.filter(user=teammate).update(recent_days=[])
    trend = team_progress(team).trend
    assert sum(answers for answers, _right in trend.values()) == 3  # the trainee's three only
    assert sum(right for _answers, right in trend.values()) == 2


def test_dashboard_figures_equal_a_recomputation_from_the_attempts(
    team: Team, trainee: User, teammate: User, stranger: User
) -> None:
    """The dashboard's shortcuts (issue 17: the trend summed by the database on PostgreSQL,
    each trainee's latest answer read with the member, not per cell) give the figures the
    full read gives, and the trend is the members' answers per day recounted from the raw
    attempts (a non-member's answers are not in it)."""
    for index in range(12):
        when = NOW - dt.timedelta(days=index % 5, hours=index)
        grade_attempt(trainee, "ou-total", correct=index % 3 != 0, answered_at=when)
        grade_attempt(teammate, "ou-settle", correct=index % 2 == 0, answered_at=when - dt.timedelta(days=7))
        grade_attempt(stranger, "ou-total", correct=True, answered_at=when)
    grade_attempt(teammate, "ou-total", correct=False, answered_at=NOW - dt.timedelta(days=45))  # before the trend
    full = team_progress(team)
    shortcut = team_progress(team, cell_times=False)
    assert [(row.trainee.pk, row.last_answered_at, row.reasons) for row in shortcut.rows] == [
        (row.trainee.pk, row.last_answered_at, row.reasons) for row in full.rows
    ]
    assert [[replace(cell, last_answered_at=None) for cell in row.cells] for row in full.rows] == [
        row.cells for row in shortcut.rows
    ]
    latest = max(Attempt.objects.filter(user=teammate).values_list("answered_at", flat=True))
    assert next(row for row in shortcut.rows if row.trainee.pk == teammate.pk).last_answered_at == latest
    expected: dict[dt.date, tuple[int, int]] = {}
    for attempt in Attempt.objects.filter(user__in=[trainee, teammate]):
        day = timezone.localdate(attempt.answered_at)
        if day >= full.days[0]:
            answers, right = expected.get(day, (0, 0))
            expected[day] = (answers + 1, right + int(bool(attempt.correct)))
    assert full.trend == shortcut.trend == dict(sorted(expected.items()))
    assert sum(answers for answers, _right in full.trend.values()) == 24  # the members' 24; 45 days ago is out


def test_falling_accuracy_is_flagged(client_for: Persona, team: Team, trainee: User) -> None:
    for index in range(30):  # older 15 all right, newer 15 with 10 right
        correct = index < 15 or index % 3 != 0
        grade_attempt(trainee, "ou-total", correct=correct, ms=3000, answered_at=NOW - dt.timedelta(minutes=30 - index))
    page = client_for("supervisor").get(f"/progress/teams/{team.pk}/").content.decode()
    assert "accuracy falling in Announce the total: 100 % → 67 %" in page


def _bulk_team(casino: Property, supervisor: User, size: int) -> Team:
    """A team of ``size`` trainees with summary rows only (three skills, 30-answer windows)."""
    team = Team.objects.create(property=casino, name=f"Big shift {size}")
    team.supervisors.add(supervisor)
    users = User.objects.bulk_create(
        User(username=f"big{size}-{n}", role=Role.TRAINEE, property=casino, first_name=f"B{n}") for n in range(size)
    )
    team.members.add(*users)
    rows = []
    for n, user in enumerate(users):
        for k, kind in enumerate(["ou-total", "ou-settle", "ou-bonus"]):
            recent = [[i, int((i + n + k) % 10 != 0), 1000 * (1 + (i + n) % 9)] for i in range(30)]
            rows.append(
                SkillRollup(
                    user=user,
                    kind=kind,
                    recent=recent,
                    answers=30,
                    correct=sum(e[1] for e in recent),
                    total_ms=sum(e[2] for e in recent),
                    by_difficulty={"normal": [30, sum(e[1] for e in recent)]},
                    mistakes={f"m{k}": [n % 3, f"mistake {k}", n]} if n % 3 else {},
                    last_answered_at=NOW - dt.timedelta(days=n % 12),
                )
            )
    SkillRollup.objects.bulk_create(rows)
    TraineeSummary.objects.bulk_create(TraineeSummary(user=u, answers=90) for u in users)
    return team


@pytest.mark.parametrize("size", [3, 60])
def test_dashboard_queries_do_not_grow_with_the_team(
    client_for: Persona, casino: Property, supervisor: User, world: object, size: int, django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    team = _bulk_team(casino, supervisor, size)
    client = client_for("supervisor")
    client.get("/progress/teams/")  # warm the session
    with django_assert_max_num_queries(12):
        page = client.get(f"/progress/teams/{team.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count('<g class="cell lv-') == size * 3
    assert "Item statistics" in text
    rows = csv_rows(client.get(f"/progress/teams/{team.pk}/progress.csv"))
    assert len(rows) == 1 + size * 3
    api = client.get(f"/api/v1/progress/teams/{team.pk}/").json()
    assert len(api["trainees"]) == size
    assert {skill["kind"] for skill in api["trainees"][0]["skills"]} == {"ou-total", "ou-settle", "ou-bonus"}


def test_team_csv_content(client_for: Persona, team: Team, trainee: User) -> None:
    trainee.first_name = "=HYPERLINK(evil)"
    trainee.save()
    for _ in range(3):
        grade_attempt(trainee, "ou-total", correct=True, ms=2000)
    response = client_for("supervisor").get(f"/progress/teams/{team.pk}/progress.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="team-progress-' in response["Content-Disposition"]
    rows = csv_rows(response)
    assert rows[0][:4] == ["team", "trainee", "username", "skill"]
    tina = next(row for row in rows if row[2] == "tina")
    record = dict(zip(rows[0], tina, strict=True))
    assert record["trainee"] == "'=HYPERLINK(evil) Trainee"  # no spreadsheet formula
    assert (record["answers_in_window"], record["right_in_window"], record["accuracy_percent"]) == ("3", "3", "100")
    assert (record["median_seconds"], record["mastered"], record["level"]) == ("2.0", "no", "few")


# --- Trainee pages --------------------------------------------------------------------


def test_trainee_page_shows_mastery_weakest_trends_and_mistakes(client_for: Persona, trainee: User) -> None:
    for index in range(6):
        grade_attempt(trainee, "ou-total", correct=index != 0, ms=3000, difficulty="easy")
    for index in range(6):
        grade_attempt(
            trainee, "ou-settle", correct=index % 2 == 0, ms=9000, difficulty="hard", mistake_code="c", mistake="m!"
        )
    page = client_for("trainee").get("/progress/").content.decode()
    assert "My progress" in page
    weakest = page[page.index("weak-list") : page.index("Mastery per skill")]
    # ou-settle (50 %) is weaker than ou-total (83 %); both come before skills not started.
    assert weakest.index('data-kind="ou-settle"') < weakest.index('data-kind="ou-total"')
    assert 'name="difficulty" value="hard"' in weakest
    assert 'action="/drills/start/"' in weakest
    assert "5 of 6 (83 %)" in page
    assert page.count('class="line-chart"') == 2
    assert "m!" in page
    assert page.count("/progress/attempts/") >= 12


def test_drill_this_starts_the_weakest_skill(client_for: Persona, trainee: User) -> None:
    grade_attempt(trainee, "ou-settle", correct=False, difficulty="easy")
    client = client_for("trainee")
    page = client.get("/progress/").content.decode()
    form = re.search(r'<form method="post" action="/drills/start/" class="drill-this">(.*?)</form>', page, re.S)
    assert form is not None
    fields = dict(re.findall(r'name="(kind|difficulty|mode)" value="([^"]+)"', form.group(1)))
    assert fields == {"kind": "ou-settle", "difficulty": "easy", "mode": "practice"}
    response = client.post("/drills/start/", fields)
    assert response.status_code == 302
    stored = DrillScenario.objects.filter(user=trainee).order_by("-shown_at").first()
    assert stored is not None
    assert (stored.kind, stored.difficulty, stored.mode) == ("ou-settle", "easy", "practice")


def test_supervisor_drill_down_has_no_drill_buttons(client_for: Persona, team: Team, trainee: User) -> None:
    grade_attempt(trainee, "ou-total", correct=False)
    page = client_for("supervisor").get(f"/progress/trainees/{trainee.pk}/").content.decode()
    assert "Progress of Tina Trainee" in page
    assert "drill-this" not in page


def test_trainee_with_no_answers(client_for: Persona, trainee: User) -> None:
    page = client_for("trainee").get("/progress/").content.decode()
    assert "No answers yet." in page
    assert "No mistakes yet." in page
    assert "0 of" in page


def test_attempts_export(client_for: Persona, team: Team, trainee: User) -> None:
    first = grade_attempt(trainee, "ou-total", correct=True, ms=1234)
    second = grade_attempt(trainee, "ou-total", correct=False, mistake_code="x", mistake="=bad")
    rows = csv_rows(client_for("supervisor").get(f"/progress/trainees/{trainee.pk}/attempts.csv"))
    assert rows[0][0] == "answered_at"
    assert len(rows) == 3
    record = dict(zip(rows[0], rows[2], strict=True))  # oldest last
    assert (record["correct"], record["time_seconds"], record["scenario"]) == (
        "yes",
        "1.2",
        str(first.scenario.public_id),
    )
    newest = dict(zip(rows[0], rows[1], strict=True))
    assert (newest["correct"], newest["mistake"], newest["scenario"]) == ("no", "'=bad", str(second.scenario.public_id))


def test_attempts_list_pages(client_for: Persona, trainee: User) -> None:
    for _ in range(27):
        grade_attempt(trainee, "ou-total")
    client = client_for("trainee")
    assert "Page 1 of 2" in client.get("/progress/").content.decode()
    assert "Page 2 of 2" in client.get("/progress/", {"page": 2}).content.decode()
    assert "Page 1 of 2" in client.get("/progress/", {"page": "nonsense"}).content.decode()


# --- Replay ---------------------------------------------------------------------------


def test_replay_shows_the_scenario_their_answer_and_the_key(client_for: Persona, team: Team, trainee: User) -> None:
    attempt = grade_attempt(trainee, "ou-total", correct=False, mistake_code="x", mistake="you counted wrong")
    stored = attempt.scenario
    page = client_for("supervisor").get(f"/progress/attempts/{stored.public_id}/").content.decode()
    shown = re.findall(r'data-card="([^"]+)"', page)
    assert shown == [code for group in stored_prompt(stored) for code in group["cards"]]
    assert shown
    assert f'<td class="yours">{attempt.answer["total"]}</td>' in page
    assert f'<td class="expected">{stored.key["total"]}</td>' in page
    assert "row-wrong" in page
    assert "you counted wrong" in page
    assert "today's engine gives a different key" not in page


def stored_prompt(stored: DrillScenario) -> list[dict[str, list[str]]]:
    from drills.practice.services import regenerate

    return regenerate(stored).prompt.to_json()["cards"]


def test_replay_of_a_kind_no_longer_registered(client_for: Persona, trainee: User) -> None:
    attempt = grade_attempt(trainee, "ou-total")
    DrillScenario.objects.filter(pk=attempt.scenario_id).update(kind="retired-kind")
    page = client_for("trainee").get(f"/progress/attempts/{attempt.scenario.public_id}/")
    assert page.status_code == 200
    assert "can no longer be regenerated" in page.content.decode()


# --- Item statistics, certifications, API ---------------------------------------------------


def test_item_statistics_page(client_for: Persona, team: Team, trainee: User, teammate: User, casino: Property) -> None:
    third = make_user("ted", Role.TRAINEE, casino)
    team.members.add(third)
    plan = {trainee: (9, 8), teammate: (6, 5), third: (3, 4)}  # right of 10 on easy, on hard
    for person, (easy, hard) in plan.items():
        for index in range(10):
            grade_attempt(person, "ou-total", difficulty="easy", correct=index < easy)
            grade_attempt(person, "ou-total", difficulty="hard", correct=index < hard)
    page = client_for("supervisor").get("/progress/items/", {"team": team.pk}).content.decode()
    row = page[page.index('data-item="ou-total:easy"') :]
    row = row[: row.index("</tr>")]
    # x = .9 .6 .3, y = .8 .5 .4: Sxy = 0.12, Sxx = 0.18, Syy = 0.08667, r = 0.12 / 0.12490 = 0.961.
    assert "<td>30</td><td>3</td>" in row
    assert "60 %" in row
    assert "<td>0.96</td>" in row
    assert "Facility: share of answers right" in page


def test_dashboard_shows_each_trainees_certification_per_game(
    rf: RequestFactory, team: Team, supervisor: User, trainee: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    from drills.progress import views

    def status(users, *, among=None):  # type: ignore[no-untyped-def]  # users or their ids, as the real one
        assert among is not None  # the team (its members read as a subquery), not a list of every id
        ids = [getattr(user, "pk", user) for user in users]
        return {
            pk: {game: ("certified" if pk == trainee.pk and game == "pai-gow" else "not-attempted") for game in GAMES}
            for pk in ids
        }

    monkeypatch.setattr(views, "certification_status", status)
    request = rf.get(f"/progress/teams/{team.pk}/")
    request.user = supervisor
    page = team_view(request, team.pk).content.decode()
    section = page[page.index('id="certifications"') :]
    assert "Joker&#x27;s Wild Pai Gow poker" in section
    row = section[section.index(f'href="/progress/trainees/{trainee.pk}/"') :].split("</tr>")[0]
    assert row.count('class="cert cert-certified"') == 1
    assert row.count('class="cert cert-not-attempted"') == 3


def test_api_my_progress(client_for: Persona, trainee: User) -> None:
    for _ in range(3):
        grade_attempt(trainee, "ou-total", correct=True, ms=4000)
    data = client_for("trainee").get("/api/v1/progress/me/").json()
    assert data["username"] == "tina"
    assert data["policy"] == {
        "window": 30,
        "accuracy": "0.90",
        "minimum_answers": 20,
        "inactive_days": 7,
        "falling_drop": "0.15",
    }
    total = next(skill for skill in data["skills"] if skill["kind"] == "ou-total")
    assert (total["answers"], total["correct"], total["accuracy"], total["median_seconds"]) == (3, 3, 1.0, 4.0)
    assert (total["mastered"], total["level"], total["total_answers"]) == (False, "few", 3)


def test_api_is_in_the_schema(client: Client) -> None:
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content.decode()
    for path in ["/api/v1/progress/me/", "/api/v1/progress/teams/", "/api/v1/progress/teams/{team_id}/"]:
        assert path in schema
    assert "MyProgress" in schema
    assert "TeamProgress" in schema


def test_supervisor_home_links_to_the_dashboard(client_for: Persona, team: Team) -> None:
    page = client_for("supervisor").get("/").content.decode()
    assert f'href="/progress/teams/{team.pk}/"' in page


def test_the_heatmap_reads_in_the_supervisors_language(client_for: Persona, team: Team, trainee: User) -> None:
    """Issue 14: the heatmap's skill titles, level words and hover text in Spanish."""
    for index in range(20):
        grade_attempt(trainee, "ou-total", correct=True, ms=5000, answered_at=NOW - dt.timedelta(minutes=index))
    client = client_for("supervisor")
    client.cookies["django_language"] = "es"
    page = client.get(f"/progress/teams/{team.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    heat = page[page.index('<svg class="heat"') : page.index("</svg>", page.index('<svg class="heat"'))]
    assert "Anuncie el total" in heat
    assert "Announce the total" not in heat
    assert "dominada" in heat
    assert "mastered" not in heat.replace("lv-mastered", "")
    assert "not started" not in heat
