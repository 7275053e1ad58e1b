"""The one definition of an amount (games/money.py), table-driven, and as properties.

Every door's tests use the same table (tests/hostile.py); here it is checked against the
engine's parsers directly, including the rule-set values that hold money.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.errors import BetError, MoneyError, RuleSetError
from games.jack_switch.rules import JackSwitchRules, parse_limits
from games.money import MAX_AMOUNT, decimal_from_json, format_money, parse_money, parse_signed_money
from games.pai_gow.rules import PaiGowRules
from tests.hostile import bad_params, good_params


def decoded(amount_json: str) -> object:
    """The value as the site's JSON decoders hand it over (numbers with a fraction: Decimal)."""
    return json.loads(amount_json, parse_float=decimal_from_json)


@pytest.mark.parametrize("amount_json", bad_params())
def test_a_bad_amount_is_a_money_error(amount_json: str) -> None:
    with pytest.raises(MoneyError):
        parse_money(decoded(amount_json))


@pytest.mark.parametrize(("amount_json", "expected"), good_params())
def test_a_good_amount_is_read_to_the_cent(amount_json: str, expected: str) -> None:
    amount = parse_money(decoded(amount_json))
    assert format_money(amount) == expected
    assert amount == Decimal(expected)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1e30", "is not an amount: write digits 0-9 with at most two decimals"),
        (decoded("1e30"), "is not an amount: write digits 0-9"),
        (10**40, "is more than 1000000.00, the largest amount accepted"),
        ("1000000.01", "is more than 1000000.00"),
        ("1.005", "has more than two decimals"),
        ("-1", "is negative"),
        ("-0", "is negative"),
        ("１０", "is not an amount"),
        (1.5, "is a binary fraction, not an exact amount"),
        (None, "is not an amount: expected a string"),
    ],
)
def test_the_message_says_what_is_wrong(value: object, message: str) -> None:
    with pytest.raises(MoneyError, match=message.replace(".", r"\.")):
        parse_money(value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("-20", "-20.00"), ("−12.5", "-12.50"), (-3, "-3.00"), (decoded("-2.50"), "-2.50"), ("0", "0.00"),
     ("15", "15.00"), ("-1000000", "-1000000.00")],
)
def test_a_net_result_may_be_negative(value: object, expected: str) -> None:
    assert format_money(parse_signed_money(value)) == expected


@pytest.mark.parametrize(
    "value", ["-0", "-0.00", decoded("-0.0"), "- 5", "--5", "+5", "-1e3", "-1000000.01", "-１", f"-{'9' * 40}"]
)
def test_a_bad_net_result_is_a_money_error(value: object) -> None:
    with pytest.raises(MoneyError):
        parse_signed_money(value)


@given(st.text(max_size=60))
def test_any_text_is_an_amount_in_range_or_a_money_error(text: str) -> None:
    try:
        amount = parse_money(text)
    except MoneyError:
        return
    assert ZERO_TO_MAX[0] <= amount <= ZERO_TO_MAX[1]
    assert amount == amount.quantize(Decimal("0.01"))
    assert text.strip(" \t\r\n").replace(".", "", 1).isascii()


ZERO_TO_MAX = (Decimal(0), MAX_AMOUNT)


@given(st.integers(min_value=0, max_value=100_000_000))
def test_every_amount_in_range_reads_back_from_its_printed_form(cents: int) -> None:
    amount = Decimal(cents) / 100
    assert parse_money(format_money(amount)) == amount
    assert parse_signed_money(format_money(-amount)) == -amount


@given(st.integers(min_value=100_000_001, max_value=10**60))
def test_every_amount_over_the_ceiling_is_refused(cents: int) -> None:
    with pytest.raises(MoneyError, match="largest amount"):
        parse_money(f"{cents // 100}.{cents % 100:02d}")
    with pytest.raises(MoneyError, match="largest amount"):
        parse_money(cents // 100 + 1_000_000)


@given(st.decimals(allow_nan=True, allow_infinity=True))
def test_any_decimal_is_an_amount_or_a_money_error(value: Decimal) -> None:
    try:
        amount = parse_money(value)
    except MoneyError:
        return
    assert amount == value
    assert ZERO_TO_MAX[0] <= amount <= ZERO_TO_MAX[1]


# --- rule-set values that hold money ----------------------------------------------------

@pytest.mark.parametrize("amount_json", bad_params())
def test_a_bad_collection_fee_is_a_rule_set_error(amount_json: str) -> None:
    with pytest.raises(RuleSetError) as raised:
        PaiGowRules.from_mapping({"collection_fee": decoded(amount_json)})
    assert raised.value.setting == "collection_fee"


@pytest.mark.parametrize(
    "limits", ["25-1e30", "25-1e3", f"25-{'9' * 40}", "25-1_000", "２５-500", "25-1000000.01", "-0-500", "25-500.001"]
)
def test_bad_table_limits_are_a_bet_error(limits: str) -> None:
    with pytest.raises(BetError):
        parse_limits(limits)


def test_bad_bonus_limits_in_a_rule_set_are_a_rule_set_error() -> None:
    with pytest.raises(RuleSetError) as raised:
        JackSwitchRules.from_mapping({"bonus_limits": "25-1e30: 1-500"})
    assert raised.value.setting == "bonus_limits"
    assert parse_limits("25-1000000") == (Decimal("25.00"), Decimal("1000000.00"))
