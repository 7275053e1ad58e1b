"""Exact dealer odds by combinatorics over the finite shoe (no simulation).

The dealer's cards are drawn without replacement from a full shoe (no player cards
removed), an optional upcard removed first. No hole card (BJ-6): the dealer's blackjack is
an Ace and a 10-value as the first two cards. The dealer draws as the rule set says (BJ-8
/ JS-5). Probabilities are exact :class:`~fractions.Fraction` values.

>>> from games.blackjack.rules import BlackjackRules
>>> odds = dealer_odds(BlackjackRules(), upcard=parse_hand("AS")[0])
>>> odds.value["blackjack"] == Fraction(96, 311)  # 96 ten-values among the 311 cards left
True
>>> sum(odds.value[key] for key in FINAL_KEYS) == 1
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from games.blackjack.dealer import DEALER_STANDS_ON
from games.blackjack.hand import SOFT_BONUS, TWENTY_ONE, Ruled, card_value
from games.blackjack.rules import TwentyOneRules
from games.cards import Card

OUTCOME_KEYS: Final = ("17", "18", "19", "20", "21", "22", "bust", "blackjack")
"""The keys of RULINGS.md's ``dealer-odds`` answer; ``22`` is the part of ``bust`` that is
exactly 22."""
FINAL_KEYS: Final = ("17", "18", "19", "20", "21", "bust", "blackjack")
"""The keys that partition every final dealer hand: they sum to 1."""

_VALUES: Final = tuple(range(1, 11))
# Outcome vector indexes: 17..21 -> 0..4, 22 -> 5, 23+ -> 6, blackjack -> 7.
_BJ: Final = 7
_OVER_22: Final = 6
_EXACT_22: Final = 5


def _shoe_counts(rules: TwentyOneRules) -> list[int]:
    """Cards per value 1..10 in a full shoe: four of each per deck, sixteen 10-values."""
    return [4 * rules.decks] * 9 + [16 * rules.decks]


def dealer_odds(rules: TwentyOneRules, upcard: Card | None = None) -> Ruled[dict[str, Fraction]]:
    """The distribution of the dealer's final hand (keys :data:`OUTCOME_KEYS`).

    >>> from games.jack_switch.rules import JackSwitchRules
    >>> odds = dealer_odds(JackSwitchRules(), upcard=parse_hand("6H")[0]).value
    >>> odds["blackjack"], odds["22"] < odds["bust"]
    (Fraction(0, 1), True)
    """
    counts = _shoe_counts(rules)
    remaining = sum(counts)
    hits_soft_17 = rules.dealer_hits_soft_17
    memo: dict[tuple[int, ...], tuple[Fraction, ...]] = {}

    def final(hard: int, has_ace: bool, size: int) -> tuple[Fraction, ...] | None:
        """The outcome vector of a finished hand, or None when the dealer draws."""
        soft = has_ace and hard + SOFT_BONUS <= TWENTY_ONE
        total = hard + SOFT_BONUS if soft else hard
        if size < 2 or total < DEALER_STANDS_ON or (total == DEALER_STANDS_ON and soft and hits_soft_17):
            return None
        vector = [Fraction(0)] * 8
        if size == 2 and total == TWENTY_ONE and has_ace:
            vector[_BJ] = Fraction(1)
        elif total <= TWENTY_ONE:
            vector[total - DEALER_STANDS_ON] = Fraction(1)
        elif total == TWENTY_ONE + 1:
            vector[_EXACT_22] = Fraction(1)
        else:
            vector[_OVER_22] = Fraction(1)
        return tuple(vector)

    def distribution(drawn: tuple[int, ...], hard: int, size: int) -> tuple[Fraction, ...]:
        """The outcome vector from a hand whose cards per value are ``drawn``."""
        cached = memo.get(drawn)
        if cached is not None:
            return cached
        finished = final(hard, drawn[0] > 0, size)
        if finished is not None:
            memo[drawn] = finished
            return finished
        left = remaining - size
        weights: list[tuple[int, tuple[Fraction, ...]]] = []
        for value in _VALUES:
            available = counts[value - 1] - drawn[value - 1]
            if available <= 0:
                continue
            next_drawn = (*drawn[: value - 1], drawn[value - 1] + 1, *drawn[value:])
            weights.append((available, distribution(next_drawn, hard + value, size + 1)))
        result = tuple(
            sum((Fraction(weight) * vector[i] for weight, vector in weights), Fraction(0)) / left for i in range(8)
        )
        memo[drawn] = result
        return result

    start = [0] * 10
    if upcard is not None:
        value = card_value(upcard)
        start[value - 1] = 1
        vector = distribution(tuple(start), value, 1)
    else:
        vector = distribution(tuple(start), 0, 0)
    odds = {key: vector[index] for index, key in enumerate(OUTCOME_KEYS[:6])}
    odds["bust"] = vector[_EXACT_22] + vector[_OVER_22]
    odds["blackjack"] = vector[_BJ]
    return Ruled(odds, rules.cite([rules.IDS.dealer_draws, "BJ-6", rules.IDS.shoe, rules.IDS.values]))
