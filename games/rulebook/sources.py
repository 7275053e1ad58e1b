"""Where each rule ID comes from in the house texts (``data/seeds/``), and its title.

This table is a judgment, written out: for every ID of RULES.md, a short title for people
and the seed passage(s) it settles, quoted word for word (whitespace aside; the tests check
that every quote is in its seed and that every ID of RULES.md has exactly one row). An empty
tuple of passages means the seed is silent and RULES.md alone decides (JS-3, PG-F, BJ-P10...).
Procedures (``…-P…``) cite the passages of the rules whose order they fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Seed:
    number: str
    game: str
    file: str
    title: str


SEEDS: Final[dict[str, Seed]] = {
    "000": Seed("000", "over-under-26", "000_4d3bc736e3b78749.txt", "Over Under 26 Joker"),
    "001": Seed("001", "blackjack", "001_4dedeee5099e3747.txt", "Black Jack"),
    "003": Seed("003", "pai-gow", "003_66d510cc9916fae8.txt", "Joker's Wild Pai Gow poker"),
    "004": Seed("004", "jack-switch", "004_f84eb63357236a96.txt", "Jack Switch"),
}
"""seed number -> the game it describes and its file under ``data/seeds/``."""

PREFIX_GAME: Final[dict[str, str]] = {"OU": "over-under-26", "BJ": "blackjack", "JS": "jack-switch", "PG": "pai-gow"}
"""The first letters of an ID -> its game's slug."""


@dataclass(frozen=True, slots=True)
class Source:
    title: str
    passages: tuple[tuple[str, str], ...]
    """(seed number, the seed's words) pairs, in reading order."""


def _from(seed: str, title: str, *quotes: str) -> Source:
    return Source(title, tuple((seed, quote) for quote in quotes))


def _ou(title: str, *quotes: str) -> Source:
    return _from("000", title, *quotes)


def _bj(title: str, *quotes: str) -> Source:
    return _from("001", title, *quotes)


def _pg(title: str, *quotes: str) -> Source:
    return _from("003", title, *quotes)


def _js(title: str, *quotes: str) -> Source:
    return _from("004", title, *quotes)


# --- quotes used by more than one ID ------------------------------------------------------------

OU_BETS = (
    "The game starts with the player making an Ante Bet and/or a Bonus Side Bet. "
    "The Bonus Side Bet cannot be larger than the Ante Bet."
)
OU_DEAL = "The dealer shall deal four cards on the table, one face up and three face down."
OU_FIRST_JOKER = (
    "If the first card is a Joker, the player wins instantly 4x Ante bet and the game ends without revealing "
    "the other 3 cards, no matter if the player selected Over or Under bet. The Bonus Side Bet will be refunded "
    "to the player."
)
OU_OTHER_JOKER = (
    "If one of the other cards is a Joker, the player wins 4x Ante bet, no matter if the player selected Over or "
    "Under bet. The player is eligible for Bonus Side Bet payout."
)
OU_CHOICES = (
    "The player has three choices: • Make an Under bet (and pay the Ante amount once again) • Make an Over bet "
    "(and pay the Ante amount once again) • Fold (the game will end and no further bets will be paid)"
)
OU_TURN = (
    "If the player decides to continue (by placing the bet on Over/Under), then the dealer shall turn over the "
    "three face down cards and announce the total points."
)
OU_UNDER = (
    "If the player bet the Under and the total sum of cards is under 26, then the player shall win 4x Ante. "
    "Otherwise, if the player made the Under bet, and the total is over 26, then both bets shall lose."
)
OU_OVER = (
    "If the player bet the Over and the total sum of cards is over 26, then the player shall win 4x Ante. "
    "Otherwise, if the player made the Over bet, and the total is under 26, then both bets shall lose."
)
OU_26 = "If the total sum of cards equal to 26, the player will not win anything."
OU_BONUS = "The Bonus bet shall pay according to the four-card total and the pay table below. Bonus Pay Table"

