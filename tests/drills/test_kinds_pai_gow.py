"""Joker's Wild Pai Gow drill kinds (seed 003): worked examples per kind, every named
mistake on a concrete situation and on a seeded one, what each difficulty draws, the
house-way kind's acceptance of equivalent fronts, and house rules other than the
defaults (the contract test runs the defaults only)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

import pytest

from drills.kinds.base import AnswerError, Difficulty, Grade, Scenario, get_kind
from drills.rulings.base import answer as door_answer
from games.cards import Joker, parse_cards
from games.pai_gow import PaiGowRules, first_hand_position, house_way
from tests.drills.kinds_support import KindBench

RULES = PaiGowRules()
FEE = PaiGowRules(collection_fee=Decimal("1.00"))
WHEEL_SECOND = PaiGowRules(wheel_lowest_straight=False)
SEEDS = range(40)

PAI_GOW_KINDS = ("pg-name-hand", "pg-house-way", "pg-foul", "pg-showdown", "pg-dice-action", "pg-deal-procedure",
                 "pg-table-settle")


BENCH = KindBench(RULES)
kind = get_kind
scenario, grade, key, graded = BENCH.scenario, BENCH.grade, BENCH.key, BENCH.graded


def door_key(slug: str, situation: Mapping[str, Any], rules: PaiGowRules = RULES) -> dict[str, Any]:
    question, body = kind(slug).door(situation)  # type: ignore[misc]
    ruling = door_answer("pai-gow", question, json.loads(json.dumps(body)), rules)
    return dict(kind(slug).key_from_door(ruling.answer))


def first_seed(slug: str, wanted: Callable[[Scenario], bool], rules: PaiGowRules = RULES,
               difficulties: tuple[Difficulty, ...] = tuple(Difficulty)) -> Scenario:
    """The first scenario over 200 seeds (per difficulty) that is ``wanted``."""
    return BENCH.first_drawn(slug, difficulties, wanted, rules)


def hand(high: str, low: str) -> dict[str, list[str]]:
    return {"high": high.split(), "low": low.split()}


def named(result: Grade, code: str) -> None:
    assert not result.correct
    assert result.mistake_code == code, (result.mistake_code, result.expected)
    assert "PG-" in result.mistake


# --- registration ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug", PAI_GOW_KINDS)
def test_every_kind_is_registered_for_pai_gow_with_a_speed_target(slug: str):
    drill = kind(slug)
    assert drill.game == "pai-gow"
    assert 5 <= drill.target_seconds <= 120
    assert drill.title
    assert drill.description


def test_speed_targets_are_ordered_by_the_work_asked():
    assert kind("pg-name-hand").target_seconds < kind("pg-house-way").target_seconds
    assert kind("pg-showdown").target_seconds < kind("pg-table-settle").target_seconds


# --- 1. name the hand -------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "expected"), [
    ("AS AH AD AC JK", {"rank": "five-of-a-kind"}),  # PG-J: five Aces
    ("KS KH KD KC JK", {"rank": "five-of-a-kind"}),
    ("JK 8H 7C 6S 5C", {"rank": "straight"}),  # the joker is the 9 (or 4)
    ("JK AH 9H 5H 2H", {"rank": "flush"}),  # the joker is a heart, not a second Ace
    ("AH 2D 3S 4C 5H", {"rank": "straight"}),  # the wheel
    ("JK 2S 3S 4S 5S", {"rank": "straight-flush"}),
    ("JK JK KS QS JS", {"rank": "straight-flush"}),  # two jokers: the royal flush
    ("JK JK AS AH 9D", {"rank": "four-of-a-kind"}),
    ("9S 9H 9D 4C 4H", {"rank": "full-house"}),
    ("KS QD 9H 5C 2S", {"rank": "high-card"}),
    ("JK 7D", {"rank": "pair", "top": "7"}),  # PG-J: in front a joker pairs its partner
    ("JK JK", {"rank": "pair", "top": "a"}),  # PG-J: two jokers are a pair of Aces
    ("AS KD", {"rank": "high-card", "top": "a"}),
    ("TS TD", {"rank": "pair", "top": "t"}),
])
def test_name_hand_worked_examples(cards: str, expected: dict[str, Any]):
    situation = {"cards": cards.split()}
    assert key("pg-name-hand", situation) == expected
    assert door_key("pg-name-hand", situation) == expected


@pytest.mark.parametrize(("cards", "answer", "code"), [
    ("JK 8H 7C 6S 5C", {"rank": "high-card"}, "pg-joker-as-ace"),  # A-8-7-6-5: no straight
    ("JK AH 9H 5H 2H", {"rank": "pair"}, "pg-joker-as-ace"),  # a second Ace off-suit: a pair, no flush
    ("KS KH KD KC JK", {"rank": "four-of-a-kind"}, "pg-joker-as-ace"),  # four Kings and an Ace
    ("JK JK KS QS JS", {"rank": "pair"}, "pg-joker-as-ace"),
    ("JK 7D", {"rank": "high-card", "top": "a"}, "pg-joker-as-ace"),  # A-7, not a pair of 7s
    ("JK JK", {"rank": "high-card", "top": "a"}, "pg-two-jokers-not-aces"),
])
def test_name_hand_named_mistakes(cards: str, answer: dict[str, Any], code: str):
    named(grade("pg-name-hand", {"cards": cards.split()}, answer), code)


def test_name_hand_an_unrelated_wrong_answer_is_not_named():
    result = grade("pg-name-hand", {"cards": ["JK", "8H", "7C", "6S", "5C"]}, {"rank": "flush"})
    assert not result.correct
    assert result.mistake_code not in {"pg-joker-as-ace", "pg-two-jokers-not-aces"}
    assert result.mistake  # still says what differs


def test_name_hand_two_card_hand_partial_credit():
    result = grade("pg-name-hand", {"cards": ["JK", "7D"]}, {"rank": "pair", "top": "a"})
    assert not result.correct
    assert result.score == Decimal("0.50")
    assert result.field_results == {"rank": True, "top": False}


def test_name_hand_explains_the_joker_and_the_wheel():
    solution = kind("pg-name-hand").solve({"cards": ["JK", "2S", "3S", "4S", "5S"]}, RULES)
    assert solution.rules == ("PG-J", "PG-R")
    wheel = kind("pg-name-hand").solve({"cards": ["AH", "2D", "3S", "4C", "5H"]}, RULES)
    assert "lowest" in wheel.explanation
    assert wheel.rules == ("PG-R",)


def test_name_hand_difficulties():
    easy = [kind("pg-name-hand").generate(seed, Difficulty.EASY, RULES) for seed in SEEDS]
    assert all(len(made.situation["cards"]) == 5 and "JK" not in made.situation["cards"] for made in easy)
    hard = [kind("pg-name-hand").generate(seed, Difficulty.HARD, RULES) for seed in SEEDS]
    assert sum("JK" in made.situation["cards"] for made in hard) >= 30
    assert any(made.situation["cards"] == ["JK", "JK"] for made in hard)
    assert any(made.solution.key["rank"] == "five-of-a-kind" for made in hard)
    assert any(len(made.situation["cards"]) == 2 for made in hard)


@pytest.mark.parametrize("code", ["pg-joker-as-ace", "pg-two-jokers-not-aces"])
def test_name_hand_named_mistakes_on_seeded_scenarios(code: str):
    check_seeded_mistake("pg-name-hand", code)


# --- 2. house way ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "front"), [
    ("JS JH 4D 4C AS 9H 2C", ["4C", "4D"]),  # step 6: Jacks and 4s split, the small pair in front
    ("9S 9H 4D 4C AS KH 2C", ["AS", "KH"]),  # step 6: big pair 7s–10s with an Ace: both pairs back
    ("JS JH JD JC 9H 5D 2C", ["JH", "JS"]),  # step 2: four Jacks split into two pairs
    ("AS KD QH JC 9S 8D JK", ["AS", "KD"]),  # step 4: the joker makes the straight, A-K in front
    ("JK 8H 7C 6S 5C KD 2H", ["KD", "2H"]),  # step 4: the joker straight stays back
    ("TS JH QD KC AS TD 3C", ["AS", "KC"]),  # step 4: Ace in front, the pair of 10s back
    ("AS AH AD KC 9D 5S 2H", ["AS", "KC"]),  # step 7: three Aces (any Ace is "the third": the canonical, spades)
    ("KS KH KD 5C 5D 9H 2S", ["5C", "5D"]),  # step 3: full house, the pair in front
])
def test_house_way_worked_examples(cards: str, front: list[str]):
    situation = {"cards": cards.split()}
    assert key("pg-house-way", situation) == {"front": front}
    assert door_key("pg-house-way", situation) == {"front": front}


def test_house_way_accepts_an_equivalent_front():
    # Three Aces: the third Ace and the King go in front; which Ace does not matter (the key
    # shows the canonical one, the Ace of spades).
    situation = {"cards": ["AS", "AH", "AD", "KC", "9D", "5S", "2H"]}
    assert key("pg-house-way", situation) == {"front": ["AS", "KC"]}
    for ace in ("AS", "AH", "AD"):
        result = grade("pg-house-way", situation, {"front": [ace, "KC"]})
        assert result.correct
        assert result.score == Decimal("1.00")
        assert result.field_results == {"front": True}
        assert result.mistake_code == ""


def test_house_way_equivalence_counts_suits_where_a_flush_needs_them():
    # Spades flush with a pair of Kings: KH in front keeps the flush back, KS does not.
    situation = {"cards": ["KS", "9S", "7S", "4S", "2S", "KH", "5D"]}
    assert key("pg-house-way", situation) == {"front": ["KH", "5D"]}
    assert not grade("pg-house-way", situation, {"front": ["KS", "5D"]}).correct


def test_house_way_a_different_hand_is_wrong():
    result = grade("pg-house-way", {"cards": ["AS", "AH", "AD", "KC", "9D", "5S", "2H"]}, {"front": ["KC", "9D"]})
    assert not result.correct
    assert result.score == Decimal("0.00")


def test_house_way_two_jokers_in_the_group_are_picked_by_removal():
    situation = {"cards": ["JK", "JK", "9S", "7H", "5D", "3C", "2S"]}
    made = scenario("pg-house-way", situation)
    drill = kind("pg-house-way")
    assert drill.parse_answer(made, {"front": ["JK", "JK"]}) == {"front": ["JK", "JK"]}
    assert drill.parse_answer(made, {"front": "jk 9s"}) == {"front": ["9S", "JK"]}
    with pytest.raises(AnswerError):
        drill.parse_answer(made, {"front": ["JK", "JK", "JK"]})
    with pytest.raises(AnswerError):
        drill.parse_answer(made, {"front": ["AS", "JK"]})
    # Either joker is the same card: the answer grades on what it leaves, whatever was tapped.
    expected = made.solution.key["front"]
    assert drill.grade(made, drill.parse_answer(made, {"front": expected}), RULES).correct


@pytest.mark.parametrize(("cards", "answer", "code"), [
    ("JK 8H 7C 6S 5C KD 2H", ["KD", "8H"], "pg-house-way-joker-as-ace"),  # no straight: step 9
    ("9S 9H 4D 4C AS KH 2C", ["4C", "4D"], "pg-house-way-two-pair-always-split"),
    ("9S 9H 4D 4C AS KH 2C", ["4D", "4C"], "pg-house-way-two-pair-always-split"),
    ("JS JH JD JC 9H 5D 2C", ["9H", "5D"], "pg-house-way-quads-kept"),
    ("TS JH QD KC AS TD 3C", ["TS", "3C"], "pg-house-way-ace-front-missed"),
    ("TS JH QD KC AS TD 3C", ["TD", "3C"], "pg-house-way-ace-front-missed"),  # the other 10: the same hands
    ("JS JH 4D 4C AS 9H 2C", ["JS", "JH"], "pg-house-way-fouled"),  # Jacks in front of a pair of 4s
])
def test_house_way_named_mistakes(cards: str, answer: list[str], code: str):
    named(grade("pg-house-way", {"cards": cards.split()}, {"front": answer}), code)


def test_house_way_variant_mistakes_are_only_named_under_the_default_way():
    codes = [mistake.code for mistake in kind("pg-house-way").mistakes(RULES)]
    assert codes == ["pg-house-way-joker-as-ace", "pg-house-way-two-pair-always-split", "pg-house-way-quads-kept",
                     "pg-house-way-ace-front-missed"]


def test_house_way_shows_the_cards_in_the_situation_order_and_the_house_values():
    made = kind("pg-house-way").generate(3, Difficulty.HARD, RULES)
    group = made.prompt.cards[0]
    assert list(group.cards) == made.situation["cards"]
    assert made.fields[0].source == group.name
    assert made.fields[0].count == 2
    facts = dict(made.prompt.facts)
    assert facts["House way"] == RULES.way.label  # the way by its name (issue 14)
    assert "lowest" in facts["A-2-3-4-5 is"]


def test_house_way_the_one_card_probe_is_never_an_equivalent_front():
    """The shown order keeps the framework's one-card change of the key a wrong answer."""
    drill = kind("pg-house-way")
    for difficulty in Difficulty:
        for seed in range(60):
            made = drill.generate(seed, difficulty, RULES)
            pool = list(made.situation["cards"])
            for card in made.solution.key["front"]:
                pool.remove(card)
            probe = [pool[0], made.solution.key["front"][1]]
            assert not drill.grade(made, drill.parse_answer(made, {"front": probe}), RULES).correct


