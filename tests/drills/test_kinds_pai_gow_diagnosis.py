"""Joker's Wild Pai Gow drills: every wrong answer gets a diagnosis of its own (issue 14
item 2). Each kind shape on a concrete situation, and the measured share of generated wrong
answers (every named mistake's plus random wrong values) that get a specific diagnosis."""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pytest

from drills.kinds._pai_gow_situations import Cards, Deal, Dice, SetHand, Table, Versus
from drills.kinds.base import Difficulty, Grade, get_kind
from drills.kinds.diagnosis import measure_kind
from games.pai_gow import PaiGowRules
from tests.drills.kinds_support import KindBench

RULES = PaiGowRules()
FEE = PaiGowRules(collection_fee=Decimal("1.00"))
BENCH = KindBench(RULES)

PAI_GOW_KINDS = (
    "pg-name-hand",
    "pg-house-way",
    "pg-foul",
    "pg-showdown",
    "pg-dice-action",
    "pg-deal-procedure",
    "pg-table-settle",
)


def hand(high: str, low: str) -> dict[str, list[str]]:
    return {"high": high.split(), "low": low.split()}


def diagnosed(slug: str, situation: Mapping[str, Any], change: Mapping[str, Any], rules: PaiGowRules = RULES) -> Grade:
    """The grade of the right answer with ``change`` made to it."""
    answer = BENCH.key(slug, situation, rules) | dict(change)
    result = BENCH.grade(slug, situation, answer, rules)
    assert not result.correct
    return result


PLAYER = hand("AS AH 9D 7C 5H", "KD JC")
BANKER = hand("QS QH 8D 6C 3H", "KS 9H")
TABLE = {
    "banker": BANKER,
    "bank": "25.00",
    "action": 2,
    "hands": {"2": {**PLAYER, "bet": "20.00"}, "3": {**hand("QD QC 8S 6D 3C", "KH 9C"), "bet": "30.00"}},
}

