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

SENTENCES: Final[Mapping[str, str]] = {
    "not-the-next-card": "Dealt {card_symbol}, but the next card out of the shoe is {next_symbol}",
    "first-card-face-down": "Dealt the first card face down; the first card is dealt face up",
    "dealt-out-of-turn": "Dealt a card when no card was due",
    "revealed-after-first-card-joker": (
        "Revealed the cards after a first-card joker: the game ends at once and the other three stay unseen"
    ),
    "choice-taken-by-the-dealer": "Acted for a player: each box makes its own choice",
    "fold-not-collected-at-once": "Went on before collecting a folded box: a fold is collected at once",
    "turned-before-the-choices": "Turned the cards before every box had chosen",
    "turned-after-every-fold": "Turned the cards although every box folded",
    "announced-before-turning": "Announced before turning the three face-down cards",
    "wrong-total": "Announced {announced}; the four cards total {total}",
    "wrong-announcement": "Announced the wrong result: a joker among the three cards is announced as a joker",
    "settled-before-the-reveal": "Settled a bet before turning the three cards and announcing the total",
    "started-settlement-at-wrong-box": (
        "Started the settlement at the wrong position: box {given}; it starts at box {box} (reverse box order)"
    ),
    "settled-out-of-order": "Settled the boxes out of order (reverse box order)",
    "paid-before-collecting": "Paid a winner before every losing bet was collected",
    "bonus-before-main-bets": "Settled a Bonus before the main bets",
    "paid-a-losing-bet": "Paid a losing bet",
    "collected-a-winning-bet": "Collected a winning bet",
    "wrong-amount": "Moved {given_money}; the amount is {amount_money}",
    "wrong-bet": "Settled the wrong bet of the box",
    "settled-twice": "Settled a bet that was already settled",
    "discarded-early": "Cleared the cards before the round was settled",
    "round-over": "The round is over: nothing more is due",
    "out-of-order": "Not the next step of the procedure",
    "not-the-logged-action": "The stored log differs from what the round performed here",
}
assert set(MISTAKES) <= set(SENTENCES)


def explain_mistake(error: ProcedureError) -> str:
    """The mistake in a sentence, citing its rule, and the action that was due."""
    values = dict(error.details)
    for key in ("card", "next"):
        if key in values:
            values[f"{key}_symbol"] = _card_symbol(values[key])
    for key in ("amount", "given"):
        if key in values:
            values[f"{key}_money"] = format_money_text(values[key])
    template = SENTENCES.get(error.mistake, "Not the next step of the procedure")
    try:
        text = template.format(**values)
    except KeyError:
        text = SENTENCES["out-of-order"]
    due = f" Due: {describe_action(error.due)}." if error.due is not None else ""
    return f"{text} ({error.rule}).{due}"


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


def _card_symbol(token: str) -> str:
    try:
        return format_card_symbol(parse_card(token))
    except ValueError:
        return token


def format_money_text(text: str) -> str:
    """A money value of the details (text) as money for people."""
    try:
        return format_money(Decimal(text))
    except (InvalidOperation, ValueError):
        return text
