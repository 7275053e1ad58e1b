"""WSGI middleware: read a chunked request body, bounded, so that Django sees it.

A request sent with ``Transfer-Encoding: chunked`` has no ``Content-Length``. Gunicorn
decodes the chunks into ``wsgi.input``, but Django reads exactly ``CONTENT_LENGTH`` bytes
(none, when it is missing), so such a body used to arrive empty: a ruling asked with it
was answered as if nothing had been sent. This middleware reads at most
``MAX_REQUEST_BODY_BYTES + 1`` bytes of it and hands Django a body of known length. A
body over the limit keeps its (over-limit) length, so the usual checks refuse it: a 413
under ``/api/`` (``ApiErrorMiddleware``), Django's ``RequestDataTooBig`` on pages; the
rest of it is never read.

(The ASGI handler reads whole bodies whatever their framing; ``runserver``'s development
server does not decode chunks at all, so it is not the place to try this.)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def is_chunked(environ: dict[str, Any]) -> bool:
    encoding = str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
    return "chunked" in encoding and not environ.get("CONTENT_LENGTH")


class ChunkedBodyMiddleware:
    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if is_chunked(environ):
            body = environ["wsgi.input"].read(settings.MAX_REQUEST_BODY_BYTES + 1)
            environ = {**environ, "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body))}
        return self.app(environ, start_response)