CASES = [
    # name the hand: above or below what the cards make, a front read by the wrong card
    (
        "pg-name-hand",
        {"cards": ["KS", "KH", "9D", "7C", "5H"]},
        {"rank": "flush"},
        RULES,
        "pg-hand-named-too-high",
        "five cards of one suit",
    ),
    (
        "pg-name-hand",
        {"cards": ["KS", "KH", "9D", "7C", "5H"]},
        {"rank": "high-card"},
        RULES,
        "pg-hand-named-too-low",
        "ranks above a high card",
    ),
    ("pg-name-hand", {"cards": ["KS", "9H"]}, {"top": "9"}, RULES, "pg-front-lower-card", "the lower card"),
    ("pg-name-hand", {"cards": ["KS", "9H"]}, {"top": "q"}, RULES, "pg-front-top-not-held", "holds no Q"),
    ("pg-name-hand", {"cards": ["JK", "9H"]}, {"top": "a"}, RULES, "pg-front-joker-pairs", "pairs its partner"),
    # fouled or not
    ("pg-foul", hand("KS KH 9D 7C 5H", "AS AH"), {"fouled": "no"}, RULES, "pg-foul-missed", "ranks higher"),
    (
        "pg-foul",
        hand("KS KH 9D 7C 5H", "AS AH"),
        {"reason": "split"},
        RULES,
        "pg-foul-reason-ranking",
        "five cards and two",
    ),
    ("pg-foul", hand("AS AH 9D 7C 5H", "KS QH"), {"fouled": "yes"}, RULES, "pg-foul-called", "not fouled"),
    (
        "pg-foul",
        hand("AS AH 9D 7C 5H", "KS QH"),
        {"reason": "low-higher"},
        RULES,
        "pg-foul-reason-without-foul",
        "no reason",
    ),
    (
        "pg-foul",
        hand("KS KH 9D 7C", "5H AS AH"),
        {"reason": "low-higher"},
        RULES,
        "pg-foul-reason-split",
        "4 + 3 cards",
    ),
    # the house way: a foul, the back broken, the front lost or weaker
    (
        "pg-house-way",
        {"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C"]},
        {"front": ["JS", "JH"]},
        RULES,
        "pg-house-way-fouled",
        "a foul",
    ),
    (
        "pg-house-way",
        {"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C"]},
        {"front": ["AS", "9H"]},
        RULES,
        "pg-house-way-back-kept-front-lost",
        "PG-H step 6",
    ),
    (
        "pg-house-way",
        {"cards": ["JS", "JH", "4D", "4C", "AS", "9H", "2C"]},
        {"front": ["4D", "2C"]},
        RULES,
        "pg-house-way-front-weaker",
        "is weaker than the house way's",
    ),
    (
        "pg-house-way",
        {"cards": ["7S", "7H", "7D", "KC", "9H", "5D", "2C"]},
        {"front": ["KC", "7S"]},
        RULES,
        "pg-house-way-back-broken",
        "keeps three of a kind back",
    ),
    # showdown
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"high": "banker"},
        RULES,
        "pg-showdown-higher-hand",
        "the player's is higher",
    ),
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"low": "copy"},
        RULES,
        "pg-showdown-no-copy",
        "no copy",
    ),
    (
        "pg-showdown",
        {"player": hand("AS AH 9D 7C 5H", "KD 9C"), "banker": BANKER, "bet": "10.00"},
        {"low": "player"},
        RULES,
        "pg-showdown-copy",
        "copies go to the player-dealer",
    ),
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"result": "push"},
        RULES,
        "pg-showdown-result",
        "the result is Win",
    ),
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"result": "foul"},
        RULES,
        "pg-showdown-not-fouled",
        "not fouled",
    ),
    (
        "pg-showdown",
        {"player": hand("KS KH 9D 7C 5H", "AS AH"), "banker": hand("QS QH 8D 6C 3H", "KD 9H"), "bet": "10.00"},
        {"result": "lose"},
        RULES,
        "pg-showdown-foul-missed",
        "fouled",
    ),
    (
        "pg-showdown",
        {"player": hand("KS KH 9D 7C 5H", "AS AH"), "banker": hand("QS QH 8D 6C 3H", "KD 9H"), "bet": "10.00"},
        {"high": "player"},
        RULES,
        "pg-showdown-foul-takes-both",
        "takes both hands",
    ),
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"win": "9.50"},
        RULES,
        "pg-showdown-net",
        "even money on the 10.00 in action: 10.00",
    ),
    (
        "pg-showdown",
        {"player": PLAYER, "banker": BANKER, "bet": "10.00"},
        {"win": "8.50"},
        FEE,
        "pg-showdown-net",
        "less the collection fee of 1.00: 9.00",
    ),
    # dice and the Action button: total 14 counts to position 7, empty; the button passes to 2
    # position 6: no counting error of PG-3 lands there, so the count is shown
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 6},
        RULES,
        "pg-dice-miscounted",
        "ends at position 7, not 6",
    ),
    # where the count of 14 lands when it goes wrong
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 5},
        RULES,
        "pg-dice-empty-skipped",
        "Counting 14 past the empty positions lands on position 5",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 4},
        RULES,
        "pg-dice-die-left-out",
        "Leaving out the die showing 3 makes 11, which lands on position 4",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 3},
        RULES,
        "pg-dice-dealer-left-out",
        "round the six player positions only lands on position 3",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 1},
        RULES,
        "pg-dice-counted-from-next-seat",
        "not from the next seat",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"first_hand": 2},
        RULES,
        "pg-first-hand-to-action",
        "Position 2 gets the Action button, not the first hand",
    ),
    (
        "pg-dice-action",
        {"dice": [1, 3, 5], "occupied": [2, 3, 4, 5, 6, 7]},
        {"first_hand": 3},
        RULES,
        "pg-dice-counted-from-next-seat",
        "Counting 9 from position 2 lands on position 3",
    ),
    (
        "pg-dice-action",
        {"dice": [1, 3, 5], "occupied": [2, 3, 4, 5, 6, 7]},
        {"first_hand": 7},
        RULES,
        "pg-dice-counted-counter-clockwise",
        "Counting 9 counter-clockwise lands on position 7",
    ),
    (
        "pg-dice-action",
        {"dice": [6, 6, 3], "occupied": [2, 3, 4, 5, 6, 7]},
        {"first_hand": 3},
        RULES,
        "pg-dice-dealer-skipped-going-round",
        "Skipping the player-dealer when the count of 15 comes round again lands on position 3",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"action": 3},
        RULES,
        "pg-action-passed-wrong",
        "position 2, not 3",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"action": 4},
        RULES,
        "pg-action-to-empty-seat",
        "Nobody sits at position 4",
    ),
    (
        "pg-dice-action",
        {"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]},
        {"action": 1},
        RULES,
        "pg-action-to-player-dealer",
        "never goes to the player-dealer",
    ),
    # deal procedures
    (
        "pg-deal-procedure",
        {"events": [{"type": "boxed", "card": "7H"}]},
        {"ruling": "misdeal"},
        RULES,
        "pg-deal-no-misdeal",
        "nothing here makes a misdeal",
    ),
    (
        "pg-deal-procedure",
        {"events": [{"type": "boxed", "card": "7H"}]},
        {"ruling": "redeliver"},
        RULES,
        "pg-deal-no-wrong-spots",
        "no hands went to the wrong spots",
    ),
    (
        "pg-deal-procedure",
        {"events": [{"type": "boxed", "card": "7H"}]},
        {"ruling": "call-supervisor"},
        RULES,
        "pg-deal-not-opened",
        "was not opened early",
    ),
    (
        "pg-deal-procedure",
        {"events": [{"type": "boxed", "card": "7H"}]},
        {"ruling": "continue"},
        RULES,
        "pg-deal-something-happened",
        "The boxed 7♥ is replaced",
    ),
    (
        "pg-deal-procedure",
        {"events": [{"type": "boxed", "card": "7H"}]},
        {"logical_way": "yes"},
        RULES,
        "pg-deal-logical-way",
        "No hand is set the logical way",
    ),
    (
        "pg-deal-procedure",
        {"events": [{"type": "exposed", "card": "AS"}]},
        {"ruling": "call-supervisor"},
        RULES,
        "pg-deal-misdeal-first",
        "(PG-6a)",
    ),
    (
        "pg-deal-procedure",
        {
            "events": [
                {"type": "dealer-hand-opened-early"},
                {"type": "wrong-spots", "players_looked": 0, "looked_at_dealer_hand": False},
            ]
        },
        {"ruling": "redeliver"},
        RULES,
        "pg-deal-supervisor-first",
        "a supervisor is called first",
    ),
    # the table: position 3's 30.00 has 5.00 in action (the bank's 25.00 less position 2's 20.00)
    ("pg-table-settle", TABLE, {"position_3": "-30.00"}, RULES, "pg-uncovered-part", "only 5.00 of the 30.00"),
    ("pg-table-settle", TABLE, {"position_2": "20.00"}, FEE, "pg-fee-left-out", "the net is 19.00"),
    ("pg-table-settle", TABLE, {"position_2": "19.50"}, RULES, "pg-position-net", "20.00 in action: 20.00"),
    ("pg-table-settle", TABLE, {"banker_net": "-14.50"}, RULES, "pg-banker-net", "minus the sum of the players'"),
    ("pg-table-settle", TABLE, {"position_2": "25.00"}, RULES, "pg-chip-over", "25.00 is one 5.00 chip over"),
    ("pg-table-settle", TABLE, {"position_3": "-4.00"}, RULES, "pg-chip-short", "-4.00 is one 1.00 chip short"),
    ("pg-table-settle", TABLE, {"position_2": "-5.00"}, RULES, "pg-other-position-net", "is position 3's net"),
    (
        "pg-table-settle",
        TABLE,
        {"banker_net": "5.00"},
        RULES,
        "pg-banker-position-left-out",
        "leaves out position 2's 20.00",
    ),
    (
        "pg-table-settle",
        TABLE,
        {"banker_net": "-20.00"},
        RULES,
        "pg-banker-position-left-out",
        "leaves out position 3's -5.00",
    ),
]


