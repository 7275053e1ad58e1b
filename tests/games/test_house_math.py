"""games.house_math: the figures beside the house-rules editor, against the odds modules
and worked by hand."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from games.blackjack.odds import OUTCOME_KEYS, dealer_odds
from games.blackjack.rules import BlackjackRules
from games.house_math import house_math
from games.jack_switch.odds import pair_bonus_odds, super_match_odds
from games.jack_switch.rules import JackSwitchRules
from games.over_under_26 import SHOE, bonus_expected_return, card_value
from games.over_under_26.odds import base_game_return
from games.over_under_26.rules import EXAMPLE_BONUS_PAY_TABLE, OverUnderRules
from games.pai_gow.rules import PaiGowRules


def returns_of(rules: object) -> dict[str, Fraction | None]:
    return {figure.key: figure.expected_return for figure in house_math(rules).returns}  # type: ignore[arg-type]


def test_jack_switch_returns_are_the_odds_modules():
    rules = JackSwitchRules.from_mapping({"super_match": {"one-pair": "2:1", "four-of-a-kind": "50:1"}})
    figures = returns_of(rules)
    assert figures["super-match"] == super_match_odds(rules).value.expected_return
    assert figures["pair-bonus"] == pair_bonus_odds(rules).value.expected_return


def test_pair_bonus_worked_by_hand():
    # Six decks, C(312, 2) = 48,516 first-two-card pairs: same suit 52 x C(6, 2) = 780,
    # same colour 13 x 2 x 36 = 936, different colours 13 x 4 x 36 = 1,872, the rest 44,928.
    # RULES.md JS-PB 5:1, 10:1, 30:1: (1872x5 + 936x10 + 780x30 - 44928) / 48516 = -18/311.
    assert returns_of(JackSwitchRules())["pair-bonus"] == Fraction(-2808, 48516) == Fraction(-18, 311)


@pytest.mark.parametrize("rules", [BlackjackRules(), JackSwitchRules(), BlackjackRules(dealer_hits_soft_17=True)])
def test_the_dealer_table_shows_both_soft_17_rules_and_marks_the_entered_one(rules):
    table = house_math(rules).dealer
    assert [(row.key, row.hits_soft_17) for row in table] == [("s17", False), ("h17", True)]
    assert [row.entered for row in table] == [not rules.dealer_hits_soft_17, rules.dealer_hits_soft_17]
    for row in table:
        expected = dealer_odds(type(rules)(dealer_hits_soft_17=row.hits_soft_17)).value
        assert dict(row.outcomes) == expected
        assert [key for key, _ in row.outcomes] == list(OUTCOME_KEYS)
        assert row.rule_ids[0] == rules.IDS.dealer_draws


def test_hitting_soft_17_busts_the_dealer_more():
    s17, h17 = house_math(BlackjackRules()).dealer
    assert dict(h17.outcomes)["bust"] > dict(s17.outcomes)["bust"]
    assert dict(h17.outcomes)["17"] < dict(s17.outcomes)["17"]


def test_over_under_figures_are_the_odds_modules():
    rules = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
    figures = returns_of(rules)
    assert figures["ou-bonus"] == bonus_expected_return(EXAMPLE_BONUS_PAY_TABLE)
    assert figures["ou-base"] == base_game_return(4).expected_return


def test_no_bonus_table_no_bonus_figure():
    (bonus,) = [figure for figure in house_math(OverUnderRules()).returns if figure.key == "ou-bonus"]
    assert bonus.expected_return is None
    assert not bonus.player_edge
    assert bonus.rule_ids[0] == "OU-10"


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        (OverUnderRules.from_mapping({"bonus_pay_table": {"8": "1000000:1"}}), "ou-bonus"),
        (JackSwitchRules.from_mapping({"super_match": {"four-of-a-kind": "100000:1"}}), "super-match"),
        (JackSwitchRules.from_mapping({"pair_bonus": {"different-colour-pair": "99:1"}}), "pair-bonus"),
    ],
)
def test_a_huge_payout_is_flagged_as_a_player_edge(rules, key):
    assert key in [figure.key for figure in house_math(rules).player_edges]


def test_the_default_tables_give_the_house_the_edge():
    assert house_math(JackSwitchRules()).player_edges == ()
    assert [f.key for f in house_math(OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)).player_edges] == [
        "ou-base"  # RULES.md OU note: as written, the base game favours the player
    ]


def test_pai_gow_has_no_figures():
    math = house_math(PaiGowRules())
    assert (math.game, math.returns, math.dealer) == ("pai-gow", (), ())


# --- the Over/Under base game (games.over_under_26.odds.base_game_return) ----------------


def test_first_card_joker_worked_from_the_seed_text():
    # Seed 000 rule 4: "If the first card is a Joker, the player wins instantly 4x Ante";
    # RULES.md OU-W: 4 Antes back in all with only the Ante up, net 3; 4 jokers of 164 cards.
    assert base_game_return(4).first_card_joker == Fraction(4, 164) * 3 == Fraction(3, 41)
    assert base_game_return(2).first_card_joker == Fraction(1, 41)


def three_card_sets_by_total(first_value: int) -> tuple[dict[int, int], int]:
    """Joker-free three-card sets of the other 163 cards by total, card by card (not by
    value multisets, as the module counts), and all three-card sets of the 163."""
    cards = [card for card in SHOE.cards() if not card.is_joker]
    values = [card_value(card) for card in cards]
    values.remove(first_value)
    ways = [[0] * 34 for _ in range(4)]
    ways[0][0] = 1
    for value in values:
        for taken in range(3, 0, -1):
            for total in range(33, value - 1, -1):
                ways[taken][total] += ways[taken - 1][total - value]
    return {t: n for t, n in enumerate(ways[3]) if n}, comb(len(values) + 4, 3)


def test_a_first_two_worked_by_hand():
    # W = 2: a win returns the two Antes up (net 0), a loss costs both (-2), a fold -1 (OU-5).
    # After a first 2 the player bets Under; it loses only on a joker-free total of 26 or
    # more (OU-7, OU-9): the other three make 24 or more. A joker among them wins (OU-4b).
    sets, all_sets = three_card_sets_by_total(2)
    assert all_sets == comb(163, 3) == 708_561
    losing = sum(n for total, n in sets.items() if total >= 24)
    assert all_sets - sum(sets.values()) == comb(163, 3) - comb(159, 3) == 51_202  # joker among the three
    choice = base_game_return(2).choices[0]
    assert (choice.value, choice.choice) == (2, "under")
    assert choice.expected_return == Fraction(-2 * losing, all_sets)


def test_the_choice_mirrors_about_26_and_the_default_favours_the_player():
    odds = base_game_return(4)
    by_value = {c.value: c for c in odds.choices}
    for value in range(2, 7):
        mirror = by_value[13 - value]
        assert (by_value[value].choice, mirror.choice) == ("under", "over")
        assert by_value[value].expected_return == mirror.expected_return
    assert odds.expected_return > 0  # RULES.md OU note
    assert sum(Fraction(16, 164) * c.expected_return for c in odds.choices) + Fraction(3, 41) == odds.expected_return


def test_the_return_grows_with_the_multiple():
    assert base_game_return(2).expected_return < 0 < base_game_return(3).expected_return
    assert base_game_return(3).expected_return < base_game_return(4).expected_return


def test_a_multiple_under_two_is_refused():
    with pytest.raises(ValueError, match="OU-W"):
        base_game_return(1)
