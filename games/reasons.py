"""Structured reasons: what the engine says instead of sentences.

A :class:`Reason` is a rule ID (RULES.md), a message ID and the values that decided it. The
message ID is the English wording with ``{name}`` placeholders, marked with
:func:`gettext_noop` so Django's ``makemessages`` puts it in every catalogue; the engine never
translates. Whoever shows a reason to a person renders it with :meth:`Reason.words`, passing
the reader's ``translate`` (Django's ``gettext`` in the site; the identity here and in tests).

Values are typed, so each is printed one way, in one place: money as ``52.50``
(:func:`games.money.format_money`), a card as ``T♦`` (:func:`games.cards.format_card_symbol`),
a :class:`Term` (a word of the game such as "Over" or "stand") translated like a message.

>>> from decimal import Decimal
>>> from games.cards import parse_cards
>>> reason = Reason.of("BJ-10", gettext_noop("Box {box} doubled on {cards}: {amount} is due"),
...                    box=2, cards=parse_cards(["TD", "AS"]), amount=Decimal("40"))
>>> reason.words()
'Box 2 doubled on T♦ A♠: 40.00 is due (BJ-10).'
>>> Reason.from_json(reason.to_json()) == reason
True
>>> explain([reason, Reason.of("BJ-3", gettext_noop("Blackjack pays {pays}"), pays=Term("3:2"))])
'Box 2 doubled on T♦ A♠: 40.00 is due (BJ-10). Blackjack pays 3:2 (BJ-3).'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeAlias

from games.cards import AnyCard, Card, Joker, format_card, format_card_symbol, parse_card
from games.money import format_money

Translate: TypeAlias = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` as a message ID for the translation catalogues; return it unchanged.

    Named like Django's marker so ``makemessages`` extracts it from the engine too, which
    imports nothing of Django.
    """
    return message


class InContext(str):
    """A message ID that reads differently by where it stands (the hand note "sideways" and the
    verb "sideways"; the bet "Double" and the action "Double"): the English text itself, so
    English and a ``translate`` that knows no context print it as before, with its context for
    a ``translate`` that does (the site's, through Django's ``pgettext``)."""

    context: str

    def __new__(cls, context: str, message: str) -> InContext:
        made = super().__new__(cls, message)
        made.context = context
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        """Copied and pickled with its context (``str``'s own gives the text only)."""
        return (self.context, str(self))


def pgettext_noop(context: str, message: str) -> str:
    """Mark ``message`` as a message ID with a context (a ``msgctxt`` in the catalogues); return
    it as an :class:`InContext` whose text is ``message``.

    >>> word = pgettext_noop("bet", "Double")
    >>> word, context_of(word), context_of("Double")
    ('Double', 'bet', '')

    The site's ``makemessages`` extracts it as ``pgettext_noop:1c,2`` (Django has no such
    marker of its own).
    """
    return InContext(context, message)


def context_of(message: str) -> str:
    """The context a message ID was marked with (:func:`pgettext_noop`); ``""`` for none."""
    return message.context if isinstance(message, InContext) else ""


def no_translation(message: str) -> str:
    """The identity ``translate``: English, the language the message IDs are written in."""
    return message


@dataclass(frozen=True)
class Term:
    """A word of the game shown inside a sentence ("Over", "stand", "3:2"): translated like a
    message, so mark its text with :func:`gettext_noop` where it is written."""

    text: str


Param: TypeAlias = "str | int | Decimal | Card | Joker | Term | tuple[AnyCard, ...]"


@dataclass(frozen=True)
class Reason:
    """A rule, a message ID and the values that decided it (hashable, JSON round-trip)."""

    rule: str  # "BJ-10"; "" for a reason that cites no rule (a plain difference)
    message: str  # the English wording with {placeholders}, marked with gettext_noop
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, rule: str, message: str, **params: Any) -> Reason:
        """A reason with its values by name (cards as tuples, money as ``Decimal``)."""
        return cls(rule, message, tuple(sorted((name, _frozen(value)) for name, value in params.items())))

    def param(self, name: str) -> Any:
        """One value by name (``KeyError`` when absent)."""
        return dict(self.params)[name]

    def words(self, translate: Translate = no_translation, *, cite: bool = True) -> str:
        """The sentence in the reader's language, ending with the rule ID in brackets.

        >>> Reason.of("", gettext_noop("You answered {yours}; {due} is due."), yours=Decimal("5"),
        ...           due=Decimal("7.5")).words()
        'You answered 5.00; 7.50 is due.'
        """
        values = {name: _printed(value, translate) for name, value in self.params}
        sentence = translate(self.message).format(**values)
        return f"{sentence.rstrip('.')} ({self.rule})." if cite and self.rule else sentence

    def to_json(self) -> dict[str, Any]:
        """Stored form: every value tagged with its type, cards in the one notation."""
        return {
            "rule": self.rule,
            "message": self.message,
            "params": {name: _encoded(value) for name, value in self.params},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reason:
        params = data.get("params") or {}
        return cls(
            str(data["rule"]),
            str(data["message"]),
            tuple(sorted((str(name), _decoded(value)) for name, value in params.items())),
        )


def explain(reasons: Iterable[Reason], translate: Translate = no_translation) -> str:
    """Reasons as one paragraph: each its own sentence, in the given order."""
    return " ".join(reason.words(translate) for reason in reasons)


def reasons_to_json(reasons: Iterable[Reason]) -> list[dict[str, Any]]:
    return [reason.to_json() for reason in reasons]


def reasons_from_json(data: Iterable[Mapping[str, Any]] | None) -> tuple[Reason, ...]:
    return tuple(Reason.from_json(item) for item in data or ())


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, float):  # money and values are never float
        raise TypeError("a reason's value may not be a float")
    return value


def printed(value: Any, translate: Translate = no_translation) -> str:
    """One value of a reason as a person reads it: money ``52.50``, a card ``T♦``, a
    :class:`Term` translated, a tuple of them spaced, anything else as text."""
    return _printed(value, translate)


def _printed(value: Any, translate: Translate) -> str:
    if isinstance(value, Decimal):
        return format_money(value)
    if isinstance(value, (Card, Joker)):
        return format_card_symbol(value)
    if isinstance(value, Term):
        return translate(value.text)
    if isinstance(value, tuple):
        return " ".join(_printed(item, translate) for item in value)
    return str(value)


def _encoded(value: Any) -> Any:
    if isinstance(value, Decimal):
        return {"money": format_money(value)}
    if isinstance(value, (Card, Joker)):
        return {"card": format_card(value)}
    if isinstance(value, Term):
        return {"term": value.text}
    if isinstance(value, tuple):
        return {"list": [_encoded(item) for item in value]}
    return value


def _decoded(value: Any) -> Any:
    if isinstance(value, dict):
        if "money" in value:
            return Decimal(value["money"])
        if "card" in value:
            return parse_card(value["card"])
        if "term" in value:
            return Term(str(value["term"]))
        if "list" in value:
            return tuple(_decoded(item) for item in value["list"])
    if isinstance(value, list):
        return tuple(_decoded(item) for item in value)
    return value
