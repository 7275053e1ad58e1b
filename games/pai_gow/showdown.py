"""Showdown against the player-dealer and the settlement of a whole table.

* PG-C: each hand is compared with the player-dealer's hand of the same size; ties
  ("copies") go to the player-dealer. The player wins only by winning both hands; one
  each is a push; the player-dealer winning both (copies included) is a loss.
* PG-12 / PG-13: a fouled player hand forfeits its wager (result ``foul``; decision:
  both comparisons then read ``banker``).
* PG-17: a fouled player-dealer setting is reset the house way before the showdown.
* PG-F (**house**, default 0): the collection fee per hand. Decisions: the fee is
  collected on every hand *in action* (covered amount above zero), whatever its result,
  and is part of the player's ``win`` (the change to the player's stack): a win is
  ``covered - fee``, a push ``-fee``, a loss or a foul ``-covered - fee``. The
  player-dealer's hand is a hand too: it pays the fee once when any hand is in action.
* PG-1: the table is paid clockwise from the Action button (positions 2–7, the
  player-dealer is position 1); bet *i* is covered up to ``min(bet i, bank - the covered
  amounts before it)`` and the rest of it is returned. Decision (as the formula reads):
  covered amounts count against the bank whatever the earlier hands' results, so a
  player's loss does not add to the bank for the bets after it. The player-dealer's net
  is minus the sum of the players' results against it, less the player-dealer's own fee
  (with no fee, exactly minus the sum of the players' nets).

>>> banker = Setting.of("QS QH 8D 6C 3H", "KS 9H")
>>> result = showdown(Setting.of("AS AH 9D 7C 5H", "KD 2C"), banker, Decimal("10"))
>>> result.high, result.low, result.result, result.win
(<Winner.PLAYER: 'player'>, <Winner.BANKER: 'banker'>, <Result.PUSH: 'push'>, Decimal('0.00'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from games.errors import ImpossibleCardsError, MoneyError
from games.money import ZERO, to_cents
from games.pai_gow.codes import DECK
from games.pai_gow.dice import PLAYER_POSITIONS
from games.pai_gow.errors import PositionError, SettingError
from games.pai_gow.ranking import HandValue
from games.pai_gow.rules import PaiGowRules
from games.pai_gow.setting import DEFAULT_RULES, FoulCheck, Setting, check_foul, player_dealer_setting, verify_seven

__all__ = [
    "HandSettlement",
    "Result",
    "Showdown",
    "TableHand",
    "TableSettlement",
    "Winner",
    "compare",
    "payment_order",
    "settle_table",
    "showdown",
]



class Winner(StrEnum):
    """Who takes one of the two comparisons (PG-C)."""

    PLAYER = "player"
    BANKER = "banker"
    COPY = "copy"


class Result(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    FOUL = "foul"


def compare(player: HandValue, banker: HandValue) -> Winner:
    """One comparison: the higher hand wins, equal hands are a copy (PG-C)."""
    if player > banker:
        return Winner.PLAYER
    if player < banker:
        return Winner.BANKER
    return Winner.COPY


@dataclass(frozen=True)
class Showdown:
    """A player's hand against the player-dealer's."""

    high: Winner
    low: Winner
    result: Result
    covered: Decimal
    """The part of the bet in action (the whole bet in a lone showdown)."""
    win: Decimal
    """The player's net (fee included, PG-F): positive paid, negative collected."""
    fee: Decimal
    """The collection fee taken on this hand (PG-F)."""
    player: Setting
    banker: Setting
    """The player-dealer's hand as played (after a PG-17 reset)."""
    banker_reset: bool
    foul_reason: str | None
    rules: tuple[str, ...]
    values: tuple[HandValue, HandValue, HandValue, HandValue] | None = None
    """Player high, player low, player-dealer high, player-dealer low (None on a foul)."""
    foul: FoulCheck | None = None
    """The player's foul check (PG-12, PG-13) when the hand is fouled."""


def _settle_result(result: Result, covered: Decimal, fee: Decimal) -> Decimal:
    if covered == 0:
        return ZERO
    outcome = {Result.WIN: covered, Result.PUSH: ZERO}.get(result, -covered)
    return to_cents(outcome - fee)


def _versus(player: Setting, banker: Setting, covered: Decimal, rules: PaiGowRules, reset: bool) -> Showdown:
    applied: list[str] = []
    fee = rules.fee if covered > 0 else ZERO
    foul = check_foul(player, rules)
    values = None
    if foul.fouled:
        applied.extend(foul.rules)
        high = low = Winner.BANKER
        result = Result.FOUL
    else:
        played = check_foul(banker, rules)
        assert played.high is not None
        assert played.low is not None
        assert foul.high is not None
        assert foul.low is not None
        values = (foul.high, foul.low, played.high, played.low)
        high, low = compare(foul.high, played.high), compare(foul.low, played.low)
        wins = (high is Winner.PLAYER) + (low is Winner.PLAYER)
        result = (Result.LOSE, Result.PUSH, Result.WIN)[wins]
        applied.append("PG-C")
        applied.extend(rule for rule in ("PG-R", "PG-J") if rule in foul.rules or rule in played.rules)
        applied.append("PG-16")  # the hands play at their true value, whatever was announced
    if reset:
        applied[1:1] = ["PG-17", "PG-H"]
    if fee:
        applied.append("PG-F")
    return Showdown(
        high=high,
        low=low,
        result=result,
        covered=covered,
        win=_settle_result(result, covered, fee),
        fee=fee,
        player=player,
        banker=banker,
        banker_reset=reset,
        foul_reason=foul.reason if foul.fouled else None,
        rules=tuple(dict.fromkeys(applied)),
        values=values,
        foul=foul if foul.fouled else None,
    )


