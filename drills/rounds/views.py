"""Pages: choose a game, deal a round at the drawn table, replay a round.

The table is one form: the tools (what the next tap does), the places (each a submit
button), the chip tray (a count per denomination) and the total. With htmx a tap swaps the
table in place; without JavaScript the same form posts and the page reloads. Every render
carries a fresh idempotency key and the table step it shows, so a double tap, the back
button or a second tab never applies an action twice (``services.act``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from drills.language import translate
from drills.rounds import exams, presenters, replays, selectors, services
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound, RoundStep
from drills.rounds.tables.base import Focus, Level, TapError
from drills.rounds.tables.registry import UnknownTableError, choices, table_for
from drills.templatetags.words import difficulty
from games.errors import GameError
from games.money import format_money
from games.procedure import Round
from games.registry import game_name


def _user(request: HttpRequest) -> Any:
    return request.user


def _picker(request: HttpRequest, errors: dict[str, str] | None = None, status: int = 200) -> HttpResponse:
    user = _user(request)
    tables = choices()
    ready = [choice.slug for choice in tables if choice.table is not None]
    wanted = request.POST.get("game") or request.GET.get("game", "")  # ?game=: a due review (issue 15)
    context = {
        "tables": tables,
        "selected": wanted if wanted in ready else (ready[0] if ready else ""),
        "levels": [(lv.value, difficulty(lv.value)) for lv in Level],
        "focuses": [(f.value, gettext(f.label)) for f in Focus],
        "mine": selectors.rounds_of(user),
        "others": selectors.visible_rounds(user) if not user.is_trainee else [],
        "form_errors": errors or {},
    }
    return render(request, "rounds/picker.html", context, status=status)


@login_required
@require_GET
def picker(request: HttpRequest) -> HttpResponse:
    return _picker(request)


@login_required
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    errors = {}
    game = request.POST.get("game", "")
    level, focus = request.POST.get("level", Level.NORMAL.value), request.POST.get("focus", Focus.ROUND.value)
    if level not in {lv.value for lv in Level}:
        errors["level"] = gettext("choose easy, normal or hard")
    if focus not in {f.value for f in Focus}:
        errors["focus"] = gettext("choose the deal, the settlement or the whole round")
    if not errors:
        try:
            stored = services.start_round(_user(request), game, Level(level), Focus(focus))
        except (UnknownTableError, GameError) as error:
            errors["game"] = str(error)
        else:
            return redirect("rounds:table", public_id=stored.public_id)
    return _picker(request, errors, status=400)


def _own_or_404(request: HttpRequest, public_id: Any) -> DealtRound:
    stored = selectors.own_round(_user(request), public_id)
    if stored is None:
        raise Http404("No such round")
    return stored


def table_context(stored: DealtRound, state: Round | None = None, **extra: Any) -> dict[str, Any]:
    table = table_for(stored.game)
    state = state if state is not None else services.current_state(stored)
    view = table.table(state, translate)
    chips = ChipSet.from_json(stored.chips)
    last = extra.get("last")
    if last is not None:  # in memory only: the stored explanation stays English
        last.explanation = presenters.step_explanation(table, last)
    return {
        "stored": stored,
        "game_name": gettext(game_name(stored.game)),
        "focus_label": gettext(Focus(stored.focus).label),
        "view": view,
        "spots": [_spot(spot, chips) for spot in view.spots],
        "dealer": _spot(view.dealer, chips),
        "controls": [presenters.control_in_words(control) for control in table.controls(state)],
        "stakes": [(value, gettext(words)) for value, words in table.stakes],
        "stakes_legend": gettext(table.stakes_legend),
        "flags": [(name, translate(label)) for name, label in table.flags],
        "chips": [chip.named_in(translate) for chip in chips.chips],
        "key": presenters.new_key(),
        "figures": presenters.figures(stored),
        "your_turn": table.due_for_trainee(state, Focus(stored.focus)),
        "exam_sitting": stored.exam_item.sitting if stored.exam_item is not None else None,
        "exam_position": stored.exam_item.position if stored.exam_item is not None else None,
        **extra,
    }


def _spot(spot: Any, chips: ChipSet) -> dict[str, Any]:
    return {
        "spot": spot,
        # a stack face down is drawn as two backs and its count (seven backs would not fit a phone)
        "hands": [
            {"cards": hand.cards, "down": range(min(hand.face_down, 2)),
             "down_more": hand.face_down if hand.face_down > 2 else 0, "note": hand.note}
            for hand in spot.hands
        ],
        "bets": [_pile(bet, chips) for bet in spot.bets],
        "paid": [_pile(bet, chips) for bet in spot.paid],
    }


def _pile(bet: Any, chips: ChipSet) -> dict[str, Any]:
    return {"bet": bet, "text": format_money(bet.amount), "pile": presenters.chip_pile(chips, bet.amount)}


@login_required
@require_GET
def table_page(request: HttpRequest, public_id: Any) -> HttpResponse:
    stored = _own_or_404(request, public_id)
    return render(request, "rounds/table.html", table_context(stored, last=selectors.last_try(stored)))


@login_required
@require_POST
def act(request: HttpRequest, public_id: Any) -> HttpResponse:
    stored = _own_or_404(request, public_id)
    chips = ChipSet.from_json(stored.chips)
    data: dict[str, Any] = {key: request.POST.get(key) for key in ("key", "seen", "verb", "place", "number", "choice")}
    data["chips"] = presenters.chips_from_form(request.POST, chips)
    data["flags"] = request.POST.getlist("flag")[:4]
    extra: dict[str, Any] = {}
    status = 200
    kept = {"verb": data.get("verb"), "number": data.get("number") or "", "choice": data.get("choice"),
            "chips": data["chips"] if isinstance(data["chips"], dict) else {}}
    try:
        key, seen = presenters.parse_key(data.get("key")), presenters.parse_seen(data.get("seen"))
        outcome = services.act_for(_user(request), public_id, presenters.tap_maker(data), key, seen)
    except services.NoSuchRound:
        raise Http404("No such round") from None
    except TapError as error:
        extra, status = {"form_error": error.words(translate), "error_field": error.field}, 400
        extra["kept"] = kept
    except services.StaleTable as error:
        extra, status = {"notice": error.words(translate), "kept": {"verb": kept["verb"]}}, 409
    except services.RoundClosed as error:
        extra, status = {"notice": gettext(str(error))}, 409
    else:
        stored = outcome.round
        extra = {"last": outcome.step, "repeated": outcome.repeated}
        # After a refusal the stack and total stay for a correction; the tool always stays.
        extra["kept"] = kept if not outcome.step.right else {"verb": kept["verb"]}
    stored.refresh_from_db()
    context = table_context(stored, **extra)
    if request.htmx:  # type: ignore[attr-defined]
        # htmx swaps only 2xx answers: the status is in the page (role=alert) instead.
        return render(request, "rounds/_table.html", context)
    if status == 200:
        return redirect("rounds:table", public_id=stored.public_id)
    return render(request, "rounds/table.html", context, status=status)


@login_required
@require_POST
def exam_round(request: HttpRequest, sitting_id: Any, position: int) -> HttpResponse:
    """Deal (or go back to) the round of a table test's item."""
    from drills.exams.models import SittingItem

    item = (
        SittingItem.objects.select_related("sitting")
        .filter(sitting__public_id=sitting_id, sitting__candidate=_user(request), position=position)
        .first()
    )
    if item is None or not exams.is_round_skill(item.kind):
        raise Http404("No such item")
    try:
        stored = exams.start_or_resume(_user(request), item)
    except (exams.ExamRoundRefused, UnknownTableError, GameError) as error:
        messages.error(request, gettext(str(error)))
        return redirect("exams:result", public_id=sitting_id)
    return redirect("rounds:table", public_id=stored.public_id)


