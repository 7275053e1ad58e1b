"""Bets (OU-3), the player's choice (OU-5) and settlement (OU-4a – OU-10, OU-W).

Worked examples (Ante 10, default rules: a win returns 4 Antes in all, OU-W):

>>> from games.cards import parse_cards
>>> settle(parse_cards(["JK", "5H", "6D", "7C"]), None, Decimal("10"), Decimal("0"), OverUnderRules()).net
Decimal('30.00')
>>> result = settle(parse_cards(["9S", "9H", "5D", "2C"]), Choice.UNDER, Decimal("10"), Decimal("0"), OverUnderRules())
>>> result.outcome, result.ante_win, result.rules
(<Outcome.UNDER: 'under'>, Decimal('20.00'), ('OU-7', 'OU-W', 'OU-6', 'OU-2'))
>>> settle(parse_cards(["9S", "9H", "5D", "3C"]), Choice.OVER, Decimal("10"), Decimal("0"), OverUnderRules()).outcome
<Outcome.TWENTY_SIX: 'twenty-six'>

Decisions where RULES.md is silent (documented for the rulings door and the drills):

* ``choice`` is ``None`` exactly on a first-card joker: the game ends before any choice
  (OU-4a), so a choice there is refused (:class:`ChoiceError`), as is a missing choice
  on any other deal (OU-5).
* A fold ends the game before the three cards are turned (OU-5, OU-6): the hand is a fold
  whatever those cards are, even a joker among them (OU-4b is for a player who chose
  Under or Over). Ante and Bonus lose.
* ``outcome`` names what the deal made, not whether the player won: ``under`` / ``over``
  is the side of 26 the total fell on, so an Under bet on a total of 30 is ``over`` with
  ``ante_win`` = -2 x Ante (OU-7).
* The Bonus is settled on every deal the player plays out (under, over, twenty-six,
  joker), win or lose on the main bets, by the pay table (OU-10); on a fold it loses
  (OU-5); on a first-card joker it is returned (OU-4a).
* A Bonus ratio that leaves a fraction of a cent pays down to the cent (games.money).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from games.cards import AnyCard, Joker
from games.money import ZERO, format_money, parse_money, to_cents
from games.over_under_26.errors import BonusNotConfiguredError, ChoiceError, OverUnderBetError
from games.over_under_26.hand import HAND_SIZE, TARGET, hand_total, has_joker, verify_cards
from games.over_under_26.rules import OverUnderRules, bonus_ratio


class Choice(StrEnum):
    """OU-5: what the player does after seeing the first card."""

    UNDER = "under"
    OVER = "over"
    FOLD = "fold"


class Outcome(StrEnum):
    """How a round ended (RULINGS.md ``outcome``)."""

    FIRST_CARD_JOKER = "first-card-joker"
    JOKER = "joker"
    UNDER = "under"
    OVER = "over"
    TWENTY_SIX = "twenty-six"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Bets:
    """The player's stakes: the Ante and the Bonus (OU-3), validated by :func:`verify_bets`."""

    ante: Decimal
    bonus: Decimal


def verify_bets(ante: Decimal, bonus: Decimal, rules: OverUnderRules) -> Bets:
    """The bets as placed, or an error: OU-3 needs an Ante and a Bonus not above it; OU-10
    needs the property's Bonus pay table for a non-zero Bonus.

    Amounts must be money (non-negative, two decimals): :class:`MoneyError` otherwise.

    >>> verify_bets(Decimal("10"), Decimal("5"), OverUnderRules())
    Traceback (most recent call last):
    ...
    games.over_under_26.errors.BonusNotConfiguredError: the Bonus pay table is not configured for this property (OU-10)
    >>> verify_bets(Decimal("0"), Decimal("0"), OverUnderRules())
    Traceback (most recent call last):
    ...
    games.over_under_26.errors.OverUnderBetError: a round needs an Ante (OU-3)
    """
    ante, bonus = parse_money(ante), parse_money(bonus)
    if ante == 0:
        if bonus > 0:
            raise OverUnderBetError("bonus", "a Bonus without an Ante is refused (OU-3)")
        raise OverUnderBetError("ante", "a round needs an Ante (OU-3)")
    if bonus > ante:
        raise OverUnderBetError(
            "bonus", f"the Bonus ({format_money(bonus)}) cannot be larger than the Ante ({format_money(ante)}) (OU-3)"
        )
    if bonus > 0 and rules.bonus_pay_table is None:
        raise BonusNotConfiguredError()
    return Bets(ante, bonus)


def can_bet(ante: Decimal, bonus: Decimal, rules: OverUnderRules) -> bool:
    """Whether :func:`verify_bets` accepts these bets.

    >>> can_bet(Decimal("10"), Decimal("0"), OverUnderRules()), can_bet(Decimal("10"), Decimal("11"), OverUnderRules())
    (True, False)
    """
    try:
        verify_bets(ante, bonus, rules)
    except (OverUnderBetError, BonusNotConfiguredError):
        return False
    return True


