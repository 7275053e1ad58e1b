"""Pai Gow speed, run by hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_pai_gow.py [--hands 100000] [--seed 3]

On the same seeded seven-card hands from the 54-card deck (jokers at their natural
frequency), in one run, it prints:

(a) house-way settings per second (PG-H, ``games.pai_gow``) against a naive baseline
    that tries all 21 two-card fronts and evaluates both hands with treys, each joker
    expanded over every card it may be (treys cannot hold a card twice nor five of a kind,
    so the baseline expands a joker over the cards not in the hand: fewer expansions,
    a faster baseline); joker-free, one-joker, two-joker hands and overall;
(b) joker-free five-card evaluation against treys' evaluator (``Evaluator.evaluate`` and
    its inner ``_five``), on five-card hands cut from the same seeded hands, after a check
    that both order every one of those hands the same way.

treys is a benchmark-only dependency: nothing under ``games/`` imports it.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from operator import itemgetter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from treys import Card as TreysCard
from treys import Evaluator

from games.cards import AnyCard
from games.pai_gow import PaiGowRules, house_way
from games.pai_gow.codes import JOKER_CODE, RANK_OF, SUIT_OF, card_of
from games.pai_gow.house_ways import HOUSE_WAYS
from games.pai_gow.ranking import CARD_VALUES, DEFAULT_TABLES

EVALUATOR = Evaluator()
FIVE = EVALUATOR._five
TREYS_OF_CODE = [TreysCard.new("23456789TJQKA"[RANK_OF[code] - 2] + "shdc"[SUIT_OF[code]]) for code in range(52)]
FRONTS = [(i, j, [x for x in range(7) if x not in (i, j)]) for i, j in combinations(range(7), 2)]


# --- the naive baseline ------------------------------------------------------------------------


def front_key(first: int, second: int) -> tuple[int, int, int]:
    """A two-card hand of two ranks (2 … 14): a pair beats any non-pair, then the ranks."""
    high, low = max(first, second), min(first, second)
    return (1, high, 0) if high == low else (0, high, low)


def _weakest_not_below() -> dict[tuple[int, int, int], int]:
    """For each front, the treys rank of the weakest five-card hand that is not lower than
    it: a back with a larger treys rank fouls (PG-12). Brute force over treys' own values."""
    suits = "shdc"
    highs: list[tuple[tuple[int, ...], int]] = []
    for ranks in combinations(range(2, 15), 5):
        cards = [TreysCard.new("23456789TJQKA"[rank - 2] + suits[index % 4]) for index, rank in enumerate(ranks)]
        value = FIVE(cards)
        if EVALUATOR.get_rank_class(value) == 9:  # high card (not a straight)
            highs.append((tuple(sorted(ranks, reverse=True)), value))
    limits: dict[tuple[int, int, int], int] = {}
    for pair in range(2, 15):  # a pair with the three lowest kickers
        kickers = [rank for rank in range(2, 15) if rank != pair][:3]
        cards = [TreysCard.new("23456789TJQKA"[rank - 2] + suits[index % 4]) for index, rank in
                 enumerate([pair, pair, *kickers])]  # fmt: skip
        limits[(1, pair, 0)] = FIVE(cards)
    for high, low in combinations(range(14, 1, -1), 2):
        limits[(0, high, low)] = max(value for ranks, value in highs if ranks[:2] >= (high, low))
    return limits


FOUL_ABOVE = _weakest_not_below()


BACK_OF = [itemgetter(*back) for _, _, back in FRONTS]
FRONT_KEYS = [[front_key(a, b) for b in range(15)] for a in range(15)]


def naive_set(hand: Sequence[int | None], others: list[int]) -> tuple[int, int]:
    """Try the 21 fronts; evaluate each back with treys (a joker, None, expanded over every
    card not in the hand) and each front (a joker expanded likewise); keep the highest
    front whose back is not lower (no foul), then the best back."""
    ranks = [0 if card is None else TreysCard.get_rank_int(card) + 2 for card in hand]
    jokers = None in hand
    best_front, best_back, best_split = (-1, 0, 0), 0, 0
    for split, (i, j, _) in enumerate(FRONTS):
        if not jokers or (hand[i] is not None and hand[j] is not None):
            front = FRONT_KEYS[ranks[i]][ranks[j]]
        else:
            front = max(
                FRONT_KEYS[TreysCard.get_rank_int(a) + 2][TreysCard.get_rank_int(b) + 2]
                for a, b in _expand([hand[i], hand[j]], others)
            )
        back_cards = BACK_OF[split](hand)
        if jokers and None in back_cards:
            back_rank = min(FIVE(option) for option in _expand(list(back_cards), others))
        else:
            back_rank = FIVE(back_cards)
        if back_rank > FOUL_ABOVE[front]:
            continue
        if front > best_front or (front == best_front and back_rank < best_back):
            best_front, best_back, best_split = front, back_rank, split
    assert best_front[0] >= 0
    return FRONTS[best_split][0], FRONTS[best_split][1]


def _expand(cards: list[int | None], others: list[int]) -> list[list[int]]:
    jokers = cards.count(None)
    if not jokers:
        return [cards]  # type: ignore[list-item]
    fixed = [card for card in cards if card is not None]
    if jokers == 1:
        return [[*fixed, card] for card in others]
    return [[*fixed, a, b] for a, b in combinations(others, 2)]


