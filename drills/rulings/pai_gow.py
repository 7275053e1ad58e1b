"""Rulings door: the ``pai-gow`` questions of RULINGS.md (``rank``, ``house-way``, ``foul``,
``showdown``, ``table``, ``dice``, ``deal-procedure``). Every rule lives in
``games.pai_gow``; this module reads the JSON, names the field of any bad input, and
words the answer.

Input decisions (RULINGS.md is silent):

* Cards come from one 52-card deck and two jokers (PG-0): a card twice, or a third
  joker, is refused naming the field where it appears again (``banker.high``...), also
  across the hands of ``showdown`` and ``table``.
* ``rank`` takes 5 cards (a high hand) or 2 (a low hand); ``best`` lists the cards in
  the order given, each joker replaced by the card it became.
* ``house-way`` answers each hand in the order the cards were given.
* ``foul``, ``showdown`` and ``table`` take any split of a hand's seven cards: a split
  other than 5 + 2 (or five cards in ``low``) is a foul (PG-13), not an error; a hand
  that does not hold seven cards in all is an error naming the hand. A fouled
  player-dealer hand is reset the house way (PG-17) and the answer says so.
* ``table``: ``hands`` keys are the positions 2–7; ``action`` must be one of them (the
  Action button is always at a player's position, PG-4). The answer lists the hands in
  payment order, clockwise from the Action button (PG-1).
* ``dice``: exactly three dice of 1–6; ``occupied`` lists distinct positions 2–7,
  at least one (default: all six).
* ``procedure`` (PROCEDURES.md): ``{"deck": [the 54 cards in the order they come out],
  "dice": [3 dice], "bank", "seats": [{"position", "bet", "setting"?}], "bank_setting"?,
  "events"?: [as deal-procedure], "actions": [dealer actions in the notation],
  "automations"?: [stages]}``; a seat or the player-dealer without a setting sets by the
  house way; a listed setting must hold the cards the deal gives that position. The answer
  is :mod:`drills.rulings.rounds`'s, with ``settlement`` ``{"misdeal", "hands": [{"position",
  "bet", "covered", "returned", "result", "win", "fee"}] (payment order), "banker_net",
  "banker_fee"}``.
* ``deal-procedure``: ``events`` may be empty (``continue``); a card can be boxed or
  exposed once (a joker twice), and a deal has at most one ``wrong-spots`` and one
  ``dealer-hand-opened-early`` event; ``players_looked`` is 0–6,
  ``looked_at_dealer_hand`` defaults to false.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from drills.rulings.base import Body, Ruling, RulingInputError, money_json, question
from drills.rulings.rounds import procedure_ruling, recorded_actions, stages
from games.cards import AnyCard, Joker, format_cards
from games.pai_gow import (
    DECK,
    BoxedCard,
    DealerHandOpenedEarly,
    DealEvent,
    DealEventError,
    ExposedCard,
    PaiGowRules,
    Setting,
    TableHand,
    WrongSpots,
    check_foul,
    house_way,
    rank_hand,
    read_dice,
    rule_deal,
    settle_table,
    showdown,
    words,
)
from games.pai_gow.dice import PLAYER_POSITIONS
from games.pai_gow.procedures import MAX_PLAYERS
from games.pai_gow.ranking import Category
from games.pai_gow.round import VOCABULARY, Automation, PaiGowRound, PaiGowStart, Seat, StartError
from games.pai_gow.round_words import explain_mistake
from games.reasons import explain

GAME = PaiGowRules.GAME
SEVEN = 7


# --- input helpers ------------------------------------------------------------------------


def _verify_distinct(parts: Sequence[tuple[str, Sequence[AnyCard]]]) -> None:
    """PG-0 across several fields: name the field where a card appears once too often."""
    seen: Counter[AnyCard] = Counter()
    first_field: dict[AnyCard, str] = {}
    for field_name, cards in parts:
        for card in cards:
            seen[card] += 1
            first_field.setdefault(card, field_name)
            if seen[card] > DECK.copies(card):
                if isinstance(card, Joker):
                    message = "a third joker: the deck holds two (PG-0)"
                elif first_field[card] == field_name:
                    message = f"{card} appears twice: the deck holds one {card} (PG-0)"
                else:
                    message = f"{card} is also in {first_field[card]}: the deck holds one {card} (PG-0)"
                raise RulingInputError.single(field_name, message)


def _cards(body: Body, key: str) -> list[AnyCard]:
    return body.cards(key, jokers=True, shoe=DECK)


def _setting(body: Body, key: str) -> tuple[Setting, list[tuple[str, Sequence[AnyCard]]]]:
    """A hand ``{"high": [...], "low": [...]}`` holding seven cards in all (any split)."""
    hand = body.nested(key)
    high, low = _cards(hand, "high"), _cards(hand, "low")
    parts: list[tuple[str, Sequence[AnyCard]]] = [(hand.name("high"), high), (hand.name("low"), low)]
    _verify_distinct(parts)
    if len(high) + len(low) != SEVEN:
        raise body.error(key, f"high and low must hold the hand's seven cards in all, not {len(high) + len(low)}")
    return Setting(tuple(high), tuple(low)), parts


# --- rank --------------------------------------------------------------------------------


@question(GAME, "rank")
def rank(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"cards": [5 or 2 cards]}`` -> ``{"rank": "...", "best": [...]}``."""
    cards = _cards(body, "cards")
    if len(cards) not in (5, 2):
        raise body.error("cards", f"a Pai Gow hand holds 5 cards (high hand) or 2 (low hand), not {len(cards)}")
    value = rank_hand(cards, rules.wheel_lowest_straight)
    reasons = words.hand_reasons(cards, value)
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and not rules.wheel_lowest_straight:
        reasons = (*dict.fromkeys((*reasons, words.wheel_reason(rules.wheel_lowest_straight))),)
    return Ruling(
        answer={"rank": value.category.value, "best": format_cards(value.best)},
        rules=tuple(sorted(words.cited(reasons), key=("PG-R", "PG-J").index)),
        explanation=explain(reasons),
    )


