"""Naming a wrong dealer action of a twenty-one round.

The round knows its one right next action; when the dealer does something else,
:func:`diagnose` compares the two, with the table as it stands and the steps still to
come, and returns a :class:`~games.procedure.ProcedureError` with the deciding rule ID, a
stable mistake code and the values that decided it. Words are the explainer's
(``games.blackjack.explain``). Mistake codes (:data:`MISTAKES` lists them all):

``card-not-next``, ``dealer-second-card`` ("no hole card", BJ-6), ``skipped-dealer-card``,
``deal-out-of-order``, ``card-to-finished-hand``, ``card-not-asked-for``,
``dealer-drew-early``, ``dealer-stood-early``, ``dealer-second-card-needed``, ``dealer-drew-past-stand``,
``dealer-drew-needlessly``, ``paid-blackjack-against-ace``, ``paid-blackjack-against-ten``,
``blackjack-waits-for-settlement`` (BJ-P5 / JS-P5, house ``blackjack_paid_at_turn`` off),
``blackjack-paid-3-2``, ``blackjack-paid-1-1``, ``even-money-paid-as-blackjack``,
``double-paid-as-single``, ``surrender-whole-bet``, ``collected-waiting-stake``,
``collected-stake-on-dealer-blackjack``, ``paid-insurance-before-collecting``,
``collected-bets-before-insurance``, ``paid-before-collecting``,
``settlement-started-at-wrong-box``, ``settlement-out-of-order``, ``paid-on-dealer-22``,
``settled-a-push``, ``wrong-amount``, ``skipped-offer``, ``offer-not-due``,
``insurance-offered-to-blackjack``, ``even-money-offered-to-non-blackjack``,
``switch-not-called``, ``switch-missed``, ``sideways-missed``, ``sideways-not-due``,
``wrong-total``, ``late-bet-accepted``, ``refused-a-bet``, ``not-a-dealer-action``,
``round-over``, ``out-of-order``.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Final

from games.blackjack.dealer import dealer_must_hit
from games.blackjack.hand import hand_value, is_ten_value
from games.blackjack.round_actions import (
    Announce,
    Collect,
    Deal,
    DealDealer,
    Exchange,
    OfferEvenMoney,
    OfferInsurance,
    Pay,
    RefuseBet,
    Return,
    Sideways,
    Stake,
)
from games.blackjack.round_script import BoxView, Phase, Purpose, Script, Step, TableView
from games.blackjack.rules import BLACKJACK_PAYS_3_TO_2, EVEN_MONEY
from games.cards import Card, Rank, format_card
from games.money import format_money, payout
from games.procedure import Action, Actor, ProcedureError

MISTAKES: Final = (
    "card-not-next", "dealer-second-card", "skipped-dealer-card", "deal-out-of-order", "card-to-finished-hand",
    "card-not-asked-for", "dealer-drew-early", "dealer-stood-early", "dealer-second-card-needed",
    "dealer-drew-past-stand",
    "dealer-drew-needlessly", "paid-blackjack-against-ace", "paid-blackjack-against-ten",
    "blackjack-waits-for-settlement", "blackjack-paid-3-2",
    "blackjack-paid-1-1", "even-money-paid-as-blackjack", "double-paid-as-single", "surrender-whole-bet",
    "collected-waiting-stake", "collected-stake-on-dealer-blackjack", "paid-insurance-before-collecting",
    "collected-bets-before-insurance", "paid-before-collecting", "settlement-started-at-wrong-box",
    "settlement-out-of-order", "paid-on-dealer-22", "settled-a-push", "wrong-amount", "skipped-offer",
    "offer-not-due", "insurance-offered-to-blackjack", "even-money-offered-to-non-blackjack", "switch-not-called",
    "switch-missed", "sideways-missed", "sideways-not-due", "wrong-total", "late-bet-accepted", "refused-a-bet",
    "not-a-dealer-action", "round-over", "out-of-order",
)
"""Every mistake code :func:`diagnose` returns."""

_CHIPS = (Pay, Collect, Return)


def _canonical(action: Action) -> Action:
    """Defaults written out or left out mean the same: ``hand=1`` on an unsplit box is the
    box's one hand, ``bet=main`` the main bet, ``blackjack=no`` no blackjack."""
    changes: dict[str, object] = {}
    if getattr(action, "bet", None) is Stake.MAIN:
        changes["bet"] = None
    if getattr(action, "blackjack", None) is False:
        changes["blackjack"] = None
    return dataclasses.replace(action, **changes) if changes else action  # type: ignore[type-var]


