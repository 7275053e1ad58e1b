"""What every game's round shares: dealer actions as frozen values, the one text notation of
a round's action log, the procedural error, and replaying a recorded log against a round.

A round (``games/<game>/round.py``) is an immutable state. At every point it knows the one
right next action (RULES.md "Procedures of a round" fixes a single order), so checking an
action is comparing it with the action that was due; the game names the mistake when they
differ. Each action kind has the triad ``verify_x()`` (raises :class:`ProcedureError`),
``can_x()`` and ``x()`` (returns the next state with the action appended to its log), in the
manner of pokerkit; :meth:`Round.apply` dispatches any action to its triad.

The notation: one action a line, ``verb key=value ...``; ``#`` starts a comment; blank lines
are skipped. Values are cards in the card notation (``TD``, ``JK``), money with two decimals,
whole numbers, ``yes``/``no``, enum values, or comma-separated cards. :func:`format_log` and
:func:`parse_log` are its only printer and parser.

>>> from dataclasses import dataclass
>>> from games.cards import Card, Joker, parse_card
>>> @dataclass(frozen=True, slots=True)
... class Pay(Action):
...     VERB = "pay"
...     box: int
...     amount: Decimal
>>> @dataclass(frozen=True, slots=True)
... class Deal(Action):
...     VERB = "deal"
...     box: int
...     card: Card | Joker
>>> words = Vocabulary.of(Pay, Deal)
>>> log = parse_log("deal box=1 card=10h  # first card\\npay box=1 amount=52.5", words)
>>> log
(Deal(box=1, card=Card(rank=Rank.TEN, suit=Suit.HEARTS)), Pay(box=1, amount=Decimal('52.50')))
>>> print(format_log(log))
deal box=1 card=TH
pay box=1 amount=52.50
>>> parse_log("pay box=1", words)
Traceback (most recent call last):
...
games.procedure.NotationError: line 1: 'pay' needs amount=
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from games.cards import Card, Joker, format_card, parse_card
from games.errors import CardNotationError, GameError, MoneyError
from games.money import format_money, parse_money


class Actor(StrEnum):
    """Who performs an action: the dealer (what the trainee is checked on), a player (their
    decisions come from the player policy), or the table itself (a shuffle, the dice)."""

    DEALER = "dealer"
    PLAYER = "player"
    TABLE = "table"


class Action:
    """Base of every action. Subclasses are frozen dataclasses with a ``VERB`` (the word in
    the notation) and an ``ACTOR``; their fields are the action's arguments."""

    VERB: ClassVar[str] = ""
    ACTOR: ClassVar[Actor] = Actor.DEALER

    def notation(self) -> str:
        """This action as one line of the notation."""
        return format_action(self)


class NotationError(GameError):
    """A line of an action log is not in the notation (unknown verb, missing or bad value)."""


class ProcedureError(GameError):
    """A dealer action that is not the one the procedure calls for now.

    ``rule`` is the RULES.md ID that decides it, ``due`` the action that was due (``None``
    when the round is over), ``attempted`` the refused action, ``mistake`` the named
    procedural mistake (a stable code the game's explainer turns into words) and
    ``details`` the values that decided it. The message is a plain summary for logs.
    """

    def __init__(
        self,
        *,
        rule: str,
        mistake: str,
        attempted: Action,
        due: Action | None,
        details: Mapping[str, str] | None = None,
        step: int | None = None,
    ) -> None:
        self.rule = rule
        self.mistake = mistake
        self.attempted = attempted
        self.due = due
        self.details: dict[str, str] = dict(details or {})
        self.step = step
        due_text = due.notation() if due is not None else "nothing (the round is over)"
        super().__init__(f"{mistake} ({rule}): {attempted.notation()!r} refused; due: {due_text}")

    def at_step(self, step: int) -> ProcedureError:
        """The same error, numbered with its place in a log (1 = the first action)."""
        return ProcedureError(
            rule=self.rule, mistake=self.mistake, attempted=self.attempted, due=self.due,
            details=self.details, step=step,
        )


