"""The rulings door's core: a registry of questions per game, input fields, answers.

Pure Python (no Django): the API view and the ``ruling`` management command both call
:func:`answer`, so the two doors give one answer (RULINGS.md). A game plugs in by
registering its questions in a module of this package::

    @question("blackjack", "hand")
    def hand(body: Body, rules: BlackjackRules) -> Ruling:
        cards = body.cards("cards", min_count=1)
        ...
        return Ruling(answer={...}, rules=("BJ-2",), explanation="...")

Errors: a handler raises :class:`RulingInputError` (usually through :class:`Body`'s
accessors) with ``{"<field>": ["<what is wrong>"]}``; the doors turn it into HTTP 400 /
exit 2. An unknown game or question is :class:`UnknownQuestionError` (HTTP 404).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from drills.api.json_input import BODY_FIELD, JSONBodyError, load_object
from games.cards import AnyCard, Card, Joker, ShoeSpec, parse_card
from games.errors import CardNotationError, GameError, ImpossibleCardsError, MoneyError
from games.house_rules import HouseRules
from games.money import format_money, parse_money

JSON = Any
RulesT = TypeVar("RulesT", bound=HouseRules)


@dataclass(frozen=True)
class Ruling:
    """A door's answer: RULINGS.md's ``{"answer", "rules", "explanation"}``."""

    answer: Mapping[str, JSON]
    rules: tuple[str, ...]
    explanation: str

    def to_json(self) -> dict[str, JSON]:
        return {"answer": dict(self.answer), "rules": list(self.rules), "explanation": self.explanation}


class RulingInputError(ValueError):
    """Bad input: ``errors`` maps each field (dotted path) to what is wrong with it."""

    def __init__(self, errors: Mapping[str, Sequence[str]]) -> None:
        self.errors = {name: list(messages) for name, messages in errors.items()}
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in self.errors.items()))

    @classmethod
    def single(cls, field_name: str, message: str) -> RulingInputError:
        return cls({field_name: [message]})

    def to_json(self) -> dict[str, JSON]:
        return {"errors": self.errors}


class UnknownQuestionError(LookupError):
    """No such game, or no such question for the game (HTTP 404)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.errors = {field_name: [message]}

    def to_json(self) -> dict[str, JSON]:
        return {"errors": self.errors}


Handler = Callable[["Body", Any], Ruling]


@dataclass
class _Registry:
    questions: dict[str, dict[str, Handler]] = field(default_factory=dict)


_REGISTRY = _Registry()


def question(game: str, name: str) -> Callable[[Handler], Handler]:
    """Register ``handler`` as the answer to ``POST /api/v1/rulings/<game>/<name>``."""

    def register(handler: Handler) -> Handler:
        game_questions = _REGISTRY.questions.setdefault(game, {})
        if name in game_questions:
            raise RuntimeError(f"question {game}/{name} registered twice")
        game_questions[name] = handler
        return handler

    return register


def questions() -> dict[str, list[str]]:
    """Every registered game and its questions, sorted (for the schema and the help)."""
    _load_game_modules()
    return {game: sorted(names) for game, names in sorted(_REGISTRY.questions.items())}


@functools.cache
def _load_game_modules() -> None:
    # Import for their registrations; kept here so that the registry fills itself
    # whichever door is used first.
    import importlib

    for module in ("blackjack", "jack_switch", "pai_gow", "over_under_26"):
        try:
            importlib.import_module(f"drills.rulings.{module}")
        except ModuleNotFoundError as error:
            if error.name != f"drills.rulings.{module}":
                raise


def find_handler(game: str, name: str) -> Handler:
    _load_game_modules()
    if game not in _REGISTRY.questions:
        known = ", ".join(sorted(_REGISTRY.questions))
        raise UnknownQuestionError("game", f"unknown game {game!r} (known: {known})")
    handlers = _REGISTRY.questions[game]
    if name not in handlers:
        known = ", ".join(sorted(handlers))
        raise UnknownQuestionError("question", f"unknown question {name!r} for {game} (known: {known})")
    return handlers[name]


def decode_body(raw: bytes | str, *, max_bytes: int | None = None) -> dict[str, JSON]:
    """Decode a JSON object body, bounded (:mod:`drills.api.json_input`); numbers with a
    fraction become ``Decimal`` (never float). A refused body is a 400 naming ``body``."""
    try:
        return load_object(raw, max_bytes=max_bytes)
    except JSONBodyError as error:
        raise RulingInputError.single(BODY_FIELD, str(error)) from None


def answer(game: str, name: str, body: JSON, rules: HouseRules) -> Ruling:
    """Answer question ``name`` of ``game`` for a decoded JSON ``body`` under ``rules``.

    The body's ``rules`` key (a rule-set slug) is resolved by the door before this call.
    Engine errors a handler lets through (:class:`GameError`) become a 400 on ``body``;
    handlers should name the field themselves where they can.
    """
    handler = find_handler(game, name)
    if not isinstance(body, dict):
        raise RulingInputError.single("body", "must be a JSON object")
    try:
        return handler(Body(body), rules)
    except GameError as error:
        raise RulingInputError.single("body", str(error)) from None


_MISSING = object()


