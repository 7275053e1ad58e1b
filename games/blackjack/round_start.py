"""What a twenty-one round starts from: the boxes and their bets, the shoe's cards in the
order they come out, the paired boxes (Jack Switch), the table limits, the players and the
irregularities a scenario injects; and its checks (an impossible start names its field).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from games.blackjack.round_actions import LateBet, RoundAction
from games.blackjack.rules import TwentyOneRules
from games.cards import Card
from games.errors import GameError, ImpossibleCardsError
from games.money import ZERO, format_money
from games.players.twenty_one import TwentyOnePlayer

MAX_BOXES: Final = 7


class StartError(GameError):
    """An impossible start; ``field`` is the rulings door's name for the bad value
    (``boxes.1.bet``, ``pairs.0``, ``shoe``, ``table_limits``...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class DecisionError(GameError):
    """The listed players' decisions do not fit the round: one is missing, not allowed
    now, or never used. ``index`` is its place in the list (``None``: a missing one)."""

    def __init__(self, index: int | None, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


class ShoeExhaustedError(GameError):
    """The round needs more cards than the start gives."""

    def __init__(self, given: int) -> None:
        super().__init__(f"the round needs more than the {given} cards given: list the cards until the round ends")
        self.given = given


@dataclass(frozen=True, slots=True)
class TableLimits:
    minimum: Decimal = Decimal("10.00")
    maximum: Decimal = Decimal("200.00")

    def __str__(self) -> str:
        return f"{format_money(self.minimum)}-{format_money(self.maximum)}"


@dataclass(frozen=True, slots=True)
class BoxBet:
    """A box at the table and its bets (BJ-P1). ``box`` is its position, 1 to 7 in box order
    (from the players' right); side bets only at Jack Switch (JS-PB, JS-SM: the Super Match
    on the first box of a pair)."""

    box: int
    bet: Decimal
    pair_bonus: Decimal = ZERO
    super_match: Decimal = ZERO


@dataclass(frozen=True, slots=True)
class Decisions:
    """The players' decisions listed in advance (the rulings door): player actions in the
    order each box takes them. An offer (insurance, even money, surrender, the Switch)
    without a listed decision is declined; every hand's stand / hit / double / split must
    be listed."""

    actions: tuple[RoundAction, ...]


Players = TwentyOnePlayer | Decisions


@dataclass(frozen=True, slots=True)
class RoundStart:
    """Everything a round is a pure function of."""

    rules: TwentyOneRules
    boxes: tuple[BoxBet, ...]
    shoe: tuple[Card, ...]
    """The cards in the order they come out of the shoe (a seeded shuffle, or as seen)."""
    players: Players = field(default_factory=TwentyOnePlayer)
    seed: int = 0
    """Seeds the players' chances (a policy's deviations), not the shoe."""
    pairs: tuple[tuple[int, int], ...] = ()
    """Jack Switch: boxes played as a pair by one player (JS-7), lower box first."""
    limits: TableLimits = field(default_factory=TableLimits)
    irregularities: tuple[LateBet, ...] = ()
    """Late bets pushed out after the deal, which the dealer must refuse (BJ-P1)."""

    def box_bet(self, box: int) -> BoxBet:
        for item in self.boxes:
            if item.box == box:
                return item
        raise KeyError(box)

    def partner(self, box: int) -> int | None:
        for first, second in self.pairs:
            if box == first:
                return second
            if box == second:
                return first
        return None


def verify_start(start: RoundStart) -> None:
    """Raise :class:`StartError` naming the field unless the round can be dealt."""
    rules = start.rules
    if not 1 <= len(start.boxes) <= MAX_BOXES:
        raise StartError("boxes", f"a table has 1 to {MAX_BOXES} boxes with a bet, not {len(start.boxes)}")
    if start.limits.minimum <= 0 or start.limits.minimum > start.limits.maximum:
        raise StartError("table_limits", f"{start.limits} is not a minimum and a maximum, the minimum first")
    if list(start.boxes) != sorted(start.boxes, key=lambda item: item.box):
        raise StartError("boxes", "list the boxes in box order (from the players' right), each once")
    seen: set[int] = set()
    for index, item in enumerate(start.boxes):
        _verify_box(start, index, item, seen)
    _verify_pairs(start)
    for index, late in enumerate(start.irregularities):
        if late.box in seen or not 1 <= late.box <= MAX_BOXES:
            raise StartError(f"late_bets.{index}", f"a late bet goes on an empty box (1-{MAX_BOXES})")
        if late.amount <= 0:
            raise StartError(f"late_bets.{index}", "a late bet is more than zero")
    try:
        rules.shoe.verify(start.shoe)
    except ImpossibleCardsError as error:
        raise StartError("shoe", str(error)) from None


def _verify_box(start: RoundStart, index: int, item: BoxBet, seen: set[int]) -> None:
    where = f"boxes.{index}"
    if not 1 <= item.box <= MAX_BOXES:
        raise StartError(f"{where}.box", f"a box is numbered 1 to {MAX_BOXES}")
    if item.box in seen:
        raise StartError(f"{where}.box", f"box {item.box} is listed twice")
    seen.add(item.box)
    limits = start.limits
    if not limits.minimum <= item.bet <= limits.maximum:
        raise StartError(f"{where}.bet", f"{format_money(item.bet)} is outside the table limits {limits} (BJ-P1)")
    side_bets = (("pair_bonus", item.pair_bonus, "JS-PB"), ("super_match", item.super_match, "JS-SM"))
    for name, amount, rule in side_bets:
        if amount == 0:
            continue
        if not start.rules.HAS_SWITCH:
            raise StartError(f"{where}.{name}", f"there is no {name.replace('_', ' ')} in {start.rules.GAME} ({rule})")
        _verify_bonus_amount(start, f"{where}.{name}", amount)
    if item.super_match > 0 and not any(first == item.box for first, _ in start.pairs):
        raise StartError(f"{where}.super_match", "the Super Match plays on the four first cards of paired boxes: "
                                                 "place it on the first box of a pair (JS-SM)")


def _verify_bonus_amount(start: RoundStart, field_name: str, amount: Decimal) -> None:
    from games.jack_switch.rules import JackSwitchRules

    rules = start.rules
    if not isinstance(rules, JackSwitchRules):
        raise StartError(field_name, "side bets need the Jack Switch rule set (JS-L)")
    limit = rules.bonus_limit_for(start.limits.minimum, start.limits.maximum)
    if limit is None:
        raise StartError("table_limits", f"this house has no bonus limits for a {start.limits} table (JS-L)")
    if not limit.bonus_min <= amount <= limit.bonus_max:
        raise StartError(field_name, f"{format_money(amount)} is outside the bonus limits "
                                     f"{format_money(limit.bonus_min)}-{format_money(limit.bonus_max)} (JS-L)")


def _verify_pairs(start: RoundStart) -> None:
    paired: set[int] = set()
    boxes = {item.box: item for item in start.boxes}
    for index, (first, second) in enumerate(start.pairs):
        where = f"pairs.{index}"
        if not start.rules.HAS_SWITCH:
            raise StartError(where, f"paired boxes are Jack Switch's (JS-7), not {start.rules.GAME}'s")
        if first >= second:
            raise StartError(where, "a pair is two different boxes, the lower first")
        for box in (first, second):
            if box not in boxes:
                raise StartError(where, f"box {box} has no bet")
            if box in paired:
                raise StartError(where, f"box {box} is in two pairs")
            paired.add(box)
        if boxes[first].bet != boxes[second].bet:
            raise StartError(where, "paired boxes have equal bets (JS-7)")


def sorted_pairs(pairs: Iterable[Iterable[int]]) -> tuple[tuple[int, int], ...]:
    """Pairs written either way round, lower box first, in box order."""
    as_lists = [tuple(pair) for pair in pairs]
    return tuple(sorted((min(pair), max(pair)) for pair in as_lists))
