"""Pai Gow play: fouls (PG-12, PG-13, PG-17, PG-18), showdown (PG-C, PG-F, PG-16), table
settlement (PG-1), dice and the Action button (PG-3, PG-4), deal procedures (PG-5 – PG-8)
and the rule set."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import parse_card
from games.errors import MoneyError, RuleSetError
from games.pai_gow import (
    BoxedCard,
    DealerHandOpenedEarly,
    DealEventError,
    DealRuling,
    DiceError,
    ExposedCard,
    PaiGowRules,
    PositionError,
    Result,
    Setting,
    SettingError,
    TableHand,
    Winner,
    WrongSpots,
    check_foul,
    may_reset_player_dealer,
    payment_order,
    player_dealer_setting,
    read_dice,
    roll,
    rule_deal,
    settle_table,
    showdown,
)

DEFAULT = PaiGowRules()
FEE = PaiGowRules(collection_fee=Decimal("1.00"))
D = Decimal

# --- fouls -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("high", "low", "fouled", "rules"),
    [
        pytest.param("KS KH 9D 7C 5H", "AS AH", True, ("PG-12", "PG-R"), id="PG-12-pair-over-pair"),
        pytest.param("AS KH 9D 7C 5H", "QS QH", True, ("PG-12", "PG-R"), id="PG-12-pair-over-high-card"),
        pytest.param("AS QH 9D 7C 5H", "KS 2H", False, ("PG-12", "PG-R"), id="PG-12-ace-high-back"),
        pytest.param("AS QH JD 9C 5H", "AD KH", True, ("PG-12", "PG-R"), id="PG-12-AK-over-AQ"),
        pytest.param("AS KH 9D 7C 5H", "AD KS", False, ("PG-12", "PG-R"), id="PG-12-equal-start-not-higher"),
        pytest.param("AS AH 9D 7C 5H", "AD AC", False, ("PG-12", "PG-R"), id="PG-12-same-pair-not-higher"),
        pytest.param("KS KH 9D 7C 5H", "JK 8H", False, ("PG-12", "PG-R", "PG-J"), id="PG-J-joker-pairs-8"),
        pytest.param("KS KH 9D 7C 5H", "JK JK", True, ("PG-12", "PG-R", "PG-J"), id="PG-J-two-jokers-are-aces"),
        pytest.param("KS KH 9D 7C", "5H AS AH", True, ("PG-13",), id="PG-13-four-three"),
        pytest.param("KS KH 9D 7C 5H AS", "AH", True, ("PG-13",), id="PG-13-six-one"),
        pytest.param("KS KH", "9D 7C 5H AS AH", True, ("PG-13",), id="PG-13-five-in-front"),
        pytest.param("KS KH 9D 7C 5H AS AH", "", True, ("PG-13",), id="PG-13-seven-nothing"),
    ],
)
def test_fouls(high, low, fouled, rules):
    check = check_foul(Setting.of(high, low))
    assert check.fouled is fouled
    assert check.rules == rules
    assert rules[0] in check.reason


@pytest.mark.parametrize(
    ("high", "low", "error"),
    [
        ("KS KH 9D 7C 5H", "AS", "seven cards, not 6"),
        ("KS KH 9D 7C 5H", "AS KS", "KS appears 2 times"),
        ("KS KH 9D 7C 5H", "JK JK JK", "seven cards, not 8"),
        ("KS KH 9D JK JK", "JK AS", "JK appears 3 times"),
    ],
)
def test_impossible_settings(high, low, error):
    with pytest.raises(SettingError, match=error):
        check_foul(Setting.of(high, low))


def test_PG_17_the_player_dealer_is_never_fouled():
    played, applied = player_dealer_setting(Setting.of("KS KH 9D 7C 5H", "AS AH"))
    assert applied == ("PG-17", "PG-H")
    assert not check_foul(played).fouled
    assert sorted(map(str, played.low)) == ["KH", "KS"]  # two pair A/K: split, the Kings in front (PG-H step 6)
    unchanged = Setting.of("AS AH 9D 7C 5H", "KS KH")
    assert player_dealer_setting(unchanged) == (unchanged, ())


@pytest.mark.parametrize(
    ("current", "proposed", "payoffs_started", "allowed"),
    [
        (("9S 9H 4D KH 2C", "4C AS"), ("9S 9H 4D 4C 2C", "AS KH"), False, True),  # both hands improve
        (("9S 9H 4D KH 2C", "4C AS"), ("9S 9H 4D 4C 2C", "AS KH"), True, False),  # payoffs started
        (("9S 9H 4D 4C 2C", "AS KH"), ("9S 9H 4D KH 2C", "4C AS"), False, False),  # both get worse
        (("9S 9H 4D 4C KH", "AS 2C"), ("9S 9H 4D 4C 2C", "AS KH"), False, False),  # only the front improves
    ],
)
def test_PG_18_reset_of_the_player_dealer(current, proposed, payoffs_started, allowed):
    result, applied = may_reset_player_dealer(Setting.of(*current), Setting.of(*proposed), payoffs_started)
    assert result is allowed
    assert applied[0] == "PG-18"


def test_PG_18_needs_the_same_seven_cards():
    with pytest.raises(SettingError):
        may_reset_player_dealer(Setting.of("9S 9H 4D KH 2C", "4C AS"), Setting.of("9S 9H 4D KH 2C", "4C AD"), False)


# --- showdown ------------------------------------------------------------------------------

BANKER = Setting.of("QS QH 8D 6C 3H", "KS 9H")  # pair of Queens / King-9


@pytest.mark.parametrize(
    ("player", "high", "low", "result", "win", "first_rule"),
    [
        pytest.param(("AS AH 9D 7C 5H", "KD JC"), "player", "player", "win", "10.00", "PG-C", id="PG-C-wins-both"),
        pytest.param(("AS AH 9D 7C 5H", "KD 2C"), "player", "banker", "push", "0.00", "PG-C", id="PG-C-one-each"),
        pytest.param(("AS AH 9D 7C 5H", "KC 9C"), "player", "copy", "push", "0.00", "PG-C", id="PG-C-copy-low"),
        pytest.param(("QD QC 8S 6D 3C", "KH 9C"), "copy", "copy", "lose", "-10.00", "PG-C", id="PG-C-copies-lose"),
        pytest.param(("QD QC 8S 6D 3C", "AD JC"), "copy", "player", "push", "0.00", "PG-C", id="PG-C-copy-high"),
        pytest.param(("2S 2H 4D 7S 5D", "TD 3C"), "banker", "banker", "lose", "-10.00", "PG-C", id="PG-C-loses-both"),
        pytest.param(("2S 3D 5C 7H 9S", "AS AH"), "banker", "banker", "foul", "-10.00", "PG-12", id="PG-12-foul"),
        pytest.param(("2S 3D 5C 7H", "9S AS AH"), "banker", "banker", "foul", "-10.00", "PG-13", id="PG-13-foul"),
        pytest.param(("JK AH 9D 7C 5H", "KD JC"), "player", "player", "win", "10.00", "PG-C", id="PG-J-joker"),
    ],
)
def test_showdown(player, high, low, result, win, first_rule):
    outcome = showdown(Setting.of(*player), BANKER, D("10"))
    assert (outcome.high.value, outcome.low.value, outcome.result.value) == (high, low, result)
    assert str(outcome.win) == win
    assert outcome.rules[0] == first_rule


def test_PG_C_a_joker_hand_equal_to_the_player_dealers_is_a_copy():
    banker = Setting.of("AS AC 9S 7S 5D", "KS 9H")
    outcome = showdown(Setting.of("JK AH 9D 7C 5H", "KD 2C"), banker, D("10"))
    assert outcome.high is Winner.COPY  # the joker pairs the Ace: A A 9 7 5 both
    assert outcome.result is Result.LOSE


def test_PG_16_hands_play_at_their_true_value():
    # four spades and a heart is no flush, whatever was announced: the cards speak
    outcome = showdown(Setting.of("AS KS 9S 5S 2H", "QC JD"), Setting.of("3S 3H 8D 6C 4H", "KH 9H"), D("10"))
    assert outcome.high is Winner.BANKER
    assert "PG-16" in outcome.rules


def test_PG_17_a_fouled_player_dealer_hand_is_reset_before_the_showdown():
    banker = Setting.of("KS KH 9D 7C 5H", "AS AH")  # fouled: set the house way, KK front, AA back
    outcome = showdown(Setting.of("QS QH JD TC 8S", "QD 2C"), banker, D("10"))
    assert outcome.banker_reset
    assert sorted(map(str, outcome.banker.low)) == ["KH", "KS"]
    assert outcome.result is Result.LOSE
    assert outcome.rules[:3] == ("PG-C", "PG-17", "PG-H")


@pytest.mark.parametrize(
    ("player", "bet", "win"),
    [
        (("AS AH 9D 7C 5H", "KD JC"), "10", "9.00"),  # win 10, fee 1
        (("AS AH 9D 7C 5H", "KD 2C"), "10", "-1.00"),  # push: the fee only
        (("2S 2H 4D 7S 5D", "TD 3C"), "10", "-11.00"),  # loss and fee
        (("2S 3D 5C 7H 9S", "AS AH"), "10", "-11.00"),  # foul and fee
        (("AS AH 9D 7C 5H", "KD JC"), "0", "0.00"),  # nothing in action: no fee
    ],
)
def test_PG_F_the_collection_fee_is_part_of_the_win(player, bet, win):
    outcome = showdown(Setting.of(*player), BANKER, D(bet), FEE)
    assert str(outcome.win) == win
    assert ("PG-F" in outcome.rules) is (bet != "0")


def test_showdown_refuses_a_card_in_both_hands_and_a_negative_bet():
    with pytest.raises(SettingError, match="across the hands"):
        showdown(Setting.of("QS 2H 4D 7S 5D", "TD 3C"), BANKER, D("10"))
    with pytest.raises(MoneyError):
        showdown(Setting.of("AS AH 9D 7C 5H", "KD JC"), BANKER, D("-1"))


# --- table (PG-1) ----------------------------------------------------------------------------

HANDS = {
    2: Setting.of("AS AH 9D 7C 5H", "KD JC"),  # wins both
    3: Setting.of("2S 2H 4D 7S 5D", "TD 3C"),  # loses both
    6: Setting.of("JS JH TS 9S 4C", "8H 8C"),  # one each: push
    7: Setting.of("3S 3D 6S 6D 2C", "AD KC"),  # wins both
}


def table(bets, bank, action, rules=DEFAULT, banker=BANKER):
    hands = [TableHand(position, HANDS[position], D(bet)) for position, bet in bets.items()]
    return settle_table(banker, D(bank), action, hands, rules)


def test_PG_1_covered_in_order_from_the_action_button():
    settlement = table({2: "30", 3: "30", 6: "30", 7: "30"}, "70", 6)
    rows = [(h.position, str(h.covered), str(h.returned), h.result.value, str(h.win)) for h in settlement.hands]
    assert rows == [
        (6, "30.00", "0.00", "push", "0.00"),
        (7, "30.00", "0.00", "win", "30.00"),
        (2, "10.00", "20.00", "win", "10.00"),
        (3, "0.00", "30.00", "lose", "0.00"),  # nothing covered: nothing lost
    ]
    assert str(settlement.banker_net) == "-40.00"  # minus the players' nets
    assert settlement.rules[0] == "PG-1"


def test_PG_1_a_players_loss_does_not_add_to_the_bank():
    settlement = table({3: "60", 2: "60"}, "100", 3)
    by_position = settlement.by_position()
    assert (str(by_position[3].covered), str(by_position[3].win)) == ("60.00", "-60.00")
    assert (str(by_position[2].covered), str(by_position[2].win)) == ("40.00", "40.00")  # not 60: the formula
    assert str(settlement.banker_net) == "20.00"


def test_PG_1_with_the_fee():
    settlement = table({2: "30", 3: "30", 6: "30", 7: "30"}, "70", 6, FEE)
    assert [str(hand.win) for hand in settlement.hands] == ["-1.00", "29.00", "9.00", "0.00"]
    assert str(settlement.banker_net) == "-41.00"  # -40 against the players, its own fee of 1
    assert "PG-F" in settlement.rules


def test_PG_1_an_empty_bank_covers_nothing():
    settlement = table({2: "30", 7: "50"}, "0", 2)
    assert [(str(hand.covered), str(hand.win)) for hand in settlement.hands] == [("0.00", "0.00"), ("0.00", "0.00")]
    assert str(settlement.banker_net) == "0.00"


def test_PG_1_with_a_reset_player_dealer():
    settlement = table({2: "10"}, "100", 2, banker=Setting.of("QS QH 8D 6C 3H", "KS KH"))
    assert settlement.banker_reset
    assert "PG-17" in settlement.rules


@pytest.mark.parametrize(
    ("action", "positions", "order"),
    [
        (2, [2, 3, 4, 5, 6, 7], [2, 3, 4, 5, 6, 7]),
        (5, [2, 3, 5, 7], [5, 7, 2, 3]),
        (7, [7, 2], [7, 2]),
    ],
)
def test_payment_order(action, positions, order):
    assert payment_order(action, positions) == order


@pytest.mark.parametrize(
    ("bets", "bank", "action", "error"),
    [
        ({2: "10"}, "-1", 2, MoneyError),
        ({2: "10", 3: "10"}, "100", 4, PositionError),  # the button at an empty position
        ({}, "100", 2, PositionError),
    ],
)
def test_table_errors(bets, bank, action, error):
    with pytest.raises(error):
        table(bets, bank, action)


def test_table_refuses_position_1_and_shared_cards():
    with pytest.raises(PositionError):
        settle_table(BANKER, D("100"), 1, [TableHand(1, HANDS[2], D("10"))])
    with pytest.raises(SettingError):
        settle_table(BANKER, D("100"), 2, [TableHand(2, HANDS[2], D("10")), TableHand(3, HANDS[2], D("10"))])


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 200), min_size=4, max_size=4),
    st.integers(0, 500),
    st.sampled_from([2, 3, 6, 7]),
)
def test_PG_1_coverage_never_exceeds_the_bank_and_the_banker_nets_minus_the_players(bets, bank, action):
    settlement = table(dict(zip([2, 3, 6, 7], map(str, bets), strict=True)), str(bank), action)
    covered = [hand.covered for hand in settlement.hands]
    assert sum(covered) == min(D(bank), sum(map(D, bets)))
    assert all(hand.covered + hand.returned == hand.bet for hand in settlement.hands)
    assert settlement.banker_net == -sum(hand.win for hand in settlement.hands)


# --- dice (PG-3, PG-4) ----------------------------------------------------------------------

DICE = {3: (1, 1, 1), 4: (1, 1, 2), 5: (1, 2, 2), 6: (2, 2, 2), 7: (1, 3, 3), 8: (2, 3, 3), 9: (3, 3, 3),
        10: (2, 4, 4), 11: (3, 4, 4), 12: (4, 4, 4), 13: (3, 5, 5), 14: (3, 5, 6), 15: (5, 5, 5), 16: (4, 6, 6),
        17: (5, 6, 6), 18: (6, 6, 6)}  # fmt: skip

# total: (first hand, Action with all seated, Action with only positions 3 and 6 seated)
EXPECTED_DICE = {
    3: (3, 3, 3), 4: (4, 4, 6), 5: (5, 5, 6), 6: (6, 6, 6), 7: (7, 7, 3), 8: (1, 2, 3), 9: (2, 2, 3),
    10: (3, 3, 3), 11: (4, 4, 6), 12: (5, 5, 6), 13: (6, 6, 6), 14: (7, 7, 3), 15: (1, 2, 3), 16: (2, 2, 3),
    17: (3, 3, 3), 18: (4, 4, 6),
}  # fmt: skip


@pytest.mark.parametrize("total", range(3, 19))
def test_PG_3_PG_4_dice(total):
    first, action_all, action_two = EXPECTED_DICE[total]
    everyone = read_dice(DICE[total])
    assert (everyone.total, everyone.first_hand, everyone.action) == (total, first, action_all)
    two = read_dice(DICE[total], occupied=(3, 6))
    assert (two.first_hand, two.action) == (first, action_two)
    assert everyone.rules == ("PG-3", "PG-4")


def test_the_rulings_example():
    reading = read_dice((3, 5, 6), occupied=(2, 3, 5, 6))
    assert (reading.first_hand, reading.action) == (7, 2)


@pytest.mark.parametrize(
    ("dice", "occupied", "error"),
    [
        ((0, 3, 4), (2,), DiceError),
        ((7, 3, 4), (2,), DiceError),
        ((3, 4), (2,), DiceError),
        ((3, 4, 5), (1, 2), PositionError),
        ((3, 4, 5), (8,), PositionError),
        ((3, 4, 5), (), PositionError),
        ((3, 4, 5), (2, 2), PositionError),
    ],
)
def test_dice_errors(dice, occupied, error):
    with pytest.raises(error):
        read_dice(dice, occupied)


def test_roll_uses_the_rng_it_is_given():
    import random

    assert roll(random.Random(11)) == roll(random.Random(11))
    assert all(1 <= die <= 6 for die in roll(random.Random(4)))


# --- deal procedures (PG-5 – PG-8) ------------------------------------------------------------


def card(token):
    return parse_card(token)


@pytest.mark.parametrize(
    ("events", "ruling", "logical_way", "rules"),
    [
        pytest.param([], "continue", False, (), id="continue"),
        pytest.param([BoxedCard(card("7H"))], "replace-boxed-card", False, ("PG-8",), id="PG-8-boxed"),
        pytest.param([ExposedCard(card("7H"))], "replace-exposed-card", False, ("PG-8",), id="PG-8-exposed"),
        pytest.param([BoxedCard(card("AS"))], "misdeal", False, ("PG-6a",), id="PG-6a-ace-boxed"),
        pytest.param([ExposedCard(card("JK"))], "misdeal", False, ("PG-6a",), id="PG-6a-joker-exposed"),
        pytest.param([BoxedCard(card("7H")), BoxedCard(card("8D"))], "misdeal", False, ("PG-6b",), id="PG-6b-two"),
        pytest.param([BoxedCard(card("7H")), ExposedCard(card("8D"))], "misdeal", False, ("PG-6b",), id="PG-6b-mixed"),
        pytest.param(
            [ExposedCard(card("AD")), BoxedCard(card("8D"))], "misdeal", False, ("PG-6a", "PG-6b"), id="PG-6ab"
        ),
        pytest.param([WrongSpots(2)], "misdeal", False, ("PG-6c",), id="PG-6c-two-looked"),
        pytest.param([WrongSpots(0, looked_at_dealer_hand=True)], "misdeal", False, ("PG-6d",), id="PG-6d"),
        pytest.param([WrongSpots(3, True)], "misdeal", False, ("PG-6c", "PG-6d"), id="PG-6cd"),
        pytest.param([WrongSpots(1)], "redeliver", True, ("PG-7", "PG-H"), id="PG-7-one-looked"),
        pytest.param([WrongSpots(0)], "redeliver", False, ("PG-7",), id="PG-7-nobody-looked"),
        pytest.param([DealerHandOpenedEarly()], "call-supervisor", True, ("PG-5", "PG-H"), id="PG-5"),
        pytest.param(
            [BoxedCard(card("7H")), DealerHandOpenedEarly()],
            "call-supervisor",
            True,
            ("PG-5", "PG-8", "PG-H"),
            id="PG-5-over-PG-8",
        ),
        pytest.param(
            [WrongSpots(1), ExposedCard(card("9C"))], "redeliver", True, ("PG-7", "PG-8", "PG-H"), id="PG-7-over-PG-8"
        ),
        pytest.param(
            [DealerHandOpenedEarly(), WrongSpots(2)], "misdeal", False, ("PG-6c",), id="PG-6-over-PG-5"
        ),
    ],
)
def test_deal_procedures(events, ruling, logical_way, rules):
    outcome = rule_deal(events)
    assert outcome.ruling is DealRuling(ruling)
    assert outcome.logical_way is logical_way
    assert outcome.rules == rules
    assert len(outcome.reasons) == max(1, len(rules))


@pytest.mark.parametrize(
    "events",
    [
        [BoxedCard(card("7H")), ExposedCard(card("7H"))],
        [BoxedCard(card("JK")), BoxedCard(card("JK")), ExposedCard(card("JK"))],
        [WrongSpots(1), WrongSpots(0)],
        [DealerHandOpenedEarly(), DealerHandOpenedEarly()],
        [WrongSpots(7)],
        [WrongSpots(-1)],
    ],
)
def test_impossible_deal_events(events):
    with pytest.raises(DealEventError):
        rule_deal(events)


# --- the rule set ----------------------------------------------------------------------------


def test_rule_set_defaults_and_settings():
    assert DEFAULT.to_mapping() == {
        "collection_fee": "0.00", "house_way": "pg-h", "wheel_lowest_straight": True, "stacks_to_empty_positions": True
    }
    rules = PaiGowRules.from_mapping({"collection_fee": "0.50", "wheel_lowest_straight": False})
    assert rules.fee == D("0.50")
    assert PaiGowRules.from_mapping(rules.to_mapping()) == rules


@pytest.mark.parametrize(
    ("values", "setting"),
    [
        ({"collection_fee": "-1"}, "collection_fee"),
        ({"collection_fee": "0.001"}, "collection_fee"),
        ({"house_way": "nope"}, "house_way"),
        ({"wheel_lowest_straight": "yes"}, "wheel_lowest_straight"),
        ({"stacks_to_empty_positions": "no"}, "stacks_to_empty_positions"),
        ({"stacks_to_empty_positions": None}, "stacks_to_empty_positions"),
        ({"commission": "5"}, "commission"),
    ],
)
def test_rule_set_errors_name_the_setting(values, setting):
    with pytest.raises(RuleSetError) as caught:
        PaiGowRules.from_mapping(values)
    assert caught.value.setting == setting


def test_registry_knows_the_rules_class():
    from games.registry import default_rules

    assert default_rules("pai-gow") == PaiGowRules()
