"""The one explainer of Joker's Wild Pai Gow (seed 003): every message ID of the game's
explanations and diagnoses, as structured :class:`~games.reasons.Reason` s.

The engine decides (``rank_hand``, ``check_foul``, ``house_way``, ``showdown``,
``settle_table``, ``read_dice``, ``rule_deal``); this module turns what it decided into
reasons: a rule ID, an English message ID marked with :func:`gettext_noop`, and the values
that decided it (cards printed with symbols, money as money, words of the game as
:class:`Term` s). Drill kinds, the rulings door and pages all word Pai Gow from here.

>>> from games.cards import parse_cards
>>> from games.pai_gow.ranking import rank_hand
>>> cards = parse_cards(["JK", "KS", "QS", "JS", "TS"])
>>> explain(hand_reasons(cards, rank_hand(cards)))
'joker K♠ Q♠ J♠ T♠ as a five-card hand is a straight flush (PG-R). A joker becomes whatever card \
makes the hand best, a card already held included: here A♠ (PG-J).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Final

from games.cards import AnyCard, Card, Joker
from games.pai_gow.dice import DiceReading
from games.pai_gow.procedures import DealRuling
from games.pai_gow.ranking import Category, HandValue
from games.pai_gow.setting import FoulCheck, HouseWaySetting, Setting
from games.pai_gow.showdown import Result, Showdown, TableSettlement, Winner
from games.reasons import Reason, Term, explain, gettext_noop

__all__ = [
    "CATEGORY_LABELS",
    "RESULT_LABELS",
    "RULING_LABELS",
    "WINNER_LABELS",
    "category_term",
    "dice_reasons",
    "explain",
    "foul_reasons",
    "hand_reasons",
    "house_way_reasons",
    "showdown_reasons",
    "table_reasons",
]

CATEGORY_LABELS: Final[Mapping[Category, str]] = MappingProxyType(
    {
        Category.FIVE_OF_A_KIND: gettext_noop("five of a kind"),
        Category.STRAIGHT_FLUSH: gettext_noop("straight flush"),
        Category.FOUR_OF_A_KIND: gettext_noop("four of a kind"),
        Category.FULL_HOUSE: gettext_noop("full house"),
        Category.FLUSH: gettext_noop("flush"),
        Category.STRAIGHT: gettext_noop("straight"),
        Category.THREE_OF_A_KIND: gettext_noop("three of a kind"),
        Category.TWO_PAIR: gettext_noop("two pair"),
        Category.PAIR: gettext_noop("pair"),
        Category.HIGH_CARD: gettext_noop("high card"),
    }
)
"""Each PG-R category in words, highest first (the drills' choices read them)."""

CATEGORY_CHOICE_LABELS: Final[Mapping[Category, str]] = MappingProxyType(
    {
        Category.FIVE_OF_A_KIND: gettext_noop("Five of a kind"),
        Category.STRAIGHT_FLUSH: gettext_noop("Straight flush"),
        Category.FOUR_OF_A_KIND: gettext_noop("Four of a kind"),
        Category.FULL_HOUSE: gettext_noop("Full house"),
        Category.FLUSH: gettext_noop("Flush"),
        Category.STRAIGHT: gettext_noop("Straight"),
        Category.THREE_OF_A_KIND: gettext_noop("Three of a kind"),
        Category.TWO_PAIR: gettext_noop("Two pair"),
        Category.PAIR: gettext_noop("Pair"),
        Category.HIGH_CARD: gettext_noop("High card (no pair)"),
    }
)
"""Each category as a choice to answer with, highest first."""

CATEGORY_NEEDS: Final[Mapping[Category, str]] = MappingProxyType(
    {
        Category.FIVE_OF_A_KIND: gettext_noop("five cards of one rank (a joker among them)"),
        Category.STRAIGHT_FLUSH: gettext_noop("five ranks in a row, all of one suit"),
        Category.FOUR_OF_A_KIND: gettext_noop("four cards of one rank"),
        Category.FULL_HOUSE: gettext_noop("three cards of one rank and two of another"),
        Category.FLUSH: gettext_noop("five cards of one suit"),
        Category.STRAIGHT: gettext_noop("five ranks in a row"),
        Category.THREE_OF_A_KIND: gettext_noop("three cards of one rank"),
        Category.TWO_PAIR: gettext_noop("two pairs"),
        Category.PAIR: gettext_noop("two cards of one rank"),
        Category.HIGH_CARD: gettext_noop("no two cards of one rank"),
    }
)
"""What a category needs, for the diagnosis of a hand named above what it is."""

WINNER_LABELS: Final[Mapping[Winner, str]] = MappingProxyType(
    {
        Winner.PLAYER: gettext_noop("Player"),
        Winner.BANKER: gettext_noop("Player-dealer"),
        Winner.COPY: gettext_noop("Copy (a tie)"),
    }
)
RESULT_LABELS: Final[Mapping[Result, str]] = MappingProxyType(
    {
        Result.WIN: gettext_noop("Win"),
        Result.LOSE: gettext_noop("Lose"),
        Result.PUSH: gettext_noop("Push"),
        Result.FOUL: gettext_noop("Foul"),
    }
)
RESULT_WORDS: Final[Mapping[Result, str]] = MappingProxyType(
    {
        Result.WIN: gettext_noop("win"),
        Result.LOSE: gettext_noop("loss"),
        Result.PUSH: gettext_noop("push"),
        Result.FOUL: gettext_noop("foul"),
    }
)
"""Each result as a word inside a sentence ("a loss collects...")."""
RULING_LABELS: Final[Mapping[DealRuling, str]] = MappingProxyType(
    {
        DealRuling.CONTINUE: gettext_noop("Continue"),
        DealRuling.REPLACE_BOXED_CARD: gettext_noop("Replace the boxed card"),
        DealRuling.REPLACE_EXPOSED_CARD: gettext_noop("Replace the exposed card"),
        DealRuling.REDELIVER: gettext_noop("Retrieve and redeliver the hands"),
        DealRuling.MISDEAL: gettext_noop("Misdeal"),
        DealRuling.CALL_SUPERVISOR: gettext_noop("Call a supervisor"),
    }
)


def category_term(category: Category) -> Term:
    return Term(CATEGORY_LABELS[category])


def _has_joker(cards: Sequence[AnyCard]) -> bool:
    return any(isinstance(card, Joker) for card in cards)


def _wheel(rule: str, wheel_lowest: bool) -> Reason:
    if wheel_lowest:
        return Reason.of(rule, gettext_noop("A-2-3-4-5 is the lowest straight in this house"))
    return Reason.of(rule, gettext_noop("A-2-3-4-5 is the second-highest straight in this house, below A-K-Q-J-T"))


def wheel_reason(wheel_lowest: bool) -> Reason:
    """Where this house ranks A-2-3-4-5 (PG-R **(house)**)."""
    return _wheel("PG-R", wheel_lowest)


# --- rank ------------------------------------------------------------------------------------


def hand_reasons(cards: Sequence[AnyCard], value: HandValue) -> tuple[Reason, ...]:
    """A five-card or two-card hand named (PG-R), with what each joker became (PG-J) and
    where the wheel ranks when the hand is one."""
    if len(cards) == 5:
        reasons = [
            Reason.of(
                "PG-R",
                gettext_noop("{cards} as a five-card hand is a {category}"),
                cards=tuple(cards),
                category=category_term(value.category),
            )
        ]
    else:
        reasons = [
            Reason.of(
                "PG-R",
                gettext_noop(
                    "{cards} as a two-card hand is a {category}, {top} high: a pair "
                    "beats any non-pair, then the ranks decide"
                ),
                cards=tuple(value.best),
                category=category_term(value.category),
                top=top_card(value),
            )
        ]
    if _has_joker(cards):
        became = tuple(best for given, best in zip(cards, value.best, strict=True) if isinstance(given, Joker))
        if len(cards) == 2:
            reasons.append(
                Reason.of(
                    "PG-J",
                    gettext_noop(
                        "In the two-card hand a joker pairs its partner, and two "
                        "jokers are a pair of Aces: here {became}"
                    ),
                    became=became,
                )
            )
        else:
            reasons.append(
                Reason.of(
                    "PG-J",
                    gettext_noop(
                        "A joker becomes whatever card makes the hand best, a card already held included: here {became}"
                    ),
                    became=became,
                )
            )
    ranks = {card.rank.high for card in value.best}
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and {14, 5} <= ranks:
        reasons.append(_wheel("PG-R", value.wheel_lowest))
    return tuple(reasons)


def top_card(value: HandValue) -> Card:
    """A two-card hand's pair card or highest card."""
    return max(value.best, key=lambda card: card.rank.high)


# --- foul ------------------------------------------------------------------------------------


def foul_reasons(check: FoulCheck, setting: Setting) -> tuple[Reason, ...]:
    """Why a setting is fouled or not (PG-13, PG-12), with the hands that decided it."""
    if check.high is None or check.low is None:
        return (
            Reason.of(
                "PG-13",
                gettext_noop(
                    "A {back} + {front} split: the five-card hand must hold five cards "
                    "and the two-card hand two, so the hand is fouled"
                ),
                back=len(setting.high),
                front=len(setting.low),
            ),
        )
    values = {
        "back": tuple(check.high.best),
        "back_hand": category_term(check.high.category),
        "front": tuple(check.low.best),
        "front_hand": category_term(check.low.category),
    }
    reasons: list[Reason] = []
    if check.fouled:
        reasons.append(
            Reason.of(
                "PG-12",
                gettext_noop(
                    "The two-card hand {front} ({front_hand}) ranks higher than "
                    "the five-card hand {back} ({back_hand}): the hand is fouled "
                    "and forfeits its wager to the extent the bank covers"
                ),
                **values,
            )
        )
    elif check.low.strength >> 16 == check.high.strength >> 16:
        reasons.append(
            Reason.of(
                "PG-12",
                gettext_noop(
                    "The two-card hand {front} ({front_hand}) ties the top of the "
                    "five-card hand {back} ({back_hand}), whose other cards put it "
                    "ahead: not fouled, which needs the two-card hand strictly "
                    "higher"
                ),
                **values,
            )
        )
    else:
        reasons.append(
            Reason.of(
                "PG-12",
                gettext_noop(
                    "The five-card hand {back} ({back_hand}) ranks above the "
                    "two-card hand {front} ({front_hand}): not fouled"
                ),
                **values,
            )
        )
    if "PG-J" in check.rules:
        reasons.append(joker_reason())
    return tuple(reasons)


def joker_reason() -> Reason:
    return Reason.of(
        "PG-J",
        gettext_noop(
            "Each joker counts as the card that makes its hand best; in the two-card "
            "hand a joker pairs its partner and two jokers are a pair of Aces"
        ),
    )


# --- house way -------------------------------------------------------------------------------


def house_way_reasons(result: HouseWaySetting, high: HandValue, low: HandValue) -> tuple[Reason, ...]:
    """The house way's setting: the step that placed it (the way's own words, with its own
    thresholds), the two hands it leaves, and the jokers."""
    reasons = [
        step_reason(result),
        Reason.of(
            "PG-H",
            gettext_noop("{front} in front ({front_hand}), {back} back ({back_hand}); the house way never fouls"),
            front=tuple(result.setting.low),
            front_hand=category_term(low.category),
            back=tuple(result.setting.high),
            back_hand=category_term(high.category),
        ),
    ]
    if "PG-J" in result.rules:
        reasons.append(joker_reason())
    return tuple(reasons)


def step_reason(result: HouseWaySetting) -> Reason:
    """The house-way step that placed the cards, in the way's own words (its thresholds)."""
    return result.why if result.why is not None else Reason("PG-H", result.explanation)


def same_two_hands(front: Sequence[AnyCard]) -> Reason:
    """Another front than the house way's that leaves the same two hands: just as right."""
    return Reason.of("PG-H", gettext_noop("Your pick {front} leaves the same two hands."), front=tuple(front))


# --- showdown --------------------------------------------------------------------------------


def _winner(winner: Winner) -> Term:
    return Term(
        {
            Winner.PLAYER: gettext_noop("the player's"),
            Winner.BANKER: gettext_noop("the player-dealer's"),
            Winner.COPY: gettext_noop("a copy, and copies go to the player-dealer"),
        }[winner]
    )


_RESULT_WORDS: Final = MappingProxyType(
    {
        Result.WIN: gettext_noop("The player wins both hands and is paid"),
        Result.LOSE: gettext_noop("The player-dealer takes both hands (copies included) and collects"),
        Result.PUSH: gettext_noop("One hand each is a push"),
    }
)


def showdown_reasons(result: Showdown) -> tuple[Reason, ...]:
    """A showdown: the player-dealer's reset (PG-17), the foul or the two comparisons (PG-C),
    the result and the net with the fee (PG-F)."""
    reasons: list[Reason] = []
    if result.banker_reset:
        reasons.append(
            Reason.of(
                "PG-17",
                gettext_noop(
                    "The player-dealer's hand is never played fouled: it is set "
                    "the house way, {back} back and {front} in front"
                ),
                back=tuple(result.banker.high),
                front=tuple(result.banker.low),
            )
        )
    if result.result is Result.FOUL:
        check = result.foul
        assert check is not None
        reasons.extend(foul_reasons(check, result.player))
        reasons.append(Reason.of("PG-12", gettext_noop("A fouled hand loses both hands and forfeits the wager")))
    else:
        assert result.values is not None
        player_high, player_low, banker_high, banker_low = result.values
        reasons.append(
            Reason.of(
                "PG-C",
                gettext_noop(
                    "Five-card hands: the player's {mine} ({mine_hand}) against the "
                    "player-dealer's {theirs} ({theirs_hand}): {winner}"
                ),
                mine=tuple(player_high.best),
                mine_hand=category_term(player_high.category),
                theirs=tuple(banker_high.best),
                theirs_hand=category_term(banker_high.category),
                winner=_winner(result.high),
            )
        )
        reasons.append(
            Reason.of(
                "PG-C",
                gettext_noop("Two-card hands: {mine} against {theirs}: {winner}"),
                mine=tuple(player_low.best),
                theirs=tuple(banker_low.best),
                winner=_winner(result.low),
            )
        )
        reasons.append(Reason.of("PG-C", _RESULT_WORDS[result.result]))
    if result.fee:
        reasons.append(
            Reason.of(
                "PG-F",
                gettext_noop("The player's net is {net}, the collection fee of {fee} included"),
                net=result.win,
                fee=result.fee,
            )
        )
    else:
        reasons.append(Reason.of("PG-C", gettext_noop("The player's net is {net}"), net=result.win))
    return tuple(reasons)


# --- table -----------------------------------------------------------------------------------


def table_reasons(settlement: TableSettlement, bank: Decimal, action: int) -> tuple[Reason, ...]:
    """A table settled clockwise from the Action button with a limited bank (PG-1)."""
    reasons = [
        Reason.of(
            "PG-1",
            gettext_noop(
                "Paid and collected clockwise from the Action button at position "
                "{action}, each bet in action up to what the bank of {bank} has left "
                "after the bets before it; the rest of a bet is returned"
            ),
            action=action,
            bank=bank,
        )
    ]
    if settlement.banker_reset:
        reasons.append(
            Reason.of(
                "PG-17",
                gettext_noop("The player-dealer's fouled hand is set the house way: {back} back and {front} in front"),
                back=tuple(settlement.banker.high),
                front=tuple(settlement.banker.low),
            )
        )
    for hand in settlement.hands:
        values = {
            "position": hand.position,
            "covered": hand.covered,
            "bet": hand.bet,
            "result": Term(RESULT_WORDS[hand.result]),
            "net": hand.win,
        }
        if hand.returned:
            reasons.append(
                Reason.of(
                    "PG-1",
                    gettext_noop(
                        "Position {position}: {covered} of {bet} in action, {returned} returned; {result}, net {net}"
                    ),
                    returned=hand.returned,
                    **values,
                )
            )
        else:
            reasons.append(
                Reason.of(
                    "PG-1",
                    gettext_noop("Position {position}: {covered} of {bet} in action; {result}, net {net}"),
                    **values,
                )
            )
    if settlement.banker_fee:
        reasons.append(
            Reason.of(
                "PG-F",
                gettext_noop(
                    "The player-dealer nets {net}, minus the players' nets, after its own collection fee of {fee}"
                ),
                net=settlement.banker_net,
                fee=settlement.banker_fee,
            )
        )
    else:
        reasons.append(
            Reason.of(
                "PG-1",
                gettext_noop("The player-dealer nets {net}: minus the sum of the players' nets"),
                net=settlement.banker_net,
            )
        )
    reasons.append(Reason.of("PG-C", gettext_noop("Copies go to the player-dealer; a fouled hand forfeits")))
    return tuple(reasons)


# --- dice ------------------------------------------------------------------------------------


def dice_reasons(reading: DiceReading) -> tuple[Reason, ...]:
    """The first hand and the Action button from the dice (PG-3, PG-4)."""
    reasons = [
        Reason.of(
            "PG-3",
            gettext_noop(
                "The dice total {total}; counting clockwise with the player-dealer as "
                "position 1, position {position} receives the first hand"
            ),
            total=reading.total,
            position=reading.first_hand,
        )
    ]
    if reading.first_hand == reading.action:
        reasons.append(Reason.of("PG-4", gettext_noop("The Action button goes there too")))
    elif reading.first_hand == 1:
        reasons.append(
            Reason.of(
                "PG-4",
                gettext_noop(
                    "That is the player-dealer, so the Action button goes to the "
                    "first player clockwise, position {action}"
                ),
                action=reading.action,
            )
        )
    else:
        reasons.append(
            Reason.of(
                "PG-4",
                gettext_noop("Nobody sits there, so the Action button passes clockwise to position {action}"),
                action=reading.action,
            )
        )
    return tuple(reasons)


def cited(reasons: Sequence[Reason]) -> tuple[str, ...]:
    """The rule IDs the reasons cite, in order, each once."""
    return tuple(dict.fromkeys(reason.rule for reason in reasons if reason.rule))


SAME_HANDS_ACCEPTED: Final = Reason.of(
    "", gettext_noop("Any two cards that leave the same two hands are just as right.")
)


# --- named mistakes (the wrong rules the drills recognise) ------------------------------------


def mistake(code: str, **values: object) -> Reason:
    """The one sentence of a named mistake (a wrong rule the drills run), by its code."""
    rule, message = MISTAKES[code]
    return Reason.of(rule, message, **values)


MISTAKES: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "pg-joker-as-ace": (
            "PG-J",
            gettext_noop(
                "A joker is not just an Ace: it becomes whatever card makes the hand best — it completes a straight, "
                "a flush "
                "or five of a kind, and in the two-card hand it pairs its partner"
            ),
        ),
        "pg-two-jokers-not-aces": ("PG-J", gettext_noop("Two jokers in the two-card hand are a pair of Aces")),
        "pg-house-way-joker-as-ace": (
            "PG-J",
            gettext_noop(
                "A joker is not only an Ace: the house way first lets it complete a straight, a flush or five of a "
                "kind "
                "({way} step 0)"
            ),
        ),
        "pg-foul-joker-as-ace": (
            "PG-J",
            gettext_noop(
                "A joker is not just an Ace: in the two-card hand it pairs its partner, in the five-card hand it "
                "becomes "
                "whatever makes the hand best"
            ),
        ),
        "pg-foul-tie": (
            "PG-12",
            gettext_noop(
                "A hand fouls only when the two-card hand ranks higher than the five-card hand; the back's other cards "
                "count, so a tie on the front's cards is no foul"
            ),
        ),
        "pg-foul-split-ignored": ("PG-13", gettext_noop("Any split other than five cards and two is a foul")),
        "pg-copy-to-player": ("PG-C", gettext_noop("Copies go to the player-dealer: a tie is no win for the player")),
        "pg-foul-as-push": ("PG-12", gettext_noop("A fouled hand is no push: it forfeits the wager")),
        "pg-fee-forgotten": ("PG-F", gettext_noop("The collection fee of {fee} is taken on every hand in action")),
        "pg-table-fee-forgotten": (
            "PG-F",
            gettext_noop("The collection fee of {fee} is taken on every hand in action, the player-dealer's too"),
        ),
        "pg-wheel-low": ("PG-R", gettext_noop("A-2-3-4-5 is the lowest straight in this house, not the highest")),
        "pg-wheel-second": (
            "PG-R",
            gettext_noop("A-2-3-4-5 is the second-highest straight in this house, not the lowest"),
        ),
        "pg-action-to-player-dealer": (
            "PG-4",
            gettext_noop(
                "The Action button never goes to the player-dealer: it goes to the first player clockwise from the "
                "player-dealer"
            ),
        ),
        "pg-action-to-empty-seat": (
            "PG-4",
            gettext_noop("An empty position cannot hold the Action button: it passes clockwise to the next player"),
        ),
        "pg-dice-counted-from-next-seat": (
            "PG-3",
            gettext_noop("Count the dice from the player-dealer as position 1, not from the next seat or from 0"),
        ),
        "pg-ace-replaced": (
            "PG-6a",
            gettext_noop("A joker or an Ace boxed or exposed on the deal is a misdeal, not a replacement"),
        ),
        "pg-two-cards-replaced": ("PG-6b", gettext_noop("Two or more cards boxed or exposed on the deal is a misdeal")),
        "pg-two-looked-redelivered": (
            "PG-6c",
            gettext_noop(
                "Hands at the wrong spots with two or more players having looked is a misdeal, not a redelivery"
            ),
        ),
        "pg-dealer-hand-seen": (
            "PG-6d",
            gettext_noop("Hands at the wrong spots and a player looked at the player-dealer's hand: a misdeal"),
        ),
        "pg-logical-way-forgotten": (
            "PG-7",
            gettext_noop(
                "When only one player looked at hands delivered to the wrong spots, that player's hand is played the "
                "logical way"
            ),
        ),
        "pg-boxed-exposed-confused": (
            "PG-8",
            gettext_noop(
                "A boxed card is replaced at once by the next card; a card exposed on the deal is replaced after the "
                "deal "
                "by the first of the five left-over cards"
            ),
        ),
        "pg-uncovered-settled": (
            "PG-1",
            gettext_noop(
                "The part of a bet the bank cannot cover is returned, not paid or collected: the bank covers the bets "
                "in "
                "order from the Action button"
            ),
        ),
        "pg-table-order": (
            "PG-1",
            gettext_noop("The table is paid and collected clockwise from the Action button, not from the first seat"),
        ),
    }
)
"""Each named mistake's rule and sentence, by its code (the statistics' key)."""


