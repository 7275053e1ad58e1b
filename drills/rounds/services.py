"""Writes of dealt rounds: start a round, take one tap (once), finish it into progress.

Every tap carries an idempotency key and the table version the page showed (``seen``,
the log length). On the round as read, with the key's use in the same statement:

- a key already used returns what that tap got the first time, applying nothing (a double
  tap, a retried request);
- a ``seen`` that is not the table's version is *stale* (the back button, a second tab):
  refused with the table as it is now, not counted as a mistake;
- otherwise the tap becomes an engine action; the engine accepts it (the log grows, then
  the server applies every following action the trainee is not drilling) or refuses it
  with a :class:`~games.procedure.ProcedureError` (counted, its rule and the due action
  kept). The try is saved in the same write as its effect.

A common tap takes no row lock: one read, then one compare-and-set write of the try and
the round (``drills.rounds.writes``) that applies only if the round is still at the version
read; a tap that lost a race applies nothing and is read again. A tap that ends the round,
and any tap on an exam's round, run under ``SELECT … FOR UPDATE`` in one transaction: the
try saved, then the round finished and graded into progress. The round as it stands is
kept per process (``_STATES``) and used only when the row read has the same start and log.
"""
from __future__ import annotations

import functools
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from enum import Enum
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext_noop

from drills.learning import services as learning_services
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario, User
from drills.progress import services as progress_services
from drills.rounds import exams, writes
from drills.rounds.chips import ChipSet
from drills.rounds.models import DealtRound, RoundStatus, RoundStep, TableChips
from drills.rounds.tables.base import Focus, Level, NotNow, TableGame, Tap
from drills.rounds.tables.registry import ROUND_FAMILY, TABLE_MODULES, UnknownTableError, skill_slug, table_for
from drills.rule_versions.models import RuleSetVersion
from drills.rule_versions.services import rule_set_in_force
from games import ENGINE_VERSION
from games.house_rules import HouseRules
from games.procedure import Action, ProcedureError, Round, format_log, parse_log
from games.reasons import Translate, no_translation
from games.registry import rules_class

SEED_BITS = 62
MAX_AUTOMATED = 2000  # automated actions in one go: far more than any round has
NOT_NOW = " (not possible now)"  # a try whose action cannot exist now: its verb and this
OPTIMISTIC_TRIES = 3  # unlocked reads of a round before a tap takes its row lock instead


class StaleTable(Exception):
    """The tap was made on an older picture of the table than the one stored."""

    MESSAGE = gettext_noop(
        "this tap was made on an older view of the table (step {seen}, the table is at step {steps}): "
        "another tab or the back button; nothing was applied — here is the table as it is now"
    )

    def __init__(self, seen: int, steps: int) -> None:
        self.seen, self.steps = seen, steps
        super().__init__(self.words())

    def words(self, translate: Translate = no_translation) -> str:
        """The refusal in ``translate``'s language (Django's ``gettext`` where it is shown)."""
        return translate(self.MESSAGE).format(seen=self.seen, steps=self.steps)


class RoundClosed(Exception):
    """The round is over: no action applies. Its message is a message ID (marked where it is
    raised): show it through ``gettext``."""


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
    key = _start_key(stored)
    known = _STATES.get(stored.pk, table, key, stored.log)
    return known if known is not None else _replayed(table, key, stored.log)


