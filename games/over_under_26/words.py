"""Over/Under 26 Joker's explainer: every reason the game gives a person, as structured
:class:`~games.reasons.Reason` values (a rule ID, a message ID, the values that decided it).

The settlement's reasons, the total's, the Bonus's, and the wrong answers trainees give
(named by the drills, worded here) all live in this one module, so a rule is phrased once
and a property's own values (its OU-W multiple, its Bonus pay table) are the ones shown.
Procedural mistakes at a dealt table are worded by :mod:`games.over_under_26.round_words`.

>>> from decimal import Decimal
>>> from games.cards import parse_cards
>>> from games.over_under_26.settlement import Choice, settle
>>> rules = OverUnderRules()
>>> result = settle(parse_cards(["7S", "AH", "5D", "8C"]), Choice.UNDER, Decimal("10"), Decimal("0"), rules)
>>> print(explain(result, rules))  # doctest: +NORMALIZE_WHITESPACE
The three face-down cards are turned and the four cards total 31 (OU-6). An Ace counts 11, 2 to 10 their
face value, a joker nothing (OU-2). 31 is over 26: the Under bet loses with the Ante, -20.00 (OU-7). Net -20.00.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

from games.cards import AnyCard, Joker
from games.money import Ratio
from games.over_under_26.hand import SHOE, hand_total
from games.over_under_26.odds import TotalOdds
from games.over_under_26.rules import OverUnderRules, bonus_ratio
from games.over_under_26.settlement import Choice, Outcome, Settlement
from games.reasons import Reason, Term, gettext_noop
from games.reasons import explain as explain_reasons

CHOICE_TERMS: Final = {
    Choice.UNDER: Term(gettext_noop("Under")),
    Choice.OVER: Term(gettext_noop("Over")),
    Choice.FOLD: Term(gettext_noop("Fold")),
}
"""The player's choices (OU-5) as people read them."""

OUTCOME_TERMS: Final = {
    Outcome.FIRST_CARD_JOKER: Term(gettext_noop("First-card joker")),
    Outcome.JOKER: Term(gettext_noop("Joker")),
    Outcome.UNDER: Term(gettext_noop("Under")),
    Outcome.OVER: Term(gettext_noop("Over")),
    Outcome.TWENTY_SIX: Term(gettext_noop("26")),
    Outcome.FOLD: Term(gettext_noop("Fold")),
}
"""How a round ended, as people read it (the drills' choices, in this order)."""

SIDES: Final = {Outcome.UNDER: Term(gettext_noop("under")), Outcome.OVER: Term(gettext_noop("over"))}


def side_rule(choice: Choice) -> str:
    """The rule of the side the player bet: OU-7 for Under, OU-8 for Over."""
    return "OU-7" if choice is Choice.UNDER else "OU-8"


def ratio_text(ratio: Ratio) -> str:
    """A pay-table ratio as written in the table ("50:1")."""
    return f"{ratio.pays}:{ratio.per}"


# --- the total (OU-2, OU-6) --------------------------------------------------------------------

CARD_VALUES: Final = Reason.of("OU-2", gettext_noop("An Ace counts 11, 2 to 10 their face value, a joker nothing."))


def total_reasons(cards: Sequence[AnyCard]) -> tuple[Reason, ...]:
    """What 1 to 4 cards (in deal order) total, and what a joker among them does."""
    result = hand_total(cards)
    reasons = [
        Reason.of(
            "OU-2",
            gettext_noop("The cards total {total}: an Ace counts 11, 2 to 10 their face value, a joker nothing."),
            total=result.total,
        )
    ]
    if cards and isinstance(cards[0], Joker):
        reasons.append(FIRST_CARD_JOKER)
    elif result.jokers:
        reasons.append(JOKER_AMONG_THREE)
    return tuple(reasons)


ANNOUNCED: Final = Reason.of(
    "OU-6", gettext_noop("The dealer turns the three face-down cards and announces the four-card total.")
)


