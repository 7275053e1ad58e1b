"""``{% load words %}``: the words people read for the framework's values, translated.

``{{ stored.difficulty|difficulty }}`` → "Hard" / "Difícil" (a difficulty, not a hard hand:
the catalogue keeps the two apart by context).
"""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext_lazy

from drills.kinds.base import Difficulty

register = template.Library()

DIFFICULTY_WORDS = {
    Difficulty.EASY: pgettext_lazy("difficulty", "Easy"),
    Difficulty.NORMAL: pgettext_lazy("difficulty", "Normal"),
    Difficulty.HARD: pgettext_lazy("difficulty", "Hard"),
}


@register.filter
def difficulty(value: object) -> str:
    """A difficulty's word in the reader's language; an unknown value as it is."""
    word = DIFFICULTY_WORDS.get(str(value))  # type: ignore[call-overload]
    return str(word) if word is not None else str(value)
