"""POST data for the house-rules editor: a game's defaults as the form posts them."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from games.registry import rules_class


def form_data(game: str, **changes: Any) -> QueryDict:
    """The RULES.md defaults of ``game`` as posted, with ``changes``: a setting's value as
    text, ``True``/``False`` for a checkbox, a list of (key, ratio) rows for a pay table,
    ``None`` to leave the setting out of the post."""
    values: dict[str, Any] = {**rules_class(game)().to_mapping(), **changes}
    data = QueryDict(mutable=True)
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            data[name] = "on"
        elif isinstance(value, dict):
            rows = list(value.items())
            data.setlist(f"{name}-key", [key for key, _ in rows])
            data.setlist(f"{name}-ratio", [ratio for _, ratio in rows])
        elif isinstance(value, list):
            data.setlist(f"{name}-key", [key for key, _ in value])
            data.setlist(f"{name}-ratio", [ratio for _, ratio in value])
        else:
            data[name] = str(value)
    return data
