"""The one simulated player per game family (``games.players``), used by the rounds and the
drills alike: a box the drills play with ``play_box`` is the box a round plays with the same
cards, player and seed; the tendencies the drills use stay legal; the default player is
basic strategy and draws nothing for tendencies it does not have."""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.blackjack.options import OptionsSituation
from games.blackjack.round import BoxBet, TwentyOneRound
from games.blackjack.rules import BlackjackRules
from games.cards import Card, Rank, parse_card, parse_cards
from games.jack_switch.rules import JackSwitchRules
from games.over_under_26.settlement import Choice
from games.pai_gow.codes import DECK
from games.pai_gow.setting import check_foul, house_way
from games.players.over_under_26 import OverUnderPlayer
from games.players.pai_gow import PaiGowPlayer, foul, fouled_setting, odd_split, other_setting
from games.players.twenty_one import Play, TwentyOnePlayer, basic_strategy, legal_plays, play_box
from games.procedure import play_out

BJ = BlackjackRules()
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players = st.builds(
    TwentyOnePlayer,
    deviation=st.sampled_from([0.0, 0.2]), surrender=st.sampled_from([0.0, 1.0]),
    split=st.sampled_from([0.0, 0.5, 1.0]), extra_splits=st.sampled_from([0.0, 0.3, 1.0]),
    double=st.sampled_from([0.0, 0.7, 1.0]), extra_doubles=st.sampled_from([0.0, 1.0]),
    extra_surrenders=st.sampled_from([0.0, 0.6]), stand_low=st.sampled_from([0.0, 0.6]),
    hit_low=st.sampled_from([0.0, 0.8]),
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@FAST
@given(players, seeds, st.sampled_from([BJ, BlackjackRules(double_after_split=False, max_hands=2), JackSwitchRules()]))
def test_a_drills_box_is_the_box_a_round_plays_with_the_same_cards_and_player(player, seed, rules):
    shoe = [card for card in rules.shoe.shuffled(random.Random(seed)) if isinstance(card, Card)]
    end = play_out(TwentyOneRound.start(rules, (BoxBet(1, Decimal("10")),), shoe, players=player, seed=seed))
    rng = random.Random(seed)
    first, upcard = (shoe[0], shoe[2]), shoe[1]
    if upcard.rank is not Rank.ACE:  # the round's surrender pass asks the same player first
        assume(not player.surrenders(OptionsSituation(hand=first, dealer=upcard), rules, rng))
    draws = iter(shoe[3:])
    hands = play_box(first, upcard, rules, rng, player, draw=lambda: next(draws),
                     second_card=lambda card, aces: next(draws))
    played = end.table.box(1).hands
    assert [(hand.cards, hand.doubled) for hand in hands] == [(hand.cards, hand.doubled) for hand in played]


@FAST
@given(players, seeds)
def test_every_tendency_plays_only_legal_moves(player, seed):
    rng = random.Random(seed)
    shoe = [card for card in BJ.shoe.shuffled(rng) if isinstance(card, Card)]
    situation = OptionsSituation(hand=(shoe[0], shoe[1]), dealer=shoe[2], hands_in_box=rng.choice([1, 2]),
                                 third_card_dealt=True)
    legal = legal_plays(situation, BJ)
    assume(legal not in ((), (Play.STAND,)))
    assert player.play(situation, BJ, rng) in legal


def test_the_default_player_is_basic_strategy_and_draws_nothing_for_tendencies():
    situation = OptionsSituation(hand=tuple(parse_cards(["8S", "8H"])), dealer=parse_card("TD"))
    rng = random.Random(3)
    before = rng.getstate()
    assert TwentyOnePlayer().play(situation, BJ, rng) is basic_strategy(situation, BJ) is Play.SPLIT
    assert rng.getstate() == before


def test_tendencies_of_the_drills_players():
    pair = OptionsSituation(hand=tuple(parse_cards(["8S", "8H"])), dealer=parse_card("TD"))
    assert TwentyOnePlayer(split=0.0).play(pair, BJ, random.Random(1)) is Play.HIT  # 16 against a 10
    tens = OptionsSituation(hand=tuple(parse_cards(["TS", "KH"])), dealer=parse_card("6D"))
    assert TwentyOnePlayer(extra_splits=1.0).play(tens, BJ, random.Random(1)) is Play.SPLIT
    eleven = OptionsSituation(hand=tuple(parse_cards(["6S", "5H"])), dealer=parse_card("6D"))
    assert TwentyOnePlayer(double=0.0).play(eleven, BJ, random.Random(1)) is Play.HIT
    stiff = OptionsSituation(hand=tuple(parse_cards(["TS", "5H"])), dealer=parse_card("9D"))
    assert TwentyOnePlayer(stand_low=1.0).play(stiff, BJ, random.Random(1)) is Play.STAND
    stiff_against_six = OptionsSituation(hand=tuple(parse_cards(["TS", "5H"])), dealer=parse_card("6D"))
    assert TwentyOnePlayer(hit_low=1.0).play(stiff_against_six, BJ, random.Random(1)) is Play.HIT
    nine_against_ten = OptionsSituation(hand=tuple(parse_cards(["5S", "4H"])), dealer=parse_card("TD"))
    assert TwentyOnePlayer().play(nine_against_ten, BJ, random.Random(1)) is Play.HIT
    assert TwentyOnePlayer(extra_doubles=1.0).play(nine_against_ten, BJ, random.Random(1)) is Play.DOUBLE
    fourteen = OptionsSituation(hand=tuple(parse_cards(["TS", "4H"])), dealer=parse_card("7D"))
    assert not TwentyOnePlayer().surrenders(fourteen, BJ, random.Random(1))  # not on the chart
    assert TwentyOnePlayer(extra_surrenders=1.0).surrenders(fourteen, BJ, random.Random(1))
    assert not TwentyOnePlayer(extra_surrenders=1.0).surrenders(
        OptionsSituation(hand=tuple(parse_cards(["TS", "4H"])), dealer=parse_card("AD")), BJ, random.Random(1))


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_pai_gow_players_ways_to_set_a_hand(seed):
    rng = random.Random(seed)
    cards = DECK.shuffled(rng)[:7]
    fouled = fouled_setting(rng, cards)
    if fouled is not None:
        assert check_foul(fouled).fouled
    assert check_foul(odd_split(rng, cards)).fouled
    assert check_foul(foul(rng, cards)).fouled
    own = other_setting(rng, cards)
    assert not check_foul(own).fouled
    assert PaiGowPlayer(foul_rate=0.0).set_hand(rng, cards) == house_way(cards).setting


def test_over_under_player_never_folds_without_a_fold_rate_and_picks_a_side():
    player = OverUnderPlayer(fold_rate=0.0, spread=0.5)
    choices = {player.choose(random.Random(seed), parse_card("7S")) for seed in range(40)}
    assert choices == {Choice.UNDER, Choice.OVER}
