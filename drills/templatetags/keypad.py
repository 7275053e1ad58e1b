"""``{% amount_keypad fields %}``: the one amount keypad of an answer form (drills, exams).

A form with amount fields gets one keypad, not one per field: it starts under the first
amount field and ``drills/keypad.js`` moves it under the field that has the focus. Its minus
key is there only for a signed field (``AnswerField.signed``, a net result that may be
negative): the script shows or hides it as the keypad moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from drills.kinds.base import FieldType

register = template.Library()


@register.inclusion_tag("drills/_keypad.html")
def amount_keypad(fields: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``fields``: the form's field views (``{"field": AnswerField, ...}``)."""
    amounts = [view["field"] for view in fields if view["field"].type is FieldType.AMOUNT]
    first = amounts[0] if amounts else None
    return {"first": first, "signed": bool(first and first.signed)}
