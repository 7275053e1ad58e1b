"""Pai Gow ranking (PG-R, PG-J / PG-9, PG-0): worked examples, an exhaustive check over
every five-card hand of the 54-card deck against a plain reference written here, and
property tests."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import ALL_CARDS, JOKER, parse_cards
from games.errors import ImpossibleCardsError
from games.pai_gow import DECK, Category, PaiGowRules, rank_hand
from games.pai_gow.codes import codes_of
from games.pai_gow.ranking import CARD_VALUES, DEFAULT_TABLES, WHEEL_SECOND_TABLES

EVERY_CARD = [*ALL_CARDS, JOKER]

# --- an independent reference: plain poker rules on concrete (rank, suit) cards -----------------

CATEGORY_NUMBER = {category: number for number, category in enumerate(Category)}


def reference(ranks, flush, wheel_lowest=True):
    """(category number, tie-break ranks) of five concrete cards; a rank may repeat (a
    joker duplicating a card). Written from PG-R without the engine's code."""
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    pattern = [count for _, count in by_count]
    order = [rank for rank, _ in by_count]
    distinct = sorted(counts, reverse=True)
    height = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            height = distinct[0] + (0 if wheel_lowest or distinct[0] != 14 else 1)
        elif distinct == [14, 5, 4, 3, 2]:
            height = 5 if wheel_lowest else 14
    candidates = []
    if pattern == [5]:
        candidates.append((9, order))
    if flush and height:
        candidates.append((8, [height]))
    if pattern == [4, 1]:
        candidates.append((7, order))
    if pattern == [3, 2]:
        candidates.append((6, order))
    if flush:
        candidates.append((5, sorted(ranks, reverse=True)))
    if height:
        candidates.append((4, [height]))
    named = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}
    if tuple(pattern) in named:
        candidates.append((named[tuple(pattern)], order))
    category, tie = max(candidates)
    return (category, *tie, *[0] * (5 - len(tie)))


def as_strength(key):
    value = key[0]
    for rank in key[1:]:
        value = value << 4 | rank
    return value


def reference_strength(cards, wheel_lowest=True):
    ranks = [card.rank.high for card in cards]
    if len(ranks) == 2:  # PG-R: a pair beats any non-pair, then by ranks
        high, low = max(ranks), min(ranks)
        return as_strength((1, high, 0, 0, 0, 0) if high == low else (0, high, low, 0, 0, 0))
    return as_strength(reference(ranks, len({card.suit for card in cards}) == 1, wheel_lowest))


DEFAULT = PaiGowRules()


def strength(tokens, rules=DEFAULT):
    return rank_hand(parse_cards(tokens.split()), rules.wheel_lowest_straight)


