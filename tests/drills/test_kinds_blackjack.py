"""Blackjack drill kinds (seed 001): worked examples per kind, every named mistake on a
concrete situation and on a seeded one, what each difficulty draws, and house rules other
than the defaults (the contract test runs the defaults only)."""

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
from games.blackjack.settle import Box, PlayerHand
from games.cards import parse_standard_card
from games.money import Ratio
from tests.drills.kinds_support import KindBench

RULES = BlackjackRules()
H17_6_5 = BlackjackRules(dealer_hits_soft_17=True, blackjack_pays=Ratio(6, 5))
SEEDS = range(40)


BENCH = KindBench(RULES)
kind = get_kind
scenario, grade, key, graded_seed = BENCH.scenario, BENCH.grade, BENCH.key, BENCH.graded


def first_seed(slug: str, difficulty: Difficulty, wanted: Callable[[Scenario], bool],
               rules: BlackjackRules = RULES) -> Scenario:
    """The first of 200 seeds whose scenario is ``wanted`` (the generator must draw such cases)."""
    return BENCH.first_drawn(slug, [difficulty], wanted, rules)


def settle(bet: str, hands: list[tuple[str, bool]], dealer: str, *, insurance: str = "0.00", even_money: bool = False,
           surrendered: bool = False) -> dict[str, Any]:
    return {"bet": bet, "hands": [{"cards": cards.split(), "doubled": doubled} for cards, doubled in hands],
            "dealer": dealer.split(), "insurance": insurance, "even_money": even_money, "surrendered": surrendered}


# --- the kinds are registered -----------------------------------------------------------

BLACKJACK_KINDS = ("bj-hand-total", "bj-dealer-action", "bj-payout", "bj-options", "bj-settle-box",
                   "bj-insurance-max", "bj-pay-now-or-wait")


@pytest.mark.parametrize("slug", BLACKJACK_KINDS)
def test_every_kind_is_registered_for_blackjack_with_a_speed_target(slug: str):
    drill = kind(slug)
    assert drill.game == "blackjack"
    assert 3 <= drill.target_seconds <= 60


def test_speed_targets_follow_the_issue():
    assert kind("bj-insurance-max").target_seconds == 10
    assert kind("bj-hand-total").target_seconds == 5


# --- 1. hand total -----------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "split_hand", "expected"), [
    ("AS 6H", False, {"total": 17, "value": "soft"}),
    ("AS KD", False, {"total": 21, "value": "blackjack"}),
    ("KD AS", True, {"total": 21, "value": "soft"}),  # BJ-S4: 21, not blackjack
    ("AS 5H 9D", False, {"total": 15, "value": "hard"}),  # the Ace turns to 1
    ("AS AH 9D", False, {"total": 21, "value": "soft"}),
    ("AS AH", False, {"total": 12, "value": "soft"}),
    ("TS 6H 9C", False, {"total": 25, "value": "bust"}),
    ("AC 2D 3H 4S 5C", False, {"total": 15, "value": "hard"}),
    ("AC 2D 3H", False, {"total": 16, "value": "soft"}),
])
def test_hand_total_worked_examples(cards: str, split_hand: bool, expected: dict[str, Any]):
    assert key("bj-hand-total", {"cards": cards.split(), "split_hand": split_hand}) == expected


@pytest.mark.parametrize(("cards", "split_hand", "answer", "code"), [
    ("KD AS", True, {"total": 21, "value": "blackjack"}, "bj-split-ace-ten-blackjack"),
    ("AS 5H 9D", False, {"total": 25, "value": "bust"}, "bj-ace-always-eleven"),
    ("AC 2D 3H", False, {"total": 6, "value": "hard"}, "bj-ace-always-one"),
    ("AC 2D 3H", False, {"total": 16, "value": "hard"}, "bj-soft-called-hard"),
])
def test_hand_total_named_mistakes(cards: str, split_hand: bool, answer: dict[str, Any], code: str):
    graded = grade("bj-hand-total", {"cards": cards.split(), "split_hand": split_hand}, answer)
    assert not graded.correct
    assert graded.mistake_code == code
    assert "BJ-" in graded.mistake


def test_hand_total_partial_credit_for_the_right_total_alone():
    graded = grade("bj-hand-total", {"cards": ["AS", "6H"], "split_hand": False}, {"total": 17, "value": "hard"})
    assert graded.score == Decimal("0.50")
    assert graded.field_results == {"total": True, "value": False}


