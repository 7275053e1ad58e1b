"""Blackjack's explainer: every message ID of the twenty-one family's hand values, dealer
play, payouts, insurance, blackjack timing and options, as structured reasons
(:class:`games.reasons.Reason`: a rule ID, the English wording with placeholders, the values
that decided it). Drill kinds, rulings and pages take their words from here; the values come
from the engine and the rule set in force, so a house variant explains itself with its own
values (6:5, hits soft 17...).

>>> from games.blackjack.rules import BlackjackRules
>>> from games.blackjack.hand import parse_hand
>>> not_blackjack(BlackjackRules()).words()
'An Ace and a 10-value after a split is 21, not blackjack: paid 1:1, and it loses to a dealer blackjack (BJ-S4).'
>>> dealer_reason(parse_hand("AS 6H"), BlackjackRules()).words()
'The dealer has a soft 17 and stands on every 17, soft 17 included (BJ-8).'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from games.blackjack.dealer import DEALER_STANDS_ON
from games.blackjack.hand import (
    SOFT_BONUS,
    TWENTY_ONE,
    HandKind,
    HandValue,
    card_value,
    hand_value,
    hard_total,
    is_natural,
    is_ten_value,
)
from games.blackjack.rules import TwentyOneRules
from games.cards import Card, Rank
from games.money import Ratio
from games.reasons import Phrase, Reason, Term, gettext_noop


def ratio(value: Ratio) -> Term:
    """A payout ratio as a word of the game ("3:2")."""
    return Term(str(value))


def kind_of(value: HandValue) -> Term:
    return Term(gettext_noop("soft") if value.soft else gettext_noop("hard"))


# --- hands (BJ-2, BJ-3, BJ-4, BJ-S4, JS-8) ---------------------------------------------


def not_blackjack(rules: TwentyOneRules, *, switched: bool = False) -> Reason:
    """The one wording of "21, not blackjack": an Ace and a 10-value after a split (BJ-S4) or
    after the switch (JS-8)."""
    when = Term(gettext_noop("after the switch")) if switched else Term(gettext_noop("after a split"))
    return Reason.of(
        "JS-8" if switched else "BJ-S4",
        gettext_noop("An Ace and a 10-value {when} is 21, not blackjack: paid 1:1, and it loses to a dealer blackjack"),
        when=when,
    )


def hand_reasons(
    cards: Sequence[Card], rules: TwentyOneRules, *, split_hand: bool = False, switched: bool = False
) -> tuple[Reason, ...]:
    """Why a hand counts what it counts (BJ-2), and whether it is a blackjack (BJ-4) or bust (BJ-3)."""
    value = hand_value(cards, split_hand=split_hand, switched=switched)
    shown = tuple(cards)
    values = rules.IDS.values
    if value.blackjack:
        return (
            Reason.of(
                "BJ-4",
                gettext_noop("{cards} is a blackjack: an Ace and a 10-value as the first two cards of an unsplit hand"),
                cards=shown,
            ),
        )
    if value.bust:
        return (
            Reason.of(
                "BJ-3",
                gettext_noop("{cards} counts {total} with every Ace as 1: over 21, the hand is bust and loses at once"),
                cards=shown,
                total=value.total,
            ),
        )
    if value.soft:
        reason = Reason.of(
            values,
            gettext_noop("{cards} is a soft {total}: an Ace counts 11 without taking the hand over 21"),
            cards=shown,
            total=value.total,
        )
    elif any(card.rank is Rank.ACE for card in cards):
        reason = Reason.of(
            values,
            gettext_noop("{cards} is a hard {total}: every Ace counts 1, as 11 would take the hand over 21"),
            cards=shown,
            total=value.total,
        )
    else:
        reason = Reason.of(values, gettext_noop("{cards} is a hard {total}"), cards=shown, total=value.total)
    if is_natural(cards) and (split_hand or switched):
        return reason, not_blackjack(rules, switched=switched)
    return (reason,)


def counted(cards: Sequence[Card], rules: TwentyOneRules, yours: int, *, split_hand: bool = False) -> Reason:
    """A miscounted total: the cards' values added up (BJ-2)."""
    value = hand_value(cards, split_hand=split_hand)
    ace = fragment(gettext_noop(", an Ace counted 11") if value.soft else "")
    return Reason.of(
        rules.IDS.values,
        gettext_noop("{cards} count {total}{ace}, not {yours}: count the cards again (Ace 1 or 11, pictures 10)"),
        cards=tuple(cards),
        total=value.total,
        ace=ace,
        yours=yours,
    )


