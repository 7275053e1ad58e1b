"""The rounds' tables deal and draw under the house choices of a round (RULES.md BJ-P5,
BJ-P9, PG-P3, OU-P0 as rule-set values): every seed's round plays to its end with the
correct dealer, every step's table draws, and an Over/Under table seats only its boxes."""

from __future__ import annotations

import pytest

from drills.rounds.tables.base import Level
from drills.rounds.tables.registry import table_for
from games.registry import rules_class

ALTERNATIVES = [
    ("blackjack", {"blackjack_paid_at_turn": False, "settle_box_by_box": True}),
    ("jack-switch", {"blackjack_paid_at_turn": False}),
    ("pai-gow", {"stacks_to_empty_positions": False}),
    ("over-under-26", {"max_boxes": 3}),
]


@pytest.mark.parametrize(("game", "values"), ALTERNATIVES, ids=[game for game, _ in ALTERNATIVES])
@pytest.mark.parametrize("level", list(Level), ids=str)
def test_a_round_under_the_house_choice_plays_and_draws_to_its_end(game, values, level) -> None:
    rules = rules_class(game).from_mapping(values)
    table = table_for(game)
    for seed in range(6):
        state = table.start(seed, level, rules)
        table.table(state)
        while state.due() is not None:
            state = state.apply(state.due().action)
            view = table.table(state)
        assert state.finished
        if game == "over-under-26":
            assert max(bet.box for bet in state.start.boxes) <= 3
            assert len(view.spots) == 3  # three boxes (the cards are the dealer spot)