# --- diagnoses by the shape of a wrong answer -------------------------------------------------


def named_too_high(cards: Sequence[AnyCard], yours: Category, value: HandValue) -> Reason:
    """A hand named above what it is: what the named category needs, and what the cards make."""
    return Reason.of(
        "PG-R",
        gettext_noop("{cards} make no {yours}, which needs {needs}; the best they make is a {due}"),
        cards=tuple(cards),
        yours=category_term(yours),
        needs=Term(CATEGORY_NEEDS[yours]),
        due=category_term(value.category),
    )


def named_too_low(cards: Sequence[AnyCard], yours: Category, value: HandValue) -> Reason:
    """A hand named below what it is: the better hand the cards make, and how."""
    rule = "PG-J" if _has_joker(cards) else "PG-R"
    return Reason.of(
        rule,
        gettext_noop("{cards} make a {due} ({best}), which ranks above a {yours}: name the best hand the cards make"),
        cards=tuple(cards),
        due=category_term(value.category),
        best=tuple(value.best),
        yours=category_term(yours),
    )


def front_lower_card(yours: str, value: HandValue) -> Reason:
    return Reason.of(
        "PG-R",
        gettext_noop("{yours} is the lower card: a two-card hand is read by its pair or its highest card, {due}"),
        yours=yours,
        due=top_card(value),
    )


