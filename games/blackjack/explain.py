"""Words for a twenty-one round's procedure: the one explainer that turns a
:class:`~games.procedure.ProcedureError`'s mistake code and details into a sentence, and
an action into a phrase a floor person reads. The engine returns codes; only this module
words them.

>>> from games.blackjack.round_actions import DealDealer, Deal
>>> from games.cards import parse_card
>>> from games.procedure import ProcedureError
>>> error = ProcedureError(rule="BJ-6", mistake="dealer-second-card", attempted=DealDealer(card=parse_card("9C")),
...                        due=Deal(box=2, card=parse_card("9C")))
>>> print(explain_mistake(error))  # doctest: +NORMALIZE_WHITESPACE
Dealt the dealer a second card during the deal: there is no hole card; the dealer gets a
second card only after every box has played (BJ-6). Due: deal 9C to box 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.blackjack.round_actions import (
    Announce,
    Collect,
    Deal,
    DealDealer,
    Double,
    Exchange,
    Hit,
    Insure,
    LateBet,
    NoEvenMoney,
    NoInsurance,
    NoSwitch,
    OfferEvenMoney,
    OfferInsurance,
    Pay,
    RefuseBet,
    Return,
    Sideways,
    Split,
    Stake,
    Stand,
    Surrender,
    Switch,
    TakeEvenMoney,
)
from games.cards import format_card
from games.money import format_money
from games.procedure import Action, ProcedureError
from games.reasons import Translate, gettext_noop, no_translation

MESSAGES: Final[Mapping[str, str]] = {
    "card-not-next": gettext_noop("{card} is not the next card out of the shoe: the next card is {next}"),
    "dealer-second-card": gettext_noop(
        "Dealt the dealer a second card during the deal: there is no hole card; the dealer gets a "
        "second card only after every box has played"
    ),
    "skipped-dealer-card": gettext_noop(
        "Skipped the dealer's card: the deal gives the dealer one card after the first round"
    ),
    "deal-out-of-order": gettext_noop("Dealt to box {box} out of turn: box {due_box} was due"),
    "card-to-finished-hand": gettext_noop("Dealt a card to box {box}, whose hand {hand} takes no more cards"),
    "card-not-asked-for": gettext_noop("Dealt a card to box {box} that nobody asked for"),
    "dealer-drew-early": gettext_noop("The dealer drew before every box had played"),
    "dealer-stood-early": gettext_noop(
        "The dealer stopped on {total}: the dealer draws to 17 and this house's rule says draw"
    ),
    "dealer-second-card-needed": gettext_noop(
        "The dealer stopped on {total}: no box is in play, but an insurance bet, a waiting "
        "blackjack or a waiting stake needs the dealer's second card (and only that card)"
    ),
    "dealer-drew-past-stand": gettext_noop("The dealer drew on {total}: the dealer's hand was already final"),
    "dealer-drew-needlessly": gettext_noop(
        "The dealer drew a card that nothing at the table needs: no box is in play, "
        "no insurance, blackjack or stake waits for it"
    ),
    "paid-blackjack-against-ace": gettext_noop(
        "Paid box {box}'s blackjack against the dealer's Ace: it waits for the dealer's second card"
    ),
    "paid-blackjack-against-ten": gettext_noop(
        "Paid box {box}'s blackjack against the dealer's {upcard}: it waits for the dealer's second card"
    ),
    "blackjack-waits-for-settlement": gettext_noop(
        "Paid box {box}'s blackjack at its turn: in this house a blackjack is paid "
        "with the winning bets, in the settlement"
    ),
    "blackjack-paid-3-2": gettext_noop("Paid box {box}'s blackjack 3:2 ({amount}): this house pays {pays}, {expected}"),
    "blackjack-paid-1-1": gettext_noop(
        "Paid box {box}'s blackjack 1:1 ({amount}): a blackjack pays {pays} here, {expected}"
    ),
    "even-money-paid-as-blackjack": gettext_noop(
        "Paid box {box}'s even money as a blackjack ({amount}): even money is 1:1, {expected}"
    ),
    "double-paid-as-single": gettext_noop(
        "Paid box {box}'s doubled hand on the original bet only ({amount}): {expected} is due"
    ),
    "surrender-whole-bet": gettext_noop(
        "Collected box {box}'s whole bet on a surrender: half is collected, {expected}"
    ),
    "collected-waiting-stake": gettext_noop(
        "Collected {amount} from box {box}'s bust at once: against a dealer Ace or 10-value "
        "only the original bet, {expected}, is collected now; the rest waits"
    ),
    "collected-stake-on-dealer-blackjack": gettext_noop(
        "Collected {amount} from box {box} on the dealer's blackjack: only the "
        "original bet, {expected}, is lost; doubles and split stakes go back"
    ),
    "paid-insurance-before-collecting": gettext_noop("Paid insurance before collecting the losing bets"),
    "collected-bets-before-insurance": gettext_noop(
        "Collected the bets before the insurance: insurance is collected first"
    ),
    "paid-before-collecting": gettext_noop("Paid box {box} before every losing bet was collected"),
    "settlement-started-at-wrong-box": gettext_noop(
        "Started the settlement at box {box}: it goes in reverse box order, from box {due_box}"
    ),
    "settlement-out-of-order": gettext_noop("Settled box {box} out of turn: box {due_box} was due"),
    "paid-on-dealer-22": gettext_noop(
        "Paid box {box} on the dealer's 22: a dealer 22 pushes every hand but a blackjack"
    ),
    "settled-a-push": gettext_noop("Moved chips on box {box}'s push: a push stays where it is"),
    "wrong-amount": gettext_noop("{amount} at box {box} is the wrong amount: {expected} is due"),
    "skipped-offer": gettext_noop(
        "Went on without offering box {box} insurance or even money against the dealer's Ace"
    ),
    "offer-not-due": gettext_noop("Offered insurance or even money when it is not due"),
    "insurance-offered-to-blackjack": gettext_noop(
        "Offered box {box}'s blackjack insurance: a blackjack is offered even money"
    ),
    "even-money-offered-to-non-blackjack": gettext_noop("Offered box {box} even money: only a blackjack is offered it"),
    "switch-not-called": gettext_noop("Switched box {box}'s cards, but the player did not call the switch"),
    "switch-missed": gettext_noop("The player called the switch at box {box}, but the cards were not exchanged"),
    "sideways-missed": gettext_noop(
        "Box {box}'s switched Ace and 10-value was not turned sideways: it is 21, not blackjack"
    ),
    "sideways-not-due": gettext_noop("Turned box {box}'s card sideways: only a switched Ace and 10-value is"),
    "wrong-total": gettext_noop("Announced {announced}: the dealer's total is {total}"),
    "late-bet-accepted": gettext_noop(
        "Went on with the late bet on box {box} on the layout: no bets after the first card"
    ),
    "refused-a-bet": gettext_noop("Refused a bet at box {box} that nobody placed late"),
    "not-a-dealer-action": gettext_noop("That is the {actor}'s action, not the dealer's"),
    "round-over": gettext_noop("The round is over: nothing more is due"),
    "out-of-order": gettext_noop("Not the next step of the procedure"),
}
"""Every mistake code of ``games.blackjack.round_mistakes.MISTAKES``, as a sentence."""


ACTORS: Final[Mapping[str, str]] = {
    "dealer": gettext_noop("dealer"),
    "player": gettext_noop("player"),
    "table": gettext_noop("table"),
}
"""Who performs an action, as the word in ``not-a-dealer-action``."""

STAKES: Final[Mapping[Stake, str]] = {
    Stake.INSURANCE: gettext_noop("insurance"),
    Stake.SUPER_MATCH: gettext_noop("super match"),
    Stake.PAIR_BONUS: gettext_noop("pair bonus"),
}
"""A side bet's name in a spot (``box 2 (insurance)``)."""