@login_required
@require_GET
def replay_page(request: HttpRequest, public_id: Any) -> HttpResponse:
    user = _user(request)
    stored = selectors.visible_round(user, public_id)
    if stored is None:
        raise Http404("No such round")
    withheld = selectors.replay_withheld(user, stored)
    if withheld is not None:
        context = {"stored": stored, "reason": withheld, "game_name": gettext(game_name(stored.game)),
                   "exam_sitting": stored.exam_item.sitting if stored.exam_item is not None else None}
        return render(request, "rounds/replay_withheld.html", context, status=403)
    replay = replays.replay_of(stored, for_dealer=stored.user_id == user.pk)
    total = len(replay.steps)
    try:
        at = max(0, min(total, int(request.GET.get("step", total))))
    except ValueError:
        at = total
    table = replay.table
    chips = ChipSet.from_json(stored.chips)
    state = replays.state_at(stored, at) if not replay.problem else services.start_state(stored, table)
    view = table.table(state, translate)
    context = {
        "stored": stored,
        "replay": replay,
        "game_name": gettext(game_name(stored.game)),
        "at": at,
        "total": total,
        "previous": max(0, at - 1),
        "next": min(total, at + 1),
        "view": view,
        "spots": [_spot(spot, chips) for spot in view.spots],
        "dealer": _spot(view.dealer, chips),
        "figures": presenters.figures(stored),
        "refusals": sum(len(step.refused) for step in replay.steps) + len(replay.trailing_refusals),
    }
    return render(request, "rounds/replay.html", context)


def step_label(step: RoundStep) -> str:
    return step.action