# --- worked examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "category", "best"),
    [
        pytest.param("AS KS QS JS TS", "straight-flush", "AS KS QS JS TS", id="PG-R-royal-flush"),
        pytest.param("AS AH AD AC KS", "four-of-a-kind", "AS AH AD AC KS", id="PG-R-quads"),
        pytest.param("AS AH AD KC KS", "full-house", "AS AH AD KC KS", id="PG-R-full-house"),
        pytest.param("AS 2H 3D 4C 5S", "straight", "AS 2H 3D 4C 5S", id="PG-R-wheel"),
        pytest.param("AS KH QD JC 9S", "high-card", "AS KH QD JC 9S", id="PG-R-high-card"),
        pytest.param("AS AH AD AC JK", "five-of-a-kind", "AS AH AD AC AS", id="PG-J-five-aces"),
        pytest.param("7S 7H 7D JK JK", "five-of-a-kind", "7S 7H 7D 7S 7C", id="PG-J-five-sevens-two-jokers"),
        pytest.param("KS QS JS TS JK", "straight-flush", "KS QS JS TS AS", id="PG-J-royal-with-joker"),
        pytest.param("AS KS 9S 5S JK", "flush", "AS KS 9S 5S AS", id="PG-J-flush-duplicates-the-ace"),
        pytest.param("KS QS 9S 5S JK", "flush", "KS QS 9S 5S AS", id="PG-J-flush-takes-the-missing-ace"),
        pytest.param("AS 2H 3D 4C JK", "straight", "AS 2H 3D 4C 5S", id="PG-J-wheel-with-joker"),
        pytest.param("2S 3H 4D 5C JK", "straight", "2S 3H 4D 5C 6S", id="PG-J-six-high-beats-the-wheel"),
        pytest.param("9S 9H 4D 4C JK", "full-house", "9S 9H 4D 4C 9D", id="PG-J-two-pair-to-full-house"),
        pytest.param("9S 9H 4D 2C JK", "three-of-a-kind", "9S 9H 4D 2C 9D", id="PG-J-pair-to-trips"),
        pytest.param("KS 9H 4D 2C JK", "pair", "KS 9H 4D 2C KH", id="PG-J-pairs-the-highest"),
        pytest.param("KS 9S 4S JK JK", "flush", "KS 9S 4S AS AS", id="PG-J-two-jokers-flush"),
        pytest.param("TS 9H JK JK 6D", "straight", "TS 9H 8S 7S 6D", id="PG-J-two-jokers-straight"),
        pytest.param("AS AH", "pair", "AS AH", id="PG-R-front-pair"),
        pytest.param("AS KH", "high-card", "AS KH", id="PG-R-front-high"),
        pytest.param("JK 7D", "pair", "7S 7D", id="PG-J-front-joker-pairs-partner"),
        pytest.param("JK JK", "pair", "AS AH", id="PG-J-front-two-jokers-are-aces"),
    ],
)
def test_rank_examples(hand, category, best):
    value = strength(hand)
    assert value.category == Category(category)
    assert " ".join(map(str, value.best)) == best
    assert value.strength == reference_strength(value.best)  # what the jokers became scores the same


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("AS AH AD AC JK", "KS QS JS TS 9S"),  # PG-R: five of a kind > straight flush
        ("AS AH AD AC JK", "KS KH KD JK JK"),  # five Aces are the best hand
        ("AS KS QS JS TS", "KH QH JH TH 9H"),  # royal flush is the highest straight flush
        ("2S 3S 4S 5S 6S", "AH AD AC AS KD"),  # straight flush > four of a kind
        ("2S 2H 2D 3C 3S", "AS KS QS JS 9S"),  # full house > flush
        ("2S 4S 6S 8S TS", "AS KH QD JC TS"),  # flush > straight
        ("2S 3H 4D 5C 6S", "AS 2H 3D 4C 5S"),  # PG-R (house): the wheel is the lowest straight
        ("AS AH 2D 3C 4S", "KS KH AD QC JS"),  # pairs by rank, then kickers
        ("AS AS KS 9S 5S", "AS KS QS 9S 5S"),  # decision: a flush holding a duplicated Ace is higher
        ("2S 2H", "AS KH"),  # front: a pair beats any non-pair
        ("AS 3H", "KS QH"),  # front: then by ranks
    ],
)
def test_ranking_order(higher, lower):
    def value(tokens):
        cards = [token for token in tokens.split() if token != "JK"]
        if len(set(cards)) < len(cards):  # a duplicated card: what a joker may become (PG-J)
            return reference_strength(parse_cards(cards))
        return strength(tokens).strength

    assert value(higher) > value(lower)


def test_the_wheel_is_second_highest_when_the_house_says_so():
    rules = PaiGowRules(wheel_lowest_straight=False)
    hands = ("AS 2H 3D 4C 5S", "KS QH JD TC 9S", "AS KH QD JC TS")
    wheel, king_high, broadway = (strength(hand, rules) for hand in hands)
    assert broadway > wheel > king_high
    assert strength("AS 2S 3S 4S 5S", rules) < strength("AS KS QS JS TS", rules)  # royal flush stays the highest
    assert strength("2S 3H 4D 5C JK", rules).best[-1] == parse_cards(["AS"])[0]  # the joker now makes the wheel
    assert strength("AS KH QD JC TS", rules).describe() == "straight, Ace high"
    assert strength("AS 2H 3D 4C 5S", rules).describe() == "straight, 5 high (the wheel)"


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        ("AS AS KD QC JH", "AS appears 2 times"),  # PG-0: one deck
        ("JK JK JK AS KD", "JK appears 3 times"),  # two jokers only
        ("AS KD QC", "holds 5 cards"),
        ("AS", "holds 5 cards"),
    ],
)
def test_impossible_hands_are_refused(hand, error):
    with pytest.raises(ImpossibleCardsError, match=error):
        strength(hand)


def test_the_deck_has_54_cards():
    assert DECK.size == 54  # PG-0
    assert DECK.copies(JOKER) == 2


# --- exhaustive: every five-card hand of the 54-card deck --------------------------------------

STANDARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}