def front_joker_pairs(value: HandValue) -> Reason:
    return Reason.of(
        "PG-J",
        gettext_noop("In the two-card hand a joker pairs its partner: {best}, read by {due}"),
        best=tuple(value.best),
        due=top_card(value),
    )


def front_top_not_held(yours: str, value: HandValue) -> Reason:
    return Reason.of(
        "PG-R",
        gettext_noop("The two-card hand {best} holds no {yours}: it is read by its pair or its highest card, {due}"),
        best=tuple(value.best),
        yours=yours,
        due=top_card(value),
    )


def foul_reason_without_foul() -> Reason:
    return Reason.of("PG-12", gettext_noop("A hand that is not fouled has no reason for a foul: answer Not fouled"))


def foul_is_split(setting: Setting) -> Reason:
    return Reason.of(
        "PG-13",
        gettext_noop(
            "The reason is the split: {back} + {front} cards is not five and two, a foul before any comparison"
        ),
        back=len(setting.high),
        front=len(setting.low),
    )


def foul_is_ranking(check: FoulCheck) -> Reason:
    assert check.high is not None
    assert check.low is not None
    return Reason.of(
        "PG-12",
        gettext_noop(
            "The hand is five cards and two; it fouls because the two-card hand {front} "
            "({front_hand}) ranks higher than the five-card hand {back} ({back_hand})"
        ),
        front=tuple(check.low.best),
        front_hand=category_term(check.low.category),
        back=tuple(check.high.best),
        back_hand=category_term(check.high.category),
    )