# --- the settlement (OU-4a – OU-10, OU-W) ------------------------------------------------------

FIRST_CARD_JOKER: Final = Reason.of(
    "OU-4a",
    gettext_noop(
        "The first card is a joker: the game ends at once without turning the other three, and the Ante wins."
    ),
)
JOKER_AMONG_THREE: Final = Reason.of(
    "OU-4b", gettext_noop("A joker among the three face-down cards wins whatever was chosen.")
)


def _win_returns(settlement: Settlement, rules: OverUnderRules) -> Reason:
    if settlement.choice is None:
        return Reason.of(
            "OU-W",
            gettext_noop(
                "A win returns {times} × Ante in all, stakes included: with only the Ante of {ante} up, a win of {win}."
            ),
            times=rules.win_return_multiple,
            ante=settlement.bets.ante,
            win=settlement.ante_win,
        )
    return Reason.of(
        "OU-W",
        gettext_noop("The Ante and the {bet} bet return {times} × Ante in all, stakes included: a win of {win}."),
        bet=CHOICE_TERMS[settlement.choice],
        times=rules.win_return_multiple,
        win=settlement.ante_win,
    )


def main_reasons(settlement: Settlement, rules: OverUnderRules) -> tuple[Reason, ...]:
    """Why the Ante (and the Under/Over bet) won or lost what they did."""
    s = settlement
    if s.outcome is Outcome.FIRST_CARD_JOKER:
        return FIRST_CARD_JOKER, _win_returns(s, rules)
    if s.outcome is Outcome.FOLD:
        return (
            Reason.of(
                "OU-5",
                gettext_noop(
                    "The player folded: the game ends without turning the other three "
                    "cards, and the Ante of {ante} is lost."
                ),
                ante=s.bets.ante,
            ),
        )
    assert s.choice is not None
    bet = CHOICE_TERMS[s.choice]
    if s.outcome is Outcome.JOKER:
        return JOKER_AMONG_THREE, _win_returns(s, rules)
    assert s.total is not None
    turned = (
        Reason.of(
            "OU-6",
            gettext_noop("The three face-down cards are turned and the four cards total {total}."),
            total=s.total,
        ),
        CARD_VALUES,
    )
    if s.outcome is Outcome.TWENTY_SIX:
        return (
            *turned,
            Reason.of(
                "OU-9",
                gettext_noop("Exactly 26 wins nothing: the Ante and the {bet} bet lose, {lost}."),
                bet=bet,
                lost=s.ante_win,
            ),
        )
    side = SIDES[s.outcome]
    if s.player_won:
        return (
            *turned,
            Reason.of(
                side_rule(s.choice),
                gettext_noop("{total} is {side} 26: the {bet} bet wins."),
                total=s.total,
                side=side,
                bet=bet,
            ),
            _win_returns(s, rules),
        )
    return (
        *turned,
        Reason.of(
            side_rule(s.choice),
            gettext_noop("{total} is {side} 26: the {bet} bet loses with the Ante, {lost}."),
            total=s.total,
            side=side,
            bet=bet,
            lost=s.ante_win,
        ),
    )


