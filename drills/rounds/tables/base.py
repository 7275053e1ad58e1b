"""The interface between a game's round engine and the drawn table (pure Python, no Django).

The page sends a *tap*: a verb (deal, pay, announce...), the place tapped (a box, the
dealer's area), and, where the action needs one, a chip stack (summed by the server) or a
number. :meth:`TableGame.build` turns it into the engine's action: fields the trainee
chooses come from the tap; fields the trainee cannot know before acting (the card coming
out of the shoe) are filled in by the server from the round state. The page never holds the
shoe or an undealt card: :meth:`TableGame.table` shows only what lies on the table.

Automation by focus: an action the trainee is not drilling (a player's decision, or the
settlement when the focus is the deal) is applied by the server as the engine says;
:meth:`TableGame.phase` tells which part of the round an action belongs to.
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any

from games.cards import Card, Joker
from games.house_rules import HouseRules
from games.procedure import Action, Actor, Due, ProcedureError, Round, Vocabulary
from games.reasons import Translate, gettext_noop, no_translation

VERB_WORDS: dict[str, str] = {
    "deal": gettext_noop("deal"),
    "deal-dealer": gettext_noop("deal dealer"),
    "offer-insurance": gettext_noop("offer insurance"),
    "offer-even-money": gettext_noop("offer even money"),
    "exchange": gettext_noop("exchange"),
    "sideways": gettext_noop("sideways"),
    "announce": gettext_noop("announce"),
    "pay": gettext_noop("pay"),
    "collect": gettext_noop("collect"),
    "return": gettext_noop("return"),
    "refuse-bet": gettext_noop("refuse bet"),
    "deal-up": gettext_noop("deal up"),
    "deal-down": gettext_noop("deal down"),
    "turn": gettext_noop("turn"),
    "announce-joker": gettext_noop("announce joker"),
    "discard": gettext_noop("discard"),
    "roll": gettext_noop("roll"),
    "set-aside": gettext_noop("set aside"),
    "deliver": gettext_noop("deliver"),
    "call": gettext_noop("call"),
    "replace": gettext_noop("replace"),
    "discard-dead": gettext_noop("discard dead"),
    "button": gettext_noop("button"),
    "open-bank": gettext_noop("open bank"),
    "reset-bank": gettext_noop("reset bank"),
    "fee": gettext_noop("fee"),
    "clear": gettext_noop("clear"),
}
"""The tools' verbs as words, for "Not now: … is not the next step" (any other verb is
shown as it is, its hyphens as spaces)."""


_PLACE_WANTED: dict[str, str] = {
    "box": gettext_noop("tap a box for this action"),
    "position": gettext_noop("tap a position for this action"),
    "hand": gettext_noop("tap a hand for this action"),
}
"""What to tap when an action's place is missing, by the action's field (any other field is
named in the sentence, its underscores as spaces)."""


class Focus(StrEnum):
    """What the trainee does; the server does the rest correctly."""

    DEAL = "deal"
    SETTLE = "settle"
    ROUND = "round"

    @property
    def label(self) -> str:
        """The focus for people, in English (a message ID): shown through ``gettext``."""
        labels = {
            "deal": gettext_noop("The deal only"),
            "settle": gettext_noop("The settlement only"),
            "round": gettext_noop("The whole round"),
        }
        return labels[self.value]


class Phase(StrEnum):
    DEAL = "deal"  # everything up to the dealer's final hand: cards, offers, announcements
    SETTLE = "settle"  # paying, collecting, returning


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class NotNow(Exception):
    """A tap naming a real action that cannot be made at this point at all (its hidden
    fields do not exist now: delivering a stack before the left-over cards are set aside):
    refused and counted like any wrong action, against the action that was due."""

    def __init__(self, verb: str) -> None:
        self.verb = verb
        super().__init__(verb)


class TapError(ValueError):
    """A tap that is not an action at all (unknown verb, no such box, a bad chip stack):
    refused before the engine sees it and not counted as a procedural mistake."""

    def __init__(self, field_name: str, message: str, **params: object) -> None:
        """``message`` is a message ID (marked with ``gettext_noop``) with ``{placeholders}``
        filled from ``params``; :attr:`message` is the English sentence, :meth:`words` the
        reader's."""
        self.field = field_name
        self.message_id, self.params = message, params
        self.message = message.format(**params)
        super().__init__(f"{field_name}: {self.message}")

    def words(self, translate: Translate = no_translation) -> str:
        """The message in ``translate``'s language."""
        try:
            return translate(self.message_id).format(**self.params)
        except (KeyError, IndexError):
            return self.message