def miscount_cause(
    cards: Sequence[Card], rules: TwentyOneRules, yours: int, *, split_hand: bool = False
) -> tuple[str, Reason] | None:
    """What a miscounted total proves, when the cards give exactly ``yours`` one wrong way
    (BJ-2): an Ace counted 1 in a soft hand or 11 over 21, a card left out or counted twice
    (naming it), a 10-value counted 1 or 11, a 6 read as a 9 or the reverse. None when no
    single slip gives ``yours``: then only the working can be shown (:func:`counted`).

    >>> from games.blackjack.rules import BlackjackRules
    >>> miscount_cause(parse_hand("KD 2S 9C"), BlackjackRules(), 11)[1].words()
    'K♦ 2♠ 9♣ count 21; 11 leaves out the K♦ (BJ-2).'
    >>> miscount_cause(parse_hand("JS QD"), BlackjackRules(), 10)[1].words()
    'J♠ Q♦ count 20; 10 leaves out one of J♠ Q♦ (BJ-2).'
    >>> miscount_cause(parse_hand("8S 7D 6D"), BlackjackRules(), 24)[1].words()
    '8♠ 7♦ 6♦ count 21; 24 reads the 6♦ as a 9 (BJ-2).'
    >>> miscount_cause(parse_hand("8S 7D 6D"), BlackjackRules(), 20) is None
    True
    """
    value = hand_value(cards, split_hand=split_hand)
    shown = tuple(cards)
    if yours == value.total:
        return None
    values = rules.IDS.values
    if value.soft and yours == hard_total(cards):
        return "ace-counted-one", Reason.of(
            values,
            gettext_noop(
                "{cards} is a soft {total}: {yours} counts the Ace as 1, but it counts 11 without going over 21"
            ),
            cards=shown,
            total=value.total,
            yours=yours,
        )
    if not value.soft and any(card.rank is Rank.ACE for card in cards) and yours == value.total + SOFT_BONUS:
        return "ace-counted-eleven", Reason.of(
            values,
            gettext_noop(
                "{cards} counts {total}: {yours} counts an Ace as 11, which takes the hand over 21, so it counts 1"
            ),
            cards=shown,
            total=value.total,
            yours=yours,
        )

    def which(matches: list[Card]) -> tuple[str, Card | tuple[Card, ...]]:
        return ("one", matches[0]) if len(set(matches)) == 1 else ("several", tuple(dict.fromkeys(matches)))

    def total_of(changed: Sequence[Card]) -> int:
        return hand_value(changed, split_hand=split_hand).total

    def counted_as(card: Card) -> int:  # what the card adds to this hand's total
        return card_value(card) + (SOFT_BONUS if value.soft and card.rank is Rank.ACE else 0)

    left_out = [
        card
        for index, card in enumerate(shown)
        if yours in (total_of(shown[:index] + shown[index + 1 :]), value.total - counted_as(card))
    ]
    if left_out:
        many, card = which(left_out)
        message = (
            gettext_noop("{cards} count {total}; {yours} leaves out the {card}")
            if many == "one"
            else gettext_noop("{cards} count {total}; {yours} leaves out one of {card}")
        )
        return "card-left-out", Reason.of(values, message, cards=shown, total=value.total, yours=yours, card=card)
    twice = [card for card in cards if yours in (total_of((*cards, card)), value.total + card_value(card))]
    if twice:
        many, card = which(twice)
        message = (
            gettext_noop("{cards} count {total}; {yours} counts the {card} twice")
            if many == "one"
            else gettext_noop("{cards} count {total}; {yours} counts one of {card} twice")
        )
        return "card-counted-twice", Reason.of(values, message, cards=shown, total=value.total, yours=yours, card=card)
    tens = [card for card in cards if is_ten_value(card)]
    if tens and not value.soft:
        for ten_as in (1, 11):
            if yours == value.total - 10 + ten_as:
                many, card = which(tens)
                message = (
                    gettext_noop("{cards} count {total}; {yours} counts the {card} as {as_}, but it counts 10")
                    if many == "one"
                    else gettext_noop("{cards} count {total}; {yours} counts one of {card} as {as_}: each counts 10")
                )
                return "ten-miscounted", Reason.of(
                    values, message, cards=shown, total=value.total, yours=yours, card=card, as_=ten_as
                )
    for seen, read in ((Rank.SIX, Rank.NINE), (Rank.NINE, Rank.SIX)):
        for index, card in enumerate(cards):
            if card.rank is seen and total_of((*cards[:index], Card(read, card.suit), *cards[index + 1 :])) == yours:
                return "six-nine-misread", Reason.of(
                    values,
                    gettext_noop("{cards} count {total}; {yours} reads the {card} as a {read}"),
                    cards=shown,
                    total=value.total,
                    yours=yours,
                    card=card,
                    read=read.pip,
                )
    return None