BJ_BUST = (
    'Whenever the total of your cards exceed "21" you lose (bust) without regard to any further cards draw, '
    "including the dealer´s cards."
)
BJ_STAND_OFF = (
    "If your total is the same as the dealer´s, this is a stand off - in other words - you neither win or lose."
)
BJ_DEAL = (
    "After all players have placed their bets the dealer will now deal out the cards from your right. 1^st, one "
    "card to all players including one card to the dealer. Then, 2^nd card is dealt to all players, but not to "
    "the dealer. All cards are dealt face up."
)
BJ_DRAW = (
    "The dealer asks all players in turn (again, from your right) whether they want another card or not. Every "
    "player must show clearly (either verbally or manually) whether they do or do not want another card until "
    "the player is satisfied with their card total."
)
BJ_DEALER = (
    "As sonn as all player´s have made their dicision, the dealer will now finish dealing the rest of their "
    "cards, until a total of 17 or more is reached."
)
BJ_AT_ONCE = (
    'If you receive Black Jack with your 1^st two cards and the dealer´s 1^st card is not an "Ace" or "10" value '
    "card, you Win and your bet will be paid at 3:2 immediately."
)
BJ_INSURANCE = (
    'If the dealer´s 1^st card is an "Ace", you may insure your bet against a dealer´s possible Black Jack. If '
    "you wish to do so, you can place up half of your original bet."
)
BJ_INSURANCE_PAID = (
    "If the dealer does make Black Jack, all losing bets are collected and then the Insurance bet is paid 2:1."
)
BJ_ORIGINAL = (
    "Please note, if the dealer makes Black Jack, you lose only your ORIGINAL BET - which simply means, that if "
    "you split or double, only your 1^st original bet will lose."
)
BJ_EVEN_MONEY = (
    'If you receive Black Jack with your 1^st two cards and the dealer´s first card is an "Ace", you can ask for '
    "EVEN MONEY. If you decide to do so, you will only be paid 1:1."
)
BJ_SURRENDER = (
    "After receiving your 1^st two cards, you may ask to Surrender, to finish the game before any more cards are "
    "draw. The dealer collects half of the amount betted from the players asking to Surrender and picks up their "
    "cards."
)
BJ_NO_SURRENDER = "Please note, you may not Surrender when,"
BJ_NO_SURRENDER_DRAWN = (
    "a) Any more cards are draw, which means before the 3^rd card is drawn to any player´s box or the dealer´s "
    "2^ndcard is drawn."
)

JS_SWITCH = "Switch – the dealer swaps the top two cards inside the paired boxes."
JS_SWITCH_BLACKJACK = (
    "By the way, a player can make a Switch if he received a Blackjack combination from the distribution."
)
JS_SIDEWAYS = (
    "If the result of the Switch is Ace/10 and the player does not take a card, we turn the top card perpendicularly."
)
JS_SUPER_MATCH_BET = (
    "A bet on a super match plays on the first two cards of two boxes (pairs box). Accepted only if there is a "
    "main bet and must be made before the dealer closes bets."
)

