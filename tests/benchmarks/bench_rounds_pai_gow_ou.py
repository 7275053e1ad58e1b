"""Rounds speed for Pai Gow and Over/Under 26, run by hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_rounds_pai_gow_ou.py [--rounds 2000] [--seed 11]

On the same seeded starts, in one run, for each game it prints rounds per second of

* ``dealer``: the correct dealer playing every dealer action (``begin`` + ``play_out``,
  no automations: each action verified and applied);
* ``automated``: the same round with every stage automated (the state plays itself);
* ``review``: the rulings door's work, a recorded dealer log checked by ``review``;
* ``baseline``: the existing settlement functions alone on the same hands and choices
  (``games.over_under_26.settle`` per box; ``games.pai_gow.settle_table`` for the table),

and the time of each against the baseline's (how many settlements one round costs).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE, OverUnderRules, settle
from games.over_under_26.round import Automation as OverUnderAutomation
from games.over_under_26.round import BoxBet, OverUnderRound, OverUnderStart
from games.pai_gow import PaiGowRules, TableHand, settle_table
from games.pai_gow.dice import action_position
from games.pai_gow.round import Automation as PaiGowAutomation
from games.pai_gow.round import PaiGowRound, PaiGowStart, Seat
from games.players.over_under_26 import OverUnderPlayer
from games.players.pai_gow import PaiGowPlayer
from games.procedure import Actor, play_out, review


def timed(function: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        began = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - began)
    return best


def over_under_starts(rng: random.Random, count: int) -> list[OverUnderStart]:
    starts = []
    for _ in range(count):
        boxes = [
            BoxBet(box, Decimal("10"), Decimal(rng.choice(["0", "5"])))
            for box in sorted(rng.sample(range(1, 8), rng.randint(1, 7)))
        ]
        starts.append(OverUnderStart.seeded(rng, boxes, OverUnderPlayer()))
    return starts


def pai_gow_starts(rng: random.Random, count: int, rules: PaiGowRules) -> list[PaiGowStart]:
    starts = []
    for _ in range(count):
        seats = [
            Seat(position, Decimal(rng.choice(["10", "25", "50"])))
            for position in sorted(rng.sample(range(2, 8), rng.randint(1, 6)))
        ]
        starts.append(
            PaiGowStart.seeded(
                rng, seats, Decimal(rng.choice(["60", "200", "1000"])), player=PaiGowPlayer(), rules=rules
            )
        )
    return starts


def row(label: str, count: int, seconds: float, baseline: float) -> None:
    print(f"    {label:<12}{count / seconds:>14,.0f}{seconds / baseline:>12.1f}x")


def bench_over_under(starts: Sequence[OverUnderStart]) -> None:
    rules = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
    everything = frozenset(OverUnderAutomation)
    logs = [[a for a in play_out(OverUnderRound.begin(s, rules)).log if a.ACTOR is Actor.DEALER] for s in starts]

    def baseline() -> None:
        for start in starts:
            for bet, choice in zip(start.boxes, start.choices, strict=True):
                settle(start.cards, choice, bet.ante, bet.bonus, rules)

    base = timed(baseline)
    print(f"Over/Under 26: {len(starts):,} seeded rounds, {sum(len(s.boxes) for s in starts):,} boxes")
    print(f"    {'':<12}{'rounds/s':>14}{'time vs settle':>18}")
    row("baseline", len(starts), base, base)
    row("dealer", len(starts), timed(lambda: [play_out(OverUnderRound.begin(s, rules)) for s in starts]), base)
    row(
        "automated",
        len(starts),
        timed(lambda: [OverUnderRound.begin(s, rules, automations=everything) for s in starts]),
        base,
    )
    row(
        "review",
        len(starts),
        timed(lambda: [review(OverUnderRound.begin(s, rules), log) for s, log in zip(starts, logs, strict=True)]),
        base,
    )


def bench_pai_gow(starts: Sequence[PaiGowStart], rules: PaiGowRules) -> None:
    everything = frozenset(PaiGowAutomation)
    logs = [[a for a in play_out(PaiGowRound.begin(s, rules)).log if a.ACTOR is Actor.DEALER] for s in starts]
    tables = []
    for start in starts:
        settings = dict(start.settings)
        occupied = [seat.position for seat in start.seats]
        action, _ = action_position(sum(start.dice), occupied)
        hands = [TableHand(seat.position, settings[seat.position], seat.bet) for seat in start.seats]
        tables.append((settings[1], start.bank, action, hands))

    def baseline() -> None:
        for banker, bank, action, hands in tables:
            settle_table(banker, bank, action, hands, rules)

    base = timed(baseline)
    print(
        f"Pai Gow: {len(starts):,} seeded rounds, {sum(len(s.seats) for s in starts):,} player hands "
        "(settings by the policy, made once before timing)"
    )
    print(f"    {'':<12}{'rounds/s':>14}{'time vs settle_table':>24}")
    row("baseline", len(starts), base, base)
    row("dealer", len(starts), timed(lambda: [play_out(PaiGowRound.begin(s, rules)) for s in starts]), base)
    row(
        "automated",
        len(starts),
        timed(lambda: [PaiGowRound.begin(s, rules, automations=everything) for s in starts]),
        base,
    )
    row(
        "review",
        len(starts),
        timed(lambda: [review(PaiGowRound.begin(s, rules), log) for s, log in zip(starts, logs, strict=True)]),
        base,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bench_over_under(over_under_starts(rng, args.rounds))
    rules = PaiGowRules()
    bench_pai_gow(pai_gow_starts(rng, max(1, args.rounds // 4), rules), rules)


if __name__ == "__main__":
    main()
