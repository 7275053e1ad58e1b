"""The marker for translatable words of drill kinds (titles, descriptions, labels, choices).

Kinds are pure Python (no Django): they mark their English words with :func:`gettext_noop`
(the engine's marker, :func:`games.reasons.gettext_noop`) so ``manage.py update_catalogues``
puts them in every catalogue, and whoever shows them to a person translates them there
(templates: ``{{ prompt.question|say }}`` or ``{% translate kind.title %}``; Python:
:func:`say` with Django's ``gettext``).

Text built from values ("Position 3: net") is a :class:`Words`: the English text (so it
is a ``str`` everywhere, in the API and in stored data) that remembers its message ID and
values, so :func:`say` can put it in the reader's language.

>>> label = phrase(gettext_noop("Position {position}: net"), position=3)
>>> label
'Position 3: net'
>>> say(label, lambda s: s.replace("Position", "Posición").replace("net", "neto"))
'Posición 3: neto'

A reason (:class:`games.reasons.Reason`) takes such text as a value through
:func:`reason_value`: a :class:`Words` becomes the engine's :class:`~games.reasons.Phrase`
(stored with the reason, put in the reader's language when the reason is read).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.reasons import Phrase, Term, Translate, gettext_noop, no_translation, printed

__all__ = ["Words", "gettext_noop", "joined", "phrase", "reason_value", "say"]


class Words(str):
    """English text made from a message ID (marked with :func:`gettext_noop`) and values.

    A value that is text (a ``str`` or another :class:`Words`) is a word to translate too
    ("Jack Switch", "hit"); other values (numbers, money as ``Decimal``, cards) are printed
    the one way :mod:`games.reasons` prints them."""

    message: str
    params: tuple[tuple[str, Any], ...]
    translated: bool  # False for a pattern that is no words ("{item_0}, {item_1}"): only its values are

    def __new__(cls, message: str, params: tuple[tuple[str, Any], ...], *, words: bool = True) -> Words:
        text = super().__new__(cls, _formatted(message, params, no_translation))
        text.message, text.params, text.translated = message, params, words
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.message, self.params, self.translated))

    def as_phrase(self) -> Phrase:
        """The same words as a reason's value (:class:`~games.reasons.Phrase`): text values
        become words to translate (:class:`~games.reasons.Term`, or a phrase of their own),
        the others stay typed.

        >>> phrase(gettext_noop("{setting}: {old} → {new}"), setting="Soft 17", old="3:2", new=4).as_phrase()
        Phrase(message='{setting}: {old} → {new}', params=(('new', 4), ('old', Term(text='3:2')), \
('setting', Term(text='Soft 17'))), lowercase=False, translated=True)
        """
        return Phrase(
            self.message,
            tuple((name, reason_value(value) if isinstance(value, str) else value) for name, value in self.params),
            translated=self.translated,
        )


def _rebuilt(message: str, params: tuple[tuple[str, Any], ...], words: bool) -> Words:
    return Words(message, params, words=words)


def phrase(message: str, **params: Any) -> Words:
    """``message`` (a message ID with ``{name}`` placeholders) filled with ``params``."""
    return Words(message, tuple(sorted(params.items())))


def joined(items: Sequence[str], separator: str = ", ") -> Words:
    """Texts one after another ("table 10-500: bonus 1-25; table ..."), each put in the
    reader's language by :func:`say`; the separator is not a word and is kept.

    >>> joined(["yes", phrase(gettext_noop("Hand {index}"), index=2)], "; ")
    'yes; Hand 2'
    """
    pattern = separator.replace("{", "{{").replace("}", "}}").join(f"{{item_{i}}}" for i in range(len(items)))
    return Words(pattern, tuple(sorted((f"item_{i}", item) for i, item in enumerate(items))), words=False)


def reason_value(text: str) -> Phrase | Term | str:
    """Text of a kind as a value of a :class:`~games.reasons.Reason`, read in the reader's
    language as :func:`say` reads it: a :class:`Words` as its phrase, other text as a word
    to translate (a message ID; text no catalogue knows reads as written).

    >>> reason_value(phrase(gettext_noop("Hand {index}"), index=2)).words({"Hand {index}": "Mano {index}"}.get)
    'Mano 2'
    >>> reason_value("Yes"), reason_value("")
    (Term(text='Yes'), '')
    """
    if isinstance(text, Words):
        return text.as_phrase()
    return Term(str(text)) if text else ""


def say(text: str, translate: Translate = no_translation) -> str:
    """Text of a kind in the reader's language: a :class:`Words` rebuilt from its translated
    message ID and values, any other text translated as a message ID."""
    if isinstance(text, Words):
        return _formatted(text.message, text.params, translate, pattern_translated=text.translated)
    return translate(text) if text else text


def _formatted(
    message: str, params: tuple[tuple[str, Any], ...], translate: Translate, *, pattern_translated: bool = True
) -> str:
    values = {
        name: say(value, translate) if isinstance(value, str) else printed(value, translate) for name, value in params
    }
    return (translate(message) if pattern_translated else message).format(**values)