@pytest.mark.slow
def test_every_five_card_hand_of_the_54_card_deck():
    """All C(54, 5) = 3,162,510 hands (the two jokers distinct): joker-free counts per
    category are the standard table; each hand has one category; a hand with jokers is
    exactly the best the reference gives over every card each joker may become, so a
    joker never makes a hand worse than any card in its place."""
    five = DEFAULT_TABLES.five
    standard = list(ALL_CARDS)
    values = [CARD_VALUES[code] for code in codes_of(standard)]
    joker = CARD_VALUES[52]

    counts = Counter()
    distinct = set()
    for a, b, c, d, e in combinations(values, 5):
        value = five(a, b, c, d, e)
        counts[value >> 20] += 1
        distinct.add(value)
    assert {Category.of(number << 20): count for number, count in counts.items()} == STANDARD_COUNTS
    assert sum(counts.values()) == 2598960
    assert len(distinct) == 7462  # the distinct values of five-card poker

    # With jokers: the value depends on the standard cards' ranks and whether they share a
    # suit; the reference maximum is computed once per such class, over each joker taking
    # every rank, of the standard cards' suit or another one.
    best_by_class = {}

    def best(ranks, suited):
        key = (ranks, suited)
        if key not in best_by_class:
            options = [(rank, same) for rank in range(2, 15) for same in ((True, False) if suited else (False,))]
            jokers = 5 - len(ranks)
            best_by_class[key] = max(
                as_strength(reference([*ranks, *(rank for rank, _ in fill)], suited and all(s for _, s in fill)))
                for fill in combinations_with_replacement(options, jokers)
            )
        return best_by_class[key]

    checked = 0
    for jokers in (1, 2):
        for hand in combinations(standard, 5 - jokers):
            ranks = tuple(sorted(card.rank.high for card in hand))
            suited = len({card.suit for card in hand}) == 1
            value = five(*(CARD_VALUES[code] for code in codes_of(hand)), *[joker] * jokers)
            assert value == best(ranks, suited), hand
            checked += 2 if jokers == 1 else 1  # a one-joker hand stands for the hands of either joker
    assert checked + 2598960 == 3162510

    # Equal to the maximum over every identity (duplicates included), a joker is never
    # worse than any card in its place. Said directly for two jokers against each
    # one-joker hand of the deck (checked above) that a replacement makes:
    for hand in combinations(standard, 3):
        codes = codes_of(hand)
        both = five(*(CARD_VALUES[code] for code in codes), joker, joker)
        for card in standard:
            if card in hand:
                continue  # not a hand of the deck; covered by the maxima above
            one = five(*(CARD_VALUES[code] for code in codes), CARD_VALUES[codes_of([card])[0]], joker)
            assert both >= one


def test_the_tables_match_the_reference_on_a_sample_of_joker_free_hands():
    rng = random.Random(2024)
    for wheel_lowest, tables in ((True, DEFAULT_TABLES), (False, WHEEL_SECOND_TABLES)):
        for _ in range(20000):
            hand = rng.sample(ALL_CARDS, 5)
            assert tables.five_codes(codes_of(hand)) == reference_strength(hand, wheel_lowest), hand


# --- properties --------------------------------------------------------------------------------

hands_with_jokers = st.lists(st.sampled_from(EVERY_CARD), min_size=5, max_size=5).filter(DECK.can_hold)


@settings(max_examples=300, deadline=None)
@given(hands_with_jokers, st.sampled_from(ALL_CARDS), st.booleans())
def test_a_joker_is_never_worse_than_any_card_in_its_place(hand, card, wheel_lowest):
    value = rank_hand(hand, wheel_lowest)
    # what the jokers became is a real hand of that very strength
    assert reference_strength(value.best, wheel_lowest) == value.strength
    if JOKER not in hand:
        return
    replaced = list(hand)
    replaced[replaced.index(JOKER)] = card
    if DECK.can_hold(replaced):
        assert value.strength >= rank_hand(replaced, wheel_lowest).strength
    elif JOKER not in replaced:  # the card duplicates one held: score it plainly
        assert value.strength >= reference_strength(replaced, wheel_lowest)


@settings(max_examples=300, deadline=None)
@given(hands_with_jokers, hands_with_jokers)
def test_ranking_is_a_total_order_agreeing_with_the_reference(first, second):
    a, b = rank_hand(first), rank_hand(second)
    ref_a, ref_b = reference_strength(a.best), reference_strength(b.best)
    assert (a < b) == (ref_a < ref_b)
    assert (a == b) == (ref_a == ref_b)
    assert sum([a < b, a == b, a > b]) == 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(EVERY_CARD), min_size=2, max_size=2).filter(DECK.can_hold))
def test_two_card_hands_pair_beats_non_pair(hand):
    value = rank_hand(hand)
    best = value.best
    is_pair = best[0].rank == best[1].rank
    assert value.category == (Category.PAIR if is_pair else Category.HIGH_CARD)
    if JOKER in hand:
        assert is_pair  # PG-J: a joker pairs its partner, two jokers are Aces