@dataclass(frozen=True, slots=True)
class Tap:
    verb: str
    place: Mapping[str, int] = field(default_factory=dict)  # {"box": 2}, {} for the dealer
    amount: Decimal | None = None  # a chip stack, summed
    number: int | None = None  # an announced total
    choice: str | None = None  # an enum value (which bet a payment is for)
    flags: frozenset[str] = frozenset()  # yes/no fields set to yes ({"blackjack"} on a call)


@dataclass(frozen=True, slots=True)
class Bet:
    label: str  # "Bet", "Insurance", "Double", "Super Match"
    amount: Decimal


@dataclass(frozen=True, slots=True)
class HandView:
    cards: tuple[str, ...]  # the cards face up, in the one notation
    face_down: int = 0  # cards lying face down (never their faces)
    note: str = ""  # "bust", "blackjack", "21", "switched"...


@dataclass(frozen=True, slots=True)
class Spot:
    """A place on the table: a box or position, or the dealer's area."""

    key: str  # "box-2", "dealer": the page's address for a tap
    label: str  # "Box 2", "Dealer", "Position 3 (player-dealer)"
    place: Mapping[str, int]  # the fields a tap here fills in ({"box": 2}); {} for the dealer
    hands: tuple[HandView, ...] = ()
    bets: tuple[Bet, ...] = ()
    paid: tuple[Bet, ...] = ()  # chips set beside the bet by the dealer (payouts), or collected
    empty: bool = False


@dataclass(frozen=True, slots=True)
class TableView:
    spots: tuple[Spot, ...]  # boxes in box order
    dealer: Spot
    shoe_left: int  # cards still in the shoe (a count, never the cards)
    facts: tuple[tuple[str, str], ...] = ()  # ("Bank", "400.00"), ("Dice", "4 + 5 + 6")


class Needs(StrEnum):
    PLACE = "place"  # tap a place
    CHIPS = "chips"  # build a chip stack, then tap a place
    NUMBER = "number"  # type a number, then tap a place
    CHOICE = "choice"  # pick a value, then tap a place
    NOTHING = "nothing"  # one button (the table as a whole)


@dataclass(frozen=True, slots=True)
class Control:
    verb: str
    label: str
    needs: Needs
    shortcut: str  # one key
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for CHOICE