# --- house-way -----------------------------------------------------------------------------


@question(GAME, "house-way")
def house_way_question(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"cards": [7 cards]}`` -> ``{"high": [5 cards], "low": [2 cards]}``."""
    cards = body.cards("cards", count=SEVEN, jokers=True, shoe=DECK)
    result = house_way(cards, rules)
    high = rank_hand(result.setting.high, rules.wheel_lowest_straight)
    low = rank_hand(result.setting.low, rules.wheel_lowest_straight)
    return Ruling(
        answer={"high": format_cards(result.setting.high), "low": format_cards(result.setting.low)},
        rules=result.rules,
        explanation=explain(words.house_way_reasons(result, high, low)),
    )


# --- foul ----------------------------------------------------------------------------------


@question(GAME, "foul")
def foul(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"high": [...], "low": [...]}`` (any split of seven cards) -> ``{"fouled", "reason"}``."""
    high, low = _cards(body, "high"), _cards(body, "low")
    _verify_distinct([("high", high), ("low", low)])
    if len(high) + len(low) != SEVEN:
        message = f"high and low must hold the hand's seven cards in all, not {len(high) + len(low)}"
        raise RulingInputError({"high": [message], "low": [message]})
    setting = Setting(tuple(high), tuple(low))
    check = check_foul(setting, rules)
    return Ruling(
        answer={"fouled": check.fouled, "reason": check.reason},
        rules=check.rules,
        explanation=explain(words.with_every_rule(words.foul_reasons(check, setting), check.rules)),
    )


# --- showdown ------------------------------------------------------------------------------

@question(GAME, "showdown")
def showdown_question(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"player": {...}, "banker": {...}, "bet": "10"}`` -> ``{"high", "low", "result", "win"}``."""
    player, player_parts = _setting(body, "player")
    banker, banker_parts = _setting(body, "banker")
    bet = body.money("bet")
    _verify_distinct(player_parts + banker_parts)
    result = showdown(player, banker, bet, rules)
    return Ruling(
        answer={
            "high": result.high.value,
            "low": result.low.value,
            "result": result.result.value,
            "win": money_json(result.win),
        },
        rules=result.rules,
        explanation=explain(words.with_every_rule(words.showdown_reasons(result), result.rules)),
    )


# --- table -------------------------------------------------------------------------------


@question(GAME, "table")
def table(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"banker": {...}, "bank": "100", "action": 3, "hands": {"2": {...}, ...}}`` ->
    ``{"hands": {"2": {"covered", "result", "win"}, ...}, "banker_net": "..."}``."""
    banker, parts = _setting(body, "banker")
    bank = body.money("bank")
    action = body.integer("action", low=2, high=7)
    hands_body = body.nested("hands")
    if not hands_body.data:
        raise body.error("hands", "at least one player hand, keyed by its position 2 to 7")
    hands: list[TableHand] = []
    for key in hands_body.data:
        if not (isinstance(key, str) and key.isdigit() and int(key) in PLAYER_POSITIONS):
            raise hands_body.error(key, "a hand is keyed by its position, 2 to 7 (1 is the player-dealer)")
        setting, hand_parts = _setting(hands_body, key)
        bet = hands_body.nested(key).money("bet")
        parts += hand_parts
        hands.append(TableHand(int(key), setting, bet))
    _verify_distinct(parts)
    if action not in {hand.position for hand in hands}:
        raise body.error("action", f"position {action} has no hand: the Action button is at a player's position (PG-4)")
    settlement = settle_table(banker, bank, action, hands, rules)
    return Ruling(
        answer={
            "hands": {
                str(hand.position): {
                    "covered": money_json(hand.covered),
                    "result": hand.result.value,
                    "win": money_json(hand.win),
                }
                for hand in settlement.hands
            },
            "banker_net": money_json(settlement.banker_net),
        },
        rules=settlement.rules,
        explanation=explain(words.with_every_rule(words.table_reasons(settlement, bank, action), settlement.rules)),
    )


# --- dice --------------------------------------------------------------------------------


