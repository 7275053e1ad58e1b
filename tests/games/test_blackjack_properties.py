"""Properties of the twenty-one engine, for Blackjack and Jack Switch alike (hypothesis)."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.blackjack.deal import deal_situation
from games.blackjack.dealer import DEALER_STANDS_ON, DealerAction, dealer_action, play_dealer, verify_dealer_hand
from games.blackjack.errors import ImpossibleShoeError, SituationError
from games.blackjack.hand import hand_value, is_ten_value
from games.blackjack.rules import BlackjackRules
from games.blackjack.settle import Box, settle_box
from games.cards import ALL_CARDS, Card, Rank
from games.jack_switch.rules import JackSwitchRules
from games.jack_switch.switch import switch_boxes

RULE_SETS = [
    BlackjackRules(),
    BlackjackRules(dealer_hits_soft_17=True, blackjack_pays=BlackjackRules().insurance_pays),
    JackSwitchRules(),
]
rule_sets = st.sampled_from(RULE_SETS)
cards = st.sampled_from(ALL_CARDS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@FAST
@given(st.lists(cards, min_size=1, max_size=8), st.randoms(use_true_random=False), st.booleans())
def test_totals_do_not_depend_on_card_order(hand, rng, split):
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert hand_value(hand, split_hand=split) == hand_value(shuffled, split_hand=split)


@FAST
@given(st.lists(cards, min_size=1, max_size=8))
def test_a_total_is_the_best_count_not_over_21(hand):
    value = hand_value(hand)
    hard = sum(min(card.rank.pip, 10) for card in hand)
    candidates = [hard + 10 * aces for aces in range(sum(c.rank is Rank.ACE for c in hand) + 1)]
    best = max((total for total in candidates if total <= 21), default=hard)
    assert value.total == best
    assert value.bust == (best > 21)


@FAST
@given(seeds, rule_sets)
def test_a_boxs_net_is_the_sum_of_its_hands_plus_insurance(seed, rules):
    situation = deal_situation(random.Random(seed), rules)
    settled = settle_box(situation.box, situation.dealer, rules)
    assert settled.net == sum((hand.win for hand in settled.hands), Decimal(0)) + settled.insurance_win
    assert len(settled.hands) == len(situation.box.hands)
    for hand in settled.hands:
        assert hand.win == hand.win.quantize(Decimal("0.01"))
        assert (hand.win > 0) == (hand.result in ("win", "blackjack"))


@FAST
@given(seeds, rule_sets, st.sampled_from([Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING]))
def test_on_a_dealer_blackjack_a_box_never_loses_more_than_its_original_bet(seed, rules, ten_rank):
    situation = deal_situation(random.Random(seed), rules)
    upcard = situation.dealer[0]
    assume(upcard.rank is Rank.ACE or is_ten_value(upcard))
    second = Card(ten_rank, upcard.suit) if upcard.rank is Rank.ACE else Card(Rank.ACE, upcard.suit)
    try:
        settled = settle_box(situation.box, (upcard, second), rules)
    except ImpossibleShoeError:
        assume(False)
    box: Box = situation.box
    loss_without_insurance = -(settled.net - settled.insurance_win)
    assert loss_without_insurance <= box.bet
    assert settled.insurance_win == (box.insurance * 2 if box.insurance else 0)


@FAST
@given(seeds, rule_sets)
def test_a_dealer_never_stands_below_17(seed, rules):
    shoe = [card for card in rules.shoe.shuffled(random.Random(seed)) if isinstance(card, Card)]
    hand = play_dealer(shoe[:1], shoe[1:], rules)
    value = hand_value(hand)
    assert value.total >= DEALER_STANDS_ON
    assert dealer_action(hand, rules).value is DealerAction.STAND
    verify_dealer_hand(hand, rules)
    for size in range(1, len(hand)):
        assert dealer_action(hand[:size], rules).value is DealerAction.HIT


@FAST
@given(st.lists(cards, min_size=2, max_size=6), rule_sets)
def test_a_dealer_hand_that_stands_is_17_or_more(hand, rules):
    try:
        verify_dealer_hand(hand, rules)
    except SituationError:
        assume(False)
    assert hand_value(hand).total >= DEALER_STANDS_ON


@FAST
@given(st.lists(cards, min_size=4, max_size=4))
def test_no_switched_hand_is_a_blackjack(four):
    result = switch_boxes(four[:2], four[2:], JackSwitchRules())
    assert result.blackjack == (False, False)
    for new in (result.box1, result.box2):
        assert not hand_value(new, switched=True).blackjack
    # The switch exchanges exactly the second cards.
    assert (result.box1[0], result.box2[0]) == (four[0], four[2])
    assert sorted(map(str, [*result.box1, *result.box2])) == sorted(map(str, four))


@pytest.mark.parametrize("rules", RULE_SETS, ids=["bj", "bj-h17", "js"])
def test_many_dealt_situations_settle_without_error(rules):
    for seed in range(400):
        situation = deal_situation(random.Random(seed), rules)
        settle_box(situation.box, situation.dealer, rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["bj", "bj-h17", "js"])
def test_dealt_options_situations_are_valid(rules):
    from games.blackjack.deal import deal_options_situation
    from games.blackjack.options import legal_options, verify_options_situation

    for seed in range(300):
        situation = deal_options_situation(random.Random(seed), rules)
        verify_options_situation(situation, rules)
        assert legal_options(situation, rules).allowed[0] == "stand"


@pytest.mark.parametrize("slug", ["blackjack", "jack-switch"])
def test_rule_sets_come_from_the_registry_and_round_trip_through_json(slug):
    from games.registry import default_rules, rules_class

    rules = default_rules(slug)
    assert slug == rules.GAME
    assert rules_class(slug).from_mapping(rules.to_mapping()) == rules
