"""The over-under-26 questions through the rulings door's ``answer()`` (RULINGS.md shapes)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from drills.rulings.base import RulingInputError, answer, decode_body, questions
from games.over_under_26 import EXAMPLE_BONUS_PAY_TABLE, OverUnderRules, total_odds

GAME = "over-under-26"
DEFAULT = OverUnderRules()
SMALL_TABLE = OverUnderRules.from_mapping({"bonus_pay_table": {"8": "100:1", "26": "5:1", "joker": "2:1"}})


def as_json(body):
    """What the door receives: the body sent as JSON text (a Decimal as a JSON number), decoded."""
    return decode_body(json.dumps(body, default=float))


def ask(question, body, rules=DEFAULT):
    ruling = answer(GAME, question, as_json(body), rules).to_json()
    json.dumps(ruling)  # JSON-ready
    return ruling


def refused(question, body, rules=DEFAULT):
    with pytest.raises(RulingInputError) as caught:
        answer(GAME, question, as_json(body), rules)
    return caught.value.errors


def test_the_three_questions_are_registered():
    assert questions()[GAME] == ["procedure", "settle", "total", "total-odds"]


# --- total ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("cards", "expected", "rules"),
    [
        pytest.param(["AS", "9H", "4D", "3C"], {"total": 27, "jokers": 0}, ["OU-2"], id="OU-2-27"),
        pytest.param(["10h", "t♦", "3s", "3c"], {"total": 26, "jokers": 0}, ["OU-2"], id="OU-2-input-variants"),
        pytest.param(["2S", "2H", "2D", "2C"], {"total": 8, "jokers": 0}, ["OU-2"], id="OU-2-lowest"),
        pytest.param(["AS", "AS", "AH", "AH"], {"total": 44, "jokers": 0}, ["OU-2"], id="OU-1-copies-of-a-card"),
        pytest.param(["7D"], {"total": 7, "jokers": 0}, ["OU-2"], id="OU-2-first-card-alone"),
        pytest.param(["JK", "9H"], {"total": 9, "jokers": 1}, ["OU-2", "OU-4a"], id="OU-4a-joker-first"),
        pytest.param(["5S", "joker", "JK", "AC"], {"total": 16, "jokers": 2}, ["OU-2", "OU-4b"], id="OU-4b-jokers"),
        pytest.param(["JK", "JK", "JK", "JK"], {"total": 0, "jokers": 4}, ["OU-2", "OU-4a"], id="OU-1-four-jokers"),
    ],
)
def test_total(cards, expected, rules):
    ruling = ask("total", {"cards": cards})
    assert ruling["answer"] == expected
    assert ruling["rules"] == rules
    assert all(rule in ruling["explanation"] for rule in rules)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        pytest.param({}, "cards", "required", id="missing"),
        pytest.param({"cards": "AS"}, "cards", "list", id="not-a-list"),
        pytest.param({"cards": []}, "cards", "at least 1", id="no-cards"),
        pytest.param({"cards": ["2S"] * 5}, "cards", "at most 4", id="five-cards"),
        pytest.param({"cards": ["2S", "QH"]}, "cards.1", "J, Q and K are removed (OU-1)", id="OU-1-queen"),
        pytest.param({"cards": ["JS"]}, "cards.0", "J, Q and K are removed (OU-1)", id="OU-1-jack"),
        pytest.param({"cards": ["KD", "2S"]}, "cards.0", "not in this shoe", id="OU-1-king"),
        pytest.param({"cards": ["2S", "1H"]}, "cards.1", "is not a card", id="bad-notation"),
        pytest.param({"cards": ["2S", 7]}, "cards.1", "is not a card", id="number"),
    ],
)
def test_total_refuses_bad_input(body, field, message):
    errors = refused("total", body)
    assert list(errors) == [field]
    assert message in " ".join(errors[field])


# --- settle -----------------------------------------------------------------------------

# (id, body, rules, answer, rule ids)
SETTLE = [
    ("OU-4a-first-card-joker", {"ante": "10", "cards": ["JK", "5H", "6D", "7C"], "choice": None}, DEFAULT,
     {"ante_win": "30.00", "bonus_win": "0.00", "net": "30.00", "outcome": "first-card-joker"}, ["OU-4a", "OU-W"]),
    ("OU-4a-choice-absent-bonus-returned", {"ante": 10, "bonus": 10, "cards": ["JK", "2H", "2D", "2C"]}, SMALL_TABLE,
     {"ante_win": "30.00", "bonus_win": "0.00", "net": "30.00", "outcome": "first-card-joker"}, ["OU-4a", "OU-W"]),
    ("OU-4a-choice-the-text-null", {"ante": "10", "cards": ["JK", "5H", "6D", "7C"], "choice": "null"}, DEFAULT,
     {"ante_win": "30.00", "bonus_win": "0.00", "net": "30.00", "outcome": "first-card-joker"}, ["OU-4a", "OU-W"]),
    ("OU-4b-joker-behind", {"ante": "10", "bonus": "5", "cards": ["AS", "AH", "JK", "AC"], "choice": "under"},
     SMALL_TABLE, {"ante_win": "20.00", "bonus_win": "10.00", "net": "30.00", "outcome": "joker"},
     ["OU-4b", "OU-W", "OU-10"]),
    ("OU-5-fold", {"ante": "10", "bonus": "5", "cards": ["AS", "9H", "4D", "2C"], "choice": "fold"}, SMALL_TABLE,
     {"ante_win": "-10.00", "bonus_win": "-5.00", "net": "-15.00", "outcome": "fold"}, ["OU-5"]),
    ("OU-7-under-wins", {"ante": "25", "cards": ["AS", "9H", "3D", "2C"], "choice": "UNDER"}, DEFAULT,
     {"ante_win": "50.00", "bonus_win": "0.00", "net": "50.00", "outcome": "under"}, ["OU-7", "OU-W", "OU-6", "OU-2"]),
    ("OU-7-under-loses", {"ante": "10", "bonus": "0", "cards": ["AS", "9H", "4D", "3C"], "choice": "under"}, DEFAULT,
     {"ante_win": "-20.00", "bonus_win": "0.00", "net": "-20.00", "outcome": "over"}, ["OU-7", "OU-6", "OU-2"]),
    ("OU-8-over-wins", {"ante": "10", "cards": ["AS", "9H", "4D", "3C"], "choice": "over"}, DEFAULT,
     {"ante_win": "20.00", "bonus_win": "0.00", "net": "20.00", "outcome": "over"}, ["OU-8", "OU-W", "OU-6", "OU-2"]),
    ("OU-8-over-loses-bonus-wins", {"ante": "10", "bonus": "1", "cards": ["2S", "2H", "2D", "2C"], "choice": "over"},
     SMALL_TABLE, {"ante_win": "-20.00", "bonus_win": "100.00", "net": "80.00", "outcome": "under"},
     ["OU-8", "OU-6", "OU-2", "OU-10"]),
    ("OU-9-twenty-six", {"ante": "10", "bonus": "2", "cards": ["TS", "TH", "3D", "3C"], "choice": "over"},
     SMALL_TABLE, {"ante_win": "-20.00", "bonus_win": "10.00", "net": "-10.00", "outcome": "twenty-six"},
     ["OU-9", "OU-6", "OU-2", "OU-10"]),
    ("OU-10-unlisted-total-loses", {"ante": "10", "bonus": "2.50", "cards": ["TS", "TH", "3D", "4C"],
                                    "choice": "over"}, SMALL_TABLE,
     {"ante_win": "20.00", "bonus_win": "-2.50", "net": "17.50", "outcome": "over"},
     ["OU-8", "OU-W", "OU-6", "OU-2", "OU-10"]),
    ("OU-W-house-multiple-6", {"ante": "10.50", "cards": ["JK", "TH", "3D", "4C"]},
     OverUnderRules(win_return_multiple=6),
     {"ante_win": "52.50", "bonus_win": "0.00", "net": "52.50", "outcome": "first-card-joker"}, ["OU-4a", "OU-W"]),
    ("OU-3-decimal-json-numbers", {"ante": Decimal("10.5"), "bonus": Decimal("0.5"), "cards": ["2S", "2H", "2D", "2C"],
                                   "choice": "under"}, SMALL_TABLE,
     {"ante_win": "21.00", "bonus_win": "50.00", "net": "71.00", "outcome": "under"},
     ["OU-7", "OU-W", "OU-6", "OU-2", "OU-10"]),
]


@pytest.mark.parametrize(("body", "rules", "expected", "rule_ids"), [pytest.param(*c[1:], id=c[0]) for c in SETTLE])
def test_settle(body, rules, expected, rule_ids):
    ruling = ask("settle", body, rules)
    assert ruling["answer"] == expected
    assert ruling["rules"] == rule_ids
    assert all(rule in ruling["explanation"] for rule in rule_ids)
    assert ruling["explanation"].endswith(f"Net {expected['net']}.")


GOOD = {"ante": "10", "bonus": "0", "cards": ["AS", "9H", "4D", "3C"], "choice": "over"}


@pytest.mark.parametrize(
    ("changes", "rules", "expected_errors"),
    [
        pytest.param({"bonus": "5"}, DEFAULT,
                     {"bonus": ["the Bonus pay table is not configured for this property (OU-10)"]},
                     id="OU-10-bonus-without-a-table"),
        pytest.param({"bonus": "10.01"}, SMALL_TABLE,
                     {"bonus": ["the Bonus (10.01) cannot be larger than the Ante (10.00) (OU-3)"]},
                     id="OU-3-bonus-above-ante"),
        pytest.param({"ante": "0", "bonus": "1"}, SMALL_TABLE,
                     {"bonus": ["a Bonus without an Ante is refused (OU-3)"]}, id="OU-3-bonus-without-ante"),
        pytest.param({"ante": "0"}, DEFAULT, {"ante": ["a round needs an Ante (OU-3)"]}, id="OU-3-no-ante"),
        pytest.param({"ante": None}, DEFAULT, {"ante": ["this field is required"]}, id="ante-missing"),
        pytest.param({"ante": "-10"}, DEFAULT, {"ante": ["'-10' is negative"]}, id="ante-negative"),
        pytest.param({"ante": "10.005"}, DEFAULT, {"ante": ["'10.005' has more than two decimals"]},
                     id="ante-three-decimals"),
        pytest.param({"bonus": "x"}, SMALL_TABLE, {"bonus": ["'x' is not an amount"]}, id="bonus-not-money"),
        pytest.param({"cards": ["AS", "9H", "4D"]}, DEFAULT, {"cards": ["must hold exactly 4 cards, not 3"]},
                     id="OU-4-three-cards"),
        pytest.param({"cards": ["AS", "9H", "4D", "3C", "2C"]}, DEFAULT,
                     {"cards": ["must hold exactly 4 cards, not 5"]}, id="OU-4-five-cards"),
        pytest.param({"cards": ["AS", "9H", "KD", "3C"]}, DEFAULT,
                     {"cards.2": ["KD is not in this shoe: J, Q and K are removed (OU-1)"]}, id="OU-1-king"),
        pytest.param({"choice": "sideways"}, DEFAULT, {"choice": ["must be one of: under, over, fold"]},
                     id="OU-5-unknown-choice"),
        pytest.param({"choice": None}, DEFAULT,
                     {"choice": ["required: under, over or fold (OU-5); it is null only when the first card is a "
                                 "joker (OU-4a)"]}, id="OU-5-choice-missing"),
        pytest.param({"cards": ["JK", "9H", "4D", "3C"]}, DEFAULT,
                     {"choice": ["the first card is a joker: the game ended before any choice (OU-4a), so 'over' "
                                 "cannot have been chosen; send null"]}, id="OU-4a-choice-given"),
        pytest.param({"ante": "1.001", "cards": ["QS"], "choice": 3}, DEFAULT,
                     {"ante": ["'1.001' has more than two decimals"], "cards": ["must hold exactly 4 cards, not 1"],
                      "choice": ["must be one of: under, over, fold"]}, id="every-bad-field-at-once"),
    ],
)
def test_settle_refuses_bad_input(changes, rules, expected_errors):
    body = {**GOOD, **changes}
    assert refused("settle", body, rules) == expected_errors


def test_settle_with_the_example_table_answers_every_outcome():
    rules = OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE)
    seen = set()
    for cards, choice in [
        (["JK", "2S", "2H", "2D"], None),
        (["2S", "JK", "2H", "2D"], "under"),
        (["2S", "2C", "2H", "2D"], "under"),
        (["AS", "AC", "AH", "AD"], "over"),
        (["TS", "TH", "3D", "3C"], "under"),
        (["TS", "TH", "3D", "3C"], "fold"),
    ]:
        ruling = ask("settle", {"ante": "10", "bonus": "10", "cards": cards, "choice": choice}, rules)
        seen.add(ruling["answer"]["outcome"])
    assert seen == {"first-card-joker", "joker", "under", "over", "twenty-six", "fold"}


# --- total-odds -------------------------------------------------------------------------


def test_total_odds_shape_is_exactly_rulings():
    ruling = ask("total-odds", {})
    result = ruling["answer"]
    assert set(result) == {"totals", "any_joker", "first_card_joker"}
    assert list(result["totals"]) == [str(total) for total in range(8, 45)]
    odds = total_odds()
    for total, probability in result["totals"].items():
        assert isinstance(probability, float)
        assert probability == float(odds.totals[int(total)])  # a double: 15-17 significant digits
    assert result["first_card_joker"] == float(odds.first_card_joker) == pytest.approx(1 / 41, rel=1e-12)
    assert result["any_joker"] == float(odds.any_joker)
    assert sum(result["totals"].values()) + result["any_joker"] == pytest.approx(1, abs=1e-12)
    assert ruling["rules"][:2] == ["OU-1", "OU-2"]
    assert "OU-10" not in ruling["rules"]


def test_total_odds_adds_the_bonus_return_only_with_a_table():
    ruling = ask("total-odds", {}, OverUnderRules(bonus_pay_table=EXAMPLE_BONUS_PAY_TABLE))
    assert set(ruling["answer"]) == {"totals", "any_joker", "first_card_joker", "bonus_expected_return"}
    assert ruling["answer"]["bonus_expected_return"] == pytest.approx(-0.0679, abs=1e-4)
    assert ruling["rules"][-1] == "OU-10"
    assert "OU-10" in ruling["explanation"]