class TableGame(ABC):
    """One game's table. Subclasses set ``slug``, ``title``, ``vocabulary`` and implement
    the abstract methods; :meth:`build` works from the action classes' fields."""

    slug: str
    title: str
    vocabulary: Vocabulary
    place_fields: tuple[str, ...] = ("box",)
    number_fields: tuple[str, ...] = ("total",)
    controls_order: tuple[Control, ...] = ()
    stakes: tuple[tuple[str, str], ...] = ()  # (value, label): the choice a tap may carry
    stakes_legend = gettext_noop("Which bet (pay, collect, return)")
    flags: tuple[tuple[str, str], ...] = ()  # (field, label): yes/no parts of a call

    # --- to implement ---------------------------------------------------------------
    @abstractmethod
    def start(self, seed: int, level: Level, rules: HouseRules) -> Round:
        """The round before its first action: bets placed, the shoe shuffled from ``seed``."""

    @abstractmethod
    def phase(self, action: Action) -> Phase: ...

    @abstractmethod
    def table(self, state: Round, translate: Translate = no_translation) -> TableView: ...

    @abstractmethod
    def hidden(self, state: Round, action_class: type[Action], name: str) -> Any:
        """A field the trainee cannot choose (the next card): the server's value."""

    @abstractmethod
    def describe(self, action: Action, reveal: bool = True, translate: Translate = no_translation) -> str:
        """The action in words ("Deal a card to box 2", "Pay box 3 75.00"); without
        ``reveal``, nothing still hidden from the trainee (the card to come) is named. English
        unless ``translate`` (the reader's ``gettext``) says otherwise."""

    @abstractmethod
    def explain(self, error: ProcedureError, translate: Translate = no_translation) -> str:
        """Why an action was refused, in words, naming the rule (in ``translate``'s language)."""

    def right_action(self, due: Action | None, translate: Translate = no_translation) -> str:
        """The sentence's tail naming the action that was due, without hidden cards."""
        right = (
            self.describe(due, reveal=False, translate=translate)
            if due is not None
            else translate(gettext_noop("nothing: the round is over"))
        )
        return translate(gettext_noop("The right action: {right}.")).format(right=right)

    def explain_not_now(self, verb: str, due: Due | None, translate: Translate = no_translation) -> str:
        rule = due.rules[0] if due is not None and due.rules else translate(gettext_noop("procedure"))
        said = translate(gettext_noop("Not now: {verb} is not the next step ({rule}).")).format(
            verb=self.verb_words(verb, translate), rule=rule
        )
        return f"{said} {self.right_action(due.action if due is not None else None, translate)}"

    def verb_words(self, verb: str, translate: Translate = no_translation) -> str:
        """A tool's verb as a word ("offer insurance"): the table's word when it has one."""
        words = VERB_WORDS.get(verb)
        return translate(words) if words is not None else verb.replace("-", " ")

    # --- provided -------------------------------------------------------------------
    def controls(self, state: Round) -> tuple[Control, ...]:
        return self.controls_order

    def trainee_does(self, action: Action, focus: Focus) -> bool:
        """Whether the trainee performs ``action`` under ``focus`` (else the server does)."""
        if action.ACTOR is not Actor.DEALER:
            return False
        return focus is Focus.ROUND or self.phase(action).value == focus.value

    def resolve(self, tap: Tap) -> Tap:
        """The tap as the game's verb: one tool may mean two verbs by place (a game's
        "deal" tapped on the dealer's area is dealing the dealer a card)."""
        return tap

    def build(self, state: Round, tap: Tap) -> Action:
        """The engine action a tap means; :class:`TapError` naming the field if none."""
        tap = self.resolve(tap)
        action_class = self.vocabulary.verbs.get(tap.verb)
        if action_class is None or action_class.ACTOR is not Actor.DEALER:
            message = gettext_noop("{verb} is not a dealer's action at this table")
            raise TapError("verb", message, verb=repr(tap.verb[:30]))
        values: dict[str, Any] = {}
        for item in dataclasses.fields(action_class):  # type: ignore[arg-type]
            values[item.name] = self._value(state, action_class, item, tap)
        values = {name: value for name, value in values.items() if value is not _DEFAULT}
        try:
            return action_class(**values)
        except (TypeError, ValueError) as error:
            raise TapError("verb", gettext_noop("not a complete action: {error}"), error=error) from None

    def _value(self, state: Round, action_class: type[Action], item: dataclasses.Field[Any], tap: Tap) -> Any:
        hint = _hints(action_class)[item.name]
        has_default = item.default is not dataclasses.MISSING or item.default_factory is not dataclasses.MISSING
        if item.name in self.place_fields:
            if item.name in tap.place:
                return tap.place[item.name]
            if has_default:
                return _DEFAULT
            if item.name in _PLACE_WANTED:
                raise TapError("place", _PLACE_WANTED[item.name])
            raise TapError("place", gettext_noop("tap a {place} for this action"), place=item.name.replace("_", " "))
        if _is(hint, Decimal):
            if tap.amount is None:
                if has_default:
                    return _DEFAULT
                raise TapError("chips", gettext_noop("build the chip stack in the tray first"))
            return tap.amount
        if item.name in self.number_fields:
            if tap.number is None:
                raise TapError("number", gettext_noop("enter the total first"))
            return tap.number
        if _is(hint, bool):
            return True if item.name in tap.flags else _DEFAULT
        enum_type = _enum(hint)
        if enum_type is not None and tap.choice is not None:
            try:
                return enum_type(tap.choice)
            except ValueError:
                raise TapError(
                    "choice", gettext_noop("{choice} is not one of the choices"), choice=repr(tap.choice[:30])
                ) from None
        value = self.hidden(state, action_class, item.name)
        if value is _DEFAULT and not has_default:
            raise NotNow(tap.verb)
        return value

    def due_for_trainee(self, state: Round, focus: Focus) -> bool:
        due = state.due()
        return due is not None and self.trainee_does(due.action, focus)


class _Default:
    def __repr__(self) -> str:
        return "<default>"


_DEFAULT: Any = _Default()
"""Returned by :meth:`TableGame.hidden` and field lookups: leave the field at its default."""

LEAVE_DEFAULT = _DEFAULT


_HINTS: dict[type[Action], dict[str, Any]] = {}


def _hints(action_class: type[Action]) -> dict[str, Any]:
    """An action class's field types (constant per class: worked out once per process)."""
    hints = _HINTS.get(action_class)
    if hints is None:
        hints = _HINTS[action_class] = typing.get_type_hints(action_class)
    return hints


def _members(hint: Any) -> tuple[Any, ...]:
    args = typing.get_args(hint)
    return tuple(arg for arg in args if arg is not type(None)) if args else (hint,)


def _is(hint: Any, wanted: type) -> bool:
    return any(member is wanted for member in _members(hint))


def _enum(hint: Any) -> type[Enum] | None:
    for member in _members(hint):
        if isinstance(member, type) and issubclass(member, Enum):
            return member
    return None


def card_code(card: Card | Joker) -> str:
    return str(card)


def cards_of(cards: Sequence[Card | Joker]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def due_value(due: Due | None, action_class: type[Action], name: str) -> Any:
    """A hidden field taken from the due action when it is of the same class (the card that
    comes out of the shoe next is the same wherever the trainee puts it)."""
    if due is not None and type(due.action) is action_class:
        return getattr(due.action, name)
    return _DEFAULT
