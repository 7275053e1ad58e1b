"""Jack Switch's explainer: every message ID of the game, and the structured reasons (rule
ID, message ID, the values that decided it) the engine's results are explained with.

The engine decides (:mod:`.switch`, :mod:`.bonus`, ``games.blackjack`` under
:class:`JackSwitchRules`); this module only says why, as :class:`~games.reasons.Reason`
values. Drill kinds, the rulings door and pages render them in the reader's language.
"21, not blackjack" after a switch is :data:`SWITCHED_21`, phrased here once.

>>> from games.blackjack.hand import parse_hand
>>> from games.jack_switch.switch import switch_boxes
>>> explain(switch_boxes(parse_hand("AS 5H"), parse_hand("9C KD"), JackSwitchRules()).reasons)
'The switch exchanges the second cards: box 1 becomes A♠ K♦ = 21, box 2 becomes 9♣ 5♥ = 14 (JS-7). After \
the switch, A♠ K♦ is 21, not blackjack: the card is turned sideways (JS-8).'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import TYPE_CHECKING, Final

from games.blackjack.dealer import DEALER_STANDS_ON, dealer_result
from games.blackjack.hand import card_value, hand_value
from games.blackjack.rules import TwentyOneRules
from games.blackjack.settle import Box, BoxSettlement, HandSettlement, PlayerHand, Result
from games.cards import Card, Rank
from games.jack_switch.rules import JackSwitchRules
from games.money import Ratio
from games.reasons import Reason, Term, explain, gettext_noop

if TYPE_CHECKING:
    from games.jack_switch.odds import SideBetOdds
    from games.jack_switch.switch import SwitchResult

__all__ = ["explain"]

# --- words of the game ----------------------------------------------------------------

SUPER_MATCH_LABELS: Final[Mapping[str, str]] = {
    "none": gettext_noop("None"),
    "one-pair": gettext_noop("One pair"),
    "two-pairs": gettext_noop("Two pairs"),
    "three-of-a-kind": gettext_noop("Three of a kind"),
    "four-of-a-kind": gettext_noop("Four of a kind"),
}
"""Super Match combinations (``SuperMatch`` values) as people read them, in pay order."""

PAIR_BONUS_LABELS: Final[Mapping[str, str]] = {
    "none": gettext_noop("No pair"),
    "different-colour-pair": gettext_noop("Pair, different colours"),
    "same-colour-pair": gettext_noop("Pair, same colour"),
    "same-suit-pair": gettext_noop("Pair, same suit"),
}
"""Pair-bonus combinations (``PairBonus`` values) as people read them, in pay order."""

RESULT_LABELS: Final[Mapping[str, str]] = {
    Result.WIN: gettext_noop("Win"),
    Result.LOSE: gettext_noop("Lose"),
    Result.PUSH: gettext_noop("Push"),
    Result.BLACKJACK: gettext_noop("Blackjack"),
    Result.SURRENDER: gettext_noop("Surrender"),
}
"""A settled hand's result (``games.blackjack.settle.Result``) as people read it."""

GAME_NAMES: Final[Mapping[str, str]] = {
    "blackjack": gettext_noop("Blackjack"),
    "jack-switch": gettext_noop("Jack Switch"),
}

PUSH_TOTAL: Final[int] = 22
"""JS-4: the dealer's total that pushes (:attr:`JackSwitchRules.DEALER_PUSH_TOTAL`)."""
assert JackSwitchRules.DEALER_PUSH_TOTAL == PUSH_TOTAL

SWITCHED_21: Final = gettext_noop("After the switch, {cards} is 21, not blackjack: the card is turned sideways")
"""JS-8, the one wording of a switched Ace and 10-value."""
SPLIT_21: Final = gettext_noop("After a split, {cards} is 21, not blackjack")
"""BJ-S4 as Jack Switch adopts it (JS-9)."""


def ratio_term(ratio: Ratio) -> Term:
    return Term(str(ratio))


# --- the switch (JS-7, JS-8) ---------------------------------------------------------------


def switched_21(cards: Sequence[Card] | None = None) -> Reason:
    """JS-8 for these cards, or for "an Ace and a 10-value" in general."""
    shown: object = tuple(cards) if cards is not None else Term(gettext_noop("an Ace and a 10-value"))
    return Reason.of("JS-8", SWITCHED_21, cards=shown)


def switch_reasons(result: SwitchResult) -> tuple[Reason, ...]:
    """Why two paired boxes count what they count after the switch."""
    reasons = [
        Reason.of(
            "JS-7",
            gettext_noop(
                "The switch exchanges the second cards: box 1 becomes {cards_1} = {total_1}, box 2 becomes "
                "{cards_2} = {total_2}"
            ),
            cards_1=result.box1,
            total_1=result.totals[0],
            cards_2=result.box2,
            total_2=result.totals[1],
        )
    ]
    for box, (away, dealt) in enumerate(zip(result.switched_away, result.dealt, strict=True), start=1):
        if away:
            reasons.append(
                Reason.of("JS-7", gettext_noop("Box {box}'s blackjack {cards} is switched away"), box=box, cards=dealt)
            )
    twenty_ones = [cards for cards, total in zip((result.box1, result.box2), result.totals, strict=True) if total == 21]
    reasons += [switched_21(cards) for cards in twenty_ones]
    if not twenty_ones:
        reasons.append(Reason.of("JS-8", gettext_noop("Neither box is a blackjack after a switch")))
    return tuple(reasons)