class Body:
    """Typed, validating access to a JSON object; every error names its field path.

    >>> body = Body({"bet": "35", "cards": ["AS", "10h"]})
    >>> body.money("bet"), [str(c) for c in body.cards("cards", count=2)]
    (Decimal('35.00'), ['AS', 'TH'])
    >>> body.money("missing")
    Traceback (most recent call last):
    ...
    drills.rulings.base.RulingInputError: missing: this field is required
    """

    def __init__(self, data: Mapping[str, JSON], path: str = "") -> None:
        self.data = data
        self.path = path

    def name(self, key: str | int) -> str:
        return f"{self.path}.{key}" if self.path else str(key)

    def error(self, key: str | int, message: str) -> RulingInputError:
        return RulingInputError.single(self.name(key), message)

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def raw(self, key: str, default: object = _MISSING) -> JSON:
        if key not in self.data or self.data[key] is None:
            if default is _MISSING:
                raise self.error(key, "this field is required")
            return default
        return self.data[key]

    def money(self, key: str, default: Decimal | None = None) -> Decimal:
        value = self.raw(key, _MISSING if default is None else default)
        try:
            return parse_money(value)
        except MoneyError as error:
            raise self.error(key, str(error)) from None

    def boolean(self, key: str, default: bool | None = None) -> bool:
        value = self.raw(key, _MISSING if default is None else default)
        if not isinstance(value, bool):
            raise self.error(key, "must be true or false")
        return value

    def integer(self, key: str, default: int | None = None, *, low: int | None = None, high: int | None = None) -> int:
        value = self.raw(key, _MISSING if default is None else default)
        return self._integer(key, value, low, high)

    def _integer(self, key: str | int, value: JSON, low: int | None, high: int | None) -> int:
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, "must be a whole number")
        number: int = value
        if (low is not None and number < low) or (high is not None and number > high):
            bounds = f"must be from {low} to {high}" if high is not None else f"must be at least {low}"
            raise self.error(key, bounds)
        return number

    def integers(self, key: str, *, low: int, high: int, default: list[int] | None = None) -> list[int]:
        values = self.array(key, default=default)
        return [self.sub_integer(key, index, value, low, high) for index, value in enumerate(values)]

    def sub_integer(self, key: str, index: int, value: JSON, low: int | None, high: int | None) -> int:
        return Body(self.data, self.name(key))._integer(index, value, low, high)

    def text(self, key: str, default: str | None = None) -> str:
        value = self.raw(key, _MISSING if default is None else default)
        if not isinstance(value, str):
            raise self.error(key, "must be a string")
        return value

    def choice(self, key: str, choices: Iterable[str], default: str | None = None) -> str:
        options = list(choices)
        value = self.raw(key, _MISSING if default is None else default)
        if not isinstance(value, str) or value.strip().lower() not in options:
            raise self.error(key, f"must be one of: {', '.join(options)}")
        return value.strip().lower()

    def array(self, key: str, default: list[JSON] | None = None) -> list[JSON]:
        value = self.raw(key, _MISSING if default is None else default)
        if not isinstance(value, list):
            raise self.error(key, "must be a list")
        return value

    def nested(self, key: str) -> Body:
        value = self.raw(key)
        if not isinstance(value, dict):
            raise self.error(key, "must be an object")
        return Body(value, self.name(key))

    def objects(self, key: str, *, min_count: int = 0, max_count: int | None = None) -> list[Body]:
        values = self.array(key)
        self._check_count(key, len(values), None, min_count, max_count, "items")
        bodies = []
        for index, value in enumerate(values):
            if not isinstance(value, dict):
                raise RulingInputError.single(f"{self.name(key)}.{index}", "must be an object")
            bodies.append(Body(value, f"{self.name(key)}.{index}"))
        return bodies

    def cards(
        self,
        key: str,
        *,
        count: int | None = None,
        min_count: int = 0,
        max_count: int | None = None,
        jokers: bool = False,
        shoe: ShoeSpec | None = None,
    ) -> list[AnyCard]:
        """A list of card tokens; ``jokers=False`` refuses jokers; ``shoe`` checks the
        cards can all come from it (a seventh A♠ in six decks is an error)."""
        tokens = self.array(key)
        self._check_count(key, len(tokens), count, min_count, max_count, "cards")
        cards: list[AnyCard] = []
        for index, token in enumerate(tokens):
            try:
                card = parse_card(token)
            except CardNotationError as error:
                raise RulingInputError.single(f"{self.name(key)}.{index}", str(error)) from None
            if isinstance(card, Joker) and not jokers:
                raise RulingInputError.single(f"{self.name(key)}.{index}", "this game has no jokers")
            cards.append(card)
        if shoe is not None:
            self.verify_shoe(key, cards, shoe)
        return cards

    def standard_cards(self, key: str, **kwargs: Any) -> list[Card]:
        """Like :meth:`cards` for a game without jokers, typed as plain cards."""
        cards = self.cards(key, jokers=False, **kwargs)
        return [card for card in cards if isinstance(card, Card)]

    def card(self, key: str, *, jokers: bool = False) -> AnyCard:
        token = self.raw(key)
        try:
            card = parse_card(token)
        except CardNotationError as error:
            raise self.error(key, str(error)) from None
        if isinstance(card, Joker) and not jokers:
            raise self.error(key, "this game has no jokers")
        return card

    def verify_shoe(self, key: str, cards: Sequence[AnyCard], shoe: ShoeSpec) -> None:
        try:
            shoe.verify(cards)
        except ImpossibleCardsError as error:
            raise self.error(key, str(error)) from None

    def _check_count(
        self, key: str, n: int, count: int | None, min_count: int, max_count: int | None, noun: str
    ) -> None:
        if count is not None and n != count:
            raise self.error(key, f"must hold exactly {count} {noun}, not {n}")
        if n < min_count:
            raise self.error(key, f"must hold at least {min_count} {noun}, not {n}")
        if max_count is not None and n > max_count:
            raise self.error(key, f"must hold at most {max_count} {noun}, not {n}")


def money_json(amount: Decimal) -> str:
    """Money in an answer: a string with two decimals (RULINGS.md)."""
    return format_money(amount)


def probability_json(value: object) -> float:
    """A probability in an answer: a JSON number (at least 9 significant digits)."""
    return float(value)  # type: ignore[arg-type]
