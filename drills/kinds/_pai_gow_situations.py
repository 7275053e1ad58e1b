"""The situations of the Joker's Wild Pai Gow drill kinds as typed values (seed 003).

One frozen dataclass per kind's situation, read from and written to the stored JSON (the
rulings door's body for the same question) with :meth:`from_json` / :meth:`to_json`, which
keep that JSON exactly as it was: cards in the one notation, money as two-decimal strings,
stored scenarios regenerate from their seed unchanged. The kinds work on these values, not
on dictionaries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from games.cards import AnyCard, format_card, format_cards, parse_card, parse_cards
from games.money import format_money
from games.pai_gow import BoxedCard, DealerHandOpenedEarly, DealEvent, ExposedCard, Setting, TableHand, WrongSpots

JSON = Any


def _setting(data: Mapping[str, JSON]) -> Setting:
    return Setting(parse_cards(data["high"]), parse_cards(data["low"]))


def _setting_json(setting: Setting) -> dict[str, JSON]:
    return {"high": format_cards(setting.high), "low": format_cards(setting.low)}


@dataclass(frozen=True)
class Cards:
    """A hand to name (5 or 2 cards) or seven cards to set: ``{"cards": [...]}``."""

    cards: tuple[AnyCard, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Cards:
        return cls(parse_cards(data["cards"]))

    def to_json(self) -> dict[str, JSON]:
        return {"cards": format_cards(self.cards)}


@dataclass(frozen=True)
class SetHand:
    """A player's setting to judge: ``{"high": [...], "low": [...]}`` (any split)."""

    setting: Setting

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SetHand:
        return cls(_setting(data))

    def to_json(self) -> dict[str, JSON]:
        return _setting_json(self.setting)


@dataclass(frozen=True)
class Versus:
    """One player's hand against the player-dealer's: ``{"player", "banker", "bet"}``."""

    player: Setting
    banker: Setting
    bet: Decimal

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Versus:
        return cls(_setting(data["player"]), _setting(data["banker"]), Decimal(data["bet"]))

    def to_json(self) -> dict[str, JSON]:
        return {
            "player": _setting_json(self.player),
            "banker": _setting_json(self.banker),
            "bet": format_money(self.bet),
        }


@dataclass(frozen=True)
class Dice:
    """Three dice and the occupied player positions: ``{"dice", "occupied"}``."""

    dice: tuple[int, ...]
    occupied: tuple[int, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Dice:
        return cls(tuple(data["dice"]), tuple(data["occupied"]))

    def to_json(self) -> dict[str, JSON]:
        return {"dice": list(self.dice), "occupied": list(self.occupied)}


def event_of(data: Mapping[str, JSON]) -> DealEvent:
    """One deal event from its JSON (``type`` boxed, exposed, wrong-spots, dealer-hand-opened-early)."""
    if data["type"] == "boxed":
        return BoxedCard(parse_card(data["card"]))
    if data["type"] == "exposed":
        return ExposedCard(parse_card(data["card"]))
    if data["type"] == "wrong-spots":
        return WrongSpots(data["players_looked"], data["looked_at_dealer_hand"])
    return DealerHandOpenedEarly()


def event_json(event: DealEvent) -> dict[str, JSON]:
    if isinstance(event, BoxedCard):
        return {"type": "boxed", "card": format_card(event.card)}
    if isinstance(event, ExposedCard):
        return {"type": "exposed", "card": format_card(event.card)}
    if isinstance(event, WrongSpots):
        return {
            "type": "wrong-spots",
            "players_looked": event.players_looked,
            "looked_at_dealer_hand": event.looked_at_dealer_hand,
        }
    return {"type": "dealer-hand-opened-early"}


@dataclass(frozen=True)
class Deal:
    """What happened during the deal: ``{"events": [...]}``, in the order shown."""

    events: tuple[DealEvent, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Deal:
        return cls(tuple(event_of(event) for event in data["events"]))

    def to_json(self) -> dict[str, JSON]:
        return {"events": [event_json(event) for event in self.events]}


@dataclass(frozen=True)
class Table:
    """A table to settle: ``{"banker", "bank", "action", "hands": {position: {"high", "low",
    "bet"}}}``, hands in the order stored."""

    banker: Setting
    bank: Decimal
    action: int
    hands: tuple[TableHand, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Table:
        hands = tuple(
            TableHand(int(position), _setting(hand), Decimal(hand["bet"])) for position, hand in data["hands"].items()
        )
        return cls(_setting(data["banker"]), Decimal(data["bank"]), int(data["action"]), hands)

    def to_json(self) -> dict[str, JSON]:
        return {
            "banker": _setting_json(self.banker),
            "bank": format_money(self.bank),
            "action": self.action,
            "hands": {
                str(hand.position): {**_setting_json(hand.setting), "bet": format_money(hand.bet)}
                for hand in self.hands
            },
        }

    @property
    def total(self) -> Decimal:
        """Every bet on the table."""
        return sum((hand.bet for hand in self.hands), Decimal("0.00"))
