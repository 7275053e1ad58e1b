"""What a hand may do now: stand, hit, double, split, surrender, insurance, even money.

Each option has a ``can_x`` (bool), a ``verify_x`` (raises :class:`IllegalActionError`
with the reason) and :func:`legal_options` lists them all, with the rule IDs.

>>> from games.blackjack.rules import BlackjackRules
>>> situation = OptionsSituation(hand=parse_hand("8S 8H"), dealer=parse_hand("6D")[0])
>>> [str(action) for action in legal_options(situation, BlackjackRules()).allowed]
['stand', 'hit', 'double', 'split', 'surrender']
>>> can_surrender(OptionsSituation(hand=parse_hand("TS 6H"), dealer=parse_hand("AD")[0]), BlackjackRules())
False
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from games.blackjack.errors import ImpossibleShoeError, SituationError
from games.blackjack.hand import (
    HandValue,
    card_value,
    hand_value,
    is_natural,
    player_draw_refusal_code,
    verify_player_draws,
)
from games.blackjack.rules import TwentyOneRules
from games.blackjack.words import open_option, option_allowed, option_not_allowed, phrase, refused
from games.cards import Card, Rank
from games.errors import IllegalActionError, ImpossibleCardsError
from games.reasons import Reason


class Action(StrEnum):
    """A player's option, in the order RULINGS.md lists them."""

    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    EVEN_MONEY = "even-money"


@dataclass(frozen=True, slots=True)
class OptionsSituation:
    """A hand about to act, before the dealer's second card (BJ-6)."""

    hand: tuple[Card, ...]
    dealer: Card
    """The dealer's first (and only) card."""
    hands_in_box: int = 1
    """Hands in the box now: more than one means the box was split."""
    from_split_aces: bool = False
    third_card_dealt: bool = False
    """Some box at the table has drawn a third card (BJ-R2; insurance is over too)."""
    switched: bool = False
    """Jack Switch: this hand's box was switched (JS-7)."""

    @property
    def split_hand(self) -> bool:
        return self.hands_in_box > 1

    @property
    def value(self) -> HandValue:
        return hand_value(self.hand, split_hand=self.split_hand, switched=self.switched)


def verify_options_situation(situation: OptionsSituation, rules: TwentyOneRules) -> None:
    """Raise :class:`SituationError` / :class:`ImpossibleShoeError` (naming the field)
    unless the situation can happen under ``rules``."""
    s = situation
    if len(s.hand) < 2:
        raise SituationError("hand", "a hand acts once it has two cards")
    if not 1 <= s.hands_in_box <= rules.max_hands:
        raise SituationError("hands_in_box", f"a box holds 1 to {rules.max_hands} hands (BJ-S2)")
    if s.switched and not rules.HAS_SWITCH:
        raise SituationError("switched", f"there is no switch in {rules.GAME or 'this game'}")
    if s.from_split_aces:
        if s.hands_in_box < 2:
            raise SituationError("from_split_aces", "split Aces make at least two hands in the box (BJ-S3)")
        if len(s.hand) != 2:
            raise SituationError("hand", "a split Ace receives exactly one more card (BJ-S3)")
        if not any(card.rank is Rank.ACE for card in s.hand):
            raise SituationError("hand", "a hand from split Aces holds its Ace")
    try:
        rules.shoe.verify(s.hand)
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("hand", str(error)) from None
    try:
        rules.shoe.verify([*s.hand, s.dealer])
    except ImpossibleCardsError as error:
        raise ImpossibleShoeError("dealer", str(error)) from None
    verify_player_draws(s.hand, rules, field="hand", split_hand=s.split_hand, switched=s.switched)


Check = tuple[Reason | None, tuple[str, ...]]
"""(the reason the option is refused or None, the rule IDs that decide it)."""


