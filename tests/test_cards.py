"""games.cards: the one notation, shoes and shoe validation."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import ALL_CARDS, JOKER, Card, Rank, ShoeSpec, Suit, format_card, parse_card
from games.errors import CardNotationError, ImpossibleCardsError

EVERY_CARD = [*ALL_CARDS, JOKER]


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_every_card_round_trips_through_the_notation(card):
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card).lower()) == card


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("10H", "TH"),
        ("10♥", "TH"),
        ("t♦", "TD"),
        ("a♠", "AS"),
        ("K♣", "KC"),
        ("joker", "JK"),
        ("Jk", "JK"),
        (" 2c ", "2C"),
    ],
)
def test_input_variants_parse_to_the_canonical_card(token, expected):
    assert format_card(parse_card(token)) == expected


@pytest.mark.parametrize("token", ["", "A", "1S", "11H", "AX", "JKR", "10", "ZZ", 10, None, ["AS"]])
def test_bad_tokens_are_refused_with_a_card_notation_error(token):
    with pytest.raises(CardNotationError):
        parse_card(token)


def test_the_52_cards_are_distinct_and_complete():
    assert len(set(ALL_CARDS)) == 52
    assert {card.rank for card in ALL_CARDS} == set(Rank)
    assert {card.suit for card in ALL_CARDS} == set(Suit)


@pytest.mark.parametrize(
    ("spec", "size"),
    [
        (ShoeSpec(decks=6), 312),  # BJ-1, JS-1
        (ShoeSpec(decks=1, jokers_per_deck=2), 54),  # PG-0
        (ShoeSpec(decks=4, jokers_per_deck=1, ranks=frozenset(Rank) - {Rank.JACK, Rank.QUEEN, Rank.KING}), 164),  # OU-1
    ],
)
def test_shoe_sizes(spec, size):
    assert spec.size == size
    assert len(spec.cards()) == size
    spec.verify(spec.cards())


def test_a_seventh_ace_of_spades_cannot_come_from_six_decks():
    shoe = ShoeSpec(decks=6)
    shoe.verify([Card(Rank.ACE, Suit.SPADES)] * 6)
    with pytest.raises(ImpossibleCardsError, match="7 times"):
        shoe.verify([Card(Rank.ACE, Suit.SPADES)] * 7)


def test_a_joker_is_not_in_a_shoe_without_jokers():
    with pytest.raises(ImpossibleCardsError, match="not in this shoe"):
        ShoeSpec(decks=6).verify([JOKER])


@given(st.integers())
def test_shuffling_is_a_pure_function_of_the_seed(seed):
    spec = ShoeSpec(decks=1, jokers_per_deck=2)
    first = spec.shuffled(random.Random(seed))
    assert first == spec.shuffled(random.Random(seed))
    assert sorted(map(str, first)) == sorted(map(str, spec.cards()))