def showdown(player: Setting, banker: Setting, bet: Decimal, rules: PaiGowRules = DEFAULT_RULES) -> Showdown:
    """One player's hand against the player-dealer's (PG-C, PG-12, PG-13, PG-17, PG-F).

    Raises :class:`SettingError` when a hand is not seven cards or a card appears twice
    across both hands (PG-0), :class:`MoneyError` for a negative bet.

    >>> banker = Setting.of("QS QH 8D 6C 3H", "KS 9H")
    >>> showdown(Setting.of("AS AH 9D 7C 5H", "KD JC"), banker, Decimal("10")).win
    Decimal('10.00')
    >>> showdown(Setting.of("QD QC 8S 6D 3C", "KH 9C"), banker, Decimal("10")).result
    <Result.LOSE: 'lose'>
    """
    if bet < 0:
        raise MoneyError(f"a bet cannot be negative: {bet}")
    _verify_table([player, banker])
    played, reset_rules = player_dealer_setting(banker, rules)
    return _versus(player, played, to_cents(bet), rules, bool(reset_rules))


def _verify_table(settings: Sequence[Setting]) -> None:
    for setting in settings:
        verify_seven(setting.cards)
    try:
        DECK.verify([card for setting in settings for card in setting.cards])
    except ImpossibleCardsError as error:
        raise SettingError(f"across the hands, {error}") from None


def payment_order(action: int, positions: Sequence[int]) -> list[int]:
    """PG-1: the occupied player positions clockwise from the Action button.

    >>> payment_order(5, [2, 3, 5, 7])
    [5, 7, 2, 3]
    """
    if action not in positions:
        raise PositionError(f"the Action button is at position {action}, where no hand is played (PG-4)")
    return sorted(positions, key=lambda position: (position - action) % 7)


@dataclass(frozen=True)
class TableHand:
    position: int
    setting: Setting
    bet: Decimal


@dataclass(frozen=True)
class HandSettlement:
    position: int
    bet: Decimal
    covered: Decimal
    returned: Decimal
    """The part of the bet the bank does not cover, given back (PG-1)."""
    showdown: Showdown

    @property
    def result(self) -> Result:
        return self.showdown.result

    @property
    def win(self) -> Decimal:
        return self.showdown.win


@dataclass(frozen=True)
class TableSettlement:
    hands: tuple[HandSettlement, ...]
    """In payment order, from the Action button (PG-1)."""
    banker_net: Decimal
    banker: Setting
    banker_reset: bool
    banker_fee: Decimal
    rules: tuple[str, ...]

    def by_position(self) -> dict[int, HandSettlement]:
        return {hand.position: hand for hand in self.hands}


def settle_table(
    banker: Setting, bank: Decimal, action: int, hands: Sequence[TableHand], rules: PaiGowRules = DEFAULT_RULES
) -> TableSettlement:
    """Settle every hand against the player-dealer's, clockwise from the Action button,
    to the extent the bank covers (PG-1; module doc for the decisions).

    >>> banker = Setting.of("QS QH 8D 6C 3H", "KS 9H")
    >>> winner = TableHand(3, Setting.of("AS AH 9D 7C 5H", "KD JC"), Decimal("60"))
    >>> loser = TableHand(5, Setting.of("2S 2H 4D 7S 5D", "TD 3C"), Decimal("60"))
    >>> table = settle_table(banker, Decimal("100"), 5, [winner, loser])
    >>> [(hand.position, hand.covered, hand.win) for hand in table.hands], table.banker_net
    ([(5, Decimal('60.00'), Decimal('-60.00')), (3, Decimal('40.00'), Decimal('40.00'))], Decimal('20.00'))
    """
    if bank < 0:
        raise MoneyError(f"the bank cannot be negative: {bank}")
    positions = [hand.position for hand in hands]
    for position in positions:
        if position not in PLAYER_POSITIONS:
            raise PositionError(f"position {position} is not a player position (2 to 7; 1 is the player-dealer)")
    if len(set(positions)) != len(positions):
        raise PositionError("a position holds one hand (PG-14)")
    if not hands:
        raise PositionError("a table needs at least one player hand")
    for hand in hands:
        if hand.bet < 0:
            raise MoneyError(f"a bet cannot be negative: {hand.bet} at position {hand.position}")
    _verify_table([banker, *(hand.setting for hand in hands)])
    played, reset_rules = player_dealer_setting(banker, rules)
    by_position = {hand.position: hand for hand in hands}
    left = to_cents(bank)
    settled: list[HandSettlement] = []
    applied: list[str] = ["PG-1", *reset_rules]
    for position in payment_order(action, positions):
        hand = by_position[position]
        bet = to_cents(hand.bet)
        covered = min(bet, left)  # PG-1: bet i covers min(bet i, bank - covered before it)
        left -= covered
        result = _versus(hand.setting, played, covered, rules, bool(reset_rules))
        applied.extend(result.rules)
        settled.append(HandSettlement(position, bet, covered, bet - covered, result))
    in_action = any(hand.covered > 0 for hand in settled)
    banker_fee = rules.fee if in_action else ZERO
    against_banker = sum((hand.showdown.win + hand.showdown.fee for hand in settled), ZERO)
    if banker_fee:
        applied.append("PG-F")
    return TableSettlement(
        hands=tuple(settled),
        banker_net=to_cents(-against_banker - banker_fee),
        banker=played,
        banker_reset=bool(reset_rules),
        banker_fee=banker_fee,
        rules=tuple(dict.fromkeys(applied)),
    )
