"""Over/Under 26 Joker (seed 000): every OU- rule with worked examples, and settlement
properties over random deals. Amounts: Ante 10 unless a case says otherwise."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import JOKER, Card, Rank, parse_card, parse_cards
from games.errors import BetError, ImpossibleCardsError, MoneyError, NotConfiguredError, RuleSetError
from games.house_rules import PayTable
from games.money import Ratio
from games.over_under_26 import (
    EXAMPLE_BONUS_PAY_TABLE,
    SHOE,
    BonusNotConfiguredError,
    Choice,
    ChoiceError,
    Outcome,
    OverUnderBetError,
    OverUnderRules,
    bonus_expected_return,
    bonus_ratio,
    can_bet,
    card_value,
    deal_round,
    deal_rounds,
    deal_with,
    deal_with_total,
    explain,
    hand_total,
    is_in_shoe,
    settle,
    verify_bets,
    verify_cards,
)

D = Decimal
DEFAULT = OverUnderRules()
WITH_TABLE = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
# A small table for worked examples: 26 pays 5:1, 8 pays 100:1, a joker hand 2:1; 27 is not listed.
SMALL_TABLE = OverUnderRules.from_mapping({"bonus_pay_table": {"8": "100:1", "26": "5:1", "joker": "2:1"}})


def cards(text: str) -> list:
    return list(parse_cards(text.split()))


# --- OU-1: the shoe -------------------------------------------------------------------


def test_ou_1_the_shoe_is_four_decks_of_41_cards():
    shoe = SHOE.cards()
    assert SHOE.size == len(shoe) == 164 == 4 * 41
    assert sum(1 for card in shoe if card.is_joker) == 4
    assert not any(isinstance(card, Card) and card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for card in shoe)
    values = [card_value(card) for card in shoe if not card.is_joker]
    assert {value: values.count(value) for value in set(values)} == {value: 16 for value in range(2, 12)}


@pytest.mark.parametrize("token", ["JS", "QH", "KD", "KC"])
def test_ou_1_jacks_queens_and_kings_are_not_in_the_shoe(token):
    card = parse_card(token)
    assert not is_in_shoe(card)
    with pytest.raises(ImpossibleCardsError, match="J, Q and K are removed"):
        card_value(card)
    with pytest.raises(ImpossibleCardsError, match=token):
        verify_cards(cards(f"2S 3S {token}"))


@pytest.mark.parametrize(
    ("hand", "problem"),
    [
        pytest.param(["AS"] * 5, "AS appears 5 times", id="OU-1-five-aces-of-spades"),
        pytest.param(["JK"] * 5, "JK appears 5 times", id="OU-1-five-jokers"),
    ],
)
def test_ou_1_the_shoe_holds_four_of_each_card_and_four_jokers(hand, problem):
    SHOE.verify(parse_cards(hand[:4]))
    with pytest.raises(ImpossibleCardsError, match=problem):
        SHOE.verify(parse_cards(hand))


def test_ou_4_a_hand_is_at_most_four_cards():
    verify_cards(cards("JK JK JK JK"))
    with pytest.raises(ImpossibleCardsError, match="at most 4"):
        verify_cards(cards("2S 3S 4S 5S 6S"))
    with pytest.raises(ImpossibleCardsError, match="a hand is 4 cards"):
        verify_cards(cards("2S 3S 4S"), count=4)


# --- OU-2: values -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "value"),
    [("AS", 11), ("2H", 2), ("5D", 5), ("9C", 9), ("TS", 10), ("10H", 10), ("JK", 0)],
    ids=lambda x: f"OU-2-{x}",
)
def test_ou_2_card_values(token, value):
    assert card_value(parse_card(token)) == value


@pytest.mark.parametrize(
    ("hand", "total", "jokers"),
    [
        ("AS AH AD AC", 44, 0),
        ("2S 2H 2D 2C", 8, 0),
        ("AS 9H 4D 2C", 26, 0),
        ("TS TH 3D 3C", 26, 0),
        ("JK AS AH TD", 32, 1),
        ("JK JK JK JK", 0, 4),
        ("7S", 7, 0),
    ],
    ids=lambda x: f"OU-2-{x}" if isinstance(x, str) else None,
)
def test_ou_2_hand_totals(hand, total, jokers):
    result = hand_total(cards(hand))
    assert (result.total, result.jokers, result.rules) == (total, jokers, ("OU-2",))


# --- OU-3: bets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ante", "bonus", "refused_bet"),
    [
        pytest.param("10", "0", None, id="OU-3-ante-alone"),
        pytest.param("10", "10", None, id="OU-3-bonus-equal-to-ante"),
        pytest.param("10", "5", None, id="OU-3-bonus-below-ante"),
        pytest.param("10", "10.01", "bonus", id="OU-3-bonus-above-ante"),
        pytest.param("0", "5", "bonus", id="OU-3-bonus-without-ante"),
        pytest.param("0", "0", "ante", id="OU-3-no-bet-at-all"),
    ],
)
def test_ou_3_bets(ante, bonus, refused_bet):
    if refused_bet is None:
        bets = verify_bets(D(ante), D(bonus), WITH_TABLE)
        assert (bets.ante, bets.bonus) == (D(ante), D(bonus))
        assert can_bet(D(ante), D(bonus), WITH_TABLE)
    else:
        with pytest.raises(OverUnderBetError, match=r"\(OU-3\)") as caught:
            verify_bets(D(ante), D(bonus), WITH_TABLE)
        assert caught.value.bet == refused_bet
        assert isinstance(caught.value, BetError)
        assert not can_bet(D(ante), D(bonus), WITH_TABLE)


@pytest.mark.parametrize("amount", [D("-1"), D("1.005")])
def test_bets_must_be_money(amount):
    with pytest.raises(MoneyError):
        verify_bets(amount, D(0), DEFAULT)


# --- OU-4 – OU-9: settlement, worked examples -----------------------------------------------------
# (hand, choice, ante, bonus, rules, outcome, ante_win, bonus_win, rule ids)

SETTLEMENTS = [
    # OU-4a: first-card joker: Ante wins 4 x Ante in all (net 3 x), Bonus returned, the rest unseen.
    ("OU-4a-ante-only", "JK 5H 6D 7C", None, "10", "0", DEFAULT, "first-card-joker", "30.00", "0.00",
     ("OU-4a", "OU-W")),
    ("OU-4a-bonus-returned", "JK 2H 2D 2C", None, "10", "10", SMALL_TABLE, "first-card-joker", "30.00", "0.00",
     ("OU-4a", "OU-W")),
    ("OU-4a-more-jokers-behind", "JK JK TD TC", None, "25", "5", SMALL_TABLE, "first-card-joker", "75.00", "0.00",
     ("OU-4a", "OU-W")),
    # OU-4b: a joker among the other three wins whatever was chosen; Bonus by the table's joker entry.
    ("OU-4b-second-card-under", "AS JK AD AC", "under", "10", "0", DEFAULT, "joker", "20.00", "0.00",
     ("OU-4b", "OU-W")),
    ("OU-4b-third-card-over", "2S 2H JK 2C", "over", "10", "0", DEFAULT, "joker", "20.00", "0.00", ("OU-4b", "OU-W")),
    ("OU-4b-fourth-card-bonus-2-to-1", "9S 9H 8D JK", "under", "10", "4", SMALL_TABLE, "joker", "20.00", "8.00",
     ("OU-4b", "OU-W", "OU-10")),
    ("OU-4b-two-jokers", "5S JK JK 5C", "over", "10", "4", SMALL_TABLE, "joker", "20.00", "8.00",
     ("OU-4b", "OU-W", "OU-10")),
    ("OU-4b-no-joker-entry-bonus-loses", "9S 9H 8D JK", "under", "10", "4",
     OverUnderRules.from_mapping({"bonus_pay_table": {"26": "5:1"}}), "joker", "20.00", "-4.00",
     ("OU-4b", "OU-W", "OU-10")),
    # OU-5: fold loses the Ante and the Bonus, whatever the three face-down cards are.
    ("OU-5-fold", "AS 9H 4D 2C", "fold", "10", "0", DEFAULT, "fold", "-10.00", "0.00", ("OU-5",)),
    ("OU-5-fold-loses-bonus", "2S 2H 2D 2C", "fold", "10", "5", SMALL_TABLE, "fold", "-10.00", "-5.00", ("OU-5",)),
    ("OU-5-fold-before-a-joker-is-turned", "TS JK 4D 2C", "fold", "10", "5", SMALL_TABLE, "fold", "-10.00", "-5.00",
     ("OU-5",)),
    # OU-7: Under wins under 26, both bets lose over 26.
    ("OU-7-under-wins-25", "AS 9H 3D 2C", "under", "10", "0", DEFAULT, "under", "20.00", "0.00",
     ("OU-7", "OU-W", "OU-6", "OU-2")),
    ("OU-7-under-wins-8", "2S 2H 2D 2C", "under", "10", "1", SMALL_TABLE, "under", "20.00", "100.00",
     ("OU-7", "OU-W", "OU-6", "OU-2", "OU-10")),
    ("OU-7-under-loses-27", "AS 9H 4D 3C", "under", "10", "0", DEFAULT, "over", "-20.00", "0.00",
     ("OU-7", "OU-6", "OU-2")),
    ("OU-7-under-loses-44-bonus-unlisted", "AS AH AD AC", "under", "10", "5", SMALL_TABLE, "over", "-20.00", "-5.00",
     ("OU-7", "OU-6", "OU-2", "OU-10")),
    # OU-8: Over wins over 26, both bets lose under 26.
    ("OU-8-over-wins-27", "AS 9H 4D 3C", "over", "10", "0", DEFAULT, "over", "20.00", "0.00",
     ("OU-8", "OU-W", "OU-6", "OU-2")),
    ("OU-8-over-loses-25", "AS 9H 3D 2C", "over", "10", "0", DEFAULT, "under", "-20.00", "0.00",
     ("OU-8", "OU-6", "OU-2")),
    ("OU-8-over-loses-8-bonus-wins", "2S 2H 2D 2C", "over", "10", "0.50", SMALL_TABLE, "under", "-20.00", "50.00",
     ("OU-8", "OU-6", "OU-2", "OU-10")),
    # OU-9: exactly 26: both bets lose, whichever was chosen; the Bonus is settled on 26.
    ("OU-9-under", "AS 9H 4D 2C", "under", "10", "0", DEFAULT, "twenty-six", "-20.00", "0.00",
     ("OU-9", "OU-6", "OU-2")),
    ("OU-9-over", "TS TH 3D 3C", "over", "10", "0", DEFAULT, "twenty-six", "-20.00", "0.00", ("OU-9", "OU-6", "OU-2")),
    ("OU-9-bonus-on-26", "TS TH 3D 3C", "over", "10", "2", SMALL_TABLE, "twenty-six", "-20.00", "10.00",
     ("OU-9", "OU-6", "OU-2", "OU-10")),
    # OU-6: the face-up card counts in the total.
    ("OU-6-first-card-counts", "AS 6H 5D 5C", "under", "10", "0", DEFAULT, "over", "-20.00", "0.00",
     ("OU-7", "OU-6", "OU-2")),
    # OU-W: a casino meaning "net 4 x" stores a total return of 6 Antes (net 4 x with two bets up).
    ("OU-W-6-win", "AS 9H 4D 3C", "over", "10", "0", OverUnderRules(win_return_multiple=6), "over", "40.00", "0.00",
     ("OU-8", "OU-W", "OU-6", "OU-2")),
    ("OU-W-6-first-card-joker", "JK 9H 4D 3C", None, "10", "0", OverUnderRules(win_return_multiple=6),
     "first-card-joker", "50.00", "0.00", ("OU-4a", "OU-W")),
    ("OU-W-2-returns-the-stakes", "AS JK 4D 3C", "over", "10", "0", OverUnderRules(win_return_multiple=2), "joker",
     "0.00", "0.00", ("OU-4b", "OU-W")),
    # OU-10 with a ratio that leaves a fraction of a cent: paid down to the cent.
    ("OU-10-fraction-of-a-cent", "2S 2H 2D 2C", "under", "10", "0.05",
     OverUnderRules.from_mapping({"bonus_pay_table": {"8": "3:2"}}), "under", "20.00", "0.07",
     ("OU-7", "OU-W", "OU-6", "OU-2", "OU-10")),
]


@pytest.mark.parametrize(
    ("hand", "choice", "ante", "bonus", "rules", "outcome", "ante_win", "bonus_win", "rule_ids"),
    [pytest.param(*case[1:], id=case[0]) for case in SETTLEMENTS],
)
def test_settlement_worked_examples(hand, choice, ante, bonus, rules, outcome, ante_win, bonus_win, rule_ids):
    result = settle(cards(hand), None if choice is None else Choice(choice), D(ante), D(bonus), rules)
    assert result.outcome is Outcome(outcome)
    assert (result.ante_win, result.bonus_win) == (D(ante_win), D(bonus_win))
    assert result.net == D(ante_win) + D(bonus_win)
    assert result.rules == rule_ids
    text = explain(result, rules)
    assert all(rule_id in text for rule_id in rule_ids)


@pytest.mark.parametrize(
    ("hand", "choice", "message"),
    [
        pytest.param("JK 2H 3D 4C", "under", "ended before any choice", id="OU-4a-choice-under-refused"),
        pytest.param("JK 2H 3D 4C", "fold", "ended before any choice", id="OU-4a-choice-fold-refused"),
        pytest.param("2S JK 3D 4C", None, "under, over or fold", id="OU-5-choice-required"),
    ],
)
def test_the_choice_must_fit_the_first_card(hand, choice, message):
    with pytest.raises(ChoiceError, match=message):
        settle(cards(hand), None if choice is None else Choice(choice), D(10), D(0), DEFAULT)


def test_ou_4_settlement_needs_exactly_four_cards():
    with pytest.raises(ImpossibleCardsError, match="a hand is 4 cards"):
        settle(cards("2S 3S 4S"), Choice.UNDER, D(10), D(0), DEFAULT)
    with pytest.raises(ImpossibleCardsError, match="not in this shoe"):
        settle(cards("2S 3S 4S KS"), Choice.UNDER, D(10), D(0), DEFAULT)


# --- OU-10 and OU-W: the rule set --------------------------------------------------------------


def test_ou_10_no_table_by_default_refuses_a_bonus():
    assert DEFAULT.bonus_pay_table is None
    assert DEFAULT.to_mapping() == {"win_return_multiple": 4, "bonus_pay_table": None, "max_boxes": 7}
    with pytest.raises(NotConfiguredError, match=r"the Bonus pay table is not configured for this property \(OU-10\)"):
        settle(cards("2S 3S 4S 5S"), Choice.UNDER, D(10), D(1), DEFAULT)
    with pytest.raises(BonusNotConfiguredError):
        settle(cards("JK 3S 4S 5S"), None, D(10), D(1), DEFAULT)  # refused even where it would come back
    assert settle(cards("2S 3S 4S 5S"), Choice.UNDER, D(10), D(0), DEFAULT).net == D(20)


def test_ou_10_the_table_round_trips_through_json():
    mapping = SMALL_TABLE.to_mapping()
    assert mapping == {
        "win_return_multiple": 4, "bonus_pay_table": {"8": "100:1", "26": "5:1", "joker": "2:1"}, "max_boxes": 7
    }
    assert OverUnderRules.from_mapping(mapping) == SMALL_TABLE
    table = SMALL_TABLE.bonus_pay_table
    assert table is not None
    assert (bonus_ratio(table, 26), bonus_ratio(table, None), bonus_ratio(table, 27)) == (Ratio(5), Ratio(2), None)


def test_ou_10_the_example_table_is_valid_and_named_as_an_example():
    OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)  # validates
    assert set(EXAMPLE_BONUS_PAY_TABLE) <= {str(t) for t in range(8, 45)} | {"joker"}
    assert bonus_expected_return(EXAMPLE_BONUS_PAY_TABLE) < 0  # a plausible house edge, not a giveaway


@pytest.mark.parametrize(
    ("mapping", "setting", "message"),
    [
        pytest.param({"bonus_pay_table": {"7": "10:1"}}, "bonus_pay_table", "'7' is not a four-card total",
                     id="OU-10-total-below-8"),
        pytest.param({"bonus_pay_table": {"45": "10:1"}}, "bonus_pay_table", "'45' is not", id="OU-10-total-above-44"),
        pytest.param({"bonus_pay_table": {"08": "10:1"}}, "bonus_pay_table", "'08' is not", id="OU-10-leading-zero"),
        pytest.param({"bonus_pay_table": {"royal": "10:1"}}, "bonus_pay_table", "'royal' is not",
                     id="OU-10-unknown-key"),
        pytest.param({"bonus_pay_table": {"26": "ten"}}, "bonus_pay_table", "not a payout ratio",
                     id="OU-10-non-numeric"),
        pytest.param({"bonus_pay_table": {"26": "-5:1"}}, "bonus_pay_table", "not a payout ratio", id="OU-10-negative"),
        pytest.param({"bonus_pay_table": {"26": 1.5}}, "bonus_pay_table", "not a payout ratio", id="OU-10-float"),
        pytest.param({"bonus_pay_table": {}}, "bonus_pay_table", "non-empty", id="OU-10-empty"),
        pytest.param({"bonus_pay_table": ["26", "5:1"]}, "bonus_pay_table", "non-empty", id="OU-10-not-an-object"),
        pytest.param({"win_return_multiple": 1}, "win_return_multiple", "at least 2", id="OU-W-below-2"),
        pytest.param({"win_return_multiple": "4"}, "win_return_multiple", "whole number", id="OU-W-text"),
        pytest.param({"win_return_multiple": True}, "win_return_multiple", "whole number", id="OU-W-bool"),
        pytest.param({"max_boxes": 0}, "max_boxes", "seats 1 to 7 boxes", id="OU-P0-no-box"),
        pytest.param({"max_boxes": 8}, "max_boxes", r"seats 1 to 7 boxes \(OU-P0\)", id="OU-P0-eight-boxes"),
        pytest.param({"max_boxes": "3"}, "max_boxes", "whole number", id="OU-P0-text"),
        pytest.param({"bonus_table": {}}, "bonus_table", "unknown setting", id="unknown-setting"),
    ],
)
def test_bad_rule_sets_name_the_setting(mapping, setting, message):
    with pytest.raises(RuleSetError, match=message) as caught:
        OverUnderRules.from_mapping(mapping)
    assert caught.value.setting == setting


def test_a_table_built_in_code_is_validated_too():
    with pytest.raises(RuleSetError, match="listed twice"):
        OverUnderRules(bonus_pay_table=PayTable((("26", Ratio(5)), ("26", Ratio(6)))))
    with pytest.raises(RuleSetError, match="win_return_multiple"):
        OverUnderRules(win_return_multiple=0)


# --- properties over random deals ------------------------------------------------------------------

MIRROR = {value: 13 - value for value in range(2, 12)}


def mirror(card):
    """v -> 13 - v: 2 <-> A, 3 <-> T, 4 <-> 9, 5 <-> 8, 6 <-> 7 (same suit); a joker stays."""
    if card.is_joker:
        return card
    target = MIRROR[card_value(card)]
    rank = Rank.ACE if target == 11 else Rank.TEN if target == 10 else Rank(str(target))
    return Card(rank, card.suit)


@given(st.integers(min_value=0, max_value=2**32))
def test_mirroring_every_card_turns_a_total_t_into_52_minus_t(seed):
    deal = deal_round(random.Random(seed))
    if any(card.is_joker for card in deal.cards):
        return
    assert hand_total([mirror(card) for card in deal.cards]).total == 52 - deal.total


amounts = st.integers(min_value=1, max_value=100_000).map(lambda cents: D(cents) / 100)


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    ante=amounts,
    bonus_share=st.fractions(min_value=0, max_value=1),
    choice=st.sampled_from(list(Choice)),
    multiple=st.integers(min_value=2, max_value=10),
)
def test_settlement_matches_the_bet_arithmetic(seed, ante, bonus_share, choice, multiple):
    """Chips in and out, counted independently of settle(): the stakes the player puts up
    and what the dealer hands back."""
    rules = OverUnderRules(win_return_multiple=multiple, bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
    bonus = (ante * bonus_share.numerator / bonus_share.denominator).quantize(D("0.01"), rounding="ROUND_DOWN")
    deal = deal_round(random.Random(seed))
    first_joker = deal.cards[0].is_joker
    result = settle(deal.cards, None if first_joker else choice, ante, bonus, rules)

    if first_joker:
        staked, returned, bonus_back = ante, multiple * ante, bonus
    elif choice is Choice.FOLD:
        staked, returned, bonus_back = ante, D(0), D(0)
    else:
        staked = 2 * ante
        joker_behind = any(card.is_joker for card in deal.cards[1:])
        total = None if joker_behind else sum(card_value(card) for card in deal.cards)
        won = joker_behind or (total is not None and (total < 26 if choice is Choice.UNDER else total > 26))
        returned = multiple * ante if won else D(0)
        ratio = EXAMPLE_BONUS_PAY_TABLE.get("joker" if total is None else str(total))
        bonus_back = D(0) if ratio is None else bonus + (bonus * ratio.pays / ratio.per).quantize(
            D("0.01"), rounding="ROUND_DOWN"
        )
    assert result.ante_win == returned - staked
    assert result.bonus_win == bonus_back - bonus
    assert result.net == result.ante_win + result.bonus_win
    assert result.ante_win.as_tuple().exponent >= -2
    assert not any(win == 0 and win.is_signed() for win in (result.ante_win, result.bonus_win))  # no "-0.00"
    assert result.bonus_win.as_tuple().exponent >= -2
    assert result.player_won == (result.ante_win > 0)
    if result.outcome in (Outcome.UNDER, Outcome.OVER, Outcome.TWENTY_SIX):
        assert result.total == deal.total


# --- deal helpers for drills ---------------------------------------------------------------------------


def test_deals_are_a_pure_function_of_the_seed_and_come_from_the_shoe():
    assert deal_round(random.Random(5)) == deal_round(random.Random(5))
    dealt = [card for deal in deal_rounds(random.Random(5)) for card in deal.cards]
    assert len(dealt) == 164
    SHOE.verify(dealt)


@pytest.mark.parametrize(
    ("wanted", "check"),
    [
        ({"first_card_joker": True}, lambda d: d.cards[0] is JOKER and d.choices == ()),
        ({"first_card_joker": False, "joker_after_first": True},
         lambda d: not d.cards[0].is_joker and any(c.is_joker for c in d.face_down)),
        ({"joker_after_first": False, "first_card_joker": False}, lambda d: not any(c.is_joker for c in d.cards)),
        ({"total": 44}, lambda d: d.total == 44 and all(c.rank is Rank.ACE for c in d.cards)),
    ],
)
def test_deal_with_a_wanted_feature(wanted, check):
    for seed in range(3):
        assert check(deal_with(random.Random(seed), **wanted))


def test_deal_with_an_impossible_feature_fails_loudly():
    with pytest.raises(ValueError, match="no four-card total"):
        deal_with(random.Random(1), first_card_joker=True, total=20)
    with pytest.raises(ValueError, match="no such deal"):
        deal_with(random.Random(1), first_card_joker=True, joker_after_first=True, attempts=50)


@pytest.mark.parametrize("total", [8, 9, 26, 43, 44])
def test_deal_with_total_gives_that_total_from_the_shoe(total):
    for seed in range(5):
        deal = deal_with_total(random.Random(seed), total)
        assert deal.total == total
        assert not any(card.is_joker for card in deal.cards)
        SHOE.verify(deal.cards)