def bonus_reasons(settlement: Settlement, rules: OverUnderRules) -> tuple[Reason, ...]:
    """Why the Bonus won, lost or came back (none when no Bonus was bet)."""
    s = settlement
    bonus = s.bets.bonus
    if bonus == 0:
        return ()
    if s.outcome is Outcome.FIRST_CARD_JOKER:
        return (
            Reason.of(
                "OU-4a",
                gettext_noop("On a first-card joker the Bonus of {bonus} is returned, neither won nor lost."),
                bonus=bonus,
            ),
        )
    if s.outcome is Outcome.FOLD:
        return (Reason.of("OU-5", gettext_noop("A fold loses the Bonus of {bonus} with the Ante."), bonus=bonus),)
    table = rules.bonus_pay_table
    ratio = None if table is None else bonus_ratio(table, s.total)
    if s.total is None:
        if ratio is None:
            return (
                Reason.of(
                    "OU-10",
                    gettext_noop("The pay table lists no joker entry: the Bonus of {bonus} loses on a joker hand."),
                    bonus=bonus,
                ),
            )
        return (
            Reason.of(
                "OU-10",
                gettext_noop("The pay table's joker entry pays {ratio}: the Bonus of {bonus} wins {win}."),
                ratio=ratio_text(ratio),
                bonus=bonus,
                win=s.bonus_win,
            ),
        )
    if ratio is None:
        return (
            Reason.of(
                "OU-10",
                gettext_noop("The pay table does not list a total of {total}: the Bonus of {bonus} loses."),
                total=s.total,
                bonus=bonus,
            ),
        )
    return (
        Reason.of(
            "OU-10",
            gettext_noop("The pay table pays {ratio} on a total of {total}: the Bonus of {bonus} wins {win}."),
            ratio=ratio_text(ratio),
            total=s.total,
            bonus=bonus,
            win=s.bonus_win,
        ),
    )


def settlement_reasons(settlement: Settlement, rules: OverUnderRules) -> tuple[Reason, ...]:
    """The whole round: the main bets, the Bonus, and the net."""
    net = Reason.of("", gettext_noop("Net {net}."), net=settlement.net)
    return (*main_reasons(settlement, rules), *bonus_reasons(settlement, rules), net)


def explain(settlement: Settlement, rules: OverUnderRules) -> str:
    """The settlement's reasons in English words (the site renders them in the reader's
    language from the reasons themselves)."""
    return explain_reasons(settlement_reasons(settlement, rules))


# --- wrong answers (the drills' diagnoses) -----------------------------------------------------


ACE_AS_ONE: Final = Reason.of("OU-2", gettext_noop("You counted an Ace as 1: an Ace counts 11 here."))


def ace_counted_one(total: int, yours: int) -> Reason:
    return Reason.of(
        "OU-2",
        gettext_noop("{yours} is {total} less {less}: an Ace counted as 1. An Ace counts 11 here."),
        yours=yours,
        total=total,
        less=total - yours,
    )


def card_left_out(card: AnyCard, value: int, total: int) -> Reason:
    return Reason.of(
        "OU-6",
        gettext_noop("You left out the {card} ({value}): all four cards count, {total}."),
        card=card,
        value=value,
        total=total,
    )


def card_counted_twice(card: AnyCard, value: int, total: int) -> Reason:
    return Reason.of(
        "OU-6",
        gettext_noop("You counted the {card} ({value}) twice: the four cards total {total}."),
        card=card,
        value=value,
        total=total,
    )


def miscounted(cards: Sequence[AnyCard], yours: int) -> Reason:
    """A total a little off: the four cards counted in two pairs, as a dealer checks it."""
    first, second, third, fourth = cards
    values = [hand_total((card,)).total for card in cards]
    return Reason.of(
        "OU-6",
        gettext_noop(
            "{yours} is off: count in pairs, {first} {second} make {one}, {third} {fourth} make {two}: {total}."
        ),
        yours=yours,
        first=first,
        second=second,
        third=third,
        fourth=fourth,
        one=values[0] + values[1],
        two=values[2] + values[3],
        total=sum(values),
    )


def tens_slip(yours: int, total: int) -> Reason:
    """A total ten off with no Ace, joker or ten-card to explain it: a ten dropped or added
    while adding up (the only way four such cards come out exactly ten off)."""
    if yours < total:
        return Reason.of(
            "OU-6",
            gettext_noop(
                "{yours} is ten short of {total}: a ten was dropped while adding up (no Ace counted 1 or "
                "card left out gives ten here). The four cards total {total}."
            ),
            yours=yours,
            total=total,
        )
    return Reason.of(
        "OU-6",
        gettext_noop(
            "{yours} is ten over {total}: a ten was carried twice while adding up (no card counted twice "
            "gives ten here). The four cards total {total}."
        ),
        yours=yours,
        total=total,
    )


