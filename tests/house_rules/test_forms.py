"""The house-rules editor's form, valid and invalid inputs per game (table-driven): every
refusal is the named setting's form error, never an exception."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from drills.house_rules.forms import ChangeForm, RuleValuesForm, field_views
from drills.house_rules.presenters import setting_text
from drills.models import RuleSet
from games.house_rules import PayTable
from games.money import Ratio
from games.registry import GAMES, rules_class
from tests.house_rules.forms_support import form_data

FORTY_NINES = "9" * 40

VALID: list[tuple[str, dict[str, Any], str, object]] = [
    ("blackjack", {}, "blackjack_pays", Ratio(3, 2)),
    ("blackjack", {"blackjack_pays": "6:5"}, "blackjack_pays", Ratio(6, 5)),
    ("blackjack", {"blackjack_pays": " 3 to 2 "}, "blackjack_pays", Ratio(3, 2)),
    ("blackjack", {"blackjack_pays": "2"}, "blackjack_pays", Ratio(2, 1)),
    ("blackjack", {"dealer_hits_soft_17": True}, "dealer_hits_soft_17", True),
    ("blackjack", {"double_after_split": False}, "double_after_split", False),
    ("blackjack", {"decks": "8"}, "decks", 8),
    ("jack-switch", {"dealer_hits_soft_17": False}, "dealer_hits_soft_17", False),
    (
        "jack-switch",
        {"super_match": [("one-pair", "1:1"), ("four-of-a-kind", "50:1"), ("", "")]},
        "super_match",
        PayTable.from_mapping({"one-pair": "1:1", "four-of-a-kind": "50:1"}),
    ),
    ("jack-switch", {"bonus_limits": "10-200: 1-100"}, "bonus_limits", "10-200: 1-100"),
    ("over-under-26", {"win_return_multiple": "3"}, "win_return_multiple", 3),
    ("over-under-26", {}, "bonus_pay_table", None),
    ("over-under-26", {"bonus_pay_table": [("", ""), ("", "")]}, "bonus_pay_table", None),
    (
        "over-under-26",
        {"bonus_pay_table": [("8", "250:1"), ("joker", "2:1"), ("", "")]},
        "bonus_pay_table",
        PayTable.from_mapping({"8": "250:1", "joker": "2:1"}),
    ),
    ("pai-gow", {"collection_fee": "1.50"}, "collection_fee", Decimal("1.50")),
    ("pai-gow", {"collection_fee": "0"}, "collection_fee", Decimal("0.00")),
    ("pai-gow", {"house_way": "pg-h"}, "house_way", "pg-h"),
    ("pai-gow", {"wheel_lowest_straight": False}, "wheel_lowest_straight", False),
]


@pytest.mark.parametrize(("game", "changes", "setting", "expected"), VALID)
def test_valid_values_become_the_engines_rules(game, changes, setting, expected):
    form = RuleValuesForm(rules_class(game), form_data(game, **changes))
    assert form.is_valid(), form.errors
    assert getattr(form.rules, setting) == expected


INVALID: list[tuple[str, dict[str, Any], str, str]] = [
    ("blackjack", {"blackjack_pays": "1e30"}, "blackjack_pays", "digits 0-9"),
    ("blackjack", {"blackjack_pays": "\uff13:2"}, "blackjack_pays", "digits 0-9"),  # fullwidth 3
    ("blackjack", {"blackjack_pays": "3:0"}, "blackjack_pays", "at least 1"),
    ("blackjack", {"blackjack_pays": f"{FORTY_NINES}:1"}, "blackjack_pays", "digits 0-9"),
    ("blackjack", {"blackjack_pays": "0:1"}, "blackjack_pays", "BJ-5"),
    ("blackjack", {"blackjack_pays": "-3:2"}, "blackjack_pays", "digits 0-9"),
    ("blackjack", {"blackjack_pays": ""}, "blackjack_pays", "required"),
    ("blackjack", {"decks": "-0"}, "decks", "whole number"),
    ("blackjack", {"decks": "\u0666"}, "decks", "whole number"),  # Arabic-Indic 6
    ("blackjack", {"decks": FORTY_NINES}, "decks", "whole number"),
    ("blackjack", {"decks": "1e30"}, "decks", "whole number"),
    ("blackjack", {"decks": "9"}, "decks", "BJ-1"),
    ("blackjack", {"max_hands": "0"}, "max_hands", "BJ-S2"),
    ("jack-switch", {"super_match": []}, "super_match", "at least one row"),
    ("jack-switch", {"super_match": [("", "")]}, "super_match", "at least one row"),
    ("jack-switch", {"super_match": [("one-pair", "")]}, "super_match", "row 1"),
    ("jack-switch", {"super_match": [("royal-match", "5:1")]}, "super_match", "not one of"),
    ("jack-switch", {"pair_bonus": [("same-suit-pair", "3:0")]}, "pair_bonus", "row 1"),
    ("jack-switch", {"pair_bonus": [("same-suit-pair", "1e30")]}, "pair_bonus", "row 1"),
    ("jack-switch", {"bonus_limits": "10-200: 200-1"}, "bonus_limits", "JS-L"),
    ("jack-switch", {"bonus_limits": ""}, "bonus_limits", "required"),
    ("over-under-26", {"win_return_multiple": "1"}, "win_return_multiple", "OU-W"),
    ("over-under-26", {"win_return_multiple": "4.5"}, "win_return_multiple", "whole number"),
    ("over-under-26", {"bonus_pay_table": [("8", "")]}, "bonus_pay_table", "row 1"),
    ("over-under-26", {"bonus_pay_table": [("", "5:1")]}, "bonus_pay_table", "row 1"),
    ("over-under-26", {"bonus_pay_table": [("45", "5:1")]}, "bonus_pay_table", "not one of"),
    ("over-under-26", {"bonus_pay_table": [("8", "5:1"), ("8", "6:1")]}, "bonus_pay_table", "row 2: Total 8 is listed"),
    ("over-under-26", {"bonus_pay_table": [("9", f"{FORTY_NINES}:1")]}, "bonus_pay_table", "row 1"),
    ("pai-gow", {"collection_fee": "1e30"}, "collection_fee", "not an amount"),
    ("pai-gow", {"collection_fee": "-0"}, "collection_fee", "negative"),
    ("pai-gow", {"collection_fee": "\u0661"}, "collection_fee", "not an amount"),
    ("pai-gow", {"collection_fee": FORTY_NINES}, "collection_fee", "largest amount"),
    ("pai-gow", {"collection_fee": "0.505"}, "collection_fee", "two decimals"),
    ("pai-gow", {"house_way": "commerce"}, "house_way", "valid choice"),
]


@pytest.mark.parametrize(("game", "changes", "setting", "message"), INVALID)
def test_invalid_values_are_the_named_settings_error(game, changes, setting, message):
    form = RuleValuesForm(rules_class(game), form_data(game, **changes))
    assert not form.is_valid()
    assert set(form.errors) == {setting}
    assert message in " ".join(form.errors[setting])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_setting_has_a_field_with_a_label_a_rule_id_and_help(game):
    cls = rules_class(game)
    form = RuleValuesForm(cls)
    views = field_views(form)
    assert [view.field.name for view in views] == list(cls().to_mapping())
    for view in views:
        assert view.rule_id, view.field.name
        assert view.field.help_text
        assert "_" not in str(view.field.label)


def test_rule_ids_are_each_games_own():
    jack_switch = rules_class("jack-switch")
    assert setting_text(jack_switch, "blackjack_pays").rule_id == "JS-3"
    assert setting_text(jack_switch, "dealer_hits_soft_17").rule_id == "JS-5"
    assert setting_text(rules_class("blackjack"), "dealer_hits_soft_17").rule_id == "BJ-8"


def test_a_new_setting_gets_a_field_without_new_form_code():
    from dataclasses import dataclass

    from games.house_rules import HouseRules

    @dataclass(frozen=True)
    class FutureRules(HouseRules):
        table_minimum: Decimal = Decimal("5.00")
        side_pays: Ratio | None = None

    form = RuleValuesForm(FutureRules, {"table_minimum": "10", "side_pays": ""})
    assert form.is_valid(), form.errors
    assert form.rules == FutureRules(table_minimum=Decimal("10.00"), side_pays=None)
    assert form.fields["table_minimum"].label == "Table minimum"


@pytest.mark.django_db
def test_values_to_store_keep_only_what_the_property_sets():
    form = RuleValuesForm(rules_class("blackjack"), form_data("blackjack", blackjack_pays="6:5", decks="6"))
    assert form.is_valid()
    assert form.values_to_store({}) == {"blackjack_pays": "6:5"}
    assert form.values_to_store({"decks": 6}) == {"blackjack_pays": "6:5", "decks": 6}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"change-reason": "", "change-effective_from": "2026-12-01", "change-name": "x"}, "reason"),
        ({"change-reason": "ok", "change-effective_from": "yesterday", "change-name": "x"}, "effective_from"),
        ({"change-reason": "ok", "change-effective_from": "2026-12-01", "change-name": ""}, "name"),
    ],
)
def test_the_change_needs_a_reason_a_date_and_a_name(data, field):
    form = ChangeForm(data, rule_set=RuleSet(pk=1, name="x", game="blackjack"))
    assert not form.is_valid()
    assert field in form.errors