def test_hand_total_hard_draws_split_naturals_and_multi_card_soft_hands():
    made = first_seed("bj-hand-total", Difficulty.HARD,
                      lambda s: s.situation["split_hand"] and s.solution.key == {"total": 21, "value": "soft"})
    graded = graded_seed(made, {"total": 21, "value": "blackjack"})
    assert graded.mistake_code == "bj-split-ace-ten-blackjack"
    soft = first_seed("bj-hand-total", Difficulty.HARD,
                      lambda s: len(s.situation["cards"]) >= 3 and s.solution.key["value"] == "soft")
    assert any(card.startswith("A") for card in soft.situation["cards"])


# --- 2. dealer action --------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "s17", "h17"), [
    ("AS 6H", "stand", "hit"),
    ("2S AH 4C", "stand", "hit"),
    ("TS 6H AC", "stand", "stand"),  # a hard 17 with an Ace
    ("AS 7H", "stand", "stand"),
    ("TS 6H", "hit", "hit"),
    ("TS 2H TC", "stand", "stand"),  # bust (22 is a bust in Blackjack)
])
def test_dealer_action_worked_examples(cards: str, s17: str, h17: str):
    situation = {"cards": cards.split()}
    assert key("bj-dealer-action", situation) == {"action": s17}
    assert key("bj-dealer-action", situation, H17_6_5) == {"action": h17}


def test_dealer_action_names_the_soft_17_confusion_under_either_house_rule():
    graded = grade("bj-dealer-action", {"cards": ["AS", "6H"]}, {"action": "hit"})
    assert graded.mistake_code == "dealer-soft-17-rule"
    assert "stands on all 17s" in graded.mistake
    graded = grade("bj-dealer-action", {"cards": ["AS", "6H"]}, {"action": "stand"}, H17_6_5)
    assert graded.mistake_code == "dealer-soft-17-rule"
    assert "hits soft 17" in graded.mistake


def test_dealer_action_names_a_hard_17_with_an_ace_hit_as_soft():
    graded = grade("bj-dealer-action", {"cards": ["TS", "6H", "AC"]}, {"action": "hit"}, H17_6_5)
    assert graded.mistake_code == "dealer-hard-17-with-ace-as-soft"
    plain = grade("bj-dealer-action", {"cards": ["TS", "7H"]}, {"action": "hit"}, H17_6_5)
    assert plain.mistake_code != "dealer-hard-17-with-ace-as-soft"  # no Ace: not that mistake


def test_dealer_action_prompt_states_the_house_soft_17_rule():
    assert "stands on all 17s" in scenario("bj-dealer-action", {"cards": ["AS", "6H"]}).prompt.facts[0][1]
    assert "hits soft 17" in scenario("bj-dealer-action", {"cards": ["AS", "6H"]}, H17_6_5).prompt.facts[0][1]


def test_dealer_action_hard_is_mostly_soft_17_and_its_neighbours():
    soft_17 = 0
    for seed in SEEDS:
        cards = [parse_standard_card(c) for c in kind("bj-dealer-action").generate(seed, Difficulty.HARD,
                                                                                 RULES).situation["cards"]]
        value = hand_value(cards)
        soft_17 += value.total == 17 and value.soft
        assert any(card.rank.value == "A" for card in cards)
    assert soft_17 >= 10


# --- 3. payouts ----------------------------------------------------------------------------

@pytest.mark.parametrize(("bet", "payout_kind", "pays", "collects"), [
    ("35", "blackjack", "52.50", "0.00"),
    ("25.50", "blackjack", "38.25", "0.00"),
    ("17.50", "blackjack", "26.25", "0.00"),
    ("35", "win", "35.00", "0.00"),
    ("17.50", "insurance", "35.00", "0.00"),
    ("35", "even-money", "35.00", "0.00"),
    ("35", "surrender", "0.00", "17.50"),
    ("25.50", "surrender", "0.00", "12.75"),
])
def test_payout_worked_examples(bet: str, payout_kind: str, pays: str, collects: str):
    assert key("bj-payout", {"bet": bet, "kind": payout_kind}) == {"pays": pays, "collects": collects}


def test_payout_follows_the_house_blackjack_ratio():
    assert key("bj-payout", {"bet": "35.00", "kind": "blackjack"}, H17_6_5) == {"pays": "42.00", "collects": "0.00"}