@dataclass(frozen=True, slots=True)
class Due:
    """The action the procedure calls for now and the rule IDs that call for it."""

    action: Action
    rules: tuple[str, ...]


StateT = TypeVar("StateT", bound="Round")


class Round(Protocol):
    """What the rulings door and the pages need of every game's round state."""

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action applied so far, in order."""
        ...

    @property
    def finished(self) -> bool: ...

    def due(self) -> Due | None:
        """The one right next action and its rule IDs; ``None`` when the round is over."""
        ...

    def verify(self, action: Action) -> None:
        """Raise :class:`ProcedureError` unless ``action`` is the right next action."""
        ...

    def apply(self, action: Action) -> Self:
        """Verify ``action`` and return the state after it (the log one longer)."""
        ...


def can(state: Round, action: Action) -> bool:
    """Whether ``action`` is the right next action (``verify`` without raising)."""
    try:
        state.verify(action)
    except ProcedureError:
        return False
    return True


def play_out(state: StateT, *, limit: int = 10_000) -> StateT:
    """Apply the due action until the round is over: the correct dealer (and players)."""
    for _ in range(limit):
        due = state.due()
        if due is None:
            return state
        state = state.apply(due.action)
    raise RuntimeError("a round did not end within its step limit")


@dataclass(frozen=True, slots=True)
class StepVerdict:
    """One recorded action checked: ``right`` with the rule IDs that called for it, or the
    first deviation (``error``)."""

    step: int
    action: Action
    rules: tuple[str, ...]
    error: ProcedureError | None = None

    @property
    def right(self) -> bool:
        return self.error is None


@dataclass(frozen=True, slots=True)
class Review(Generic[StateT]):
    """A recorded log checked against a round: each step up to the first deviation, the
    state the recorded actions reached, and the round played out correctly from there."""

    steps: tuple[StepVerdict, ...]
    reached: StateT
    correct_end: StateT
    complete: bool = field(default=False)
    """The recorded actions were all right and ended the round."""

    @property
    def first_error(self) -> ProcedureError | None:
        return next((step.error for step in self.steps if step.error is not None), None)


def review(start: StateT, recorded: Iterable[Action]) -> Review[StateT]:
    """Check ``recorded`` action by action from ``start``; stop at the first deviation.

    The correct end is the round played out by the correct dealer from where the recorded
    actions were right, so a floor person sees what the round must end with.
    """
    state = start
    steps: list[StepVerdict] = []
    for number, action in enumerate(recorded, start=1):
        due = state.due()
        try:
            state = state.apply(action)
        except ProcedureError as error:
            steps.append(StepVerdict(number, action, (error.rule,), error.at_step(number)))
            return Review(tuple(steps), state, play_out(state), complete=False)
        steps.append(StepVerdict(number, action, due.rules if due is not None else ()))
    return Review(tuple(steps), state, play_out(state), complete=state.finished)


# --- a round whose course its start fixes --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a round's course as the procedure has it, the rule IDs that call for
    it, and the phase it belongs to (a game's own word, for diagnosing mistakes)."""

    action: Action
    rules: tuple[str, ...]
    phase: str = ""


