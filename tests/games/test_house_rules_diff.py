"""The diff between two rule sets of a game: the settings that differ, with their rule and
their old and new values as canonical text."""

from __future__ import annotations

import pytest

from games.house_rules import Change, diff
from games.registry import GAMES, rules_class
from games.rule_settings import SETTINGS, setting_info

CASES = [
    # game, old values, new values, expected changes
    ("blackjack", {}, {}, ()),
    ("blackjack", {}, {"decks": 6}, ()),  # the default written out changes nothing
    ("blackjack", {}, {"blackjack_pays": "6 to 5"}, (Change("blackjack_pays", "BJ-5", "3:2", "6:5"),)),
    ("blackjack", {"blackjack_pays": "6:5"}, {}, (Change("blackjack_pays", "BJ-5", "6:5", "3:2"),)),
    (
        "blackjack",
        {},
        {"dealer_hits_soft_17": True, "double_after_split": False, "max_hands": 3},
        (
            Change("dealer_hits_soft_17", "BJ-8", "no", "yes"),
            Change("max_hands", "BJ-S2", "4", "3"),
            Change("double_after_split", "BJ-D2", "yes", "no"),
        ),
    ),
    ("jack-switch", {}, {"dealer_hits_soft_17": False}, (Change("dealer_hits_soft_17", "JS-5", "yes", "no"),)),
    (
        "jack-switch",
        {},
        {"super_match": {"one-pair": "1:1", "three-of-a-kind": "5:1", "two-pairs": "8:1", "four-of-a-kind": "50:1"}},
        (Change("super_match", "JS-SM", "four-of-a-kind 40:1, one-pair 1:1, three-of-a-kind 5:1, two-pairs 8:1",
                "four-of-a-kind 50:1, one-pair 1:1, three-of-a-kind 5:1, two-pairs 8:1"),),
    ),
    ("pai-gow", {}, {"collection_fee": "0.5"}, (Change("collection_fee", "PG-F", "0.00", "0.50"),)),
    ("pai-gow", {"collection_fee": "1"}, {"collection_fee": "1.00"}, ()),  # same amount, other spelling
    (
        "over-under-26",
        {},
        {"bonus_pay_table": {"26": "50:1", "joker": "2:1"}},
        (Change("bonus_pay_table", "OU-10", "none", "26 50:1, joker 2:1"),),
    ),
    ("over-under-26", {"win_return_multiple": 5}, {}, (Change("win_return_multiple", "OU-W", "5", "4"),)),
]


@pytest.mark.parametrize(("game", "old", "new", "expected"), CASES)
def test_diff(game: str, old: dict[str, object], new: dict[str, object], expected: tuple[Change, ...]) -> None:
    cls = rules_class(game)
    assert diff(cls.from_mapping(old), cls.from_mapping(new)) == expected


def test_a_pay_table_reads_in_one_canonical_order_whatever_order_it_was_typed_in() -> None:
    cls = rules_class("jack-switch")
    typed = {"same-suit-pair": "25:1", "different-colour-pair": "5:1", "same-colour-pair": "10:1"}
    (change,) = diff(cls(), cls.from_mapping({"pair_bonus": typed}))
    assert change == Change(
        "pair_bonus", "JS-PB",
        "different-colour-pair 5:1, same-colour-pair 10:1, same-suit-pair 30:1",
        "different-colour-pair 5:1, same-colour-pair 10:1, same-suit-pair 25:1",
    )


def test_diff_refuses_two_games() -> None:
    with pytest.raises(TypeError):
        diff(rules_class("blackjack")(), rules_class("jack-switch")())


@pytest.mark.parametrize("game", list(GAMES))
def test_every_setting_has_a_label_and_a_rule(game: str) -> None:
    for name in rules_class(game)().to_mapping():
        info = setting_info(game, name)
        assert name in SETTINGS[game], f"{game}.{name} has no label"
        assert "_" not in info.label
        assert info.label[0].isupper()
        assert info.rule_id, f"{game}.{name} cites no rule"
