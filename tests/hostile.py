"""Hostile and valid amounts, one table for every door (engine, rulings, drills, exams, pages).

Each amount is the JSON text of the value, so that a JSON number (``1e30``, forty 9s) is
sent as a number and not as a string; :func:`with_amount` puts it into a body.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

NINES = "9" * 40

# (JSON text of the value, why it is refused)
BAD_AMOUNTS: list[tuple[str, str]] = [
    ('"1e30"', "exponent, as text"),
    ("1e30", "exponent, a JSON number"),
    ('"1e26"', "exponent at the old overflow"),
    ("1E3", "small exponent, a JSON number"),
    ('"1e3"', "small exponent, as text"),
    (f'"{NINES}"', "forty 9s, as text"),
    (NINES, "forty 9s, a JSON number"),
    ('"1000000.01"', "a cent over the ceiling"),
    ("1000001", "over the ceiling, a JSON number"),
    ('"1_000"', "digit separator _"),
    ('"1,000"', "digit separator ,"),
    ('"１０"', "fullwidth digits"),
    ('"٣٥"', "Arabic-Indic digits"),
    ('"-0"', "negative zero, as text"),
    ("-0.00", "negative zero, a JSON number"),
    ('"-1"', "negative"),
    ("-1", "negative, a JSON number"),
    ('"1.005"', "three decimals"),
    ("10.500", "three decimals, a JSON number"),
    ('"NaN"', "not a number"),
    ('"Infinity"', "infinity"),
    ('"+5"', "a plus sign"),
    ('"0x10"', "hexadecimal"),
    ('"10."', "a point without cents"),
    ('"ten"', "words"),
    ('""', "empty"),
    ("true", "a boolean"),
    ("[10]", "a list"),
]

# (JSON text of the value, the amount it is)
GOOD_AMOUNTS: list[tuple[str, str]] = [
    ('"10"', "10.00"),
    ("10", "10.00"),
    ('"10.5"', "10.50"),
    ("10.5", "10.50"),
    ("10.25", "10.25"),
    ('" 10.50 "', "10.50"),
    ('"007"', "7.00"),
    ('"1000000"', "1000000.00"),
    ("1000000.00", "1000000.00"),
]

PLACEHOLDER = "__AMOUNT__"

REFUSALS = ("is not an amount", "the largest amount accepted", "is negative", "has more than two decimals",
            "a zero result takes no sign", "this field is required")
"""What a refusal of an amount says: games.money's messages, and the answer forms' for a blank."""


def says_why(text: str) -> bool:
    """Whether a page or a message says why an amount was refused."""
    return any(reason in text for reason in REFUSALS)


def with_amount(body: Any, amount_json: str) -> str:
    """``body`` as JSON text with every ``"__AMOUNT__"`` replaced by ``amount_json``."""
    return json.dumps(body, ensure_ascii=False).replace(json.dumps(PLACEHOLDER), amount_json)


NEGATIVE = frozenset({'"-1"', "-1"})
"""The bad amounts a net result (a signed field) accepts."""


def bad_params(*, signed: bool = False) -> list[Any]:
    return [pytest.param(text, id=why) for text, why in BAD_AMOUNTS if not (signed and text in NEGATIVE)]


def good_params() -> list[Any]:
    return [pytest.param(text, expected, id=text) for text, expected in GOOD_AMOUNTS]


def deep_json(levels: int = 1100) -> str:
    """An object nested ``levels`` deep: ``{"a": {"a": ... }}``."""
    return '{"a": ' * levels + "1" + "}" * levels
