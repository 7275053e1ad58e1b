"""Template filters for what people read (``{% load labels %}``), from :mod:`drills.labels`.

``{{ cards|card_symbols }}`` -> ``T♦ T♠``; ``{{ attempt.kind|kind_title }}`` -> ``Super Match``;
``{{ result.score_percent|percent }}`` -> ``89 %`` (half up); ``{{ when|moment }}`` -> ``3 Dec 2026, 09:14``;
``{{ round.game|game_name }}`` -> ``Jack Switch``; ``{{ prompt.question|say }}`` -> a drill's text in
the reader's language.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django import template
from django.utils import formats, timezone
from django.utils.translation import gettext

from drills import labels
from drills.kinds.messages import say as say_words
from games.registry import game_name as registry_game_name

register = template.Library()


@register.filter
def card_symbols(cards: object) -> str:
    if isinstance(cards, str | Iterable):
        return labels.card_symbols(cards)
    return "" if cards is None else str(cards)


@register.filter
def kind_title(slug: str) -> str:
    return labels.kind_title(str(slug))


@register.filter
def game_name(slug: str) -> str:
    """A game by its name ("Jack Switch") in the reader's language, never its slug ("jack-switch")."""
    return gettext(registry_game_name(str(slug)))


@register.filter
def percent(value: labels.Number | None) -> str:
    """A percentage as a whole number and the sign, half up; nothing for no value."""
    if value is None or value == "":
        return ""
    return f"{labels.whole_percent(value)} %"


@register.filter
def score_percent(value: labels.Number | None, mark: labels.Number | None = None) -> str:
    """An exam score and the sign next to its pass mark or minimum (``labels.score_text``)."""
    if value is None or value == "":
        return ""
    return f"{labels.score_text(value, mark)} %"


@register.filter
def moment(value: dt.datetime | str | None) -> str:
    """A date-time (or its ISO text, as records store it) in the site's time zone, in words:
    ``3 Dec 2026, 09:14``; nothing for none."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            moment_at = dt.datetime.fromisoformat(value)
        except ValueError:
            return value
    else:
        moment_at = value
    local = timezone.localtime(moment_at) if timezone.is_aware(moment_at) else moment_at
    return f"{local.day} {formats.date_format(local, 'M Y')}, {local:%H:%M}"


@register.filter
def say(text: object) -> str:
    """A drill's text (a question, a label, a fact; see :mod:`drills.kinds.messages`) in
    the reader's language; nothing for none."""
    if text is None:
        return ""
    return say_words(str(text) if not isinstance(text, str) else text, gettext)


@register.filter
def note_words(assignment: Any) -> str:
    """An assignment's note in the reader's language (a "what changed" note worded again
    from its change; staff's own notes as written)."""
    from drills.what_changed.services import note_words as worded  # the learning models load first

    return worded(assignment)
