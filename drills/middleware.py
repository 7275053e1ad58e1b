"""The database is down: answer 503 with ``Retry-After``, never a 500.

A lost PostgreSQL connection raises ``django.db.OperationalError`` (or ``InterfaceError``
for a connection closed under us) wherever the first query runs, usually the session
read behind ``request.user``. This middleware turns it into a 503: the API's error shape
for ``/api/`` and htmx requests (the exam page's autosave retries with backoff and keeps
what was typed), a plain page otherwise. The page is rendered without the request's
context, since the context processors would query the database again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from drills.api.errors import error_response
from drills.language import known_language

RETRY_AFTER_SECONDS = 5
UNAVAILABLE = gettext_noop("the database is unavailable for a moment: nothing was saved; try again in a few seconds")
logger = logging.getLogger(__name__)


def wants_json(request: HttpRequest) -> bool:
    return (
        request.path.startswith("/api/")
        or request.headers.get("HX-Request") == "true"
        or "application/json" in request.headers.get("Accept", "")
    )


class DatabaseUnavailableMiddleware:
    """Listed after every middleware that handles view exceptions (it must answer first)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning("database unavailable on %s %s: %s", request.method, request.path, exception)
        response: HttpResponse
        if wants_json(request):
            response = error_response(503, "detail", gettext(UNAVAILABLE))
        else:
            response = HttpResponse(render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS}), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response


class UserLanguageMiddleware:
    """A signed-in user's saved language (``User.language``) wins over the cookie and the
    browser's; the cookie is set to it too, so the sign-out and sign-in pages stay in it.

    Listed after ``AuthenticationMiddleware`` (and inside ``LocaleMiddleware``, which adds
    ``Content-Language`` for the language active here). With the database down, the user is
    left unread: the view's own query answers the 503 (``DatabaseUnavailableMiddleware``).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = self._preference(request)
        if code:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        response = self.get_response(request)
        cookie = settings.LANGUAGE_COOKIE_NAME
        if code and request.COOKIES.get(cookie) != code and cookie not in response.cookies:
            response.set_cookie(
                cookie,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite="Lax",
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            )
        return response

    @staticmethod
    def _preference(request: HttpRequest) -> str | None:
        try:
            user = request.user
            if not user.is_authenticated:
                return None
        except (OperationalError, InterfaceError):
            return None
        return known_language(getattr(user, "language", ""))
