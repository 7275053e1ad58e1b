"""The house way (PG-H): a worked example for every step and joker case, the step-0
decisions, the registry, and properties (never a foul, always the seven given cards)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import ALL_CARDS, JOKER, parse_cards
from games.errors import RuleSetError
from games.pai_gow import DECK, HOUSE_WAYS, PaiGowRules, Setting, check_foul, house_way, rank_hand
from games.pai_gow.codes import JOKER_CODE, codes_of
from games.pai_gow.house_ways.base import Split
from games.pai_gow.house_ways.pg_h import Thresholds, resolve, variant
from games.pai_gow.ranking import (
    FIVE_OF_A_KIND,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    tables_for,
)

DEFAULT = PaiGowRules()


def cards(tokens):
    return parse_cards(tokens.split())


def tokens(hand):
    return sorted(map(str, hand))


# (seven cards, the two cards the house way puts in front, the step key). Each expected
# setting was worked out by hand from RULES.md PG-H (the reasoning is in the comment).
STEP_EXAMPLES = [
    # step 1: five of a kind
    ("9S 9H 9D JK JK KS KH", "KS KH", "1-pair"),  # five 9s with another pair: the pair in front
    ("9S 9H 9D 9C JK JK AS", "AS JK", "1-pair"),  # 2nd joker is an Ace (step 0): A + joker pair in front
    ("AS AH AD JK JK KC 5D", "KC JK", "1-kings"),  # five Aces: K + joker = pair of Kings can go in front
    ("AS AH AD AC JK QD 5C", "AS AH", "1-aces"),  # five Aces, no King: a pair of Aces in front
    ("AS AH AD JK JK 9C 4D", "AS AH", "1-aces"),  # the jokers stay back (equal backs: the step's own cards)
    # five Kings = four Kings + a King: split; the front pair is played by the two jokers, a pair of Aces
    # in front (PG-J), the back keeps three Kings (the realization rule of step 0)
    ("KS KH KD JK JK 9C 4D", "JK JK", "1-quads-split"),
    ("9S 9H 9D JK JK KC 4D", "KC JK", "1-quads-keep"),  # four 9s + a 9 (a joker) + K: K and that 9 in front
    ("9S 9H 9D JK JK QC 4D", "JK JK", "1-quads-middle-split"),  # no K or A for the front: split (jokers: AA)
    ("5S 5H 5D JK JK KC 8D", "KC 8D", "1-quads-low"),  # four 5s + a 5: never split, K 8 in front
    # step 2: four of a kind
    ("9S 9H 9D 9C KS KH 3D", "KS KH", "2-pair"),
    ("9S 9H 9D 9C KS KH KD", "KS KH", "2-pair"),  # with trips: a pair of them in front
    ("QS QH QD QC 9S 7H 3D", "QS QH", "2-split"),
    ("AS AH AD AC KS 7H 3D", "AS AH", "2-split"),  # Jacks–Aces split, Aces too
    ("8S 8H 8D 8C KS 7H 3D", "KS 7H", "2-keep"),
    ("8S 8H 8D 8C QS 7H 3D", "8S 8H", "2-middle-split"),
    ("4S 4H 4D 4C AS 7H 3D", "AS 7H", "2-low"),
    ("8S 8H 8D JK KS 7H 3D", "KS 7H", "2-keep"),  # trips + joker = four 8s
    ("QS QH JK JK 9S 7H 3D", "QS QH", "2-split"),  # pair + two jokers = four Queens; jokers stay back (trip 9s)
    # step 3: full house
    ("KS KH KD 9S 9H 5C 2D", "9S 9H", "3-full-house"),  # KK in front would foul (pair of 9s back)
    ("KS KH KD QS QH 9S 9H", "KS KH", "3-full-house"),  # decision: KK from the trips keeps two pair back
    ("3S 3H 3D AS AH 7C 5D", "AS AH", "3-full-house"),
    ("KS KH KD 9S 9H 9D 2C", "KS KH", "3-two-trips"),
    ("KS KH 6S 6H JK QD 9C", "KS KH", "3-full-house"),  # joker makes KKK; KK front, joker back makes 666
    # step 4: straight, flush, straight flush
    ("AS KD QH JC 9S 8D JK", "AS KD", "4-no-pair"),  # Q-J-T(joker)-9-8 back keeps A K in front
    ("2S 3H 4D 5C 6S KH QD", "KH QD", "4-no-pair"),
    ("AS JS 8S 5S 3S KH QD", "KH QD", "4-no-pair"),
    ("AS JS 8S 5S 3S 2S KH", "AS KH", "4-no-pair"),  # six spades: the Ace can go in front
    ("KS 9D 7C 5S 2H JK JK", "KS 2H", "4-no-pair"),  # two jokers fill 5-9
    ("TH TD 2S 6S 8S JS QS", "TH TD", "4-pair-front"),
    ("AH KH QH JH 9H TD TS", "TD TS", "4-pair-front"),  # the pair beats A-K: no Ace exception
    ("AS 5S 6D 7C 8H 9S JK", "AS JK", "4-pair-front"),  # unneeded joker is an Ace: pair of Aces in front
    ("KS 9S 5S 2S QH QD JK", "QH QD", "4-pair-front"),  # joker fills the flush
    ("AC KC QS JC TD TS 5C", "AC KC", "4-ace-front"),  # A-K in front beats T-5, the pair of 10s back
    ("9S 9H 5S 6D 7C 8H 3D", "9S 3D", "4-complete-back"),  # 9 9 front would break the straight
    ("2C 5C 8H 9C JK QC QH", "QH 8H", "4-complete-back"),  # the joker is no Ace for the exception
    # trips + straight: any two 9s in front leave the same straight back; the canonical two play (S before D)
    ("6D 7D 8H 9C 9D 9S TH", "9S 9D", "4-trips"),
    ("9S 9H 9D TS JS QS JK", "9H 9D", "4-trips"),  # joker makes the 9-K straight flush with 9S
    ("JS JH QD QC KS TD 9C", "JS JH", "4-6-split"),  # straight with two pair plays as two pair
    ("5S 5H 6D 6C 7S 8H 9D", "5S 5H", "4-6-low-split"),
    ("AS 9S 7S 4S 2S 9H 7H", "AS 4S", "4-6-ace"),  # flush with two pair, big 9s and an Ace: both pairs back
    ("9S 7S 4S 3S 2S 9H 7H", "7S 7H", "4-6-middle-split"),
    ("KS 6S 4S 3S 2S 6H 4H", "KS 3S", "4-6-king-ace"),
    # step 5: three pair
    ("KS KH 9S 9H 4D 4C 2S", "KS KH", "5"),
    # step 6: two pair
    ("JS JH 4D 4C AS 9H 2C", "4D 4C", "6-split"),
    ("9S 9H 4D 4C AS KH 2C", "AS KH", "6-ace"),
    ("9S 9H 4D 4C KS QH 2C", "4D 4C", "6-middle-split"),
    ("6S 6H 4D 4C KS QH 2C", "KS QH", "6-king-ace"),
    ("6S 6H 4D 4C QS JH 2C", "4D 4C", "6-low-split"),
    # step 7: three of a kind
    ("AS AH AD KC 9S 6H 3D", "AS KC", "7-aces"),  # any Ace may be "the third": the canonical one (spades)
    ("AS AH JK KC 9S 6H 3D", "JK KC", "7-aces"),  # the third Ace is the joker: in front it pairs the King
    ("AS JK JK KC 9S 6H 3D", "JK KC", "7-aces"),  # two jokers are Aces (step 0)
    ("8S 8H 8D KC 9S 6H 3D", "KC 9S", "7"),
    ("8S 8H JK KC 9S 6H 3D", "KC 9S", "7"),  # decision: joker + pair = trips (better category than two pair)
    # step 8: one pair
    ("QS QH 9D 7C 5S 3H 2D", "9D 7C", "8"),
    ("KS JK 9D 7C 5S 3H 2D", "9D 7C", "8"),  # the joker pairs the highest single
    ("AS JK 9D 7C 6S 3H 2D", "9D 7C", "8"),
    # step 9: no pair
    ("KS QH 9D 7C 5S 3H 2D", "QH 9D", "9"),
]


@pytest.mark.parametrize(("hand", "low", "step"), STEP_EXAMPLES, ids=[f"PG-H-{e[2]}-{e[0]}" for e in STEP_EXAMPLES])
def test_house_way_steps(hand, low, step):
    given_cards = cards(hand)
    result = house_way(given_cards)
    assert result.step == step
    assert tokens(result.setting.low) == tokens(cards(low))
    assert tokens(result.setting.cards) == tokens(given_cards)
    assert not check_foul(result.setting).fouled
    assert result.rules == (("PG-H", "PG-J") if JOKER in given_cards else ("PG-H",))
    assert "PG-H step" in result.explanation


def test_every_step_key_has_an_example():
    # "1-quads-pair" cannot happen (another pair with five of a kind is "1-pair"); "fallback" must not
    reachable = set(HOUSE_WAYS["pg-h"].steps) - {"fallback", "1-quads-pair"}
    assert reachable == {step for _, _, step in STEP_EXAMPLES}


@pytest.mark.parametrize(
    ("hand", "category", "identities"),
    [
        ("KS KH 9D 7C 5H 3S JK", TRIPS, [13]),  # trips beats two pair (PG-R order)
        ("AS KS 9S 5S 2D 3H JK", FLUSH, [12]),  # filled with the highest rank not held: no new pair
        ("AS 5S 6D 7C 8H 9S JK", STRAIGHT, [14]),  # not needed: an Ace
        ("KS 9D 7C 5S 3H 2D JK", PAIR, [13]),  # pairs the highest single
        ("KS KH 6S 6H JK QD 9C", FULL_HOUSE, [13]),  # joins the higher pair
        ("9S 9H 9D 9C JK 2D 3C", FIVE_OF_A_KIND, [9]),
        ("9S 9H 9D 9C JK JK AS", FIVE_OF_A_KIND, [9, 14]),  # one needed, the other an Ace
        ("KS 9D 7C 5S 2H JK JK", STRAIGHT, [8, 6]),
        ("9S TS JS QS KH 2D JK", STRAIGHT_FLUSH, [13]),  # fewest jokers, then the highest straight flush
        ("QS QH JK JK 9S 7H 3D", QUADS, [12, 12]),
    ],
)
def test_step_0_joker_identities(hand, category, identities):
    assert resolve(codes_of(cards(hand)), True) == (category, identities)


def test_step_0_follows_the_wheel_setting():
    hand = codes_of(cards("2S 3H 4D 5C 9S KD JK"))
    assert resolve(hand, True) == (STRAIGHT, [6])  # 2-6 beats the lowest straight
    assert resolve(hand, False) == (STRAIGHT, [14])  # the wheel ranks second-highest


def test_a_variant_as_data_changes_only_its_thresholds():
    tens_split = variant("tens-split", "PG-H with two pair split from Queens", Thresholds(two_pair_split_from=12))
    tables = tables_for(True)
    for hand, default_step, variant_step in [
        ("JS JH 4D 4C AS 9H 2C", "6-split", "6-ace"),
        ("JS JH 4D 4C KS 9H 2C", "6-split", "6-middle-split"),
        ("QS QH 4D 4C AS 9H 2C", "6-split", "6-split"),
    ]:
        codes = codes_of(cards(hand))
        assert HOUSE_WAYS["pg-h"].place(codes, tables)[2] == default_step
        assert tens_split.place(codes, tables)[2] == variant_step


def test_the_house_way_is_a_rule_set_value():
    assert PaiGowRules().house_way == "pg-h"
    with pytest.raises(RuleSetError, match="house_way"):
        PaiGowRules.from_mapping({"house_way": "my-casino"})


# --- properties ----------------------------------------------------------------------------

EVERY_CARD = [*ALL_CARDS, JOKER]
seven_cards = st.lists(st.sampled_from(EVERY_CARD), min_size=7, max_size=7).filter(DECK.can_hold)


@settings(max_examples=400, deadline=None)
@given(seven_cards, st.sampled_from(sorted(HOUSE_WAYS)), st.booleans())
def test_the_house_way_never_fouls_and_sets_the_seven_cards(hand, name, wheel_lowest):
    rules = PaiGowRules(house_way=name, wheel_lowest_straight=wheel_lowest)
    result = house_way(hand, rules)
    assert len(result.setting.high) == 5
    assert len(result.setting.low) == 2
    assert Counter(result.setting.cards) == Counter(hand)
    assert not check_foul(result.setting, rules).fouled
    assert result.step != "fallback"


@pytest.mark.parametrize("wheel_lowest", [True, False])
def test_no_foul_and_no_fallback_on_many_seeded_hands(wheel_lowest):
    """30,000 deals from the 54-card deck plus 3,000 with both jokers (rare when dealt)."""
    rng = random.Random(3)
    tables = tables_for(wheel_lowest)
    place = HOUSE_WAYS["pg-h"].place
    deck = [*range(52), JOKER_CODE, JOKER_CODE]
    hands = [tuple(rng.sample(deck, 7)) for _ in range(30000)]
    hands += [(JOKER_CODE, JOKER_CODE, *rng.sample(range(52), 5)) for _ in range(3000)]
    for codes in hands:
        i, j, step = place(codes, tables)
        split = Split(codes, tables)
        assert step != "fallback", codes
        assert split.front(i, j) <= split.back(i, j), codes


def test_house_way_output_is_a_setting_of_the_given_cards_in_their_order():
    given_cards = cards("JS JH 4D 4C AS 9H 2C")
    result = house_way(given_cards)
    assert result.setting == Setting(tuple(cards("JS JH AS 9H 2C")), tuple(cards("4D 4C")))
    assert rank_hand(result.setting.high).describe() == "pair of Jacks"


# --- the house way is a function of the seven cards, not of their order (issue 13.13) ----


def test_natural_cards_of_one_rank_take_the_tie_break_as_jokers_do():
    # four Queens (three and the joker) split: the Queen of clubs stays back with the joker,
    # a club flush, whichever order the Queens are listed in
    for hand in ("JK 9C 4C 2C QC QD QS", "JK 9C 4C 2C QD QS QC", "QC JK QS 9C QD 4C 2C"):
        result = house_way(cards(hand))
        assert tokens(result.setting.low) == ["QD", "QS"], hand
        assert rank_hand(result.setting.high).describe().startswith("flush"), hand


def _as_sets(result):
    return Counter(result.setting.high), Counter(result.setting.low), result.step


@settings(max_examples=300, deadline=None)
@given(st.data(), seven_cards, st.sampled_from(sorted(HOUSE_WAYS)), st.booleans())
def test_every_ordering_of_a_hand_is_set_alike(data, hand, name, wheel_lowest):
    rules = PaiGowRules(house_way=name, wheel_lowest_straight=wheel_lowest)
    reordered = data.draw(st.permutations(hand))
    assert _as_sets(house_way(reordered, rules)) == _as_sets(house_way(hand, rules))


def test_every_ordering_is_set_alike_on_seeded_hands_with_repeated_ranks():
    """Hands rich in cards of one rank (where the choice of card arises), each listed in
    six orders, jokers included; compared as sets of codes."""
    rng = random.Random(13)
    tables = tables_for(True)
    place = HOUSE_WAYS["pg-h"].place
    deck = [*range(52), JOKER_CODE, JOKER_CODE]
    checked = 0
    for _ in range(4000):
        rank = rng.randrange(13)
        same = rng.sample([rank * 4 + suit for suit in range(4)], rng.randint(2, 4))
        rest = [code for code in deck if code not in same]
        hand = same + rng.sample(rest, 7 - len(same))
        if hand.count(JOKER_CODE) > 2:
            continue
        expected = None
        for _ in range(6):
            rng.shuffle(hand)
            i, j, step = place(hand, tables)
            front = sorted((hand[i], hand[j]))
            back = sorted(code for x, code in enumerate(hand) if x not in (i, j))
            if expected is None:
                expected = (front, back, step)
            assert (front, back, step) == expected, hand
        checked += 1
    assert checked > 3500
