"""What the page and the API show of a round, and how their input becomes a tap.

Only what lies on the table is shown (``TableGame.table``): the shoe is a count. The due
action is never shown before the trainee acts, only after a refusal (the right action), and
then in words without any card not yet face up (:func:`dealer_words`).
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop

from drills.labels import percent_of
from drills.language import translate
from drills.rounds import services
from drills.rounds.chips import ChipError, ChipSet, stack_amount, stack_for
from drills.rounds.models import DealtRound, RoundStep
from drills.rounds.tables.base import Control, Focus, Spot, TableGame, TableView, Tap, TapError
from drills.rounds.tables.registry import table_for
from games.errors import GameError
from games.money import format_money
from games.procedure import Due, NotationError, ProcedureError, Round, parse_action

_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
MAX_NUMBER = 999


@dataclass(frozen=True)
class TapInput:
    tap: Tap
    key: str
    seen: int


def new_key() -> str:
    return uuid.uuid4().hex


def parse_key(value: Any) -> str:
    if not isinstance(value, str) or not _KEY.match(value):
        raise TapError("key", gettext_noop("a tap needs its key: 8 to 64 letters, digits, - or _ (reload the page)"))
    return value


def parse_seen(value: Any) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 7:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1_000_000:
        raise TapError("seen", gettext_noop("the table step the tap was made on is missing (reload the page)"))
    return int(value)


def parse_number(value: Any) -> int | None:
    if value is None or value == "":
        return None
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if text is None or not (text.isascii() and text.isdigit()) or int(text) > MAX_NUMBER:
        raise TapError(
            "number", gettext_noop("a total is a whole number from 0 to {most}, in digits 0-9"), most=MAX_NUMBER
        )
    return int(text)


def spot_for(view: TableView, key: Any) -> Spot:
    """The place a tap names: a spot key (``"box-2"``, ``"dealer"``)."""
    for spot in (*view.spots, view.dealer):
        if spot.key == key:
            return spot
    raise TapError("place", gettext_noop("tap a box or the dealer's area on this table"))


def parse_tap(data: Mapping[str, Any], table: TableGame, state: Round, chips: ChipSet) -> TapInput:
    """A tap from the page's form or the API's JSON. ``chips`` is a stack
    ``{"25": 2}`` (or absent); ``place`` a spot key. :class:`TapError` names the field."""
    key = parse_key(data.get("key"))
    seen = parse_seen(data.get("seen"))
    verb = data.get("verb")
    if not isinstance(verb, str) or verb not in table.vocabulary:
        raise TapError("verb", gettext_noop("choose an action (deal, pay, collect…)"))
    place: Mapping[str, int] = {}
    if data.get("place") not in (None, ""):
        place = spot_for(table.table(state), data.get("place")).place
    amount: Decimal | None = None
    stack = data.get("chips")
    if stack not in (None, {}, ""):
        try:
            amount = stack_amount(chips, stack)
        except ChipError as error:
            raise TapError("chips", error.message_id, **error.params) from None
    choice = data.get("choice")
    if choice is not None and (not isinstance(choice, str) or len(choice) > 40):
        raise TapError("choice", gettext_noop("a choice is a short word"))
    flags = data.get("flags") or []
    if not isinstance(flags, list) or len(flags) > 4 or not all(isinstance(f, str) and len(f) <= 20 for f in flags):
        raise TapError("flags", gettext_noop('flags are a short list of words, such as ["blackjack"]'))
    tap = Tap(verb=verb, place=place, amount=amount, number=parse_number(data.get("number")), choice=choice or None,
              flags=frozenset(flags))
    return TapInput(tap, key, seen)


def tap_maker(data: Mapping[str, Any]) -> services.TapMaker:
    """The tap the input means, made from the round as it stands (for ``services.act_for``)."""

    def make(stored: DealtRound, state: Round, table: TableGame) -> Tap:
        return parse_tap(data, table, state, ChipSet.from_json(stored.chips)).tap

    return make


def chips_from_form(post: Mapping[str, Any], chips: ChipSet) -> dict[str, int] | str:
    """The stack from the page's tray inputs ``chip-<value>`` (counts); raw text if bad."""
    stack: dict[str, int] = {}
    for chip in chips.chips:
        raw = str(post.get(f"chip-{chip.code}", "") or "").strip()
        if not raw or raw == "0":
            continue
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 4:
            return raw
        stack[chip.code] = int(raw)
    return stack