def same_action(attempted: Action, due: Action) -> bool:
    """Whether ``attempted`` is the ``due`` action (written with or without its defaults)."""
    if attempted == due:
        return True
    if type(attempted) is not type(due):
        return False
    attempted = _canonical(attempted)
    if attempted == due:
        return True
    if getattr(attempted, "hand", None) == 1 and getattr(due, "hand", 0) is None:
        return dataclasses.replace(attempted, hand=None) == due  # type: ignore[type-var]
    return False


def _target(action: Action) -> tuple[object, ...]:
    """What an action is about, without its amount or card: the same target means the right
    spot done wrong."""
    action = _canonical(action)
    return (type(action), getattr(action, "box", None), getattr(action, "hand", None) or 1,
            getattr(action, "bet", None))


class _Context:
    def __init__(self, script: Script, position: int, attempted: Action) -> None:
        self.script = script
        self.position = position
        self.attempted = attempted
        self.rules = script.start.rules
        self.view: TableView = script.views[position]
        self.step: Step | None = script.steps[position] if position < len(script.steps) else None
        self.later = script.steps[position + 1:]

    def error(self, rule: str, mistake: str, **details: object) -> ProcedureError:
        return ProcedureError(
            rule=rule, mistake=mistake, attempted=self.attempted, due=self.step.action if self.step else None,
            details={key: _text(value) for key, value in details.items()},
        )

    @property
    def upcard(self) -> Card | None:
        return self.view.dealer[0] if self.view.dealer else None

    def matching_later(self) -> Step | None:
        """A later step the attempted action is (the dealer skipped ahead), or one with the
        same target (the right spot later, perhaps with another amount)."""
        for step in self.later:
            if _target(step.action) == _target(self.attempted):
                return step
        return None


