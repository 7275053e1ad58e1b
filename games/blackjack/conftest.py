"""Doctests of this package have ``parse_hand`` ("AS KD" -> cards) in their namespace."""

from typing import Any

import pytest

from games.blackjack.hand import parse_hand


@pytest.fixture(autouse=True)
def _doctest_parse_hand(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["parse_hand"] = parse_hand
