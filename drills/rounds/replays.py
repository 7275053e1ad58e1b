"""A stored round, step by step, beside the correct procedure (the supervisor's replay).

Every action of the log is checked again by the engine (``games.procedure.review``), so a
round recorded under an older engine that no longer fits shows where; each step says who
made it (the trainee, or the server under the round's focus) and the rules that called for
it, with the trainee's refused tries at that point (what they did, what was due, the rule).
For a round left unfinished, the correct end is played out by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext

from drills.language import translate
from drills.rounds import services
from drills.rounds.models import DealtRound, RoundStep
from drills.rounds.presenters import action_words, dealer_words, step_explanation
from drills.rounds.tables.base import Focus, TableGame, TableView
from drills.rounds.tables.registry import table_for
from games.procedure import Action, NotationError, ProcedureError, Review, Round, StepVerdict, parse_log


@dataclass(frozen=True)
class ReplayStep:
    number: int  # 1-based position in the log
    action: Action
    words: str  # the action in words
    rules: tuple[str, ...]
    by_trainee: bool
    refused: tuple[RoundStep, ...]  # the trainee's refused tries just before this action
    error: ProcedureError | None = None  # the stored action no longer fits the engine
    elapsed_ms: int | None = None  # the trainee's time for it


@dataclass(frozen=True)
class Replay:
    stored: DealtRound
    table: TableGame
    steps: tuple[ReplayStep, ...]
    still_due: tuple[tuple[str, tuple[str, ...]], ...]  # the correct rest of an unfinished round
    trailing_refusals: tuple[RoundStep, ...]  # refused tries after the last accepted action
    complete: bool
    problem: str = ""
    views: dict[int, TableView] = field(default_factory=dict)


def replay_of(stored: DealtRound, *, for_dealer: bool = False) -> Replay:
    """The replay of ``stored``. ``for_dealer``: the round's own dealer is looking (see
    ``drills.access.round_replay_withheld`` for when they may): the steps still due, and
    the refused tries of a round left unfinished, are told without any card."""
    table = table_for(stored.game)
    start = services.start_state(stored, table)
    try:
        recorded = parse_log(stored.log, table.vocabulary)
    except NotationError as error:
        problem = gettext("the stored log cannot be read: {error}").format(error=error)
        return Replay(stored, table, (), (), (), False, problem=problem)
    checked = review_log(start, recorded)
    tries = list(stored.tries.order_by("number"))
    for t in tries:  # in memory only: the stored (English) explanation in the reader's language
        t.explanation = step_explanation(table, t)
    if for_dealer and not stored.finished:
        for t in tries:  # in memory only: the stored record keeps the notation
            t.action, t.due = dealer_words(table, t.action), dealer_words(table, t.due)
    for t in tries:  # the page reads words ("Deal 8♥ to box 4"); the API keeps the notation
        reveal = not (for_dealer and not stored.finished)
        t.action_words = action_words(table, t.action, reveal=reveal)  # type: ignore[attr-defined]
        t.due_words = action_words(table, t.due, reveal=reveal)  # type: ignore[attr-defined]
    accepted = {t.at_step: t for t in tries if t.right}
    refused: dict[int, list[RoundStep]] = {}
    for t in tries:
        if not t.right:
            refused.setdefault(t.at_step, []).append(t)
    focus = Focus(stored.focus)
    steps = []
    for verdict in checked.steps:
        steps.append(_step(table, verdict, focus, accepted, refused))
    rest: list[tuple[str, tuple[str, ...]]] = []
    state = checked.reached
    while (due := state.due()) is not None and len(rest) < 2000:
        rest.append((table.describe(due.action, reveal=not for_dealer, translate=translate), due.rules))
        state = state.apply(due.action)
    problem = ""
    if checked.first_error is not None:
        problem = gettext("step {step} no longer fits the engine: {why}").format(
            step=checked.first_error.step, why=table.explain(checked.first_error, translate)
        )
    return Replay(
        stored, table, tuple(steps), tuple(rest), tuple(refused.get(len(recorded), ())),
        checked.complete, problem,
    )


def review_log(start: Round, recorded: tuple[Action, ...]) -> Review[Round]:
    """``games.procedure.review`` of a stored log, where an action the state applied by
    itself (a planned round applies its players' decisions) is checked against the state's
    own log rather than applied twice (``services.replay_log``)."""
    state = start
    steps: list[StepVerdict] = []
    for number, action in enumerate(recorded, start=1):
        if len(state.log) >= number:
            if state.log[number - 1] == action:
                steps.append(StepVerdict(number, action, ()))
                continue
            error = ProcedureError(rule="log", mistake="log-differs", attempted=action, due=state.log[number - 1],
                                   step=number)
            steps.append(StepVerdict(number, action, ("log",), error))
            return Review(tuple(steps), state, state, complete=False)
        due = state.due()
        try:
            state = state.apply(action)
        except ProcedureError as error:
            steps.append(StepVerdict(number, action, (error.rule,), error.at_step(number)))
            return Review(tuple(steps), state, state, complete=False)
        steps.append(StepVerdict(number, action, due.rules if due is not None else ()))
    return Review(tuple(steps), state, state, complete=state.finished)


def _step(
    table: TableGame,
    verdict: StepVerdict,
    focus: Focus,
    accepted: dict[int, RoundStep],
    refused: dict[int, list[RoundStep]],
) -> ReplayStep:
    index = verdict.step - 1  # the log length before this action
    mine = accepted.get(index)
    return ReplayStep(
        number=verdict.step,
        action=verdict.action,
        words=table.describe(verdict.action, translate=translate),
        rules=verdict.rules,
        by_trainee=mine is not None,
        refused=tuple(refused.get(index, ())),
        error=verdict.error,
        elapsed_ms=mine.elapsed_ms if mine is not None else None,
    )


def state_at(stored: DealtRound, step: int) -> Round:
    """The table after the first ``step`` actions of the log."""
    table = table_for(stored.game)
    return services.replay_log(services.start_state(stored, table), parse_log(stored.log, table.vocabulary)[:step])


def replay_json(replay: Replay) -> dict[str, Any]:
    def refusal(t: RoundStep) -> dict[str, Any]:
        return {"tried": t.action, "due": t.due, "rule": t.rule, "mistake": t.mistake, "explanation": t.explanation,
                "elapsed_ms": t.elapsed_ms}

    return {
        "id": str(replay.stored.public_id),
        "game": replay.stored.game,
        "dealer": replay.stored.user.get_full_name() or replay.stored.user.username,
        "seed": replay.stored.seed,
        "engine_version": replay.stored.engine_version,
        "rules": replay.stored.rules_values,
        "log": replay.stored.log,
        "complete": replay.complete,
        "problem": replay.problem or None,
        "steps": [
            {"number": s.number, "action": s.action.notation(), "words": s.words, "rules": list(s.rules),
             "by": "trainee" if s.by_trainee else "server", "elapsed_ms": s.elapsed_ms,
             "refused": [refusal(t) for t in s.refused], "right": s.error is None}
            for s in replay.steps
        ],
        "refused_after_last": [refusal(t) for t in replay.trailing_refusals],
        "still_due": [{"words": words, "rules": list(rules)} for words, rules in replay.still_due],
    }