def category_reason(
    cards: Sequence[Card], rules: TwentyOneRules, yours: str, *, split_hand: bool = False
) -> tuple[str, Reason] | None:
    """Why a hand is not what the trainee called it (``yours``: hard, soft, blackjack or
    bust), with a code for the shape; None when the call is right."""
    value = hand_value(cards, split_hand=split_hand)
    shown = tuple(cards)
    if yours == HandKind.BLACKJACK and not value.blackjack:
        if is_natural(cards) and split_hand:
            return "split-21-called-blackjack", not_blackjack(rules)
        if value.total == TWENTY_ONE:
            return "21-called-blackjack", Reason.of(
                "BJ-4",
                gettext_noop(
                    "{cards} is 21 in {size} cards, not a blackjack: a blackjack is an Ace and a 10-value as the first "
                    "two cards"
                ),
                cards=shown,
                size=value.size,
            )
        return "not-a-blackjack", Reason.of(
            "BJ-4",
            gettext_noop("{cards} is not a blackjack: a blackjack is an Ace and a 10-value as the first two cards"),
            cards=shown,
        )
    if yours == HandKind.BUST and not value.bust:
        return "not-bust", Reason.of(
            "BJ-3",
            gettext_noop("{cards} counts {total}, not over 21: the hand is not bust"),
            cards=shown,
            total=value.total,
        )
    if yours in (HandKind.HARD, HandKind.SOFT) and value.bust:
        return "bust-called-" + yours, Reason.of(
            "BJ-3",
            gettext_noop("{cards} counts {total} even with every Ace as 1: over 21, the hand is bust"),
            cards=shown,
            total=value.total,
        )
    if yours in (HandKind.HARD, HandKind.SOFT) and value.blackjack:
        return "blackjack-called-" + yours, Reason.of(
            "BJ-4",
            gettext_noop(
                "{cards} is more than a {total}: an Ace and a 10-value as the first two cards of an unsplit hand are a "
                "blackjack"
            ),
            cards=shown,
            total=value.total,
        )
    if yours == HandKind.SOFT and not value.soft:
        if not any(card.rank is Rank.ACE for card in cards):
            return "soft-without-ace", Reason.of(
                rules.IDS.values,
                gettext_noop("{cards} has no Ace: only an Ace counted 11 makes a hand soft"),
                cards=shown,
            )
        return "hard-called-soft", Reason.of(
            rules.IDS.values,
            gettext_noop(
                "{cards}: an Ace counted 11 would make {over}, over 21, so every Ace counts 1 and the hand is hard"
            ),
            cards=shown,
            over=value.total + 10,
        )
    if yours == HandKind.HARD and value.soft:
        return "soft-called-hard", Reason.of(
            rules.IDS.values,
            gettext_noop("{cards}: an Ace counts 11 in this {total} without going over 21, so the hand is soft"),
            cards=shown,
            total=value.total,
        )
    return None


# --- the dealer's play (BJ-6, BJ-8 / JS-5) --------------------------------------------


def dealer_reason(cards: Sequence[Card], rules: TwentyOneRules) -> Reason:
    """Why the dealer draws or stands on ``cards`` under this house's soft-17 rule."""
    value = hand_value(cards)
    draws = rules.IDS.dealer_draws
    if value.size < 2:
        return Reason.of(
            "BJ-6",
            gettext_noop(
                "The dealer has one card: the dealer's second card is drawn after every box has played (no hole card)"
            ),
        )
    if value.bust:
        return Reason.of(
            "BJ-3",
            gettext_noop("The dealer has {total}, over 21: the hand is finished and draws no more"),
            total=value.total,
        )
    if value.total < DEALER_STANDS_ON:
        return Reason.of(
            draws,
            gettext_noop("The dealer has {total}, below {stands}, and must draw"),
            total=value.total,
            stands=DEALER_STANDS_ON,
        )
    if value.total == DEALER_STANDS_ON and value.soft:
        if rules.dealer_hits_soft_17:
            return Reason.of(draws, gettext_noop("The dealer has a soft 17 and this house's dealer hits soft 17"))
        return Reason.of(draws, gettext_noop("The dealer has a soft 17 and stands on every 17, soft 17 included"))
    if value.blackjack:
        return Reason.of(draws, gettext_noop("The dealer has a blackjack and stands"))
    return Reason.of(
        draws, gettext_noop("The dealer has a {kind} {total} and stands"), kind=kind_of(value), total=value.total
    )


def soft_17_confusion(rules: TwentyOneRules) -> Reason:
    """The other house's soft-17 rule applied."""
    if rules.dealer_hits_soft_17:
        return Reason.of(
            rules.IDS.dealer_draws,
            gettext_noop(
                "this house's dealer hits soft 17: you played it as in a game where the dealer stands on all 17s"
            ),
        )
    return Reason.of(
        rules.IDS.dealer_draws,
        gettext_noop("this house's dealer stands on all 17s, soft 17 included: you hit it as in a hit-soft-17 game"),
    )


def hard_17_with_ace(rules: TwentyOneRules) -> Reason:
    return Reason.of(
        rules.IDS.dealer_draws,
        gettext_noop("an Ace makes a hand soft only while it can count 11: this 17 is hard and the dealer stands"),
    )


# --- payouts (BJ-5, BJ-I2, BJ-E, BJ-R1) -------------------------------------------------


def blackjack_paid(rules: TwentyOneRules, bet: Decimal, pays: Decimal) -> Reason:
    return Reason.of(
        rules.IDS.blackjack_pays,
        gettext_noop("A blackjack is paid {ratio}: {pays} on {bet}"),
        ratio=ratio(rules.blackjack_pays),
        pays=pays,
        bet=bet,
    )


def win_paid(bet: Decimal, pays: Decimal) -> Reason:
    return Reason.of("BJ-5", gettext_noop("A winning hand is paid 1:1: {pays} on {bet}"), pays=pays, bet=bet)


def insurance_paid(rules: TwentyOneRules, bet: Decimal, pays: Decimal) -> Reason:
    return Reason.of(
        "BJ-I2",
        gettext_noop("Insurance wins on a dealer blackjack and is paid {ratio}: {pays} on the {bet} insurance bet"),
        ratio=ratio(rules.insurance_pays),
        pays=pays,
        bet=bet,
    )