class PlannedRound:
    """The Round protocol for a round whose whole correct course follows from its start
    (RULES.md fixes one order): a game's state holds ``steps`` (the course, worked out
    once), ``log`` (the actions so far) and ``automations`` (the stages it performs by
    itself), and supplies ``_diagnose``. A dealer action whose class's ``STAGE`` is among
    the automations, and every player or table action, is applied by the state itself.

    Subclasses are frozen dataclasses with fields ``steps``, ``automations`` and ``log``.
    """

    __slots__ = ()
    steps: tuple[Step, ...]
    log: tuple[Action, ...]
    automations: frozenset[Any]

    @property
    def finished(self) -> bool:
        return len(self.log) == len(self.steps)

    def due(self) -> Due | None:
        if self.finished:
            return None
        step = self.steps[len(self.log)]
        return Due(step.action, step.rules)

    def verify(self, action: Action) -> None:
        if self.finished:
            raise ProcedureError(rule=self._closing_rule(), mistake="round-over", attempted=action, due=None)
        step = self.steps[len(self.log)]
        if action != step.action:
            rule, mistake, details = self._diagnose(step, action)
            raise ProcedureError(rule=rule, mistake=mistake, attempted=action, due=step.action, details=details)

    def apply(self, action: Action) -> Self:
        self.verify(action)
        return self._advanced(dataclasses.replace(self, log=(*self.log, action)))  # type: ignore[type-var]

    def can(self, action: Action) -> bool:
        return can(self, action)

    @property
    def correct_log(self) -> tuple[Action, ...]:
        """Every action of the round as the procedure has it."""
        return tuple(step.action for step in self.steps)

    def _advanced(self, state: Self) -> Self:
        """Apply the players' and the table's actions and the automated ones that are due."""
        while not state.finished:
            action = state.steps[len(state.log)].action
            if action.ACTOR is Actor.DEALER and getattr(action, "STAGE", None) not in state.automations:
                break
            state = dataclasses.replace(state, log=(*state.log, action))  # type: ignore[type-var]
        return state

    def _closing_rule(self) -> str:
        return self.steps[-1].rules[0] if self.steps else "procedure"

    def _diagnose(self, step: Step, action: Action) -> tuple[str, str, dict[str, str]]:
        """The rule, the mistake code and its details for ``action`` where ``step`` was due."""
        raise NotImplementedError


# --- the notation ------------------------------------------------------------------------

ActionT = TypeVar("ActionT", bound=Action)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The verbs of one game's rounds and the action class of each."""

    verbs: Mapping[str, type[Action]]

    @classmethod
    def of(cls, *actions: type[Action]) -> Vocabulary:
        verbs: dict[str, type[Action]] = {}
        for action in actions:
            if not action.VERB or action.VERB in verbs:
                raise ValueError(f"{action.__name__}: a missing or repeated verb {action.VERB!r}")
            verbs[action.VERB] = action
        return cls(verbs)

    def __contains__(self, verb: object) -> bool:
        return verb in self.verbs


def format_action(action: Action) -> str:
    """One line: the verb, then ``key=value`` for every field that is set."""
    parts = [action.VERB]
    for name, _ in _fields(type(action)):
        value = getattr(action, name)
        if value is None:
            continue
        parts.append(f"{name.replace('_', '-')}={_format_value(value)}")
    return " ".join(parts)


def format_log(actions: Iterable[Action]) -> str:
    """The log, one action a line."""
    return "\n".join(format_action(action) for action in actions)


def parse_action(line: str, vocabulary: Vocabulary, *, number: int = 1) -> Action:
    """One line of the notation (no comment, not blank) as an action of ``vocabulary``."""
    words = line.split()
    if not words:
        raise NotationError(f"line {number}: empty")
    verb, *pairs = words
    action_class = vocabulary.verbs.get(verb.lower())
    if action_class is None:
        known = ", ".join(sorted(vocabulary.verbs))
        raise NotationError(f"line {number}: {verb!r} is not an action here (known: {known})")
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key or not text:
            raise NotationError(f"line {number}: {pair!r} is not key=value")
        given[key.lower().replace("-", "_")] = text
    values: dict[str, object] = {}
    for name, parser in _fields(action_class):
        if name in given:
            try:
                values[name] = parser(given.pop(name))
            except (CardNotationError, MoneyError, ValueError) as error:
                raise NotationError(f"line {number}: {name.replace('_', '-')}: {error}") from None
        elif not _optional(action_class, name):
            raise NotationError(f"line {number}: {verb!r} needs {name.replace('_', '-')}=")
    if given:
        raise NotationError(f"line {number}: {verb!r} takes no {', '.join(sorted(given))}")
    return action_class(**values)


