"""Sign-in lockout (django-axes, per account): the message and the answer to a refused sign-in.

Axes counts failed sign-ins per username on every door (``/login/``, ``/admin/login/`` and
``POST /api/v1/auth/token/``). Past ``LOGIN_FAILURE_LIMIT`` failures the account is locked:
its attempts are refused before a password is hashed, with this answer (429) — the sign-in
page with the reason for people, the API's error shape for the API.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, ngettext

from drills.api.errors import error_response
from drills.api.middleware import API_PREFIX

LOCKED_STATUS = 429


def _duration(delta: timedelta) -> str:
    minutes = max(1, round(delta.total_seconds() / 60))
    if minutes % 60 == 0:
        hours = minutes // 60
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def lockout_message(request: HttpRequest | None = None) -> str:
    """What a locked-out person is told: why, for how long, and who can unlock it."""
    cool_off = get_cool_off(request)
    reason = gettext("This account is locked after too many failed sign-in attempts.")
    if cool_off:
        then = gettext("Try again in %(duration)s, or ask your training staff to unlock it sooner.")
        return f"{reason} {then % {'duration': _duration(cool_off)}}"
    ask = gettext("Ask your training staff to unlock it.")
    return f"{reason} {ask}"


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict[str, Any] | None = None
) -> HttpResponse:
    """Axes' ``AXES_LOCKOUT_CALLABLE``: JSON under ``/api/``, the sign-in page elsewhere."""
    message = lockout_message(request)
    if request.path.startswith(API_PREFIX):
        return error_response(LOCKED_STATUS, "detail", message)
    return render(request, "registration/locked.html", {"message": message}, status=LOCKED_STATUS)