# --- timing ------------------------------------------------------------------------------------


def timed(function: Callable[[], object]) -> float:
    """Seconds for one call, the garbage collector off (as timeit does) for every contender."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        function()
        return time.perf_counter() - start
    finally:
        gc.enable()


def best_of(rounds: int, function: Callable[[], object]) -> float:
    return min(timed(function) for _ in range(rounds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1, help="best of this many timings, for every contender")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    deck = [*range(52), JOKER_CODE, JOKER_CODE]
    hands = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    groups = {jokers: [hand for hand in hands if hand.count(JOKER_CODE) == jokers] for jokers in (0, 1, 2)}
    treys_hands = {
        jokers: [([None if code == JOKER_CODE else TREYS_OF_CODE[code] for code in hand],
                  [card for code, card in enumerate(TREYS_OF_CODE) if code not in hand]) for hand in group]
        for jokers, group in groups.items()
    }  # fmt: skip
    cards: dict[int, list[list[AnyCard]]] = {
        jokers: [[card_of(code) for code in hand] for hand in group] for jokers, group in groups.items()
    }
    place = HOUSE_WAYS["pg-h"].place
    tables = DEFAULT_TABLES
    rules = PaiGowRules()

    print(f"(a) house way on {args.hands:,} seeded seven-card hands (seed {args.seed}), 54-card deck, "
          f"best of {args.rounds} round(s)")  # fmt: skip
    print("    engine: HOUSE_WAYS['pg-h'].place on card codes (as the baseline gets treys ints); "
          "public: games.pai_gow.house_way on Card objects")  # fmt: skip
    print(f"    {'hands':<12}{'count':>8}{'engine/s':>12}{'public/s':>12}{'baseline/s':>12}{'ratio':>9}")
    totals = [0.0, 0.0, 0.0]
    for jokers, label in ((0, "joker-free"), (1, "one joker"), (2, "two jokers")):
        group = groups[jokers]
        engine = best_of(args.rounds, lambda group=group: [place(hand, tables) for hand in group])
        public = best_of(args.rounds, lambda jokers=jokers: [house_way(hand, rules) for hand in cards[jokers]])
        baseline = best_of(
            args.rounds, lambda jokers=jokers: [naive_set(hand, others) for hand, others in treys_hands[jokers]]
        )
        for index, value in enumerate((engine, public, baseline)):
            totals[index] += value
        n = len(group)
        print(f"    {label:<12}{n:>8,}{n / engine:>12,.0f}{n / public:>12,.0f}{n / baseline:>12,.1f}"
              f"{baseline / engine:>8.1f}x")  # fmt: skip
    n = len(hands)
    print(f"    {'overall':<12}{n:>8,}{n / totals[0]:>12,.0f}{n / totals[1]:>12,.0f}{n / totals[2]:>12,.1f}"
          f"{totals[2] / totals[0]:>8.1f}x   (public API: {totals[2] / totals[1]:.1f}x)")  # fmt: skip

    # (b) joker-free five-card hands: the first and the last five cards of each joker-free hand
    fives_codes = [hand[:5] for hand in groups[0]] + [hand[2:] for hand in groups[0]]
    fives_values = [tuple(CARD_VALUES[code] for code in five) for five in fives_codes]
    fives_treys = [[TREYS_OF_CODE[code] for code in five] for five in fives_codes]
    strength_to_rank: dict[int, int] = {}
    for values, treys_five in zip(fives_values, fives_treys, strict=True):
        strength_to_rank.setdefault(tables.five(*values), FIVE(treys_five))
    ordered = sorted(strength_to_rank)
    assert all(strength_to_rank[a] > strength_to_rank[b] for a, b in pairwise(ordered)), (
        "the engine and treys order these hands differently"
    )
    assert all(strength_to_rank[tables.five(*v)] == FIVE(t) for v, t in zip(fives_values, fives_treys, strict=True))

    five = tables.five
    evaluate = EVALUATOR.evaluate
    rounds = 5
    mine = min(timed(lambda: [five(*values) for values in fives_values]) for _ in range(rounds))
    mine_codes = min(timed(lambda: [tables.five_codes(codes) for codes in fives_codes]) for _ in range(rounds))
    theirs = min(timed(lambda: [evaluate(hand, []) for hand in fives_treys]) for _ in range(rounds))
    theirs_five = min(timed(lambda: [FIVE(hand) for hand in fives_treys]) for _ in range(rounds))
    n = len(fives_values)
    print(f"(b) joker-free five-card evaluation, {n:,} hands, best of {rounds} rounds "
          f"(same order as treys on all {len(strength_to_rank):,} distinct values seen)")  # fmt: skip
    print(f"    engine Tables.five (card values)    {n / mine:>12,.0f}/s")
    print(f"    engine Tables.five_codes (codes)    {n / mine_codes:>12,.0f}/s")
    print(f"    treys Evaluator.evaluate(hand, [])  {n / theirs:>12,.0f}/s   ratio {theirs / mine:.2f}x")
    print(f"    treys Evaluator._five(hand)         {n / theirs_five:>12,.0f}/s   ratio {theirs_five / mine:.2f}x")


if __name__ == "__main__":
    main()