@pytest.mark.parametrize(("situation", "answer", "code"), [
    ({"bet": "35.00", "kind": "even-money"}, {"pays": "52.50", "collects": "0"}, "bj-even-money-paid-as-blackjack"),
    ({"bet": "35.00", "kind": "surrender"}, {"pays": "0", "collects": "35"}, "bj-surrender-whole-bet"),
    ({"bet": "35.00", "kind": "surrender"}, {"pays": "17.50", "collects": "0"}, "bj-surrender-paid"),
    ({"bet": "35.00", "kind": "blackjack"}, {"pays": "35", "collects": "0"}, "bj-blackjack-paid-1-1"),
    ({"bet": "17.50", "kind": "insurance"}, {"pays": "17.50", "collects": "0"}, "bj-insurance-paid-1-1"),
])
def test_payout_named_mistakes(situation: dict[str, str], answer: dict[str, str], code: str):
    assert grade("bj-payout", situation, answer).mistake_code == code


def test_payout_seeded_even_money_paid_3_2_is_named():
    made = first_seed("bj-payout", Difficulty.HARD, lambda s: s.situation["kind"] == "even-money")
    wrong = {"pays": str(Decimal(made.situation["bet"]) * 3 / 2), "collects": "0"}
    assert graded_seed(made, wrong).mistake_code == "bj-even-money-paid-as-blackjack"


def test_payout_amounts_are_round_when_easy_and_odd_when_hard():
    easy = {kind("bj-payout").generate(seed, Difficulty.EASY, RULES).situation["bet"] for seed in SEEDS}
    hard = {kind("bj-payout").generate(seed, Difficulty.HARD, RULES).situation["bet"] for seed in SEEDS}
    assert all(Decimal(bet) % Decimal("2.50") == 0 for bet in easy)
    assert any(Decimal(bet) % 1 != 0 for bet in hard)


# --- 4. options ------------------------------------------------------------------------------

def options(hand: str, dealer: str, hands_in_box: int = 1, from_split_aces: bool = False,
            third_card_dealt: bool = False) -> dict[str, Any]:
    return {"hand": hand.split(), "dealer": [dealer], "hands_in_box": hands_in_box,
            "from_split_aces": from_split_aces, "third_card_dealt": third_card_dealt}


def yes(*names: str) -> dict[str, str]:
    return {name: "yes" if name in names else "no"
            for name in ("stand", "hit", "double", "split", "surrender", "insurance", "even_money")}


@pytest.mark.parametrize(("situation", "expected"), [
    (options("8S 8H", "6D"), yes("stand", "hit", "double", "split", "surrender")),
    (options("TS 6H", "AD"), yes("stand", "hit", "double", "insurance")),  # BJ-R3: no surrender against an Ace
    (options("AS KH", "AD"), yes("stand", "even_money")),  # BJ-E instead of insurance
    (options("AS KH", "6D"), yes("stand")),  # paid at once (BJ-10)
    (options("TS 6H", "9D", third_card_dealt=True), yes("stand", "hit", "double")),  # BJ-R2
    (options("AS 6H", "9D", hands_in_box=2, from_split_aces=True), yes("stand")),  # BJ-S3
    (options("AS KH", "AD", hands_in_box=2, from_split_aces=True), yes("stand")),  # BJ-S4: no even money
    (options("9S 9H", "7D", hands_in_box=4), yes("stand", "hit", "double")),  # BJ-S2: four hands at most
    (options("9S 9H", "7D", hands_in_box=3), yes("stand", "hit", "double", "split")),
    (options("4S 3H 9C", "7D", third_card_dealt=True), yes("stand", "hit")),
    (options("5S 6H TC", "7D", third_card_dealt=True), yes("stand")),  # BJ-7: no draw at 21
])
def test_options_worked_examples(situation: dict[str, Any], expected: dict[str, str]):
    assert key("bj-options", situation) == expected


@pytest.mark.parametrize(("situation", "wrong_fields", "code"), [
    (options("TS 6H", "AD"), {"surrender": "yes"}, "bj-surrender-against-ace"),
    (options("TS 6H", "9D", third_card_dealt=True), {"surrender": "yes"}, "bj-surrender-after-third-card"),
    (options("AS 6H", "9D", hands_in_box=2, from_split_aces=True), {"hit": "yes", "double": "yes"},
     "bj-split-aces-draw"),
    (options("AS AH", "9D", hands_in_box=2, from_split_aces=True), {"split": "yes"}, "bj-resplit-aces"),
    (options("TS 6H", "AD", hands_in_box=2), {"insurance": "yes"}, "bj-split-hand-surrender-or-insure"),
])
def test_options_named_mistakes(situation: dict[str, Any], wrong_fields: dict[str, str], code: str):
    answer = {**key("bj-options", situation), **wrong_fields}
    graded = grade("bj-options", situation, answer)
    assert not graded.correct
    assert graded.mistake_code == code