def mistake_message(mistake: str, details: Mapping[str, str], translate: Translate = no_translation) -> str:
    """The sentence of a mistake code, with its details filled in, in ``translate``'s language."""
    template = MESSAGES.get(mistake, MESSAGES["out-of-order"])
    values = dict(details)
    if "actor" in values:
        values["actor"] = translate(ACTORS.get(values["actor"], values["actor"]))
    try:
        return translate(template).format(**values)
    except (KeyError, IndexError):
        return translate(MESSAGES["out-of-order"])


def explain_mistake(error: ProcedureError, translate: Translate = no_translation) -> str:
    """The mistake, its rule, and what was due (English unless ``translate`` says otherwise)."""
    if error.due is not None:
        due = describe(error.due, translate)
    else:
        due = translate(gettext_noop("nothing (the round is over)"))
    return translate(gettext_noop("{mistake} ({rule}). Due: {due}.")).format(
        mistake=mistake_message(error.mistake, error.details, translate), rule=error.rule, due=due
    )


def _spot(box: int, hand: int | None, bet: Stake | None, translate: Translate) -> str:
    if hand is None:
        where = translate(gettext_noop("box {box}")).format(box=box)
    else:
        where = translate(gettext_noop("box {box} hand {hand}")).format(box=box, hand=hand)
    if bet is not None and bet is not Stake.MAIN:
        where += f" ({translate(STAKES.get(bet, bet.value))})"
    return where


