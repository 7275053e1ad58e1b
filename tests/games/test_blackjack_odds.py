"""Exact dealer odds (Blackjack and Jack Switch): they sum to 1, agree with a plain
card-by-card enumeration, and answer fast."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.blackjack.hand import card_value, hand_value
from games.blackjack.odds import FINAL_KEYS, OUTCOME_KEYS, dealer_odds
from games.blackjack.rules import BlackjackRules
from games.cards import ALL_CARDS, Card
from games.jack_switch.rules import JackSwitchRules

BJ = BlackjackRules()
JS = JackSwitchRules()
UPCARDS = [None, *[card for card in ALL_CARDS if card.suit.value == "S" and card.rank.value in "A2345678T"]]


@pytest.mark.parametrize("rules", [BJ, JS], ids=["blackjack", "jack-switch"])
@pytest.mark.parametrize("upcard", UPCARDS, ids=lambda c: str(c) if c else "no-upcard")
def test_dealer_odds_sum_to_one_exactly(rules, upcard):
    odds = dealer_odds(rules, upcard).value
    assert set(odds) == set(OUTCOME_KEYS)
    assert sum(odds[key] for key in FINAL_KEYS) == 1
    assert 0 < odds["22"] < odds["bust"]
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in odds.values())


def test_dealer_blackjack_chance_from_a_full_shoe():
    # An Ace then a 10-value, or a 10-value then an Ace: 2 x 24/312 x 96/311.
    assert dealer_odds(BJ).value["blackjack"] == Fraction(2 * 24 * 96, 312 * 311)
    assert dealer_odds(BJ, ALL_CARDS[0]).value["blackjack"] == Fraction(96, 311)  # upcard AS
    assert dealer_odds(BJ, ALL_CARDS[5]).value["blackjack"] == 0  # upcard 6S


def test_h17_makes_fewer_17s_and_more_busts():
    s17 = dealer_odds(BJ).value
    h17 = dealer_odds(BlackjackRules(dealer_hits_soft_17=True)).value
    assert h17["17"] < s17["17"]
    assert h17["bust"] > s17["bust"]
    assert dealer_odds(JS).value == h17  # Jack Switch's dealer: H17 from the same shoe


def _enumerate(counts: dict[int, int], hand: list[int], hits_soft_17: bool) -> dict[str, Fraction]:
    """A plain card-by-card enumeration over ordered draws (no memo), for cross-checking."""
    cards = [Card(ALL_CARDS[value - 1].rank, ALL_CARDS[0].suit) for value in hand]
    value = hand_value(cards)
    done = len(hand) >= 2 and (value.total > 17 or (value.total == 17 and not (value.soft and hits_soft_17)))
    if done:
        if value.blackjack:
            return {"blackjack": Fraction(1)}
        if value.total > 21:
            return {"bust": Fraction(1), **({"22": Fraction(1)} if value.total == 22 else {})}
        return {str(value.total): Fraction(1)}
    left = sum(counts.values())
    result: dict[str, Fraction] = {}
    for card, count in counts.items():
        if count == 0:
            continue
        counts[card] -= 1
        for key, p in _enumerate(counts, [*hand, card], hits_soft_17).items():
            result[key] = result.get(key, Fraction(0)) + p * Fraction(count, left)
        counts[card] += 1
    return result


@pytest.mark.parametrize("hits_soft_17", [False, True], ids=["S17", "H17"])
@pytest.mark.parametrize("upcard_index", [0, 5, 9], ids=["ace", "six", "ten"])
def test_dealer_odds_agree_with_a_card_by_card_enumeration_of_one_deck(hits_soft_17, upcard_index):
    rules = BlackjackRules(decks=1, dealer_hits_soft_17=hits_soft_17)
    upcard = ALL_CARDS[upcard_index]
    counts = {value: 4 for value in range(1, 10)} | {10: 16}
    counts[card_value(upcard)] -= 1
    expected = _enumerate(counts, [card_value(upcard)], hits_soft_17)
    odds = dealer_odds(rules, upcard).value
    assert {key: p for key, p in odds.items() if p} == expected


@pytest.mark.parametrize("rules", [BJ, JS], ids=["blackjack", "jack-switch"])
def test_dealer_odds_answer_in_under_two_seconds(rules):
    dealer_odds(rules)