def even_money_paid(rules: TwentyOneRules, bet: Decimal, pays: Decimal) -> Reason:
    return Reason.of(
        "BJ-E",
        gettext_noop("Even money pays the blackjack 1:1 at once, not {ratio}: {pays} on {bet}"),
        ratio=ratio(rules.blackjack_pays),
        pays=pays,
        bet=bet,
    )


def surrender_collected(collects: Decimal) -> Reason:
    return Reason.of(
        "BJ-R1",
        gettext_noop(
            "A surrender loses half the bet: the dealer collects {collects} and returns the other half; nothing is paid"
        ),
        collects=collects,
    )


def ratio_worked(rule: str, paid: Ratio, bet: Decimal, due: Decimal, yours: Decimal) -> Reason:
    """A payout at the right ratio worked out: the arithmetic slip named with its numbers.

    >>> ratio_worked("BJ-5", Ratio(3, 2), Decimal("35"), Decimal("52.50"), Decimal("53.50")).words()
    '3:2 on 35.00 is 35.00 × 3 ÷ 2 = 52.50, not 53.50 (BJ-5).'
    >>> ratio_worked("BJ-5", Ratio(1, 1), Decimal("20"), Decimal("20"), Decimal("25")).words()
    '1:1 pays the amount of the bet: 20.00, not 25.00 (BJ-5).'
    """
    if paid.per == 1 and paid.pays == 1:
        return Reason.of(
            rule,
            gettext_noop("{ratio} pays the amount of the bet: {due}, not {yours}"),
            ratio=ratio(paid),
            due=due,
            yours=yours,
        )
    if paid.per == 1:
        return Reason.of(
            rule,
            gettext_noop("{ratio} on {bet} is {bet} × {pays} = {due}, not {yours}"),
            ratio=ratio(paid),
            bet=bet,
            pays=paid.pays,
            due=due,
            yours=yours,
        )
    return Reason.of(
        rule,
        gettext_noop("{ratio} on {bet} is {bet} × {pays} ÷ {per} = {due}, not {yours}"),
        ratio=ratio(paid),
        bet=bet,
        pays=paid.pays,
        per=paid.per,
        due=due,
        yours=yours,
    )


def surrender_half(bet: Decimal, due: Decimal, yours: Decimal) -> Reason:
    return Reason.of(
        "BJ-R1",
        gettext_noop("A surrender collects half the bet: half of {bet} is {due}, not {yours}"),
        bet=bet,
        due=due,
        yours=yours,
    )


def surrender_paid_out(collects: Decimal) -> Reason:
    return Reason.of(
        "BJ-R1",
        gettext_noop("A surrender is a loss: the dealer collects {collects} and pays nothing"),
        collects=collects,
    )


def paid_not_collected(rule: str, pays: Decimal) -> Reason:
    return Reason.of(rule, gettext_noop("This bet wins: the dealer pays {pays} and takes nothing in"), pays=pays)


# --- insurance (BJ-I1, BJ-E) ------------------------------------------------------------


def insurance_limit(bet: Decimal, most: Decimal) -> Reason:
    return Reason.of(
        "BJ-I1", gettext_noop("Insurance is up to half the original bet: half of {bet} is {most}"), bet=bet, most=most
    )


def insurance_half_worked(bet: Decimal, most: Decimal, yours: Decimal) -> Reason:
    return Reason.of(
        "BJ-I1",
        gettext_noop("Insurance is up to half the original bet: half of {bet} is {most}, not {yours}"),
        bet=bet,
        most=most,
        yours=yours,
    )


def even_money_instead() -> Reason:
    return Reason.of(
        "BJ-E",
        gettext_noop(
            "The player has a blackjack: it is offered even money instead of insurance, so no insurance bet is taken"
        ),
    )


def insurance_whole_bet() -> Reason:
    return Reason.of("BJ-I1", gettext_noop("insurance is up to half the original bet, not the whole bet"))


def blackjack_not_insured() -> Reason:
    return Reason.of("BJ-E", gettext_noop("a blackjack is offered even money instead of insurance"))


# --- when a blackjack is paid (BJ-10) -----------------------------------------------------


def paid_at_once(upcard: Card) -> Reason:
    return Reason.of(
        "BJ-10",
        gettext_noop(
            "The dealer's first card, {upcard}, is neither an Ace nor a 10-value, so "
            "the dealer cannot make blackjack: the blackjack is paid at once"
        ),
        upcard=upcard,
    )


def waits_for_second_card(upcard: Card) -> Reason:
    return Reason.of(
        "BJ-10",
        gettext_noop(
            "The dealer's first card, {upcard}, can still make a blackjack: the "
            "player's blackjack waits for the dealer's second card and pushes a "
            "dealer blackjack"
        ),
        upcard=upcard,
    )


def even_money_may_be_offered() -> Reason:
    return Reason.of("BJ-E", gettext_noop("Against a dealer Ace the blackjack may take even money instead"))


