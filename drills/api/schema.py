"""Post-processing of the generated OpenAPI schema (drf-spectacular's hook)."""

from __future__ import annotations

from typing import Any

REQUIRED_BODIES = frozenset({"rulings_ask"})
"""Operations whose body drf-spectacular cannot know to be required: the rulings door
takes a free-form object (its shape depends on the question), and an empty body is a 400."""


def mark_required_bodies(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict) and operation.get("operationId") in REQUIRED_BODIES:
                operation.setdefault("requestBody", {})["required"] = True
    return result
