"""Settling a box against the dealer's hand: BJ-9, BJ-O, BJ-10, insurance, even money,
surrender, and (through the rule set's traits) Jack Switch's 22 push (JS-4).

A box is one player's bet: one hand, or two to four after splits (BJ-S2). Amounts are
Decimal; a ``win`` is the player's net on a hand (positive paid, negative collected).

>>> from games.blackjack.rules import BlackjackRules
>>> box = Box(bet=Decimal("35"), hands=(PlayerHand(parse_hand("AS KD")),))
>>> settled = settle_box(box, parse_hand("9H 8C"), BlackjackRules())
>>> settled.hands[0].result, settled.net
(<Result.BLACKJACK: 'blackjack'>, Decimal('52.50'))
>>> box = Box(bet=Decimal("10"), hands=(PlayerHand(parse_hand("8S 3H TC"), doubled=True),))
>>> settle_box(box, parse_hand("AD KH"), BlackjackRules()).net  # BJ-O: only the original bet is lost
Decimal('-10.00')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from games.blackjack import words
from games.blackjack.dealer import dealer_result, verify_dealer_hand
from games.blackjack.errors import ImpossibleShoeError, SituationError, StakeError
from games.blackjack.hand import TWENTY_ONE, Ruled, card_value, hand_value, is_ten_value, verify_player_draws
from games.blackjack.options import Action, OptionsSituation, refusal_reason
from games.blackjack.rules import EVEN_MONEY, NO_SURRENDER, TwentyOneRules
from games.cards import Card, Rank
from games.errors import ImpossibleCardsError
from games.money import ZERO, format_money, payout, to_cents
from games.reasons import Reason


class Result(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    BLACKJACK = "blackjack"
    SURRENDER = "surrender"


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """A hand of a box, its cards in the order dealt (after a split, the first card is
    the split card)."""

    cards: tuple[Card, ...]
    doubled: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    """One player's box at the end of the round."""

    bet: Decimal
    """The original bet (every split hand carries the same, BJ-S1; a double adds it, BJ-D1)."""
    hands: tuple[PlayerHand, ...]
    insurance: Decimal = ZERO
    even_money: bool = False
    surrendered: bool = False
    switched: bool = False
    """Jack Switch: the box's second card was switched (JS-7): no blackjack (JS-8)."""

    @property
    def split(self) -> bool:
        return len(self.hands) > 1

    @property
    def split_aces(self) -> bool:
        return self.split and self.hands[0].cards[0].rank is Rank.ACE

    @property
    def extra_stakes(self) -> bool:
        """Split or double stakes that a dealer blackjack would return (BJ-O)."""
        return self.split or any(hand.doubled for hand in self.hands)

    def stake(self, hand: PlayerHand) -> Decimal:
        return self.bet * 2 if hand.doubled else self.bet


@dataclass(frozen=True, slots=True)
class HandSettlement:
    result: Result
    win: Decimal
    total: int
    note: str
    """One sentence for the trainee, citing the rule IDs (the reasons' English words)."""
    rule_ids: tuple[str, ...]
    reasons: tuple[Reason, ...] = ()
    """Why, structured (``games.blackjack.words``): the hand's settlement, then "21, not
    blackjack" where a split or switched Ace and 10-value makes 21."""


@dataclass(frozen=True, slots=True)
class BoxSettlement:
    hands: tuple[HandSettlement, ...]
    insurance_win: Decimal
    net: Decimal
    notes: tuple[str, ...]
    """The hands' notes, then the insurance note, if any."""
    rule_ids: tuple[str, ...]
    reasons: tuple[Reason, ...] = ()
    """The hands' reasons, then the insurance reason, if any."""


def half(amount: Decimal) -> Decimal:
    """Half a bet, never a fraction of a cent (rounded toward zero, games.money).

    >>> half(Decimal("10.05"))
    Decimal('5.02')
    """
    return to_cents(amount / 2)