# house way


def setting_fouls(front: Sequence[AnyCard], front_value: HandValue, back_value: HandValue) -> Reason:
    return Reason.of(
        "PG-12",
        gettext_noop(
            "Your front {front} ({front_hand}) ranks above the five-card hand left "
            "back ({back_hand}): a foul; the house way never fouls"
        ),
        front=tuple(front),
        front_hand=category_term(front_value.category),
        back_hand=category_term(back_value.category),
    )


def house_way_differs(
    code: str, mine: tuple[HandValue, HandValue], house: tuple[HandValue, HandValue], result: HouseWaySetting
) -> tuple[Reason, ...]:
    """Your setting against the house way's, by the shape of the difference (``code``), and
    the step that decides it."""
    (my_back, my_front), (house_back, house_front) = mine, house
    values = {
        "yours": tuple(my_front.cards),
        "my_back": category_term(my_back.category),
        "my_front": category_term(my_front.category),
        "due": tuple(house_front.cards),
        "house_back": category_term(house_back.category),
        "house_front": category_term(house_front.category),
    }
    message = {
        "pg-house-way-back-broken": gettext_noop(
            "Your front {yours} breaks the five-card hand down to {my_back}; the house way keeps {house_back} back "
            "and plays {due} in front"
        ),
        "pg-house-way-back-kept-front-lost": gettext_noop(
            "Your setting keeps {my_back} back but leaves only {my_front} in front ({yours}); the house way plays "
            "{due} ({house_front}) in front with {house_back} back"
        ),
        "pg-house-way-front-weaker": gettext_noop(
            "With {house_back} back either way, your front {yours} ({my_front}) is weaker than the house way's {due} "
            "({house_front})"
        ),
        "pg-house-way-both-weaker": gettext_noop(
            "Your front {yours} ({my_front}) leaves both hands weaker than the house way's, which plays {due} "
            "({house_front}) in front and a stronger {house_back} back"
        ),
        "pg-house-way-other-setting": gettext_noop(
            "Your front {yours} plays {my_front} in front and {my_back} back; the house way's step sets {due} "
            "({house_front}) in front and {house_back} back"
        ),
        "pg-house-way-back-weaker": gettext_noop(
            "Your front {yours} ({my_front}) takes a card the five-card hand needs: it leaves a weaker {my_back} back "
            "than the house way's, which plays {due} in front"
        ),
    }[code]
    return Reason.of("PG-H", message, **values), step_reason(result)