def paid_against_ten() -> Reason:
    return Reason.of(
        "BJ-10",
        gettext_noop(
            "the dealer shows a 10-value and may still make blackjack: the blackjack waits for the dealer's second card"
        ),
    )


def paid_against_ace() -> Reason:
    return Reason.of(
        "BJ-10",
        gettext_noop("the dealer shows an Ace and may still make blackjack: the blackjack waits (or takes even money)"),
    )


def waited_needlessly() -> Reason:
    return Reason.of(
        "BJ-10",
        gettext_noop(
            "the dealer's first card is neither an Ace nor a 10-value: the dealer "
            "cannot make blackjack, so the blackjack is paid at once"
        ),
    )


def blackjack_not_even(rules: TwentyOneRules) -> Reason:
    return Reason.of(
        rules.IDS.blackjack_pays,
        gettext_noop("a blackjack pays {ratio} here, not 1:1"),
        ratio=ratio(rules.blackjack_pays),
    )


def even_money_not_blackjack_ratio(rules: TwentyOneRules) -> Reason:
    return Reason.of(
        "BJ-E", gettext_noop("even money pays 1:1, not the blackjack's {ratio}"), ratio=ratio(rules.blackjack_pays)
    )


def insurance_not_even(rules: TwentyOneRules) -> Reason:
    return Reason.of("BJ-I2", gettext_noop("insurance pays {ratio}, not 1:1"), ratio=ratio(rules.insurance_pays))


def surrender_not_whole_bet() -> Reason:
    return Reason.of(
        "BJ-R1", gettext_noop("a surrender collects half the bet, not all of it: the other half goes back")
    )


def surrender_is_a_loss() -> Reason:
    return Reason.of("BJ-R1", gettext_noop("a surrender is a loss: half the bet is collected, nothing paid"))


# --- hand-count mistakes -------------------------------------------------------------------


def ace_always_eleven(rules: TwentyOneRules) -> Reason:
    return Reason.of(
        rules.IDS.values, gettext_noop("an Ace counts 1 when 11 would take the hand over 21: this hand is not bust")
    )


def ace_always_one(rules: TwentyOneRules) -> Reason:
    return Reason.of(
        rules.IDS.values, gettext_noop("an Ace counts 11 when that does not take the hand over 21: this is a soft hand")
    )


def soft_called_hard(rules: TwentyOneRules) -> Reason:
    return Reason.of(rules.IDS.values, gettext_noop("the total is right, but an Ace counts 11 in it: the hand is soft"))


# --- options: why an option is refused, or open (BJ-7, BJ-D, BJ-S, BJ-R, BJ-I1, BJ-E) ----

DRAWS = "draws"
"""In the tables below: the game's own rule for a player's draw (BJ-7; JS-6 at Jack Switch)."""

REFUSALS: dict[str, tuple[str, str]] = {
    "draw-bust": ("BJ-3", gettext_noop("a bust hand ({total}) has lost and draws no card")),
    "draw-blackjack": (DRAWS, gettext_noop("a blackjack draws no card")),
    "draw-21": (DRAWS, gettext_noop("no draw at 21")),
    "draw-hard-21": (DRAWS, gettext_noop("no draw on a hard 21")),
    "stand-bust": ("BJ-3", gettext_noop("the hand is bust with {total} and has lost")),
    "hit-split-aces": ("BJ-S3", gettext_noop("split Aces receive one card each")),
    "double-bust": ("BJ-3", gettext_noop("the hand is bust")),
    "double-split-aces": ("BJ-D2", gettext_noop("split Aces cannot be doubled")),
    "double-first-two": ("BJ-D1", gettext_noop("a hand doubles only on its first two cards")),
    "double-blackjack": ("BJ-D1", gettext_noop("a blackjack cannot be doubled")),
    "double-after-split": ("BJ-D2", gettext_noop("this house does not allow a double after a split")),
    "double-at-21": (DRAWS, gettext_noop("a double draws a card, and there is no draw at 21")),
    "double-at-hard-21": (DRAWS, gettext_noop("a double draws a card, and there is no draw on a hard 21")),
    "split-first-two": ("BJ-S1", gettext_noop("only a hand's first two cards can be split")),
    "split-not-pair": ("BJ-S1", gettext_noop("the two cards are not of the same value")),
    "split-aces-again": ("BJ-S3", gettext_noop("Aces are split only once")),
    "split-limit": ("BJ-S2", gettext_noop("the box already has {hands} hands, the most allowed")),
    "surrender-not-offered": (
        "BJ-R1",
        gettext_noop('the house does not offer surrender (house setting "Surrender offered")'),
    ),
    "surrender-split": ("BJ-R1", gettext_noop("a split hand cannot surrender")),
    "surrender-first-two": ("BJ-R1", gettext_noop("a hand surrenders only on its first two cards")),
    "surrender-third-card": ("BJ-R2", gettext_noop("a box at the table has already drawn a third card")),
    "surrender-ace": ("BJ-R3", gettext_noop("no surrender against a dealer Ace")),
    "surrender-blackjack": ("BJ-R3", gettext_noop("a blackjack cannot surrender")),
    "insurance-no-ace": ("BJ-I1", gettext_noop("insurance is offered only when the dealer's first card is an Ace")),
    "insurance-started": (
        "BJ-I1",
        gettext_noop("no insurance now: it is offered before the first box acts, and play has started"),
    ),
    "insurance-switched": (
        "BJ-I1",
        gettext_noop("no insurance now: it is offered before the first box acts, and this box has switched"),
    ),
    "insurance-blackjack": ("BJ-E", gettext_noop("a blackjack is offered even money instead of insurance")),
    "even-money-not-blackjack": ("BJ-E", gettext_noop("even money is only for a blackjack")),
    "even-money-no-ace": (
        "BJ-E",
        gettext_noop("even money is only against a dealer Ace; this blackjack is paid at once"),
    ),
    "even-money-started": (
        "BJ-E",
        gettext_noop("no even money now: it is offered before the first box acts, and play has started"),
    ),
    "even-money-switched": (
        "BJ-E",
        gettext_noop("no even money now: it is offered before the first box acts, and this box has switched"),
    ),
}
"""Every reason an option is refused: code -> (rule ID, message ID)."""