def test_house_way_difficulties():
    drill = kind("pg-house-way")
    steps_easy, steps_hard = set(), set()
    for seed in SEEDS:
        easy = drill.generate(seed, Difficulty.EASY, RULES)
        assert "JK" not in easy.situation["cards"]
        steps_easy.add(house_way(parse_cards(easy.situation["cards"]), RULES).step)
        hard = drill.generate(seed, Difficulty.HARD, RULES)
        steps_hard.add(house_way(parse_cards(hard.situation["cards"]), RULES).step)
    assert steps_easy <= {"8", "9", "7", "7-aces", "6-split", "4-no-pair", "4-pair-front", "4-complete-back", "5",
                          "6-ace", "6-middle-split", "6-king-ace", "6-low-split"}
    assert len(steps_hard) >= 12  # two pair decisions, complete hands with pairs, quads, jokers ...
    assert any(step.startswith("6-") for step in steps_hard)
    assert any(step.startswith("4-") for step in steps_hard)
    assert any(step.startswith("1-") or step.startswith("2-") for step in steps_hard)


@pytest.mark.parametrize("code", ["pg-house-way-joker-as-ace", "pg-house-way-two-pair-always-split",
                                  "pg-house-way-quads-kept"])
def test_house_way_named_mistakes_on_seeded_scenarios(code: str):
    check_seeded_mistake("pg-house-way", code)