_PAYMENTS: Final[Mapping[type[Action], str]] = {
    Pay: gettext_noop("pay {spot} {amount}"),
    Collect: gettext_noop("collect from {spot} {amount}"),
    Return: gettext_noop("give back to {spot} {amount}"),
}

_BOX_ACTIONS: Final[Mapping[type[Action], str]] = {
    OfferInsurance: gettext_noop("offer insurance to box {box}"),
    OfferEvenMoney: gettext_noop("offer even money to box {box}"),
    Exchange: gettext_noop("exchange the second cards of box {box} and its pair"),
    Sideways: gettext_noop("turn box {box}'s card sideways"),
    RefuseBet: gettext_noop("refuse the late bet on box {box}"),
    Surrender: gettext_noop("box {box} surrenders"),
    TakeEvenMoney: gettext_noop("box {box} takes even money"),
    NoEvenMoney: gettext_noop("box {box} declines even money"),
    NoInsurance: gettext_noop("box {box} declines insurance"),
    Switch: gettext_noop("box {box} calls the switch"),
    NoSwitch: gettext_noop("box {box} does not switch"),
}

_HAND_ACTIONS: Final[Mapping[type[Action], str]] = {
    Hit: gettext_noop("{spot} hits"),
    Stand: gettext_noop("{spot} stands"),
    Double: gettext_noop("{spot} doubles"),
    Split: gettext_noop("{spot} splits"),
}


def describe(action: Action, translate: Translate = no_translation) -> str:
    """A phrase for one action: ``deal 9C to box 2``, ``pay box 1 15.00`` (English unless
    ``translate`` says otherwise)."""
    if isinstance(action, Deal):
        return translate(gettext_noop("deal {card} to {spot}")).format(
            card=format_card(action.card), spot=_spot(action.box, action.hand, None, translate)
        )
    if isinstance(action, DealDealer):
        return translate(gettext_noop("deal {card} to the dealer")).format(card=format_card(action.card))
    if isinstance(action, (Pay, Collect, Return)):
        return translate(_PAYMENTS[type(action)]).format(
            spot=_spot(action.box, action.hand, action.bet, translate), amount=format_money(action.amount)
        )
    if isinstance(action, Announce):
        if action.blackjack:
            return translate(gettext_noop("announce blackjack"))
        return translate(gettext_noop("announce {total}")).format(total=action.total)
    for kind, template in _BOX_ACTIONS.items():
        if isinstance(action, kind):
            return translate(template).format(box=getattr(action, "box", ""))
    if isinstance(action, Insure):
        return translate(gettext_noop("box {box} insures for {amount}")).format(
            box=action.box, amount=format_money(action.amount)
        )
    if isinstance(action, LateBet):
        return translate(gettext_noop("a late bet of {amount} on box {box}")).format(
            box=action.box, amount=format_money(action.amount)
        )
    if isinstance(action, (Hit, Stand, Double, Split)):
        return translate(_HAND_ACTIONS[type(action)]).format(spot=_spot(action.box, action.hand, None, translate))
    return action.notation()