# showdown


def winner_wrong(which: str, yours: Winner, due: Winner, mine: HandValue, theirs: HandValue) -> Reason:
    """A hand given to the wrong side: the two values compared (PG-C on a copy)."""
    values = {
        "mine": tuple(mine.best),
        "mine_hand": category_term(mine.category),
        "theirs": tuple(theirs.best),
        "theirs_hand": category_term(theirs.category),
        "hand": Term(which),
    }
    if due is Winner.COPY:
        return Reason.of(
            "PG-C",
            gettext_noop(
                "{hand}: the player's {mine} and the player-dealer's {theirs} are a "
                "copy (the same ranks), and copies go to the player-dealer"
            ),
            **values,
        )
    if yours is Winner.COPY:
        return Reason.of(
            "PG-R",
            gettext_noop(
                "{hand}: no copy — the player's {mine} ({mine_hand}) and the "
                "player-dealer's {theirs} ({theirs_hand}) differ, and {winner} is "
                "higher"
            ),
            winner=_winner(due),
            **values,
        )
    return Reason.of(
        "PG-R",
        gettext_noop(
            "{hand}: the player's {mine} ({mine_hand}) against the player-dealer's "
            "{theirs} ({theirs_hand}): {winner} is higher"
        ),
        winner=_winner(due),
        **values,
    )


