"""The marker for translatable words of drill kinds (titles, descriptions, labels, choices).

Kinds are pure Python (no Django): they mark their English words with :func:`gettext_noop`
so ``manage.py update_catalogues`` puts them in every catalogue, and whoever shows them to a
person translates them there (templates: ``{% translate kind.title %}``; Python: Django's
``gettext``). Named like Django's marker, which ``makemessages`` extracts by name.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalogues; return it unchanged."""
    return message
