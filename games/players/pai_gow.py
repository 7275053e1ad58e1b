"""The Pai Gow players: each sets the seven cards by the house way (PG-H) or, now and then,
fouls (PG-12, PG-13), from the ``random.Random`` of the round's seed only. The
player-dealer never fouls: the player-dealer's hand is set by the house way (PG-17).

>>> import random
>>> from games.cards import parse_cards
>>> hand = parse_cards("JS JH 4D 4C AS 9H 2C".split())
>>> str(PaiGowPlayer(foul_rate=0).set_hand(random.Random(1), hand))
'high JS JH AS 9H 2C / low 4D 4C'
>>> check_foul(PaiGowPlayer(foul_rate=1).set_hand(random.Random(1), hand)).fouled
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from games.cards import AnyCard
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import DEFAULT_RULES, Setting, check_foul, house_way


@dataclass(frozen=True, slots=True)
class PaiGowPlayer:
    """One simulated player (every seat of a round uses the same policy)."""

    foul_rate: float = 0.03

    def set_hand(self, rng: random.Random, cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting:
        """The seven cards as this player sets them."""
        if rng.random() >= self.foul_rate:
            return house_way(cards, rules).setting
        return foul(rng, cards, rules)


def foul(rng: random.Random, cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """A fouled setting of ``cards``: a front that ranks above its back (PG-12), or, when
    no 5 + 2 split fouls, three cards in front (PG-13)."""
    fouls = []
    for front in combinations(range(7), 2):
        setting = Setting(tuple(cards[x] for x in range(7) if x not in front), tuple(cards[x] for x in front))
        if check_foul(setting, rules).fouled:
            fouls.append(setting)
    if fouls:
        return rng.choice(fouls)
    return Setting(tuple(cards[:4]), tuple(cards[4:]))


def player_dealer_sets(cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """PG-P5, PG-17: the player-dealer's hand, set by the house way."""
    return house_way(cards, rules).setting
