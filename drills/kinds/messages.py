"""The marker for translatable words of drill kinds (titles, descriptions, labels, choices).

Kinds are pure Python (no Django): they mark their English words with :func:`gettext_noop`
(the engine's marker, :func:`games.reasons.gettext_noop`) so ``manage.py update_catalogues``
puts them in every catalogue, and whoever shows them to a person translates them there
(templates: ``{% translate kind.title %}``; Python: Django's ``gettext``).
"""

from __future__ import annotations

from games.reasons import gettext_noop

__all__ = ["gettext_noop"]