def test_options_partial_credit_is_per_option():
    situation = options("8S 8H", "6D")
    graded = grade("bj-options", situation, {**key("bj-options", situation), "split": "no"})
    assert graded.score == Decimal("0.86")
    assert graded.field_results["split"] is False


def test_options_seeded_surrender_against_an_ace_is_named():
    made = first_seed("bj-options", Difficulty.HARD,
                      lambda s: s.situation["dealer"][0].startswith("A") and s.situation["hands_in_box"] == 1
                      and len(s.situation["hand"]) == 2 and s.solution.key["even_money"] == "no")
    graded = graded_seed(made, {**made.solution.key, "surrender": "yes"})
    assert graded.mistake_code == "bj-surrender-against-ace"


def test_options_prompt_states_the_situation_and_house_values():
    facts = dict(scenario("bj-options", options("AS 6H", "9D", hands_in_box=2, from_split_aces=True)).prompt.facts)
    assert facts["This box"] == "split: 2 hands in the box now, from split Aces"
    assert facts["Most hands in a box"] == "4"
    assert facts["Double after a split"] == "allowed"


# --- 5. settle a box ----------------------------------------------------------------------

@pytest.mark.parametrize(("situation", "expected"), [
    # BJ-O: split, a double and a busted hand against a dealer blackjack: only the original bet is lost
    (settle("25.50", [("8S 3H TC", True), ("8D 9C 7H", False)], "AH KD", insurance="12.75"),
     {"hand_1": "-25.50", "hand_2": "0.00", "insurance_win": "25.50", "net": "0.00"}),
    # BJ-S4: split Aces, an Ace + 10 is 21 paid 1:1, and it loses to a dealer blackjack as the first hand
    (settle("35", [("AS KD", False), ("AD 7C", False)], "TH 9S"),
     {"hand_1": "35.00", "hand_2": "-35.00", "net": "0.00"}),
    (settle("35", [("AS KD", False), ("AD 7C", False)], "TH AC"),
     {"hand_1": "-35.00", "hand_2": "0.00", "net": "-35.00"}),
    # BJ-10 / BJ-5: a blackjack paid 3:2 at once on an odd amount
    (settle("17.50", [("AS QH", False)], "6D"), {"net": "26.25"}),
    # BJ-E: even money, paid 1:1 at once
    (settle("35", [("AS QH", False)], "AD", even_money=True), {"net": "35.00"}),
    # BJ-R1: half the bet collected
    (settle("25.50", [("TS 6H", False)], "9D 8C", surrendered=True), {"net": "-12.75"}),
    # a double won against a dealer 22 (a bust in Blackjack)
    (settle("15", [("6S 5H TC", True)], "TD 2C KS"), {"net": "30.00"}),
    # insurance lost, hand wins
    (settle("20", [("TS 9H", False)], "AD 7C", insurance="10"), {"insurance_win": "-10.00", "net": "10.00"}),
])
def test_settle_box_worked_examples(situation: dict[str, Any], expected: dict[str, str]):
    assert key("bj-settle-box", situation) == expected


@pytest.mark.parametrize(("situation", "answer", "code"), [
    (settle("25.50", [("8S 3H TC", True), ("8D 9C 7H", False)], "AH KD", insurance="12.75"),
     {"hand_1": "-51.00", "hand_2": "-25.50", "insurance_win": "25.50", "net": "-51.00"}, "bj-o-all-stakes-lost"),
    (settle("10", [("5S 6H 9C", True)], "AH KD"), {"net": "-20.00"}, "bj-o-all-stakes-lost"),
    (settle("35", [("AS KD", False), ("AD 7C", False)], "TH 9S"),
     {"hand_1": "52.50", "hand_2": "-35.00", "net": "17.50"}, "bj-split-ace-ten-blackjack"),
    (settle("35", [("AS KD", False), ("AD 7C", False)], "TH AC"),
     {"hand_1": "0.00", "hand_2": "0.00", "net": "0.00"}, "bj-split-ace-ten-blackjack"),
    (settle("25.50", [("TS 6H", False)], "9D 8C", surrendered=True), {"net": "-25.50"}, "bj-surrender-whole-bet"),
    (settle("35", [("AS QH", False)], "AD", even_money=True), {"net": "52.50"}, "bj-even-money-paid-as-blackjack"),
    (settle("17.50", [("AS QH", False)], "6D"), {"net": "17.50"}, "bj-blackjack-paid-1-1"),
])
def test_settle_box_named_mistakes(situation: dict[str, Any], answer: dict[str, str], code: str):
    graded = grade("bj-settle-box", situation, answer)
    assert not graded.correct
    assert graded.mistake_code == code


