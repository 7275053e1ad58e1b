"""The ``procedure`` questions' shared part: read a recorded action log, check it against a
round (:func:`games.procedure.review`), and answer in the door's JSON.

A game's ``procedure`` handler builds the round's start from the body (naming the field
of any bad input) and hands it here with its vocabulary and its explainer. The answer::

    {"steps": [{"step": 1, "action": "deal-up card=9S", "right": true, "rules": [...]}, ...],
     "deviation": null | {"step", "action", "due", "rule", "mistake", "details"},
     "complete": true | false,       # every recorded action right and the round over
     "next": "<the action due after the recorded ones>" | null,
     "settlement": ...,              # what the round must end with (the game's shape)
     "correct_actions": ["<the whole round, as the procedure has it>", ...]}

Input decisions: ``actions`` is a list of notation lines (or one text, a line each);
only dealer actions are recorded there (the players' decisions are part of the start);
an action outside the vocabulary, a player's action, or a dealt card that is not the next
one out of the shoe or deck is bad input (400 naming ``actions.<i>``), not a deviation.
``automations`` (optional) lists the stages the round performed by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TypeVar

from drills.rulings.base import JSON, Body, Ruling, RulingInputError
from games.procedure import Action, Actor, NotationError, ProcedureError, Round, Vocabulary, parse_action, review

StateT = TypeVar("StateT", bound=Round)
EnumT = TypeVar("EnumT", bound=StrEnum)

NOT_THE_NEXT_CARD = frozenset({"not-the-next-card", "not-the-next-stack"})


def recorded_actions(body: Body, vocabulary: Vocabulary, key: str = "actions") -> list[Action]:
    """The recorded dealer actions, each error naming ``actions.<i>``."""
    raw = body.raw(key)
    if isinstance(raw, str):
        lines = [(index, line.split("#", 1)[0].strip()) for index, line in enumerate(raw.splitlines())]
        items: list[tuple[int, JSON]] = [(index, line) for index, line in lines if line]
    elif isinstance(raw, list):
        items = list(enumerate(raw))
    else:
        raise body.error(key, "must be a list of actions in the notation (or one text, an action a line)")
    actions: list[Action] = []
    for index, item in items:
        field = f"{body.name(key)}.{index}"
        if not isinstance(item, str) or not item.strip():
            raise RulingInputError.single(field, "must be an action in the notation, such as 'turn'")
        try:
            action = parse_action(item.split("#", 1)[0].strip(), vocabulary, number=index + 1)
        except NotationError as error:
            raise RulingInputError.single(field, str(error)) from None
        if action.ACTOR is not Actor.DEALER:
            raise RulingInputError.single(
                field, f"{action.VERB!r} is a player's decision: give it in the start, not among the dealer's actions"
            )
        actions.append(action)
    return actions


def stages(body: Body, enum: type[EnumT], key: str = "automations") -> frozenset[EnumT]:
    """The optional list of automated stages."""
    names = body.array(key, default=[])
    chosen: set[EnumT] = set()
    for index, name in enumerate(names):
        try:
            chosen.add(enum(str(name).strip().lower()))
        except ValueError:
            options = ", ".join(member.value for member in enum)
            raise RulingInputError.single(f"{body.name(key)}.{index}", f"must be one of: {options}") from None
    return frozenset(chosen)


def procedure_ruling(
    start: StateT,
    recorded: Iterable[Action],
    *,
    explain: Callable[[ProcedureError], str],
    settlement: JSON,
    settlement_text: str,
    key: str = "actions",
) -> Ruling:
    """Check ``recorded`` from ``start`` and answer (module doc for the shape)."""
    result = review(start, recorded)
    error = result.first_error
    if error is not None and error.mistake in NOT_THE_NEXT_CARD:
        assert error.step is not None
        raise RulingInputError.single(
            f"{key}.{error.step - 1}",
            f"{error.attempted.notation()!r}: not the next card out of the shoe or deck; due: {_notation(error.due)}",
        )
    steps = [
        {"step": step.step, "action": step.action.notation(), "right": step.right, "rules": list(step.rules)}
        for step in result.steps
    ]
    deviation: JSON = None
    rules: list[str] = []
    for step in result.steps:
        rules.extend(step.rules)
    if error is not None:
        deviation = {
            "step": error.step,
            "action": error.attempted.notation(),
            "due": error.due.notation() if error.due is not None else None,
            "rule": error.rule,
            "mistake": error.mistake,
            "details": dict(sorted(error.details.items())),
        }
        rules.append(error.rule)
        text = f"Step {error.step}: {explain(error)}"
    elif result.complete:
        text = "Every recorded action is right and the round is over."
    else:
        due = result.reached.due()
        text = "Every recorded action is right so far" + (f"; next: {due.action.notation()}." if due else ".")
    next_due = result.reached.due() if error is None else None
    answer = {
        "steps": steps,
        "deviation": deviation,
        "complete": result.complete,
        "next": next_due.action.notation() if next_due is not None else None,
        "settlement": settlement,
        "correct_actions": [action.notation() for action in result.correct_end.log],
    }
    return Ruling(answer=answer, rules=tuple(dict.fromkeys(rules)), explanation=f"{text} {settlement_text}")


def _notation(action: Action | None) -> str:
    return action.notation() if action is not None else "nothing (the round is over)"