@question(GAME, "dice")
def dice(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"dice": [3, 5, 6], "occupied": [2, 3, 5, 6]}`` -> ``{"first_hand": 7, "action": 2}``."""
    values = body.integers("dice", low=1, high=6)
    if len(values) != 3:
        raise body.error("dice", f"three dice are thrown, not {len(values)} (PG-3)")
    occupied = body.integers("occupied", low=2, high=7, default=list(PLAYER_POSITIONS))
    if not occupied:
        raise body.error("occupied", "at least one player position (2 to 7) must be occupied")
    if len(set(occupied)) != len(occupied):
        raise body.error("occupied", "a position is listed twice")
    reading = read_dice(values, occupied)
    return Ruling(
        answer={"first_hand": reading.first_hand, "action": reading.action},
        rules=reading.rules,
        explanation=explain(words.dice_reasons(reading)),
    )


# --- deal-procedure ----------------------------------------------------------------------

EVENT_TYPES = ("boxed", "exposed", "wrong-spots", "dealer-hand-opened-early")


def _events(body: Body, key: str) -> list[DealEvent]:
    """The deal's events (``deal-procedure``'s shape), each error naming its field."""
    events: list[DealEvent] = []
    cards: list[tuple[str, Sequence[AnyCard]]] = []
    kinds_seen: dict[str, str] = {}
    for event in body.objects(key):
        kind = event.choice("type", EVENT_TYPES)
        if kind in ("boxed", "exposed"):
            card = event.card("card", jokers=True)
            cards.append((event.name("card"), [card]))
            _verify_distinct(cards)
            events.append(BoxedCard(card) if kind == "boxed" else ExposedCard(card))
            continue
        if kind in kinds_seen:
            raise event.error("type", f"one deal has at most one {kind} event (see {kinds_seen[kind]})")
        kinds_seen[kind] = event.path
        if kind == "wrong-spots":
            looked = event.integer("players_looked", low=0, high=MAX_PLAYERS)
            events.append(WrongSpots(looked, event.boolean("looked_at_dealer_hand", default=False)))
        else:
            events.append(DealerHandOpenedEarly())
    return events


@question(GAME, "deal-procedure")
def deal_procedure(body: Body, rules: PaiGowRules) -> Ruling:
    """``{"events": [...]}`` -> ``{"ruling": "...", "logical_way": false}``."""
    events = _events(body, "events")
    try:
        outcome = rule_deal(events)
    except DealEventError as error:  # pragma: no cover - the checks above come first
        raise body.error("events", str(error)) from None
    return Ruling(
        answer={"ruling": outcome.ruling.value, "logical_way": outcome.logical_way},
        rules=outcome.rules,
        explanation=explain(outcome.reasons),
    )


@question(GAME, "procedure")
def procedure(body: Body, rules: PaiGowRules) -> Ruling:
    """A dealt round's recorded dealer actions, step by step (PG-P1 – PG-P6)."""
    deck = body.cards("deck", count=DECK.size, jokers=True, shoe=DECK)
    dice_values = body.integers("dice", low=1, high=6)
    if len(dice_values) != 3:
        raise body.error("dice", f"three dice are thrown, not {len(dice_values)} (PG-3)")
    bank = body.money("bank")
    seats: list[Seat] = []
    listed: dict[int, Setting] = {}
    for seat in body.objects("seats", min_count=1, max_count=len(PLAYER_POSITIONS)):
        position = seat.integer("position", low=2, high=7)
        seats.append(Seat(position, seat.money("bet")))
        if seat.has("setting"):
            listed[position] = _setting(seat, "setting")[0]
    if body.has("bank_setting"):
        listed[1] = _setting(body, "bank_setting")[0]
    events = _events(body, "events") if body.has("events") else []
    automations = stages(body, Automation)
    recorded = recorded_actions(body, VOCABULARY)
    try:
        begin = PaiGowStart.of(deck, dice_values, bank, seats, listed, rules=rules, events=events)
        start = PaiGowRound.begin(begin, rules, automations=automations)
    except StartError as error:
        raise RulingInputError.single(error.field, str(error)) from None
    table = start.settlement()
    if table is None:
        settlement: dict[str, object] = {"misdeal": True, "hands": [], "banker_net": "0.00", "banker_fee": "0.00"}
        text = "The round is a misdeal: every bet stays (PG-6)."
    else:
        settlement = {
            "misdeal": False,
            "hands": [
                {
                    "position": hand.position,
                    "bet": money_json(hand.bet),
                    "covered": money_json(hand.covered),
                    "returned": money_json(hand.returned),
                    "result": hand.result.value,
                    "win": money_json(hand.win),
                    "fee": money_json(hand.showdown.fee),
                }
                for hand in table.hands
            ],
            "banker_net": money_json(table.banker_net),
            "banker_fee": money_json(table.banker_fee),
        }
        nets = ", ".join(f"position {hand.position} {money_json(hand.win)}" for hand in table.hands)
        banker = money_json(table.banker_net)
        text = f"The round settles clockwise from the Action button (PG-1): {nets}; the player-dealer {banker}."
    return procedure_ruling(start, recorded, explain=explain_mistake, settlement=settlement, settlement_text=text)
