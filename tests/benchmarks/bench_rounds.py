"""Rounds' speed, run by hand (not collected by pytest):

    .venv/bin/python tests/benchmarks/bench_rounds.py [--rounds 2000] [--seed 1]

For each case (a game and a table), in one run, on the same seeded starts, it prints:

(a) rounds per second played by the engine's correct dealer (the whole right sequence
    worked out from the start, then every step applied through ``verify``), against the
    baseline of settling the same rounds' boxes with the settlement functions alone
    (``settle_box`` on each box's final hands), and the ratio;
(b) the rulings door's ``procedure`` answer for the case's round (start, decisions and
    the dealer's recorded actions as JSON, checked step by step), against the settlement
    functions on that round's boxes, and the ratio.

Other games add a :class:`Case` to :data:`CASES` (a name, a function that plays one
seeded round to its end, one that settles it with the game's settlement functions, and one
that asks the door about it).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino_training.settings")
os.environ.setdefault("DEBUG", "1")

import django

django.setup()

from drills.rulings.base import answer  # noqa: E402
from games.blackjack.round import BoxBet, TwentyOneRound  # noqa: E402
from games.blackjack.rules import BlackjackRules, TwentyOneRules  # noqa: E402
from games.blackjack.settle import Box, PlayerHand, settle_box  # noqa: E402
from games.jack_switch.rules import JackSwitchRules  # noqa: E402
from games.procedure import Actor, play_out  # noqa: E402


@dataclass(frozen=True)
class Case:
    name: str
    play: Callable[[int], Any]
    """Play the round of a seed to its end with the correct dealer; return the end state."""
    settle: Callable[[Any], object]
    """Settle an ended round with the game's settlement functions only (the baseline)."""
    door: Callable[[Any], object]
    """Ask the rulings door's ``procedure`` about an ended round."""


def _twenty_one(rules: TwentyOneRules, boxes: int) -> tuple[Callable[[int], Any], Callable[[Any], object],
                                                            Callable[[Any], object]]:
    items = tuple(BoxBet(box, Decimal("25")) for box in range(1, boxes + 1))
    pairs = ((1, 2),) if rules.HAS_SWITCH and boxes >= 2 else ()

    def play(seed: int) -> TwentyOneRound:
        return play_out(TwentyOneRound.seeded(seed, rules, items, difficulty="hard", pairs=pairs))

    def settle(end: TwentyOneRound) -> object:
        table = end.table
        return [settle_box(Box(bet=view.bet, hands=tuple(PlayerHand(h.cards, h.doubled) for h in view.hands),
                               insurance=view.insurance, even_money=view.even_money, surrendered=view.surrendered,
                               switched=view.switched), table.dealer, rules) for view in table.boxes]

    def door(end: TwentyOneRound) -> object:
        body = {
            "boxes": [{"box": item.box, "bet": str(item.bet)} for item in items],
            "pairs": [list(pair) for pair in pairs],
            "shoe": [str(card) for card in end.start_of_round.shoe[: end.table.cards_dealt]],
            "decisions": [a.notation() for a in end.log if a.ACTOR is Actor.PLAYER],
            "actions": [a.notation() for a in end.log if a.ACTOR is Actor.DEALER],
            "late_bets": [{"box": a.box, "amount": str(a.amount)} for a in end.log if a.ACTOR is Actor.TABLE],
        }
        return answer(rules.GAME, "procedure", body, rules)

    return play, settle, door


CASES: list[Case] = [
    Case("blackjack, 7 boxes", *_twenty_one(BlackjackRules(), 7)),
    Case("blackjack, 1 box", *_twenty_one(BlackjackRules(), 1)),
    Case("jack-switch, 7 boxes (1-2 paired)", *_twenty_one(JackSwitchRules(), 7)),
]


def timed(function: Callable[[], object]) -> float:
    gc.collect()
    began = time.perf_counter()
    function()
    return time.perf_counter() - began


def run(case: Case, rounds: int, seed: int) -> None:
    seeds = list(range(seed, seed + rounds))
    ends = [case.play(s) for s in seeds[:50]]  # warm up, and rounds to settle and to ask about
    play_time = timed(lambda: [case.play(s) for s in seeds])
    ends = [case.play(s) for s in seeds]
    settle_time = timed(lambda: [case.settle(end) for end in ends])
    door_rounds = ends[: max(1, rounds // 10)]
    door_time = timed(lambda: [case.door(end) for end in door_rounds])
    door_settle = timed(lambda: [case.settle(end) for end in door_rounds])
    print(f"{case.name}:")
    print(f"  correct dealer: {rounds / play_time:10.0f} rounds/s; settlement functions alone: "
          f"{rounds / settle_time:10.0f} rounds/s; ratio {play_time / settle_time:6.1f}x the settlement's time")
    per_door = door_time / len(door_rounds)
    per_settle = door_settle / len(door_rounds)
    print(f"  procedure door: {per_door * 1000:8.3f} ms a round; settlement functions: {per_settle * 1000:8.3f} ms; "
          f"ratio {per_door / per_settle:6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", help="only the cases whose name contains this")
    args = parser.parse_args()
    for case in CASES:
        if args.case is None or args.case in case.name:
            run(case, args.rounds, args.seed)


if __name__ == "__main__":
    main()
