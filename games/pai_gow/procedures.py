"""Deal procedures: boxed and exposed cards, hands at the wrong spots, the player-dealer's
hand opened early (PG-5 – PG-8).

Precedence (decision; RULES.md lists the rules, not their combinations): one ruling is
given, the first that applies in this order, and ``rules`` lists every rule that applied:

1. ``misdeal`` (PG-6): (a) a joker or an Ace boxed or exposed; (b) two or more cards
   boxed or exposed in all (a boxed one and an exposed one count together); (c) hands at
   the wrong spots and two or more players looked at their cards; (d) hands at the wrong
   spots and a player looked at the player-dealer's hand. A misdeal ends the deal, so no
   hand is set the logical way (``logical_way`` false).
2. ``call-supervisor`` (PG-5): the player-dealer's hand was opened before all hands were
   set; the unset hands are set the logical way (house way, PG-H).
3. ``redeliver`` (PG-7): hands at the wrong spots and only one player looked: the hands
   are retrieved and redelivered, that player's hand is played the logical way.
   Decision: when nobody looked, the hands are redelivered too and no hand is set the
   logical way.
4. ``replace-boxed-card`` (PG-8): one boxed card (not a joker, not an Ace) is replaced at
   once by the next card.
5. ``replace-exposed-card`` (PG-8): one card exposed on the deal (not a joker, not an
   Ace) is replaced after the deal by the first of the five left-over cards.
6. ``continue``.

``logical_way`` is true when PG-5 or PG-7 (one player looked) applies without a misdeal.

>>> from games.cards import parse_card
>>> rule_deal([BoxedCard(parse_card("7H"))]).ruling
<DealRuling.REPLACE_BOXED_CARD: 'replace-boxed-card'>
>>> outcome = rule_deal([WrongSpots(players_looked=1), DealerHandOpenedEarly()])
>>> outcome.ruling, outcome.logical_way, outcome.rules
(<DealRuling.CALL_SUPERVISOR: 'call-supervisor'>, True, ('PG-5', 'PG-7', 'PG-H'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias

from games.cards import AnyCard, Card, Joker, Rank
from games.pai_gow.errors import DealEventError
from games.reasons import Reason, gettext_noop

__all__ = [
    "BoxedCard",
    "DealEvent",
    "DealOutcome",
    "DealRuling",
    "DealerHandOpenedEarly",
    "ExposedCard",
    "WrongSpots",
    "rule_deal",
]

MAX_PLAYERS: Final = 6


class DealRuling(StrEnum):
    CONTINUE = "continue"
    REPLACE_BOXED_CARD = "replace-boxed-card"
    REPLACE_EXPOSED_CARD = "replace-exposed-card"
    REDELIVER = "redeliver"
    MISDEAL = "misdeal"
    CALL_SUPERVISOR = "call-supervisor"


@dataclass(frozen=True)
class BoxedCard:
    """A card found face up in the deck (boxed) during the deal."""

    card: AnyCard


@dataclass(frozen=True)
class ExposedCard:
    """A card exposed (flashed, turned) on the deal."""

    card: AnyCard


@dataclass(frozen=True)
class WrongSpots:
    """The hands were delivered to the wrong spots."""

    players_looked: int
    """How many players looked at their cards before the player-dealer's hand was opened."""
    looked_at_dealer_hand: bool = False
    """Whether a player looked at the player-dealer's hand."""


@dataclass(frozen=True)
class DealerHandOpenedEarly:
    """The player-dealer's hand was opened before all hands were set."""


DealEvent: TypeAlias = BoxedCard | ExposedCard | WrongSpots | DealerHandOpenedEarly


@dataclass(frozen=True)
class DealOutcome:
    ruling: DealRuling
    logical_way: bool
    rules: tuple[str, ...]
    reasons: tuple[Reason, ...]
    """One reason per rule applied, in the order of ``rules`` (:mod:`games.pai_gow.words`)."""


def _is_misdeal_card(card: AnyCard) -> bool:
    return isinstance(card, Joker) or (isinstance(card, Card) and card.rank is Rank.ACE)