OPEN: dict[str, tuple[str, str]] = {
    "stand": (DRAWS, gettext_noop("a hand that is not bust may always stand")),
    "hit": (DRAWS, gettext_noop("the hand has {total}, below 21: it may draw")),
    "hit-soft-21": (DRAWS, gettext_noop("a soft 21 that is not a blackjack may still draw")),
    "double": ("BJ-D1", gettext_noop("a hand may double on its first two cards")),
    "double-after-split": ("BJ-D2", gettext_noop("this house allows a double after a split (not on split Aces)")),
    "split": (
        "BJ-S1",
        gettext_noop("two cards of the same value may be split: the box has {hands} of at most {most} hands"),
    ),
    "surrender": (
        "BJ-R1",
        gettext_noop(
            "surrender is open: the first two cards of an unsplit hand, no third card "
            "drawn at the table yet, and no dealer Ace"
        ),
    ),
    "insurance": ("BJ-I1", gettext_noop("the dealer shows an Ace and no box has acted yet: insurance is offered")),
    "even-money": (
        "BJ-E",
        gettext_noop("a blackjack against a dealer Ace is offered even money before the first box acts"),
    ),
}
"""Why an option is open: code -> (rule ID, message ID)."""


def _from_table(table: dict[str, tuple[str, str]], code: str, rules: TwentyOneRules, **params: object) -> Reason:
    rule, message = table[code]
    return Reason.of(rules.IDS.player_draws if rule == DRAWS else rule, message, **params)


def refused(code: str, rules: TwentyOneRules, **params: object) -> Reason:
    """The reason ``code`` of :data:`REFUSALS` with its values."""
    return _from_table(REFUSALS, code, rules, **params)


def open_option(code: str, rules: TwentyOneRules, **params: object) -> Reason:
    """The reason ``code`` of :data:`OPEN` with its values."""
    return _from_table(OPEN, code, rules, **params)


def option_label(action: str) -> Term:
    """An option as people read it ("Even money")."""
    return Term(
        {
            "stand": gettext_noop("Stand"),
            "hit": gettext_noop("Hit"),
            "double": gettext_noop("Double"),
            "split": gettext_noop("Split"),
            "surrender": gettext_noop("Surrender"),
            "insurance": gettext_noop("Insurance"),
            "even-money": gettext_noop("Even money"),
        }[action]
    )


def option_not_allowed(action: str) -> Reason:
    return Reason.of("", gettext_noop("{option} is not allowed now:"), option=option_label(action))


def option_allowed(action: str) -> Reason:
    return Reason.of("", gettext_noop("{option} is allowed now:"), option=option_label(action))


def phrase(reason: Reason) -> str:
    """A reason as a clause inside an English sentence, its rule in brackets, no full stop."""
    return reason.words().rstrip(".")


def split_aces_draw() -> Reason:
    return Reason.of("BJ-S3", gettext_noop("split Aces receive one card each: no hit, no double"))


def split_hand_offers() -> Reason:
    return Reason.of(
        "BJ-R1",
        gettext_noop("a split hand cannot surrender, and insurance and even money are over once play has started"),
    )


# --- settling a box (BJ-9, BJ-O, BJ-10, BJ-I2, BJ-E, BJ-R1; JS-4) --------------------------

HAND_NAMES = (
    gettext_noop("Hand 1"),
    gettext_noop("Hand 2"),
    gettext_noop("Hand 3"),
    gettext_noop("Hand 4"),
    gettext_noop("Hand 5"),
    gettext_noop("Hand 6"),
    gettext_noop("Hand 7"),
    gettext_noop("Hand 8"),
)


def hand_name(index: int, split: bool) -> Term:
    """ "The hand" of an unsplit box, "Hand 2" (``index`` 1) of a split one."""
    return Term(HAND_NAMES[index]) if split else Term(gettext_noop("The hand"))