def _text(value: object) -> str:
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, Decimal):
        return format_money(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def diagnose(script: Script, position: int, attempted: Action) -> ProcedureError:
    """The named mistake of doing ``attempted`` where step ``position`` was due."""
    context = _Context(script, position, attempted)
    step = context.step
    if step is None:
        if isinstance(attempted, _CHIPS):
            return _nothing_due_there(context, None)
        return context.error("BJ-P9", "round-over")
    if attempted.ACTOR is not Actor.DEALER:
        return context.error(step.rules[0], "not-a-dealer-action", actor=attempted.ACTOR.value)
    due = step.action
    early = _early_blackjack(context)
    if early is not None and not same_action(attempted, due):
        return early
    waiting = _blackjack_waits_for_settlement(context)
    if waiting is not None:
        return waiting
    for check in (_card_not_next, _switch, _offers, _calls, _cards, _dealer_hand, _chips):
        found = check(context, due, step)
        if found is not None:
            return found
    return context.error(step.rules[0], "out-of-order")


def _next_card(context: _Context) -> Card | None:
    shoe = context.script.start.shoe
    dealt = context.view.cards_dealt
    return shoe[dealt] if dealt < len(shoe) else None


def _card_not_next(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if not isinstance(attempted, (Deal, DealDealer)):
        return None
    next_card = _next_card(context)
    if attempted.card != next_card:
        return context.error("BJ-P2", "card-not-next", card=attempted.card, next=next_card or "none")
    return None


def _cards(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if not isinstance(attempted, (Deal, DealDealer)):
        return None
    if isinstance(attempted, DealDealer):
        if step.phase is Phase.DEAL and context.view.dealer:
            return context.error("BJ-6", "dealer-second-card")
        if step.phase in (Phase.DEAL, Phase.PLAY, Phase.OFFERS, Phase.SURRENDERS, Phase.SIDE_BETS):
            return context.error("BJ-P8", "dealer-drew-early", phase=step.phase.value)
        if step.phase is Phase.DEALER or step.phase is Phase.SETTLEMENT:
            return _dealer_drew_too_much(context)
        return None
    # a card to a box
    if isinstance(due, DealDealer) and step.phase is Phase.DEAL:
        return context.error("BJ-P2", "skipped-dealer-card")
    box = _box(context.view, attempted.box)
    if box is not None:
        index = (attempted.hand or 1) - 1
        if index < len(box.hands) and box.hands[index].finished:
            return context.error(context.rules.IDS.player_draws, "card-to-finished-hand", box=attempted.box,
                                 hand=index + 1)
    if step.phase is Phase.DEAL:
        return context.error("BJ-P2", "deal-out-of-order", box=attempted.box,
                             due_box=getattr(due, "box", "dealer"))
    if isinstance(due, Deal):
        return context.error(step.rules[0], "deal-out-of-order", box=attempted.box, due_box=due.box)
    return context.error(step.rules[0], "card-not-asked-for", box=attempted.box)


def _dealer_drew_too_much(context: _Context) -> ProcedureError:
    value = hand_value(context.view.dealer)
    if len(context.view.dealer) >= 2 and not dealer_must_hit(value, context.rules):
        return context.error(context.rules.IDS.dealer_draws, "dealer-drew-past-stand", total=value.total,
                             soft=value.soft)
    return context.error("BJ-P8", "dealer-drew-needlessly")


def _box(view: TableView, number: int) -> BoxView | None:
    try:
        return view.box(number)
    except KeyError:
        return None


def _dealer_hand(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    if not isinstance(due, DealDealer) or step.phase is not Phase.DEALER:
        return None
    value = hand_value(context.view.dealer)
    draws = context.rules.IDS.dealer_draws
    if draws not in step.rules:  # BJ-P8: no box in play, only the second card is drawn
        return context.error("BJ-P8", "dealer-second-card-needed", total=value.total, soft=value.soft)
    return context.error(draws, "dealer-stood-early", total=value.total, soft=value.soft)


def _offers(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if isinstance(attempted, (OfferInsurance, OfferEvenMoney)):
        if context.upcard is not None and context.upcard.rank is not Rank.ACE:
            rule = "BJ-I1" if isinstance(attempted, OfferInsurance) else "BJ-E"
            return context.error(rule, "offer-not-due", upcard=context.upcard)
        if isinstance(attempted, OfferInsurance) and isinstance(due, OfferEvenMoney) and attempted.box == due.box:
            return context.error("BJ-E", "insurance-offered-to-blackjack", box=attempted.box)
        if isinstance(attempted, OfferEvenMoney) and isinstance(due, OfferInsurance) and attempted.box == due.box:
            return context.error("BJ-E", "even-money-offered-to-non-blackjack", box=attempted.box)
        return context.error("BJ-P4", "offer-not-due" if step.phase is not Phase.OFFERS else "out-of-order",
                             box=attempted.box)
    if isinstance(due, (OfferInsurance, OfferEvenMoney)):
        return context.error("BJ-P4", "skipped-offer", box=due.box)
    return None


def _switch(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if isinstance(due, Exchange):
        return context.error("JS-7", "switch-missed", box=due.box)
    if isinstance(attempted, Exchange):
        return context.error("JS-7", "switch-not-called", box=attempted.box)
    if isinstance(due, Sideways):
        return context.error("JS-8", "sideways-missed", box=due.box)
    if isinstance(attempted, Sideways):
        return context.error("JS-8", "sideways-not-due", box=attempted.box)
    return None


def _calls(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if isinstance(due, RefuseBet):
        return context.error("BJ-P1", "late-bet-accepted", box=due.box)
    if isinstance(attempted, RefuseBet):
        return context.error("BJ-P1", "refused-a-bet", box=attempted.box)
    if isinstance(due, Announce) and isinstance(attempted, Announce):
        return context.error(context.rules.IDS.values, "wrong-total", total=due.total, announced=attempted.total)
    return None


def _chips(context: _Context, due: Action, step: Step) -> ProcedureError | None:
    attempted = context.attempted
    if not isinstance(attempted, _CHIPS):
        return None
    if (isinstance(due, Deal) and step.phase is Phase.PLAY) or isinstance(due, (DealDealer, Announce)):
        early = _early_blackjack(context)
        if early is not None:
            return early
    if _target(attempted) == _target(due):
        return _wrong_amount(context, due, step)
    if not _dealer_finished(context):
        # Which spots will be paid or collected later depends on cards still in the shoe and
        # on decisions not yet made: until the dealer's hand is final, every chip movement
        # not due now gets the one answer of the current step, whatever the box.
        return context.error(step.rules[0], "out-of-order", box=getattr(attempted, "box", ""))
    later = context.matching_later()
    if later is None:
        return _nothing_due_there(context, step)
    if later.phase is Phase.SETTLEMENT and step.phase is not Phase.SETTLEMENT:
        if isinstance(due, Deal | DealDealer) and step.phase is Phase.PLAY:
            return context.error(step.rules[0], "out-of-order", box=getattr(attempted, "box", ""))
        return context.error("BJ-P8" if isinstance(due, DealDealer) else step.rules[0], "out-of-order")
    if step.phase is Phase.SETTLEMENT and later.phase is Phase.SETTLEMENT:
        return _settlement_order(context, due, step, later)
    return context.error(step.rules[0], "out-of-order", box=getattr(attempted, "box", ""))


def _early_blackjack(context: _Context) -> ProcedureError | None:
    """A blackjack paid while it waits for the dealer's second card (BJ-10, BJ-P5)."""
    attempted = context.attempted
    upcard = context.upcard
    if not isinstance(attempted, Pay) or upcard is None or len(context.view.dealer) != 1:
        return None
    box = _box(context.view, attempted.box)
    if box is None or attempted.bet not in (None, Stake.MAIN):
        return None
    step = context.step
    if step is not None and step.purpose is Purpose.EVEN_MONEY and getattr(step.action, "box", None) == box.box:
        return None
    hands = box.hands
    if len(hands) != 1 or not hand_value(hands[0].cards, switched=box.switched).blackjack:
        return None
    if upcard.rank is Rank.ACE:
        return context.error("BJ-10", "paid-blackjack-against-ace", box=attempted.box, upcard=upcard)
    if is_ten_value(upcard):
        return context.error("BJ-10", "paid-blackjack-against-ten", box=attempted.box, upcard=upcard)
    return None


def _blackjack_waits_for_settlement(context: _Context) -> ProcedureError | None:
    """A blackjack paid at its box's turn where the house pays it in the settlement
    (BJ-P5 / JS-P5 house choice, ``blackjack_paid_at_turn`` off)."""
    attempted, step, rules = context.attempted, context.step, context.rules
    if (rules.blackjack_paid_at_turn or step is None or step.phase is Phase.SETTLEMENT
            or not isinstance(attempted, Pay) or attempted.bet not in (None, Stake.MAIN)):
        return None
    box = _box(context.view, attempted.box)
    upcard = context.upcard
    if box is None or upcard is None or upcard.rank is Rank.ACE or is_ten_value(upcard) or len(box.hands) != 1:
        return None
    if box.even_money or box.hands[0].taken or not hand_value(box.hands[0].cards, switched=box.switched).blackjack:
        return None
    return context.error(rules.IDS.blackjack_paid, "blackjack-waits-for-settlement", box=box.box)


def _wrong_amount(context: _Context, due: Action, step: Step) -> ProcedureError:
    attempted = context.attempted
    assert isinstance(due, _CHIPS)
    assert isinstance(attempted, _CHIPS)
    expected: Decimal = due.amount
    given: Decimal = attempted.amount
    values = {"box": due.box, "expected": expected, "amount": given}
    rules = context.rules
    bet = context.script.start.box_bet(due.box).bet
    if step.purpose in (Purpose.BLACKJACK_NOW, Purpose.WIN) and isinstance(due, Pay) and _is_blackjack_pay(context,
                                                                                                          due):
        if given == payout(bet, BLACKJACK_PAYS_3_TO_2) and rules.blackjack_pays != BLACKJACK_PAYS_3_TO_2:
            return context.error(rules.IDS.blackjack_pays, "blackjack-paid-3-2", pays=rules.blackjack_pays, **values)
        if given == payout(bet, EVEN_MONEY) and rules.blackjack_pays != EVEN_MONEY:
            return context.error(rules.IDS.blackjack_pays, "blackjack-paid-1-1", pays=rules.blackjack_pays, **values)
        return context.error(rules.IDS.blackjack_pays, "wrong-amount", **values)
    if step.purpose is Purpose.EVEN_MONEY and given == payout(bet, rules.blackjack_pays):
        return context.error("BJ-E", "even-money-paid-as-blackjack", **values)
    if step.purpose is Purpose.SURRENDER and isinstance(due, Collect) and given == bet:
        return context.error("BJ-R1", "surrender-whole-bet", **values)
    if step.purpose is Purpose.BUST and isinstance(due, Collect) and given > expected:
        return context.error("BJ-P7", "collected-waiting-stake", **values)
    if step.purpose is Purpose.LOSE and isinstance(due, Collect) and given > expected and _dealer_blackjack(context):
        return context.error("BJ-O", "collected-stake-on-dealer-blackjack", **values)
    if step.purpose is Purpose.WIN and isinstance(due, Pay) and given * 2 == expected:
        return context.error("BJ-D1", "double-paid-as-single", **values)
    return context.error(_amount_rule(step), "wrong-amount", **values)


def _amount_rule(step: Step) -> str:
    for rule in step.rules:
        if rule not in ("BJ-P9", "BJ-P3", "BJ-P4", "BJ-P4b", "BJ-P5", "JS-P5", "BJ-P7"):
            return rule
    return step.rules[0]


def _is_blackjack_pay(context: _Context, due: Pay) -> bool:
    box = context.view.box(due.box)
    return len(box.hands) == 1 and hand_value(box.hands[0].cards, switched=box.switched).blackjack


def _dealer_blackjack(context: _Context) -> bool:
    return len(context.script.dealer) == 2 and hand_value(context.script.dealer).blackjack


def _nothing_due_there(context: _Context, step: Step | None) -> ProcedureError:
    """Chips moved at a spot where nothing is due, now or later."""
    attempted = context.attempted
    box = getattr(attempted, "box", None)
    settled = dict(context.script.settlements)
    result = settled.get(box) if isinstance(box, int) else None
    hand = (getattr(attempted, "hand", None) or 1) - 1
    dealer = context.script.dealer
    # Only once the dealer's hand is complete on the table: before that, naming the push
    # would tell the trainee how the dealer's hand ends (a card not yet dealt).
    if (result is not None and _dealer_finished(context) and hand < len(result.hands)
            and getattr(attempted, "bet", None) in (None, Stake.MAIN)):
        outcome = result.hands[hand]
        if outcome.win == 0 and str(outcome.result) == "push":
            push_total = context.rules.DEALER_PUSH_TOTAL
            if push_total is not None and hand_value(dealer).total == push_total:
                return context.error("JS-4", "paid-on-dealer-22", box=box, hand=hand + 1)
            return context.error("BJ-9", "settled-a-push", box=box, hand=hand + 1)
    if step is None:
        return context.error("BJ-P9", "round-over")
    if step.phase is Phase.SETTLEMENT:
        return context.error("BJ-P9", "settlement-out-of-order", box=box or "")
    return context.error(step.rules[0], "out-of-order", box=box or "")


def _dealer_finished(context: _Context) -> bool:
    """The dealer has drawn every card they will draw in this round."""
    return not any(isinstance(step.action, DealDealer) for step in context.script.steps[context.position:])


def _settlement_order(context: _Context, due: Action, step: Step, later: Step) -> ProcedureError:
    """BJ-P9's order: insurance, losing bets, winning bets (dealer blackjack: losing bets
    then insurance), each pass in reverse box order."""
    attempted = context.attempted
    first = context.position == 0 or context.script.steps[context.position - 1].phase is not Phase.SETTLEMENT
    box = getattr(attempted, "box", "")
    if context.rules.settle_box_by_box and box != getattr(due, "box", box):  # BJ-P9 house: box by box
        mistake = "settlement-started-at-wrong-box" if first else "settlement-out-of-order"
        return context.error("BJ-P9", mistake, box=box, due_box=getattr(due, "box", ""))
    if later.purpose is Purpose.INSURANCE and isinstance(attempted, Pay) and step.purpose in (Purpose.LOSE,
                                                                                             Purpose.RETURN):
        return context.error("BJ-P9", "paid-insurance-before-collecting", box=box)
    if step.purpose is Purpose.INSURANCE and later.purpose is not Purpose.INSURANCE:
        return context.error("BJ-P9", "collected-bets-before-insurance", box=box)
    if later.purpose is Purpose.WIN and step.purpose in (Purpose.LOSE, Purpose.INSURANCE):
        return context.error("BJ-P9", "paid-before-collecting", box=box)
    if first:
        return context.error("BJ-P9", "settlement-started-at-wrong-box", box=box, due_box=getattr(due, "box", ""))
    return context.error("BJ-P9", "settlement-out-of-order", box=box, due_box=getattr(due, "box", ""))
