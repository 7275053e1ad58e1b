"""The bounded JSON decoder every JSON door uses (drills/api/json_input.py), as properties."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drills.api.json_input import MAX_JSON_DEPTH, JSONBodyError, load_object, nesting_depth
from games.money import ExponentNumber

SCALARS = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=40,
)


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


@given(VALUES)
def test_the_text_scan_measures_the_depth_of_the_value(value: Any) -> None:
    assert nesting_depth(json.dumps(value)) == depth(value)


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_body_is_an_object_or_a_body_error(raw: str | bytes) -> None:
    try:
        data = load_object(raw)
    except JSONBodyError:
        return
    assert isinstance(data, dict)


@given(st.integers(min_value=MAX_JSON_DEPTH + 1, max_value=20_000), st.sampled_from(["[", '{"a":']))
def test_too_deep_is_refused_before_decoding(levels: int, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    with pytest.raises(JSONBodyError, match="nested more than 32 levels deep"):
        load_object(opener * levels + "1" + closer * levels)


def test_numbers_keep_their_digits_and_exponents_are_marked() -> None:
    data = load_object('{"plain": 10.10, "exp": 1e3, "int": 7}')
    assert data == {"plain": Decimal("10.10"), "exp": Decimal(1000), "int": 7}
    assert str(data["plain"]) == "10.10"
    assert isinstance(data["exp"], ExponentNumber)
    assert not isinstance(data["plain"], ExponentNumber)


@pytest.mark.parametrize("raw", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}'])
def test_non_json_constants_are_refused(raw: str) -> None:
    with pytest.raises(JSONBodyError, match="not valid JSON"):
        load_object(raw)


def test_the_size_limit_counts_bytes() -> None:
    with pytest.raises(JSONBodyError, match="larger than 10 bytes"):
        load_object('{"a": "ééé"}', max_bytes=10)
