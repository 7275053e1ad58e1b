"""The action vocabulary of a twenty-one round (Blackjack and Jack Switch): every dealer,
player and table action, as frozen values with their notation verb (``games.procedure``).

``box`` is the box's position (1-7, box order = from the players' right); ``hand`` is
given only once a box is split (hands numbered in the order they are played); ``bet`` is
left out for the main bet. Amounts are what the dealer pays out, takes in or gives back.

>>> from games.procedure import format_log, parse_log
>>> text = "deal box=1 card=TH\\npay box=1 hand=2 amount=10\\ncollect box=3 bet=insurance amount=5"
>>> log = parse_log(text, VOCABULARY)
>>> print(format_log(log))
deal box=1 card=TH
pay box=1 hand=2 amount=10.00
collect box=3 bet=insurance amount=5.00
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar

from games.cards import Card
from games.procedure import Action, Actor, Vocabulary


class Automation(StrEnum):
    """What a round may do by itself (pokerkit's automations): the caller chooses."""

    PLAYERS = "players"
    """The players' decisions and the table's events (the irregularities a scenario injects)."""
    DEALING = "dealing"
    """Cards: the deal, the cards players ask for, the dealer's draws, the Switch, the sideways card."""
    CALLS = "calls"
    """Offers (insurance, even money), the dealer's total, refusing a late bet."""
    SETTLEMENT = "settlement"
    """Chips: every payment, collection and returned stake, at once or at the end."""


class Stake(StrEnum):
    """Which bet of a box an amount is about (the main bet when left out)."""

    MAIN = "main"
    INSURANCE = "insurance"
    SUPER_MATCH = "super-match"
    PAIR_BONUS = "pair-bonus"


class RoundAction(Action):
    """Base of the twenty-one actions: which automation performs it."""

    AUTOMATION: ClassVar[Automation] = Automation.PLAYERS


# --- the dealer's actions ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(RoundAction):
    """A card from the shoe to a box (the deal, a card asked for, a split hand's second card)."""

    VERB = "deal"
    AUTOMATION = Automation.DEALING
    box: int
    hand: int | None = None
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class DealDealer(RoundAction):
    """A card from the shoe to the dealer's own hand (the first card, later the draws)."""

    VERB = "deal-dealer"
    AUTOMATION = Automation.DEALING
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferInsurance(RoundAction):
    VERB = "offer-insurance"
    AUTOMATION = Automation.CALLS
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferEvenMoney(RoundAction):
    VERB = "offer-even-money"
    AUTOMATION = Automation.CALLS
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange(RoundAction):
    """Jack Switch: the second cards of ``box`` and its paired box change places (JS-7)."""

    VERB = "exchange"
    AUTOMATION = Automation.DEALING
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Sideways(RoundAction):
    """Jack Switch: a switched Ace + 10-value has its top card turned sideways (JS-8)."""

    VERB = "sideways"
    AUTOMATION = Automation.DEALING
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Announce(RoundAction):
    """The dealer calls the dealer's final total (``blackjack=yes`` for a blackjack)."""

    VERB = "announce"
    AUTOMATION = Automation.CALLS
    total: int
    blackjack: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pay(RoundAction):
    VERB = "pay"
    AUTOMATION = Automation.SETTLEMENT
    box: int
    hand: int | None = None
    bet: Stake | None = None
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class Collect(RoundAction):
    VERB = "collect"
    AUTOMATION = Automation.SETTLEMENT
    box: int
    hand: int | None = None
    bet: Stake | None = None
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class Return(RoundAction):
    """A stake given back (a surrender's half, BJ-R1; doubles and split stakes on a dealer
    blackjack, BJ-O)."""

    VERB = "return"
    AUTOMATION = Automation.SETTLEMENT
    box: int
    hand: int | None = None
    bet: Stake | None = None
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class RefuseBet(RoundAction):
    """The dealer refuses a bet placed after the first card (BJ-P1)."""

    VERB = "refuse-bet"
    AUTOMATION = Automation.CALLS
    box: int


# --- the players' decisions ----------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Insure(RoundAction):
    VERB = "insure"
    ACTOR = Actor.PLAYER
    box: int
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class NoInsurance(RoundAction):
    VERB = "no-insurance"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeEvenMoney(RoundAction):
    VERB = "even-money"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoEvenMoney(RoundAction):
    VERB = "no-even-money"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Surrender(RoundAction):
    VERB = "surrender"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Switch(RoundAction):
    """Jack Switch: the player of the paired boxes ``box`` (the first of the two) switches."""

    VERB = "switch"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NoSwitch(RoundAction):
    VERB = "no-switch"
    ACTOR = Actor.PLAYER
    box: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Hit(RoundAction):
    VERB = "hit"
    ACTOR = Actor.PLAYER
    box: int
    hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Stand(RoundAction):
    VERB = "stand"
    ACTOR = Actor.PLAYER
    box: int
    hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Double(RoundAction):
    VERB = "double"
    ACTOR = Actor.PLAYER
    box: int
    hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Split(RoundAction):
    VERB = "split"
    ACTOR = Actor.PLAYER
    box: int
    hand: int | None = None


# --- the table's events (irregularities a scenario injects) --------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LateBet(RoundAction):
    """A bet pushed onto an empty box after the first card (the dealer must refuse it, BJ-P1)."""

    VERB = "late-bet"
    ACTOR = Actor.TABLE
    box: int
    amount: Decimal


DEALER_ACTIONS: tuple[type[RoundAction], ...] = (
    Deal, DealDealer, OfferInsurance, OfferEvenMoney, Exchange, Sideways, Announce, Pay, Collect, Return, RefuseBet,
)
PLAYER_ACTIONS: tuple[type[RoundAction], ...] = (
    Insure, NoInsurance, TakeEvenMoney, NoEvenMoney, Surrender, Switch, NoSwitch, Hit, Stand, Double, Split,
)
TABLE_ACTIONS: tuple[type[RoundAction], ...] = (LateBet,)
VOCABULARY = Vocabulary.of(*DEALER_ACTIONS, *PLAYER_ACTIONS, *TABLE_ACTIONS)
"""Every verb of a twenty-one round's log."""
PLAYER_VOCABULARY = Vocabulary.of(*PLAYER_ACTIONS)
"""The players' decisions (the rulings door's ``decisions``)."""
