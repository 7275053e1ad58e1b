"""Where two house ways disagree: the hands they set differently (PG-H **(house)**).

For the "what changed" drills when a property changes its house way: whether two ways
set seven cards differently (:func:`settings_differ`), and a seeded generator of hands on
which they do (:func:`disagreeing_hands`).

Decision: two settings differ when they leave different hands *in value*: a different
five-card or two-card hand (PG-R strengths). Settings that only exchange cards of one rank
(a 9 of spades back and the 9 of diamonds in front, or the other way round) play alike
and are not a disagreement.

>>> from games.cards import parse_cards
>>> settings_differ("pg-h", "ballys-ac", parse_cards("JS JH 4D 4C AS 9H 2C".split()))
True
>>> settings_differ("pg-h", "ballys-ac", parse_cards("KS QH 9D 7C 5S 3H 2D".split()))
False
>>> [len(found.cards) for found in disagreeing_hands("pg-h", "ballys-ac", 3, seed=1)]
[7, 7, 7]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.cards import AnyCard
from games.errors import RuleSetError
from games.pai_gow.codes import JOKER_CODE, card_of, codes_of
from games.pai_gow.house_ways import HOUSE_WAYS, HouseWay
from games.pai_gow.house_ways.base import Split
from games.pai_gow.ranking import Tables, tables_for
from games.pai_gow.setting import HouseWaySetting, Setting, verify_seven

__all__ = ["Disagreement", "disagreeing_hands", "setting_values", "settings_differ"]

DECK_CODES: Final = (*range(52), JOKER_CODE, JOKER_CODE)
DEALS_PER_HAND: Final = 400
"""How many deals :func:`disagreeing_hands` tries per hand asked for before it stops."""


@dataclass(frozen=True)
class Disagreement:
    """Seven cards two house ways set differently, with each way's setting and step."""

    cards: tuple[AnyCard, ...]
    a: HouseWaySetting
    b: HouseWaySetting


def _way(way: HouseWay | str, field: str) -> HouseWay:
    if isinstance(way, HouseWay):
        return way
    if way not in HOUSE_WAYS:
        raise RuleSetError(field, f"unknown house way {way!r} (known: {', '.join(sorted(HOUSE_WAYS))})")
    return HOUSE_WAYS[way]


def setting_values(way: HouseWay, codes: Sequence[int], tables: Tables) -> tuple[int, int]:
    """The (five-card, two-card) strengths of ``way``'s setting of seven card codes."""
    i, j, _ = way.place(codes, tables)
    split = Split(codes, tables)
    return split.back(i, j), split.front(i, j)


def _differ(a: HouseWay, b: HouseWay, codes: Sequence[int], tables: Tables) -> bool:
    return setting_values(a, codes, tables) != setting_values(b, codes, tables)


def settings_differ(
    way_a: HouseWay | str, way_b: HouseWay | str, cards: Sequence[AnyCard], wheel_lowest_straight: bool = True
) -> bool:
    """Whether the two house ways leave different hands from these seven cards (module
    doc); a pure function of the cards (never of their order) and the wheel setting."""
    a, b = _way(way_a, "way_a"), _way(way_b, "way_b")
    verify_seven(cards)
    return _differ(a, b, codes_of(cards), tables_for(wheel_lowest_straight))


def disagreeing_hands(
    way_a: HouseWay | str,
    way_b: HouseWay | str,
    count: int,
    seed: int,
    *,
    wheel_lowest_straight: bool = True,
    both_jokers_share: float = 0.1,
) -> list[Disagreement]:
    """``count`` different hands (as sets of cards) the two ways set differently, dealt
    from the 54-card deck by a generator seeded with ``seed`` (the same seed, the same
    hands); ``both_jokers_share`` of the deals hold both jokers (rare in a plain deal, and
    where two wild jokers make ways differ). Fewer when ``DEALS_PER_HAND`` deals per hand
    asked for do not find them (two ways that never disagree give none)."""
    if count < 0:
        raise ValueError(f"count: {count} is below 0")
    a, b = _way(way_a, "way_a"), _way(way_b, "way_b")
    tables = tables_for(wheel_lowest_straight)
    rng = random.Random(seed)
    found: list[Disagreement] = []
    seen: set[tuple[int, ...]] = set()
    for _ in range(count * DEALS_PER_HAND):
        if len(found) >= count:
            break
        if rng.random() < both_jokers_share:
            codes = (JOKER_CODE, JOKER_CODE, *rng.sample(range(52), 5))
        else:
            codes = tuple(rng.sample(DECK_CODES, 7))
        key = tuple(sorted(codes))
        if key in seen or not _differ(a, b, codes, tables):
            continue
        seen.add(key)
        cards = tuple(card_of(code) for code in key)
        found.append(Disagreement(cards, _setting(a, cards, key, tables), _setting(b, cards, key, tables)))
    return found


def _setting(way: HouseWay, cards: tuple[AnyCard, ...], codes: Sequence[int], tables: Tables) -> HouseWaySetting:
    """``way``'s setting of the cards, as :func:`games.pai_gow.setting.house_way` gives it
    (``way`` need not be registered: a property's variant compares too)."""
    i, j, step = way.place(codes, tables)
    low = (cards[i], cards[j])
    high = tuple(card for x, card in enumerate(cards) if x not in (i, j))
    applied = ("PG-H", "PG-J") if JOKER_CODE in codes else ("PG-H",)
    why = way.step_reasons[step]
    return HouseWaySetting(Setting(high, low), step, why.words(cite=False), applied, why)