# --- 3. foul ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("setting", "expected"), [
    (hand("KS KH 9D 7C 5H", "AS AH"), {"fouled": "yes", "reason": "low-higher"}),  # PG-12
    (hand("KS KH 9D 7C", "5H AS AH"), {"fouled": "yes", "reason": "split"}),  # PG-13: 4 + 3
    (hand("KS KH 9D 7C 5H 3D", "2C"), {"fouled": "yes", "reason": "split"}),  # PG-13: 6 + 1
    (hand("KS KH 9D 7C 5H", "KD KC"), {"fouled": "no", "reason": "none"}),  # an equal pair is not higher
    (hand("AS QH 9D 7C 5H", "AH KD"), {"fouled": "yes", "reason": "low-higher"}),  # A-K over A-Q-…
    (hand("AS KH 9D 7C 5H", "AH QD"), {"fouled": "no", "reason": "none"}),
    (hand("8S 8H 4D 3C 2H", "JK 9D"), {"fouled": "yes", "reason": "low-higher"}),  # the joker pairs the 9
    (hand("KS KH 4D 3C 2H", "JK JK"), {"fouled": "yes", "reason": "low-higher"}),  # two jokers: Aces
    (hand("9S 9H 4D 3C 2H", "JK 9D"), {"fouled": "no", "reason": "none"}),
])
def test_foul_worked_examples(setting: dict[str, list[str]], expected: dict[str, str]):
    assert key("pg-foul", setting) == expected
    assert door_key("pg-foul", setting) == expected


