"""The API's one error shape, checked: ``{"errors": {"<field>": ["<message>", ...]}}``."""

from __future__ import annotations

import json
from typing import Any


def error_fields(payload: Any, field: str) -> dict[str, list[str]]:
    """The errors of an error payload naming ``field``; fails unless the shape is exact."""
    assert list(payload) == ["errors"]
    errors: dict[str, list[str]] = payload["errors"]
    assert field in errors
    for messages in errors.values():
        assert isinstance(messages, list)
        assert messages
        assert all(isinstance(m, str) and m for m in messages)
    return errors


def error_response(response: Any, status: int, field: str) -> dict[str, list[str]]:
    """The same for an HTTP response, with its status and JSON content type."""
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    return error_fields(json.loads(response.content), field)
