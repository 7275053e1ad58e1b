"""Rulings door: the ``over-under-26`` questions of RULINGS.md (``total``, ``settle``,
``total-odds``). Every rule lives in ``games.over_under_26``; this module only reads the
JSON, names the field of any bad input, and words the answer.

Input decisions (RULINGS.md is silent):

* ``total`` takes 1 to 4 cards in deal order (a dealer may announce a partial total); a
  joker counts nothing (OU-2) and the answer still counts it in ``jokers``.
* ``settle`` takes exactly 4 cards; ``bonus`` is optional (default 0); ``choice`` must be
  null (JSON null, absent, or the text "null") on a first-card joker and one of under / over / fold otherwise.
* Cards are checked against the 164-card shoe (OU-1): a J, Q or K is refused naming its
  position (``cards.2``); more copies of a card than the shoe holds names ``cards``.
* ``procedure`` (PROCEDURES.md): ``{"cards": [4 cards in shoe order], "boxes": [{"box",
  "ante", "bonus", "choice"}], "actions": [dealer actions in the notation],
  "automations": [optional stages]}``; the boxes are listed in box order, ``choice`` as in
  ``settle`` (null on a first-card joker). The answer is :mod:`drills.rulings.rounds`'s,
  with ``settlement`` a list of ``{"box", "ante_win", "bonus_win", "net", "outcome"}``.
* ``total-odds`` adds ``bonus_expected_return`` only when the property has a Bonus pay
  table (OU-10); otherwise the shape is exactly RULINGS.md's.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TypeVar

from drills.rulings.base import Body, Ruling, RulingInputError, money_json, probability_json, question
from drills.rulings.rounds import procedure_ruling, recorded_actions, stages
from games.cards import AnyCard
from games.errors import ImpossibleCardsError
from games.over_under_26 import (
    HAND_SIZE,
    BonusNotConfiguredError,
    Choice,
    ChoiceError,
    OverUnderBetError,
    OverUnderRules,
    bonus_expected_return,
    explain,
    hand_total,
    is_in_shoe,
    odds_reasons,
    settle,
    total_odds,
    total_reasons,
    verify_bets,
    verify_cards,
    verify_choice,
)
from games.over_under_26.round import (
    MAX_BOXES,
    VOCABULARY,
    Automation,
    BoxBet,
    OverUnderRound,
    OverUnderStart,
    StartError,
)
from games.over_under_26.round_words import explain_mistake
from games.reasons import explain as explain_reasons

GAME = OverUnderRules.GAME
T = TypeVar("T")


def _cards(
    body: Body, key: str, *, count: int | None = None, min_count: int = 0, max_count: int | None = None
) -> list[AnyCard]:
    """Cards of this shoe (OU-1), with the field named: ``cards.<i>`` for a J/Q/K."""
    cards = body.cards(key, count=count, min_count=min_count, max_count=max_count, jokers=True)
    for index, card in enumerate(cards):
        if not is_in_shoe(card):
            raise RulingInputError.single(
                f"{body.name(key)}.{index}", f"{card} is not in this shoe: J, Q and K are removed (OU-1)"
            )
    try:
        verify_cards(cards)
    except ImpossibleCardsError as error:
        raise body.error(key, str(error)) from None
    return cards


@question(GAME, "total")
def total(body: Body, rules: OverUnderRules) -> Ruling:
    """``{"cards": [1-4 cards]}`` -> ``{"total": 27, "jokers": 0}``."""
    cards = _cards(body, "cards", min_count=1, max_count=HAND_SIZE)
    result = hand_total(cards)
    reasons = total_reasons(cards)
    applied = tuple(dict.fromkeys((*result.rules, *(reason.rule for reason in reasons))))
    return Ruling(
        answer={"total": result.total, "jokers": result.jokers}, rules=applied, explanation=explain_reasons(reasons)
    )


def _choice(body: Body) -> Choice | None:
    """JSON null, an absent key or the text "null" (RULINGS.md writes ``"under|over|fold|null"``) is no choice."""
    raw = body.data.get("choice")
    if raw is None or (isinstance(raw, str) and raw.strip().lower() == "null"):
        return None
    return Choice(body.choice("choice", [choice.value for choice in Choice]))


def _read(errors: dict[str, list[str]], read: Callable[[], T]) -> T | None:
    """``read()``, or ``None`` with its field errors added to ``errors`` (all fields are reported at once)."""
    try:
        return read()
    except RulingInputError as error:
        errors.update(error.errors)
        return None


@question(GAME, "settle")
def settle_round(body: Body, rules: OverUnderRules) -> Ruling:
    """``{"ante", "bonus", "cards": [4 cards], "choice"}`` -> ``{"ante_win", "bonus_win", "net", "outcome"}``."""
    errors: dict[str, list[str]] = {}
    ante = _read(errors, lambda: body.money("ante"))
    bonus = _read(errors, lambda: body.money("bonus", default=Decimal(0)))
    cards = _read(errors, lambda: _cards(body, "cards", count=HAND_SIZE))
    choice = _read(errors, lambda: _choice(body))
    if ante is not None and bonus is not None:
        try:
            verify_bets(ante, bonus, rules)
        except OverUnderBetError as error:
            errors.setdefault(body.name(error.bet), []).append(str(error))
        except BonusNotConfiguredError as error:
            errors.setdefault(body.name("bonus"), []).append(str(error))
    if cards is not None and "choice" not in errors:
        try:
            verify_choice(cards, choice)
        except ChoiceError as error:
            errors.setdefault(body.name("choice"), []).append(str(error))
    if errors:
        raise RulingInputError(errors)
    assert ante is not None
    assert bonus is not None
    assert cards is not None
    result = settle(cards, choice, ante, bonus, rules)
    return Ruling(
        answer={
            "ante_win": money_json(result.ante_win),
            "bonus_win": money_json(result.bonus_win),
            "net": money_json(result.net),
            "outcome": result.outcome.value,
        },
        rules=result.rules,
        explanation=explain(result, rules),
    )


@question(GAME, "total-odds")
def odds(body: Body, rules: OverUnderRules) -> Ruling:
    """``{}`` -> ``{"totals": {"8": p, ..., "44": p}, "any_joker": p, "first_card_joker": p}``
    (plus ``bonus_expected_return`` when the property has a Bonus pay table)."""
    result = total_odds()
    answer: dict[str, object] = {
        "totals": {str(t): probability_json(p) for t, p in result.totals.items()},
        "any_joker": probability_json(result.any_joker),
        "first_card_joker": probability_json(result.first_card_joker),
    }
    expected = None
    if rules.bonus_pay_table is not None:
        expected = bonus_expected_return(rules.bonus_pay_table)
        answer["bonus_expected_return"] = probability_json(expected)
    reasons = odds_reasons(result, expected)
    applied = tuple(dict.fromkeys((*result.rules, *(reason.rule for reason in reasons))))
    return Ruling(answer=answer, rules=applied, explanation=explain_reasons(reasons))


@question(GAME, "procedure")
def procedure(body: Body, rules: OverUnderRules) -> Ruling:
    """A dealt round's recorded dealer actions, step by step (OU-P0 – OU-P6)."""
    cards = _cards(body, "cards", count=HAND_SIZE)
    boxes = body.objects("boxes", min_count=1, max_count=MAX_BOXES)
    bets: list[BoxBet] = []
    choices: list[Choice | None] = []
    for box in boxes:
        number = box.integer("box", low=1, high=MAX_BOXES)
        bets.append(BoxBet(number, box.money("ante"), box.money("bonus", Decimal(0))))
        choices.append(_choice(box))
    automations = stages(body, Automation)
    recorded = recorded_actions(body, VOCABULARY)
    try:
        begin = OverUnderStart(tuple(cards), tuple(bets), tuple(choices))
        start = OverUnderRound.begin(begin, rules, automations=automations)
    except StartError as error:
        raise RulingInputError.single(error.field, str(error)) from None
    results = start.settlement()
    settlement = [
        {
            "box": box,
            "ante_win": money_json(result.ante_win),
            "bonus_win": money_json(result.bonus_win),
            "net": money_json(result.net),
            "outcome": result.outcome.value,
        }
        for box, result in results.items()
    ]
    nets = ", ".join(f"box {box} {money_json(result.net)}" for box, result in results.items())
    return procedure_ruling(
        start, recorded, explain=explain_mistake, settlement=settlement, settlement_text=f"The round settles: {nets}."
    )