@pytest.mark.parametrize(("setting", "answer", "code"), [
    (hand("8S 8H 4D 3C 2H", "JK 9D"), {"fouled": "no", "reason": "none"}, "pg-foul-joker-as-ace"),
    (hand("KS KH 9D 7C 5H", "KD KC"), {"fouled": "yes", "reason": "low-higher"}, "pg-foul-tie"),
    (hand("AS KH 9D 7C 5H", "AH KD"), {"fouled": "yes", "reason": "low-higher"}, "pg-foul-tie"),
    (hand("KS KH 9D 7C", "5H AS AH"), {"fouled": "no", "reason": "none"}, "pg-foul-split-ignored"),
    (hand("KS KH 9D 7C", "5H AS AH"), {"fouled": "no", "reason": "split"}, "pg-foul-split-ignored"),
])
def test_foul_named_mistakes(setting: dict[str, list[str]], answer: dict[str, str], code: str):
    named(grade("pg-foul", setting, answer), code)


def test_foul_explains_a_tie_is_no_foul():
    solution = kind("pg-foul").solve(hand("KS KH 9D 7C 5H", "KD KC"), RULES)
    assert "strictly higher" in solution.explanation
    assert solution.rules[0] == "PG-12"


def test_foul_difficulties():
    drill = kind("pg-foul")
    easy = [drill.generate(seed, Difficulty.EASY, RULES).situation for seed in SEEDS]
    assert all(len(s["high"]) == 5 and len(s["low"]) == 2 and "JK" not in s["high"] + s["low"] for s in easy)
    hard = [drill.generate(seed, Difficulty.HARD, RULES) for seed in range(60)]
    reasons = {made.solution.key["reason"] for made in hard}
    assert reasons == {"none", "low-higher", "split"}
    assert sum("JK" in made.situation["low"] for made in hard) >= 10


@pytest.mark.parametrize("code", ["pg-foul-joker-as-ace", "pg-foul-tie", "pg-foul-split-ignored"])
def test_foul_named_mistakes_on_seeded_scenarios(code: str):
    check_seeded_mistake("pg-foul", code)


# --- 4. showdown ------------------------------------------------------------------------------

BANKER = hand("QS QH 8D 6C 3H", "KS 9H")


def showdown_situation(player: dict[str, list[str]], bet: str = "10", banker: dict[str, list[str]] = BANKER
                       ) -> dict[str, Any]:
    return {"player": player, "banker": banker, "bet": bet}