FIVE_CARD_HAND: Final = gettext_noop("Five-card hand")
TWO_CARD_HAND: Final = gettext_noop("Two-card hand")


def fouled_takes_both(check: FoulCheck, setting: Setting) -> tuple[Reason, ...]:
    return (
        *foul_reasons(check, setting),
        Reason.of("PG-12", gettext_noop("The player-dealer takes both hands of a fouled hand; the result is a foul")),
    )


def result_from_hands(high: Winner, low: Winner, due: Result) -> Reason:
    return Reason.of(
        "PG-C",
        gettext_noop(
            "Five-card hand to {high}, two-card hand to {low}: the result is {due} — the "
            "player wins only by winning both hands, one each is a push"
        ),
        high=Term(WINNER_LABELS[high]),
        low=Term(WINNER_LABELS[low]),
        due=Term(RESULT_LABELS[due]),
    )


def net_due(result: Result, covered: Decimal, fee: Decimal, net: Decimal) -> Reason:
    """How the net of a settled hand is made: the bet in action, the result, the fee."""
    values = {"covered": covered, "fee": fee, "net": net, "result": Term(RESULT_WORDS[result])}
    if covered == 0:
        return Reason.of(
            "PG-1",
            gettext_noop(
                "No part of this bet is in action: the bank ran out before it, so it is returned and nets {net}"
            ),
            **values,
        )
    if fee:
        message = {
            Result.WIN: gettext_noop(
                "A win is paid even money on the {covered} in action, less the collection fee of {fee}: {net}"
            ),
            Result.PUSH: gettext_noop(
                "A push neither pays nor collects the {covered} in action; only the collection fee of {fee} is "
                "taken: {net}"
            ),
        }.get(
            result, gettext_noop("A {result} collects the {covered} in action and the collection fee of {fee}: {net}")
        )
        return Reason.of("PG-F", message, **values)
    message = {
        Result.WIN: gettext_noop("A win is paid even money on the {covered} in action: {net}"),
        Result.PUSH: gettext_noop("A push neither pays nor collects the {covered} in action: {net}"),
    }.get(result, gettext_noop("A {result} collects the {covered} in action: {net}"))
    return Reason.of("PG-C", message, **values)


