"""The actions of a Pai Gow round (:mod:`games.pai_gow.round`): one frozen dataclass per
verb of the notation, the stage each belongs to (:class:`Automation`), the vocabulary and
the mistake codes a round names."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar, Final

from games.cards import AnyCard
from games.pai_gow.procedures import DealRuling
from games.procedure import Action, Actor, Vocabulary

__all__ = [
    "MISTAKES",
    "MONEY_ACTIONS",
    "VOCABULARY",
    "AnnounceDice",
    "Automation",
    "Button",
    "Call",
    "Clear",
    "Collect",
    "Deliver",
    "DiscardDead",
    "Fee",
    "OpenBank",
    "Pay",
    "Replace",
    "ResetBank",
    "Return",
    "Roll",
    "SetAside",
    "SetHand",
]


class Automation(StrEnum):
    """The dealer actions a round may perform by itself (the rest is the trainee's)."""

    ANNOUNCING = "announcing"
    DEALING = "dealing"
    CALLING = "calling"
    OPENING = "opening"
    SETTLEMENT = "settlement"
    CLEARING = "clearing"


# --- the actions ------------------------------------------------------------------------


class _PaiGowAction(Action):
    STAGE: ClassVar[Automation | None] = None


@dataclass(frozen=True, slots=True)
class Roll(_PaiGowAction):
    VERB = "roll"
    ACTOR = Actor.TABLE
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnnounceDice(_PaiGowAction):
    VERB = "announce"
    STAGE = Automation.ANNOUNCING
    total: int
    position: int


@dataclass(frozen=True, slots=True)
class SetAside(_PaiGowAction):
    VERB = "set-aside"
    STAGE = Automation.DEALING
    cards: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Deliver(_PaiGowAction):
    VERB = "deliver"
    STAGE = Automation.DEALING
    position: int
    cards: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Call(_PaiGowAction):
    VERB = "call"
    STAGE = Automation.CALLING
    ruling: DealRuling


@dataclass(frozen=True, slots=True)
class Replace(_PaiGowAction):
    VERB = "replace"
    STAGE = Automation.DEALING
    position: int
    exposed: AnyCard
    card: AnyCard


@dataclass(frozen=True, slots=True)
class DiscardDead(_PaiGowAction):
    VERB = "discard-dead"
    STAGE = Automation.DEALING
    position: int


@dataclass(frozen=True, slots=True)
class Button(_PaiGowAction):
    VERB = "button"
    STAGE = Automation.ANNOUNCING
    position: int


@dataclass(frozen=True, slots=True)
class SetHand(_PaiGowAction):
    VERB = "set"
    ACTOR = Actor.PLAYER
    position: int
    high: tuple[AnyCard, ...]
    low: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class OpenBank(_PaiGowAction):
    VERB = "open-bank"
    STAGE = Automation.OPENING


@dataclass(frozen=True, slots=True)
class ResetBank(_PaiGowAction):
    VERB = "reset-bank"
    STAGE = Automation.OPENING
    high: tuple[AnyCard, ...]
    low: tuple[AnyCard, ...]


@dataclass(frozen=True, slots=True)
class Pay(_PaiGowAction):
    VERB = "pay"
    STAGE = Automation.SETTLEMENT
    position: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Collect(_PaiGowAction):
    VERB = "collect"
    STAGE = Automation.SETTLEMENT
    position: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Fee(_PaiGowAction):
    VERB = "fee"
    STAGE = Automation.SETTLEMENT
    position: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Return(_PaiGowAction):
    VERB = "return"
    STAGE = Automation.SETTLEMENT
    position: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Clear(_PaiGowAction):
    VERB = "clear"
    STAGE = Automation.CLEARING


VOCABULARY: Final = Vocabulary.of(
    Roll, AnnounceDice, SetAside, Deliver, Call, Replace, DiscardDead, Button, SetHand, OpenBank, ResetBank,
    Pay, Collect, Fee, Return, Clear,
)  # fmt: skip
MONEY_ACTIONS: Final = (Pay, Collect, Fee, Return)

MISTAKES: Final = (
    "not-the-next-stack",
    "wrong-dice-total",
    "wrong-first-position",
    "started-the-deal-at-wrong-position",
    "delivered-out-of-order",
    "skipped-an-empty-position",
    "delivered-to-an-empty-position",
    "irregularity-not-called",
    "wrong-ruling",
    "called-without-irregularity",
    "exposed-card-not-replaced",
    "dead-hand-not-discarded",
    "discarded-a-live-hand",
    "button-at-wrong-position",
    "opened-bank-early",
    "bank-hand-not-reset",
    "reset-a-valid-bank-hand",
    "settled-before-the-bank-was-opened",
    "started-settlement-at-wrong-position",
    "settled-out-of-order",
    "paid-a-losing-hand",
    "collected-a-winning-hand",
    "paid-a-fouled-hand",
    "settled-a-push",
    "wrong-amount",
    "fee-not-taken",
    "uncovered-not-returned",
    "settled-after-a-misdeal",
    "cleared-early",
    "round-over",
    "out-of-order",
)
"""Every mistake code a round names (the explainer words each one)."""
