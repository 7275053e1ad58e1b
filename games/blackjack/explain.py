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

MESSAGES: Final[Mapping[str, str]] = {
    "card-not-next": "{card} is not the next card out of the shoe: the next card is {next}",
    "dealer-second-card": ("Dealt the dealer a second card during the deal: there is no hole card; the dealer gets a "
                           "second card only after every box has played"),
    "skipped-dealer-card": "Skipped the dealer's card: the deal gives the dealer one card after the first round",
    "deal-out-of-order": "Dealt to box {box} out of turn: box {due_box} was due",
    "card-to-finished-hand": "Dealt a card to box {box}, whose hand {hand} takes no more cards",
    "card-not-asked-for": "Dealt a card to box {box} that nobody asked for",
    "dealer-drew-early": "The dealer drew before every box had played",
    "dealer-stood-early": "The dealer stopped on {total}: the dealer draws to 17 and this house's rule says draw",
    "dealer-second-card-needed": ("The dealer stopped on {total}: no box is in play, but an insurance bet, a waiting "
                                  "blackjack or a waiting stake needs the dealer's second card (and only that card)"),
    "dealer-drew-past-stand": "The dealer drew on {total}: the dealer's hand was already final",
    "dealer-drew-needlessly": ("The dealer drew a card that nothing at the table needs: no box is in play, "
                               "no insurance, blackjack or stake waits for it"),
    "paid-blackjack-against-ace": ("Paid box {box}'s blackjack against the dealer's Ace: it waits for the dealer's "
                                   "second card"),
    "paid-blackjack-against-ten": ("Paid box {box}'s blackjack against the dealer's {upcard}: it waits for the "
                                   "dealer's second card"),
    "blackjack-waits-for-settlement": ("Paid box {box}'s blackjack at its turn: in this house a blackjack is paid "
                                       "with the winning bets, in the settlement"),
    "blackjack-paid-3-2": "Paid box {box}'s blackjack 3:2 ({amount}): this house pays {pays}, {expected}",
    "blackjack-paid-1-1": "Paid box {box}'s blackjack 1:1 ({amount}): a blackjack pays {pays} here, {expected}",
    "even-money-paid-as-blackjack": "Paid box {box}'s even money as a blackjack ({amount}): even money is 1:1, "
                                    "{expected}",
    "double-paid-as-single": "Paid box {box}'s doubled hand on the original bet only ({amount}): {expected} is due",
    "surrender-whole-bet": "Collected box {box}'s whole bet on a surrender: half is collected, {expected}",
    "collected-waiting-stake": ("Collected {amount} from box {box}'s bust at once: against a dealer Ace or 10-value "
                                "only the original bet, {expected}, is collected now; the rest waits"),
    "collected-stake-on-dealer-blackjack": ("Collected {amount} from box {box} on the dealer's blackjack: only the "
                                            "original bet, {expected}, is lost; doubles and split stakes go back"),
    "paid-insurance-before-collecting": "Paid insurance before collecting the losing bets",
    "collected-bets-before-insurance": "Collected the bets before the insurance: insurance is collected first",
    "paid-before-collecting": "Paid box {box} before every losing bet was collected",
    "settlement-started-at-wrong-box": ("Started the settlement at box {box}: it goes in reverse box order, from box "
                                        "{due_box}"),
    "settlement-out-of-order": "Settled box {box} out of turn: box {due_box} was due",
    "paid-on-dealer-22": "Paid box {box} on the dealer's 22: a dealer 22 pushes every hand but a blackjack",
    "settled-a-push": "Moved chips on box {box}'s push: a push stays where it is",
    "wrong-amount": "{amount} at box {box} is the wrong amount: {expected} is due",
    "skipped-offer": "Went on without offering box {box} insurance or even money against the dealer's Ace",
    "offer-not-due": "Offered insurance or even money when it is not due",
    "insurance-offered-to-blackjack": "Offered box {box}'s blackjack insurance: a blackjack is offered even money",
    "even-money-offered-to-non-blackjack": "Offered box {box} even money: only a blackjack is offered it",
    "switch-not-called": "Switched box {box}'s cards, but the player did not call the switch",
    "switch-missed": "The player called the switch at box {box}, but the cards were not exchanged",
    "sideways-missed": "Box {box}'s switched Ace and 10-value was not turned sideways: it is 21, not blackjack",
    "sideways-not-due": "Turned box {box}'s card sideways: only a switched Ace and 10-value is",
    "wrong-total": "Announced {announced}: the dealer's total is {total}",
    "late-bet-accepted": "Went on with the late bet on box {box} on the layout: no bets after the first card",
    "refused-a-bet": "Refused a bet at box {box} that nobody placed late",
    "not-a-dealer-action": "That is the {actor}'s action, not the dealer's",
    "round-over": "The round is over: nothing more is due",
    "out-of-order": "Not the next step of the procedure",
}
"""Every mistake code of ``games.blackjack.round_mistakes.MISTAKES``, as a sentence."""


def mistake_message(mistake: str, details: Mapping[str, str]) -> str:
    """The sentence of a mistake code, with its details filled in."""
    template = MESSAGES.get(mistake, MESSAGES["out-of-order"])
    try:
        return template.format(**details)
    except KeyError:
        return MESSAGES["out-of-order"]


def explain_mistake(error: ProcedureError) -> str:
    """The mistake, its rule, and what was due."""
    due = describe(error.due) if error.due is not None else "nothing (the round is over)"
    return f"{mistake_message(error.mistake, error.details)} ({error.rule}). Due: {due}."


def _spot(box: int, hand: int | None, bet: Stake | None) -> str:
    where = f"box {box}" + (f" hand {hand}" if hand is not None else "")
    if bet is not None and bet is not Stake.MAIN:
        where += f" ({bet.value.replace('-', ' ')})"
    return where


def describe(action: Action) -> str:
    """A phrase for one action: ``deal 9C to box 2``, ``pay box 1 15.00``."""
    if isinstance(action, Deal):
        return f"deal {format_card(action.card)} to {_spot(action.box, action.hand, None)}"
    if isinstance(action, DealDealer):
        return f"deal {format_card(action.card)} to the dealer"
    if isinstance(action, (Pay, Collect, Return)):
        verb = {Pay: "pay", Collect: "collect from", Return: "give back to"}[type(action)]
        return f"{verb} {_spot(action.box, action.hand, action.bet)} {format_money(action.amount)}"
    if isinstance(action, Announce):
        return "announce blackjack" if action.blackjack else f"announce {action.total}"
    simple = {
        OfferInsurance: "offer insurance to box {box}", OfferEvenMoney: "offer even money to box {box}",
        Exchange: "exchange the second cards of box {box} and its pair", Sideways: "turn box {box}'s card sideways",
        RefuseBet: "refuse the late bet on box {box}", Surrender: "box {box} surrenders",
        TakeEvenMoney: "box {box} takes even money", NoEvenMoney: "box {box} declines even money",
        NoInsurance: "box {box} declines insurance", Switch: "box {box} calls the switch",
        NoSwitch: "box {box} does not switch",
    }
    for kind, template in simple.items():
        if isinstance(action, kind):
            return template.format(box=getattr(action, "box", ""))
    if isinstance(action, Insure):
        return f"box {action.box} insures for {format_money(action.amount)}"
    if isinstance(action, LateBet):
        return f"a late bet of {format_money(action.amount)} on box {action.box}"
    if isinstance(action, (Hit, Stand, Double, Split)):
        return f"{_spot(action.box, action.hand, None)} {action.VERB}s"
    return action.notation()
