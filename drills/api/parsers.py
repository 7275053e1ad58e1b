"""The API's JSON parser: :func:`drills.api.json_input.load_object` behind DRF's interface.

DRF's own ``JSONParser`` decodes numbers as floats and recurses without a bound (a body
nested 1,100 levels deep was a 500); this one is bounded and keeps money exact. A refused
body raises DRF's ``ParseError``, which the API's error handler reports under ``body``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from drills.api.json_input import JSONBodyError, load_object


class JSONBodyParser(BaseParser):
    media_type = "application/json"

    def parse(
        self, stream: IO[bytes] | None, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        limit = settings.MAX_REQUEST_BODY_BYTES
        raw = stream.read(limit + 1) if stream is not None else b""
        try:
            return load_object(raw, max_bytes=limit)
        except JSONBodyError as error:
            raise ParseError(str(error)) from None