def verify_box(box: Box, dealer: Sequence[Card], rules: TwentyOneRules) -> None:
    """Raise a :class:`SituationError`, :class:`ImpossibleShoeError` or
    :class:`StakeError` naming the field (``bet``, ``hands``, ``hands.1.cards``,
    ``hands.0.doubled``, ``insurance``, ``even_money``, ``surrendered``, ``switched``,
    ``dealer``) unless the box and the dealer's hand can end a round under ``rules``.

    The dealer's hand must be finished (BJ-8 / JS-5) unless nothing at the box depends on
    it any more (every hand busted, surrendered, took even money or was a blackjack, BJ-P8);
    the dealer then need not have drawn to 17, but still never drew past a stand, and
    shows a second card when insurance, a waiting blackjack (BJ-10) or a split or double
    stake (BJ-O) waits for it. A surrender collects the bet less half of it rounded down
    (BJ-P10).
    """
    if box.bet <= 0:
        raise StakeError("bet", "the bet must be more than zero")
    if not 1 <= len(box.hands) <= rules.max_hands:
        raise SituationError(
            "hands", f"a box holds 1 to {rules.max_hands} hands (BJ-S2: at most {rules.max_hands - 1} splits)"
        )
    if box.switched and not rules.HAS_SWITCH:
        raise SituationError("switched", f"there is no switch in {rules.GAME or 'this game'}")
    if not dealer:
        raise SituationError("dealer", "the dealer has at least one card")
    seen: list[Card] = []
    for index, hand in enumerate(box.hands):
        field = f"hands.{index}.cards"
        if len(hand.cards) < 2:
            raise SituationError(field, "a hand has at least two cards")
        seen.extend(hand.cards)
        try:
            rules.shoe.verify(seen)
        except ImpossibleCardsError as error:
            raise ImpossibleShoeError(field, str(error)) from None
    try:
        rules.shoe.verify([*seen, *dealer])
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("dealer", str(error)) from None
    _verify_split(box, rules)
    for index, hand in enumerate(box.hands):
        verify_player_draws(hand.cards, rules, field=f"hands.{index}.cards", split_hand=box.split,
                            switched=box.switched)
        if hand.doubled:
            _verify_double(box, index, rules)
    _verify_surrender(box, dealer, rules)
    _verify_even_money_and_insurance(box, dealer, rules)
    _verify_dealer(box, dealer, rules)


def _verify_split(box: Box, rules: TwentyOneRules) -> None:
    if not box.split:
        return
    split_value = card_value(box.hands[0].cards[0])
    for index, hand in enumerate(box.hands[1:], start=1):
        if card_value(hand.cards[0]) != split_value:
            raise SituationError(
                f"hands.{index}.cards",
                f"every hand of a split box starts with a card of the split pair's value, here {split_value} "
                f"(BJ-S1); {hand.cards[0]} is not",
            )
    if box.split_aces:
        if len(box.hands) != 2:
            raise SituationError("hands", "Aces are split only once: two hands (BJ-S3)")
        for index, hand in enumerate(box.hands):
            if len(hand.cards) != 2:
                raise SituationError(f"hands.{index}.cards", "a split Ace receives exactly one card (BJ-S3)")


def _verify_double(box: Box, index: int, rules: TwentyOneRules) -> None:
    field = f"hands.{index}.doubled"
    hand = box.hands[index]
    if box.split_aces:
        raise SituationError(field, "split Aces cannot be doubled (BJ-D2)")
    if box.split and not rules.double_after_split:
        raise SituationError(field, "this house does not allow a double after a split (BJ-D2)")
    if hand_value(hand.cards[:2], split_hand=box.split, switched=box.switched).blackjack:
        raise SituationError(field, "a blackjack cannot be doubled (BJ-D1)")
    if len(hand.cards) != 3:
        raise SituationError(field, f"a doubled hand receives exactly one more card: 3 cards, not {len(hand.cards)} "
                                    "(BJ-D1)")