PG_DECK = "Joker’s Wild Pai Gow poker is played with a 52-card deck with the addition of 2 jokers."
PG_HANDS = (
    "The casino dealer deals the cards into seven hands of seven cards. Six of the hands are distributed to "
    "seated players and one hand is given to the player-dealer position"
)
PG_1 = (
    "All are compared to the player-dealer hand, and all bets are paid of collected, in a clockwise direction "
    "from the “Action” button."
)
PG_3 = (
    "A set of three dice is used to randomly determine which player will receive his or her cards first from the "
    "casino-dealer. The dice are inserted into a brass cup, the player-dealer shakes the cup and the number of "
    "dice points revealed when the cup is opened are added up. Using this number and counting clockwise from the "
    "player-dealer, the player occupying the appropriate seat is the first to receive his or her hand."
)
PG_4 = (
    "The point total of the dice also determines the position of the “Action” button, except when the "
    "player-dealer position is indicated; in those cases, the first player to the left (clockwise) of the "
    "player-dealer receives the “Action” button."
)
PG_5_OPENED = "The player-dealer’s hand will not be opened until all other hands have been set."
PG_5 = (
    PG_5_OPENED + " In the case in which the player-dealer’s hand is opened before all hands are set, the casino "
    "dealer will call a supervisor or a CSR immediately and they will set the player’s hand in the casino logical way."
)
PG_MISDEAL = "A misdeal will be declared if:"
PG_6A = "a. The joker or an ace is boxed or exposed on the deal."
PG_6B = "b. Two or more cards are boxed or exposed on the deal."
PG_6C = (
    "c. The hands are delivered to the wrong spots and two or more players have looked at their cards before the "
    "dealer opens the player-dealers hand."
)
PG_6D = "d. The hands are delivered to the wrong spots and a player looked at the player-dealer’s hand."
PG_9 = "The joker may be used as any card in the deck."
PG_12 = (
    "If a player sets his hands in such a way that the two-card hand ranks higher than the five-card hand, the "
    "hand is fouled and the wager is forfeited to the extent that money covers."
)
PG_13 = (
    "If you put three cards in one hand and four in the other, or one card in one hand and six in the other, the "
    "hand is fouled and the wager is forfeited to the extent that money covers."
)
PG_17 = (
    "When the player-dealer asks the casino dealer to help set the hand, the casino dealer cannot allow the "
    "player-dealer to set the hand fouled. If the casino dealer mistakenly allows a fouled hand to be played, "
    "Hawaiian Gardens Casino will set the hand in the “logical way” and play will continue. A player-dealer’s "
    "hand can never be set fouled."
)