@pytest.mark.parametrize(
    ("slug", "situation", "change", "rules", "code", "words"), CASES, ids=[f"{case[0]}:{case[4]}" for case in CASES]
)
def test_a_wrong_answer_gets_its_own_diagnosis(
    slug: str, situation: dict[str, Any], change: dict[str, Any], rules: PaiGowRules, code: str, words: str
) -> None:
    result = diagnosed(slug, situation, change, rules)
    assert result.mistake_code == code, (result.mistake_code, result.mistake)
    assert words in result.mistake, result.mistake
    assert "(PG-" in result.mistake
    assert all(reason.message for reason in result.diagnosis)


@pytest.mark.parametrize("slug", PAI_GOW_KINDS)
def test_nine_in_ten_generated_wrong_answers_get_a_specific_diagnosis(slug: str) -> None:
    share = measure_kind(get_kind(slug), RULES, range(4))
    assert share.total > 20
    assert share.share >= Decimal("0.9"), (share.by_source, share.undiagnosed[:3])


SITUATIONS: dict[str, Any] = {
    "pg-name-hand": Cards,
    "pg-house-way": Cards,
    "pg-foul": SetHand,
    "pg-showdown": Versus,
    "pg-dice-action": Dice,
    "pg-deal-procedure": Deal,
    "pg-table-settle": Table,
}


@pytest.mark.parametrize("slug", PAI_GOW_KINDS)
def test_the_typed_situation_keeps_the_stored_json_exactly(slug: str) -> None:
    typed = SITUATIONS[slug]
    for difficulty in Difficulty:
        for seed in range(15):
            stored = get_kind(slug).generate(seed, difficulty, RULES).situation
            assert typed.from_json(stored).to_json() == stored
            assert json.dumps(typed.from_json(stored).to_json()) == json.dumps(stored)  # the order of keys too
