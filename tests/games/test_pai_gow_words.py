"""The Pai Gow explainer (games.pai_gow.words) and the house ways' step reasons: message IDs
with the values that decided them, so a variant explains itself with its own thresholds and
every reason survives its stored JSON form."""

from __future__ import annotations

from games.cards import parse_card, parse_cards
from games.pai_gow import BoxedCard, PaiGowRules, WrongSpots, house_way, rule_deal
from games.pai_gow.house_ways import HOUSE_WAYS
from games.pai_gow.house_ways.pg_h import Thresholds, variant
from games.reasons import Reason, Term


def test_a_variant_words_its_steps_with_its_own_thresholds_under_the_same_message_ids() -> None:
    default = HOUSE_WAYS["pg-h"].step_reasons
    other = variant("queens-split", "PG-H, two pair split from Queens", Thresholds(two_pair_split_from=12)).step_reasons
    assert other["6-split"].message == default["6-split"].message  # one message ID for the catalogue
    assert (default["6-split"].param("big_from"), other["6-split"].param("big_from")) == (Term("Jacks"), Term("Queens"))
    assert other["6-ace"].words(cite=False) == (
        "PG-H step 6: two pair, big pair 7s–Jacks, an Ace for the front: both pairs back"
    )


def test_the_house_way_says_which_step_placed_the_cards_as_a_reason() -> None:
    result = house_way(parse_cards(["JS", "JH", "4D", "4C", "AS", "9H", "2C"]), PaiGowRules())
    assert result.why == HOUSE_WAYS["pg-h"].step_reasons["6-split"]
    assert result.explanation == result.why.words(cite=False)


def test_every_step_reason_of_every_way_renders_and_round_trips() -> None:
    for way in HOUSE_WAYS.values():
        for key, reason in way.step_reasons.items():
            assert reason.rule == "PG-H"
            assert "{" not in reason.words(), (way.name, key)
            assert Reason.from_json(reason.to_json()) == reason
        for misreading in way.misreadings:
            assert "{" not in misreading.message


def test_deal_procedure_reasons_carry_their_rule_and_cards() -> None:
    outcome = rule_deal([BoxedCard(parse_card("AS")), WrongSpots(players_looked=2)])
    assert [reason.rule for reason in outcome.reasons] == list(outcome.rules) == ["PG-6a", "PG-6c"]
    assert outcome.reasons[0].param("cards") == (parse_card("AS"),)
    assert outcome.reasons[1].param("count") == 2
    assert all(Reason.from_json(reason.to_json()) == reason for reason in outcome.reasons)