def _verify_surrender(box: Box, dealer: Sequence[Card], rules: TwentyOneRules) -> None:
    if not box.surrendered:
        return
    if not rules.surrender_offered:
        raise SituationError("surrendered", NO_SURRENDER)
    hand = box.hands[0]
    if box.split:
        raise SituationError("surrendered", "only an unsplit hand can surrender (BJ-R1)")
    if len(hand.cards) != 2 or hand.doubled:
        raise SituationError("surrendered", "a hand surrenders on its first two cards, before any other card (BJ-R1)")
    if dealer[0].rank is Rank.ACE:
        raise SituationError("surrendered", "no surrender against a dealer Ace (BJ-R3)")
    if hand_value(hand.cards, switched=box.switched).blackjack:
        raise SituationError("surrendered", "a blackjack cannot surrender (BJ-R3)")
    if box.even_money:
        raise SituationError("even_money", "a surrendered hand takes no even money (BJ-E, BJ-R1)")


def _verify_even_money_and_insurance(box: Box, dealer: Sequence[Card], rules: TwentyOneRules) -> None:
    first = box.hands[0]
    dealt_blackjack = not box.split and hand_value(first.cards, switched=box.switched).blackjack
    if box.even_money:
        if box.split or not dealt_blackjack:
            why = "a switched hand is never a blackjack (JS-8)" if box.switched else "the hand is not a blackjack"
            raise SituationError("even_money", f"even money is only for an unsplit blackjack (BJ-E): {why}")
        if dealer[0].rank is not Rank.ACE:
            raise SituationError(
                "even_money", "even money is only against a dealer Ace; otherwise a blackjack is paid at once (BJ-E, "
                "BJ-10)"
            )
    if box.insurance == 0:
        return
    if dealer[0].rank is not Rank.ACE:
        raise SituationError("insurance", "insurance is offered only when the dealer's first card is an Ace (BJ-I1)")
    if box.insurance > half(box.bet):
        raise StakeError(
            "insurance", f"insurance is at most half the original bet (BJ-I1): {format_money(box.insurance)} is more "
            f"than {format_money(half(box.bet))}"
        )
    if box.even_money:
        raise SituationError("insurance", "even money is taken instead of insurance, not with it (BJ-E)")
    if dealt_blackjack:
        raise SituationError("insurance", "a blackjack is offered even money instead of insurance (BJ-E)")


def insurance_maximum(situation: OptionsSituation, bet: Decimal, rules: TwentyOneRules) -> Ruled[Decimal]:
    """BJ-I1: the most a box may put on insurance, half its original bet, when insurance is
    offered to it; nothing when it is not (a blackjack is offered even money instead, BJ-E).

    >>> from games.blackjack.rules import BlackjackRules
    >>> ace = parse_hand("AD")[0]
    >>> insurance_maximum(OptionsSituation(hand=parse_hand("9S 7H"), dealer=ace), Decimal("35"), BlackjackRules())
    Ruled(value=Decimal('17.50'), rule_ids=('BJ-I1',))
    >>> insurance_maximum(OptionsSituation(hand=parse_hand("AS KH"), dealer=ace), Decimal("35"), BlackjackRules())
    Ruled(value=Decimal('0.00'), rule_ids=('BJ-E', 'BJ-I1'))
    """
    why = refusal_reason(situation, Action.INSURANCE, rules)
    if why is None:
        return Ruled(half(bet), rules.cite(["BJ-I1"]))
    return Ruled(ZERO, rules.cite([why.rule, "BJ-I1"]))


def surrender_collects(bet: Decimal) -> Decimal:
    """What a surrender collects (BJ-R1, BJ-P10): the bet less half of it rounded down to
    the cent, so the player gets back the half rounded down and the house never collects
    less than half.

    >>> surrender_collects(Decimal("10.05")), surrender_collects(Decimal("25"))
    (Decimal('5.03'), Decimal('12.50'))
    """
    return bet - half(bet)


def needs_finished_dealer(box: Box) -> bool:
    """Whether the box has a hand still in play when the dealer's hand is played: not
    bust, not a blackjack (paid at once or waiting for the dealer's second card only,
    BJ-P8), and the box neither surrendered nor took even money."""
    if box.surrendered or box.even_money:
        return False
    return any(
        not (value.bust or value.blackjack)
        for value in (hand_value(hand.cards, split_hand=box.split, switched=box.switched) for hand in box.hands)
    )