@pytest.mark.parametrize(("player", "rules", "expected"), [
    (hand("AS AH 9D 7C 5H", "KD JC"), RULES, {"high": "player", "low": "player", "result": "win", "win": "10.00"}),
    (hand("AS AH 9D 7C 5H", "KD 2C"), RULES, {"high": "player", "low": "banker", "result": "push", "win": "0.00"}),
    # PG-C: K-9 against K-9 is a copy, and copies go to the player-dealer
    (hand("AS AH 9D 7C 5H", "KD 9C"), RULES, {"high": "player", "low": "copy", "result": "push", "win": "0.00"}),
    (hand("QD QC 8S 6D 3C", "KH 9C"), RULES, {"high": "copy", "low": "copy", "result": "lose", "win": "-10.00"}),
    (hand("2S 3C 4D 7S TH", "AS AD"), RULES, {"high": "banker", "low": "banker", "result": "foul", "win": "-10.00"}),
    # PG-F: the fee is taken on every hand in action
    (hand("AS AH 9D 7C 5H", "KD JC"), FEE, {"high": "player", "low": "player", "result": "win", "win": "9.00"}),
    (hand("AS AH 9D 7C 5H", "KD 2C"), FEE, {"high": "player", "low": "banker", "result": "push", "win": "-1.00"}),
])
def test_showdown_worked_examples(player: dict[str, list[str]], rules: PaiGowRules, expected: dict[str, Any]):
    situation = showdown_situation(player)
    assert key("pg-showdown", situation, rules) == expected
    assert door_key("pg-showdown", situation, rules) == expected


WHEEL_AGAINST_SIX = {"player": hand("AS 2H 3D 4C 5S", "KD QC"), "banker": hand("2S 3H 4D 5C 6S", "JH TC"), "bet": "10"}


def test_showdown_the_wheel_is_the_lowest_straight_unless_the_house_says_otherwise():
    assert key("pg-showdown", WHEEL_AGAINST_SIX) == {"high": "banker", "low": "player", "result": "push",
                                                      "win": "0.00"}
    assert key("pg-showdown", WHEEL_AGAINST_SIX, WHEEL_SECOND) == {"high": "player", "low": "player",
                                                                    "result": "win", "win": "10.00"}
    assert door_key("pg-showdown", WHEEL_AGAINST_SIX, WHEEL_SECOND) == key("pg-showdown", WHEEL_AGAINST_SIX,
                                                                          WHEEL_SECOND)


def test_showdown_a_fouled_player_dealer_hand_is_set_the_house_way():
    situation = showdown_situation(hand("AS AH 9D 7D 5H", "KD TC"), banker=hand("6S 3S 8C 7C JD", "9H JC"))
    solution = kind("pg-showdown").solve(situation, RULES)
    assert "PG-17" in solution.rules
    assert "PG-17" in solution.explanation
    assert dict(solution.key) == door_key("pg-showdown", situation)


@pytest.mark.parametrize(("situation", "rules", "answer", "code"), [
    (showdown_situation(hand("AS AH 9D 7C 5H", "KD 9C")), RULES,
     {"high": "player", "low": "copy", "result": "win", "win": "10.00"}, "pg-copy-to-player"),
    (showdown_situation(hand("QD QC 8S 6D 3C", "KH 9C")), RULES,
     {"high": "copy", "low": "copy", "result": "win", "win": "10.00"}, "pg-copy-to-player"),
    (showdown_situation(hand("2S 3C 4D 7S TH", "AS AD")), RULES,
     {"high": "banker", "low": "banker", "result": "push", "win": "0.00"}, "pg-foul-as-push"),
    (showdown_situation(hand("AS AH 9D 7C 5H", "KD JC")), FEE,
     {"high": "player", "low": "player", "result": "win", "win": "10.00"}, "pg-fee-forgotten"),
    (WHEEL_AGAINST_SIX, RULES, {"high": "player", "low": "player", "result": "win", "win": "10.00"},
     "pg-wheel-rank"),
    (WHEEL_AGAINST_SIX, WHEEL_SECOND, {"high": "banker", "low": "player", "result": "push", "win": "0.00"},
     "pg-wheel-rank"),
])
def test_showdown_named_mistakes(situation: dict[str, Any], rules: PaiGowRules, answer: dict[str, Any], code: str):
    named(grade("pg-showdown", situation, answer, rules), code)


def test_showdown_prompt_states_the_bet_and_house_values():
    facts = dict(scenario("pg-showdown", WHEEL_AGAINST_SIX, FEE).prompt.facts)
    assert facts["Bet"] == "10.00"  # money as money, whatever the body spelt
    assert facts["Collection fee per hand in action"] == "1.00"
    assert facts["A-2-3-4-5 is"] == "the lowest straight"
    assert dict(scenario("pg-showdown", WHEEL_AGAINST_SIX).prompt.facts)["Collection fee per hand in action"] == "none"


def test_showdown_difficulties():
    drill = kind("pg-showdown")
    hard = [drill.generate(seed, Difficulty.HARD, RULES).solution.key for seed in range(60)]
    assert sum("copy" in (k["high"], k["low"]) for k in hard) >= 8
    assert sum(k["result"] == "foul" for k in hard) >= 3
    easy = [drill.generate(seed, Difficulty.EASY, RULES) for seed in SEEDS]
    assert all(Decimal(made.situation["bet"]) in {10, 20, 25, 50, 100} for made in easy)
    assert all(made.solution.key["result"] != "foul" for made in easy)


