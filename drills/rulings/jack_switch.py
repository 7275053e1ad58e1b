"""Rulings door: the jack-switch questions of RULINGS.md. The blackjack questions
(``hand``, ``dealer-action``, ``options``, ``settle``, ``payout``, ``dealer-odds``) are the
very handlers of ``drills.rulings.blackjack``, registered here for ``jack-switch``: they
answer under Jack Switch's rule set (1:1 blackjack, H17, the dealer's 22 push, soft-21
draws, the switch). This module adds ``switch``, ``super-match``, ``pair-bonus``,
``bonus-bet``, ``super-match-odds`` and ``pair-bonus-odds``.

Input decisions (RULINGS.md is silent):

* ``switch`` takes each box's first two cards as dealt; the answer's ``totals`` are the
  best totals (a switched Ace + 10 is 21, never blackjack, JS-8).
* ``super-match`` and ``pair-bonus``: the cards as dealt, before any switch; ``pays`` is
  the winnings on top of the returned stake, ``"0.00"`` when the bet loses; ``bet`` must be
  more than zero.
* ``bonus-bet``: ``table_limits`` must be limits the house has bonus limits for (else 400
  naming it, like a malformed or out-of-order ``"500-25"``); a main bet of 0 or outside
  the table limits is no main bet (accepted false); the bonus may exceed the main bet.
"""

from __future__ import annotations

from typing import Final

from drills.rulings.base import Body, Ruling, RulingInputError, money_json, probability_json, question
from drills.rulings.blackjack import field_errors, positive_bet, register_shared_questions
from games.cards import format_cards
from games.errors import BetError
from games.jack_switch.bonus import bonus_bet_decision, pair_bonus, super_match, table_bonus_limit
from games.jack_switch.odds import SideBetOdds, pair_bonus_odds, super_match_odds
from games.jack_switch.rules import JackSwitchRules
from games.jack_switch.switch import switch_boxes
from games.jack_switch.words import odds_reasons
from games.reasons import explain

GAME: Final = JackSwitchRules.GAME
register_shared_questions(GAME)


def jack_switch_rules(rules: object) -> JackSwitchRules:
    if not isinstance(rules, JackSwitchRules):
        raise RulingInputError.single("rules", "this rule set is not a jack-switch rule set")
    return rules


@question(GAME, "switch")
def switch(body: Body, rules: object) -> Ruling:
    """``{"box1": [c1, c2], "box2": [c3, c4]}`` -> the boxes after the switch."""
    game = jack_switch_rules(rules)
    box1 = body.standard_cards("box1", count=2)
    box2 = body.standard_cards("box2", count=2)
    with field_errors():
        result = switch_boxes(box1, box2, game)
    return Ruling(
        answer={
            "box1": format_cards(result.box1),
            "box2": format_cards(result.box2),
            "totals": list(result.totals),
            "blackjack": list(result.blackjack),
        },
        rules=result.rule_ids,
        explanation=explain(result.reasons),
    )


@question(GAME, "super-match")
def super_match_question(body: Body, rules: object) -> Ruling:
    """``{"cards": [4 cards], "bet": "10"}`` -> ``{"combination", "pays"}``."""
    game = jack_switch_rules(rules)
    cards = body.standard_cards("cards", count=4)
    bet = positive_bet(body, "bet")
    with field_errors():
        ruled = super_match(cards, bet, game)
    result = ruled.value
    return Ruling(
        answer={"combination": result.combination, "pays": money_json(result.pays)},
        rules=ruled.rule_ids,
        explanation=explain(result.reasons),
    )


@question(GAME, "pair-bonus")
def pair_bonus_question(body: Body, rules: object) -> Ruling:
    """``{"cards": [2 cards], "bet": "10"}`` -> ``{"combination", "pays"}``."""
    game = jack_switch_rules(rules)
    cards = body.standard_cards("cards", count=2)
    bet = positive_bet(body, "bet")
    with field_errors():
        ruled = pair_bonus(cards, bet, game)
    result = ruled.value
    return Ruling(
        answer={"combination": result.combination, "pays": money_json(result.pays)},
        rules=ruled.rule_ids,
        explanation=explain(result.reasons),
    )


@question(GAME, "bonus-bet")
def bonus_bet(body: Body, rules: object) -> Ruling:
    """``{"table_limits": "25-500", "main_bet": "25", "bonus": "600"}`` ->
    ``{"accepted", "min", "max"}``."""
    game = jack_switch_rules(rules)
    table_limits = body.raw("table_limits")
    try:
        table_bonus_limit(table_limits, game)
    except BetError as error:
        raise body.error("table_limits", str(error)) from None
    main_bet = body.money("main_bet")
    bonus = body.money("bonus")
    ruled = bonus_bet_decision(table_limits, main_bet, bonus, game)
    decision = ruled.value
    return Ruling(
        answer={
            "accepted": decision.accepted,
            "min": money_json(decision.limit.bonus_min),
            "max": money_json(decision.limit.bonus_max),
        },
        rules=ruled.rule_ids,
        explanation=explain(decision.reasons),
    )


def _odds_answer(odds: SideBetOdds) -> dict[str, object]:
    return {
        "outcomes": {name: probability_json(p) for name, p in odds.outcomes.items()},
        "expected_return": probability_json(odds.expected_return),
    }


@question(GAME, "super-match-odds")
def super_match_odds_question(body: Body, rules: object) -> Ruling:
    """``{}`` -> ``{"outcomes": {...}, "expected_return": ...}``."""
    game = jack_switch_rules(rules)
    ruled = super_match_odds(game)
    return Ruling(
        answer=_odds_answer(ruled.value),
        rules=ruled.rule_ids,
        explanation=explain(odds_reasons("JS-SM", ruled.value, game)),
    )


@question(GAME, "pair-bonus-odds")
def pair_bonus_odds_question(body: Body, rules: object) -> Ruling:
    """``{}`` -> ``{"outcomes": {...}, "expected_return": ...}``."""
    game = jack_switch_rules(rules)
    ruled = pair_bonus_odds(game)
    return Ruling(
        answer=_odds_answer(ruled.value),
        rules=ruled.rule_ids,
        explanation=explain(odds_reasons("JS-PB", ruled.value, game)),
    )