class _StateCache:
    """The last state this process computed of each round, by round id: the next tap on the
    round needs it, and replaying the log from the start would make a round quadratic. An
    entry is used only when the table, the start key and the whole log equal those of the
    row just read (under its lock when acting), so another process's newer tap, an older
    version or another game's table can never be served from it; a miss replays the log.
    Bounded (least recently used); thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: OrderedDict[int, tuple[TableGame, StartKey, str, Round]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, round_id: int | None, table: TableGame, key: StartKey, log: str) -> Round | None:
        with self.lock:
            entry = self.entries.get(round_id) if round_id is not None else None
            if entry is None or entry[0] is not table or entry[1] != key or entry[2] != log:
                return None
            self.entries.move_to_end(round_id)  # type: ignore[arg-type]
            return entry[3]

    def put(self, round_id: int, table: TableGame, key: StartKey, log: str, state: Round) -> None:
        with self.lock:
            self.entries[round_id] = (table, key, log, state)
            self.entries.move_to_end(round_id)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


_STATES = _StateCache(2048)


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
        for _ in range(OPTIMISTIC_TRIES):
            outcome = _act_unlocked(filters, make_tap, key, seen)
            if outcome is _LOCKED:
                break
            if isinstance(outcome, TapOutcome):
                return outcome
        return _act(filters, make_tap, key, seen)
    except IntegrityError:
        # Two requests with one key raced past the check (possible only without the lock,
        # e.g. SQLite's table lock released between them): the first one's result stands.
        round_filters = {f"round__{name}": value for name, value in filters.items()}
        existing = RoundStep.objects.select_related("round").get(key=key, **round_filters)
        return TapOutcome(existing.round, existing, repeated=True)


def _read(filters: dict[str, Any], key: str, *, lock: bool) -> DealtRound:
    """The round and, in the same statement, whether this key was used already (its
    ``used_step``): SQL written once per process, not compiled by the ORM on every tap."""
    names = tuple(sorted(filters))
    params: list[Any] = [key]
    for name in names:
        value = filters[name].pk if isinstance(filters[name], Model) else filters[name]
        params.append(writes.round_field(name).get_db_prep_value(value, connection))
    stored = writes.read_round(names, lock, params)
    if stored is None:
        raise NoSuchRound("no such round")
    return stored


def _open_check(stored: DealtRound, seen: int) -> TapOutcome | None:
    """A repeated key's first answer; :class:`RoundClosed` or :class:`StaleTable`; or None
    (the tap is to be taken)."""
    if stored.used_step is not None:  # type: ignore[attr-defined]
        return TapOutcome(stored, RoundStep.objects.get(pk=stored.used_step), repeated=True)  # type: ignore[attr-defined]
    if stored.finished:
        raise RoundClosed(gettext_noop("this round is over: start a new one"))
    if stored.exam_item_id is not None and (reason := exams.open_for_play(stored)):
        raise RoundClosed(reason)
    if seen != stored.steps:
        raise StaleTable(seen, stored.steps)
    return None


@dataclass(frozen=True)
class _Tried:
    """What a tap means on the round as read: the try to save and the round after it."""

    step: RoundStep
    state: Round  # the round before the tap
    after: Round | None  # after the action and the automations; None: refused


def _try(stored: DealtRound, make_tap: TapMaker, key: str, now: Any) -> _Tried:
    """The try a tap is (nothing saved; :class:`TapError` if it is no tap at all)."""
    table = table_for(stored.game)
    state = current_state(stored)
    tap = make_tap(stored, state, table)  # TapError: nothing saved
    elapsed = min(max(0, int((now - stored.last_action_at).total_seconds() * 1000)), 2**31 - 1)
    due = state.due()
    step = RoundStep(round=stored, key=key, number=stored.right + stored.wrong + 1, at_step=stored.steps,
                     tap=_tap_json(tap), elapsed_ms=elapsed, tried_at=now)
    try:
        action = table.build(state, tap)
    except NotNow:  # a tap whose action cannot exist now: refused, counted against the due action
        step.action, step.right, step.mistake = f"{tap.verb}{NOT_NOW}", False, "out-of-order"
        step.rule = (due.rules[0] if due and due.rules else "")[:100]
        step.due = due.action.notation() if due else ""
        step.explanation = table.explain_not_now(tap.verb, due)
        return _Tried(step, state, None)
    step.action, step.due = action.notation(), due.action.notation() if due is not None else ""
    try:
        after = state.apply(action)
    except ProcedureError as error:
        step.right = False
        step.rule, step.mistake = error.rule, error.mistake
        step.due = error.due.notation() if error.due is not None else step.due
        step.explanation = table.explain(error)
        return _Tried(step, state, None)
    step.right = True
    step.rule = ",".join(due.rules)[:100] if due is not None else ""
    return _Tried(step, state, automate(table, after, Focus(stored.focus)))


def _counted(stored: DealtRound, tried: _Tried, now: Any) -> list[str]:
    """The round's counters moved by the try (in memory); the fields changed."""
    if tried.after is None:
        stored.wrong += 1
        return ["wrong"]
    stored.log = format_log(tried.after.log)
    stored.steps = len(tried.after.log)
    stored.right += 1
    stored.trainee_ms += tried.step.elapsed_ms
    stored.last_action_at = now
    return ["log", "steps", "right", "trainee_ms", "last_action_at"]


def _remember(stored: DealtRound, state: Round) -> None:
    _STATES.put(stored.pk, table_for(stored.game), _start_key(stored), stored.log, state)


class _Next(Enum):
    AGAIN = "again"  # another tap changed the round since it was read: read it again
    LOCKED = "locked"  # take the locked path


_AGAIN, _LOCKED = _Next.AGAIN, _Next.LOCKED


def _act_unlocked(filters: dict[str, Any], make_tap: TapMaker, key: str, seen: int) -> TapOutcome | _Next:
    """The common tap in one read and one write, without a transaction: the write (the try
    and the round's counters, one statement) applies only if the round is still at the
    version read (its steps and tries), so a tap that lost a race applies nothing and is
    read again (``AGAIN``). A tap that ends the round, and an exam's round, take the locked
    path (``LOCKED``): finishing writes progress in the round's transaction."""
    stored = _read(filters, key, lock=False)
    if stored.exam_item_id is not None:
        return _LOCKED
    answered = _open_check(stored, seen)
    if answered is not None:
        return answered
    now = timezone.now()
    tried = _try(stored, make_tap, key, now)
    if tried.after is not None and tried.after.finished:
        return _LOCKED
    version = (stored.steps, stored.right, stored.wrong)
    fields = _counted(stored, tried, now)
    if not writes.save_if_unchanged(stored, version, fields, tried.step):
        return _AGAIN
    _remember(stored, tried.after or tried.state)
    return TapOutcome(stored, tried.step, repeated=False, state=tried.after or tried.state)


@transaction.atomic
def _act(filters: dict[str, Any], make_tap: TapMaker, key: str, seen: int) -> TapOutcome:
    """The tap under the round's row lock (one statement locks the round and says whether
    this key was used already); the try is saved before the round is finished and graded."""
    stored = _read(filters, key, lock=True)
    answered = _open_check(stored, seen)
    if answered is not None:
        return answered
    now = timezone.now()
    tried = _try(stored, make_tap, key, now)
    tried.step.save()
    stored.save(update_fields=_counted(stored, tried, now))
    after = tried.after or tried.state
    if tried.after is not None and tried.after.finished:
        _finish(stored, now)
    else:
        transaction.on_commit(functools.partial(_remember, stored, after))
    return TapOutcome(stored, tried.step, repeated=False, state=after)


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
    first_wrong = stored.tries.filter(right=False).order_by("number").first() if stored.wrong else None
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
