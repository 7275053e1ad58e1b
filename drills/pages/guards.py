"""Who may open a page: the signed-in user, and the one decorator for pages of property
staff. Which rows a person may see is :mod:`drills.access`'s decision; this only turns its
answer for a whole page into a login redirect or a 403."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from drills import access
from drills.models import User

View = Callable[..., HttpResponse]


def signed_in(request: HttpRequest) -> User:
    """The request's user, on a view that ``login_required`` guards."""
    user = request.user
    assert isinstance(user, User)  # login_required ran first
    return user


def property_staff_only(refusal: str) -> Callable[[View], View]:
    """Signed-in property staff and superusers; anyone else signed in gets a 403 saying
    ``refusal``; anonymous visitors go to the sign-in page."""

    def decorate(view: View) -> View:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not access.is_property_staff(signed_in(request)):
                raise PermissionDenied(refusal)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