def _stand(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    value = s.value
    if value.bust:
        return refused("stand-bust", rules, total=value.total), ("BJ-3",)
    if is_natural(s.hand) and not value.blackjack:
        # Ace + 10-value that is 21, not blackjack: after a switch (JS-8) or a split (BJ-S4).
        return None, (rules.IDS.player_draws, "JS-8" if s.switched else "BJ-S4")
    return None, (rules.IDS.player_draws,)


def _hit(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if s.from_split_aces:
        return refused("hit-split-aces", rules), ("BJ-S3",)
    code = player_draw_refusal_code(s.value, rules)
    ids = ("BJ-3",) if s.value.bust else (rules.IDS.player_draws,)
    return (None if code is None else refused(code, rules, total=s.value.total)), ids


def _double(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if s.value.bust:
        return refused("double-bust", rules), ("BJ-3",)
    if s.from_split_aces:
        return refused("double-split-aces", rules), ("BJ-D2", "BJ-S3")
    if len(s.hand) != 2:
        return refused("double-first-two", rules), ("BJ-D1",)
    if s.value.blackjack:
        return refused("double-blackjack", rules), ("BJ-D1",)
    if s.split_hand and not rules.double_after_split:
        return refused("double-after-split", rules), ("BJ-D2",)
    code = player_draw_refusal_code(s.value, rules)
    if code is not None:
        return refused("double-at-hard-21" if code == "draw-hard-21" else "double-at-21", rules), (
            "BJ-D1", rules.IDS.player_draws)
    return None, ("BJ-D1", "BJ-D2") if s.split_hand else ("BJ-D1",)


def _split(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if len(s.hand) != 2:
        return refused("split-first-two", rules), ("BJ-S1",)
    first, second = s.hand
    if card_value(first) != card_value(second):
        return refused("split-not-pair", rules), ("BJ-S1",)
    if first.rank is Rank.ACE and (s.split_hand or s.from_split_aces):
        return refused("split-aces-again", rules), ("BJ-S3",)
    if s.hands_in_box >= rules.max_hands:
        return refused("split-limit", rules, hands=s.hands_in_box), ("BJ-S2",)
    return None, ("BJ-S1", "BJ-S3") if first.rank is Rank.ACE else ("BJ-S1", "BJ-S2")


def _surrender(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if not rules.surrender_offered:
        return refused("surrender-not-offered", rules), ("BJ-R1",)
    if s.split_hand:
        return refused("surrender-split", rules), ("BJ-R1",)
    if len(s.hand) != 2:
        return refused("surrender-first-two", rules), ("BJ-R1",)
    if s.third_card_dealt:
        return refused("surrender-third-card", rules), ("BJ-R2",)
    if s.dealer.rank is Rank.ACE:
        return refused("surrender-ace", rules), ("BJ-R3",)
    if s.value.blackjack:
        return refused("surrender-blackjack", rules), ("BJ-R3",)
    return None, ("BJ-R1", "BJ-R2")


def _offer_window_closed(s: OptionsSituation) -> str | None:
    """Why the insurance / even-money offer is over: "started" or "switched" (JS-7)."""
    if s.split_hand or len(s.hand) != 2 or s.third_card_dealt:
        return "started"
    if s.switched:
        return "switched"
    return None


def _insurance(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if s.dealer.rank is not Rank.ACE:
        return refused("insurance-no-ace", rules), ("BJ-I1",)
    closed = _offer_window_closed(s)
    if closed is not None:
        return refused(f"insurance-{closed}", rules), ("BJ-I1",)
    if s.value.blackjack:
        return refused("insurance-blackjack", rules), ("BJ-E",)
    return None, ("BJ-I1",)


def _even_money(s: OptionsSituation, rules: TwentyOneRules) -> Check:
    if not s.value.blackjack:
        return refused("even-money-not-blackjack", rules), ("BJ-E",)
    if s.dealer.rank is not Rank.ACE:
        return refused("even-money-no-ace", rules), ("BJ-E", "BJ-10")
    closed = _offer_window_closed(s)
    if closed is not None:
        return refused(f"even-money-{closed}", rules), ("BJ-E",)
    return None, ("BJ-E",)


_CHECKS: dict[Action, Callable[[OptionsSituation, TwentyOneRules], Check]] = {
    Action.STAND: _stand,
    Action.HIT: _hit,
    Action.DOUBLE: _double,
    Action.SPLIT: _split,
    Action.SURRENDER: _surrender,
    Action.INSURANCE: _insurance,
    Action.EVEN_MONEY: _even_money,
}


@dataclass(frozen=True, slots=True)
class OptionsReport:
    """Every option of a hand: the allowed ones and, for the others, why not."""

    allowed: tuple[Action, ...]
    refused: tuple[tuple[Action, Reason], ...]
    rule_ids: tuple[str, ...]


def legal_options(situation: OptionsSituation, rules: TwentyOneRules) -> OptionsReport:
    """The options of ``situation`` under ``rules`` (call :func:`verify_options_situation`
    first for input that may be impossible).

    >>> from games.blackjack.rules import BlackjackRules
    >>> report = legal_options(OptionsSituation(hand=parse_hand("AS KH"), dealer=parse_hand("AD")[0]), BlackjackRules())
    >>> [str(a) for a in report.allowed], report.rule_ids[:2]
    (['stand', 'even-money'], ('BJ-7', 'BJ-E'))
    """
    allowed: list[Action] = []
    refused_: list[tuple[Action, Reason]] = []
    allowed_ids: list[str] = []
    refused_ids: list[str] = []
    for action, check in _CHECKS.items():
        reason, ids = check(situation, rules)
        if reason is None:
            allowed.append(action)
            allowed_ids.extend(ids)
        else:
            refused_.append((action, reason))
            refused_ids.extend(ids)
    return OptionsReport(tuple(allowed), tuple(refused_), rules.cite([*allowed_ids, *refused_ids]))


def refusal_reason(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> Reason | None:
    """Why ``action`` is not allowed now (a structured reason), or None."""
    return _CHECKS[action](situation, rules)[0]


def refusal(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> str | None:
    """Why ``action`` is not allowed now, in English words, or None."""
    reason = refusal_reason(situation, action, rules)
    return None if reason is None else phrase(reason)


def open_reason(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> Reason | None:
    """Why ``action`` is allowed now, or None when it is not.

    >>> from games.blackjack.rules import BlackjackRules
    >>> open_reason(OptionsSituation(hand=parse_hand("8S 8H"), dealer=parse_hand("6D")[0]), Action.SPLIT,
    ...             BlackjackRules()).words()
    'two cards of the same value may be split: the box has 1 of at most 4 hands (BJ-S1).'
    """
    if refusal_reason(situation, action, rules) is not None:
        return None
    if action is Action.HIT:
        if situation.value.total == 21:
            return open_option("hit-soft-21", rules)
        return open_option("hit", rules, total=situation.value.total)
    if action is Action.DOUBLE and situation.split_hand:
        return open_option("double-after-split", rules)
    if action is Action.SPLIT:
        return open_option("split", rules, hands=situation.hands_in_box, most=rules.max_hands)
    return open_option(action.value, rules)


def option_reasons(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> tuple[Reason, Reason]:
    """Whether ``action`` is allowed now, and why (or why not), as two reasons.

    >>> from games.blackjack.rules import BlackjackRules
    >>> from games.reasons import explain
    >>> explain(option_reasons(OptionsSituation(hand=parse_hand("TS 6H"), dealer=parse_hand("AD")[0]),
    ...                        Action.SURRENDER, BlackjackRules()))
    'Surrender is not allowed now: no surrender against a dealer Ace (BJ-R3).'
    """
    refused_now = refusal_reason(situation, action, rules)
    if refused_now is not None:
        return option_not_allowed(action.value), refused_now
    why = open_reason(situation, action, rules)
    assert why is not None  # not refused: open
    return option_allowed(action.value), why


def options_reasons(situation: OptionsSituation, rules: TwentyOneRules) -> tuple[Reason, ...]:
    """Every option, allowed or not, with its reason, in the order of :class:`Action`."""
    return tuple(reason for action in Action for reason in option_reasons(situation, action, rules))


def can_act(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> bool:
    return refusal(situation, action, rules) is None


def verify_action(situation: OptionsSituation, action: Action, rules: TwentyOneRules) -> None:
    """Raise :class:`IllegalActionError` with the reason when ``action`` is not allowed."""
    reason = refusal(situation, action, rules)
    if reason is not None:
        raise IllegalActionError(f"{action}: {reason}")


def can_hit(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.HIT, rules)


def can_double(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.DOUBLE, rules)


def can_split(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.SPLIT, rules)


def can_surrender(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.SURRENDER, rules)


def can_insure(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.INSURANCE, rules)


def can_take_even_money(situation: OptionsSituation, rules: TwentyOneRules) -> bool:
    return can_act(situation, Action.EVEN_MONEY, rules)


def verify_double(situation: OptionsSituation, rules: TwentyOneRules) -> None:
    """
    >>> from games.blackjack.rules import BlackjackRules
    >>> verify_double(OptionsSituation(hand=parse_hand("AS KH"), dealer=parse_hand("6D")[0]), BlackjackRules())
    Traceback (most recent call last):
    ...
    games.errors.IllegalActionError: double: a blackjack cannot be doubled (BJ-D1)
    """
    verify_action(situation, Action.DOUBLE, rules)


def verify_split(situation: OptionsSituation, rules: TwentyOneRules) -> None:
    verify_action(situation, Action.SPLIT, rules)


def verify_surrender(situation: OptionsSituation, rules: TwentyOneRules) -> None:
    verify_action(situation, Action.SURRENDER, rules)


def verify_insurance(situation: OptionsSituation, rules: TwentyOneRules) -> None:
    verify_action(situation, Action.INSURANCE, rules)
