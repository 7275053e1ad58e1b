"""Jack Switch diagnoses (issue 14 item 2): every shape a kind names for a wrong answer, on a
concrete situation, with the values it says; the measured share of specific diagnoses per
kind; the engine's reasons behind the explanations; the typed situations keep the stored
JSON exactly."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from drills.kinds.base import WORKED_DIFFERENCES, Difficulty, get_kind
from drills.kinds.diagnosis import measure_kind
from drills.kinds.jack_switch import BonusBetSituation, SettleSituation, SideBetSituation, SwitchSituation
from games.jack_switch.rules import JackSwitchRules
from games.money import Ratio
from tests.drills.kinds_support import KindBench

RULES = JackSwitchRules()
BENCH = KindBench(RULES)
grade, scenario = BENCH.grade, BENCH.scenario
JS_KINDS = (
    "js-switch-result",
    "js-settle-dealer-22",
    "js-dealer-soft-17",
    "js-super-match",
    "js-pair-bonus",
    "js-bonus-accepted",
    "js-mixed-22",
)


def settle(
    bet: str, hands: list[tuple[str, bool]], dealer: str, *, switched: bool = False, table: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "bet": bet,
        "hands": [{"cards": cards.split(), "doubled": doubled} for cards, doubled in hands],
        "dealer": dealer.split(),
        "insurance": "0.00",
        "even_money": False,
        "surrendered": False,
    }
    if table != "blackjack":
        body["switched"] = switched
    return body if table is None else {"table": table, **body}


def diagnosed(slug: str, situation: dict[str, Any], change: dict[str, Any], rules: Any = None) -> tuple[str, str]:
    """The diagnosis of the right answer with ``change`` made to it: (code, words)."""
    key = dict(get_kind(slug).solve(situation, rules or RULES).key)
    assert any(key[name] != value for name, value in change.items()), "the change must make the answer wrong"
    graded = grade(slug, situation, key | change, rules)
    assert not graded.correct
    assert graded.specific or graded.mistake_code in WORKED_DIFFERENCES  # a cause named, or the working shown
    return graded.mistake_code, graded.mistake


# --- the switch ------------------------------------------------------------------------------

SWITCH = {"box1": ["TS", "8S"], "box2": ["6H", "9C"]}  # after the switch: T♠ 9♣ = 19, 6♥ 8♠ = 14


@pytest.mark.parametrize(
    ("situation", "change", "code", "says"),
    [
        (SWITCH, {"blackjack_1": "yes"}, "js-not-a-blackjack", "Box 1 holds T♠ 9♣ = 19 after the switch"),
        (
            {"box1": ["AS", "KD"], "box2": ["9C", "5H"]},
            {"blackjack_1": "yes"},
            "js-blackjack-switched-away",
            "Box 1's blackjack A♠ K♦ is switched away: the box now holds A♠ 5♥ = 16 (JS-7)",
        ),
        (
            {"box1": ["AS", "5H"], "box2": ["9C", "KD"]},
            {"blackjack_1": "yes"},
            "js-switched-ace-ten-blackjack",
            "After the switch, an Ace and a 10-value is 21, not blackjack",
        ),
        (SWITCH, {"total_1": 14}, "js-switch-other-box", "14 is box 2's total after the switch"),
        (SWITCH, {"total_1": 18}, "js-counted-as-dealt", "18 is box 1 as dealt, T♠ 8♠"),
        (
            {"box1": ["2S", "3H"], "box2": ["6H", "9C"]},
            {"total_1": 14},
            "js-switch-card-added",
            "14 adds box 2's second card to box 1's two cards",
        ),
        (
            {"box1": ["2C", "8C"], "box2": ["AH", "AS"]},
            {"total_1": 3},
            "ace-counted-wrong",
            "2♣ A♠ counts 2 + 11 = 13, not 3 (JS-2)",
        ),
        (SWITCH, {"total_1": 21}, "js-switch-miscounted", "Box 1 after the switch holds T♠ 9♣: 10 + 9 = 19, not 21"),
        (SWITCH, {"total_1": 16}, "six-nine-misread", "16 reads 9♣ upside down, as a 6: T♠ 9♣ is 19 (JS-2)"),
        (SWITCH, {"total_1": 10}, "card-left-out", "10 leaves 9♣ out: T♠ 9♣ is 19 (JS-2)"),
        (SWITCH, {"total_2": 20}, "card-counted-twice", "20 counts 6♥ twice: 6♥ 8♠ is 14 (JS-2)"),
    ],
)
def test_switch_result_shapes(situation: dict[str, Any], change: dict[str, Any], code: str, says: str) -> None:
    found, words = diagnosed("js-switch-result", situation, change)
    assert (found, says in words) == (code, True), words


# --- settling against a dealer 22 --------------------------------------------------------------

PUSH = settle("25", [("TS 8H", False)], "TH 2C KS")
NATURAL = settle("35", [("AS KD", False)], "TH 2C KS")
BUST = settle("25", [("TS 6H 9C", False)], "TH 2C KS")
SPLIT_DOUBLE = settle("15", [("8S 3H TC", True), ("8D 9C 7H", False)], "6H 6C KD")  # push, lose: -15
BJ_WIN = settle("25", [("TS 8H", False)], "TH 2C KS", table="blackjack")
DOUBLE_WIN = settle("20", [("5S 6H TC", True)], "TH 3C KS")  # a dealer 23 is bust: +40


@pytest.mark.parametrize(
    ("slug", "situation", "change", "code", "says"),
    [
        ("js-settle-dealer-22", PUSH, {"result": "lose"}, "js-22-collected", "A dealer 22 does not beat T♠ 8♥"),
        ("js-settle-dealer-22", PUSH, {"result": "win"}, "js-22-paid-as-win", "T♠ 8♥ pushes, it does not win (JS-4)"),
        ("js-settle-dealer-22", PUSH, {"result": "blackjack"}, "not-a-blackjack", "T♠ 8♥ is not a blackjack"),
        ("js-settle-dealer-22", PUSH, {"result": "surrender"}, "not-surrendered", "T♠ 8♥ was not surrendered"),
        ("js-settle-dealer-22", NATURAL, {"result": "push"}, "js-22-blackjack-pushed", "it wins against a dealer 22"),
        ("js-settle-dealer-22", NATURAL, {"result": "win"}, "blackjack-as-win", "A♠ K♦ is a blackjack"),
        ("js-settle-dealer-22", BUST, {"result": "win"}, "bust-paid", "T♠ 6♥ 9♣ is bust"),
        ("js-settle-dealer-22", BUST, {"result": "push"}, "js-22-bust-pushed", "T♠ 6♥ 9♣ is bust"),
        ("js-settle-dealer-22", SPLIT_DOUBLE, {"result_2": "push"}, "js-22-bust-pushed", "8♦ 9♣ 7♥ is bust"),
        ("js-settle-dealer-22", SPLIT_DOUBLE, {"net": "15.00"}, "loss-paid", "a lost hand counts against the player"),
        (
            "js-settle-dealer-22",
            SPLIT_DOUBLE,
            {"net": "-14.50"},
            "net-miscounted",
            "Net for the box: -15.00, not -14.50",
        ),
        (
            "js-settle-dealer-22",
            DOUBLE_WIN,
            {"net": "20.00"},
            "double-stake-missed",
            "A doubled hand's stake is twice the bet, 40.00",
        ),
        ("js-settle-dealer-22", DOUBLE_WIN, {"net": "45.00"}, "one-chip-over", "45.00 is one 5.00 chip too many"),
        ("js-settle-dealer-22", BUST, {"net": "-24.00"}, "one-chip-short", "-24.00 is one 1.00 chip short"),
        (
            "js-mixed-22",
            settle("7.50", [("AS KD", False)], "TH 2C KS", table="blackjack"),
            {"net": "11.00"},
            "amount-rounded",
            "11.25 is paid to the cent: 11.00 rounds it to a whole amount",
        ),
        ("js-settle-dealer-22", PUSH, {"net": "25.00"}, "nothing-due", "T♠ 8♥ has 18 and the dealer has 22: a push"),
        (
            "js-settle-dealer-22",
            settle("35", [("AS KD", False)], "TH 2C KS", switched=True),
            {"result": "blackjack"},
            "js-switched-ace-ten-blackjack",
            "After the switch, A♠ K♦ is 21, not blackjack",
        ),
        (
            "js-settle-dealer-22",
            settle("10", [("AS KD", False), ("AH 5C", False)], "TH 2C KS"),
            {"result_1": "blackjack"},
            "bj-split-ace-ten-blackjack",
            "After a split, A♠ K♦ is 21, not blackjack (BJ-S4)",
        ),
        ("js-mixed-22", BJ_WIN, {"result": "push"}, "bj-22-pushed", "In Blackjack the dealer's 22 is bust"),
        ("js-mixed-22", BJ_WIN, {"result": "lose"}, "dealer-bust-collected", "T♠ 8♥, still in play, wins (BJ-9)"),
    ],
)
def test_settle_22_shapes(slug: str, situation: dict[str, Any], change: dict[str, Any], code: str, says: str) -> None:
    found, words = diagnosed(slug, situation, change)
    assert (found, says in words) == (code, True), words


def test_settle_22_explanation_is_the_engines_reasons_with_the_houses_values() -> None:
    house = JackSwitchRules(blackjack_pays=Ratio(6, 5))
    made = scenario("js-settle-dealer-22", NATURAL, house)
    assert [reason.rule for reason in made.solution.reasons] == ["JS-4", ""]
    assert made.solution.explanation == (
        "A♠ K♦ is a blackjack: the dealer's 22 pushes the other hands, but a "
        "blackjack wins, paid 6:5: 42.00 (JS-4). Net for the box: 42.00."
    )


# --- the dealer's draw ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "change", "code", "says"),
    [
        ("4S 2H 5H", {"action": "stand"}, "dealer-below-17", "The dealer has 11 (4♠ 2♥ 5♥), below 17, and must draw"),
        ("TS 8H", {"action": "hit"}, "dealer-hard-stands", "The dealer has a hard 18 (T♠ 8♥) and stands (JS-5)"),
        ("AS 7H", {"action": "hit"}, "dealer-soft-stands", "The dealer has a soft 18 (A♠ 7♥) and stands"),
        ("TS 6H 8C", {"action": "hit"}, "dealer-bust", "over 21: the hand is finished"),
    ],
)
def test_dealer_soft_17_shapes(cards: str, change: dict[str, Any], code: str, says: str) -> None:
    found, words = diagnosed("js-dealer-soft-17", {"cards": cards.split()}, change)
    assert (found, says in words) == (code, True), words


def test_dealer_soft_17_mistake_says_the_houses_own_rule() -> None:
    stands = JackSwitchRules(dealer_hits_soft_17=False)
    graded = grade("js-dealer-soft-17", {"cards": ["AS", "6H"]}, {"action": "hit"}, stands)
    assert graded.mistake_code == "dealer-soft-17-rule"
    assert graded.mistake.startswith("This house's dealer stands on all 17s")


# --- side bets -----------------------------------------------------------------------------------

TRIPS = {"cards": ["7S", "7H", "7D", "2C"], "bet": "10.00"}  # three of a kind, 5:1: 50.00
PAIR = {"cards": ["8H", "8S"], "bet": "10.00", "after_switch": None}  # different colours, 5:1: 50.00


@pytest.mark.parametrize(
    ("slug", "situation", "change", "code", "says"),
    [
        (
            "js-super-match",
            TRIPS,
            {"combination": "one-pair"},
            "js-sm-combination-misread",
            "By rank, 7♦ 7♥ 7♠ 2♣ make Three of a kind, not One pair",
        ),
        (
            "js-super-match",
            {"cards": ["KS", "QH", "9D", "2C"], "bet": "10.00"},
            {"combination": "one-pair"},
            "js-sm-ten-values-pair",
            "a King and a Queen are not a pair (JS-SM)",
        ),
        (
            "js-super-match",
            TRIPS,
            {"pays": "400.00"},
            "side-bet-wrong-line",
            "400.00 is what Four of a kind pays (40:1)",
        ),
        ("js-super-match", TRIPS, {"pays": "60.00"}, "side-bet-stake-counted", "60.00 counts the 10.00 stake in"),
        ("js-super-match", TRIPS, {"pays": "49.00"}, "one-chip-short", "49.00 is one 1.00 chip short: 50.00 is due"),
        ("js-super-match", TRIPS, {"pays": "55.00"}, "one-chip-over", "55.00 is one 5.00 chip too many: 50.00 is due"),
        ("js-super-match", TRIPS, {"pays": "47.00"}, "side-bet-miscounted", "5:1 on 10.00 is 50.00, not 47.00"),
        ("js-super-match", TRIPS, {"pays": "40.00"}, "side-bet-paid-for-one", "40.00 pays 5:1 as 5 for 1"),
        ("js-super-match", TRIPS, {"pays": "75.00"}, "ratio-3-2", "differ by a 3:2 ratio"),
        (
            "js-pair-bonus",
            {"cards": ["8H", "8S"], "bet": "12.50", "after_switch": None},
            {"pays": "63.00"},
            "amount-rounded",
            "62.50 is paid to the cent: 63.00 rounds it to a whole amount (BJ-P10)",
        ),
        (
            "js-pair-bonus",
            PAIR,
            {"combination": "same-colour-pair"},
            "js-pb-combination-misread",
            "8♥ 8♠ is a pair of different colours",
        ),
        (
            "js-pair-bonus",
            {"cards": ["8H", "8D"], "bet": "10.00", "after_switch": None},
            {"combination": "same-suit-pair"},
            "js-pb-same-colour-as-same-suit",
            "same colour in different suits",
        ),
        (
            "js-pair-bonus",
            {"cards": ["KH", "QS"], "bet": "10.00", "after_switch": None},
            {"combination": "different-colour-pair"},
            "js-pb-ten-values-pair",
            "a King and a Queen are not a pair",
        ),
        ("js-pair-bonus", PAIR, {"pays": "100.00"}, "side-bet-wrong-line", "100.00 is what Pair, same colour pays"),
    ],
)
def test_side_bet_shapes(slug: str, situation: dict[str, Any], change: dict[str, Any], code: str, says: str) -> None:
    found, words = diagnosed(slug, situation, change)
    assert (found, says in words) == (code, True), words


@pytest.mark.parametrize(
    ("situation", "change", "code", "says"),
    [
        (
            {"table_limits": "25-500", "main_bet": "100.00", "bonus": "50.00"},
            {"accepted": "no"},
            "bonus-within",
            "Accepted: the bonus 50.00 is within 1.00-500.00 at a 25.00-500.00 table (JS-L)",
        ),
        (
            {"table_limits": "25-500", "main_bet": "25.00", "bonus": "600.00"},
            {"accepted": "yes"},
            "bonus-above-max",
            "above the bonus maximum 500.00",
        ),
        (
            {"table_limits": "10-200", "main_bet": "20.00", "bonus": "0.50"},
            {"accepted": "yes"},
            "bonus-below-min",
            "below the bonus minimum 1.00",
        ),
    ],
)
def test_bonus_accepted_shapes(situation: dict[str, Any], change: dict[str, Any], code: str, says: str) -> None:
    found, words = diagnosed("js-bonus-accepted", situation, change)
    assert (found, says in words) == (code, True), words


# --- the measurement ---------------------------------------------------------------------------------


MEASURED: dict[str, tuple[int, str]] = {
    # slug: (seeds, the least share of wrong answers with a named cause)
    # The Switch's totals: the random wrong totals are the right one ±1, ±2, +5 or ±10; what a
    # card explains (counted twice, left out, a 6 read as a 9, an Ace, the other box, as dealt)
    # is named, the rest is a two-card sum slipped and gets the working (js-switch-miscounted).
    # Measured 87.5% over 40 seeds (89% over 20), so the floor is 0.85, not 0.9.
    "js-switch-result": (40, "0.85"),
    "js-settle-dealer-22": (8, "0.9"),  # the settling kinds are slow to generate: fewer seeds
    "js-dealer-soft-17": (20, "0.9"),
    "js-super-match": (40, "0.9"),
    "js-pair-bonus": (40, "0.9"),
    "js-bonus-accepted": (20, "0.9"),
    "js-mixed-22": (8, "0.9"),
}


@pytest.mark.parametrize("slug", JS_KINDS)
def test_most_wrong_answers_get_a_specific_diagnosis(slug: str) -> None:
    seeds, floor = MEASURED[slug]
    measured = measure_kind(get_kind(slug), RULES, range(seeds))
    assert measured.total >= 20
    assert measured.share >= Decimal(floor), measured.undiagnosed[:3]


# --- typed situations -------------------------------------------------------------------------------

TYPED: dict[str, Any] = {
    "js-switch-result": SwitchSituation,
    "js-settle-dealer-22": SettleSituation,
    "js-super-match": SideBetSituation,
    "js-pair-bonus": SideBetSituation,
    "js-bonus-accepted": BonusBetSituation,
    "js-mixed-22": SettleSituation,
}


@pytest.mark.parametrize("slug", sorted(TYPED))
def test_typed_situations_keep_the_stored_json_exactly(slug: str) -> None:
    for difficulty in Difficulty:
        for seed in range(8):
            stored = get_kind(slug).generate(seed, difficulty, RULES).situation
            again = TYPED[slug].from_json(json.loads(json.dumps(stored))).to_json()
            assert json.dumps(again) == json.dumps(stored)
