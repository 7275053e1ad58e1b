"""Writes of dealt rounds: start a round, take one tap (once, under the round's row lock),
finish it into progress.

Every tap carries an idempotency key and the table version the page showed (``seen``,
the log length). Under ``SELECT … FOR UPDATE`` on the round:

- a key already used returns what that tap got the first time, applying nothing (a double
  tap, a retried request);
- a ``seen`` that is not the table's version is *stale* (the back button, a second tab):
  refused with the table as it is now, not counted as a mistake;
- otherwise the tap becomes an engine action; the engine accepts it (the log grows, then
  the server applies every following action the trainee is not drilling) or refuses it
  with a :class:`~games.procedure.ProcedureError` (counted, its rule and the due action
  kept). The try is saved in the same transaction as its effect.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from drills.learning import services as learning_services
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, User
from drills.progress import services as progress_services
from drills.rounds import exams
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound, RoundStatus, RoundStep, TableChips
from drills.rounds.tables.base import Focus, Level, NotNow, TableGame, Tap
from drills.rounds.tables.registry import ROUND_FAMILY, TABLE_MODULES, UnknownTableError, skill_slug, table_for
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.services import rule_set_in_force
from games import ENGINE_VERSION
from games.house_rules import HouseRules
from games.procedure import Action, ProcedureError, Round, format_log, parse_log
from games.registry import rules_class

SEED_BITS = 62
MAX_AUTOMATED = 2000  # automated actions in one go: far more than any round has
NOT_NOW = " (not possible now)"  # a try whose action cannot exist now: its verb and this


class StaleTable(Exception):
    """The tap was made on an older picture of the table than the one stored."""

    def __init__(self, seen: int, steps: int) -> None:
        self.seen, self.steps = seen, steps
        super().__init__(
            f"this tap was made on an older view of the table (step {seen}, the table is at step {steps}): "
            "another tab or the back button; nothing was applied — here is the table as it is now"
        )


class RoundClosed(Exception):
    """The round is over: no action applies."""


def chip_set_for(user: User) -> ChipSet:
    if user.property_id is None:
        return ChipSet.default()
    stored = TableChips.objects.filter(property_id=user.property_id).values_list("chips", flat=True).first()
    return ChipSet.from_json(stored) if stored else ChipSet.default()


def round_rules(stored: DealtRound) -> HouseRules:
    return rules_class(stored.game).from_mapping(stored.rules_values)


def start_state(stored: DealtRound, table: TableGame | None = None) -> Round:
    return _cached_start(table or table_for(stored.game), _start_key(stored))


StartKey = tuple[str, int, str, str, str]


def _start_key(stored: DealtRound) -> StartKey:
    rules_json = json.dumps(stored.rules_values, sort_keys=True)
    return (stored.game, stored.seed, stored.level, rules_json, stored.engine_version)


@functools.lru_cache(maxsize=512)
def _cached_start(table: TableGame, key: StartKey) -> Round:
    """A round's start, worked out once per process: a pure function of its key, and
    immutable (Blackjack's start plays the whole round out, ~20 ms; every tap needs it)."""
    game, seed, level, rules_json, _engine = key
    return table.start(seed, Level(level), rules_class(game).from_mapping(json.loads(rules_json)))


def current_state(stored: DealtRound) -> Round:
    """The round as it stands: its start and its log replayed (once per process and table
    version: the page, the API and the tap all ask for it)."""
    table = table_for(stored.game)
    return _replayed(table, _start_key(stored), stored.log)


@functools.lru_cache(maxsize=1024)
def _replayed(table: TableGame, key: StartKey, log: str) -> Round:
    return replay_log(_cached_start(table, key), parse_log(log, table.vocabulary))


def replay_log(start: Round, actions: Sequence[Action]) -> Round:
    """A stored log applied to its start. Like ``games.procedure.replay``, but an action the
    state has already applied by itself (a planned round applies its players' decisions)
    is checked against the state's log instead of being applied twice."""
    state = start
    for number, action in enumerate(actions, start=1):
        if len(state.log) >= number:
            if state.log[number - 1] != action:
                raise ProcedureError(rule="log", mistake="log-differs", attempted=action,
                                     due=state.log[number - 1], step=number)
            continue
        try:
            state = state.apply(action)
        except ProcedureError as error:
            raise error.at_step(number) from None
    return state


def automate(table: TableGame, state: Round, focus: Focus) -> Round:
    """Apply, as the engine says, every due action the trainee is not drilling."""
    for _ in range(MAX_AUTOMATED):
        due = state.due()
        if due is None or table.trainee_does(due.action, focus):
            return state
        state = state.apply(due.action)
    raise RuntimeError("automation did not reach the trainee's next action")


def start_round(
    user: User,
    game: str,
    level: Level,
    focus: Focus,
    *,
    seed: int | None = None,
    exam_item: Any = None,
    rules_values: dict[str, Any] | None = None,
    rule_version: RuleSetVersion | None = None,
) -> DealtRound:
    """A new round at the user's property's rules (or the given snapshot: an exam's) and
    chips, advanced to the trainee's first action (with a snapshot, ``rule_version`` is the
    version it was taken under). Raises :class:`UnknownTableError` or
    :class:`games.errors.GameError`."""
    if game not in TABLE_MODULES:
        raise UnknownTableError(f"{game[:40]!r} is not a game dealt at a table")
    table = table_for(game)
    in_force = rule_set_in_force(user.property, game)  # due versions applied first
    rule_set, rules, version = in_force.rule_set, in_force.rules, in_force.version
    if rules_values is not None:
        rules, version = rules_class(game).from_mapping(rules_values), rule_version
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    start = table.start(seed, level, rules)
    state = automate(table, start, focus)
    now = timezone.now()
    stored = DealtRound.objects.create(
        user=user,
        game=game,
        level=level.value,
        focus=focus.value,
        seed=seed,
        engine_version=ENGINE_VERSION,
        rule_set=rule_set,
        rules_values=rules.to_mapping(),
        rule_version=version,
        rule_version_number=version.number if version is not None else None,
        chips=chip_set_for(user).to_json(),
        log=format_log(state.log),
        steps=len(state.log),
        started_at=now,
        last_action_at=now,
        exam_item=exam_item,
    )
    if state.finished:  # nothing for the trainee to do at this focus (e.g. a first-card joker)
        with transaction.atomic():
            _finish(stored, now)
    return stored


@dataclass(frozen=True)
class TapOutcome:
    round: DealtRound
    step: RoundStep
    repeated: bool  # the key had been used: nothing new was applied
    state: Round | None = None  # the round after the tap, when the tap computed it


TapMaker = Callable[[DealtRound, Round, TableGame], Tap]


class NoSuchRound(LookupError):
    pass


def act(round_id: int, tap: Tap, key: str, seen: int) -> TapOutcome:
    """Take one tap on the round (see the module's docstring). Raises :class:`StaleTable`,
    :class:`RoundClosed`, or :class:`~drills.rounds.tables.base.TapError` (nothing saved)."""
    return _guarded({"pk": round_id}, lambda stored, state, table: tap, key, seen)


def act_for(user: User, public_id: Any, make_tap: TapMaker, key: str, seen: int) -> TapOutcome:
    """:func:`act` on a round of ``user``'s, found by its public id under the same lock;
    the tap is made from the round as it stands (``make_tap``: the page's input needs the
    table to name its places). :class:`NoSuchRound` if the user deals no such round."""
    return _guarded({"public_id": public_id, "user": user}, make_tap, key, seen)


def _guarded(filters: dict[str, Any], make_tap: TapMaker, key: str, seen: int) -> TapOutcome:
    try:
        return _act(filters, make_tap, key, seen)
    except IntegrityError:
        # Two requests with one key raced past the check (possible only without the lock,
        # e.g. SQLite's table lock released between them): the first one's result stands.
        round_filters = {f"round__{name}": value for name, value in filters.items()}
        existing = RoundStep.objects.select_related("round").get(key=key, **round_filters)
        return TapOutcome(existing.round, existing, repeated=True)


@transaction.atomic
def _act(filters: dict[str, Any], make_tap: TapMaker, key: str, seen: int) -> TapOutcome:
    # One statement locks the round and says whether this key was used already.
    used = RoundStep.objects.filter(round=OuterRef("pk"), key=key).values("pk")[:1]
    stored = DealtRound.objects.select_for_update().filter(**filters).annotate(used_step=Subquery(used)).first()
    if stored is None:
        raise NoSuchRound("no such round")
    if stored.used_step is not None:
        return TapOutcome(stored, RoundStep.objects.get(pk=stored.used_step), repeated=True)
    if stored.finished:
        raise RoundClosed("this round is over: start a new one")
    if stored.exam_item_id is not None and (reason := exams.open_for_play(stored)):
        raise RoundClosed(reason)
    if seen != stored.steps:
        raise StaleTable(seen, stored.steps)
    table = table_for(stored.game)
    state = current_state(stored)
    tap = make_tap(stored, state, table)  # TapError: nothing saved
    now = timezone.now()
    elapsed = max(0, int((now - stored.last_action_at).total_seconds() * 1000))
    due = state.due()
    try:
        action = table.build(state, tap)
    except NotNow:
        return _refuse_not_now(stored, table, tap, key, due, min(elapsed, 2**31 - 1), now, state)
    step = RoundStep(
        round=stored,
        key=key,
        number=stored.right + stored.wrong + 1,
        at_step=stored.steps,
        tap=_tap_json(tap),
        action=action.notation(),
        due=due.action.notation() if due is not None else "",
        elapsed_ms=min(elapsed, 2**31 - 1),
        tried_at=now,
    )
    try:
        after = state.apply(action)
    except ProcedureError as error:
        step.right = False
        step.rule, step.mistake = error.rule, error.mistake
        step.due = error.due.notation() if error.due is not None else step.due
        step.explanation = table.explain(error)
        step.save()
        stored.wrong += 1
        stored.save(update_fields=["wrong"])
        return TapOutcome(stored, step, repeated=False, state=state)
    step.right = True
    step.rule = ",".join(due.rules)[:100] if due is not None else ""
    step.save()
    after = automate(table, after, Focus(stored.focus))
    stored.log = format_log(after.log)
    stored.steps = len(after.log)
    stored.right += 1
    stored.trainee_ms += step.elapsed_ms
    stored.last_action_at = now
    fields = ["log", "steps", "right", "trainee_ms", "last_action_at"]
    stored.save(update_fields=fields)
    if after.finished:
        _finish(stored, now)
    return TapOutcome(stored, step, repeated=False, state=after)


def _refuse_not_now(
    stored: DealtRound, table: TableGame, tap: Tap, key: str, due: Any, elapsed: int, now: Any, state: Round
) -> TapOutcome:
    """A tap whose action cannot exist now: refused and counted against the due action."""
    step = RoundStep.objects.create(
        round=stored, key=key, number=stored.right + stored.wrong + 1, at_step=stored.steps, tap=_tap_json(tap),
        action=f"{tap.verb}{NOT_NOW}", right=False, rule=(due.rules[0] if due and due.rules else "")[:100],
        mistake="out-of-order", due=due.action.notation() if due else "",
        explanation=table.explain_not_now(tap.verb, due), elapsed_ms=elapsed, tried_at=now,
    )
    stored.wrong += 1
    stored.save(update_fields=["wrong"])
    return TapOutcome(stored, step, repeated=False, state=state)


def _tap_json(tap: Tap) -> dict[str, Any]:
    data: dict[str, Any] = {"verb": tap.verb, "place": dict(tap.place)}
    if tap.amount is not None:
        data["amount"] = f"{tap.amount:.2f}"
    if tap.number is not None:
        data["number"] = tap.number
    if tap.choice is not None:
        data["choice"] = tap.choice
    return data


def accuracy(right: int, wrong: int) -> Decimal:
    """Share of the trainee's actions accepted, to the cent below (``score`` of the round)."""
    tried = right + wrong
    if not tried:
        return Decimal("1.00")
    return (Decimal(right) / Decimal(tried)).quantize(Decimal("0.01"), rounding=ROUND_DOWN)


def ms_per_action(stored: DealtRound) -> int:
    return int(stored.trainee_ms // stored.right) if stored.right else 0


def _finish(stored: DealtRound, now: Any) -> None:
    """Close the round and count it in progress as one answer of the skill ``round-<game>``:
    right when no action was refused, the score its accuracy, the time per action its time.
    The Attempt row is the raw record the nightly rebuild folds, so roll-ups stay exact."""
    stored.status = RoundStatus.FINISHED
    stored.finished_at = now
    first_wrong = stored.tries.filter(right=False).order_by("number").first()
    if stored.exam_item_id is None:
        scenario = DrillScenario.objects.create(
            user_id=stored.user_id,
            kind=skill_slug(stored.game),
            game=stored.game,
            difficulty=stored.level,
            mode=DrillMode.PRACTICE,
            seed=stored.seed,
            engine_version=stored.engine_version,
            rule_set_id=stored.rule_set_id,
            rules_values=stored.rules_values,
            key={"round": str(stored.public_id)},
            shown_at=stored.started_at,
        )
        attempt = Attempt.objects.create(
            scenario=scenario,
            user_id=stored.user_id,
            kind=scenario.kind,
            family=ROUND_FAMILY,  # the round skill's one family (spaced repetition, issue 15)
            difficulty=stored.level,
            answer={"round": str(stored.public_id), "right": stored.right, "wrong": stored.wrong},
            answered_at=now,
            time_taken_ms=min(ms_per_action(stored), 2**31 - 1),
            status=AttemptStatus.GRADED,
            correct=stored.wrong == 0,
            score=accuracy(stored.right, stored.wrong),
            expected={},
            explanation="",
            rules=[first_wrong.rule] if first_wrong else [],
            mistake_code=first_wrong.mistake if first_wrong else "",
            mistake=first_wrong.explanation if first_wrong else "",
        )
        progress_services.record_attempt(attempt)
        learning_services.record_review(attempt)
        stored.attempt = attempt
    else:  # an exam's round is the item's answer, graded with the sitting
        exams.record_in_item(stored, now)
    stored.save(update_fields=["status", "finished_at", "attempt"])