SETTLED: dict[str, str] = {
    "surrendered": gettext_noop(
        "{hand} ({cards}) surrendered: half the bet, {lost}, was collected at once and for good"
    ),
    "even-money": gettext_noop(
        "{hand} ({cards}) is a blackjack that took even money against the dealer's Ace: paid 1:1, {won}, at once"
    ),
    "blackjack-push": gettext_noop("{hand} ({cards}) is a blackjack and the dealer made blackjack too: a push"),
    "original-bet-lost": gettext_noop(
        "{hand} ({cards}) meets the dealer's blackjack: only the original bet, {bet}, is lost{bust}{returned}"
    ),
    "split-stake-returned": gettext_noop(
        "{hand} ({cards}) meets the dealer's blackjack: the box loses only its original bet, so {returned} "
        "({stake}){bust} is returned"
    ),
    "bust-past-22": gettext_noop(
        "{hand} ({cards}) is bust with {total}: the {stake} is lost, whatever the dealer does, even a dealer 22 or more"
    ),
    "bust": gettext_noop("{hand} ({cards}) is bust with {total}: the {stake} is lost, whatever the dealer does"),
    "blackjack-against-22": gettext_noop(
        "{hand} ({cards}) is a blackjack: the dealer's 22 pushes the other hands, but a blackjack wins, paid "
        "{ratio}, {won}"
    ),
    "blackjack-now": gettext_noop(
        "{hand} ({cards}) is a blackjack: paid {ratio}, {won}, at once, the dealer's first card being neither an "
        "Ace nor a 10-value"
    ),
    "blackjack-later": gettext_noop(
        "{hand} ({cards}) is a blackjack: paid {ratio}, {won}, once the dealer's second card showed no blackjack"
    ),
    "push-22": gettext_noop("{hand} ({cards}) has {total} and the dealer has 22: a push, the stake is returned"),
    "dealer-bust": gettext_noop("{hand} ({cards}) has {total} and the dealer is bust with {dealer}: paid 1:1, {won}"),
    "dealer-bust-past-push": gettext_noop(
        "{hand} ({cards}) has {total} and the dealer is bust with {dealer} ({push} would push; more is bust): paid "
        "1:1, {won}"
    ),
    "win": gettext_noop(
        "{hand} ({cards}) has {total}, more than the dealer's {dealer} ({dealer_cards}): paid 1:1, {won}"
    ),
    "lose": gettext_noop(
        "{hand} ({cards}) has {total}, less than the dealer's {dealer} ({dealer_cards}): the {stake} is lost"
    ),
    "push": gettext_noop(
        "{hand} ({cards}) has {total}, the same as the dealer's {dealer} ({dealer_cards}): a push, the stake is "
        "returned"
    ),
    "insurance-won": gettext_noop("The dealer made blackjack: the {insurance} insurance is paid {ratio}, {won}"),
    "insurance-lost": gettext_noop("The dealer did not make blackjack: the {insurance} insurance is lost"),
}
"""How each hand of a box (and its insurance) settles: code -> message ID."""

RETURNED = {
    "double": gettext_noop("; the double is returned"),
    "split": gettext_noop("; the other split hands' stakes are returned"),
    "both": gettext_noop("; the double and the other split hands' stakes are returned"),
    "stake": gettext_noop("this split hand's stake"),
    "stake-and-double": gettext_noop("this split hand's stake and its double"),
}

BUST_OR_NOT = gettext_noop(", bust or not")
BUST_OR_NOT_CLAUSE = gettext_noop(", bust or not,")


def settled(code: str, rule: str, **params: object) -> Reason:
    """The settlement reason ``code`` of :data:`SETTLED` under ``rule`` with its values."""
    return Reason.of(rule, SETTLED[code], **params)


def fragment(text: str) -> Term | str:
    """A marked fragment of a settlement sentence ("; the double is returned"), or nothing
    (the empty string as it is: translating "" would give a catalogue's header)."""
    return Term(text) if text else ""


def net_for_box(net: Decimal) -> Reason:
    return Reason.of("", gettext_noop("Net for the box: {net}."), net=net)


def net_adds_up(parts: tuple[Decimal, ...], net: Decimal, yours: Decimal) -> Reason:
    return Reason.of(
        "",
        gettext_noop(
            "The net for the box adds up the results of its hands and insurance ({parts}): {net}, not {yours}."
        ),
        parts=parts,
        net=net,
        yours=yours,
    )


def other_hands_result(hand: Term, other: Term, yours: Decimal, due: Decimal) -> Reason:
    """A split hand settled with another hand's result.

    >>> other_hands_result(Term("Hand 2"), Term("Hand 1"), Decimal("20"), Decimal("-20")).words()
    "Hand 2: 20.00 is Hand 1's result; Hand 2's own is -20.00: settle each hand against the dealer on its own."
    """
    return Reason.of(
        "",
        gettext_noop(
            "{hand}: {yours} is {other}'s result; {hand}'s own is {due}: settle each hand against the dealer on its "
            "own."
        ),
        hand=hand,
        other=other,
        yours=yours,
        due=due,
    )


def result_paid_a_loss(field: Term | Phrase, yours: Decimal, due: Decimal) -> Reason:
    return Reason.of(
        "", gettext_noop("{field}: you paid {yours}, but this bet loses: {due}."), field=field, yours=yours, due=due
    )


