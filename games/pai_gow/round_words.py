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
from games.reasons import Translate, gettext_noop, no_translation

SENTENCES: Final[Mapping[str, str]] = {
    "not-the-next-stack": gettext_noop("Those are not the next cards out of the deck"),
    "wrong-dice-total": gettext_noop("Announced a total of {given}; the dice total {total}"),
    "wrong-first-position": gettext_noop(
        "Announced position {given} for the first hand; the total counts to position {position}"
    ),
    "started-the-deal-at-wrong-position": gettext_noop(
        "Started the deal at the wrong position: position {given}; the first hand goes to position {position}"
    ),
    "delivered-out-of-order": gettext_noop(
        "Delivered to position {given}; the next stack goes to position {position} (clockwise)"
    ),
    "skipped-an-empty-position": gettext_noop(
        "Skipped the empty position {position}: every position gets a stack, empty ones included"
    ),
    "delivered-to-an-empty-position": gettext_noop(
        "Delivered a stack to the empty position {position}: in this house its stack goes straight to the discard, "
        "unseen"
    ),
    "irregularity-not-called": gettext_noop("Went on without calling the irregularity; the ruling is {ruling_words}"),
    "wrong-ruling": gettext_noop("Called {given_words}; the ruling is {ruling_words}"),
    "called-without-irregularity": gettext_noop("Called a ruling although nothing in the deal calls for one"),
    "exposed-card-not-replaced": gettext_noop(
        "Went on without replacing the exposed card by the first of the left-over cards"
    ),
    "dead-hand-not-discarded": gettext_noop(
        "Left the dead hand at the empty position {position}: it goes to the discard unseen"
    ),
    "discarded-a-live-hand": gettext_noop("Discarded a hand that is in play"),
    "button-at-wrong-position": gettext_noop(
        "Put the Action button at position {given}; it goes to position {position}"
    ),
    "opened-bank-early": gettext_noop("Opened the player-dealer's hand before every other hand was set"),
    "bank-hand-not-reset": gettext_noop("Played the player-dealer's fouled hand: it is set the house way"),
    "reset-a-valid-bank-hand": gettext_noop("Reset the player-dealer's hand although it was not fouled"),
    "settled-before-the-bank-was-opened": gettext_noop(
        "Settled a hand before the player-dealer's hand was opened and set"
    ),
    "started-settlement-at-wrong-position": gettext_noop(
        "Started the settlement at the wrong position: position {given}; it starts at the Action button, "
        "position {position}"
    ),
    "settled-out-of-order": gettext_noop(
        "Settled position {given} out of turn; next is position {position} (clockwise from the Action)"
    ),
    "paid-a-losing-hand": gettext_noop("Paid a hand that loses to the player-dealer (ties go to the player-dealer)"),
    "collected-a-winning-hand": gettext_noop("Collected a hand that beats the player-dealer on both hands"),
    "paid-a-fouled-hand": gettext_noop("Paid a fouled hand: a foul forfeits the wager"),
    "settled-a-push": gettext_noop("Moved money on a push: one hand each, the bet stays"),
    "wrong-amount": gettext_noop("Moved {given_money}; the amount is {amount_money}"),
    "fee-not-taken": gettext_noop("Went on without taking the collection fee"),
    "uncovered-not-returned": gettext_noop("Went on without returning the part of the bet the bank does not cover"),
    "settled-after-a-misdeal": gettext_noop("Settled a misdealt round: after a misdeal every bet stays"),
    "cleared-early": gettext_noop("Cleared the cards before the round was over"),
    "round-over": gettext_noop("The round is over: nothing more is due"),
    "out-of-order": gettext_noop("Not the next step of the procedure"),
    "not-the-logged-action": gettext_noop("The stored log differs from what the round performed here"),
}
assert set(MISTAKES) <= set(SENTENCES)

RULINGS: Final[Mapping[str, str]] = {
    "continue": gettext_noop("to continue"),
    "replace-boxed-card": gettext_noop("to replace the boxed card at once by the next card"),
    "replace-exposed-card": gettext_noop("to replace the exposed card after the deal by the first left-over card"),
    "redeliver": gettext_noop("to retrieve the hands and deliver them again"),
    "misdeal": gettext_noop("a misdeal"),
    "call-supervisor": gettext_noop("to call a supervisor"),
}


