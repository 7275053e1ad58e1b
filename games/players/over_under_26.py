"""The Over/Under 26 Joker players: each box chooses Under, Over or Fold after the first
card (OU-5), from the ``random.Random`` of the round's seed only.

The policy: a box folds now and then (``fold_rate``); otherwise it takes the side of 26
the four cards are likelier to fall on, given the first card (its value v: the three
others average about 19, so Over when v > 7, Under when v < 7, either on a 7); ``spread``
is the share of boxes that pick the other side, as real players do.

>>> import random
>>> player = OverUnderPlayer()
>>> [player.choose(random.Random(seed), parse_card("AS")).value for seed in range(4)]
['over', 'over', 'over', 'over']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import AnyCard, parse_card  # noqa: F401 (parse_card: doctests)
from games.over_under_26.hand import card_value
from games.over_under_26.settlement import Choice

EVEN_FIRST_CARD = 7
"""A first card of 7 leaves 19 to make with three cards averaging about 6.3 each: no side is likelier."""


@dataclass(frozen=True, slots=True)
class OverUnderPlayer:
    """One simulated player (every box of a round uses the same policy)."""

    fold_rate: float = 0.05
    spread: float = 0.1

    def choose(self, rng: random.Random, up_card: AnyCard) -> Choice:
        """OU-5: this box's choice after seeing ``up_card`` (never a joker: OU-4a ends the game)."""
        if rng.random() < self.fold_rate:
            return Choice.FOLD
        value = card_value(up_card)
        if value == EVEN_FIRST_CARD:
            return Choice.UNDER if rng.random() < 0.5 else Choice.OVER
        likelier = Choice.OVER if value > EVEN_FIRST_CARD else Choice.UNDER
        if rng.random() < self.spread:
            return Choice.OVER if likelier is Choice.UNDER else Choice.UNDER
        return likelier
