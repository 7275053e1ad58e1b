"""Surrender as a house setting (RULES.md BJ-R1: the house offers it or not; BJ-R1 to BJ-R3
say how): the options, the settlement, the simulated player, the round scripts, the drills
and the "what changed" mapping all respect ``surrender_offered``."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

import pytest

from games.blackjack.deal import deal_situation
from games.blackjack.errors import SituationError
from games.blackjack.options import Action, OptionsSituation, can_act, refusal
from games.blackjack.round import BoxBet, TwentyOneRound
from games.blackjack.rules import BlackjackRules
from games.blackjack.settle import Box, PayoutKind, PlayerHand, dealer_payout, settle_box
from games.cards import parse_card
from games.jack_switch.rules import JackSwitchRules
from games.players.twenty_one import TwentyOnePlayer
from games.procedure import play_out
from games.rule_settings import setting_info

OFFERED = BlackjackRules()
NOT_OFFERED = BlackjackRules(surrender_offered=False)
JS_NOT_OFFERED = JackSwitchRules(surrender_offered=False)


def cards(text: str) -> tuple:
    return tuple(parse_card(token) for token in text.split())


# A fresh hard 16 against a 9, before any third card: surrenders where the house offers it.
SIXTEEN_V_9 = OptionsSituation(hand=cards("TS 6H"), dealer=parse_card("9C"))


def test_the_setting_is_a_house_value_with_its_rule_and_label() -> None:
    assert OFFERED.surrender_offered is True  # seed 001 offers surrender
    assert BlackjackRules.from_mapping({"surrender_offered": False}) == NOT_OFFERED
    assert NOT_OFFERED.to_mapping()["surrender_offered"] is False
    for game in ("blackjack", "jack-switch"):
        info = setting_info(game, "surrender_offered")
        assert (info.label, info.rule_id) == ("Surrender offered", "BJ-R1")


@pytest.mark.parametrize("rules", [NOT_OFFERED, JS_NOT_OFFERED])
def test_no_surrender_when_not_offered_with_the_setting_as_reason(rules: BlackjackRules) -> None:
    assert can_act(SIXTEEN_V_9, Action.SURRENDER, OFFERED)
    assert not can_act(SIXTEEN_V_9, Action.SURRENDER, rules)
    reason = refusal(SIXTEEN_V_9, Action.SURRENDER, rules)
    assert reason is not None
    assert "does not offer surrender" in reason
    assert "BJ-R1" in reason
    assert "Surrender offered" in reason


def test_settling_or_paying_a_surrender_is_refused_when_not_offered() -> None:
    box = Box(bet=Decimal("10"), hands=(PlayerHand(cards("TS 6H")),), surrendered=True)
    assert settle_box(box, cards("9C 8D"), OFFERED).net == Decimal("-5.00")
    with pytest.raises(SituationError) as caught:
        settle_box(box, cards("9C 8D"), NOT_OFFERED)
    assert caught.value.field == "surrendered"
    with pytest.raises(SituationError) as caught:
        dealer_payout(PayoutKind.SURRENDER, Decimal("10"), NOT_OFFERED)
    assert caught.value.field == "kind"


def test_the_simulated_player_never_surrenders_when_not_offered() -> None:
    player = TwentyOnePlayer()  # surrenders every time the chart says so
    assert player.surrenders(SIXTEEN_V_9, OFFERED, random.Random(1))
    assert not any(player.surrenders(SIXTEEN_V_9, NOT_OFFERED, random.Random(seed)) for seed in range(20))


def test_dealt_situations_never_surrender_when_not_offered() -> None:
    surrendered = [deal_situation(random.Random(seed), OFFERED).box.surrendered for seed in range(400)]
    assert any(surrendered)
    assert not any(deal_situation(random.Random(seed), NOT_OFFERED).box.surrendered for seed in range(400))
    assert not any(deal_situation(random.Random(seed), JS_NOT_OFFERED).box.surrendered for seed in range(200))


def test_a_round_neither_asks_for_nor_takes_a_surrender_when_not_offered() -> None:
    # Box 1: T 6 against a 9: the simulated player surrenders where the house offers it.
    shoe = cards("TS TH 6C 9D 8D")
    offered = play_out(TwentyOneRound.start(OFFERED, (BoxBet(1, Decimal("10")),), shoe))
    assert "surrender box=1" in [action.notation() for action in offered.log]
    for rules in (NOT_OFFERED, dataclasses.replace(JS_NOT_OFFERED)):
        end = play_out(TwentyOneRound.start(rules, (BoxBet(1, Decimal("10")),), shoe + cards("5C 4H 3S 2D")))
        assert not any(action.notation().startswith("surrender") for action in end.log)
