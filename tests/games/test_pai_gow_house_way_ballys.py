"""The second house way, Bally's Atlantic City adapted to two wild jokers (``ballys-ac``):
a worked example for every step key from the published text (jokers where the step cares),
hands the two ways set differently, step texts worded from the thresholds, its own
properties on seeded deals (never a foul, the seven cards, any order alike), and its use by
a round (PG-17) and the rulings door."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from drills.rulings.base import answer as door_answer
from drills.rulings.base import decode_body
from games.cards import JOKER, parse_cards
from games.pai_gow import DECK, HOUSE_WAYS, PaiGowRules, Setting, check_foul, house_way
from games.pai_gow.codes import JOKER_CODE, codes_of
from games.pai_gow.house_ways.ballys import BallysThresholds, steps_for
from games.pai_gow.house_ways.base import Split
from games.pai_gow.house_ways.pg_h import ACE, Thresholds, variant
from games.pai_gow.ranking import tables_for
from games.pai_gow.round import Automation, PaiGowRound, PaiGowStart, ResetBank, Seat

BALLYS = PaiGowRules(house_way="ballys-ac")
DEFAULT = PaiGowRules()


def cards(tokens):
    return parse_cards(tokens.split())


def tokens(hand):
    return sorted(map(str, hand))


# (seven cards, the two cards Bally's way puts in front, the step key), each worked out by
# hand from the published paragraphs and the module's adaptation to two wild jokers.
STEP_EXAMPLES = [
    # step 1: five Aces as published; five of another rank (wild jokers) by the step-2 paragraph
    ("AS AH AD JK JK KC KD", "KC KD", "1-kings"),  # five Aces and a pair of Kings: the Kings in front
    ("AS AH AD AC JK JK KC", "KC JK", "1-kings"),  # the spare joker and the King are the pair of Kings
    ("AS AH AD JK JK QC QD", "AS AH", "1-aces"),  # five Aces always split, even beside a pair of Queens;
    # the jokers stay back, where they make four Queens (AD JK JK QC QD)
    ("9S 9H 9D JK JK 4C 4D", "4C 4D", "1-pair"),  # five 9s with a pair: the pair in front
    ("KS KH KD JK JK AC 4D", "AC 4D", "1-keep"),  # five Kings, an Ace for the front: kept together
    ("QS QH QD QC JK JK 3D", "JK 3D", "1-keep"),  # five Queens; the spare joker is an Ace (step 0)
    ("KS KH KD JK JK 9C 4D", "JK JK", "1-split"),  # no Ace: split; the two jokers in front are Aces (PG-J)
    ("9S 9H 9D JK JK KC 4D", "KC 4D", "1-low"),  # five 9s never split
    # step 2: four of a kind
    ("AS AH AD AC KS KH 3D", "KS KH", "2-aces-kings"),
    ("AS AH AD AC QS QH 3D", "AS AH", "2-aces"),  # four Aces split beside any pair but Kings
    ("AS AH AD AC KS 7H 3D", "AS AH", "2-aces"),
    ("TS TH TD TC 9S 9H 3D", "9S 9H", "2-pair"),
    ("7S 7H 7D JK 9S 9H 3D", "9S 9H", "2-pair"),  # the joker makes four 7s; the 9s go in front
    ("8S 8H 8D 8C QS 7H 3D", "QS 7H", "2-low"),  # 2s–9s never split
    ("QS QH QD QC AS 7H 3D", "AS 7H", "2-keep"),  # 10s–Kings with an Ace for the front: kept
    ("QS QH JK JK AS 7H 3D", "AS 7H", "2-keep"),  # two jokers make the four Queens
    ("QS QH QD QC KS 7H 3D", "QS QH", "2-split"),
    # step 3: full house
    ("KS KH KD 9S 9H 9D 2C", "KS KH", "3-two-trips"),
    ("KS KH KD QS QH 9S 9H", "QS QH", "3-two-pairs"),  # the higher of the two pairs; a full house back
    ("KS KH 6S 6H 4S 4H JK", "6S 6H", "3-two-pairs"),  # the joker joins the Kings (step 0)
    ("3S 3H 3D 2S 2H AS KH", "AS KH", "3-deuces"),
    ("9S 9H 2S 2H JK AS KH", "AS KH", "3-deuces"),  # the joker makes 999-22
    ("3S 3H 3D 2S 2H AS QH", "2S 2H", "3-split"),  # an Ace and a Queen: no exception
    ("KS KH 6S 6H JK QD 9C", "6S 6H", "3-split"),  # the joker makes KKK: the pair of 6s in front
    # step 4: straights, flushes, straight flushes
    ("AS KD QH JC 9S 8D JK", "AS KD", "4-no-pair"),  # a lower straight (Q-J-T-9-8) can be played: play it
    ("AS 2D 3H 4C JK KS QD", "KS QD", "4-no-pair"),  # A-2-3-4-5 with the joker: the straight stays
    ("AS JS 8S 5S 3S KH QD", "KH QD", "4-no-pair"),
    ("AS KD QH JC JK 5S 3D", "KD QH", "4-joker-aces"),  # A-K-Q-J-(joker): a pair of Aces back, K Q front
    ("AS KD QH 8C 2S JK JK", "KD QH", "4-joker-aces"),  # two jokers: A JK JK back (three Aces)
    ("AS KS QS JS JK 5D 3C", "KS QS", "4-joker-aces"),  # even a royal flush made with the joker is broken
    ("TH TD 2S 6S 8S JS QS", "TH TD", "4-pair-front"),
    ("AS 5S 6D 7C 8H 9S JK", "AS JK", "4-pair-front"),  # the spare joker is an Ace: a pair of Aces in front
    ("AC KC QS JC TD TS 5C", "TS 5C", "4-complete-back"),  # no "Ace in front" exception: the straight back
    ("9S 9H 5S 6D 7C 8H 3D", "9S 3D", "4-complete-back"),  # 9-9 in front would break the straight
    ("6D 7D 8H 9C 9D 9S TH", "9S 9D", "4-trips"),
    ("JS JH QD QC KS TD 9C", "JS JH", "4-6-high"),  # a straight with two pairs plays as two pairs
    ("AS 9S 7S 4S 2S AH 7H", "7S 7H", "4-6-aces"),
    ("JS 9S 4S 3S AS JH 4H", "AS 9S", "4-6-ace-kept"),  # low and high pair with an Ace: both back
    ("JS 9S 4S 3S 2S JH 4H", "4S 4H", "4-6-ace-split"),
    ("2S 2H 3D 3C AS 4H 5C", "AS 5C", "4-6-king-kept"),  # two low pairs beside a wheel, an Ace: both back
    ("6S 9S 4S 3S 2S 6H 4H", "4S 4H", "4-6-king-split"),
    # step 5: three pairs
    ("KS KH 9S 9H 4D 4C 2S", "KS KH", "5"),
    # step 6: two pairs, by both pairs (low 2s–6s, mid 7s–10s, high Jacks–Kings)
    ("AS AH 4D 4C KS 9H 2C", "4D 4C", "6-aces"),
    ("JS JH 9D 9C AS 5H 2C", "9D 9C", "6-high"),  # mid and high: always split, even with an Ace
    ("JS JH 4D 4C AS 9H 2C", "AS 9H", "6-ace-kept"),  # low and high with an Ace: both back
    ("9S 9H 7D 7C AS 5H 2C", "AS 5H", "6-ace-kept"),  # two mid pairs with an Ace
    ("JS JH 4D 4C KS 9H 2C", "4D 4C", "6-ace-split"),  # a King is not enough for low and high
    ("9S 9H 4D 4C KS QH 2C", "KS QH", "6-king-kept"),  # low and mid with a King: both back
    ("6S 6H 4D 4C KS QH 2C", "KS QH", "6-king-kept"),
    ("9S 9H 4D 4C QS JH 2C", "4D 4C", "6-king-split"),
    # step 7: three of a kind
    ("AS AH AD KC 9S 6H 3D", "AS KC", "7-aces"),
    ("AS JK JK KC 9S 6H 3D", "JK KC", "7-aces"),  # the third Ace is a joker: in front it pairs the King
    ("8S 8H JK KC 9S 6H 3D", "KC 9S", "7"),
    # step 8: one pair
    ("QS QH 9D 7C 5S 3H 2D", "9D 7C", "8"),
    ("KS JK 9D 7C 5S 3H 2D", "9D 7C", "8"),  # the joker pairs the highest single
    # step 9: no pair
    ("KS QH 9D 7C 5S 3H 2D", "QH 9D", "9"),
]


@pytest.mark.parametrize(("hand", "low", "step"), STEP_EXAMPLES, ids=[f"ballys-{e[2]}-{e[0]}" for e in STEP_EXAMPLES])
def test_ballys_way_steps(hand, low, step):
    given_cards = cards(hand)
    result = house_way(given_cards, BALLYS)
    assert result.step == step
    assert tokens(result.setting.low) == tokens(cards(low))
    assert tokens(result.setting.cards) == tokens(given_cards)
    assert not check_foul(result.setting, BALLYS).fouled
    assert result.rules == (("PG-H", "PG-J") if JOKER in given_cards else ("PG-H",))
    cited = "steps 4 and 6" if step.startswith("4-6") else f"step {step.split('-')[0]}"
    assert result.explanation.startswith(f"Bally's way {cited}: ")
    assert "PG-H step" not in result.explanation


def test_every_step_key_has_an_example():
    assert set(HOUSE_WAYS["ballys-ac"].steps) - {"fallback"} == {step for _, _, step in STEP_EXAMPLES}


# Hands the two ways set differently (PG-H front, Bally's front): the published paragraphs
# that differ from RULES.md's list, jokers included.
DIFFERENCES = [
    ("JS JH 4D 4C AS 9H 2C", "4D 4C", "AS 9H"),  # two pair judged by both pairs
    ("9S 9H 4D 4C KS QH 2C", "4D 4C", "KS QH"),
    ("8S 8H 8D 8C QS 7H 3D", "8S 8H", "QS 7H"),  # four 8s never split here
    ("QS QH QD QC AS 7H 3D", "QS QH", "AS 7H"),  # four Queens kept with an Ace
    ("AS AH AD AC QS QH 3D", "QS QH", "AS AH"),  # four Aces split beside Queens
    ("AS AH AD JK JK QC QD", "QC QD", "AS AH"),  # five Aces split beside Queens
    ("KS KH KD JK JK AC 4D", "JK JK", "AC 4D"),  # five Kings kept with an Ace
    ("9S 9H 9D JK JK KC 4D", "KC JK", "KC 4D"),  # five 9s never split
    ("KS KH KD QS QH 9S 9H", "KS KH", "QS QH"),  # trips and two pairs
    ("3S 3H 3D 2S 2H AS KH", "2S 2H", "AS KH"),  # the 2s full house with A-K
    ("KS KH 6S 6H JK QD 9C", "KS KH", "6S 6H"),  # a joker full house: the pair in front
    ("AC KC QS JC TD TS 5C", "AC KC", "TS 5C"),  # PG-H's Ace-in-front exception
    ("AS KD QH JC JK 5S 3D", "5S 3D", "KD QH"),  # the Ace-high joker straight broken here
    ("AS KD QH 8C 2S JK JK", "8C 2S", "KD QH"),
]


@pytest.mark.parametrize(("hand", "pg_h_low", "ballys_low"), DIFFERENCES)
def test_the_two_ways_set_these_hands_differently(hand, pg_h_low, ballys_low):
    given_cards = cards(hand)
    assert tokens(house_way(given_cards, DEFAULT).setting.low) == tokens(cards(pg_h_low))
    assert tokens(house_way(given_cards, BALLYS).setting.low) == tokens(cards(ballys_low))


def test_step_texts_describe_their_own_thresholds():
    default = HOUSE_WAYS["ballys-ac"].steps
    assert "2s–9s" in default["2-low"]
    assert "10s–Kings" in default["2-keep"]
    assert "pairs 2s–6s low, 7s–10s mid, Jacks–Kings high" in default["6-ace-kept"]
    other = steps_for(BallysThresholds(low_pair_top=5, mid_pair_top=9, quads_never_split_top=6, full_house_keep_pair=3))
    assert "2s–6s" in other["2-low"]
    assert "7s–Kings" in other["2-split"]
    assert "pairs 2s–5s low, 6s–9s mid, 10s–Kings high" in other["6-king-kept"]
    assert "a pair of 3s" in other["3-deuces"]
    assert all(text.startswith("Bally's way") for text in default.values())


def test_a_pg_h_variant_explains_its_own_thresholds():
    way = variant("queens-split", "PG-H, two pair split from Queens", Thresholds(two_pair_split_from=12,
                                                                                quads_keep_front=ACE))
    assert way.steps["6-split"] == "PG-H step 6: two pair, big pair Queens–Aces: split, the small pair in front"
    assert way.steps["6-ace"] == "PG-H step 6: two pair, big pair 7s–Jacks, an Ace for the front: both pairs back"
    assert way.steps["2-keep"] == "PG-H step 2: four of a kind 7s–10s with an Ace for the front: kept together"
    assert "big pair of 7s–Jacks and an Ace" in way.misreadings[0].message
    assert "big pair Jacks–Aces: split" in HOUSE_WAYS["pg-h"].steps["6-split"]  # the default's own words
    *_, step = way.place(codes_of(cards("JS JH 4D 4C AS 9H 2C")), tables_for(True))
    assert step == "6-ace"


def test_the_label_and_the_rule_set_value():
    way = HOUSE_WAYS["ballys-ac"]
    assert way.label == "Bally's Atlantic City way (two jokers)"
    assert PaiGowRules.from_mapping({"house_way": "ballys-ac"}).way is way
    assert HOUSE_WAYS["pg-h"].label != way.label


# --- properties on seeded deals (the hypothesis properties run over every registered way) ---


@pytest.mark.parametrize("wheel_lowest", [True, False])
def test_no_foul_no_fallback_and_any_order_alike_on_seeded_hands(wheel_lowest):
    """12,000 deals from the 54-card deck and 3,000 with both jokers, each also set in a
    shuffled order: the same cards in front, the same step."""
    rng = random.Random(16)
    tables = tables_for(wheel_lowest)
    place = HOUSE_WAYS["ballys-ac"].place
    deck = [*range(52), JOKER_CODE, JOKER_CODE]
    hands = [tuple(rng.sample(deck, 7)) for _ in range(12000)]
    hands += [(JOKER_CODE, JOKER_CODE, *rng.sample(range(52), 5)) for _ in range(3000)]
    for codes in hands:
        i, j, step = place(codes, tables)
        split = Split(codes, tables)
        assert step != "fallback", codes
        assert split.front(i, j) <= split.back(i, j), codes
        shuffled = list(codes)
        rng.shuffle(shuffled)
        k, m, again = place(shuffled, tables)
        assert (sorted((codes[i], codes[j])), step) == (sorted((shuffled[k], shuffled[m])), again), codes


# --- a round and the rulings door run the rule set's house way --------------------------------


def _deck_with_bank_hand(hand):
    """The fixed deck order with ``hand`` dealt to the player-dealer: dice 1+1+1 send the
    first stack to position 3, so position 1 gets the sixth stack (cards 35 to 41). The
    hand holds no joker."""
    rest = [card for card in DECK.cards() if card not in hand]
    return (*rest[:35], *hand, *rest[35:])


def test_a_round_resets_a_fouled_player_dealer_hand_the_property_s_way():
    hand = cards("JS JH 4D 4C AS 9H 2C")  # PG-H: 4D 4C in front; Bally's way: AS 9H
    fouled = Setting(cards("AS 9H 2C 4D 4C"), cards("JS JH"))  # a pair of Jacks over a pair of 4s (PG-12)
    start = PaiGowStart.of(_deck_with_bank_hand(hand), (1, 1, 1), Decimal("100"), (Seat(3, Decimal("10")),),
                           {1: fouled})
    for rules, low in ((BALLYS, "AS 9H"), (DEFAULT, "4D 4C")):
        state = PaiGowRound.begin(start, rules, automations=set(Automation) - {Automation.OPENING}).open_bank()
        due = state.due().action
        assert isinstance(due, ResetBank)
        assert tokens(due.low) == tokens(cards(low))
        expected = house_way(fouled.cards, rules).setting
        assert due == ResetBank(expected.high, expected.low)


def test_the_house_way_ruling_uses_the_rule_set_s_way():
    body = decode_body('{"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C"]}')
    ruling = door_answer("pai-gow", "house-way", body, BALLYS).to_json()
    assert ruling["answer"] == {"high": ["JS", "JH", "4D", "4C", "2C"], "low": ["AS", "9H"]}
    assert ruling["explanation"].startswith("Bally's way step 6")
    assert "PG-H step" not in ruling["explanation"]
    default = door_answer("pai-gow", "house-way", body, DEFAULT).to_json()
    assert default["answer"]["low"] == ["4D", "4C"]


@pytest.mark.parametrize("name", ["pg-h", "ballys-ac"])
def test_two_jokers_or_an_ace_and_a_joker_in_front_do_not_depend_on_the_order(name):
    # both fronts are a pair of Aces before the same club flush: the canonical cards play
    # (an Ace and a joker), whichever order the seven come in (found by the seeded test above)
    rules = PaiGowRules(house_way=name)
    for hand in ("JK JK AC JC 6C 8C 4C", "4C 8C 6C AC JK JC JK"):
        assert tokens(house_way(cards(hand), rules).setting.low) == ["AC", "JK"], hand