@pytest.mark.parametrize(("code", "rules"), [("pg-copy-to-player", RULES), ("pg-foul-as-push", RULES),
                                             ("pg-fee-forgotten", FEE), ("pg-wheel-rank", RULES)])
def test_showdown_named_mistakes_on_seeded_scenarios(code: str, rules: PaiGowRules):
    check_seeded_mistake("pg-showdown", code, rules)


# --- 5. dice --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "occupied", "expected"), [
    ([3, 5, 6], [2, 3, 5, 6], {"first_hand": 7, "action": 2}),  # RULINGS.md: 14 lands on empty 7
    ([1, 1, 6], [2, 3, 4, 5, 6, 7], {"first_hand": 1, "action": 2}),  # 8: the player-dealer, so position 2
    ([2, 2, 2], [2, 3, 4, 5, 6, 7], {"first_hand": 6, "action": 6}),
    ([6, 6, 3], [3, 4], {"first_hand": 1, "action": 3}),  # 15: the player-dealer, 2 empty: 3
    ([1, 1, 1], [5], {"first_hand": 3, "action": 5}),
])
def test_dice_worked_examples(dice: list[int], occupied: list[int], expected: dict[str, int]):
    situation = {"dice": dice, "occupied": occupied}
    assert key("pg-dice-action", situation) == expected
    assert door_key("pg-dice-action", situation) == expected


@pytest.mark.parametrize(("dice", "occupied", "answer", "code"), [
    ([1, 1, 6], [2, 3, 4, 5, 6, 7], {"first_hand": 1, "action": 1}, "pg-action-to-player-dealer"),
    ([3, 5, 6], [2, 3, 5, 6], {"first_hand": 7, "action": 7}, "pg-action-to-empty-seat"),
    ([2, 2, 2], [2, 3, 4, 5, 6, 7], {"first_hand": 7, "action": 7}, "pg-dice-counted-from-next-seat"),
    ([1, 1, 6], [2, 3, 4, 5, 6, 7], {"first_hand": 2, "action": 2}, "pg-dice-counted-from-next-seat"),
])
def test_dice_named_mistakes(dice: list[int], occupied: list[int], answer: dict[str, int], code: str):
    named(grade("pg-dice-action", {"dice": dice, "occupied": occupied}, answer), code)


def test_dice_the_action_field_takes_the_player_dealer_position_so_the_mistake_can_be_made():
    action = next(field for field in scenario("pg-dice-action", {"dice": [1, 1, 6], "occupied": [2, 3]}).fields
                  if field.name == "action")
    assert (action.low, action.high) == (1, 7)


def test_dice_difficulties():
    drill = kind("pg-dice-action")
    for seed in SEEDS:
        easy = drill.generate(seed, Difficulty.EASY, RULES).situation
        assert easy["occupied"] == [2, 3, 4, 5, 6, 7]
        hard = drill.generate(seed, Difficulty.HARD, RULES).situation
        assert first_hand_position(sum(hard["dice"])) not in hard["occupied"]  # the button has to move


@pytest.mark.parametrize("code", ["pg-action-to-player-dealer", "pg-action-to-empty-seat",
                                  "pg-dice-counted-from-next-seat"])
def test_dice_named_mistakes_on_seeded_scenarios(code: str):
    check_seeded_mistake("pg-dice-action", code)


# --- 6. deal procedure ------------------------------------------------------------------------------

BOXED_7 = {"type": "boxed", "card": "7H"}
EXPOSED_ACE = {"type": "exposed", "card": "AS"}
EXPOSED_9 = {"type": "exposed", "card": "9C"}
BOXED_JOKER = {"type": "boxed", "card": "JK"}


def wrong_spots(looked: int, dealer: bool = False) -> dict[str, Any]:
    return {"type": "wrong-spots", "players_looked": looked, "looked_at_dealer_hand": dealer}


OPENED_EARLY = {"type": "dealer-hand-opened-early"}


@pytest.mark.parametrize(("events", "expected"), [
    ([BOXED_7], ("replace-boxed-card", "no")),  # PG-8
    ([EXPOSED_9], ("replace-exposed-card", "no")),  # PG-8
    ([EXPOSED_ACE], ("misdeal", "no")),  # PG-6a
    ([BOXED_JOKER], ("misdeal", "no")),  # PG-6a
    ([BOXED_7, EXPOSED_ACE], ("misdeal", "no")),  # a boxed seven next to an exposed Ace
    ([BOXED_7, EXPOSED_9], ("misdeal", "no")),  # PG-6b
    ([wrong_spots(1)], ("redeliver", "yes")),  # PG-7
    ([wrong_spots(2)], ("misdeal", "no")),  # PG-6c
    ([wrong_spots(1, dealer=True)], ("misdeal", "no")),  # PG-6d
    ([OPENED_EARLY], ("call-supervisor", "yes")),  # PG-5
])
def test_deal_procedure_worked_examples(events: list[dict[str, Any]], expected: tuple[str, str]):
    situation = {"events": events}
    assert key("pg-deal-procedure", situation) == {"ruling": expected[0], "logical_way": expected[1]}
    assert door_key("pg-deal-procedure", situation) == {"ruling": expected[0], "logical_way": expected[1]}