# --- showing ---------------------------------------------------------------------


def chip_pile(chips: ChipSet, amount: Decimal) -> list[dict[str, Any]]:
    return [{"chip": chip, "count": count, "shown": range(min(count, 5))} for chip, count in stack_for(chips, amount)]


def spot_json(spot: Spot) -> dict[str, Any]:
    return {
        "key": spot.key,
        "label": spot.label,
        "empty": spot.empty,
        "hands": [{"cards": list(h.cards), "face_down": h.face_down, "note": h.note} for h in spot.hands],
        "bets": [{"label": b.label, "amount": format_money(b.amount)} for b in spot.bets],
        "paid": [{"label": b.label, "amount": format_money(b.amount)} for b in spot.paid],
    }


def dealer_words(table: TableGame, notation: str) -> str:
    """A stored action (a try, or the action that was due) as the round's dealer may read it
    while dealing: in words, naming no card still hidden from them (the next card out of the
    shoe, a face-down card, a stack, the left-over cards). The stored notation names them all:
    it is for the procedure door and the API's replay, never for the dealer's table."""
    return action_words(table, notation, reveal=False)


def action_words(table: TableGame, notation: str, *, reveal: bool) -> str:
    """A stored action in words ("Deal 8♥ to box 4"); without ``reveal``, as
    :func:`dealer_words` (no hidden card named)."""
    if not notation:
        return ""
    if notation.endswith(services.NOT_NOW):  # a tap that was no action at all: its verb only
        verb = notation.removesuffix(services.NOT_NOW)
        return gettext("{verb} (not possible now)").format(verb=table.verb_words(verb, translate))
    try:
        action = parse_action(notation, table.vocabulary)
    except NotationError:
        return notation.split(" ", 1)[0].replace("-", " ")
    return table.describe(action, reveal=reveal, translate=translate)


def control_in_words(control: Control) -> Control:
    """A tool with its label and choices in the reader's language (the verb stays the code)."""
    choices = tuple((value, gettext(words)) for value, words in control.choices)
    return dataclasses.replace(control, label=gettext(control.label), choices=choices)


def step_explanation(table: TableGame, step: RoundStep) -> str:
    """A refused try's explanation in the reader's language. The stored text is English (the
    round is replayed from it); it is worded again from the stored codes (rule, mistake, the
    action tried and the action due) when those alone give back the stored sentence, and
    shown as stored otherwise (a mistake whose words name details the step does not keep)."""
    stored = step.explanation
    if not stored or step.right or (get_language() or "en").split("-")[0] == "en":
        return stored
    try:
        due = parse_action(step.due, table.vocabulary) if step.due else None
        if step.action.endswith(services.NOT_NOW):
            verb = step.action.removesuffix(services.NOT_NOW)
            pending = Due(due, tuple(step.rule.split(",")) if step.rule else ()) if due is not None else None
            english = table.explain_not_now(verb, pending)
            if english != stored:
                return stored
            return table.explain_not_now(verb, pending, translate)
        error = ProcedureError(rule=step.rule, mistake=step.mistake,
                               attempted=parse_action(step.action, table.vocabulary), due=due)
        if table.explain(error) != stored:
            return stored
        return table.explain(error, translate)
    except (NotationError, GameError, ValueError, KeyError, IndexError):
        return stored


