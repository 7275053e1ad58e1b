"""A person's language: the picker's view and the signed-in user's saved preference.

Anonymous visitors get Django's choice (the picker's cookie, else the browser's
Accept-Language, else English). A signed-in user who picked a language has it saved on their
account (``User.language``) and it wins on every request, on any device, from the sign-in on
(:class:`drills.middleware.UserLanguageMiddleware`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from games.reasons import Reason, Translate, context_of, explain


def translate(message: str) -> str:
    """The engine's ``translate`` on the site: ``gettext``, or ``pgettext`` for a message ID
    marked with its context (``games.reasons.pgettext_noop``), so the felt's "Double" (the
    doubled stake) is not worded as the action "Double"."""
    context = context_of(message)
    return pgettext(context, message) if context else gettext(message)


def known_language(code: str | None) -> str | None:
    """``code`` when it is one of ``settings.LANGUAGES``, else ``None``."""
    if code and code in dict(settings.LANGUAGES):
        return code
    return None


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (the cookie and the redirect back), and for a signed-in user
    the choice saved as their preference."""
    response = django_set_language(request)
    code = known_language(request.POST.get("language"))
    user = request.user
    if code and user.is_authenticated and getattr(user, "language", code) != code:
        user.language = code
        user.save(update_fields=["language"])
    return response


def in_reader_language(reasons: Iterable[Reason], english: str, translate: Translate = gettext) -> str:
    """The stored English text in the active language, through the engine's structured
    reasons (``games.reasons``) when they say exactly that text; else ``english`` as it is (a
    grade stored before reasons were, or a kind that words its text otherwise)."""
    reasons = tuple(reasons)
    if reasons and explain(reasons) == english:
        return explain(reasons, translate)
    return english