def settled_without_dealer(box: Box, dealer_upcard: Card, rules: TwentyOneRules) -> bool:
    """Whether every hand of the box is settled before the dealer draws: busted (BJ-3),
    surrendered (BJ-R1), even money (BJ-E) or a blackjack paid at once (BJ-10)."""
    if box.surrendered or box.even_money:
        return True
    for hand in box.hands:
        value = hand_value(hand.cards, split_hand=box.split, switched=box.switched)
        if value.bust:
            continue
        if value.blackjack and blackjack_timing(dealer_upcard, rules).value is BlackjackTiming.NOW:
            continue
        return False
    return True


def _verify_dealer(box: Box, dealer: Sequence[Card], rules: TwentyOneRules) -> None:
    if needs_finished_dealer(box):
        verify_dealer_hand(dealer, rules, field="dealer", finished=True)
        return
    verify_dealer_hand(dealer, rules, field="dealer", finished=False)
    if len(dealer) >= 2 or box.surrendered or box.even_money:
        return
    if not settled_without_dealer(box, dealer[0], rules):
        raise SituationError("dealer", "a blackjack against a dealer Ace or 10-value waits for the dealer's second "
                                       "card (BJ-10)")
    if box.insurance > 0:
        raise SituationError("dealer", "the insurance bet is decided by the dealer's second card (BJ-I2)")
    upcard = dealer[0]
    if box.extra_stakes and (upcard.rank is Rank.ACE or is_ten_value(upcard)):
        raise SituationError(
            "dealer",
            "the dealer's second card decides whether the split or double stakes are returned (BJ-O)",
        )


class BlackjackTiming(StrEnum):
    NOW = "now"
    """Paid at once: the dealer cannot make a blackjack."""
    WAITS = "waits"
    """Waits for the dealer's second card; a dealer blackjack pushes it."""


def blackjack_timing(dealer_upcard: Card, rules: TwentyOneRules) -> Ruled[BlackjackTiming]:
    """BJ-10: a blackjack is paid at once unless the dealer's first card is an Ace or a
    10-value; then it waits for the dealer's second card.

    >>> from games.blackjack.rules import BlackjackRules
    >>> blackjack_timing(parse_hand("6H")[0], BlackjackRules())
    Ruled(value=<BlackjackTiming.NOW: 'now'>, rule_ids=('BJ-10', 'BJ-5'))
    >>> blackjack_timing(parse_hand("QH")[0], BlackjackRules()).value
    <BlackjackTiming.WAITS: 'waits'>
    """
    ids = rules.cite(["BJ-10", rules.IDS.blackjack_pays])
    if dealer_upcard.rank is Rank.ACE or is_ten_value(dealer_upcard):
        return Ruled(BlackjackTiming.WAITS, ids)
    return Ruled(BlackjackTiming.NOW, ids)


def settle_box(box: Box, dealer: Sequence[Card], rules: TwentyOneRules) -> BoxSettlement:
    """Settle ``box`` against the dealer's final hand (verified first by :func:`verify_box`).

    BJ-O: on a dealer blackjack the box loses only its original bet (carried by the
    first hand); every double and split stake is returned, busted split hands included;
    a player blackjack pushes (BJ-10). Insurance settles on its own (BJ-I2); surrender
    (BJ-R1) and even money (BJ-E) are final.
    """
    verify_box(box, dealer, rules)
    upcard = dealer[0]
    outcome = dealer_result(dealer, rules)
    hands = [_settle_hand(box, index, hand, upcard, dealer, rules) for index, hand in enumerate(box.hands)]
    insurance_win = ZERO
    notes = [settled.note for settled in hands]
    reasons = [reason for settled in hands for reason in settled.reasons]
    ids: list[str] = [rule_id for settled in hands for rule_id in settled.rule_ids]
    if box.insurance > 0:
        if outcome.blackjack:
            insurance_win = payout(box.insurance, rules.insurance_pays)
            insured = words.settled("insurance-won", "BJ-I2", insurance=box.insurance,
                                    ratio=words.ratio(rules.insurance_pays), won=insurance_win)
            cited = ["BJ-I2", "BJ-5", "BJ-I1"]
        else:
            insurance_win = -box.insurance
            insured = words.settled("insurance-lost", "BJ-I2", insurance=box.insurance)
            cited = ["BJ-I2", "BJ-I1"]
        notes.append(f"{insured.words(cite=False).rstrip('.')} ({', '.join(cited)}).")
        reasons.append(insured)
        ids.extend(cited)
    net = sum((settled.win for settled in hands), ZERO) + insurance_win
    return BoxSettlement(tuple(hands), insurance_win, net, tuple(notes), rules.cite(ids), tuple(reasons))


