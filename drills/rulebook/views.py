"""The rule pages: any signed-in person (trainee, supervisor, staff) may read them; the
house values are those of the viewer's own property."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from drills.pages.guards import signed_in
from drills.rulebook.presenters import house_values
from games.registry import GAMES, game_name
from games.rulebook import rulebook


@require_safe
@login_required
def rule_index(request: HttpRequest) -> HttpResponse:
    book = rulebook()
    games = [
        {
            "slug": slug,
            "name": name,
            "rules": [rule for rule in book.of_game(slug) if not rule.procedure],
            "procedures": [rule for rule in book.of_game(slug) if rule.procedure],
        }
        for slug, (name, _path) in GAMES.items()
    ]
    return render(request, "rulebook/index.html", {"games": games})


@require_safe
@login_required
def rule_page(request: HttpRequest, rule_id: str) -> HttpResponse:
    book = rulebook()
    rule = book.find(rule_id)
    if rule is None:
        raise Http404("No rule has this ID.")
    if rule.rule_id != rule_id:  # /rules/bj-10/ -> /rules/BJ-10/
        return redirect("rules:rule", rule_id=rule.rule_id, permanent=True)
    user = signed_in(request)
    context = {
        "rule": rule,
        "game_name": game_name(rule.game),
        "parent": book[rule.parent] if rule.parent else None,
        "parts": [part for part in book if part.parent == rule.rule_id],
        "cited_by": [book[cited] for cited in rule.cited_by],
        "values": house_values(rule, user.property),
        "has_property": user.property_id is not None,
    }
    return render(request, "rulebook/rule.html", context)
