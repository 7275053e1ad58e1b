"""Progress pages and CSV exports. Thin: reads in ``selectors``, charts in ``charts``.

Status codes: anonymous → login redirect; a trainee asking for team pages → 403; a team,
trainee or attempt the user may not see → 404 (its existence is not revealed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.http import require_GET

from drills import access
from drills.exams.selectors import certification_status
from drills.kinds.base import UnknownKindError, display_answer, get_kind
from drills.kinds.messages import say
from drills.labels import whole_percent
from drills.language import translate
from drills.learning import views as learning_views
from drills.models import Attempt, User
from drills.practice.services import regenerate
from drills.progress import charts, exports, fragments, selectors
from drills.progress.stats import Level
from drills.rounds.tables.registry import is_round_skill
from drills.templatetags.words import difficulty
from games.errors import GameError
from games.registry import GAMES, game_name


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # login_required ran first
    return user


def _require_team_viewer(request: HttpRequest) -> User:
    user = _user(request)
    if not access.is_team_viewer(user):
        raise PermissionDenied("Only supervisors and staff see team progress.")
    return user


def _trainee_context(request: HttpRequest, trainee: User) -> dict[str, Any]:
    progress = selectors.trainee_progress(trainee)
    accuracy = float(progress.policy.accuracy)
    trend_charts = [
        charts.accuracy_line(
            gettext("{skill}: share right per day").format(skill=say(skill.title, translate)),
            progress.days,
            counts,
            target=accuracy,
            height=160,
        )
        for skill, counts in progress.trends
    ]
    page = Paginator(selectors.trainee_attempts(trainee), 25).get_page(request.GET.get("page"))
    return {
        "trainee": trainee,
        "own": trainee.pk == request.user.pk,
        "progress": progress,
        "trend_charts": trend_charts,
        "page": page,
        "policy": progress.policy,
        "accuracy_percent": whole_percent(100 * accuracy),
        **learning_views.trainee_memory_context(trainee),  # forecast recall per family (issue 15)
    }


@login_required
@require_GET
def mine(request: HttpRequest) -> HttpResponse:
    return render(request, "progress/trainee.html", _trainee_context(request, _user(request)))


@login_required
@require_GET
def trainee(request: HttpRequest, trainee_id: int) -> HttpResponse:
    person = selectors.trainee_for(_user(request), trainee_id)
    if person is None:
        raise Http404("No such trainee")
    return render(request, "progress/trainee.html", _trainee_context(request, person))


@login_required
@require_GET
def trainee_csv(request: HttpRequest, trainee_id: int) -> StreamingHttpResponse:
    person = selectors.trainee_for(_user(request), trainee_id)
    if person is None:
        raise Http404("No such trainee")
    return exports.csv_response(f"attempts-{person.username}.csv", exports.attempt_rows(person))


@login_required
@require_GET
def replay(request: HttpRequest, public_id: str) -> HttpResponse:
    """An answered scenario exactly as the trainee saw it, their answer next to the key."""
    stored = selectors.scenario_for(_user(request), public_id)
    if stored is None:
        raise Http404("No such attempt")
    if is_round_skill(stored.kind):  # a dealt round's progress record: its replay
        return redirect("rounds:replay", public_id=stored.key.get("round"))
    attempt = stored.attempt
    context: dict[str, Any] = {"stored": stored, "attempt": attempt, "trainee": stored.user}
    try:
        scenario = regenerate(stored)
        kind = get_kind(stored.kind)
    except (UnknownKindError, GameError) as error:
        context["replay_error"] = f"This drill can no longer be regenerated ({error.__class__.__name__}: {error})."
        scenario = None
    if scenario is not None:
        labels = {f.name: f.label for f in scenario.fields}
        key = dict(scenario.solution.key)
        context.update(
            {
                "kind": kind,
                "prompt": scenario.prompt,
                "key_changed": key != stored.key,
                "stored_key": "; ".join(
                    f"{say(labels.get(name, name), translate)}: "
                    f"{display_answer(scenario.fields, name, value, translate)}"
                    for name, value in stored.key.items()
                ),
                "rows": [
                    {
                        "label": labels.get(name, name),
                        "yours": display_answer(scenario.fields, name, attempt.answer.get(name), translate),
                        "key": display_answer(scenario.fields, name, value, translate),
                        "right": attempt.answer.get(name) == value,
                    }
                    for name, value in key.items()
                ],
            }
        )
    return render(request, "progress/replay.html", context)


@login_required
@require_GET
def teams(request: HttpRequest) -> HttpResponse:
    user = _require_team_viewer(request)
    visible = access.with_member_counts(access.visible_teams(user)).prefetch_related("supervisors")
    return render(request, "progress/teams.html", {"teams": visible})


def _team_or_404(request: HttpRequest, team_id: int) -> Any:
    team = selectors.team_for(_require_team_viewer(request), team_id)
    if team is None:
        raise Http404("No such team")
    return team


def _url_maker(name: str) -> Callable[[int], str]:
    """``reverse(name, args=[pk])`` for many pks at the cost of one ``reverse`` (a page of
    fifty trainees would otherwise spend milliseconds resolving the same pattern)."""
    marker = 999_999_999
    template = reverse(name, args=[marker])
    head, tail = template.split(str(marker))
    return lambda pk: f"{head}{int(pk)}{tail}"


@login_required
@require_GET
def team(request: HttpRequest, team_id: int) -> HttpResponse:
    """The supervisor dashboard of one team."""
    progress = selectors.team_progress(_team_or_404(request, team_id), cell_times=False)  # the page shows none
    short = [(skill.slug, say(skill.title, translate)) for skill in progress.skills]  # in the reader's language
    trainee_url = _url_maker("progress:trainee")
    heat = charts.heatmap(
        short,
        [(row.name, trainee_url(row.trainee.pk), row.cells) for row in progress.rows],
        games=[gettext(game_name(skill.game)) if skill.game else gettext("Other") for skill in progress.skills],
    )
    counts = [0] * (max((row.skill_count for row in progress.rows), default=0) + 1)
    for row in progress.rows:
        counts[row.mastered] += 1
    distribution = charts.bar_chart(
        gettext("Trainees by number of skills mastered"),
        [
            (ngettext("%(n)s skill mastered", "%(n)s skills mastered", n) % {"n": n}, count, str(count))
            for n, count in enumerate(counts)
        ],
        label_width=170,
    )
    trend = charts.accuracy_line(
        gettext("Team: share right per day"), progress.days, progress.trend, target=float(progress.policy.accuracy)
    )
    help_rows = [(trainee_url(row.trainee.pk), row.name, "; ".join(row.reasons)) for row in progress.needs_help]
    # Certification status per trainee and game, from the exams sub-app (one query, the
    # sittings filtered by the team's members as a subquery).
    status = certification_status((row.trainee.pk for row in progress.rows), among=progress.team)
    certifications = [
        (row.name, trainee_url(row.trainee.pk), [status[row.trainee.pk][slug] for slug in GAMES])
        for row in progress.rows
    ]
    context = {
        "progress": progress,
        "mistakes": _mistakes_in_reader_language(progress.mistakes),
        "team": progress.team,
        "heat": heat,
        # The loops of the page as strings, built once here (issue 17): fragments.
        "heat_columns": fragments.heatmap_columns(heat),
        "heat_rows": fragments.heatmap_rows(heat),
        "heat_list": fragments.heatmap_list(heat),
        "heat_table_rows": fragments.mastery_table_rows(heat),
        "distribution": distribution,
        "trend": trend,
        "levels": list(Level),
        "help_rows": help_rows,
        "help_list": fragments.help_list(help_rows),
        "certification_games": [gettext(name) for name, _path in GAMES.values()],
        "certifications": certifications,
        "certification_rows": fragments.certification_rows(certifications),
    }
    return render(request, "progress/team.html", context)


def _mistakes_in_reader_language(tallies: list[selectors.NamedMistakeTally]) -> list[selectors.NamedMistakeTally]:
    """The tallies with each message worded from its last answer's reasons in the reader's
    language: the roll-ups keep the English the answer was graded in (one query for all, none
    for a reader of the site's source language, whose words they already are)."""
    if get_language() == settings.LANGUAGE_CODE:
        return tallies
    ids = [tally.last_attempt for tally in tallies if tally.last_attempt]
    attempts = Attempt.objects.filter(pk__in=ids).only("pk", "mistake", "reasons") if ids else []
    words = {attempt.pk: attempt.mistake_words() for attempt in attempts}
    return [replace(tally, message=words.get(tally.last_attempt) or tally.message) for tally in tallies]


@login_required
@require_GET
def team_csv(request: HttpRequest, team_id: int) -> StreamingHttpResponse:
    progress = selectors.team_progress(_team_or_404(request, team_id), with_trend=False)
    return exports.csv_response(f"team-progress-{progress.team.pk}.csv", exports.team_rows(progress))


@login_required
@require_GET
def items(request: HttpRequest) -> HttpResponse:
    """Item statistics over the trainees the user may see, or one of their teams (?team=)."""
    user = _require_team_viewer(request)
    team_id = request.GET.get("team", "")
    selected = None
    if team_id:
        if not team_id.isdigit():
            error = gettext("team must be a team id")
            return render(request, "progress/items.html", {"error": error, "teams": []}, status=400)
        selected = selectors.team_for(user, int(team_id))
        if selected is None:
            raise Http404("No such team")
        trainees: Any = selectors.team_members(selected)
    else:
        trainees = access.visible_trainees(user).exclude(pk=user.pk)
    stats = selectors.item_stats(trainees)
    facility = charts.bar_chart(
        gettext("Facility: share of answers right, per drill and difficulty"),
        [
            (f"{say(skill.title, translate)} · {difficulty(stat.difficulty)}", stat.facility or 0,
             f"{stat.facility_percent} %")
            for skill, stat in stats
        ],
        maximum=1,
        label_width=220,
    )
    context = {
        "stats": stats,
        "facility": facility,
        "teams": access.visible_teams(user),
        "selected": selected,
    }
    return render(request, "progress/items.html", context)