def is_first_card_joker(cards: Sequence[AnyCard]) -> bool:
    """OU-4a: the face-up first card is a joker (no choice is made)."""
    return bool(cards) and isinstance(cards[0], Joker)


def verify_choice(cards: Sequence[AnyCard], choice: Choice | None) -> None:
    """Raise :class:`ChoiceError` unless ``choice`` fits the first card: ``None`` on a
    first-card joker (OU-4a), Under, Over or Fold otherwise (OU-5)."""
    if is_first_card_joker(cards):
        if choice is not None:
            raise ChoiceError(
                f"the first card is a joker: the game ended before any choice (OU-4a), so {choice.value!r} "
                "cannot have been chosen; send null"
            )
    elif choice is None:
        raise ChoiceError(
            "required: under, over or fold (OU-5); it is null only when the first card is a joker (OU-4a)"
        )


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled round. Wins are the player's net results: positive paid, negative
    collected, zero a returned stake. ``ante_win`` covers the Ante and the Under/Over bet
    together; ``total`` is ``None`` when the cards were not all turned or hold a joker."""

    outcome: Outcome
    choice: Choice | None
    bets: Bets
    ante_win: Decimal
    bonus_win: Decimal
    total: int | None
    rules: tuple[str, ...]

    @property
    def net(self) -> Decimal:
        return self.ante_win + self.bonus_win

    @property
    def player_won(self) -> bool:
        """Whether the main bets won (OU-4a, OU-4b, OU-7, OU-8)."""
        return self.ante_win > 0


def settle(
    cards: Sequence[AnyCard], choice: Choice | None, ante: Decimal, bonus: Decimal, rules: OverUnderRules
) -> Settlement:
    """Settle a round of four dealt cards (first one face up) after the player's ``choice``.

    Raises :class:`ImpossibleCardsError` (cards), :class:`OverUnderBetError` /
    :class:`BonusNotConfiguredError` (bets), :class:`ChoiceError` (choice).
    """
    verify_cards(cards, count=HAND_SIZE)
    bets = verify_bets(ante, bonus, rules)
    verify_choice(cards, choice)
    ante = bets.ante
    multiple = rules.win_return_multiple  # OU-W: total return, stakes included
    if is_first_card_joker(cards):
        # OU-4a: only the Ante is up; it returns `multiple` Antes; the Bonus comes back.
        return Settlement(Outcome.FIRST_CARD_JOKER, None, bets, ante * (multiple - 1), ZERO, None, ("OU-4a", "OU-W"))
    assert choice is not None  # verify_choice
    if choice is Choice.FOLD:
        # OU-5: the game ends before the three face-down cards are turned (OU-6).
        return Settlement(Outcome.FOLD, choice, bets, -ante, ZERO - bets.bonus, None, ("OU-5",))
    # OU-5: Under or Over adds a bet equal to the Ante: two Antes are up.
    if has_joker(cards[1:]):
        # OU-4b: a joker among the other three wins whatever was chosen.
        bonus_win, bonus_rules = _settle_bonus(bets.bonus, None, rules)
        return Settlement(
            Outcome.JOKER, choice, bets, ante * (multiple - 2), bonus_win, None, ("OU-4b", "OU-W", *bonus_rules)
        )
    total = hand_total(cards).total  # OU-6, OU-2
    bonus_win, bonus_rules = _settle_bonus(bets.bonus, total, rules)
    won_main = ante * (multiple - 2)
    lost_main = -2 * ante
    counted = ("OU-6", "OU-2")
    if total == TARGET:
        # OU-9: exactly 26 wins nothing: both bets lose.
        return Settlement(
            Outcome.TWENTY_SIX, choice, bets, lost_main, bonus_win, total, ("OU-9", *counted, *bonus_rules)
        )
    outcome = Outcome.UNDER if total < TARGET else Outcome.OVER
    decisive = "OU-7" if choice is Choice.UNDER else "OU-8"  # the rule of the side the player bet
    won = outcome.value == choice.value  # OU-7 / OU-8
    if won:
        return Settlement(outcome, choice, bets, won_main, bonus_win, total, (decisive, "OU-W", *counted, *bonus_rules))
    return Settlement(outcome, choice, bets, lost_main, bonus_win, total, (decisive, *counted, *bonus_rules))


def _settle_bonus(bonus: Decimal, total: int | None, rules: OverUnderRules) -> tuple[Decimal, tuple[str, ...]]:
    """OU-10: the Bonus on a four-card ``total`` (``None``: a joker hand, OU-4b)."""
    if bonus == 0:
        return ZERO, ()
    table = rules.bonus_pay_table
    if table is None:  # verify_bets refused this already
        raise BonusNotConfiguredError()
    ratio = bonus_ratio(table, total)
    if ratio is None:
        return -bonus, ("OU-10",)
    return to_cents(bonus * ratio.pays / ratio.per), ("OU-10",)
