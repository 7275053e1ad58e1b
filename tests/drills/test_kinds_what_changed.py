"""The "what changed" kinds (issue 16, item 5), without a database: worked examples of one
disagreement per setting, properties over many seeds (the rules always disagree, generation
is deterministic, the key is the engine's under the new rules, an old-rules answer is named),
and the clear refusal when two rule sets differ on nothing the family can show."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drills.kinds._changes import DIFFERENCES, NothingToShowError, RuleChange, answers, require_showable
from drills.kinds.base import Difficulty, GameError, get_kind
from drills.kinds.what_changed import KINDS, NOT_ASSIGNED, OLD_RULES_MISTAKE, change_kind
from drills.rulings.base import answer as door_answer
from games.errors import RuleSetError
from games.pai_gow.house_ways.pg_h import Thresholds, variant
from games.registry import default_rules
from tests.drills.kinds_support import KindBench
from tests.drills.what_changed_support import EXAMPLES, example_change, registered_house_way

SLUG = {kind.game: kind.slug for kind in KINDS}


def worked(game: str, new: dict[str, Any], setting: str, situation: dict[str, Any], old: dict[str, Any] | None = None):
    """The scenario of a fixed situation under a one-setting change (old: the defaults)."""
    change = RuleChange.of(game, old or {}, new)
    return change, KindBench(change).scenario(SLUG[game], {"setting": setting, "situation": situation})


def graded(change: RuleChange, made: Any, answer: dict[str, Any]) -> Any:
    return KindBench(change).graded(made, answer)


PAIR_OF_8S_IN_A_BOX_OF_3 = {"hand": ["8S", "8H"], "dealer": ["7C"], "hands_in_box": 3, "from_split_aces": False,
                            "third_card_dealt": False}
SPLIT_5_6 = {"hand": ["5S", "6H"], "dealer": ["7C"], "hands_in_box": 2, "from_split_aces": False,
             "third_card_dealt": False}
JS_BLACKJACK_AGAINST_22 = {"bet": "10.00", "hands": [{"cards": ["JD", "AC"], "doubled": False}],
                           "dealer": ["TD", "2C", "KD"], "insurance": "0.00", "even_money": False,
                           "surrendered": False, "switched": False}
PG_BOTH_HANDS_WON = {"player": {"high": ["3C", "4H", "TH", "8D", "AD"], "low": ["QS", "KS"]},
                     "banker": {"high": ["8H", "5H", "2C", "9D", "AH"], "low": ["TD", "KC"]}, "bet": "100.00"}
PG_WHEEL_AGAINST_7_HIGH = {"player": {"high": ["3C", "4H", "5C", "6H", "7S"], "low": ["KH", "6C"]},
                           "banker": {"high": ["AC", "2H", "3D", "4D", "5S"], "low": ["QC", "KD"]}, "bet": "35.00"}

# (game, new values, setting, situation, field, old answer, new answer, old values)
WORKED = [
    ("blackjack", {"blackjack_pays": "6:5"}, "blackjack_pays", {"bet": "25.00", "kind": "blackjack"},
     "pays", "37.50", "30.00", None),
    ("blackjack", {"dealer_hits_soft_17": True}, "dealer_hits_soft_17", {"cards": ["AS", "6H"]},
     "action", "stand", "hit", None),
    ("blackjack", {"insurance_pays": "3:1"}, "insurance_pays", {"bet": "10.00", "kind": "insurance"},
     "pays", "20.00", "30.00", None),
    ("blackjack", {"double_after_split": False}, "double_after_split", SPLIT_5_6, "double", "yes", "no", None),
    ("blackjack", {"max_hands": 3}, "max_hands", PAIR_OF_8S_IN_A_BOX_OF_3, "split", "yes", "no", None),
    ("jack-switch", {"blackjack_pays": "3:2"}, "blackjack_pays", JS_BLACKJACK_AGAINST_22, "net", "10.00", "15.00",
     None),
    ("jack-switch", {"dealer_hits_soft_17": False}, "dealer_hits_soft_17", {"cards": ["AS", "6H"]},
     "action", "hit", "stand", None),
    ("jack-switch",
     {"super_match": {"one-pair": "1:1", "three-of-a-kind": "6:1", "two-pairs": "8:1", "four-of-a-kind": "40:1"}},
     "super_match", {"cards": ["2H", "2C", "8D", "2S"], "bet": "10.00"}, "pays", "50.00", "60.00", None),
    ("jack-switch",
     {"pair_bonus": {"different-colour-pair": "6:1", "same-colour-pair": "10:1", "same-suit-pair": "30:1"}},
     "pair_bonus", {"cards": ["7C", "7H"], "bet": "10.00", "after_switch": None}, "pays", "50.00", "60.00", None),
    ("jack-switch", {"bonus_limits": "10-200: 1-100, 25-500: 1-500, 50-1000: 1-1000"}, "bonus_limits",
     {"table_limits": "10-200", "main_bet": "100.00", "bonus": "150.00"}, "accepted", "yes", "no", None),
    ("pai-gow", {"collection_fee": "1.00"}, "collection_fee", PG_BOTH_HANDS_WON, "win", "100.00", "99.00", None),
    ("pai-gow", {"wheel_lowest_straight": False}, "wheel_lowest_straight", PG_WHEEL_AGAINST_7_HIGH, "result",
     "push", "lose", None),
    ("over-under-26", {"win_return_multiple": 5}, "win_return_multiple",
     {"ante": "5.00", "bonus": "0.00", "cards": ["3S", "7S", "9S", "AC"], "choice": "over"}, "net", "10.00", "15.00",
     None),
    ("over-under-26", {"bonus_pay_table": {"16": "2:1", "joker": "2:1"}}, "bonus_pay_table",
     {"ante": "10.00", "bonus": "10.00", "cards": ["2S", "3H", "5D", "6C"], "choice": "under"}, "bonus_win",
     "10.00", "20.00", {"bonus_pay_table": {"16": "1:1", "joker": "2:1"}}),
    ("over-under-26", {"bonus_pay_table": {"16": "1:1"}}, "bonus_pay_table",
     {"ante": "25.00", "bonus": "25.00", "cards": ["7H", "4S", "4D", "JK"], "choice": "under"}, "bonus_win",
     "50.00", "-25.00", {"bonus_pay_table": {"16": "1:1", "joker": "2:1"}}),
]


@pytest.mark.parametrize(("game", "new", "setting", "situation", "field", "before", "after", "old"), WORKED,
                         ids=[f"{row[0]}-{row[2]}-{row[6]}" for row in WORKED])
def test_worked_example_of_each_setting(game, new, setting, situation, field, before, after, old):
    change, made = worked(game, new, setting, situation, old)
    difference = DIFFERENCES[game][setting]
    assert made.solution.key[field] == after
    assert made.solution.rules[0] == difference.rule_id
    assert made.solution.family == difference.family
    answer_field = next(f for f in made.fields if f.name == field)
    choices = {value: label.lower() for value, label in answer_field.choices}
    label = answer_field.label.lower()
    text = made.solution.explanation
    assert text.startswith(f"What changed: {difference.describe(change)} ({difference.rule_id}). ")
    was, now = text.lower().split("under the old rules this was ", 1)[-1].split("; now it is ", 1)
    if "could not happen" not in text:
        assert f"{label} {choices.get(before, before)}" in was
    assert f"{label} {choices.get(after, after)}" in now.split(". ", 1)[0]
    assert graded(change, made, dict(made.solution.key)).correct


@pytest.mark.parametrize(("game", "new", "setting", "situation", "field", "before", "after", "old"), WORKED,
                         ids=[f"{row[0]}-{row[2]}" for row in WORKED])
def test_an_answer_under_the_old_rules_is_named(game, new, setting, situation, field, before, after, old):
    change, made = worked(game, new, setting, situation, old)
    old_key = dict(get_kind(DIFFERENCES[game][setting].base).solve(situation, change.old).key)
    assert old_key[field] == before
    grade = graded(change, made, old_key)
    assert not grade.correct
    assert grade.mistake_code == OLD_RULES_MISTAKE
    assert DIFFERENCES[game][setting].rule_id in grade.mistake
    assert grade.expected[field] == after


def test_blackjack_explanation_reads_as_the_change():
    _, made = worked("blackjack", {"blackjack_pays": "6:5"}, "blackjack_pays", {"bet": "25.00", "kind": "blackjack"})
    assert made.solution.explanation.startswith(
        "What changed: Blackjack pays: 3:2 → 6:5 (BJ-5). Under the old rules this was dealer pays 37.50; "
        "now it is dealer pays 30.00.")
    assert ("What changed", "Blackjack pays: 3:2 → 6:5 (BJ-5)") in made.prompt.facts


def test_pai_gow_house_way_of_another_house_sets_two_pair_differently():
    with registered_house_way() as name:
        seven = ["9S", "9H", "4D", "4C", "AS", "7H", "2C"]
        change, made = worked("pai-gow", {"house_way": name}, "house_way", {"cards": seven})
        assert made.solution.key == {"front": ["4C", "4D"]}  # two pair always split: the small pair in front
        text = made.solution.explanation
        assert "Under the old rules this was two-card hand A♠ 7♥; now it is two-card hand 4♣ 4♦" in text
        assert made.solution.rules[0] == "PG-H"
        grade = graded(change, made, {"front": ["AS", "7H"]})
        assert grade.mistake_code == OLD_RULES_MISTAKE


def test_a_setting_with_no_old_table_says_the_old_rules_refused_it():
    _, made = worked("over-under-26", {"bonus_pay_table": {"16": "2:1"}}, "bonus_pay_table",
                     {"ante": "10.00", "bonus": "10.00", "cards": ["2S", "3H", "5D", "6C"], "choice": "under"})
    assert made.solution.key == {"bonus_win": "20.00"}
    assert "under the old rules this could not happen" in made.solution.explanation.lower()


def test_a_situation_shows_every_changed_setting_that_moves_its_answer():
    change = RuleChange.of("blackjack", {}, {"max_hands": 3, "double_after_split": False})
    situation = {"setting": "max_hands", "situation": PAIR_OF_8S_IN_A_BOX_OF_3}
    made = KindBench(change).scenario("bj-what-changed", situation)
    facts = dict(made.prompt.facts)["What changed"]
    assert "Most hands in a box: 4 → 3 (BJ-S2)" in facts
    assert "Double after a split: allowed → not allowed (BJ-D2)" in facts
    assert made.solution.rules[:2] == ("BJ-S2", "BJ-D2")


# --- properties over seeds ---------------------------------------------------------------------


def check_scenario(change: RuleChange, seed: int, difficulty: Difficulty) -> None:
    kind = change_kind(change.game)
    made = kind.generate(seed, difficulty, change)
    assert kind.generate(seed, difficulty, change) == made, "not a pure function of the seed"
    difference = DIFFERENCES[change.game][made.situation["setting"]]
    base = difference.base_kind()
    inner = made.situation["situation"]
    new_key = dict(base.solve(inner, change.new).key)
    assert dict(made.solution.key) == new_key, "the key is the engine's under the new rules"
    door = base.door(inner)
    if door is not None:
        ruling = door_answer(base.game, door[0], json.loads(json.dumps(door[1])), change.new)
        assert dict(base.key_from_door(ruling.answer)) == new_key
    found = answers(difference, inner, change)
    assert found is not None
    if found.old is not None:
        old_grade = KindBench(change).graded(made, dict(found.old.key))
        assert not old_grade.correct, "the old and the new rules must disagree"
        assert old_grade.mistake_code == OLD_RULES_MISTAKE
    assert KindBench(change).graded(made, dict(made.solution.key)).correct
    public = json.dumps(made.public_json())
    assert "setting" not in json.loads(public)
    assert "situation" not in json.loads(public)


@pytest.mark.parametrize("game", list(EXAMPLES))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), difficulty=st.sampled_from(list(Difficulty)))
def test_every_scenario_shows_a_disagreement_keyed_by_the_new_rules(game, seed, difficulty):
    check_scenario(example_change(game), seed, difficulty)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**62), difficulty=st.sampled_from(list(Difficulty)))
def test_house_way_scenarios_disagree_too(seed, difficulty):
    with registered_house_way() as name:
        check_scenario(RuleChange.of("pai-gow", {}, {"house_way": name, "collection_fee": "0.50"}), seed, difficulty)


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_every_setting_of_the_examples_is_drilled(game):
    change = example_change(game)
    shown = {get_kind(SLUG[game]).generate(seed, Difficulty.NORMAL, change).situation["setting"] for seed in range(60)}
    assert shown == {difference.setting for difference in require_showable(change)}


def test_the_stored_change_replays_exactly_from_json():
    change = example_change("over-under-26")
    stored = json.loads(json.dumps(change.to_mapping()))
    assert set(stored) == {"game", "old", "new"}
    assert stored["old"] == change.old.to_mapping()  # both snapshots, every setting
    again = get_kind("ou-what-changed").rules_from_mapping(stored)
    assert again == change
    assert get_kind("ou-what-changed").generate(7, Difficulty.HARD, again) == get_kind("ou-what-changed").generate(
        7, Difficulty.HARD, change)


# --- nothing to show -------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "old", "new", "words"), [
    ("blackjack", {}, {}, "the old and the new Blackjack rules are the same: nothing changed"),
    ("blackjack", {}, {"decks": 8}, "differ only in decks"),
    ("jack-switch", {}, {"insurance_pays": "3:1", "max_hands": 2}, "differ only in insurance_pays, max_hands"),
    ("over-under-26", {"bonus_pay_table": {"16": "1:1"}}, {"bonus_pay_table": {"16": "1:1"}}, "nothing changed"),
])
def test_rules_that_do_not_differ_on_anything_shown_are_an_error(game, old, new, words):
    change = RuleChange.of(game, old, new)
    kind = change_kind(game)
    assert words in (kind.unavailable_reason(change) or "")
    with pytest.raises(GameError, match=words):
        kind.generate(1, Difficulty.NORMAL, change)
    with pytest.raises(NothingToShowError, match=words):
        require_showable(change)


def test_two_house_ways_that_set_every_hand_alike_are_an_error():
    same = variant("test-same-as-pg-h", "PG-H under another name", Thresholds())
    with registered_house_way(same) as name:
        change = RuleChange.of("pai-gow", {}, {"house_way": name})
        assert "differ only in house_way" in (get_kind("pg-what-changed").unavailable_reason(change) or "")


def test_removing_the_bonus_table_cannot_be_drilled_under_the_new_rules():
    change = RuleChange.of("over-under-26", {"bonus_pay_table": {"16": "1:1"}}, {})
    assert "differ only in bonus_pay_table" in (get_kind("ou-what-changed").unavailable_reason(change) or "")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.slug)
def test_under_one_rule_set_the_kind_says_it_is_assigned_on_a_change(kind):
    assert kind.unavailable_reason(default_rules(kind.game)) == NOT_ASSIGNED


@pytest.mark.parametrize(("data", "setting"), [
    ({"game": "blackjack", "old": {}, "new": {"blackjack_pays": "six to five"}}, "new.blackjack_pays"),
    ({"game": "blackjack", "old": {"soft": True}, "new": {}}, "old.soft"),
    ({"game": "blackjack", "new": {}}, "rules"),
    ({"game": 7, "old": {}, "new": {}}, "game"),
    ([], "rules"),
])
def test_a_bad_stored_change_names_the_setting(data, setting):
    with pytest.raises(RuleSetError) as raised:
        RuleChange.from_mapping(data)
    assert raised.value.setting == setting