def six_nine_misread(card: AnyCard, read_as: int, total: int) -> Reason:
    """A 6 read as a 9 or a 9 as a 6 (the index upside down)."""
    return Reason.of(
        "OU-2",
        gettext_noop("You read the {card} as a {read_as}: turned round, a 6 and a 9 look alike. The total is {total}."),
        card=card,
        read_as=read_as,
        total=total,
    )


def joker_counted(yours: int, total: int) -> Reason:
    return Reason.of(
        "OU-2",
        gettext_noop("{yours} gives a joker a value: a joker counts nothing, so the total is {total}."),
        yours=yours,
        total=total,
    )


def paid_on_top(rules: OverUnderRules) -> Reason:
    return Reason.of(
        "OU-W",
        gettext_noop(
            "You paid {times} × Ante on top of the stakes: a win returns {times} × Ante in all, stakes included."
        ),
        times=rules.win_return_multiple,
    )


TWENTY_SIX_PUSH: Final = Reason.of("OU-9", gettext_noop("A total of exactly 26 is not a push: both bets lose."))

FIRST_JOKER_BONUS_LOST: Final = Reason.of(
    "OU-4a", gettext_noop("On a first-card joker the Bonus is returned, not lost.")
)
FIRST_JOKER_BONUS_AT_JOKER_ENTRY: Final = Reason.of(
    "OU-4a",
    gettext_noop(
        "You paid the joker entry on a first-card joker: the Bonus is returned whatever the table "
        "says; the joker entry is for a joker among the three face-down cards (OU-4b)."
    ),
)
FOLD_BONUS_RETURNED: Final = Reason.of(
    "OU-5", gettext_noop("A fold loses the Bonus with the Ante; it is not returned.")
)
BONUS_STAKE_ADDED: Final = Reason.of(
    "OU-10",
    gettext_noop(
        "You added the Bonus stake to the win: a ratio such as 10:1 is the win on top of the "
        "returned stake, so the result is the stake × the ratio."
    ),
)


BONUS_ON_ANTE: Final = Reason.of(
    "OU-10",
    gettext_noop("You paid the table's ratio on the Ante: the Bonus pays on its own stake, the Bonus bet."),
)
JOKER_HAND_PAID_BY_TOTAL: Final = Reason.of(
    "OU-4b",
    gettext_noop(
        "You settled the Bonus on the row of the other cards' total: a hand with a joker among the three "
        "face-down cards has no four-card total, and its Bonus is settled at the table's joker entry (OU-10)."
    ),
)


def chip_off(yours: Decimal, due: Decimal, chip: Decimal) -> Reason:
    """An amount one chip of the table over or short of what is due, paid or collected."""
    if due < 0:
        message = (
            gettext_noop("{yours} collects one {chip} chip too many: {due} is due. Count the stack before you move it.")
            if yours < due
            else gettext_noop(
                "{yours} collects one {chip} chip too few: {due} is due. Count the stack before you move it."
            )
        )
    elif yours > due:
        message = gettext_noop(
            "{yours} pays one {chip} chip too many: {due} is due. Count the stack before you move it."
        )
    else:
        message = gettext_noop(
            "{yours} pays one {chip} chip too few: {due} is due. Count the stack before you move it."
        )
    return Reason.of("", message, yours=yours, chip=chip, due=due)


def half_rounded(yours: Decimal, due: Decimal) -> Reason:
    """An amount with a half (…50) rounded to a whole amount up or down."""
    return Reason.of(
        "",
        gettext_noop("{due} is due to the cent: you rounded its half to {yours}."),
        yours=yours,
        due=due,
    )


def bonus_row_misread(yours: Decimal, ratio: Ratio, rows: Sequence[str]) -> Reason:
    """A Bonus paid at another row of the table than the hand's."""
    return Reason.of(
        "OU-10",
        gettext_noop("{yours} pays {ratio}, the table's row for {rows}, which is not this hand's."),
        yours=yours,
        ratio=ratio_text(ratio),
        rows=", ".join(rows),
    )


