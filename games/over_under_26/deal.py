"""Seeded deals for drills: randomness only from the ``random.Random`` passed in.

>>> import random
>>> deal = deal_round(random.Random(26))
>>> deal == deal_round(random.Random(26)), len(deal.cards)
(True, 4)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb, prod

from games.cards import AnyCard
from games.over_under_26.hand import HAND_SIZE, SHOE, VALUES, card_value, hand_total
from games.over_under_26.rules import HIGHEST_TOTAL, LOWEST_TOTAL
from games.over_under_26.settlement import Choice, is_first_card_joker


@dataclass(frozen=True, slots=True)
class Deal:
    """Four cards as dealt (OU-4): ``cards[0]`` face up, the other three face down."""

    cards: tuple[AnyCard, AnyCard, AnyCard, AnyCard]

    @property
    def up_card(self) -> AnyCard:
        return self.cards[0]

    @property
    def face_down(self) -> tuple[AnyCard, AnyCard, AnyCard]:
        return self.cards[1], self.cards[2], self.cards[3]

    @property
    def first_card_joker(self) -> bool:
        """OU-4a: no choice is made on this deal."""
        return is_first_card_joker(self.cards)

    @property
    def choices(self) -> tuple[Choice, ...]:
        """What the player may choose (OU-5): nothing on a first-card joker (OU-4a)."""
        return () if self.first_card_joker else tuple(Choice)

    @property
    def total(self) -> int:
        """The points of the four cards, jokers counting nothing (OU-2)."""
        return hand_total(self.cards).total


def deal_round(rng: random.Random) -> Deal:
    """Four cards from a freshly shuffled 164-card shoe (OU-1, OU-4), drawn in order."""
    first, second, third, fourth = rng.sample(SHOE.cards(), HAND_SIZE)
    return Deal((first, second, third, fourth))


def deal_rounds(rng: random.Random) -> Iterator[Deal]:
    """Consecutive rounds from one shuffled shoe until fewer than four cards are left.

    >>> sum(1 for _ in deal_rounds(random.Random(1)))
    41
    """
    shoe = SHOE.shuffled(rng)
    for start in range(0, len(shoe) - HAND_SIZE + 1, HAND_SIZE):
        first, second, third, fourth = shoe[start : start + HAND_SIZE]
        yield Deal((first, second, third, fourth))


def deal_with(
    rng: random.Random,
    *,
    first_card_joker: bool | None = None,
    joker_after_first: bool | None = None,
    total: int | None = None,
    attempts: int = 10_000,
) -> Deal:
    """A seeded deal with a wanted feature (a drill at a chosen difficulty): ``True`` /
    ``False`` require or exclude a first-card joker / a joker among the other three;
    ``total`` asks for a joker-free deal of that total (:func:`deal_with_total`). Every deal
    with the feature is as likely as in play (rejection sampling for the joker features);
    ``ValueError`` if the features conflict or ``attempts`` run out.

    >>> deal_with(random.Random(3), total=26).total
    26
    >>> deal_with(random.Random(3), first_card_joker=True).first_card_joker
    True
    """
    if total is not None:
        if first_card_joker or joker_after_first:
            raise ValueError("a deal with a joker has no four-card total: ask for a total or a joker, not both")
        return deal_with_total(rng, total)
    for _ in range(attempts):
        deal = deal_round(rng)
        jokers_after = any(card.is_joker for card in deal.face_down)
        if first_card_joker is not None and deal.first_card_joker != first_card_joker:
            continue
        if joker_after_first is not None and (jokers_after and not deal.first_card_joker) != joker_after_first:
            continue
        return deal
    raise ValueError("no such deal found: the wanted features are impossible together or too rare")


def deal_with_total(rng: random.Random, total: int) -> Deal:
    """A joker-free deal totalling ``total`` (8 – 44), drawn exactly as likely as each such
    deal is in play: a multiset of values weighted by its number of card sets, then the
    physical cards of each value, then a random order.

    >>> [deal_with_total(random.Random(seed), 44).total for seed in range(3)]
    [44, 44, 44]
    >>> deal_with_total(random.Random(1), 7)
    Traceback (most recent call last):
    ...
    ValueError: four cards total 8 to 44 (OU-2), not 7
    """
    if not LOWEST_TOTAL <= total <= HIGHEST_TOTAL:
        raise ValueError(f"four cards total {LOWEST_TOTAL} to {HIGHEST_TOTAL} (OU-2), not {total}")
    by_value: dict[int, list[AnyCard]] = {value: [] for value in VALUES}
    for card in SHOE.cards():
        if not card.is_joker:
            by_value[card_value(card)].append(card)
    options = [values for values in combinations_with_replacement(VALUES, HAND_SIZE) if sum(values) == total]
    weights = [prod(comb(len(by_value[v]), k) for v, k in Counter(values).items()) for values in options]
    (values,) = rng.choices(options, weights=weights)
    picked: list[AnyCard] = []
    for value, count in sorted(Counter(values).items()):
        picked.extend(rng.sample(by_value[value], count))
    rng.shuffle(picked)
    first, second, third, fourth = picked
    return Deal((first, second, third, fourth))
