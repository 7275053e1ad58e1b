"""Words for a Pai Gow round: a procedural mistake (code + details of a
:class:`~games.procedure.ProcedureError`) and an action as sentences for people. Kept out
of :mod:`games.pai_gow.round`: the engine names mistakes, this module words them.

>>> from decimal import Decimal
>>> from games.pai_gow.round_actions import Collect, Pay
>>> from games.procedure import ProcedureError
>>> error = ProcedureError(rule="PG-1", mistake="started-settlement-at-wrong-position",
...                        attempted=Pay(3, Decimal("10")), due=Collect(5, Decimal("25")),
...                        details={"position": "5", "given": "3"})
>>> print(explain_mistake(error))
Started the settlement at the wrong position: position 3; it starts at the Action button, position 5 (PG-1). \
Due: collect 25.00 from position 5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Final

from games.cards import AnyCard, format_card_symbol
from games.money import format_money
from games.pai_gow.round_actions import (
    MISTAKES,
    AnnounceDice,
    Button,
    Call,
    Clear,
    Collect,
    Deliver,
    DiscardDead,
    Fee,
    OpenBank,
    Pay,
    Replace,
    ResetBank,
    Return,
    Roll,
    SetAside,
    SetHand,
)
from games.procedure import Action, ProcedureError

SENTENCES: Final[Mapping[str, str]] = {
    "not-the-next-stack": "Those are not the next cards out of the deck",
    "wrong-dice-total": "Announced a total of {given}; the dice total {total}",
    "wrong-first-position": "Announced position {given} for the first hand; the total counts to position {position}",
    "started-the-deal-at-wrong-position": (
        "Started the deal at the wrong position: position {given}; the first hand goes to position {position}"
    ),
    "delivered-out-of-order": "Delivered to position {given}; the next stack goes to position {position} (clockwise)",
    "skipped-an-empty-position": (
        "Skipped the empty position {position}: every position gets a stack, empty ones included"
    ),
    "delivered-to-an-empty-position": (
        "Delivered a stack to the empty position {position}: in this house its stack goes straight to the discard, "
        "unseen"
    ),
    "irregularity-not-called": "Went on without calling the irregularity; the ruling is {ruling_words}",
    "wrong-ruling": "Called {given_words}; the ruling is {ruling_words}",
    "called-without-irregularity": "Called a ruling although nothing in the deal calls for one",
    "exposed-card-not-replaced": "Went on without replacing the exposed card by the first of the left-over cards",
    "dead-hand-not-discarded": "Left the dead hand at the empty position {position}: it goes to the discard unseen",
    "discarded-a-live-hand": "Discarded a hand that is in play",
    "button-at-wrong-position": "Put the Action button at position {given}; it goes to position {position}",
    "opened-bank-early": "Opened the player-dealer's hand before every other hand was set",
    "bank-hand-not-reset": "Played the player-dealer's fouled hand: it is set the house way",
    "reset-a-valid-bank-hand": "Reset the player-dealer's hand although it was not fouled",
    "settled-before-the-bank-was-opened": "Settled a hand before the player-dealer's hand was opened and set",
    "started-settlement-at-wrong-position": (
        "Started the settlement at the wrong position: position {given}; it starts at the Action button, "
        "position {position}"
    ),
    "settled-out-of-order": (
        "Settled position {given} out of turn; next is position {position} (clockwise from the Action)"
    ),
    "paid-a-losing-hand": "Paid a hand that loses to the player-dealer (ties go to the player-dealer)",
    "collected-a-winning-hand": "Collected a hand that beats the player-dealer on both hands",
    "paid-a-fouled-hand": "Paid a fouled hand: a foul forfeits the wager",
    "settled-a-push": "Moved money on a push: one hand each, the bet stays",
    "wrong-amount": "Moved {given_money}; the amount is {amount_money}",
    "fee-not-taken": "Went on without taking the collection fee",
    "uncovered-not-returned": "Went on without returning the part of the bet the bank does not cover",
    "settled-after-a-misdeal": "Settled a misdealt round: after a misdeal every bet stays",
    "cleared-early": "Cleared the cards before the round was over",
    "round-over": "The round is over: nothing more is due",
    "out-of-order": "Not the next step of the procedure",
    "not-the-logged-action": "The stored log differs from what the round performed here",
}
assert set(MISTAKES) <= set(SENTENCES)

RULINGS: Final[Mapping[str, str]] = {
    "continue": "to continue",
    "replace-boxed-card": "to replace the boxed card at once by the next card",
    "replace-exposed-card": "to replace the exposed card after the deal by the first left-over card",
    "redeliver": "to retrieve the hands and deliver them again",
    "misdeal": "a misdeal",
    "call-supervisor": "to call a supervisor",
}


def explain_mistake(error: ProcedureError) -> str:
    """The mistake in a sentence, citing its rule, and the action that was due."""
    values = dict(error.details)
    for key in ("amount", "given"):
        if key in values:
            values[f"{key}_money"] = _money_text(values[key])
    for key in ("ruling", "given"):
        if key in values:
            values[f"{key}_words"] = RULINGS.get(values[key], values[key])
    try:
        text = SENTENCES.get(error.mistake, SENTENCES["out-of-order"]).format(**values)
    except KeyError:
        text = SENTENCES["out-of-order"]
    due = f" Due: {describe_action(error.due)}." if error.due is not None else ""
    return f"{text} ({error.rule}).{due}"


def describe_action(action: Action) -> str:
    """An action in words (the due action of a mistake, a step of a review)."""
    match action:
        case Roll(dice=dice):
            return "the dice show " + ", ".join(map(str, dice))
        case AnnounceDice(total=total, position=position):
            return f"announce {total}, the first hand to position {position}"
        case SetAside(cards=cards):
            return f"set the {len(cards)} left-over cards aside unseen"
        case Deliver(position=position):
            return f"deliver the next stack to position {position}"
        case Call(ruling=ruling):
            return "call " + RULINGS.get(ruling.value, ruling.value)
        case Replace(position=position, exposed=exposed, card=card):
            shown, new = format_card_symbol(exposed), format_card_symbol(card)
            return f"replace the exposed {shown} at position {position} by {new}"
        case DiscardDead(position=position):
            return f"put the dead hand at position {position} in the discard unseen"
        case Button(position=position):
            return f"put the Action button at position {position}"
        case SetHand(position=position, high=high, low=low):
            return f"position {position} sets {_cards(high)} / {_cards(low)}"
        case OpenBank():
            return "open the player-dealer's hand"
        case ResetBank(high=high, low=low):
            return f"set the player-dealer's hand the house way: {_cards(high)} / {_cards(low)}"
        case Pay(position=position, amount=amount):
            return f"pay {format_money(amount)} to position {position}"
        case Collect(position=position, amount=amount):
            return f"collect {format_money(amount)} from position {position}"
        case Fee(position=position, amount=amount):
            return f"take the fee of {format_money(amount)} at position {position}"
        case Return(position=position, amount=amount):
            return f"return the uncovered {format_money(amount)} to position {position}"
        case Clear():
            return "clear the cards to the discard"
    return action.notation()


def _cards(cards: Sequence[AnyCard]) -> str:
    return " ".join(format_card_symbol(card) for card in cards)


def _money_text(text: str) -> str:
    try:
        return format_money(Decimal(text))
    except (InvalidOperation, ValueError):
        return text