def fee_missing(fee: Decimal, net: Decimal) -> Reason:
    return Reason.of(
        "PG-F",
        gettext_noop("The collection fee of {fee} comes off every hand in action, once: the net is {net}"),
        fee=fee,
        net=net,
    )


# table


def uncovered_part(position: int, covered: Decimal, bet: Decimal, net: Decimal) -> Reason:
    return Reason.of(
        "PG-1",
        gettext_noop(
            "Position {position}: only {covered} of the {bet} bet is in action — what the "
            "bank had left after the bets before it; the rest is returned, so the net "
            "is {net}"
        ),
        position=position,
        covered=covered,
        bet=bet,
        net=net,
    )


def banker_net_due(net: Decimal, players: Decimal, fee: Decimal) -> Reason:
    if fee:
        return Reason.of(
            "PG-F",
            gettext_noop(
                "The player-dealer's net is minus the players' nets ({players}), less "
                "its own collection fee of {fee}: {net}"
            ),
            net=net,
            players=players,
            fee=fee,
        )
    return Reason.of(
        "PG-1",
        gettext_noop("The player-dealer's net is minus the sum of the players' nets ({players}): {net}"),
        net=net,
        players=players,
    )


# dice


def dice_miscounted(total: int, yours: int, due: int) -> Reason:
    return Reason.of(
        "PG-3",
        gettext_noop(
            "The dice total {total}: counting {total} clockwise from the player-dealer as position 1, empty "
            "positions included — position (total − 1) mod 7 + 1 — ends at position {due}, not {yours}"
        ),
        total=total,
        yours=yours,
        due=due,
    )


def dice_miscount(code: str, **values: object) -> Reason:
    """How a count of the dice lands on the position you gave (a code of :data:`MISCOUNTS`)."""
    rule, message = MISCOUNTS[code]
    return Reason.of(rule, message, **values)


MISCOUNTS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "pg-dice-counted-from-next-seat": (
            "PG-3",
            gettext_noop(
                "Counting {total} from position 2 lands on position {yours}; the count starts at the player-dealer, "
                "position 1, so it ends at position {due}"
            ),
        ),
        "pg-dice-counted-counter-clockwise": (
            "PG-3",
            gettext_noop(
                "Counting {total} counter-clockwise lands on position {yours}; the count goes clockwise and ends at "
                "position {due}"
            ),
        ),
        "pg-dice-dealer-skipped-going-round": (
            "PG-3",
            gettext_noop(
                "Skipping the player-dealer when the count of {total} comes round again lands on position {yours}; "
                "position 1 counts every time round, so it ends at position {due}"
            ),
        ),
        "pg-dice-dealer-left-out": (
            "PG-3",
            gettext_noop(
                "Counting {total} round the six player positions only lands on position {yours}; the player-dealer's "
                "position 1 counts too, so it ends at position {due}"
            ),
        ),
        "pg-dice-empty-skipped": (
            "PG-3",
            gettext_noop(
                "Counting {total} past the empty positions lands on position {yours}; empty positions count too, so "
                "it ends at position {due}"
            ),
        ),
        "pg-dice-die-left-out": (
            "PG-3",
            gettext_noop(
                "Leaving out the die showing {die} makes {counted}, which lands on position {yours}; the three dice "
                "total {total}, which ends at position {due}"
            ),
        ),
        "pg-first-hand-to-action": (
            "PG-3",
            gettext_noop(
                "Position {yours} gets the Action button, not the first hand: the first hand goes where the count of "
                "{total} ends, position {due}, even when that is the player-dealer or an empty position"
            ),
        ),
    }
)
"""The ways a count of the dice goes wrong that the dice drill recognises, by diagnosis code."""


def chip_off(yours: Decimal, due: Decimal, chip: Decimal, position: int | None = None) -> Reason:
    """A position's net (or, without a position, the player-dealer's) one ``chip`` over or short
    (paid or collected: over is more money moved than due)."""
    values: dict[str, object] = {"yours": yours, "due": due, "chip": chip}
    over = abs(yours) > abs(due)
    if position is None:
        message = (
            gettext_noop("The player-dealer's net: {yours} is one {chip} chip over the {due} due")
            if over
            else gettext_noop("The player-dealer's net: {yours} is one {chip} chip short of the {due} due")
        )
    else:
        values["position"] = position
        message = (
            gettext_noop("Position {position}: {yours} is one {chip} chip over the {due} due")
            if over
            else gettext_noop("Position {position}: {yours} is one {chip} chip short of the {due} due")
        )
    return Reason.of("", message, **values)


def other_position_net(position: int, yours: Decimal, other: int, due: Decimal) -> Reason:
    return Reason.of(
        "PG-1",
        gettext_noop("Position {position}: {yours} is position {other}'s net; this hand's is {due}"),
        position=position,
        yours=yours,
        other=other,
        due=due,
    )