def parse_log(text: str, vocabulary: Vocabulary) -> tuple[Action, ...]:
    """Every action of a log text; comments (``#``) and blank lines are skipped."""
    actions = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            actions.append(parse_action(line, vocabulary, number=number))
    return tuple(actions)


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (Card, Joker)):
        return format_card(value)
    if isinstance(value, Decimal):
        return format_money(value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(_format_value(item) for item in value) or "-"
    text = str(value)
    if not text or any(char.isspace() or char in "#=" for char in text):
        raise ValueError(f"{text!r} cannot be written in the notation")
    return text


def _parse_bool(text: str) -> bool:
    lowered = text.lower()
    if lowered in ("yes", "true"):
        return True
    if lowered in ("no", "false"):
        return False
    raise ValueError(f"{text!r} is not yes or no")


def _parse_int(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def _parse_ints(text: str) -> tuple[int, ...]:
    return tuple(_parse_int(token) for token in text.split(","))


def _parse_cards(text: str) -> tuple[Card | Joker, ...]:
    return () if text == "-" else tuple(parse_card(token) for token in text.split(","))


def _parser_for(hint: Any) -> Callable[[str], object]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        if all(member in (Card, Joker) for member in members):
            return parse_card
        if len(members) == 1:
            return _parser_for(members[0])
        raise TypeError(f"no notation for {hint!r}")
    if origin is tuple:
        if typing.get_args(hint)[:1] == (int,):
            return _parse_ints
        return _parse_cards
    if hint is bool:
        return _parse_bool
    if hint is int:
        return _parse_int
    if hint is Decimal:
        return parse_money
    if hint in (Card, Joker):
        return parse_card
    if isinstance(hint, type) and issubclass(hint, Enum):
        enum_type = hint
        return lambda text: enum_type(text.lower())
    if hint is str:
        return str
    raise TypeError(f"no notation for {hint!r}")


_FieldParsers = tuple[tuple[str, Callable[[str], object]], ...]
_FIELD_PARSERS: dict[type[Action], _FieldParsers] = {}


def _fields(action_class: type[Action]) -> _FieldParsers:
    """Each field's name and parser, worked out once per action class."""
    parsers = _FIELD_PARSERS.get(action_class)
    if parsers is None:
        hints = typing.get_type_hints(action_class)
        parsers = tuple((item.name, _parser_for(hints[item.name])) for item in _dataclass_fields(action_class))
        _FIELD_PARSERS[action_class] = parsers
    return parsers


def _optional(action_class: type[Action], name: str) -> bool:
    missing = dataclasses.MISSING
    return any(
        item.name == name and (item.default is not missing or item.default_factory is not missing)
        for item in _dataclass_fields(action_class)
    )


def _dataclass_fields(action_class: type[Action]) -> tuple[dataclasses.Field[Any], ...]:
    if not dataclasses.is_dataclass(action_class):
        raise TypeError(f"{action_class.__name__} is not a dataclass")
    return dataclasses.fields(action_class)


def replay(start: StateT, actions: Sequence[Action]) -> StateT:
    """Apply a stored log to its start: the same round, or a :class:`ProcedureError` naming
    the step that no longer fits (e.g. under another engine version).

    A round may perform actions by itself (the players' decisions, automations): those are
    in its log too. A stored action the round has already performed at that place in its
    log is matched, not applied again, so a full stored log replays whatever the start's
    automations; a stored action that differs from what the round performed there is
    refused like any wrong action."""
    state = start
    for number, action in enumerate(actions, start=1):
        performed = state.log
        if number <= len(performed):
            if performed[number - 1] != action:
                due = performed[number - 1]
                raise ProcedureError(
                    rule="log", mistake="not-the-logged-action", attempted=action, due=due, step=number,
                    details={"due": due.notation(), "attempted": action.notation()},
                )
            continue
        try:
            state = state.apply(action)
        except ProcedureError as error:
            raise error.at_step(number) from None
    return state