def result_collected_a_win(field: Term | Phrase, yours: Decimal, due: Decimal) -> Reason:
    return Reason.of(
        "", gettext_noop("{field}: you collected {yours}, but this bet wins: {due}."), field=field, yours=yours, due=due
    )


def result_wrong_amount(field: Term | Phrase, yours: Decimal, due: Decimal) -> Reason:
    return Reason.of(
        "",
        gettext_noop("{field}: the direction is right but the amount is not: {due}, not {yours}."),
        field=field,
        yours=yours,
        due=due,
    )


def dealer_22_is_bust() -> Reason:
    return Reason.of(
        "BJ-9",
        gettext_noop(
            "in Blackjack a dealer 22 is bust: every hand still in play wins; only Jack Switch pushes on 22 (JS-4)"
        ),
    )


def double_stake() -> Reason:
    return Reason.of(
        "BJ-D1", gettext_noop("a doubled hand wins or loses twice the bet: the double is part of its stake")
    )


def insurance_in_net() -> Reason:
    return Reason.of("BJ-I2", gettext_noop("the net for the box includes the insurance result"))


def payout_reason(kind: str, bet: Decimal, pays: Decimal, collects: Decimal, rules: TwentyOneRules) -> Reason:
    """Why the dealer pays or collects this on a ``kind`` of ``games.blackjack.settle.PayoutKind``."""
    if kind == "blackjack":
        return blackjack_paid(rules, bet, pays)
    if kind == "win":
        return win_paid(bet, pays)
    if kind == "insurance":
        return insurance_paid(rules, bet, pays)
    if kind == "even-money":
        return even_money_paid(rules, bet, pays)
    return surrender_collected(collects)


def original_bet_only() -> Reason:
    return Reason.of(
        "BJ-O",
        gettext_noop("on a dealer blackjack the box loses only its original bet: double and split stakes are returned"),
    )


# --- amount slips: a chip over or short, a half rounded off, the stake put in (BJ-P10) ------


def chip_over(field: Term | Phrase, yours: Decimal, due: Decimal, chip: Decimal) -> Reason:
    """One chip of the table's set too many, paid or collected.

    >>> chip_over(Term("Dealer pays"), Decimal("155"), Decimal("150"), Decimal("5")).words()
    'Dealer pays: 155.00 is one 5.00 chip more than the 150.00 due: count the stack again.'
    >>> chip_over(Term("Net for the box"), Decimal("-101"), Decimal("-100"), Decimal("1")).words()
    'Net for the box: -101.00 collects one 1.00 chip more than the 100.00 the bet loses: count the stack again.'
    """
    if due < 0:
        return Reason.of(
            "",
            gettext_noop(
                "{field}: {yours} collects one {chip} chip more than the {lost} the bet loses: count the stack again."
            ),
            field=field,
            yours=yours,
            lost=-due,
            chip=chip,
        )
    return Reason.of(
        "",
        gettext_noop("{field}: {yours} is one {chip} chip more than the {due} due: count the stack again."),
        field=field,
        yours=yours,
        due=due,
        chip=chip,
    )


def chip_short(field: Term | Phrase, yours: Decimal, due: Decimal, chip: Decimal) -> Reason:
    """One chip of the table's set too few, paid or collected.

    >>> chip_short(Term("Net for the box"), Decimal("-95"), Decimal("-100"), Decimal("5")).words()
    'Net for the box: -95.00 collects one 5.00 chip less than the 100.00 the bet loses: count the stack again.'
    """
    if due < 0:
        return Reason.of(
            "",
            gettext_noop(
                "{field}: {yours} collects one {chip} chip less than the {lost} the bet loses: count the stack again."
            ),
            field=field,
            yours=yours,
            lost=-due,
            chip=chip,
        )
    return Reason.of(
        "",
        gettext_noop("{field}: {yours} is one {chip} chip short of the {due} due: count the stack again."),
        field=field,
        yours=yours,
        due=due,
        chip=chip,
    )


def half_rounded(field: Term | Phrase, yours: Decimal, due: Decimal) -> Reason:
    """A payout with cents rounded to a whole unit instead of paid to the cent (BJ-P10).

    >>> half_rounded(Term("Dealer pays"), Decimal("112"), Decimal("112.50")).words()
    'Dealer pays: 112.50 is paid to the cent; 112.00 rounds the odd cents off to a whole unit (BJ-P10).'
    """
    return Reason.of(
        "BJ-P10",
        gettext_noop("{field}: {due} is paid to the cent; {yours} rounds the odd cents off to a whole unit"),
        field=field,
        yours=yours,
        due=due,
    )


def stake_included(field: Term | Phrase, yours: Decimal, due: Decimal, stake: Decimal) -> Reason:
    """The player's own stake counted into what the bet wins.

    >>> stake_included(Term("Dealer pays"), Decimal("62.50"), Decimal("37.50"), Decimal("25")).words()
    "Dealer pays: 62.50 counts the 25.00 stake in; the stake is the player's own and stays, the bet wins 37.50."
    """
    return Reason.of(
        "",
        gettext_noop(
            "{field}: {yours} counts the {stake} stake in; the stake is the player's own and stays, the bet wins {due}."
        ),
        field=field,
        yours=yours,
        due=due,
        stake=stake,
    )