@pytest.mark.parametrize(("events", "answer", "code"), [
    ([EXPOSED_ACE], ("replace-exposed-card", "no"), "pg-ace-replaced"),
    ([BOXED_JOKER], ("replace-boxed-card", "no"), "pg-ace-replaced"),
    ([BOXED_7, EXPOSED_9], ("replace-boxed-card", "no"), "pg-two-cards-replaced"),
    ([BOXED_7, EXPOSED_ACE], ("replace-boxed-card", "no"), "pg-two-cards-replaced"),
    ([wrong_spots(2)], ("redeliver", "yes"), "pg-two-looked-redelivered"),
    ([wrong_spots(1, dealer=True)], ("redeliver", "yes"), "pg-dealer-hand-seen"),
    ([wrong_spots(1)], ("redeliver", "no"), "pg-logical-way-forgotten"),
    ([BOXED_7], ("replace-exposed-card", "no"), "pg-boxed-exposed-confused"),
    ([EXPOSED_9], ("replace-boxed-card", "no"), "pg-boxed-exposed-confused"),
])
def test_deal_procedure_named_mistakes(events: list[dict[str, Any]], answer: tuple[str, str], code: str):
    result = grade("pg-deal-procedure", {"events": events}, {"ruling": answer[0], "logical_way": answer[1]})
    named(result, code)


def test_deal_procedure_prompt_words_every_event_and_shows_the_cards():
    made = scenario("pg-deal-procedure", {"events": [BOXED_JOKER, wrong_spots(1, dealer=True)]})
    facts = dict(made.prompt.facts)
    assert "joker" in facts["Event 1"]
    assert "boxed" in facts["Event 1"]
    assert "one player" in facts["Event 2"]
    assert "player-dealer's hand" in facts["Event 2"]
    assert [group.cards for group in made.prompt.cards] == [("JK",)]


def test_deal_procedure_difficulties():
    drill = kind("pg-deal-procedure")
    easy = [drill.generate(seed, Difficulty.EASY, RULES).situation["events"] for seed in SEEDS]
    assert all(len(events) == 1 and events[0]["type"] in ("boxed", "exposed") for events in easy)
    hard = [drill.generate(seed, Difficulty.HARD, RULES).situation["events"] for seed in range(80)]
    assert any(len(events) == 2 and {event["type"] for event in events} == {"boxed", "exposed"} for events in hard)
    assert any(event.get("players_looked") == 2 for events in hard for event in events)
    assert any(event.get("looked_at_dealer_hand") for events in hard for event in events)


@pytest.mark.parametrize("code", ["pg-ace-replaced", "pg-two-cards-replaced", "pg-two-looked-redelivered",
                                  "pg-dealer-hand-seen", "pg-logical-way-forgotten", "pg-boxed-exposed-confused"])
def test_deal_procedure_named_mistakes_on_seeded_scenarios(code: str):
    check_seeded_mistake("pg-deal-procedure", code)


# --- 7. settle the table -------------------------------------------------------------------------

TABLE = {
    "banker": hand("QS QH 8D 6C 3H", "KS 9H"),
    "bank": "100.00",
    "action": 5,
    "hands": {
        "3": {**hand("AS AH 9D 7C 5H", "KD JC"), "bet": "60.00"},
        "5": {**hand("2S 2H 4D 7S 5D", "TD 3C"), "bet": "60.00"},
    },
}


def test_table_worked_example_the_bank_runs_out():
    # From the Action button at 5: position 5 loses its 60 (covered in full), position 3 is
    # covered for the 40 the bank has left and wins 40; its other 20 is returned (PG-1).
    expected = {"position_3": "40.00", "position_5": "-60.00", "banker_net": "20.00"}
    assert key("pg-table-settle", TABLE) == expected
    assert door_key("pg-table-settle", TABLE) == expected


def test_table_worked_example_with_a_fee():
    expected = {"position_3": "39.00", "position_5": "-61.00", "banker_net": "19.00"}
    assert key("pg-table-settle", TABLE, FEE) == expected
    assert door_key("pg-table-settle", TABLE, FEE) == expected


def test_table_with_an_ample_bank_every_bet_is_in_action():
    table = {**TABLE, "bank": "500.00"}
    assert key("pg-table-settle", table) == {"position_3": "60.00", "position_5": "-60.00", "banker_net": "0.00"}


