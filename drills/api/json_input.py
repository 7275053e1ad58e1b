"""The one way the site decodes a JSON request body: bounded, numbers as ``Decimal``.

Every JSON body goes through :func:`load_object` (the DRF parser of the API and the
rulings door, both doors of it), so every JSON door refuses the same things with the
same message, a 400 naming ``body``:

- more than :data:`MAX_JSON_DEPTH` levels of nesting: checked on the raw text before
  decoding, because Python's decoder recurses and a body 1,100 levels deep raised
  ``RecursionError`` (a 500) before any view code ran;
- more bytes than the caller's limit (``MAX_REQUEST_BODY_BYTES`` on the web doors; the
  command line has no web server in front of it);
- text that is not UTF-8 JSON, ``NaN``/``Infinity`` (not JSON), or a top level that is
  not an object (every body of the API is an object of fields).

Numbers with a fraction or an exponent become ``Decimal`` (never float), through
:func:`games.money.decimal_from_json`, so that money keeps its cents and an exponent form
(``1e30``) can be refused by the field that holds it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from games.money import decimal_from_json

MAX_JSON_DEPTH: Final = 32
"""Deepest nesting accepted (objects and arrays). The deepest body of any door is about
five levels (a pai gow table: body, hands, position, high, card); 32 leaves room."""

BODY_FIELD: Final = "body"

# Strings are removed before brackets are counted: "[[[" inside a string is text.
_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET: Final = re.compile(r"[\[\]{}]")


class JSONBodyError(ValueError):
    """The body is refused; the message says why (the door names the field ``body``)."""


def nesting_depth(text: str, *, stop_after: int | None = None) -> int:
    """How deeply ``text``'s objects and arrays nest (0 for a bare value).

    Counting stops as soon as the depth passes ``stop_after``.

    >>> nesting_depth('{"a": [1, {"b": "[[[["}]}'), nesting_depth("7")
    (3, 0)
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_after is not None and deepest > stop_after:
                    break
        else:
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_object(raw: bytes | str, *, max_bytes: int | None = None) -> dict[str, Any]:
    """Decode a request body that must be a JSON object; raise :class:`JSONBodyError`.

    >>> load_object(b'{"bet": 10.50, "n": 3}')
    {'bet': Decimal('10.50'), 'n': 3}
    >>> load_object("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    drills.api.json_input.JSONBodyError: nested more than 32 levels deep
    """
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if max_bytes is not None and size > max_bytes:
        raise JSONBodyError(f"larger than {max_bytes} bytes")
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONBodyError("not valid JSON: the body is not UTF-8 text") from None
    else:
        text = raw
    if nesting_depth(text, stop_after=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise JSONBodyError(f"nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_float=decimal_from_json, parse_constant=_refuse_constant)
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise JSONBodyError(f"nested more than {MAX_JSON_DEPTH} levels deep") from None
    except ValueError as error:
        raise JSONBodyError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise JSONBodyError("must be a JSON object")
    return data
