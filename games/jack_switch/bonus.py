"""Jack Switch's side bets: Super Match (JS-SM), the pair bonus (JS-PB) and the bonus-bet
limits (JS-L).

>>> rules = JackSwitchRules()
>>> ruling = super_match(parse_hand("7S 7H KD KC"), Decimal("10"), rules)
>>> ruling.value.combination, ruling.value.pays
('two-pairs', Decimal('80.00'))
>>> pair_bonus(parse_hand("QH QH"), Decimal("10"), rules).value.pays
Decimal('300.00')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from games.blackjack.errors import ImpossibleShoeError, SituationError, StakeError
from games.blackjack.hand import Ruled
from games.cards import Card
from games.errors import BetError, ImpossibleCardsError
from games.jack_switch import words
from games.jack_switch.rules import BonusLimit, JackSwitchRules, parse_limits
from games.money import ZERO, format_money, payout
from games.reasons import Reason


class SuperMatch(StrEnum):
    """Super Match combinations of the four first cards (JS-SM), by rank."""

    NONE = "none"
    ONE_PAIR = "one-pair"
    THREE_OF_A_KIND = "three-of-a-kind"
    TWO_PAIRS = "two-pairs"
    FOUR_OF_A_KIND = "four-of-a-kind"


class PairBonus(StrEnum):
    """Pair-bonus combinations of a box's first two cards (JS-PB)."""

    NONE = "none"
    DIFFERENT_COLOUR = "different-colour-pair"
    SAME_COLOUR = "same-colour-pair"
    SAME_SUIT = "same-suit-pair"


@dataclass(frozen=True, slots=True)
class SideBetResult:
    combination: str
    pays: Decimal
    """Winnings on top of the returned stake; 0.00 when the bet loses."""
    reasons: tuple[Reason, ...] = ()
    """Why: the combination read from the cards, and what the house's table pays for it."""


def super_match_combination(cards: Sequence[Card]) -> SuperMatch:
    """The one combination four cards make, by rank: a pair of Kings is a pair, a King and
    a Queen are not (JS-SM). Each hand has exactly one, so the highest is the one paid.

    >>> super_match_combination(parse_hand("7S 7H 7D 2C")), super_match_combination(parse_hand("KS QH JD TC"))
    (<SuperMatch.THREE_OF_A_KIND: 'three-of-a-kind'>, <SuperMatch.NONE: 'none'>)
    """
    if len(cards) != 4:
        raise ValueError("Super Match plays on four cards")
    shape = sorted(Counter(card.rank for card in cards).values(), reverse=True)
    if shape[0] == 4:
        return SuperMatch.FOUR_OF_A_KIND
    if shape[0] == 3:
        return SuperMatch.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return SuperMatch.TWO_PAIRS
    if shape[0] == 2:
        return SuperMatch.ONE_PAIR
    return SuperMatch.NONE


def pair_bonus_combination(cards: Sequence[Card]) -> PairBonus:
    """The pair bonus of a box's first two cards (JS-PB): a pair by rank, of the same suit,
    of the same colour (different suits), or of different colours.

    >>> pair_bonus_combination(parse_hand("8H 8D")), pair_bonus_combination(parse_hand("8H 8S"))
    (<PairBonus.SAME_COLOUR: 'same-colour-pair'>, <PairBonus.DIFFERENT_COLOUR: 'different-colour-pair'>)
    """
    if len(cards) != 2:
        raise ValueError("the pair bonus plays on two cards")
    first, second = cards
    if first.rank is not second.rank:
        return PairBonus.NONE
    if first.suit is second.suit:
        return PairBonus.SAME_SUIT
    if first.suit.is_red == second.suit.is_red:
        return PairBonus.SAME_COLOUR
    return PairBonus.DIFFERENT_COLOUR


def _verify_cards(cards: Sequence[Card], count: int, rules: JackSwitchRules, what: str) -> None:
    if len(cards) != count:
        raise SituationError("cards", f"{what} plays on exactly {count} cards, not {len(cards)}")
    try:
        rules.shoe.verify(cards)
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("cards", str(error)) from None


def _verify_bet(bet: Decimal) -> None:
    if bet <= 0:
        raise StakeError("bet", "the bet must be more than zero")


