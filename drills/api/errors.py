"""One error shape for every 4xx of the API: ``{"errors": {"<field>": ["<message>"]}}``.

- Validation errors keep their fields; nested fields are joined with dots
  (``hands.0.cards``), like the rulings door; errors not tied to a field stay under
  ``non_field_errors``.
- A body that cannot be used (not JSON, too deep, too big, not an object) goes under
  ``body``, on every JSON door alike (the rulings door names it the same way).
- Authentication, permission, not-found, method and throttling errors go under
  ``detail``. A request without valid credentials is a 401 with
  ``WWW-Authenticate: Token`` (DRF would make it a 403 because session authentication
  comes first in the settings).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

ErrorMap = dict[str, list[str]]


def error_payload(errors: Mapping[str, list[str]]) -> dict[str, ErrorMap]:
    return {"errors": {field: list(messages) for field, messages in errors.items()}}


def error_response(status_code: int, field: str, message: str) -> JsonResponse:
    """A plain Django response in the API's error shape (for middleware and URL handlers)."""
    # Compact, like DRF's renderer: one JSON style for every API answer.
    return JsonResponse(
        error_payload({field: [message]}),
        status=status_code,
        json_dumps_params={"separators": (",", ":"), "ensure_ascii": False},
    )


def too_big_message() -> str:
    return f"the request body is larger than {settings.MAX_REQUEST_BODY_BYTES} bytes"


def flatten(detail: Any, prefix: str = "") -> ErrorMap:
    """DRF error details as ``{"field.path": [messages]}``.

    >>> flatten({"cards": ["required"], "hands": [{}, {"bet": ["bad"]}]})
    {'cards': ['required'], 'hands.1.bet': ['bad']}
    >>> flatten(["not allowed"])
    {'non_field_errors': ['not allowed']}
    >>> flatten("Not found.", "detail")
    {'detail': ['Not found.']}
    """
    if isinstance(detail, Mapping):
        out: ErrorMap = {}
        for key, value in detail.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(detail, list):
        if any(isinstance(item, (Mapping, list)) for item in detail):
            out = {}
            for index, item in enumerate(detail):
                out.update(flatten(item, f"{prefix}.{index}" if prefix else str(index)))
            return out
        return {prefix or "non_field_errors": [str(item) for item in detail]}
    return {prefix or "non_field_errors": [str(detail)]}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, reshaped; ``None`` (a 500) only for errors that are bugs."""
    if isinstance(exc, RequestDataTooBig):
        return Response(error_payload({"body": [too_big_message()]}), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ParseError):
        response.data = error_payload({"body": [str(exc.detail)]})
    elif isinstance(exc, exceptions.ValidationError):
        response.data = error_payload(flatten(response.data))
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else response.data.get("detail", "")
        response.data = error_payload(flatten(detail, "detail"))
    if isinstance(exc, (exceptions.NotAuthenticated, exceptions.AuthenticationFailed)):
        response.status_code = status.HTTP_401_UNAUTHORIZED
        response["WWW-Authenticate"] = 'Token realm="api"'
    return response
