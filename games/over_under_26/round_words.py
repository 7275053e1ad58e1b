"""Words for an Over/Under 26 round: a procedural mistake (code + details of a
:class:`~games.procedure.ProcedureError`) and a due action as sentences for people. Kept
out of :mod:`games.over_under_26.round`: the engine names mistakes, this module words them.

>>> from decimal import Decimal
>>> from games.over_under_26.round import Pay, Stake, Turn
>>> from games.procedure import ProcedureError
>>> error = ProcedureError(rule="OU-P5", mistake="settled-before-the-reveal",
...                        attempted=Pay(1, Stake.MAIN, Decimal("20")), due=Turn())
>>> print(explain_mistake(error))
Settled a bet before turning the three cards and announcing the total (OU-P5). Due: turn the three face-down cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Final

from games.cards import format_card_symbol, parse_card
from games.money import format_money
from games.over_under_26.round import (
    MISTAKES,
    Announce,
    AnnounceJoker,
    Choose,
    Collect,
    DealDown,
    DealUp,
    Discard,
    Pay,
    Return,
    Stake,
    Turn,
)
from games.procedure import Action, ProcedureError
from games.reasons import Reason, gettext_noop

SENTENCES: Final[Mapping[str, str]] = {
    "not-the-next-card": gettext_noop("Dealt {card}, but the next card out of the shoe is {next}"),
    "first-card-face-down": gettext_noop("Dealt the first card face down; the first card is dealt face up"),
    "dealt-out-of-turn": gettext_noop("Dealt a card when no card was due"),
    "revealed-after-first-card-joker": gettext_noop(
        "Revealed the cards after a first-card joker: the game ends at once and the other three stay unseen"
    ),
    "choice-taken-by-the-dealer": gettext_noop("Acted for a player: each box makes its own choice"),
    "fold-not-collected-at-once": gettext_noop("Went on before collecting a folded box: a fold is collected at once"),
    "turned-after-every-fold": gettext_noop("Turned the cards although every box folded"),
    "announced-before-turning": gettext_noop("Announced before turning the three face-down cards"),
    "wrong-total": gettext_noop("Announced {announced}; the four cards total {total}"),
    "wrong-announcement": gettext_noop(
        "Announced the wrong result: a joker among the three cards is announced as a joker"
    ),
    "settled-before-the-reveal": gettext_noop("Settled a bet before turning the three cards and announcing the total"),
    "started-settlement-at-wrong-box": gettext_noop(
        "Started the settlement at the wrong position: box {given}; it starts at box {box} (reverse box order)"
    ),
    "settled-out-of-order": gettext_noop("Settled the boxes out of order (reverse box order)"),
    "paid-before-collecting": gettext_noop("Paid a winner before every losing bet was collected"),
    "bonus-before-main-bets": gettext_noop("Settled a Bonus before the main bets"),
    "paid-a-losing-bet": gettext_noop("Paid a losing bet"),
    "collected-a-winning-bet": gettext_noop("Collected a winning bet"),
    "wrong-amount": gettext_noop("Moved {given}; the amount is {amount}"),
    "wrong-bet": gettext_noop("Settled the wrong bet of the box"),
    "settled-twice": gettext_noop("Settled a bet that was already settled"),
    "discarded-early": gettext_noop("Cleared the cards before the round was settled"),
    "round-over": gettext_noop("The round is over: nothing more is due"),
    "out-of-order": gettext_noop("Not the next step of the procedure"),
    "not-the-logged-action": gettext_noop("The stored log differs from what the round performed here"),
}
assert set(MISTAKES) <= set(SENTENCES)


def mistake_reason(error: ProcedureError) -> Reason:
    """The mistake as a reason: its rule, its message ID, and its details typed (cards as
    cards, amounts as money)."""
    values: dict[str, object] = dict(error.details)
    message = SENTENCES.get(error.mistake, SENTENCES["out-of-order"])
    for key in ("card", "next"):
        if key in values:
            values[key] = _card(str(values[key]))
    if error.mistake == "wrong-amount":
        values = {
            key: _money(str(values[key])) if key in ("amount", "given") else value for key, value in values.items()
        }
    reason = Reason.of(error.rule, message, **values)
    try:
        reason.words()
    except (KeyError, IndexError):  # details that do not fill the sentence
        return Reason.of(error.rule, SENTENCES["out-of-order"])
    return reason


def explain_mistake(error: ProcedureError) -> str:
    """The mistake in a sentence, citing its rule, and the action that was due."""
    due = f" Due: {describe_action(error.due)}." if error.due is not None else ""
    return f"{mistake_reason(error).words()}{due}"


def describe_action(action: Action) -> str:
    """An action in words (the due action of a mistake, a step of a review)."""
    match action:
        case DealUp(card=card):
            return f"deal {format_card_symbol(card)} face up"
        case DealDown(card=card):
            return f"deal {format_card_symbol(card)} face down"
        case Choose(box=box, choice=choice):
            return f"box {box} chooses {choice.value}"
        case Turn():
            return "turn the three face-down cards"
        case Announce(total=total):
            return f"announce a total of {total}"
        case AnnounceJoker():
            return "announce a joker"
        case Pay(box=box, bet=bet, amount=amount):
            return f"pay {format_money(amount)} on the {_stake(bet)} of box {box}"
        case Collect(box=box, bet=bet, amount=amount):
            return f"collect {format_money(amount)}, the {_stake(bet)} of box {box}"
        case Return(box=box, bet=bet, amount=amount):
            return f"return the {_stake(bet)} of box {box} ({format_money(amount)})"
        case Discard():
            return "clear the cards to the discard"
    return action.notation()


def _stake(bet: Stake) -> str:
    return "Ante and Under/Over bet" if bet is Stake.MAIN else "Bonus"


def _card(token: str) -> object:
    try:
        return parse_card(token)
    except ValueError:
        return token


def _money(text: str) -> object:
    try:
        return Decimal(text)
    except (InvalidOperation, ValueError):
        return text