def bonus_lost_amount(yours: Decimal, bonus: Decimal) -> Reason:
    """A losing Bonus answered as another loss than its stake."""
    return Reason.of(
        "OU-10",
        gettext_noop("A losing Bonus loses its stake, {bonus}, no more and no less; not {yours}."),
        bonus=bonus,
        yours=yours,
    )


def bonus_paid_amount(yours: Decimal, bonus: Decimal) -> Reason:
    """A winning Bonus paid another amount than the table's ratio gives (read in stakes where it is whole)."""
    if yours % bonus == 0:
        return Reason.of(
            "OU-10",
            gettext_noop("You paid {yours}, {stakes} × the Bonus of {bonus}: pay the stake × the table's ratio."),
            yours=yours,
            stakes=int(yours / bonus),
            bonus=bonus,
        )
    return Reason.of(
        "OU-10",
        gettext_noop(
            "You paid {yours}, which no ratio of the table gives on a Bonus of "
            "{bonus}: pay the stake × the table's ratio."
        ),
        yours=yours,
        bonus=bonus,
    )


def wrong_outcome(settlement: Settlement, yours: Outcome, first: AnyCard) -> Reason:
    """Why the outcome answered is not this round's: the value that decides it, from the engine."""
    s = settlement
    right = OUTCOME_TERMS[s.outcome]
    if s.outcome is Outcome.FOLD:
        return Reason.of(
            "OU-5",
            gettext_noop(
                "The player folded: the round ends there, a fold, whatever the three face-down cards are; not {yours}."
            ),
            yours=OUTCOME_TERMS[yours],
        )
    if yours is Outcome.FIRST_CARD_JOKER:
        return Reason.of(
            "OU-4a",
            gettext_noop("The first card, {card}, is not a joker: no first-card joker; the round is {right}."),
            card=first,
            right=right,
        )
    if s.outcome is Outcome.FIRST_CARD_JOKER:
        return Reason.of(
            "OU-4a",
            gettext_noop(
                "The joker is the first card: the game ends at once, a first-card joker, before any choice; "
                "not {yours}."
            ),
            yours=OUTCOME_TERMS[yours],
        )
    assert s.choice is not None
    if yours is Outcome.FOLD:
        return Reason.of(
            "OU-5",
            gettext_noop("The player chose {choice}, not to fold: the round is {right}."),
            choice=CHOICE_TERMS[s.choice],
            right=right,
        )
    if s.outcome is Outcome.JOKER:
        return Reason.of(
            "OU-4b",
            gettext_noop(
                "A joker is among the three face-down cards: the round is a joker whatever the other cards "
                "total; not {yours}."
            ),
            yours=OUTCOME_TERMS[yours],
        )
    assert s.total is not None
    if yours is Outcome.JOKER:
        return Reason.of(
            "OU-4b",
            gettext_noop("There is no joker among the three face-down cards: the cards total {total}, {right}."),
            total=s.total,
            right=right,
        )
    if s.outcome is Outcome.TWENTY_SIX:
        return Reason.of(
            "OU-9",
            gettext_noop("The cards total exactly {total}: the outcome is 26, not {yours}."),
            total=s.total,
            yours=OUTCOME_TERMS[yours],
        )
    if yours is Outcome.TWENTY_SIX:
        return Reason.of(
            "OU-6", gettext_noop("The cards total {total}, not 26: the outcome is {right}."), total=s.total, right=right
        )
    if yours.value == s.choice.value:
        return Reason.of(
            side_rule(s.choice),
            gettext_noop(
                "The cards total {total}, {side} 26: the outcome names the side the total fell on, {right}, not the "
                "player's bet ({choice}), which loses."
            ),
            total=s.total,
            side=SIDES[s.outcome],
            right=right,
            choice=CHOICE_TERMS[s.choice],
        )
    return Reason.of(
        "OU-6",
        gettext_noop("The cards total {total}, {side} 26: the outcome is {right}, not {yours}."),
        total=s.total,
        side=SIDES[s.outcome],
        right=right,
        yours=OUTCOME_TERMS[yours],
    )


