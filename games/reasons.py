"""Structured reasons: what the engine says instead of sentences.

A :class:`Reason` is a rule ID (RULES.md), a message ID and the values that decided it. The
message ID is the English wording with ``{name}`` placeholders, marked with
:func:`gettext_noop` so Django's ``makemessages`` puts it in every catalogue; the engine never
translates. Whoever shows a reason to a person renders it with :meth:`Reason.words`, passing
the reader's ``translate`` (Django's ``gettext`` in the site; the identity here and in tests).

Values are typed, so each is printed one way, in one place: money as ``52.50``
(:func:`games.money.format_money`), a card as ``T♦`` (:func:`games.cards.format_card_symbol`),
a :class:`Term` (a word of the game such as "Over" or "stand") translated like a message,
a :class:`Phrase` (words with values of their own, "dealer pays 12.00") translated and filled
like a reason's message.

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

A value may be a :class:`Phrase`, words of their own with typed values, stored tagged:

>>> was = Reason.of("", gettext_noop("Under the old rules this was {before}."),
...                 before=Phrase.of(gettext_noop("{field} {value}"), field=Phrase("Dealer pays", lowercase=True),
...                                  value=Decimal("10")))
>>> was.words()
'Under the old rules this was dealer pays 10.00.'
>>> was.to_json()["params"]["before"]["phrase"]["params"]["value"]
{'money': '10.00'}
>>> Reason.from_json(was.to_json()) == was
True
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


JOKER_WORD = gettext_noop("joker")
"""A joker among a reason's values: a word of the reader's language, not a symbol."""


@dataclass(frozen=True)
class Phrase:
    """Words inside a reason's sentence that are a message of their own: a message ID (marked
    with :func:`gettext_noop`) and typed values, printed like a :class:`Reason`'s message.

    The engine-side twin of the drills' ``Words`` (:mod:`drills.kinds.messages`): the same
    message, values and ``translated`` flag, but a value of a reason (hashable, JSON
    round-trip) rather than a ``str``. ``lowercase`` is for a label put mid-sentence ("Dealer
    pays" read as "dealer pays"): only the first letter is lowered, after translation, so
    that names inside it ("Bonus") keep their capital in every language.

    >>> paid = Phrase.of(gettext_noop("{field} {value}"), field=Phrase("Dealer pays", lowercase=True),
    ...                  value=Decimal("12"))
    >>> paid.words()
    'dealer pays 12.00'
    >>> spanish = {"{field} {value}": "{field}: {value}", "Dealer pays": "El crupier paga"}
    >>> paid.words(lambda message: spanish.get(message, message))
    'el crupier paga: 12.00'
    >>> Phrase.joined([paid, Phrase("Insurance", lowercase=True)]).words()
    'dealer pays 12.00, insurance'
    """

    message: str  # a message ID with {placeholders}, or (``translated`` False) a pattern of none
    params: tuple[tuple[str, Any], ...] = ()
    lowercase: bool = False  # the first letter lowered once translated (a label mid-sentence)
    translated: bool = True  # False for a pattern that is no words ("{item_0}, {item_1}"): only its values are

    @classmethod
    def of(cls, message: str, **params: Any) -> Phrase:
        """A phrase with its values by name (typed like a reason's)."""
        return cls(message, tuple(sorted((name, _frozen(value)) for name, value in params.items())))

    @classmethod
    def joined(cls, items: Iterable[Any], separator: str = ", ") -> Phrase:
        """Values one after another, each printed in the reader's language; the separator
        is not a word and is kept (the same pattern as the drills' ``joined``)."""
        values = [_frozen(item) for item in items]
        pattern = separator.replace("{", "{{").replace("}", "}}").join(f"{{item_{i}}}" for i in range(len(values)))
        return cls(pattern, tuple(sorted((f"item_{i}", item) for i, item in enumerate(values))), translated=False)

    def words(self, translate: Translate = no_translation) -> str:
        message = translate(self.message) if self.translated and self.message else self.message
        if self.params:  # a label without values is printed as written (braces and all)
            message = message.format(**{name: _printed(value, translate) for name, value in self.params})
        return _lowered_first(message) if self.lowercase else message

    def __str__(self) -> str:
        return self.words()


Param: TypeAlias = "str | int | Decimal | Card | Joker | Term | Phrase | tuple[AnyCard, ...]"


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
    :class:`Term` or a :class:`Phrase` translated, a tuple of them spaced, anything else as text."""
    return _printed(value, translate)


def _printed(value: Any, translate: Translate) -> str:
    if isinstance(value, Decimal):
        return format_money(value)
    if isinstance(value, Joker):
        return translate(JOKER_WORD)
    if isinstance(value, Card):
        return format_card_symbol(value)
    if isinstance(value, Term):
        return translate(value.text) if value.text else ""  # gettext("") is the catalogue's header
    if isinstance(value, Phrase):
        return value.words(translate)
    if isinstance(value, tuple):
        return " ".join(_printed(item, translate) for item in value)
    return str(value)


def _lowered_first(text: str) -> str:
    """``text`` with its first letter lowered ("¿Se acepta...?" -> "¿se acepta...?")."""
    for index, char in enumerate(text):
        if char.isalpha():
            return text[:index] + char.lower() + text[index + 1 :]
    return text


def _encoded(value: Any) -> Any:
    if isinstance(value, Decimal):
        return {"money": format_money(value)}
    if isinstance(value, (Card, Joker)):
        return {"card": format_card(value)}
    if isinstance(value, Term):
        return {"term": value.text}
    if isinstance(value, Phrase):
        phrase: dict[str, Any] = {
            "message": value.message,
            "params": {name: _encoded(item) for name, item in value.params},
        }
        if value.lowercase:
            phrase["lowercase"] = True
        if not value.translated:
            phrase["translated"] = False
        return {"phrase": phrase}
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
        if "phrase" in value:
            phrase = value["phrase"]
            params = phrase.get("params") or {}
            return Phrase(
                str(phrase["message"]),
                tuple(sorted((str(name), _decoded(item)) for name, item in params.items())),
                lowercase=bool(phrase.get("lowercase", False)),
                translated=bool(phrase.get("translated", True)),
            )
    if isinstance(value, list):
        return tuple(_decoded(item) for item in value)
    return value