@pytest.mark.parametrize(("answer", "rules", "code"), [
    ({"position_3": "60.00", "position_5": "-60.00", "banker_net": "0.00"}, RULES, "pg-uncovered-settled"),
    ({"position_3": "60.00", "position_5": "-40.00", "banker_net": "-20.00"}, RULES, "pg-table-order"),
    ({"position_3": "40.00", "position_5": "-60.00", "banker_net": "20.00"}, FEE, "pg-fee-forgotten"),
])
def test_table_named_mistakes(answer: dict[str, str], rules: PaiGowRules, code: str):
    named(grade("pg-table-settle", TABLE, answer, rules), code)


def test_table_one_signed_amount_per_position_and_the_banker():
    made = scenario("pg-table-settle", TABLE)
    assert [(field.name, field.type.value, field.signed) for field in made.fields] == [
        ("position_3", "amount", True), ("position_5", "amount", True), ("banker_net", "amount", True)]
    facts = dict(made.prompt.facts)
    assert facts["Player-dealer's bank"] == "100.00"
    assert facts["Action button"] == "position 5"
    assert facts["Position 3 bet"] == "60.00"


def test_table_partial_credit_per_position():
    result = grade("pg-table-settle", TABLE, {"position_3": "40.00", "position_5": "-60.00", "banker_net": "-20"})
    assert not result.correct
    assert result.score == Decimal("0.67")


def test_table_difficulties():
    drill = kind("pg-table-settle")
    for seed in SEEDS:
        easy = drill.generate(seed, Difficulty.EASY, RULES).situation
        bets = sum(Decimal(h["bet"]) for h in easy["hands"].values())
        assert Decimal(easy["bank"]) >= bets
        assert 2 <= len(easy["hands"]) <= 3
        hard = drill.generate(seed, Difficulty.HARD, RULES).situation
        bets = sum(Decimal(h["bet"]) for h in hard["hands"].values())
        assert Decimal(hard["bank"]) < bets
        assert 4 <= len(hard["hands"]) <= 6
        assert str(hard["action"]) in hard["hands"]


@pytest.mark.parametrize(("code", "rules"), [("pg-uncovered-settled", RULES), ("pg-table-order", RULES),
                                             ("pg-fee-forgotten", FEE)])
def test_table_named_mistakes_on_seeded_scenarios(code: str, rules: PaiGowRules):
    check_seeded_mistake("pg-table-settle", code, rules)


# --- every kind under other house rules ---------------------------------------------------------


@pytest.mark.parametrize("slug", PAI_GOW_KINDS)
@pytest.mark.parametrize("rules", [FEE, WHEEL_SECOND], ids=["fee", "wheel-second"])
def test_keys_agree_with_the_door_under_other_house_rules(slug: str, rules: PaiGowRules):
    drill = kind(slug)
    for seed in range(12):
        made = drill.generate(seed, Difficulty.HARD, rules)
        assert door_key(slug, made.situation, rules) == dict(made.solution.key), (seed, made.situation)
        assert drill.grade(made, drill.parse_answer(made, dict(made.solution.key)), rules).correct


# --- seeded named mistakes ------------------------------------------------------------------------


def check_seeded_mistake(slug: str, code: str, rules: PaiGowRules = RULES) -> None:
    """A generated scenario where ``code``'s wrong rule gives another answer: that answer
    (the key with the wrong rule's fields) grades wrong and is named ``code``."""
    drill = kind(slug)
    mistake = next(candidate for candidate in drill.mistakes(rules) if candidate.code == code)

    def wrong_answer(made: Scenario) -> dict[str, Any] | None:
        wrong = mistake.solve(made.situation)
        if wrong is None:
            return None
        answer = {**made.solution.key, **wrong}
        return None if answer == dict(made.solution.key) else answer

    def wanted(made: Scenario) -> bool:
        answer = wrong_answer(made)
        return answer is not None and graded(made, answer, rules).mistake_code == code

    made = first_seed(slug, wanted, rules)
    answer = wrong_answer(made)
    assert answer is not None
    result = graded(made, answer, rules)
    assert not result.correct
    assert result.mistake == mistake.reason.words()


def test_jokers_in_situations_come_from_one_deck():
    for slug in ("pg-house-way", "pg-showdown", "pg-table-settle"):
        for seed in range(20):
            text = json.dumps(kind(slug).generate(seed, Difficulty.HARD, RULES).situation)
            assert text.count('"JK"') <= 2
            assert all(text.count(f'"{card}"') <= 1 for card in ("AS", "KD", "7C", "2H"))
    assert isinstance(parse_cards(["JK"])[0], Joker)


def test_deal_procedure_with_nothing_to_rule_continues():
    solution = kind("pg-deal-procedure").solve({"events": []}, RULES)
    assert dict(solution.key) == {"ruling": "continue", "logical_way": "no"}
    assert solution.rules == ("PG-6", "PG-8")
    assert door_key("pg-deal-procedure", {"events": []}) == dict(solution.key)
