"""The Pai Gow players: each sets the seven cards by the house way (PG-H) or, now and then,
fouls (PG-12, PG-13), from the ``random.Random`` of the round's seed only. The
player-dealer never fouls: the player-dealer's hand is set by the house way (PG-17).

Every way a simulated player sets a hand is here, for the rounds and the drills alike:
the house way, a fouled 5 + 2 (:func:`fouled_setting`), a fouled odd split
(:func:`odd_split`) and a player's own unfouled setting (:func:`other_setting`).

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
from games.pai_gow.codes import codes_of
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import DEFAULT_RULES, Setting, check_foul, house_way  # noqa: F401 (check_foul: doctests)


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
    return fouled_setting(rng, cards, rules) or Setting(tuple(cards[:4]), tuple(cards[4:]))


def strengths(rules: PaiGowRules, high: Sequence[AnyCard], low: Sequence[AnyCard]) -> tuple[int, int]:
    """The engine's strengths (PG-R, PG-J) of a five-card and a two-card hand."""
    tables = rules.tables
    a, b = codes_of(low)
    return tables.five_codes(codes_of(high)), tables.two_codes(a, b)


def split_at(cards: Sequence[AnyCard], front: tuple[int, int]) -> Setting:
    """The setting with the cards at the two indices in front (a joker twice is fine)."""
    return Setting(tuple(card for index, card in enumerate(cards) if index not in front),
                   tuple(cards[index] for index in front))


def all_splits(cards: Sequence[AnyCard]) -> list[Setting]:
    """Every 5 + 2 setting of seven cards, fronts in index order."""
    return [split_at(cards, front) for front in combinations(range(len(cards)), 2)]


def fouled_setting(rng: random.Random, cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting | None:
    """A 5 + 2 setting whose two-card hand ranks above the five-card hand (PG-12), if any."""
    options = []
    for setting in all_splits(cards):
        high, low = strengths(rules, setting.high, setting.low)
        if low > high:
            options.append(setting)
    return rng.choice(options) if options else None


def odd_split(rng: random.Random, cards: Sequence[AnyCard]) -> Setting:
    """A fouled split other than 5 + 2 (PG-13): four and three, or six and one."""
    back = rng.choice((4, 6))
    return Setting(tuple(cards[:back]), tuple(cards[back:]))


def other_setting(rng: random.Random, cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """A setting a player might choose for themselves: unfouled (PG-12) and not the house
    way's hands; the house way when there is no other."""
    house = house_way(cards, rules).setting
    target = strengths(rules, house.high, house.low)
    options = []
    for setting in all_splits(cards):
        high, low = strengths(rules, setting.high, setting.low)
        if low <= high and (high, low) != target:
            options.append(setting)
    return rng.choice(options) if options else house


def player_dealer_sets(cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """PG-P5, PG-17: the player-dealer's hand, set by the house way."""
    return house_way(cards, rules).setting