def antes_due(settlement: Settlement, rules: OverUnderRules) -> Reason:
    """How many Antes the main bets' result is, and why (what a miscounted net is read against)."""
    s = settlement
    antes = int(s.ante_win / s.bets.ante)
    if s.outcome is Outcome.FOLD:
        return Reason.of(
            "OU-5",
            gettext_noop(
                "A fold loses the Ante alone: no Under/Over bet was placed, so the result is -1 × Ante, {due}."
            ),
            due=s.ante_win,
        )
    if s.player_won and s.choice is None:
        return Reason.of(
            "OU-W",
            gettext_noop(
                "A first-card joker wins with only the Ante up: {times} × Ante returned less the Ante staked is "
                "{antes} × Ante, {due}."
            ),
            times=rules.win_return_multiple,
            antes=antes,
            due=s.ante_win,
        )
    if s.player_won:
        return Reason.of(
            "OU-W",
            gettext_noop(
                "A win with the Ante and the Under/Over bet up: {times} × Ante returned less the 2 Antes staked is "
                "{antes} × Ante, {due}."
            ),
            times=rules.win_return_multiple,
            antes=antes,
            due=s.ante_win,
        )
    rule = "OU-9" if s.outcome is Outcome.TWENTY_SIX else side_rule(s.choice or Choice.UNDER)
    return Reason.of(
        rule,
        gettext_noop("Both bets lose, the Ante and the Under/Over bet: -2 × Ante, {due}."),
        due=s.ante_win,
    )


def net_in_antes(yours: Decimal, ante: Decimal) -> Reason:
    """A net answered, read as a count of Antes (or as none)."""
    if yours % ante == 0:
        return Reason.of(
            "",
            gettext_noop("You answered {yours}, {antes} × the Ante of {ante}."),
            yours=yours,
            antes=int(yours / ante),
            ante=ante,
        )
    return Reason.of(
        "",
        gettext_noop(
            "You answered {yours}, not a whole number of Antes of {ante}: without a Bonus every result is a whole "
            "number of Antes."
        ),
        yours=yours,
        ante=ante,
    )


# --- the odds (OU-1, OU-2, OU-4, OU-10) --------------------------------------------------------


def _percent(share: Fraction, *, signed: bool = False) -> str:
    """A share as a percentage rounded to two decimals ("5.12%", "+1.20%" when ``signed``)."""
    return f"{float(share):+.2%}" if signed else f"{float(share):.2%}"


def odds_reasons(odds: TotalOdds, bonus_return: Fraction | None = None) -> tuple[Reason, ...]:
    """What the exact odds of a four-card deal say, and the Bonus's return under a table."""
    one_in = odds.first_card_joker.denominator // odds.first_card_joker.numerator
    reasons = [
        Reason.of(
            "OU-1",
            gettext_noop("Exact shares of all four-card deals from the full {cards}-card shoe."),
            cards=SHOE.size,
        ),
        Reason.of(
            "OU-2",
            gettext_noop(
                "Each joker-free total, an Ace 11 and 2 to 10 their face value, peaks at 26 and is symmetric about it."
            ),
        ),
        Reason.of(
            "OU-4", gettext_noop("A joker is among the four cards {share} of the time."), share=_percent(odds.any_joker)
        ),
        Reason.of("OU-4a", gettext_noop("The first card is a joker 1 time in {one_in}."), one_in=one_in),
        Reason.of(
            "OU-4b",
            gettext_noop("A joker is among the other three {share} of the time."),
            share=_percent(odds.joker_after_first),
        ),
    ]
    if bonus_return is not None:
        reasons.append(
            Reason.of(
                "OU-10",
                gettext_noop(
                    "Under this property's Bonus pay table the Bonus returns {share} per unit "
                    "staked if the player never folds."
                ),
                share=_percent(bonus_return, signed=True),
            )
        )
    return tuple(reasons)