def banker_position_left_out(position: int, net: Decimal, due: Decimal) -> Reason:
    return Reason.of(
        "PG-1",
        gettext_noop("The player-dealer's net leaves out position {position}'s {net}: with every position it is {due}"),
        position=position,
        net=net,
        due=due,
    )


def action_on_empty(yours: int, due: int) -> Reason:
    return Reason.of(
        "PG-4",
        gettext_noop(
            "Nobody sits at position {yours}, so it cannot hold the Action button: passed on clockwise from the first "
            "hand, it reaches position {due}"
        ),
        yours=yours,
        due=due,
    )


def action_elsewhere(yours: int, first: int, due: int) -> Reason:
    return Reason.of(
        "PG-4",
        gettext_noop(
            "The Action button goes to the first hand's position, {first}, or, when "
            "nobody plays there (or it is the player-dealer's), to the next player "
            "clockwise: position {due}, not {yours}"
        ),
        yours=yours,
        first=first,
        due=due,
    )


# deal procedures


def ruling_not_due(yours: DealRuling, due: DealRuling, why: str) -> Reason:
    """Why the ruling you chose is not the call here (``why`` a message ID of :data:`NOT_DUE`)."""
    rule, message = NOT_DUE[why]
    return Reason.of(rule, message, yours=Term(RULING_LABELS[yours]), due=Term(RULING_LABELS[due]))


NOT_DUE: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "no-misdeal": (
            "PG-6",
            gettext_noop(
                "{yours} is not the call: nothing here makes a misdeal — no joker or Ace shown, fewer than two cards "
                "shown, "
                "fewer than two players looked, nobody saw the player-dealer's hand; the call is {due}"
            ),
        ),
        "misdeal-first": (
            "PG-6",
            gettext_noop(
                "{yours} is not the call: the deal is a misdeal, which comes before any other ruling; the call is {due}"
            ),
        ),
        "not-opened": (
            "PG-5",
            gettext_noop("{yours} is not the call: the player-dealer's hand was not opened early; the call is {due}"),
        ),
        "no-wrong-spots": (
            "PG-7",
            gettext_noop("{yours} is not the call: no hands went to the wrong spots; the call is {due}"),
        ),
        "supervisor-first": (
            "PG-5",
            gettext_noop(
                "{yours} is not the call: the player-dealer's hand was opened early, so a supervisor is called first; "
                "the "
                "call is {due}"
            ),
        ),
        "redeliver-first": (
            "PG-7",
            gettext_noop(
                "{yours} is not the call: the hands went to the wrong spots, so they are retrieved and redelivered "
                "first; "
                "the call is {due}"
            ),
        ),
        "no-boxed": (
            "PG-8",
            gettext_noop("{yours} is not the call: no card was boxed (found face up in the deck); the call is {due}"),
        ),
        "no-exposed": (
            "PG-8",
            gettext_noop("{yours} is not the call: no card was exposed on the deal; the call is {due}"),
        ),
        "something-happened": (
            "PG-6",
            gettext_noop("{yours} is not the call: something in this deal calls for a ruling; the call is {due}"),
        ),
    }
)


def logical_way_wrong(due: bool) -> Reason:
    if due:
        return Reason.of(
            "PG-H",
            gettext_noop(
                "A hand is set the logical way here: the player-dealer's hand opened early or only one player "
                "looked at hands at the wrong spots"
            ),
        )
    return Reason.of(
        "PG-H",
        gettext_noop(
            "No hand is set the logical way here: that happens only when the "
            "player-dealer's hand opened early or one player looked at hands at the "
            "wrong spots, and never after a misdeal"
        ),
    )


# --- every rule applied, cited -------------------------------------------------------------

RULE_SUMMARIES: Final[Mapping[str, Reason]] = MappingProxyType(
    {
        "PG-R": Reason.of("PG-R", gettext_noop("Hands rank by the Pai Gow ranking")),
        "PG-J": Reason.of(
            "PG-J", gettext_noop("A joker is whatever card makes its hand best; in front it pairs its partner")
        ),
        "PG-C": Reason.of("PG-C", gettext_noop("Copies go to the player-dealer")),
        "PG-16": Reason.of("PG-16", gettext_noop("Every hand plays at its true value, whatever was announced")),
        "PG-12": Reason.of("PG-12", gettext_noop("A two-card hand above the five-card hand fouls")),
        "PG-13": Reason.of("PG-13", gettext_noop("Any split but five and two fouls")),
        "PG-17": Reason.of("PG-17", gettext_noop("The player-dealer's hand is never played fouled")),
        "PG-H": Reason.of("PG-H", gettext_noop("The logical way is the house way")),
        "PG-F": Reason.of("PG-F", gettext_noop("The collection fee is taken per hand in action")),
    }
)
"""A sentence for a rule applied that no other reason of an explanation cites."""


def with_every_rule(reasons: Sequence[Reason], rules: Sequence[str]) -> tuple[Reason, ...]:
    """The reasons, then a summary of each applied rule they do not cite (so every rule ID
    of an answer appears in its explanation)."""
    cited_now = set(cited(reasons))
    extra = tuple(RULE_SUMMARIES[rule] for rule in rules if rule not in cited_now and rule in RULE_SUMMARIES)
    return (*reasons, *extra)