def super_match(cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> Ruled[SideBetResult]:
    """Settle a Super Match bet on the four first cards of the paired boxes as dealt,
    before any switch (JS-SM), at the rule set's pay table."""
    _verify_cards(cards, 4, rules, "Super Match")
    _verify_bet(bet)
    combination = super_match_combination(cards)
    ratio = rules.super_match.get(combination.value)
    pays = payout(bet, ratio) if ratio is not None else ZERO
    reasons = words.super_match_reasons(cards, bet, combination.value, pays, rules)
    return Ruled(SideBetResult(combination.value, pays, reasons), ("JS-SM",))


def pair_bonus(cards: Sequence[Card], bet: Decimal, rules: JackSwitchRules) -> Ruled[SideBetResult]:
    """Settle a pair bonus on a box's first two cards as dealt (JS-PB)."""
    _verify_cards(cards, 2, rules, "the pair bonus")
    _verify_bet(bet)
    combination = pair_bonus_combination(cards)
    ratio = rules.pair_bonus.get(combination.value)
    pays = payout(bet, ratio) if ratio is not None else ZERO
    reasons = words.pair_bonus_reasons(cards, bet, combination.value, pays, rules)
    return Ruled(SideBetResult(combination.value, pays, reasons), ("JS-PB",))


class BonusCheck(StrEnum):
    """What decides a bonus bet (JS-L), in the order it is checked."""

    NO_MAIN = "no-main"
    MAIN_OUTSIDE = "main-outside"
    BELOW_MIN = "below-min"
    ABOVE_MAX = "above-max"
    WITHIN = "within"


@dataclass(frozen=True, slots=True)
class BonusBetDecision:
    accepted: bool
    limit: BonusLimit
    check: BonusCheck
    """The check that decided it."""
    reasons: tuple[Reason, ...]
    """Why it is accepted or refused, with the values that decided it (JS-L)."""


def table_bonus_limit(table_limits: object, rules: JackSwitchRules) -> BonusLimit:
    """The bonus limits at a table with ``table_limits`` (``"25-500"``); raise
    :class:`BetError` on malformed limits or limits the house has no bonus limits for."""
    table_min, table_max = parse_limits(table_limits)
    limit = rules.bonus_limit_for(table_min, table_max)
    if limit is None:
        known = ", ".join(f"{format_money(x.table_min)}-{format_money(x.table_max)}" for x in rules.bonus_limit_table)
        raise BetError(f"this house has no bonus limits for a {table_limits} table (known: {known}) (JS-L)")
    return limit


def bonus_bet_decision(
    table_limits: object, main_bet: Decimal, bonus: Decimal, rules: JackSwitchRules
) -> Ruled[BonusBetDecision]:
    """JS-L: a bonus bet needs a main bet (within the table limits), and is accepted
    from the table's bonus minimum to its bonus maximum, larger than the main bet or not.

    >>> rules = JackSwitchRules()
    >>> bonus_bet_decision("25-500", Decimal("25"), Decimal("600"), rules).value.accepted
    False
    >>> bonus_bet_decision("10-200", Decimal("10"), Decimal("150"), rules).value.accepted
    True
    """
    limit = table_bonus_limit(table_limits, rules)
    values = {
        "bonus": bonus,
        "main": main_bet,
        "bonus_min": limit.bonus_min,
        "bonus_max": limit.bonus_max,
        "table_min": limit.table_min,
        "table_max": limit.table_max,
    }
    if main_bet <= 0:
        check, message = BonusCheck.NO_MAIN, words.BONUS_REFUSED_NO_MAIN
    elif not limit.table_min <= main_bet <= limit.table_max:
        check, message = BonusCheck.MAIN_OUTSIDE, words.BONUS_REFUSED_MAIN_OUTSIDE
    elif bonus < limit.bonus_min:
        check, message = BonusCheck.BELOW_MIN, words.BONUS_REFUSED_BELOW
    elif bonus > limit.bonus_max:
        check, message = BonusCheck.ABOVE_MAX, words.BONUS_REFUSED_ABOVE
    else:
        check, message = BonusCheck.WITHIN, words.BONUS_ACCEPTED
    reasons = [Reason.of("JS-L", message, **values)]
    if check is BonusCheck.WITHIN and bonus > main_bet:
        reasons.append(Reason.of("JS-L", words.BONUS_ABOVE_MAIN, **values))
    return Ruled(BonusBetDecision(check is BonusCheck.WITHIN, limit, check, tuple(reasons)), ("JS-L",))