def explain_mistake(error: ProcedureError, translate: Translate = no_translation) -> str:
    """The mistake in a sentence, citing its rule, and the action that was due (English
    unless ``translate`` says otherwise)."""
    values = dict(error.details)
    for key in ("amount", "given"):
        if key in values:
            values[f"{key}_money"] = _money_text(values[key])
    for key in ("ruling", "given"):
        if key in values:
            values[f"{key}_words"] = _ruling_words(values[key], translate)
    try:
        text = translate(SENTENCES.get(error.mistake, SENTENCES["out-of-order"])).format(**values)
    except (KeyError, IndexError):
        text = translate(SENTENCES["out-of-order"])
    said = f"{text} ({error.rule})."
    if error.due is None:
        return said
    due = translate(gettext_noop("Due: {action}.")).format(action=describe_action(error.due, translate))
    return f"{said} {due}"


_PHRASES: Final[Mapping[str, str]] = {
    "roll": gettext_noop("the dice show {dice}"),
    "announce": gettext_noop("announce {total}, the first hand to position {position}"),
    "set-aside": gettext_noop("set the {count} left-over cards aside unseen"),
    "deliver": gettext_noop("deliver the next stack to position {position}"),
    "call": gettext_noop("call {ruling}"),
    "replace": gettext_noop("replace the exposed {shown} at position {position} by {new}"),
    "discard-dead": gettext_noop("put the dead hand at position {position} in the discard unseen"),
    "button": gettext_noop("put the Action button at position {position}"),
    "set": gettext_noop("position {position} sets {high} / {low}"),
    "open": gettext_noop("open the player-dealer's hand"),
    "reset": gettext_noop("set the player-dealer's hand the house way: {high} / {low}"),
    "pay": gettext_noop("pay {amount} to position {position}"),
    "collect": gettext_noop("collect {amount} from position {position}"),
    "fee": gettext_noop("take the fee of {amount} at position {position}"),
    "return": gettext_noop("return the uncovered {amount} to position {position}"),
    "clear": gettext_noop("clear the cards to the discard"),
}


def describe_action(action: Action, translate: Translate = no_translation) -> str:
    """An action in words (the due action of a mistake, a step of a review), English unless
    ``translate`` says otherwise."""

    def phrase(key: str, **values: object) -> str:
        return translate(_PHRASES[key]).format(**values)

    match action:
        case Roll(dice=dice):
            return phrase("roll", dice=", ".join(map(str, dice)))
        case AnnounceDice(total=total, position=position):
            return phrase("announce", total=total, position=position)
        case SetAside(cards=cards):
            return phrase("set-aside", count=len(cards))
        case Deliver(position=position):
            return phrase("deliver", position=position)
        case Call(ruling=ruling):
            return phrase("call", ruling=_ruling_words(ruling.value, translate))
        case Replace(position=position, exposed=exposed, card=card):
            return phrase("replace", shown=format_card_symbol(exposed), position=position, new=format_card_symbol(card))
        case DiscardDead(position=position):
            return phrase("discard-dead", position=position)
        case Button(position=position):
            return phrase("button", position=position)
        case SetHand(position=position, high=high, low=low):
            return phrase("set", position=position, high=_cards(high), low=_cards(low))
        case OpenBank():
            return phrase("open")
        case ResetBank(high=high, low=low):
            return phrase("reset", high=_cards(high), low=_cards(low))
        case Pay(position=position, amount=amount):
            return phrase("pay", amount=format_money(amount), position=position)
        case Collect(position=position, amount=amount):
            return phrase("collect", amount=format_money(amount), position=position)
        case Fee(position=position, amount=amount):
            return phrase("fee", amount=format_money(amount), position=position)
        case Return(position=position, amount=amount):
            return phrase("return", amount=format_money(amount), position=position)
        case Clear():
            return phrase("clear")
    return action.notation()


def _ruling_words(ruling: str, translate: Translate) -> str:
    return translate(RULINGS[ruling]) if ruling in RULINGS else ruling


def _cards(cards: Sequence[AnyCard]) -> str:
    return " ".join(format_card_symbol(card) for card in cards)


def _money_text(text: str) -> str:
    try:
        return format_money(Decimal(text))
    except (InvalidOperation, ValueError):
        return text
