"""Helpers for the per-game drill-kind tests: build a scenario from a fixed situation,
grade an answer, find a seed whose scenario has a wanted feature. Bound to a game's
default rules by :class:`KindBench`; every helper takes ``rules=`` to use others."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from drills.kinds.base import Difficulty, Grade, Scenario, get_kind
from games import ENGINE_VERSION

SEED_TRIES = 200


class KindBench:
    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def scenario(self, slug: str, situation: Mapping[str, Any], rules: Any = None) -> Scenario:
        """The scenario a generator would give for this situation (fixed, not drawn)."""
        rules = self.rules if rules is None else rules
        drill = get_kind(slug)
        return Scenario(
            kind=slug,
            seed=0,
            difficulty=Difficulty.NORMAL,
            engine_version=ENGINE_VERSION,
            situation=situation,
            prompt=drill.prompt(situation, rules),
            fields=drill.fields(situation, rules),
            solution=drill.solve(situation, rules),
        )

    def grade(self, slug: str, situation: Mapping[str, Any], answer: Mapping[str, Any], rules: Any = None) -> Grade:
        return self.graded(self.scenario(slug, situation, rules), answer, rules)

    def key(self, slug: str, situation: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
        return dict(get_kind(slug).solve(situation, self.rules if rules is None else rules).key)

    def graded(self, made: Scenario, answer: Mapping[str, Any], rules: Any = None) -> Grade:
        drill = get_kind(made.kind)
        return drill.grade(made, drill.parse_answer(made, answer), self.rules if rules is None else rules)

    def first_drawn(
        self, slug: str, difficulties: Iterable[Difficulty], wanted: Callable[[Scenario], bool], rules: Any = None
    ) -> Scenario:
        """The first scenario over the seeds (per difficulty, in order) that is ``wanted``."""
        rules = self.rules if rules is None else rules
        for difficulty in difficulties:
            for seed in range(SEED_TRIES):
                made = get_kind(slug).generate(seed, difficulty, rules)
                if wanted(made):
                    return made
        raise AssertionError(f"{slug} never draws the wanted case")
