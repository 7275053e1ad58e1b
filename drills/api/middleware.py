"""Django-level errors under ``/api/`` in the API's error shape, and the body-size limit.

Django checks ``DATA_UPLOAD_MAX_MEMORY_SIZE`` only when ``request.body`` is read, and not
every parser reads it that way (DRF's multipart parser reads the stream): this middleware
refuses any API request whose declared body exceeds ``settings.MAX_REQUEST_BODY_BYTES``
with a 413 before a view runs, the same way for every view. It also turns
Django's own 404 page (an unknown URL) and an unhandled exception under ``/api/`` into
JSON, so an API client never receives HTML.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import is_valid_path

from drills.api.errors import error_response, too_big_message

API_PREFIX = "/api/"
logger = logging.getLogger(__name__)


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _phrase(status_code: int) -> str:
    try:
        return HTTPStatus(status_code).phrase
    except ValueError:
        return f"error {status_code}"


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        if _declared_length(request) > settings.MAX_REQUEST_BODY_BYTES:
            return error_response(413, "body", too_big_message())
        response = self.get_response(request)
        if response.status_code >= 400 and not response.get("Content-Type", "").startswith("application/json"):
            # Django's own error pages (an unknown URL, a refused request): same status, JSON.
            if response.status_code == 404:
                return error_response(404, "detail", f"no such API address: {request.path}")
            return error_response(response.status_code, "detail", _phrase(response.status_code))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith(API_PREFIX):
            return None
        if isinstance(exception, RequestDataTooBig):
            return error_response(413, "body", too_big_message())
        if isinstance(exception, (Http404, PermissionDenied, SuspiciousOperation, BadRequest)):
            return None  # Django answers these with a 4xx page, which __call__ turns into JSON
        logger.exception("unhandled error on %s", request.path, exc_info=exception)
        return error_response(500, "detail", "internal error: the server could not answer this request")


class ApiTrailingSlashMiddleware:
    """Accept API addresses with or without their trailing slash.

    Django's ``APPEND_SLASH`` answers a slash-less address with a redirect, which a client
    cannot follow for a POST (and in DEBUG it raises instead). For ``/api/`` paths that do
    not resolve as written but do with a slash, the request is routed to the slashed view.
    Runs before ``CommonMiddleware``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path.startswith(API_PREFIX) and not path.endswith("/"):
            urlconf = getattr(request, "urlconf", None)
            if not is_valid_path(path, urlconf) and is_valid_path(f"{path}/", urlconf):
                request.path_info = f"{path}/"
                request.path = f"{request.path}/"
        return self.get_response(request)
