"""Django's ``makemessages`` that also extracts the engine's context marker.

``games.reasons.pgettext_noop(context, message)`` marks a message ID with its context (the
engine imports nothing of Django, and Django has no ``pgettext_noop``); without this keyword
``xgettext`` would skip it, and the catalogue would lack the ``msgctxt`` entry the site's
``translate`` looks up. This command takes the place of Django's (an app's command wins).
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=pgettext_noop:1c,2"]
