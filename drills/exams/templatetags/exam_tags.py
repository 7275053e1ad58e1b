"""``{{ answer|answer_text }}``: an answer or key as "outcome joker · net 130.00"."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def answer_text(value: Any) -> str:
    """
    >>> answer_text({"outcome": "joker", "net": "130.00"})
    'outcome joker · net 130.00'
    >>> answer_text({"cards": ["AS", "KD"]}), answer_text(None)
    ('cards AS KD', '—')
    """
    if value is None:
        return "—"
    if isinstance(value, dict):
        return " · ".join(f"{name} {answer_text(item)}" for name, item in value.items())
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return str(value)