def test_settle_box_hard_draws_splits_and_doubles_against_a_dealer_blackjack():
    def bj_o(made: Scenario) -> bool:
        dealer = [parse_standard_card(c) for c in made.situation["dealer"]]
        hands = made.situation["hands"]
        return hand_value(dealer).blackjack and len(hands) > 1 and any(hand["doubled"] for hand in hands)

    made = first_seed("bj-settle-box", Difficulty.HARD, bj_o)
    box = Box(bet=Decimal(made.situation["bet"]),
              hands=tuple(PlayerHand(tuple(parse_standard_card(c) for c in hand["cards"]), hand["doubled"])
                          for hand in made.situation["hands"]))
    wrong = {f"hand_{i}": str(-box.stake(hand)) for i, hand in enumerate(box.hands, start=1)}
    insurance = made.solution.key.get("insurance_win")
    if insurance is not None:
        wrong["insurance_win"] = insurance
    wrong["net"] = str(sum(-box.stake(hand) for hand in box.hands) + Decimal(insurance or 0))
    assert graded_seed(made, wrong).mistake_code == "bj-o-all-stakes-lost"
    assert made.solution.rules[0] == "BJ-O"


def test_settle_box_fields_follow_the_box():
    split = scenario("bj-settle-box", settle("10", [("8S 9H", False), ("8D TC", False)], "TH 7C", insurance="0"))
    assert [f.name for f in split.fields] == ["hand_1", "hand_2", "net"]
    insured = scenario("bj-settle-box", settle("20", [("TS 9H", False)], "AD 7C", insurance="10"))
    assert [f.name for f in insured.fields] == ["insurance_win", "net"]
    assert all(f.signed for f in insured.fields)


def test_settle_box_easy_is_plain_and_hard_is_not():
    for seed in SEEDS:
        easy = kind("bj-settle-box").generate(seed, Difficulty.EASY, RULES).situation
        assert len(easy["hands"]) == 1
        assert not easy["hands"][0]["doubled"]
        assert easy["insurance"] == "0.00"
        assert not easy["surrendered"]
        assert not easy["even_money"]
    hard = [kind("bj-settle-box").generate(seed, Difficulty.HARD, RULES).situation for seed in SEEDS]
    assert sum(len(s["hands"]) > 1 for s in hard) >= 10
    assert any(Decimal(s["bet"]) % 1 for s in hard)


# --- 6. insurance maximum -------------------------------------------------------------------

@pytest.mark.parametrize(("bet", "hand", "most"), [
    ("35", "TS 6H", "17.50"), ("25.50", "9S 7H", "12.75"), ("17.50", "5C 5D", "8.75"),
    ("25.25", "9S 7H", "12.62"),  # a fraction of a cent is never taken (games.money)
    ("35", "AS KH", "0.00"),  # a blackjack is offered even money instead (BJ-E)
])
def test_insurance_max_worked_examples(bet: str, hand: str, most: str):
    assert key("bj-insurance-max", {"bet": bet, "hand": hand.split(), "dealer": ["AD"]}) == {"max": most}


def test_insurance_max_named_mistakes():
    situation = {"bet": "35.00", "hand": ["TS", "6H"], "dealer": ["AD"]}
    assert grade("bj-insurance-max", situation, {"max": "35"}).mistake_code == "bj-insurance-full-bet"
    natural = {"bet": "35.00", "hand": ["AS", "KH"], "dealer": ["AD"]}
    assert grade("bj-insurance-max", natural, {"max": "17.50"}).mistake_code == "bj-insurance-on-blackjack"


def test_insurance_max_seeded_full_bet_is_named():
    made = kind("bj-insurance-max").generate(3, Difficulty.HARD, RULES)
    assert made.solution.key["max"] != made.situation["bet"]
    assert graded_seed(made, {"max": made.situation["bet"]}).mistake_code == "bj-insurance-full-bet"


