"""Jack Switch drill kinds (seed 004): worked examples per kind, every named mistake on a
concrete situation and on a seeded one, what each difficulty draws, the mixed 22 kind's two
rule sets, and house rules other than the defaults."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest

from drills.kinds.base import Difficulty, Scenario, get_kind
from drills.rulings.base import answer as door_answer
from games.blackjack.hand import hand_value
from games.blackjack.rules import BlackjackRules
from games.cards import parse_standard_card
from games.jack_switch.rules import JackSwitchRules
from games.money import Ratio
from tests.drills.kinds_support import KindBench

RULES = JackSwitchRules()
S17_3_2 = JackSwitchRules(dealer_hits_soft_17=False, blackjack_pays=Ratio(3, 2))
SEEDS = range(40)
JS_KINDS = ("js-switch-result", "js-settle-dealer-22", "js-dealer-soft-17", "js-super-match", "js-pair-bonus",
            "js-bonus-accepted", "js-mixed-22")


BENCH = KindBench(RULES)
kind = get_kind
scenario, grade, key, graded_seed = BENCH.scenario, BENCH.grade, BENCH.key, BENCH.graded


def first_seed(slug: str, difficulty: Difficulty, wanted: Callable[[Scenario], bool],
               rules: JackSwitchRules = RULES) -> Scenario:
    """The first of 200 seeds whose scenario is ``wanted`` (the generator must draw such cases)."""
    return BENCH.first_drawn(slug, [difficulty], wanted, rules)


def settle(bet: str, hands: list[tuple[str, bool]], dealer: str, *, switched: bool = False,
           table: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "bet": bet, "hands": [{"cards": cards.split(), "doubled": doubled} for cards, doubled in hands],
        "dealer": dealer.split(), "insurance": "0.00", "even_money": False, "surrendered": False,
    }
    if table != "blackjack":
        body["switched"] = switched
    return body if table is None else {"table": table, **body}


def total(cards: list[str]) -> int:
    return hand_value([parse_standard_card(card) for card in cards]).total


@pytest.mark.parametrize("slug", JS_KINDS)
def test_every_kind_is_registered_for_jack_switch(slug: str):
    drill = kind(slug)
    assert drill.game == "jack-switch"
    assert 3 <= drill.target_seconds <= 60


# --- 8. the switch -----------------------------------------------------------------------

@pytest.mark.parametrize(("box1", "box2", "expected"), [
    ("AS 5H", "9C KD", (21, 14)),  # JS-8: A + K after the switch is 21, not blackjack
    ("AS KD", "9C 5H", (16, 19)),  # JS-7: a blackjack switched away
    ("9S 2D", "3H 8S", (17, 5)),
    ("7S AH", "AD 6C", (13, 12)),  # the Aces count 11: 7+6 and A+A
])
def test_switch_result_worked_examples(box1: str, box2: str, expected: tuple[int, int]):
    assert key("js-switch-result", {"box1": box1.split(), "box2": box2.split()}) == {
        "total_1": expected[0], "blackjack_1": "no", "total_2": expected[1], "blackjack_2": "no"}


@pytest.mark.parametrize(("box1", "box2", "answer", "code"), [
    ("AS 5H", "9C KD", {"total_1": 21, "blackjack_1": "yes", "total_2": 14, "blackjack_2": "no"},
     "js-switched-ace-ten-blackjack"),
    ("AS 5H", "9C KD", {"total_1": 14, "blackjack_1": "no", "total_2": 21, "blackjack_2": "no"},
     "js-switch-first-cards"),  # 9C 5H and AS KD
    ("AS KD", "9C 5H", {"total_1": 21, "blackjack_1": "yes", "total_2": 14, "blackjack_2": "no"},
     "js-counted-as-dealt"),
])
def test_switch_result_named_mistakes(box1: str, box2: str, answer: dict[str, Any], code: str):
    graded = grade("js-switch-result", {"box1": box1.split(), "box2": box2.split()}, answer)
    assert not graded.correct
    assert graded.mistake_code == code


def test_switch_result_seeded_ace_ten_after_the_switch():
    made = first_seed("js-switch-result", Difficulty.HARD,
                      lambda s: 21 in (s.solution.key["total_1"], s.solution.key["total_2"]))
    wrong = dict(made.solution.key)
    wrong["blackjack_1" if wrong["total_1"] == 21 else "blackjack_2"] = "yes"
    graded = graded_seed(made, wrong)
    assert graded.mistake_code == "js-switched-ace-ten-blackjack"
    assert graded.score == Decimal("0.75")


def test_switch_result_easy_has_no_aces_and_hard_has_many_twenty_ones():
    for seed in SEEDS:
        situation = kind("js-switch-result").generate(seed, Difficulty.EASY, RULES).situation
        assert not any(card.startswith("A") for card in situation["box1"] + situation["box2"])
    hard = [kind("js-switch-result").generate(seed, Difficulty.HARD, RULES).solution.key for seed in SEEDS]
    assert sum(21 in (k["total_1"], k["total_2"]) for k in hard) >= 8


# --- 9. settle against a dealer 22 --------------------------------------------------------

@pytest.mark.parametrize(("situation", "expected"), [
    (settle("25", [("TS 8H", False)], "TH 2C KS"), {"result": "push", "net": "0.00"}),
    (settle("35", [("AS KD", False)], "TH 2C KS"), {"result": "blackjack", "net": "35.00"}),  # JS-4, JS-3
    (settle("35", [("AS KD", False)], "TH 2C KS", switched=True), {"result": "push", "net": "0.00"}),  # JS-8
    (settle("25", [("TS 6H 9C", False)], "TH 2C KS"), {"result": "lose", "net": "-25.00"}),  # a bust still loses
    (settle("15", [("8S 3H TC", True), ("8D 9C 7H", False)], "6H 6C KD"),
     {"result_1": "push", "result_2": "lose", "net": "-15.00"}),
    (settle("25", [("TS 8H", False)], "TH 3C KS"), {"result": "win", "net": "25.00"}),  # 23 is bust
])
def test_dealer_22_worked_examples(situation: dict[str, Any], expected: dict[str, str]):
    assert key("js-settle-dealer-22", situation) == expected


@pytest.mark.parametrize(("situation", "answer", "code"), [
    (settle("25", [("TS 8H", False)], "TH 2C KS"), {"result": "win", "net": "25"}, "js-22-paid-as-win"),
    (settle("35", [("AS KD", False)], "TH 2C KS"), {"result": "push", "net": "0"}, "js-22-blackjack-pushed"),
    (settle("25", [("TS 6H 9C", False)], "TH 2C KS"), {"result": "push", "net": "0"}, "js-22-bust-pushed"),
    (settle("35", [("AS KD", False)], "TH 2C KS", switched=True), {"result": "blackjack", "net": "35"},
     "js-switched-ace-ten-blackjack"),
    (settle("35", [("AS KD", False)], "TH 2C KS"), {"result": "blackjack", "net": "52.50"}, "js-blackjack-paid-3-2"),
])
def test_dealer_22_named_mistakes(situation: dict[str, Any], answer: dict[str, str], code: str):
    graded = grade("js-settle-dealer-22", situation, answer)
    assert not graded.correct
    assert graded.mistake_code == code
    assert "JS-" in graded.mistake


def test_dealer_22_seeded_win_paid_is_named():
    made = first_seed("js-settle-dealer-22", Difficulty.NORMAL, lambda s: s.solution.key.get("result") == "push")
    bet = made.situation["bet"]
    stake = Decimal(bet) * (2 if made.situation["hands"][0]["doubled"] else 1)
    graded = graded_seed(made, {"result": "win", "net": str(stake)})
    assert graded.mistake_code == "js-22-paid-as-win"
    assert graded.mistake == "A dealer 22 is not a bust in Jack Switch: it pushes every hand still in play (JS-4)."


def test_dealer_22_every_drawn_dealer_makes_22_and_hard_draws_the_traps():
    hard = [kind("js-settle-dealer-22").generate(seed, Difficulty.HARD, RULES) for seed in SEEDS]
    for made in hard:
        assert total(made.situation["dealer"]) == 22
    assert any(made.situation["switched"] and made.solution.key.get("result") == "push"
               and total(made.situation["hands"][0]["cards"]) == 21 for made in hard)
    assert any(made.solution.key.get("result") == "blackjack" for made in hard)
    assert any(len(made.situation["hands"]) > 1 for made in hard)
    assert any(made.solution.key.get("result") == "lose" for made in hard)


def test_dealer_22_under_a_house_paying_3_2_has_no_3_2_mistake():
    codes = {mistake.code for mistake in kind("js-settle-dealer-22").mistakes(S17_3_2)}
    assert "js-blackjack-paid-3-2" not in codes
    assert key("js-settle-dealer-22", settle("35", [("AS KD", False)], "TH 2C KS"), S17_3_2)["net"] == "52.50"


# --- 10. dealer soft 17 ------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "expected"), [
    ("AS 6H", "hit"), ("2S AH 4C", "hit"), ("AS 7H", "stand"), ("TS 6H AC", "stand"), ("TS 2H TC", "stand"),
])
def test_dealer_soft_17_worked_examples(cards: str, expected: str):
    assert key("js-dealer-soft-17", {"cards": cards.split()}) == {"action": expected}


def test_dealer_soft_17_names_the_blackjack_habit_of_standing():
    graded = grade("js-dealer-soft-17", {"cards": ["AS", "6H"]}, {"action": "stand"})
    assert graded.mistake_code == "dealer-soft-17-rule"
    assert "JS-5" in graded.mistake
    made = first_seed("js-dealer-soft-17", Difficulty.HARD, lambda s: s.solution.key == {"action": "hit"}
                      and total(s.situation["cards"]) == 17)
    assert graded_seed(made, {"action": "stand"}).mistake_code == "dealer-soft-17-rule"


def test_dealer_soft_17_hard_hands_are_valid_under_a_stand_on_17_house_too():
    for seed in SEEDS:
        made = kind("js-dealer-soft-17").generate(seed, Difficulty.HARD, S17_3_2)
        ruling = door_answer("jack-switch", "dealer-action", {"cards": made.situation["cards"]}, S17_3_2)
        assert ruling.answer == made.solution.key


# --- 11. Super Match ------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "bet", "expected"), [
    ("7S 7H KD KC", "10", {"combination": "two-pairs", "pays": "80.00"}),
    ("7S 7H 7D 2C", "12.50", {"combination": "three-of-a-kind", "pays": "62.50"}),
    ("QS QH QD QH", "12.50", {"combination": "four-of-a-kind", "pays": "500.00"}),
    ("KS QH 9D 2C", "10", {"combination": "none", "pays": "0.00"}),
    ("KS KH 9D 2C", "7.50", {"combination": "one-pair", "pays": "7.50"}),
])
def test_super_match_worked_examples(cards: str, bet: str, expected: dict[str, str]):
    assert key("js-super-match", {"cards": cards.split(), "bet": bet}) == expected


def test_super_match_named_mistakes():
    tens = {"cards": ["KS", "QH", "9D", "2C"], "bet": "10.00"}
    graded = grade("js-super-match", tens, {"combination": "one-pair", "pays": "10"})
    assert graded.mistake_code == "js-sm-ten-values-pair"
    trips = {"cards": ["7S", "7H", "7D", "2C"], "bet": "10.00"}
    graded = grade("js-super-match", trips, {"combination": "three-of-a-kind", "pays": "80"})
    assert graded.mistake_code == "js-sm-two-pairs-three-swapped"
    assert "8:1" in graded.mistake


def test_super_match_seeded_ten_values_are_not_a_pair():
    made = first_seed("js-super-match", Difficulty.HARD,
                      lambda s: s.solution.key["combination"] == "none"
                      and sum(card[0] in "TJQK" for card in s.situation["cards"]) >= 2)
    graded = graded_seed(made, {"combination": "one-pair", "pays": made.situation["bet"]})
    assert graded.mistake_code == "js-sm-ten-values-pair"


def test_super_match_prompt_shows_both_boxes_and_the_house_table():
    made = scenario("js-super-match", {"cards": ["7S", "7H", "KD", "KC"], "bet": "10.00"})
    assert [group.cards for group in made.prompt.cards] == [("7S", "7H"), ("KD", "KC")]
    assert "Two pairs 8:1" in dict(made.prompt.facts)["Super Match pays"]


# --- 12. pair bonus ---------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "bet", "expected"), [
    ("QH QH", "10", {"combination": "same-suit-pair", "pays": "300.00"}),
    ("8H 8D", "7.50", {"combination": "same-colour-pair", "pays": "75.00"}),
    ("8H 8S", "12.50", {"combination": "different-colour-pair", "pays": "62.50"}),
    ("KH QH", "10", {"combination": "none", "pays": "0.00"}),
])
def test_pair_bonus_worked_examples(cards: str, bet: str, expected: dict[str, str]):
    assert key("js-pair-bonus", {"cards": cards.split(), "bet": bet, "after_switch": None}) == expected


def test_pair_bonus_named_mistakes():
    switched = {"cards": ["8H", "3S"], "bet": "10.00", "after_switch": ["8H", "8D"]}
    assert key("js-pair-bonus", switched) == {"combination": "none", "pays": "0.00"}
    graded = grade("js-pair-bonus", switched, {"combination": "same-colour-pair", "pays": "100"})
    assert graded.mistake_code == "js-pb-after-switch"
    colours = {"cards": ["8H", "8D"], "bet": "10.00", "after_switch": None}
    graded = grade("js-pair-bonus", colours, {"combination": "same-suit-pair", "pays": "300"})
    assert graded.mistake_code == "js-pb-same-colour-as-same-suit"
    tens = {"cards": ["KH", "QS"], "bet": "10.00", "after_switch": None}
    graded = grade("js-pair-bonus", tens, {"combination": "different-colour-pair", "pays": "50"})
    assert graded.mistake_code == "js-pb-ten-values-pair"


def test_pair_bonus_seeded_switch_trap():
    made = first_seed("js-pair-bonus", Difficulty.HARD,
                      lambda s: bool(s.situation["after_switch"]) and s.solution.key["combination"] == "none"
                      and s.situation["after_switch"][1][0] == s.situation["after_switch"][0][0])
    ruling = door_answer("jack-switch", "pair-bonus", {"cards": made.situation["after_switch"],
                                                        "bet": made.situation["bet"]}, RULES)
    wrong = {"combination": ruling.answer["combination"], "pays": ruling.answer["pays"]}
    assert graded_seed(made, wrong).mistake_code == "js-pb-after-switch"
    assert "as dealt" in made.solution.explanation


# --- 13. bonus bet accepted -----------------------------------------------------------------

@pytest.mark.parametrize(("limits", "main", "bonus", "accepted"), [
    ("10-200", "10", "150", "yes"),  # larger than the main bet, within the bonus limits
    ("25-500", "25", "600", "no"),
    ("50-1000", "50", "1000", "yes"),
    ("10-200", "0", "20", "no"),  # no main bet
    ("25-500", "10", "20", "no"),  # a main bet below the table minimum is no main bet
    ("10-200", "20", "0.50", "no"),  # below the bonus minimum
])
def test_bonus_accepted_worked_examples(limits: str, main: str, bonus: str, accepted: str):
    situation = {"table_limits": limits, "main_bet": main, "bonus": bonus}
    assert key("js-bonus-accepted", situation) == {"accepted": accepted}


def test_bonus_accepted_named_mistakes():
    larger = {"table_limits": "10-200", "main_bet": "10.00", "bonus": "150.00"}
    assert grade("js-bonus-accepted", larger, {"accepted": "no"}).mistake_code == "js-bonus-not-above-main"
    alone = {"table_limits": "10-200", "main_bet": "0.00", "bonus": "20.00"}
    assert grade("js-bonus-accepted", alone, {"accepted": "yes"}).mistake_code == "js-bonus-without-main"
    over = {"table_limits": "25-500", "main_bet": "25.00", "bonus": "600.00"}
    assert grade("js-bonus-accepted", over, {"accepted": "yes"}).mistake_code not in {
        "js-bonus-not-above-main",
        "js-bonus-without-main",
    }


def test_bonus_accepted_seeded_bonus_above_the_main_bet():
    made = first_seed("js-bonus-accepted", Difficulty.HARD,
                      lambda s: s.solution.key["accepted"] == "yes"
                      and Decimal(s.situation["bonus"]) > Decimal(s.situation["main_bet"]))
    assert graded_seed(made, {"accepted": "no"}).mistake_code == "js-bonus-not-above-main"


def test_bonus_accepted_prompt_states_the_house_bonus_limits():
    made = scenario("js-bonus-accepted", {"table_limits": "10-200", "main_bet": "0.00", "bonus": "20.00"})
    facts = dict(made.prompt.facts)
    assert facts["Main bet"] == "none"
    assert "table 25-500: bonus 1-500" in facts["Bonus limits at this house"]


def test_bonus_accepted_draws_both_answers_and_round_amounts():
    answers = set()
    for seed in SEEDS:
        made = kind("js-bonus-accepted").generate(seed, Difficulty.NORMAL, RULES)
        answers.add(made.solution.key["accepted"])
        assert Decimal(made.situation["bonus"]) % 5 == 0
    assert answers == {"yes", "no"}


# --- 14. mixed Blackjack / Jack Switch against a dealer 22 -----------------------------------

def test_mixed_22_worked_examples():
    blackjack = settle("25", [("TS 8H", False)], "TH 2C KS", table="blackjack")
    assert key("js-mixed-22", blackjack) == {"result": "win", "net": "25.00"}
    jack_switch = settle("25", [("TS 8H", False)], "TH 2C KS", table="jack-switch")
    assert key("js-mixed-22", jack_switch) == {"result": "push", "net": "0.00"}
    natural = settle("35", [("AS KD", False)], "TH 2C KS", table="blackjack")
    assert key("js-mixed-22", natural) == {"result": "blackjack", "net": "52.50"}


def test_mixed_22_names_each_games_habit():
    blackjack = settle("25", [("TS 8H", False)], "TH 2C KS", table="blackjack")
    graded = grade("js-mixed-22", blackjack, {"result": "push", "net": "0"})
    assert graded.mistake_code == "bj-22-pushed"
    jack_switch = settle("25", [("TS 8H", False)], "TH 2C KS", table="jack-switch")
    assert grade("js-mixed-22", jack_switch, {"result": "win", "net": "25"}).mistake_code == "js-22-paid-as-win"
    natural = settle("35", [("AS KD", False)], "TH 2C KS", table="blackjack")
    assert grade("js-mixed-22", natural, {"result": "blackjack", "net": "35"}).mistake_code == "bj-blackjack-paid-1-1"
    js_natural = settle("35", [("AS KD", False)], "TH 2C KS", table="jack-switch")
    graded = grade("js-mixed-22", js_natural, {"result": "blackjack", "net": "52.50"})
    assert graded.mistake_code == "js-blackjack-paid-3-2"


def test_mixed_22_blackjack_rounds_use_blackjack_defaults_whatever_the_jack_switch_house():
    for seed in SEEDS:
        made = kind("js-mixed-22").generate(seed, Difficulty.HARD, S17_3_2)
        situation = dict(made.situation)
        assert total(situation["dealer"]) == 22
        game = situation.pop("table")
        rules = BlackjackRules() if game == "blackjack" else S17_3_2
        ruling = door_answer(game, "settle", json.loads(json.dumps(situation)), rules)
        hands = ruling.answer["hands"]
        results = {"result": hands[0]["result"]} if len(hands) == 1 else {
            f"result_{i}": hand["result"] for i, hand in enumerate(hands, start=1)}
        assert dict(made.solution.key) == {**results, "net": ruling.answer["net"]}
        if game == "blackjack":
            assert kind("js-mixed-22").door(made.situation) is None
            assert "switched" not in situation
            assert "Blackjack (the house rules as written)" in dict(made.prompt.facts)["Game"]


def test_mixed_22_draws_both_tables_and_the_prompt_names_the_game():
    tables = {kind("js-mixed-22").generate(seed, Difficulty.NORMAL, RULES).situation["table"] for seed in SEEDS}
    assert tables == {"blackjack", "jack-switch"}
    made = scenario("js-mixed-22", settle("25", [("TS 8H", False)], "TH 2C KS", table="blackjack"))
    assert made.prompt.question.startswith("This table plays Blackjack.")
    assert dict(made.prompt.facts)["Blackjack pays"] == "3:2"


def test_mixed_22_seeded_blackjack_push_is_named():
    made = first_seed("js-mixed-22", Difficulty.NORMAL,
                      lambda s: s.situation["table"] == "blackjack" and s.solution.key.get("result") == "win")
    graded = graded_seed(made, {"result": "push", "net": "0"})
    assert graded.mistake_code == "bj-22-pushed"


# --- other house rules ---------------------------------------------------------------------

@pytest.mark.parametrize("slug", JS_KINDS)
def test_kinds_agree_with_the_door_under_other_house_rules(slug: str):
    rules = JackSwitchRules.from_mapping({
        "dealer_hits_soft_17": False, "blackjack_pays": "3:2",
        "super_match": {"one-pair": "1:1", "two-pairs": "5:1", "three-of-a-kind": "8:1", "four-of-a-kind": "30:1"},
        "pair_bonus": {"different-colour-pair": "6:1", "same-colour-pair": "12:1", "same-suit-pair": "25:1"},
        "bonus_limits": "5-100: 1-50, 25-500: 5-500",
    })
    drill = kind(slug)
    for difficulty in Difficulty:
        for seed in range(15):
            made = drill.generate(seed, difficulty, rules)
            door = drill.door(made.situation)
            if door is not None:
                ruling = door_answer("jack-switch", door[0], json.loads(json.dumps(door[1])), rules)
                assert dict(drill.key_from_door(ruling.answer)) == dict(made.solution.key)
            for mistake in drill.mistakes(rules):
                mistake.solve(made.situation)
