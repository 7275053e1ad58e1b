"""Exact odds of Jack Switch's side bets: they sum to 1, agree with a card-by-card count,
and give the expected return under the pay table."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from games.cards import ShoeSpec
from games.jack_switch.bonus import pair_bonus_combination, super_match_combination
from games.jack_switch.odds import pair_bonus_odds, super_match_odds
from games.jack_switch.rules import JackSwitchRules

RULES = JackSwitchRules()


def test_super_match_odds_sum_to_one_and_match_the_rulings_example():
    odds = super_match_odds(RULES).value
    assert sum(odds.outcomes.values()) == 1
    assert set(odds.outcomes) == {"none", "one-pair", "three-of-a-kind", "two-pairs", "four-of-a-kind"}
    # RULINGS.md's shape example is this very value: -126536/4965115 = -0.025485...
    assert odds.expected_return == Fraction(-126536, 4965115)
    assert round(float(odds.expected_return), 6) == -0.025485


def test_pair_bonus_odds_sum_to_one():
    odds = pair_bonus_odds(RULES).value
    assert sum(odds.outcomes.values()) == 1
    # Same suit: 52 cards x C(6,2); same colour: 13 ranks x 2 suit pairs x 6 x 6; different: x 4.
    assert odds.outcomes["same-suit-pair"] == Fraction(52 * 15, 48516)
    assert odds.outcomes["same-colour-pair"] == Fraction(13 * 2 * 36, 48516)
    assert odds.outcomes["different-colour-pair"] == Fraction(13 * 4 * 36, 48516)
    assert odds.expected_return == Fraction(780 * 30 + 936 * 10 + 1872 * 5 - 44928, 48516)


def test_the_expected_return_follows_the_house_pay_table():
    rules = JackSwitchRules.from_mapping({"pair_bonus": {"same-suit-pair": "30:1"}})
    odds = pair_bonus_odds(rules).value
    assert odds.expected_return == odds.outcomes["same-suit-pair"] * 30 - (1 - odds.outcomes["same-suit-pair"])


def test_pair_bonus_odds_agree_with_a_card_by_card_count_of_two_decks():
    rules = JackSwitchRules(decks=2)
    shoe = ShoeSpec(decks=2).cards()
    counts = Counter(pair_bonus_combination(pair).value for pair in combinations(shoe, 2))
    total = sum(counts.values())
    assert pair_bonus_odds(rules).value.outcomes == {name: Fraction(n, total) for name, n in counts.items()}


def test_super_match_odds_agree_with_a_card_by_card_count_of_one_deck():
    rules = JackSwitchRules(decks=1)
    shoe = ShoeSpec(decks=1).cards()
    counts = Counter(super_match_combination(four).value for four in combinations(shoe, 4))
    total = sum(counts.values())
    assert super_match_odds(rules).value.outcomes == {name: Fraction(n, total) for name, n in counts.items()}


@pytest.mark.parametrize("odds", [super_match_odds, pair_bonus_odds], ids=["super-match", "pair-bonus"])
def test_side_bet_odds_answer_in_under_two_seconds(odds):
    odds(RULES)