def _settle_hand(
    box: Box,
    index: int,
    hand: PlayerHand,
    upcard: Card,
    dealer: Sequence[Card],
    rules: TwentyOneRules,
) -> HandSettlement:
    outcome = dealer_result(dealer, rules)
    value = hand_value(hand.cards, split_hand=box.split, switched=box.switched)
    stake = box.stake(hand)
    about = {"hand": words.hand_name(index, box.split), "cards": tuple(hand.cards)}

    stake_ids: list[str] = []
    if hand.doubled:
        stake_ids.extend(["BJ-D1", "BJ-D2"] if box.split else ["BJ-D1"])
    if box.split:
        stake_ids.extend(["BJ-S1", "BJ-S3"] if box.split_aces else ["BJ-S1"])
    if len(box.hands) > 2:
        stake_ids.append("BJ-S2")

    natural_21 = value.total == 21 and len(hand.cards) == 2 and not value.blackjack
    natural = (words.not_blackjack(rules, switched=box.switched),) if natural_21 and (
        box.switched or box.split) else ()
    natural_ids = [natural[0].rule] if natural else []

    def done(result: Result, win: Decimal, code: str, *ids: str, **params: object) -> HandSettlement:
        cited = rules.cite([*ids, *stake_ids]) if result not in (Result.SURRENDER, Result.BLACKJACK) else rules.cite(
            ids)
        reason = words.settled(code, ids[0], **about, **params)
        extra = natural if code not in ("surrendered", "even-money") else ()
        note = f"{reason.words(cite=False).rstrip('.')} ({', '.join(cited)})."
        note += "".join(f" {item.words()}" for item in extra)
        return HandSettlement(result, to_cents(win), value.total, note, cited, (reason, *extra))

    if box.surrendered:
        lost = surrender_collects(box.bet)
        return done(Result.SURRENDER, -lost, "surrendered", "BJ-R1", lost=lost)
    if box.even_money:
        won = payout(box.bet, EVEN_MONEY)
        return done(Result.BLACKJACK, won, "even-money", "BJ-E", "BJ-4", won=won)
    bust = words.fragment(words.BUST_OR_NOT if value.bust else "")
    bust_ids = ["BJ-3"] if value.bust else []
    if outcome.blackjack:
        if value.blackjack:
            return done(Result.PUSH, ZERO, "blackjack-push", "BJ-10", "BJ-4")
        if index == 0:
            returned = ("both" if hand.doubled and box.split else "double" if hand.doubled else
                        "split" if box.split else "")
            return done(Result.LOSE, -box.bet, "original-bet-lost", "BJ-O", "BJ-6", *natural_ids, *bust_ids,
                        bet=box.bet, bust=bust, returned=words.fragment(words.RETURNED[returned] if returned else ""))
        returned_stake = words.RETURNED["stake-and-double" if hand.doubled else "stake"]
        return done(Result.PUSH, ZERO, "split-stake-returned", "BJ-O", *natural_ids, *bust_ids,
                    returned=words.fragment(returned_stake), stake=stake,
                    bust=words.fragment(words.BUST_OR_NOT_CLAUSE if value.bust else ""))
    over_21 = rules.DEALER_PUSH_TOTAL is not None and outcome.total > TWENTY_ONE
    if value.bust:
        if over_21:
            return done(Result.LOSE, -stake, "bust-past-22", "BJ-3", "JS-4", total=value.total, stake=stake)
        return done(Result.LOSE, -stake, "bust", "BJ-3", total=value.total, stake=stake)
    if value.blackjack:
        won = payout(box.bet, rules.blackjack_pays)
        paid_at = words.ratio(rules.blackjack_pays)
        if outcome.push_total:
            return done(Result.BLACKJACK, won, "blackjack-against-22", "JS-4", rules.IDS.blackjack_pays, "BJ-10",
                        "BJ-4", ratio=paid_at, won=won)
        timing = blackjack_timing(upcard, rules).value
        code = "blackjack-now" if timing is BlackjackTiming.NOW else "blackjack-later"
        return done(Result.BLACKJACK, won, code, rules.IDS.blackjack_pays, "BJ-10", "BJ-4", ratio=paid_at, won=won)
    if outcome.push_total:
        return done(Result.PUSH, ZERO, "push-22", "JS-4", *natural_ids, total=value.total)
    dealer_cards = tuple(dealer)
    if outcome.bust:
        won = payout(stake, EVEN_MONEY)
        if over_21:
            return done(Result.WIN, won, "dealer-bust-past-push", "BJ-9", "JS-4", "BJ-5", *natural_ids,
                        total=value.total, dealer=outcome.total, push=rules.DEALER_PUSH_TOTAL or 0, won=won)
        return done(Result.WIN, won, "dealer-bust", "BJ-9", "BJ-5", *natural_ids, total=value.total,
                    dealer=outcome.total, won=won)
    compared = {"total": value.total, "dealer": outcome.total, "dealer_cards": dealer_cards}
    if value.total > outcome.total:
        won = payout(stake, EVEN_MONEY)
        return done(Result.WIN, won, "win", "BJ-9", "BJ-5", *natural_ids, won=won, **compared)
    if value.total < outcome.total:
        return done(Result.LOSE, -stake, "lose", "BJ-9", *natural_ids, stake=stake, **compared)
    return done(Result.PUSH, ZERO, "push", "BJ-9", "BJ-5", *natural_ids, **compared)


