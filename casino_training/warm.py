"""A web worker's start, done before its first request (``casino_training.wsgi``).

1. Every view module is imported and every language's catalogue loaded now, not by the first
   requests (which would otherwise pay for it, and allocate it among their own objects).
2. ``gc.freeze()`` then moves everything loaded into the garbage collector's permanent
   generation. A full collection walks every tracked object: with the ~140,000 objects of a
   started Django process that took ~100 ms, about once every 400 drill answers, and every
   request queued behind that worker waited for it (the answer endpoint's p99; issue 17).
   After the freeze a full collection walks only what requests left alive. A forked worker
   also keeps sharing those pages with its parent (the Python docs' advice for a prefork
   server).
"""

from __future__ import annotations

import gc

from django.conf import settings
from django.urls import get_resolver
from django.utils import translation


def warm_up() -> None:
    """Load the views and the catalogues, then freeze what is loaded (see the module's text)."""
    get_resolver().url_patterns  # noqa: B018 (imports every URLconf and view module)
    for code, _ in settings.LANGUAGES:
        with translation.override(code):  # activating a language loads its catalogue
            pass
    gc.collect()
    gc.freeze()