SOURCES: Final[dict[str, Source]] = {
    # Over/Under 26 Joker, seed 000
    "OU-1": _ou(
        "The shoe",
        "Four decks of cards are used. J, Q, K have been removed from the decks. Each deck contains 1 joker.",
    ),
    "OU-2": _ou("Card values", "Cards are scored as per following: Aces = 11 2-10 = Card value"),
    "OU-3": _ou("Ante and Bonus bets", OU_BETS),
    "OU-4": _ou("The deal", OU_DEAL),
    "OU-4a": _ou("First card a joker", OU_FIRST_JOKER),
    "OU-4b": _ou("A joker among the other three cards", OU_OTHER_JOKER),
    "OU-5": _ou("Under, Over or Fold", OU_CHOICES),
    "OU-6": _ou("The three cards turned, the total announced", OU_TURN),
    "OU-7": _ou("Under wins under 26", OU_UNDER),
    "OU-8": _ou("Over wins over 26", OU_OVER),
    "OU-9": _ou("A total of exactly 26", OU_26),
    "OU-W": _ou(
        'What "wins 4x Ante" pays',
        "the player wins instantly 4x Ante bet",
        "If one of the other cards is a Joker, the player wins 4x Ante bet",
        "then the player shall win 4x Ante.",
    ),
    "OU-10": _ou("The Bonus pay table", OU_BONUS),
    "OU-P0": _ou("One set of four cards for the whole table"),
    "OU-P1": _ou("Bets before the deal", OU_BETS),
    "OU-P2": _ou("The deal", OU_DEAL),
    "OU-P3": _ou("First card a joker: the round ends", OU_FIRST_JOKER),
    "OU-P4": _ou("Each box chooses Under, Over or Fold", OU_CHOICES),
    "OU-P5": _ou("The three cards turned, the total announced", OU_TURN, OU_OTHER_JOKER),
    "OU-P6": _ou("The order of the settlement"),
    # Blackjack, seed 001
    "BJ-1": _bj("Six decks", "Black Jack is played with six decks of cards, 312 cards in total."),
    "BJ-2": _bj(
        "Card values",
        'The cards value are following: the Ace is counting as "1" or "11", picture cards (J, Q, K) count as "10" '
        "and all other cards as indicated by their Face Value.",
    ),
    "BJ-3": _bj("Bust", BJ_BUST),
    "BJ-4": _bj(
        "Blackjack",
        'The best possible hand is Black Jack, your first two cards must be an "Ace" and any "10" value card.',
    ),
    "BJ-5": _bj(
        "What wins pay",
        "Black Jack is paid at 3:2. All other winning bets are paid even money (1:1), apart from winning Insurance "
        "bets, which are paid 2:1.",
        BJ_STAND_OFF,
    ),
    "BJ-6": _bj("The deal", BJ_DEAL),
    "BJ-7": _bj("Each box draws in turn", BJ_DRAW),
    "BJ-8": _bj("The dealer draws to 17", BJ_DEALER),
    "BJ-9": _bj(
        "Dealer bust, higher and lower totals",
        'If the total of the dealer´s cards exceeds "21", all players remaining in the game win. All players which '
        "have a lesser total than the dealer lose.",
        BJ_STAND_OFF,
    ),
    "BJ-10": _bj("A blackjack paid at once, or waiting", BJ_AT_ONCE),
    "BJ-D1": _bj(
        "Double down",
        'You may Double (which is called to "Double Down") your original bet after you have received you 1^st two '
        "cards. You may Double any hand except Black Jack. The Double bet is always the same amount as the "
        "original bet. If you choose to Double, you will receive only one more card.",
    ),
    "BJ-D2": _bj(
        "Double after split",
        "Doubling on Split hands is possible, again you must place the same amount as your original bet and you "
        "will receive only one more card.",
    ),
    "BJ-S1": _bj(
        "Split",
        "If your 1^st two cards are of the same Value or are Pairs, you may Split them into two separate hands. "
        "However, you must place the same amount as your original bets.",
    ),
    "BJ-S2": _bj(
        "Up to four hands", "You may Split Pairs up to the three times, which will result in four separates hands."
    ),
    "BJ-S3": _bj(
        "Split Aces",
        "The only exception is with Ace´s, they can be Split just once and you receive only one more card.",
    ),
    "BJ-S4": _bj(
        "Ace + 10 after a split is 21, not blackjack",
        'If the total of this Split hand is 21, ("Ace" and "10" value card), it is not Black Jack and if it is a '
        "winning hand it will be paid even money (1:1). In this case a dealer´s Black Jack would win.",
    ),
    "BJ-I1": _bj("Insurance", BJ_INSURANCE),
    "BJ-I2": _bj(
        "Insurance pays 2:1",
        BJ_INSURANCE_PAID,
        'If the dealer does not make Black Jack (the dealer´s 2^nd card is not a "10" value card) all Insurance '
        "bets lose and the game continues as normal.",
    ),
    "BJ-O": _bj("A dealer blackjack takes the original bet only", BJ_ORIGINAL),
    "BJ-E": _bj("Even money", BJ_EVEN_MONEY),
    "BJ-R1": _bj("Surrender", BJ_SURRENDER),
    "BJ-R2": _bj("No surrender once more cards are drawn", BJ_NO_SURRENDER, BJ_NO_SURRENDER_DRAWN),
    "BJ-R3": _bj("No surrender against an Ace", BJ_NO_SURRENDER, 'b) The dealer´s 1^stcard is an "Ace".'),
    "BJ-P1": _bj(
        "Bets before the first card",
        "After all players have placed their bets the dealer will now deal out the cards from your right.",
    ),
    "BJ-P2": _bj("The deal, card by card", BJ_DEAL),
    "BJ-P3": _bj("Side bets settle right after the deal"),
    "BJ-P4": _bj("Insurance and even money offered first", BJ_INSURANCE, BJ_EVEN_MONEY),
    "BJ-P4b": _bj("Surrenders, in a pass of their own", BJ_SURRENDER, BJ_NO_SURRENDER, BJ_NO_SURRENDER_DRAWN),
    "BJ-P5": _bj("When a blackjack is paid", BJ_AT_ONCE),
    "BJ-P6": _bj("Boxes act one at a time", BJ_DRAW),
    "BJ-P7": _bj("A bust collected at once", BJ_BUST, BJ_ORIGINAL),
    "BJ-P8": _bj("The dealer's hand", BJ_DEALER),
    "BJ-P9": _bj("The order of the settlement", BJ_INSURANCE_PAID),
    "BJ-P10": _bj("Amounts that fall between cents"),
    # Jack Switch, seed 004
    "JS-1": _js("Six decks", "The game involves 6 decks of 52 cards using a shuffle machine."),
    "JS-2": _js(
        "Card values",
        "Kings, queens and jacks count for 10 points. An Ace can be counted as 1 or 11 points. All other cards are "
        "counted at their face value.",
    ),
    "JS-3": _js("What a blackjack pays"),
    "JS-4": _js(
        "Dealer 22 pushes",
        "The dealer has too many points (except for the case when the dealer has 22 points).",
        "If the dealer has 22 points, it is a draw, that is, bets do not win or lose. Only the blackjack combination "
        "pays. If a player has more points than 21 (called “many”), this means a loss.",
        "The dealer loses when he scores more than 22 points.",
    ),
    "JS-5": _js(
        "The dealer hits soft 17",
        "The dealer must take cards until he has a hard total of 17 points or more. But if the dealer has 7/17, "
        "then he must take the card.",
    ),
    "JS-6": _js(
        "When a player may draw",
        "If the player or dealer has an Ace (counts as 1 or 11 points (“soft” 11)), then he can take an additional "
        "card - in this case there will be no busting.",
        "In this case, the player cannot take an additional card if he already has a blackjack combination or the "
        "sum of points on the box is “hard” 21.",
    ),
    "JS-7": _js("The Switch", JS_SWITCH, JS_SWITCH_BLACKJACK),
    "JS-8": _js("Ace + 10 after a switch is 21, not blackjack", JS_SIDEWAYS),
    "JS-9": _js(
        "Double, split, surrender and insurance as at Blackjack",
        "Surrender - refusal to play for half the bet. Split - dividing cards of equal value into several boxes. "
        "Double - doubling the bet on the first two cards, only one card is placed on the box. Insurance - "
        "insurance bet against Blackjack at the dealer, if the dealer's first card is Ace.",
    ),
    "JS-SM": _js(
        "Super Match",
        JS_SUPER_MATCH_BET,
        "“Super Match” bonus payout table Combination Payout Ratio One pair 1:1 Three of a kind 5:1 Two pairs 8:1 "
        "Kare / Four of a kind 40:1",
    ),
    "JS-PB": _js(
        "Pair bonus",
        "You can place a bet on the bonus and get the following types of payouts: Combination Example Payout ratio "
        "Different-colored pair 5:1 Same-colored pair 10:1 Same-suited pair 30:1",
    ),
    "JS-L": _js(
        "Bonus bet limits",
        "The bonus bet is accepted only if the guest has a main bet and within his limit, i.e. the bonus bet can be "
        "greater than the main bet. 2. At the limit of 10-200, you can make a bonus min 1 - max 200. 3. At the "
        "limits of 25-500, you can make a bonus bet min 1 - max 500, at the limit of 50 - 1000, make a bonus 1 - 1000.",
    ),
    "JS-P5": _js("When a blackjack is paid at Jack Switch", JS_SWITCH_BLACKJACK),
    "JS-P6": _js("The Switch call", JS_SWITCH, JS_SIDEWAYS),
    # Joker's Wild Pai Gow poker, seed 003
    "PG-0": _pg("The deck and the deal", PG_DECK, PG_HANDS),
    "PG-R": _pg(
        "Ranking of hands",
        "a two-card hand (sometimes called the front hand) and a five-card hand (sometimes called the back hand).",
        "Pai Gow poker uses the same ranking of hands as in other high poker games.",
    ),
    "PG-J": _pg("The joker is wild", "The Joker(s) may be used as any card in the deck.", PG_9),
    "PG-C": _pg(
        "Ties and pushes",
        "The goal of the game is to make two hands that are both higher than the two hands made by the player-dealer.",
    ),
    "PG-F": _pg("The collection fee"),
    "PG-1": _pg("Payment order and the bank", PG_1),
    "PG-2": _pg(
        "Hands are not shown or discussed",
        "A player may not display his or her hand to or discuss his of her hand with any other player after the "
        "cards have been dealt until all bets have been paid or collected.",
    ),
    "PG-3": _pg("The dice: who gets the first hand", PG_3),
    "PG-4": _pg("The Action button", PG_4),
    "PG-5": _pg("The player-dealer's hand opened too early", PG_5),
    "PG-6": _pg("Misdeals", PG_MISDEAL, PG_6A, PG_6B, PG_6C, PG_6D),
    "PG-6a": _pg("Misdeal: a joker or an Ace boxed or exposed", PG_MISDEAL, PG_6A),
    "PG-6b": _pg("Misdeal: two or more cards boxed or exposed", PG_MISDEAL, PG_6B),
    "PG-6c": _pg("Misdeal: wrong spots, two or more players looked", PG_MISDEAL, PG_6C),
    "PG-6d": _pg("Misdeal: wrong spots, a player saw the player-dealer's hand", PG_MISDEAL, PG_6D),
    "PG-7": _pg(
        "The action hand pushed to the wrong spot",
        "In the event that the action hand is pushed to the wrong spot, and only one player has looked at the "
        "cards, the hands will be retrieved by a floor person and redelivered correctly. The hand for the player "
        "that looked at the cards will be played the “logical” way.",
    ),
    "PG-8": _pg(
        "Boxed and exposed cards replaced",
        "A boxed card is replaced immediately with the very next card on the deck and exposed cards on the deal "
        "will be replaced after the deal is finished with the first of the remaining five cards.",
    ),
    "PG-9": _pg("The joker may be any card", PG_9),
    "PG-10": _pg(
        "Each player sets their own hand",
        "A player is responsible for the final setting of his/her hand. Upon request, the casino dealer will assist "
        "in the setting of hands and explain logical way of setting the hand, but cannot be held responsible for "
        "the final decision.",
    ),
    "PG-11": _pg(
        "The cards speak",
        "Statements regarding the value of a hand are not binding. The cards read as the value states.",
    ),
    "PG-12": _pg("Foul: the front hand ranks higher", PG_12),
    "PG-13": _pg("Foul: a split other than 5 + 2", PG_13),
    "PG-14": _pg(
        "One hand per player",
        "A player may play or set only one hand, regardless of the number of hands on which he has wagered. A "
        "player can be the “active” player on only one circle (spot) and on only one hand, regardless of the number "
        "of hands on which he has wagered.",
    ),
    "PG-15": _pg(
        "The player-dealer's hand is set when they say so",
        "The player-dealer’s hand is not set until the player-dealer has signified his or her final decision in an "
        "obvious manner to the casino dealer.",
    ),
    "PG-16": _pg(
        "A misread hand plays at its true value",
        "A hand that is misread by the casino dealer will play at its true value if it can be retrieved intact.",
    ),
    "PG-17": _pg("The player-dealer's hand is never fouled", PG_17),
    "PG-18": _pg(
        "Resetting the player-dealer's hand",
        "Hawaiian Gardens Casino has the right to reset the player-dealer’s hand if it is discovered that the casino "
        "dealer did not show the best possible option, provided that both the front and the back hands will "
        "increase in value, provided the payoffs have not started.",
    ),
    "PG-19": _pg("Management may change the rules", "Management may change any of these rules without further notice."),
    "PG-H": _pg(
        "The house way",
        "they will set the player’s hand in the casino logical way.",
        "explain logical way of setting the hand",
    ),
    "PG-P1": _pg("Bets and the bank before the dice"),
    "PG-P2": _pg("The dice", PG_3),
    "PG-P3": _pg("The deal: a stack to every position", PG_HANDS),
    "PG-P4": _pg("The Action button", PG_4),
    "PG-P5": _pg("Hands set, the player-dealer's last", PG_5_OPENED, PG_17),
    "PG-P6": _pg("The settlement", PG_1, PG_12),
}
"""rule ID -> its title and the seed passages it comes from (none: the seed is silent)."""
