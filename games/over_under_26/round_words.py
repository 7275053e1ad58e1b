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
from games.reasons import Reason, Translate, gettext_noop, no_translation

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


def explain_mistake(error: ProcedureError, translate: Translate = no_translation) -> str:
    """The mistake in a sentence, citing its rule, and the action that was due (English
    unless ``translate`` says otherwise)."""
    said = mistake_reason(error).words(translate)
    if error.due is None:
        return said
    due = translate(gettext_noop("Due: {action}.")).format(action=describe_action(error.due, translate))
    return f"{said} {due}"


_PHRASES: Final[Mapping[str, str]] = {
    "up": gettext_noop("deal {card} face up"),
    "down": gettext_noop("deal {card} face down"),
    "choose": gettext_noop("box {box} chooses {choice}"),
    "turn": gettext_noop("turn the three face-down cards"),
    "announce": gettext_noop("announce a total of {total}"),
    "joker": gettext_noop("announce a joker"),
    "pay": gettext_noop("pay {amount} on the {stake} of box {box}"),
    "collect": gettext_noop("collect {amount}, the {stake} of box {box}"),
    "return": gettext_noop("return the {stake} of box {box} ({amount})"),
    "discard": gettext_noop("clear the cards to the discard"),
}

CHOICES: Final[Mapping[str, str]] = {
    "over": gettext_noop("over"),
    "under": gettext_noop("under"),
    "fold": gettext_noop("fold"),
}
"""A box's choice as the word in ``box 2 chooses over`` (the choice's value, lower case)."""


def describe_action(action: Action, translate: Translate = no_translation) -> str:
    """An action in words (the due action of a mistake, a step of a review), English unless
    ``translate`` says otherwise."""

    def phrase(key: str, **values: object) -> str:
        return translate(_PHRASES[key]).format(**values)

    match action:
        case DealUp(card=card):
            return phrase("up", card=format_card_symbol(card))
        case DealDown(card=card):
            return phrase("down", card=format_card_symbol(card))
        case Choose(box=box, choice=choice):
            return phrase("choose", box=box, choice=translate(CHOICES.get(choice.value, choice.value)))
        case Turn():
            return phrase("turn")
        case Announce(total=total):
            return phrase("announce", total=total)
        case AnnounceJoker():
            return phrase("joker")
        case Pay(box=box, bet=bet, amount=amount):
            return phrase("pay", amount=format_money(amount), stake=_stake(bet, translate), box=box)
        case Collect(box=box, bet=bet, amount=amount):
            return phrase("collect", amount=format_money(amount), stake=_stake(bet, translate), box=box)
        case Return(box=box, bet=bet, amount=amount):
            return phrase("return", amount=format_money(amount), stake=_stake(bet, translate), box=box)
        case Discard():
            return phrase("discard")
    return action.notation()


def _stake(bet: Stake, translate: Translate) -> str:
    return translate(gettext_noop("Ante and Under/Over bet") if bet is Stake.MAIN else gettext_noop("Bonus"))


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
