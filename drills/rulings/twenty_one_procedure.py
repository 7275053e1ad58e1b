"""Rulings door: the ``procedure`` question of Blackjack and Jack Switch (registered for
both by ``drills.rulings.blackjack``): a round's start and the dealer's recorded actions
in, each step right or the first deviation out, with the action that was due, the rule
IDs, and the settlement the round must end with. What a floor person or surveillance uses
to check a round seen on video. The vocabulary and a worked example: ``PROCEDURES.md``.

Body::

    {"boxes": [{"box": 1, "bet": "25", "pair_bonus": "0", "super_match": "0"}, ...],
     "pairs": [[1, 2]],                 # Jack Switch's paired boxes (optional)
     "table_limits": "10-200",          # optional; BJ-P1, JS-L
     "shoe": ["TH", "7C", ...],         # the cards in the order they came out of the shoe
     "decisions": ["stand box=1", ...], # the players' decisions, in the notation
     "late_bets": [{"box": 4, "amount": "25"}],   # optional irregularities (BJ-P1)
     "actions": ["deal box=1 card=TH", ...]}      # the dealer's recorded actions

``decisions`` and ``actions`` take a list of lines or one text of lines (``#`` comments
and blank lines skipped). An offer with no listed decision is declined; each hand's
stand / hit / double / split must be listed. Bad input is a 400 naming the field: an
action outside the vocabulary or a player's decision among the dealer's actions
(``actions.<n>``, counted from 0), a card that is not the next one out of the shoe
(``actions.<n>``), an impossible start (``boxes.<n>.bet`` under the table minimum,
``shoe`` with a seventh A♠, ``pairs.<n>``), too few cards for the round (``shoe``),
a missing or impossible decision (``decisions`` / ``decisions.<n>``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from drills.rulings.base import JSON, Body, Ruling, money_json
from games.blackjack.explain import describe, explain_mistake
from games.blackjack.round import (
    BoxBet,
    DecisionError,
    Decisions,
    ShoeExhaustedError,
    StartError,
    TableLimits,
    TwentyOneRound,
)
from games.blackjack.round_actions import PLAYER_VOCABULARY, VOCABULARY, LateBet, RoundAction
from games.blackjack.rules import TwentyOneRules
from games.errors import BetError
from games.procedure import (
    Action,
    Actor,
    NotationError,
    ProcedureError,
    Review,
    StepVerdict,
    parse_action,
    review,
)

MAX_ACTIONS: Final = 1000
MAX_DECISIONS: Final = 300
DEFAULT_LIMITS: Final = "10-200"


def _lines(body: Body, key: str, limit: int) -> list[str]:
    """A list of notation lines, or one text of lines; comments and blank lines dropped
    (each kept line keeps its place in the input for error names)."""
    raw = body.raw(key, default=[])
    if isinstance(raw, str):
        items: list[JSON] = raw.splitlines()
    elif isinstance(raw, list):
        items = raw
    else:
        raise body.error(key, "must be a list of lines in the notation, or one text of lines")
    if len(items) > limit:
        raise body.error(key, f"must hold at most {limit} lines, not {len(items)}")
    lines = []
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise body.error(f"{key}.{index}", "must be a line of the notation, as a string")
        lines.append(item.split("#", 1)[0].strip())
    return lines


def _parse(body: Body, key: str, limit: int, *, actor: Actor) -> list[tuple[int, Action]]:
    vocabulary = PLAYER_VOCABULARY if actor is Actor.PLAYER else VOCABULARY
    parsed: list[tuple[int, Action]] = []
    for index, line in enumerate(_lines(body, key, limit)):
        if not line:
            continue
        try:
            action = parse_action(line, vocabulary, number=index)
        except NotationError as error:
            message = str(error).split(": ", 1)[-1]
            raise body.error(f"{key}.{index}", message) from None
        if actor is Actor.DEALER and action.ACTOR is not Actor.DEALER:
            raise body.error(f"{key}.{index}", f"{action.VERB!r} is the {action.ACTOR.value}'s, not the dealer's: "
                                               "list the players' decisions under decisions")
        parsed.append((index, action))
    return parsed


def _boxes(body: Body) -> tuple[BoxBet, ...]:
    items = body.objects("boxes", min_count=1, max_count=7)
    return tuple(
        BoxBet(
            box=item.integer("box", low=1, high=7),
            bet=item.money("bet"),
            pair_bonus=item.money("pair_bonus", default=Decimal(0)),
            super_match=item.money("super_match", default=Decimal(0)),
        )
        for item in items
    )


def _pairs(body: Body) -> list[tuple[int, int]]:
    pairs = []
    for index, value in enumerate(body.array("pairs", default=[])):
        if not isinstance(value, list) or len(value) != 2:
            raise body.error(f"pairs.{index}", "a pair is two box numbers, such as [1, 2]")
        first, second = (body.sub_integer(f"pairs.{index}", n, value[n], 1, 7) for n in (0, 1))
        pairs.append((first, second))
    return pairs


def _limits(body: Body) -> TableLimits:
    from games.jack_switch.rules import parse_limits

    try:
        low, high = parse_limits(body.raw("table_limits", default=DEFAULT_LIMITS))
    except BetError as error:
        raise body.error("table_limits", str(error)) from None
    return TableLimits(low, high)


def _late_bets(body: Body) -> list[LateBet]:
    if not body.has("late_bets"):
        return []
    return [LateBet(box=item.integer("box", low=1, high=7), amount=item.money("amount"))
            for item in body.objects("late_bets", max_count=7)]


def start_round(body: Body, rules: TwentyOneRules) -> TwentyOneRound:
    """The round the body starts, its players playing the listed decisions (400s named)."""
    boxes = _boxes(body)
    shoe = body.standard_cards("shoe", min_count=1, max_count=rules.shoe.size, shoe=rules.shoe)
    decisions = _parse(body, "decisions", MAX_DECISIONS, actor=Actor.PLAYER)
    places = [index for index, _ in decisions]
    actions = tuple(action for _, action in decisions if isinstance(action, RoundAction))
    try:
        return TwentyOneRound.start(rules, boxes, shoe, players=Decisions(actions), pairs=_pairs(body),
                                    limits=_limits(body), irregularities=_late_bets(body))
    except StartError as error:
        raise body.error(error.field, error.message) from None
    except ShoeExhaustedError as error:
        raise body.error("shoe", str(error)) from None
    except DecisionError as error:
        field = "decisions" if error.index is None else f"decisions.{places[error.index]}"
        raise body.error(field, error.message) from None


def _step_json(verdict: StepVerdict, place: int) -> dict[str, JSON]:
    item: dict[str, JSON] = {"step": verdict.step, "line": place, "action": verdict.action.notation(),
                             "right": verdict.right, "rules": list(verdict.rules)}
    error = verdict.error
    if error is not None:
        item["due"] = error.due.notation() if error.due is not None else None
        item["mistake"] = error.mistake
        item["message"] = explain_mistake(error)
    return item


def settlement_json(state: TwentyOneRound) -> dict[str, JSON]:
    """Every box's settlement (settle_box's) and side bets: what the round ends with."""
    boxes = []
    total = Decimal(0)
    for box, settled in state.settlement:
        side = [{"bet": bet.bet.value, "combination": bet.combination, "win": money_json(bet.win)}
                for bet in state.side_bets if bet.box == box]
        net = settled.net + sum((bet.win for bet in state.side_bets if bet.box == box), Decimal(0))
        total += net
        boxes.append({
            "box": box,
            "hands": [{"result": str(hand.result), "win": money_json(hand.win)} for hand in settled.hands],
            "insurance_win": money_json(settled.insurance_win),
            "side_bets": side,
            "net": money_json(net),
        })
    return {"boxes": boxes, "dealer": [str(card) for card in state.dealer_final], "net": money_json(total)}


def procedure(body: Body, rules: object) -> Ruling:
    """Check a recorded round step by step (see the module doc)."""
    from drills.rulings.blackjack import twenty_one_rules

    game = twenty_one_rules(rules)
    start = start_round(body, game)
    recorded = _parse(body, "actions", MAX_ACTIONS, actor=Actor.DEALER)
    places = [index for index, _ in recorded]
    checked = review(start, [action for _, action in recorded])
    first = checked.first_error
    if first is not None and first.mistake == "card-not-next":
        step = first.step or 1
        raise body.error(f"actions.{places[step - 1]}", _not_next(first))
    reached = checked.reached
    remaining = checked.correct_end.log[len(reached.log):]
    answer = {
        "steps": [_step_json(verdict, places[verdict.step - 1]) for verdict in checked.steps],
        "first_deviation": first.step if first is not None else None,
        "complete": checked.complete,
        "remaining": [action.notation() for action in remaining],
        "settlement": settlement_json(start),
    }
    return Ruling(answer=answer, rules=_rules(checked.steps, first, game), explanation=_explain(checked, first,
                                                                                                 remaining))


def _not_next(error: ProcedureError) -> str:
    return (f"{error.details.get('card')} is not the next card out of the shoe (the next is "
            f"{error.details.get('next')}): the recorded actions must follow the listed shoe")


def _rules(steps: Sequence[StepVerdict], first: ProcedureError | None, rules: TwentyOneRules) -> tuple[str, ...]:
    ids: list[str] = []
    if first is not None:
        ids.append(first.rule)
        ids.extend(rule for verdict in steps if not verdict.right for rule in verdict.rules)
    ids.extend(rule for verdict in steps for rule in verdict.rules)
    if not ids:
        ids.append("BJ-P2")
    return rules.cite(ids)


def _explain(checked: Review[TwentyOneRound], first: ProcedureError | None, remaining: Sequence[Action]) -> str:
    steps = checked.steps
    if first is not None:
        return f"Step {first.step}: {explain_mistake(first)}"
    dealer_next = next((action for action in remaining if action.ACTOR is Actor.DEALER), None)
    if checked.complete:
        return (f"All {len(steps)} recorded actions are right and the round is complete: the procedure of "
                "BJ-P1 to BJ-P10 was followed.")
    next_text = f" Next due: {describe(dealer_next)}." if dealer_next is not None else ""
    return f"The {len(steps)} recorded actions are right, but the round is not over.{next_text}"