class PayoutKind(StrEnum):
    BLACKJACK = "blackjack"
    WIN = "win"
    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"
    SURRENDER = "surrender"


@dataclass(frozen=True, slots=True)
class Payout:
    """The chips the dealer pays out and takes in."""

    pays: Decimal
    collects: Decimal


def dealer_payout(kind: PayoutKind, bet: Decimal, rules: TwentyOneRules) -> Ruled[Payout]:
    """What the dealer pays or collects on ``bet`` (the insurance stake for insurance,
    otherwise the original bet).

    >>> from games.blackjack.rules import BlackjackRules
    >>> dealer_payout(PayoutKind.BLACKJACK, Decimal("35"), BlackjackRules()).value
    Payout(pays=Decimal('52.50'), collects=Decimal('0.00'))
    >>> dealer_payout(PayoutKind.SURRENDER, Decimal("25"), BlackjackRules()).value
    Payout(pays=Decimal('0.00'), collects=Decimal('12.50'))
    """
    if bet <= 0:
        raise StakeError("bet", "the bet must be more than zero")
    if kind is PayoutKind.BLACKJACK:
        return Ruled(Payout(payout(bet, rules.blackjack_pays), ZERO), rules.cite([rules.IDS.blackjack_pays, "BJ-10"]))
    if kind is PayoutKind.WIN:
        return Ruled(Payout(payout(bet, EVEN_MONEY), ZERO), rules.cite(["BJ-5", "BJ-9"]))
    if kind is PayoutKind.INSURANCE:
        return Ruled(Payout(payout(bet, rules.insurance_pays), ZERO), rules.cite(["BJ-I2", "BJ-5"]))
    if kind is PayoutKind.EVEN_MONEY:
        return Ruled(Payout(payout(bet, EVEN_MONEY), ZERO), rules.cite(["BJ-E"]))
    if not rules.surrender_offered:
        raise SituationError("kind", NO_SURRENDER)
    return Ruled(Payout(ZERO, surrender_collects(bet)), rules.cite(["BJ-R1"]))
