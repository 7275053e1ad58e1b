"""Where two house ways disagree (games.pai_gow.house_ways.compare): the pure comparison,
the seeded generator of hands they set differently, and bad input naming its field."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import ALL_CARDS, JOKER, parse_cards
from games.errors import RuleSetError
from games.pai_gow import DECK, HOUSE_WAYS, PaiGowRules, SettingError, house_way, rank_hand
from games.pai_gow.house_ways.compare import disagreeing_hands, settings_differ
from games.pai_gow.house_ways.pg_h import Thresholds, variant


def cards(tokens):
    return parse_cards(tokens.split())


@pytest.mark.parametrize(
    ("hand", "differ"),
    [
        ("JS JH 4D 4C AS 9H 2C", True),  # two pair: PG-H splits, Bally's keeps with the Ace
        ("AS KD QH JC JK 5S 3D", True),  # the Ace-high joker straight
        ("KS KH 6S 6H JK QD 9C", True),  # a joker full house
        ("KS QH 9D 7C 5S 3H 2D", False),  # no pair: both the same
        ("QS QH 9D 7C 5S 3H 2D", False),  # one pair
        ("9S 9H 7D 7C AS 5H 2C", False),  # two mid pairs with an Ace: both keep
        ("6D 7D 8H 9C 9D 9S TH", False),  # trips with a straight
    ],
)
def test_settings_differ_on_worked_hands(hand, differ):
    assert settings_differ("pg-h", "ballys-ac", cards(hand)) is differ
    assert settings_differ("ballys-ac", "pg-h", cards(hand)) is differ
    assert settings_differ(HOUSE_WAYS["pg-h"], HOUSE_WAYS["ballys-ac"], cards(hand)) is differ


def test_settings_that_only_exchange_cards_of_one_rank_do_not_differ():
    # same hands in value: a way is compared with itself, and with a variant that agrees here
    same = variant("same", "PG-H again", Thresholds())
    for hand in ("6D 7D 8H 9C 9D 9S TH", "JK 9C 4C 2C QC QD QS"):
        assert not settings_differ("pg-h", same, cards(hand))
        assert not settings_differ("ballys-ac", "ballys-ac", cards(hand))


def test_the_wheel_setting_is_passed_on():
    hand = cards("JS JH 4D 4C AS 9H 2C")
    assert settings_differ("pg-h", "ballys-ac", hand, wheel_lowest_straight=False)


EVERY_CARD = [*ALL_CARDS, JOKER]
seven_cards = st.lists(st.sampled_from(EVERY_CARD), min_size=7, max_size=7).filter(DECK.can_hold)


@settings(max_examples=200, deadline=None)
@given(st.data(), seven_cards)
def test_settings_differ_is_a_function_of_the_seven_cards(data, hand):
    reordered = data.draw(st.permutations(hand))
    assert settings_differ("pg-h", "ballys-ac", reordered) == settings_differ("pg-h", "ballys-ac", hand)
    a = house_way(hand, PaiGowRules())
    b = house_way(hand, PaiGowRules(house_way="ballys-ac"))
    values = [(rank_hand(result.setting.high), rank_hand(result.setting.low)) for result in (a, b)]
    assert settings_differ("pg-h", "ballys-ac", hand) == (values[0] != values[1])


def test_disagreeing_hands_are_seeded_distinct_and_really_disagree():
    found = disagreeing_hands("pg-h", "ballys-ac", 20, seed=7)
    assert len(found) == 20
    assert len({tuple(sorted(map(str, item.cards))) for item in found}) == 20
    for item in found:
        assert settings_differ("pg-h", "ballys-ac", item.cards)
        assert item.a == house_way(item.cards, PaiGowRules())
        assert item.b == house_way(item.cards, PaiGowRules(house_way="ballys-ac"))
        assert item.b.explanation.startswith("Bally's way step")
    again = disagreeing_hands("pg-h", "ballys-ac", 20, seed=7)
    assert [item.cards for item in again] == [item.cards for item in found]
    assert [item.cards for item in disagreeing_hands("pg-h", "ballys-ac", 20, seed=8)] != [
        item.cards for item in found
    ]


def test_disagreeing_hands_cover_many_steps_and_jokers():
    found = disagreeing_hands("pg-h", "ballys-ac", 200, seed=1)
    assert len(found) == 200
    steps = {item.b.step.split("-")[0] for item in found}
    assert {"2", "3", "4", "6"} <= steps
    assert any(JOKER in item.cards for item in found)


def test_ways_that_never_disagree_give_no_hands():
    assert disagreeing_hands("pg-h", "pg-h", 3, seed=1) == []
    assert disagreeing_hands("pg-h", "ballys-ac", 0, seed=1) == []


def test_bad_input_names_its_field():
    with pytest.raises(RuleSetError, match="way_b"):
        settings_differ("pg-h", "commerce", cards("JS JH 4D 4C AS 9H 2C"))
    with pytest.raises(RuleSetError, match="way_a"):
        disagreeing_hands("nope", "pg-h", 3, seed=1)
    with pytest.raises(SettingError, match="seven cards"):
        settings_differ("pg-h", "ballys-ac", cards("JS JH 4D 4C AS 9H"))
    with pytest.raises(ValueError, match="count"):
        disagreeing_hands("pg-h", "ballys-ac", -1, seed=1)