def test_insurance_max_always_shows_a_dealer_ace_and_the_answer_agrees_with_settling():
    for seed in SEEDS:
        made = kind("bj-insurance-max").generate(seed, Difficulty.HARD, RULES)
        assert made.situation["dealer"][0].startswith("A")
        most = made.solution.key["max"]
        if most == "0.00":
            continue
        body = settle(made.situation["bet"], [(" ".join(made.situation["hand"]) + " 2C", False)], "AD KS",
                      insurance=most)
        ruling = door_answer("blackjack", "settle", body, RULES)  # the engine takes the maximum ...
        assert ruling.answer["insurance_win"] == str(Decimal(most) * 2)
        over = {**body, "insurance": str(Decimal(most) + Decimal("0.01"))}
        with pytest.raises(Exception, match="half the original bet"):  # ... and not a cent more
            door_answer("blackjack", "settle", over, RULES)


# --- 7. pay now or wait ----------------------------------------------------------------------

@pytest.mark.parametrize(("dealer", "bet", "expected"), [
    ("6H", "35", {"timing": "now", "pays": "52.50"}),
    ("9C", "25.50", {"timing": "now", "pays": "38.25"}),
    ("KD", "35", {"timing": "waits", "pays": "52.50"}),
    ("TS", "17.50", {"timing": "waits", "pays": "26.25"}),
    ("AS", "35", {"timing": "waits", "pays": "52.50"}),
])
def test_pay_now_or_wait_worked_examples(dealer: str, bet: str, expected: dict[str, str]):
    assert key("bj-pay-now-or-wait", {"bet": bet, "hand": ["AS", "KH"], "dealer": [dealer]}) == expected


@pytest.mark.parametrize(("dealer", "answer", "code"), [
    ("KD", {"timing": "now", "pays": "52.50"}, "bj-10-paid-before-second-card"),
    ("AS", {"timing": "now", "pays": "52.50"}, "bj-paid-before-second-card-ace"),
    ("6H", {"timing": "waits", "pays": "52.50"}, "bj-waited-needlessly"),
    ("6H", {"timing": "now", "pays": "35"}, "bj-blackjack-paid-1-1"),
])
def test_pay_now_or_wait_named_mistakes(dealer: str, answer: dict[str, str], code: str):
    situation = {"bet": "35.00", "hand": ["AS", "KH"], "dealer": [dealer]}
    assert grade("bj-pay-now-or-wait", situation, answer).mistake_code == code


def test_pay_now_or_wait_seeded_10_value_paid_early_is_named():
    made = first_seed("bj-pay-now-or-wait", Difficulty.HARD, lambda s: s.situation["dealer"][0][0] in "TJQK")
    graded = graded_seed(made, {**made.solution.key, "timing": "now"})
    assert graded.mistake_code == "bj-10-paid-before-second-card"
    assert "BJ-10" in graded.mistake


def test_pay_now_or_wait_pays_what_the_payout_door_pays():
    for seed in SEEDS:
        made = kind("bj-pay-now-or-wait").generate(seed, Difficulty.HARD, H17_6_5)
        ruling = door_answer("blackjack", "payout", {"bet": made.situation["bet"], "kind": "blackjack"}, H17_6_5)
        assert made.solution.key["pays"] == ruling.answer["pays"]


# --- under other house rules (the contract test runs the defaults only) -------------------

@pytest.mark.parametrize("slug", BLACKJACK_KINDS)
@pytest.mark.parametrize("rules", [H17_6_5, BlackjackRules(max_hands=2, double_after_split=False)],
                         ids=["h17-6to5", "one-split-no-das"])
def test_kinds_agree_with_the_door_under_other_house_rules(slug: str, rules: BlackjackRules):
    drill = kind(slug)
    for difficulty in Difficulty:
        for seed in range(15):
            made = drill.generate(seed, difficulty, rules)
            door = drill.door(made.situation)
            if door is not None:
                ruling = door_answer("blackjack", door[0], json.loads(json.dumps(door[1])), rules)
                assert dict(drill.key_from_door(ruling.answer)) == dict(made.solution.key)
            for mistake in drill.mistakes(rules):
                mistake.solve(made.situation)  # never crashes on a drawn situation


def test_prompts_name_the_house_values_they_depend_on():
    facts = dict(scenario("bj-settle-box", settle("35", [("AS QH", False)], "6D"), H17_6_5).prompt.facts)
    assert facts["Blackjack pays"] == "6:5"
    assert facts["Dealer"] == "hits soft 17"
    payout_facts = dict(scenario("bj-payout", {"bet": "35.00", "kind": "blackjack"}, H17_6_5).prompt.facts)
    assert payout_facts["Blackjack pays"] == "6:5"

