"""The drills that ask about surrender respect the house setting ``surrender_offered``
(RULES.md BJ-R1), and a "what changed" drill shows a change of it."""

from __future__ import annotations

import random

from drills.kinds._changes import DIFFERENCES, RuleChange, answers, find_situation, showable
from drills.kinds.base import Difficulty, get_kind
from games.blackjack.rules import BlackjackRules
from games.jack_switch.rules import JackSwitchRules

NOT_OFFERED = BlackjackRules(surrender_offered=False)


def test_the_payout_drill_draws_no_surrender_when_not_offered() -> None:
    kind = get_kind("bj-payout")
    offered = {kind.situation(random.Random(seed), Difficulty.NORMAL, BlackjackRules())["kind"] for seed in range(200)}
    assert "surrender" in offered
    for difficulty in Difficulty:
        drawn = {kind.situation(random.Random(seed), difficulty, NOT_OFFERED)["kind"] for seed in range(200)}
        assert "surrender" not in drawn


def test_the_options_drill_answers_no_surrender_citing_the_setting() -> None:
    kind = get_kind("bj-options")
    situation = {"hand": ["TS", "6H"], "dealer": ["9C"], "hands_in_box": 1, "from_split_aces": False,
                 "third_card_dealt": False}
    assert kind.solve(situation, BlackjackRules()).key["surrender"] == "yes"
    solution = kind.solve(situation, NOT_OFFERED)
    assert solution.key["surrender"] == "no"
    assert "does not offer surrender" in solution.explanation
    assert "BJ-R1" in solution.rules


def test_what_changed_shows_surrender_offered_for_both_twenty_one_games() -> None:
    for game in ("blackjack", "jack-switch"):
        assert DIFFERENCES[game]["surrender_offered"].rule_id == "BJ-R1"
        for old, new in (({}, {"surrender_offered": False}), ({"surrender_offered": False}, {})):
            change = RuleChange.of(game, old, new)
            (difference,) = showable(change)
            assert difference.setting == "surrender_offered"
            situation = find_situation(difference, random.Random(5), Difficulty.NORMAL, change)
            assert situation is not None
            found = answers(difference, situation, change)
            assert found is not None
            assert found.old is not None
            # A hand that would surrender under the rules that offer it.
            assert {found.new.key["surrender"], found.old.key["surrender"]} == {"yes", "no"}
    change = RuleChange.of("jack-switch", {}, {"surrender_offered": False})
    assert "Surrender: offered → not offered" in DIFFERENCES["jack-switch"]["surrender_offered"].describe(change)
    assert JackSwitchRules(surrender_offered=False).to_mapping()["surrender_offered"] is False