def step_json(step: RoundStep, table: TableGame) -> dict[str, Any]:
    """One tap's answer to the dealer: the action tried and, after a refusal, the rule, the
    mistake and the right action, all in words without hidden cards (:func:`dealer_words`)."""
    data: dict[str, Any] = {
        "number": step.number,
        "right": step.right,
        "action": dealer_words(table, step.action),
        "elapsed_ms": step.elapsed_ms,
    }
    if not step.right:
        data.update({"rule": step.rule, "mistake": step.mistake, "explanation": step_explanation(table, step),
                     "due": dealer_words(table, step.due)})
    return data


def figures(stored: DealtRound) -> dict[str, Any]:
    tried = stored.right + stored.wrong
    minutes = stored.trainee_ms / 60000
    finished_ms = (
        int((stored.finished_at - stored.started_at).total_seconds() * 1000) if stored.finished_at else None
    )
    return {
        "right": stored.right,
        "wrong": stored.wrong,
        "accuracy_percent": percent_of(stored.right, tried) if tried else None,
        "actions_per_minute": round(stored.right / minutes, 1) if minutes > 0 else None,
        "seconds_per_action": round(stored.trainee_ms / stored.right / 1000, 1) if stored.right else None,
        "round_seconds": round(finished_ms / 1000) if finished_ms is not None else None,
    }


def round_json(stored: DealtRound, state: Round | None = None) -> dict[str, Any]:
    """The round as its dealer may see it now (the API's answer)."""
    table = table_for(stored.game)
    state = state if state is not None else services.current_state(stored)
    view = table.table(state, translate)
    return {
        "id": str(stored.public_id),
        "game": stored.game,
        "level": stored.level,
        "focus": stored.focus,
        "status": stored.status,
        "seen": stored.steps,
        "key": new_key(),
        "chips": stored.chips,
        "table": {
            "spots": [spot_json(spot) for spot in view.spots],
            "dealer": spot_json(view.dealer),
            "shoe_left": view.shoe_left,
            "facts": [{"label": label, "value": value} for label, value in view.facts],
        },
        "controls": [
            {"verb": c.verb, "label": c.label, "needs": c.needs.value, "shortcut": c.shortcut,
             "choices": [{"value": v, "label": lb} for v, lb in c.choices]}
            for c in map(control_in_words, table.controls(state))
        ],
        "your_turn": table.due_for_trainee(state, Focus(stored.focus)),
        "figures": figures(stored),
        "started_at": stored.started_at.isoformat(),
        "finished_at": stored.finished_at.isoformat() if stored.finished_at else None,
    }


def tap_body(table: TableGame, state: Round, action: Any, chips: ChipSet) -> dict[str, Any]:
    """The page input that means ``action`` (the taps a correct dealer makes): the verb, the
    spot whose place matches the action's fields, a chip stack for an amount, a number.
    For tests, the benchmark and demo play; never sent to a trainee."""
    body: dict[str, Any] = {"verb": action.VERB}
    values = {item.name: getattr(action, item.name) for item in dataclasses.fields(action)}
    place = {name: value for name, value in values.items() if name in table.place_fields and value is not None}
    if place:
        view = table.table(state)
        spot = next((s for s in (*view.spots, view.dealer) if dict(s.place) == place), None)
        if spot is None:
            spot = next(s for s in (*view.spots, view.dealer) if place.items() <= dict(s.place).items())
        body["place"] = spot.key
    for name, value in values.items():
        if isinstance(value, Decimal) and name not in table.place_fields:
            pile = stack_for(chips, value)
            if sum(chip.value * count for chip, count in pile) != value:
                raise ValueError(f"{value} cannot be made of this table's chips")
            body["chips"] = {chip.code: count for chip, count in pile}
        elif name in table.number_fields:
            body["number"] = value
        elif isinstance(value, bool) and value:
            body.setdefault("flags", []).append(name)
        elif isinstance(value, Enum):
            body["choice"] = str(value.value)
    return body