def card_values(cards: Sequence[Card]) -> str:
    """How a hand counts, card by card: ``"10 + 9"``, an Ace as 11 where it counts 11."""
    values = [card_value(card) for card in cards]
    value = hand_value(cards)
    if value.soft:
        values[values.index(1)] = 11
    return " + ".join(str(number) for number in values)


# --- side bets (JS-SM, JS-PB, JS-L) -------------------------------------------------------


def _by_rank(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards grouped by rank, the largest group first (how a combination is read)."""
    counts = Counter(card.rank for card in cards)
    return tuple(sorted(cards, key=lambda card: (-counts[card.rank], -card.rank.high, card.suit.value)))


def super_match_reasons(
    cards: Sequence[Card], bet: Decimal, combination: str, pays: Decimal, rules: JackSwitchRules
) -> tuple[Reason, ...]:
    """Why a Super Match bet pays what it pays (JS-SM)."""
    name = Term(SUPER_MATCH_LABELS[combination])
    read = Reason.of(
        "JS-SM",
        gettext_noop("Super Match reads the four first cards as dealt, by rank: {cards} make {combination}"),
        cards=_by_rank(cards),
        combination=name,
    )
    return (read, _side_bet_pay("JS-SM", combination, name, rules.super_match.get(combination), bet, pays))


def _side_bet_pay(rule: str, combination: str, name: Term, ratio: Ratio | None, bet: Decimal, pays: Decimal) -> Reason:
    if combination == "none":
        return Reason.of(rule, gettext_noop("Nothing to pay: the {bet} bet loses"), bet=bet)
    if ratio is None:
        return Reason.of(
            rule,
            gettext_noop("This house's table does not pay {combination}: the {bet} bet loses"),
            combination=name,
            bet=bet,
        )
    return Reason.of(
        rule,
        gettext_noop("{combination} pays {ratio}: {pays} on {bet}"),
        combination=name,
        ratio=ratio_term(ratio),
        pays=pays,
        bet=bet,
    )


def pair_bonus_read(cards: Sequence[Card], combination: str) -> Reason:
    """What decides a pair-bonus combination: rank, then suit, then colour (JS-PB)."""
    if combination == "none":
        return Reason.of(
            "JS-PB", gettext_noop("{cards} is not a pair: a pair is two cards of the same rank"), cards=tuple(cards)
        )
    message = {
        "same-suit-pair": gettext_noop("{cards} is a pair of the same suit"),
        "same-colour-pair": gettext_noop(
            "{cards} is a pair of the same colour in different suits (hearts and "
            "diamonds are red, spades and clubs black)"
        ),
        "different-colour-pair": gettext_noop("{cards} is a pair of different colours: one red card, one black"),
    }[combination]
    return Reason.of("JS-PB", message, cards=tuple(cards))


def pair_bonus_reasons(
    cards: Sequence[Card], bet: Decimal, combination: str, pays: Decimal, rules: JackSwitchRules
) -> tuple[Reason, ...]:
    """Why a pair bonus pays what it pays (JS-PB), on the cards as dealt."""
    return (
        Reason.of(
            "JS-PB",
            gettext_noop("The pair bonus plays on the box's first two cards as dealt, {cards}"),
            cards=tuple(cards),
        ),
        pair_bonus_read(cards, combination),
        _side_bet_pay(
            "JS-PB", combination, Term(PAIR_BONUS_LABELS[combination]), rules.pair_bonus.get(combination), bet, pays
        ),
    )


def pair_bonus_switched() -> Reason:
    """JS-PB after a switch: the bonus stays with the cards as dealt."""
    return Reason.of("JS-PB", gettext_noop("The switch changes nothing: the bonus plays on the cards as dealt"))


def odds_reasons(rule: str, odds: SideBetOdds, rules: JackSwitchRules) -> tuple[Reason, ...]:
    """How a side bet's exact odds are counted (JS-SM or JS-PB, and the shoe)."""
    message = (
        gettext_noop(
            "Exact odds of the four first cards of the paired boxes drawn from a full {decks}-deck shoe, by rank"
        )
        if rule == "JS-SM"
        else gettext_noop("Exact odds of a box's first two cards drawn from a full {decks}-deck shoe")
    )
    return (
        Reason.of(rule, message, decks=rules.decks),
        Reason.of(
            rules.IDS.shoe,
            gettext_noop("The expected return per unit staked under this house's pay table is {expected}"),
            expected=f"{float(odds.expected_return):.6f}",
        ),
    )


BONUS_REFUSED_NO_MAIN: Final = gettext_noop("Refused: a bonus bet is accepted only with a main bet, and there is none")
BONUS_REFUSED_MAIN_OUTSIDE: Final = gettext_noop(
    "Refused: the main bet {main} is outside the {table_min}-{table_max} table limits, so there is no main bet to go "
    "with the bonus"
)
BONUS_REFUSED_BELOW: Final = gettext_noop(
    "Refused: the bonus {bonus} is below the bonus minimum {bonus_min} at a {table_min}-{table_max} table"
)
BONUS_REFUSED_ABOVE: Final = gettext_noop(
    "Refused: the bonus {bonus} is above the bonus maximum {bonus_max} at a {table_min}-{table_max} table"
)
BONUS_ACCEPTED: Final = gettext_noop(
    "Accepted: the bonus {bonus} is within {bonus_min}-{bonus_max} at a {table_min}-{table_max} table"
)
BONUS_ABOVE_MAIN: Final = gettext_noop(
    "A bonus bet may be larger than the main bet ({bonus} on a main bet of {main}), within the bonus limits"
)

# --- settling against a dealer 22 (JS-4) and the dealer's draw (JS-5) ------------------------


def _hand_reasons(
    box: Box, hand: PlayerHand, settled: HandSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> list[Reason]:
    cards = hand.cards
    value = hand_value(cards, split_hand=box.split, switched=box.switched)
    outcome = dealer_result(dealer, rules)
    stake = box.stake(hand)
    amount = abs(settled.win)
    reasons: list[Reason] = []
    if value.total == 21 and len(cards) == 2 and not value.blackjack:
        reasons.append(switched_21(cards) if box.switched else Reason.of("BJ-S4", SPLIT_21, cards=cards))
    if hand.doubled:
        reasons.append(
            Reason.of("BJ-D1", gettext_noop("{cards} was doubled: its stake is {stake}"), cards=cards, stake=stake)
        )
    result = settled.result
    if outcome.blackjack and result is not Result.SURRENDER and not box.even_money:
        reasons.append(
            Reason.of(
                "BJ-O",
                gettext_noop(
                    "{cards} meets the dealer's blackjack: {result}, {amount} (only the original bet is lost)"
                ),
                cards=cards,
                result=Term(RESULT_LABELS[result]),
                amount=settled.win,
            )
        )
    elif result is Result.SURRENDER:
        reasons.append(
            Reason.of(
                "BJ-R1",
                gettext_noop("{cards} surrendered: half the bet, {amount}, is collected"),
                cards=cards,
                amount=amount,
            )
        )
    elif value.bust:
        message = (
            gettext_noop(
                "{cards} is bust with {total}: the {stake} is lost before the dealer plays, even "
                "against a dealer {push_total}"
            )
            if rules.DEALER_PUSH_TOTAL is not None
            else gettext_noop("{cards} is bust with {total}: the {stake} is lost, whatever the dealer does")
        )
        reasons.append(
            Reason.of(
                "BJ-3", message, cards=cards, total=value.total, stake=stake, push_total=rules.DEALER_PUSH_TOTAL or 0
            )
        )
    elif result is Result.BLACKJACK:
        if outcome.push_total:
            reasons.append(
                Reason.of(
                    "JS-4",
                    gettext_noop(
                        "{cards} is a blackjack: the dealer's {dealer_total} pushes the other hands, but a "
                        "blackjack wins, paid {pays}: {amount}"
                    ),
                    cards=cards,
                    dealer_total=outcome.total,
                    pays=ratio_term(rules.blackjack_pays),
                    amount=amount,
                )
            )
        else:
            reasons.append(
                Reason.of(
                    rules.IDS.blackjack_pays,
                    gettext_noop("{cards} is a blackjack: paid {pays}, {amount}"),
                    cards=cards,
                    pays=ratio_term(rules.blackjack_pays),
                    amount=amount,
                )
            )
    elif outcome.push_total:
        reasons.append(
            Reason.of(
                "JS-4",
                gettext_noop("{cards} has {total} and the dealer has {dealer_total}: a push, the stake is returned"),
                cards=cards,
                total=value.total,
                dealer_total=outcome.total,
            )
        )
    elif outcome.bust:
        if rules.DEALER_PUSH_TOTAL is not None:
            reasons.append(
                Reason.of(
                    "JS-4",
                    gettext_noop("The dealer's {dealer_total} is bust: only {push_total} pushes"),
                    dealer_total=outcome.total,
                    push_total=rules.DEALER_PUSH_TOTAL,
                )
            )
        reasons.append(
            Reason.of(
                "BJ-9",
                gettext_noop("{cards} has {total} and the dealer is bust with {dealer_total}: paid 1:1, {amount}"),
                cards=cards,
                total=value.total,
                dealer_total=outcome.total,
                amount=amount,
            )
        )
    elif result is Result.WIN:
        reasons.append(
            Reason.of(
                "BJ-9",
                gettext_noop("{cards} has {total}, more than the dealer's {dealer_total}: paid 1:1, {amount}"),
                cards=cards,
                total=value.total,
                dealer_total=outcome.total,
                amount=amount,
            )
        )
    elif result is Result.LOSE:
        reasons.append(
            Reason.of(
                "BJ-9",
                gettext_noop("{cards} has {total}, less than the dealer's {dealer_total}: the {amount} is lost"),
                cards=cards,
                total=value.total,
                dealer_total=outcome.total,
                amount=amount,
            )
        )
    else:
        reasons.append(
            Reason.of(
                "BJ-9",
                gettext_noop("{cards} has {total}, the same as the dealer: a push"),
                cards=cards,
                total=value.total,
            )
        )
    return reasons


def hand_reasons(
    box: Box, index: int, settled: BoxSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> tuple[Reason, ...]:
    """Why hand ``index`` (from 0) of a settled box has its result and amount."""
    return tuple(_hand_reasons(box, box.hands[index], settled.hands[index], dealer, rules))


def net_reason(settled: BoxSettlement) -> Reason:
    return Reason.of("", gettext_noop("Net for the box: {net}."), net=settled.net)


def settle_reasons(
    box: Box, settled: BoxSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> tuple[Reason, ...]:
    """Why a box settles as it does against the dealer's final hand: each hand, then the net."""
    reasons = [reason for index in range(len(box.hands)) for reason in hand_reasons(box, index, settled, dealer, rules)]
    return (*reasons, net_reason(settled))


def table_reason(game: str) -> Reason:
    return Reason.of("", gettext_noop("This table plays {game}."), game=Term(GAME_NAMES[game]))


def dealer_action_reason(cards: Sequence[Card], rules: TwentyOneRules) -> tuple[str, Reason]:
    """Why the dealer draws or stands on ``cards`` (BJ-6, BJ-8 / JS-5 with the house's soft
    17 value), and a short code of the case that decides ("below-17", "soft-17-hits"...)."""
    value = hand_value(cards)
    draws = rules.IDS.dealer_draws
    shown = tuple(cards)
    if value.size < 2:
        return "one-card", Reason.of(
            "BJ-6",
            gettext_noop(
                "The dealer has one card: the dealer's second card is drawn after every box has played (no hole card)"
            ),
        )
    if value.bust:
        return "bust", Reason.of(
            "BJ-3",
            gettext_noop("The dealer has {total} ({cards}), over 21: the hand is finished"),
            total=value.total,
            cards=shown,
        )
    if value.total < DEALER_STANDS_ON:
        return "below-17", Reason.of(
            draws,
            gettext_noop("The dealer has {total} ({cards}), below {stands_on}, and must draw"),
            total=value.total,
            cards=shown,
            stands_on=DEALER_STANDS_ON,
        )
    if value.total == DEALER_STANDS_ON and value.soft:
        if rules.dealer_hits_soft_17:
            return "soft-17-hits", Reason.of(
                draws,
                gettext_noop("The dealer has a soft {total} ({cards}) and this house's dealer hits soft 17"),
                total=value.total,
                cards=shown,
            )
        return "soft-17-stands", Reason.of(
            draws,
            gettext_noop(
                "The dealer has a soft {total} ({cards}) and this house's dealer stands on every 17, soft 17 included"
            ),
            total=value.total,
            cards=shown,
        )
    if value.soft:
        return "soft-stands", Reason.of(
            draws, gettext_noop("The dealer has a soft {total} ({cards}) and stands"), total=value.total, cards=shown
        )
    if any(card_value(card) == 1 for card in cards):
        return "hard-with-ace", Reason.of(
            draws,
            gettext_noop(
                "The dealer has a hard {total} ({cards}): the Ace counts 1, since 11 would go over 21, and the dealer "
                "stands"
            ),
            total=value.total,
            cards=shown,
        )
    return "hard-stands", Reason.of(
        draws, gettext_noop("The dealer has a hard {total} ({cards}) and stands"), total=value.total, cards=shown
    )


# --- named mistakes: the wrong rule a trainee applied ---------------------------------------


def _two_three(rules: TwentyOneRules) -> dict[str, object]:
    table = rules.super_match if isinstance(rules, JackSwitchRules) else JackSwitchRules().super_match
    two, three = table.get("two-pairs"), table.get("three-of-a-kind")
    return {"two": Term(str(two) if two else "-"), "three": Term(str(three) if three else "-")}


def mistake_reason(code: str, rules: TwentyOneRules) -> Reason:
    """A named mistake of the Jack Switch drills, said with the house's own values."""
    draws = rules.IDS.dealer_draws
    if code == "js-switched-ace-ten-blackjack":
        return switched_21()
    if code == "dealer-soft-17-rule":
        if rules.dealer_hits_soft_17:
            return Reason.of(
                draws,
                gettext_noop(
                    "This house's dealer hits soft 17: you played it as in a game where the dealer stands on all 17s"
                ),
            )
        return Reason.of(
            draws,
            gettext_noop(
                "This house's dealer stands on all 17s, soft 17 included: you hit it as in a hit-soft-17 game"
            ),
        )
    if code == "dealer-hard-17-with-ace-as-soft":
        return Reason.of(
            draws,
            gettext_noop("An Ace makes a hand soft only while it can count 11: this 17 is hard and the dealer stands"),
        )
    if code == "js-sm-two-pairs-three-swapped":
        return Reason.of(
            "JS-SM", gettext_noop("Two pairs pay {two} and three of a kind {three} at this house"), **_two_three(rules)
        )
    if code == "js-blackjack-paid-3-2":
        return Reason.of(
            rules.IDS.blackjack_pays,
            gettext_noop("You paid {wrong}: Jack Switch pays a blackjack {pays}"),
            wrong=Term("3:2"),
            pays=ratio_term(rules.blackjack_pays),
        )
    if code == "bj-blackjack-paid-1-1":
        return Reason.of(
            rules.IDS.blackjack_pays,
            gettext_noop("In Blackjack a blackjack pays {pays}, not {wrong}"),
            pays=ratio_term(rules.blackjack_pays),
            wrong=Term("1:1"),
        )
    rule, message = _MISTAKES[code]
    return Reason.of(rule, message, push_total=PUSH_TOTAL)


_TEN_VALUES_PAIR: Final = gettext_noop("A pair is two cards of the same rank: a King and a Queen are not a pair")
_MISTAKES: Final[Mapping[str, tuple[str, str]]] = {
    "js-switch-first-cards": ("JS-7", gettext_noop("The switch exchanges the boxes' second cards, not the first")),
    "js-counted-as-dealt": (
        "JS-7",
        gettext_noop(
            "You counted the boxes as dealt: the switch exchanges the second "
            "cards, and a switched-away blackjack is gone"
        ),
    ),
    "js-22-paid-as-win": (
        "JS-4",
        gettext_noop("A dealer {push_total} is not a bust in Jack Switch: it pushes every hand still in play"),
    ),
    "js-22-blackjack-pushed": (
        "JS-4",
        gettext_noop("A blackjack wins against a dealer {push_total}; only the other hands push"),
    ),
    "js-22-bust-pushed": (
        "JS-4",
        gettext_noop("A bust hand has lost before the dealer plays: a dealer {push_total} does not push it"),
    ),
    "bj-22-pushed": (
        "BJ-9",
        gettext_noop(
            "In Blackjack a dealer {push_total} is bust: every hand still in play wins; "
            "only Jack Switch pushes on {push_total}"
        ),
    ),
    "js-sm-ten-values-pair": ("JS-SM", _TEN_VALUES_PAIR),
    "js-pb-ten-values-pair": ("JS-PB", _TEN_VALUES_PAIR),
    "js-pb-after-switch": (
        "JS-PB",
        gettext_noop("The pair bonus plays on the box's first two cards as dealt, before the switch"),
    ),
    "js-pb-same-colour-as-same-suit": (
        "JS-PB",
        gettext_noop("Hearts and diamonds (or spades and clubs) are the same colour, not the same suit"),
    ),
    "js-bonus-not-above-main": (
        "JS-L",
        gettext_noop("A bonus bet may be larger than the main bet, within the table's bonus limits"),
    ),
    "js-bonus-without-main": (
        "JS-L",
        gettext_noop("A bonus bet is accepted only with a main bet within the table limits"),
    ),
}


# --- diagnoses: why this wrong answer is wrong, from the engine's values ------------------------

Diagnosis = tuple[str, tuple[Reason, ...]]
"""A diagnosis code and its reasons."""


def switch_blackjack_claimed(box: int, result: SwitchResult) -> Diagnosis:
    """Box ``box`` (1 or 2) called a blackjack after the switch (JS-7, JS-8)."""
    index = box - 1
    after, total = (result.box1, result.box2)[index], result.totals[index]
    if total == 21:
        return "js-switched-ace-ten-blackjack", (switched_21(after),)
    if result.switched_away[index]:
        return "js-blackjack-switched-away", (
            Reason.of(
                "JS-7",
                gettext_noop("Box {box}'s blackjack {dealt} is switched away: the box now holds {cards} = {total}"),
                box=box,
                dealt=result.dealt[index],
                cards=after,
                total=total,
            ),
        )
    return "js-not-a-blackjack", (
        Reason.of(
            "JS-8",
            gettext_noop(
                "Box {box} holds {cards} = {total} after the switch: not a blackjack, and no switched hand is one"
            ),
            box=box,
            cards=after,
            total=total,
        ),
    )


def switch_total_misread(box: int, yours: int, result: SwitchResult) -> Diagnosis | None:
    """Where a wrong total for box ``box`` after the switch comes from (JS-7, JS-2)."""
    index, other = box - 1, 3 - box
    after, total = (result.box1, result.box2)[index], result.totals[index]
    dealt, other_dealt = result.dealt[index], result.dealt[1 - index]
    values = {
        "box": box,
        "other": other,
        "yours": yours,
        "cards": after,
        "total": total,
        "dealt": dealt,
        "values": card_values(after),
    }
    if yours == result.totals[1 - index]:
        return "js-switch-other-box", (
            Reason.of(
                "JS-7",
                gettext_noop(
                    "{yours} is box {other}'s total after the switch (the same as exchanging the first cards): box "
                    "{box} "
                    "holds {cards} = {total}"
                ),
                **values,
            ),
        )
    if yours == hand_value(dealt).total:
        return "js-counted-as-dealt", (
            Reason.of(
                "JS-7",
                gettext_noop("{yours} is box {box} as dealt, {dealt}: after the switch it holds {cards} = {total}"),
                **values,
            ),
        )
    if yours == hand_value((*dealt, other_dealt[1])).total:
        return "js-switch-card-added", (
            Reason.of(
                "JS-7",
                gettext_noop(
                    "{yours} adds box {other}'s second card to box {box}'s two cards: the switch exchanges the second "
                    "cards, "
                    "so box {box} holds {cards} = {total}"
                ),
                **values,
            ),
        )
    if abs(yours - total) == 10 and any(card_value(card) == 1 for card in after):
        return "ace-counted-wrong", (
            Reason.of(
                "JS-2",
                gettext_noop(
                    "An Ace counts 11 unless that takes the hand over 21: {cards} counts {values} = {total}, not "
                    "{yours}"
                ),
                **values,
            ),
        )
    cause = card_miscounted("JS-2", after, yours)
    if cause is not None:
        return cause[0], (*cause[1], *switch_total_worked(box, yours, result)[1])
    if abs(yours - total) <= 5:
        return switch_total_worked(box, yours, result)
    return None


_SIX_NINE: Final[Mapping[Rank, Rank]] = {Rank.SIX: Rank.NINE, Rank.NINE: Rank.SIX}
"""A 6 and a 9 are each other upside down: the index misread."""


def card_miscounted(rule: str, cards: Sequence[Card], yours: int) -> Diagnosis | None:
    """Which card makes ``yours`` of ``cards`` when the numbers show it: a card counted twice,
    a card left out, or a 6 read as a 9 (or a 9 as a 6). The card is named; ``None`` when no
    single card explains it.

    >>> from games.blackjack.hand import parse_hand
    >>> card_miscounted("BJ-2", parse_hand("2C 5H"), 9)[0], card_miscounted("BJ-2", parse_hand("6C 5H"), 14)[0]
    ('card-counted-twice', 'six-nine-misread')
    >>> card_miscounted("BJ-2", parse_hand("3C 5H"), 4) is None
    True
    """
    total = hand_value(cards).total
    for card in cards:
        if hand_value((*cards, card)).total == yours:
            return "card-counted-twice", (
                Reason.of(
                    rule,
                    gettext_noop("{yours} counts {card} twice: {cards} is {total}"),
                    yours=yours,
                    card=card,
                    cards=tuple(cards),
                    total=total,
                ),
            )
    for index, card in enumerate(cards):
        if len(cards) > 1 and hand_value((*cards[:index], *cards[index + 1 :])).total == yours:
            return "card-left-out", (
                Reason.of(
                    rule,
                    gettext_noop("{yours} leaves {card} out: {cards} is {total}"),
                    yours=yours,
                    card=card,
                    cards=tuple(cards),
                    total=total,
                ),
            )
    for index, card in enumerate(cards):
        misread = _SIX_NINE.get(card.rank)
        if misread is None:
            continue
        if hand_value((*cards[:index], Card(misread, card.suit), *cards[index + 1 :])).total == yours:
            return "six-nine-misread", (
                Reason.of(
                    rule,
                    gettext_noop("{yours} reads {card} upside down, as a {misread}: {cards} is {total}"),
                    yours=yours,
                    card=card,
                    misread=misread.value,
                    cards=tuple(cards),
                    total=total,
                ),
            )
    return None


def switch_total_worked(box: int, yours: int, result: SwitchResult) -> Diagnosis:
    """Box ``box``'s total after the switch, worked card by card, against ``yours`` (JS-2)."""
    index = box - 1
    after, total = (result.box1, result.box2)[index], result.totals[index]
    return "js-switch-miscounted", (
        Reason.of(
            "JS-2",
            gettext_noop("Box {box} after the switch holds {cards}: {values} = {total}, not {yours}"),
            box=box,
            cards=after,
            values=card_values(after),
            total=total,
            yours=yours,
        ),
    )


_RESULT_MISREAD: Final[Mapping[tuple[str, str], tuple[str, str, str]]] = {
    # (yours, due) -> (code, rule, message)
    ("win", "push"): (
        "js-22-paid-as-win",
        "JS-4",
        gettext_noop("A dealer {dealer_total} is not a bust in Jack Switch: {cards} pushes, it does not win"),
    ),
    ("lose", "push"): (
        "js-22-collected",
        "JS-4",
        gettext_noop("A dealer {dealer_total} does not beat {cards}: it pushes every hand still in play"),
    ),
    ("push", "lose"): (
        "js-22-bust-pushed",
        "BJ-3",
        gettext_noop("{cards} is bust: it has lost before the dealer plays, whatever the dealer makes"),
    ),
    ("win", "lose"): (
        "bust-paid",
        "BJ-3",
        gettext_noop("{cards} is bust: it has lost before the dealer plays, whatever the dealer makes"),
    ),
    ("push", "win"): (
        "bj-22-pushed",
        "BJ-9",
        gettext_noop(
            "In Blackjack the dealer's {dealer_total} is bust: {cards} wins; only Jack Switch pushes on {push_total}"
        ),
    ),
    ("lose", "win"): (
        "dealer-bust-collected",
        "BJ-9",
        gettext_noop("The dealer's {dealer_total} is bust here: {cards}, still in play, wins"),
    ),
    ("push", "blackjack"): (
        "js-22-blackjack-pushed",
        "JS-4",
        gettext_noop("{cards} is a blackjack: it wins against a dealer {dealer_total}; only the other hands push"),
    ),
    ("lose", "blackjack"): (
        "blackjack-collected",
        "BJ-4",
        gettext_noop("{cards} is a blackjack: it wins against the dealer's {dealer_total}"),
    ),
    ("win", "blackjack"): (
        "blackjack-as-win",
        "BJ-4",
        gettext_noop("{cards} is a blackjack, an Ace and a 10-value as the first two cards: it is paid as a blackjack"),
    ),
}


def chip_off(yours: Decimal, due: Decimal, chips: Sequence[Decimal]) -> tuple[Decimal, bool] | None:
    """The chip of ``chips`` that ``yours`` is over (``True``) or short (``False``) of ``due``,
    when the two differ by exactly one chip, smaller than what is due, and are the same way
    round (both paid or both collected).

    >>> chip_off(Decimal("30"), Decimal("25"), (Decimal("1"), Decimal("5")))
    (Decimal('5'), True)
    >>> chip_off(Decimal("-14"), Decimal("-15"), (Decimal("1"), Decimal("5")))
    (Decimal('1'), False)
    >>> chip_off(Decimal("35"), Decimal("25"), (Decimal("1"), Decimal("5"))) is None  # two chips, not one
    True
    """
    if yours == 0 or due == 0 or (yours < 0) != (due < 0):
        return None
    difference = abs(yours) - abs(due)
    chip = abs(difference)
    return (chip, difference > 0) if chip in chips and chip < abs(due) else None


def half_rounded(yours: Decimal, due: Decimal) -> bool:
    """Whether ``yours`` is ``due``, an amount with cents, rounded to the whole amount above or below.

    >>> half_rounded(Decimal("63"), Decimal("62.50")), half_rounded(Decimal("62"), Decimal("62.50"))
    (True, True)
    >>> half_rounded(Decimal("61"), Decimal("62.50")), half_rounded(Decimal("63"), Decimal("63"))
    (False, False)
    """
    if due == due.to_integral_value():
        return False
    return yours in (due.to_integral_value(rounding=ROUND_FLOOR), due.to_integral_value(rounding=ROUND_CEILING))


def amount_slip(rule: str, yours: Decimal, due: Decimal, chips: Sequence[Decimal]) -> Diagnosis | None:
    """A right amount paid or collected wrong at the chips: an amount with cents rounded to a
    whole one (BJ-P10 pays to the cent), or one chip of the table's set too many or short."""
    if half_rounded(yours, due):
        return "amount-rounded", (
            Reason.of(
                "BJ-P10",
                gettext_noop("{due} is paid to the cent: {yours} rounds it to a whole amount"),
                due=due,
                yours=yours,
            ),
        )
    off = chip_off(yours, due, chips)
    if off is None:
        return None
    chip, over = off
    if over:
        return "one-chip-over", (
            Reason.of(
                rule, gettext_noop("{yours} is one {chip} chip too many: {due} is due"), yours=yours, chip=chip, due=due
            ),
        )
    return "one-chip-short", (
        Reason.of(
            rule, gettext_noop("{yours} is one {chip} chip short: {due} is due"), yours=yours, chip=chip, due=due
        ),
    )


def settle_result_misread(
    box: Box, index: int, yours: str, settled: BoxSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> Diagnosis:
    """Why hand ``index`` of a box does not settle as ``yours`` ("win", "push"...), with the
    settlement's own reasons for the result it has."""
    hand = box.hands[index]
    due = settled.hands[index].result.value
    value = hand_value(hand.cards, split_hand=box.split, switched=box.switched)
    dealer_total = dealer_result(dealer, rules).total
    why = hand_reasons(box, index, settled, dealer, rules)
    values = {
        "cards": hand.cards,
        "dealer_total": dealer_total,
        "push_total": PUSH_TOTAL,
        "yours": Term(RESULT_LABELS[yours]),
        "due": Term(RESULT_LABELS[due]),
    }
    if yours == "blackjack":
        if value.total == 21 and len(hand.cards) == 2 and box.switched:
            return "js-switched-ace-ten-blackjack", (switched_21(hand.cards), *why)
        if value.total == 21 and len(hand.cards) == 2 and box.split:
            return "bj-split-ace-ten-blackjack", (Reason.of("BJ-S4", SPLIT_21, cards=hand.cards), *why)
        if value.blackjack:
            return "wrong-result", (*why,)  # a blackjack that settles otherwise (a dealer blackjack): the why says it
        return "not-a-blackjack", (
            Reason.of(
                "BJ-4",
                gettext_noop(
                    "{cards} is not a blackjack: a blackjack is an Ace and a 10-value as the first two cards of an "
                    "unsplit "
                    "hand"
                ),
                **values,
            ),
            *why,
        )
    if yours == "surrender":
        return "not-surrendered", (
            Reason.of(
                "BJ-R1",
                gettext_noop(
                    "{cards} was not surrendered: a surrender is the player's call on the first two cards, before "
                    "drawing"
                ),
                **values,
            ),
            *why,
        )
    known = _RESULT_MISREAD.get((yours, due))
    if known is not None:
        code, rule, message = known
        return code, (Reason.of(rule, message, **values), *why)
    return "wrong-result", (Reason.of("", gettext_noop("You settled {cards} as {yours}; it is {due}."), **values), *why)


def settle_net_cause(
    box: Box, yours: Decimal, settled: BoxSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> Diagnosis | None:
    """Where a wrong net for a box comes from, when each hand's result is right: the
    doubles' stakes left out, or a lost hand counted as a win."""
    wins = [hand.win for hand in settled.hands]
    single = sum((win / 2 if hand.doubled else win for hand, win in zip(box.hands, wins, strict=True)), Decimal(0))
    if any(hand.doubled and win for hand, win in zip(box.hands, wins, strict=True)) and yours == single:
        doubled = [index for index, hand in enumerate(box.hands) if hand.doubled]
        return "double-stake-missed", (
            Reason.of(
                "BJ-D1",
                gettext_noop("A doubled hand's stake is twice the bet, {stake}: it wins or loses {stake}, not {bet}"),
                stake=box.bet * 2,
                bet=box.bet,
            ),
            *(reason for index in doubled for reason in hand_reasons(box, index, settled, dealer, rules)),
        )
    if yours == sum((abs(win) for win in wins), Decimal(0)) and any(win < 0 for win in wins):
        return "loss-paid", (
            Reason.of(
                "",
                gettext_noop("Net for the box: {net}, not {yours}: a lost hand counts against the player (negative)."),
                net=settled.net,
                yours=yours,
            ),
            *settle_reasons(box, settled, dealer, rules)[:-1],
        )
    return None


def settle_net_miscounted(
    box: Box, yours: Decimal, settled: BoxSettlement, dealer: Sequence[Card], rules: TwentyOneRules
) -> Diagnosis | None:
    """A net off by at most the bet, each hand's result right: the hands' amounts, added up."""
    if abs(yours - settled.net) > box.bet:
        return None
    return "net-miscounted", (
        Reason.of(
            "",
            gettext_noop("Net for the box: {net}, not {yours}: add up each hand's result."),
            net=settled.net,
            yours=yours,
        ),
        *settle_reasons(box, settled, dealer, rules)[:-1],
    )


def combination_misread(rule: str, cards: Sequence[Card], yours: str, due: str) -> Diagnosis:
    """Why the cards make ``due``, not ``yours`` (JS-SM by rank; JS-PB by rank, suit, colour)."""
    from games.jack_switch.bonus import pair_bonus_combination, super_match_combination  # bonus words with us

    labels = SUPER_MATCH_LABELS if rule == "JS-SM" else PAIR_BONUS_LABELS
    values = {
        "cards": _by_rank(cards) if rule == "JS-SM" else tuple(cards),
        "yours": Term(labels[yours]),
        "due": Term(labels[due]),
    }
    as_tens = tuple(Card(Rank.TEN, card.suit) if card_value(card) == 10 else card for card in cards)
    read = super_match_combination if rule == "JS-SM" else pair_bonus_combination
    if as_tens != tuple(cards) and read(as_tens) == yours:  # a King and a Queen read as a pair
        return f"{'js-sm' if rule == 'JS-SM' else 'js-pb'}-ten-values-pair", (Reason.of(rule, _TEN_VALUES_PAIR),)
    if rule == "JS-SM":
        return "js-sm-combination-misread", (
            Reason.of(
                rule,
                gettext_noop("By rank, {cards} make {due}, not {yours}: only cards of the same rank pair up"),
                **values,
            ),
        )
    if due != "none" and yours == "same-suit-pair" and due == "same-colour-pair":
        return "js-pb-same-colour-as-same-suit", (pair_bonus_read(cards, due),)
    return "js-pb-combination-misread", (
        Reason.of("", gettext_noop("You read {cards} as {yours}."), **values),
        pair_bonus_read(cards, due),
    )


def side_bet_pays_misread(
    rule: str,
    combination: str,
    bet: Decimal,
    yours: Decimal,
    due: Decimal,
    rules: JackSwitchRules,
) -> Diagnosis | None:
    """Where a wrong side-bet payout comes from, when the numbers show it: the stake counted
    in, another line of the pay table, or the ratio read as "for one" (JS-SM, JS-PB)."""
    labels = SUPER_MATCH_LABELS if rule == "JS-SM" else PAIR_BONUS_LABELS
    table = rules.super_match if rule == "JS-SM" else rules.pair_bonus
    ratio = table.get(combination)
    if ratio is None or due == 0:
        return None  # nothing is due: the generic "nothing is due" says it
    if yours == due + bet:
        return "side-bet-stake-counted", (
            Reason.of(
                rule,
                gettext_noop(
                    "{yours} counts the {bet} stake in: the dealer pays the winnings, {due}, and the stake stays with "
                    "the "
                    "player"
                ),
                yours=yours,
                bet=bet,
                due=due,
            ),
        )
    for other, other_ratio in table.entries:
        if other != combination and other_ratio.of(bet) == yours:
            return "side-bet-wrong-line", (
                Reason.of(
                    rule,
                    gettext_noop(
                        "{yours} is what {other} pays ({other_ratio}) on {bet}: {combination} pays {ratio}, {due}"
                    ),
                    yours=yours,
                    other=Term(labels[other]),
                    other_ratio=ratio_term(other_ratio),
                    bet=bet,
                    combination=Term(labels[combination]),
                    ratio=ratio_term(ratio),
                    due=due,
                ),
            )
    if ratio.per == 1 and ratio.pays > 1 and yours == due - bet:
        return "side-bet-paid-for-one", (
            Reason.of(
                rule,
                gettext_noop(
                    "{yours} pays {ratio} as {pays} for 1, the stake inside the payout: {ratio} pays {due} on {bet} "
                    "and the stake stays with the player"
                ),
                yours=yours,
                ratio=ratio_term(ratio),
                pays=ratio.pays,
                due=due,
                bet=bet,
            ),
        )
    return None


def side_bet_pays_slip(
    rule: str,
    combination: str,
    bet: Decimal,
    yours: Decimal,
    due: Decimal,
    rules: JackSwitchRules,
    chips: Sequence[Decimal],
) -> Diagnosis | None:
    """The right payout paid wrong at the chips (:func:`amount_slip`), with the pay table's line."""
    labels = SUPER_MATCH_LABELS if rule == "JS-SM" else PAIR_BONUS_LABELS
    ratio = (rules.super_match if rule == "JS-SM" else rules.pair_bonus).get(combination)
    slip = amount_slip(rule, yours, due, chips) if ratio is not None and due != 0 else None
    if slip is None:
        return None
    return slip[0], (*slip[1], _side_bet_pay(rule, combination, Term(labels[combination]), ratio, bet, due))


def side_bet_pays_worked(
    rule: str, combination: str, bet: Decimal, yours: Decimal, due: Decimal, rules: JackSwitchRules
) -> Diagnosis | None:
    """A wrong side-bet payout no cause explains, near what is due: the pay table's sum, worked."""
    labels = SUPER_MATCH_LABELS if rule == "JS-SM" else PAIR_BONUS_LABELS
    ratio = (rules.super_match if rule == "JS-SM" else rules.pair_bonus).get(combination)
    if ratio is None or due == 0 or abs(yours - due) > max(bet, Decimal(10)):
        return None
    return "side-bet-miscounted", (
        Reason.of(
            rule,
            gettext_noop("{combination} pays {ratio}: {ratio} on {bet} is {due}, not {yours}"),
            combination=Term(labels[combination]),
            ratio=ratio_term(ratio),
            bet=bet,
            due=due,
            yours=yours,
        ),
    )