def verify_events(events: Sequence[DealEvent]) -> None:
    """Raise :class:`DealEventError` for events that cannot happen in one deal.

    >>> from games.cards import parse_card
    >>> verify_events([BoxedCard(parse_card("7H")), ExposedCard(parse_card("7H"))])
    Traceback (most recent call last):
    ...
    games.pai_gow.errors.DealEventError: 7H is boxed or exposed twice: the deck holds one 7H
    """
    seen: list[AnyCard] = []
    for event in events:
        if isinstance(event, (BoxedCard, ExposedCard)):
            card = event.card
            limit = 2 if isinstance(card, Joker) else 1  # PG-0: one of each card, two jokers
            if seen.count(card) >= limit:
                raise DealEventError(f"{card} is boxed or exposed {'three times' if limit == 2 else 'twice'}: "
                                     f"the deck holds {'two jokers' if limit == 2 else f'one {card}'}")
            seen.append(card)
        elif isinstance(event, WrongSpots) and not 0 <= event.players_looked <= MAX_PLAYERS:
            raise DealEventError(f"players_looked must be from 0 to {MAX_PLAYERS}, not {event.players_looked}")
    for kind in (WrongSpots, DealerHandOpenedEarly):
        if sum(isinstance(event, kind) for event in events) > 1:
            raise DealEventError(f"one deal has at most one {_NAMES[kind]} event")


_NAMES: Final = {WrongSpots: "wrong-spots", DealerHandOpenedEarly: "dealer-hand-opened-early"}


def rule_deal(events: Sequence[DealEvent]) -> DealOutcome:
    """The ruling on a deal's events (PG-5 – PG-8; module doc for the precedence).

    >>> from games.cards import parse_card
    >>> rule_deal([ExposedCard(parse_card("AS"))]).rules
    ('PG-6a',)
    >>> rule_deal([]).ruling
    <DealRuling.CONTINUE: 'continue'>
    """
    verify_events(events)
    shown = [event for event in events if isinstance(event, (BoxedCard, ExposedCard))]
    wrong = next((event for event in events if isinstance(event, WrongSpots)), None)
    opened_early = any(isinstance(event, DealerHandOpenedEarly) for event in events)

    misdeal: list[Reason] = []
    bad_cards = tuple(event.card for event in shown if _is_misdeal_card(event.card))
    if bad_cards:
        misdeal.append(Reason.of("PG-6a", gettext_noop("A joker or an Ace boxed or exposed on the deal ({cards}) is a "
                                                       "misdeal"), cards=bad_cards))
    if len(shown) >= 2:
        misdeal.append(Reason.of("PG-6b", gettext_noop("{count} cards boxed or exposed on the deal is a misdeal"),
                                 count=len(shown)))
    if wrong is not None and wrong.players_looked >= 2:
        misdeal.append(Reason.of("PG-6c", gettext_noop("Hands at the wrong spots with {count} players having looked "
                                                       "at their cards is a misdeal"), count=wrong.players_looked))
    if wrong is not None and wrong.looked_at_dealer_hand:
        misdeal.append(Reason.of("PG-6d", gettext_noop("Hands at the wrong spots with a player having looked at the "
                                                       "player-dealer's hand is a misdeal")))
    if misdeal:
        return DealOutcome(DealRuling.MISDEAL, False, tuple(r.rule for r in misdeal), tuple(misdeal))

    applied: list[Reason] = []
    ruling = DealRuling.CONTINUE
    logical_way = False
    if opened_early:
        ruling, logical_way = DealRuling.CALL_SUPERVISOR, True
        applied.append(Reason.of("PG-5", gettext_noop("The player-dealer's hand was opened before all hands were "
                                                      "set: call a supervisor, who sets the unset hands the logical "
                                                      "way")))
    if wrong is not None:
        if ruling is DealRuling.CONTINUE:
            ruling = DealRuling.REDELIVER
        if wrong.players_looked == 1:
            logical_way = True
            applied.append(Reason.of("PG-7", gettext_noop("Hands at the wrong spots and only one player looked: the "
                                                          "hands are retrieved and redelivered, that player's hand is "
                                                          "played the logical way")))
        else:
            applied.append(Reason.of("PG-7", gettext_noop("Hands at the wrong spots and nobody looked: the hands are "
                                                          "retrieved and redelivered")))
    if shown:
        event = shown[0]
        if isinstance(event, BoxedCard):
            kind = DealRuling.REPLACE_BOXED_CARD
            why = Reason.of("PG-8", gettext_noop("The boxed {card} is replaced at once by the next card"),
                            card=event.card)
        else:
            kind = DealRuling.REPLACE_EXPOSED_CARD
            why = Reason.of("PG-8", gettext_noop("The exposed {card} is replaced after the deal by the first of the "
                                                 "five left-over cards"), card=event.card)
        if ruling is DealRuling.CONTINUE:
            ruling = kind
        applied.append(why)
    if logical_way:
        applied.append(Reason.of("PG-H", gettext_noop("The logical way is the house way")))
    if not applied:
        nothing = Reason.of("", gettext_noop("Nothing in the deal calls for a ruling: play continues."))
        return DealOutcome(DealRuling.CONTINUE, False, (), (nothing,))
    return DealOutcome(ruling, logical_way, tuple(r.rule for r in applied), tuple(applied))
