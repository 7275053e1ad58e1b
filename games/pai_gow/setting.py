"""A set hand (five-card high hand + two-card low hand), fouls, and the house way.

* PG-13: any split other than five cards back (``high``) and two in front (``low``) is
  a foul; so is a five-card hand put in front (decision: ``high`` must hold the five).
* PG-12: a foul when the two-card hand ranks higher than the five-card hand (PG-R
  strengths, :mod:`games.pai_gow.ranking`; a two-card pair equal to the back's pair is
  not higher).
* PG-H / PG-17: :func:`house_way` sets seven cards the property's house way; the
  player-dealer's hand is never played fouled (:func:`player_dealer_setting`).
* PG-18: :func:`may_reset_player_dealer`.

>>> check_foul(Setting.of("KS KH 9D 7C 5H", "AS AH")).reason
'the two-card hand (pair of Aces) ranks higher than the five-card hand (pair of Kings) (PG-12)'
>>> str(house_way(parse_cards("AS KD QH JC 9S 8D JK".split())).setting)
'high QH JC 9S 8D JK / low AS KD'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import AnyCard, Joker, format_cards, parse_cards
from games.errors import ImpossibleCardsError
from games.pai_gow.codes import DECK, JOKER_CODE, codes_of, is_one_deck
from games.pai_gow.errors import SettingError
from games.pai_gow.ranking import HandValue, rank_hand
from games.pai_gow.rules import PaiGowRules
from games.reasons import Reason

__all__ = [
    "FoulCheck",
    "HouseWaySetting",
    "Setting",
    "check_foul",
    "house_way",
    "may_reset_player_dealer",
    "player_dealer_setting",
    "verify_seven",
]

HIGH_SIZE = 5
LOW_SIZE = 2
HAND_SIZE = HIGH_SIZE + LOW_SIZE
DEFAULT_RULES = PaiGowRules()


@dataclass(frozen=True)
class Setting:
    """A player's seven cards as set: ``high`` (the five-card back hand) and ``low``
    (the two-card front hand). Any split may be held here; :func:`check_foul` judges it."""

    high: tuple[AnyCard, ...]
    low: tuple[AnyCard, ...]

    @classmethod
    def of(cls, high: str, low: str) -> Setting:
        """From card notation separated by spaces (tests and doctests)."""
        return cls(parse_cards(high.split()), parse_cards(low.split()))

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        return self.high + self.low

    @property
    def is_five_and_two(self) -> bool:
        return len(self.high) == HIGH_SIZE and len(self.low) == LOW_SIZE

    def __str__(self) -> str:
        return f"high {' '.join(format_cards(self.high))} / low {' '.join(format_cards(self.low))}"


def verify_seven(cards: Sequence[AnyCard]) -> None:
    """Raise :class:`SettingError` unless ``cards`` are seven cards of one deck (PG-0).

    >>> verify_seven(parse_cards("AS KS QS JS TS 9S".split()))
    Traceback (most recent call last):
    ...
    games.pai_gow.errors.SettingError: a Pai Gow hand holds seven cards, not 6
    """
    if len(cards) != HAND_SIZE:
        raise SettingError(f"a Pai Gow hand holds seven cards, not {len(cards)}")
    try:
        DECK.verify(cards)
    except ImpossibleCardsError as error:
        raise SettingError(str(error)) from None


@dataclass(frozen=True)
class FoulCheck:
    """Whether a setting is fouled, why, and the rule IDs applied."""

    fouled: bool
    reason: str
    rules: tuple[str, ...]
    high: HandValue | None = None
    """The five-card hand's value (None on a PG-13 split)."""
    low: HandValue | None = None


def check_foul(setting: Setting, rules: PaiGowRules = DEFAULT_RULES) -> FoulCheck:
    """Judge a setting of seven cards (PG-13, then PG-12); raise :class:`SettingError` if
    the two parts do not hold seven cards of the deck.

    >>> check_foul(Setting.of("KS KH 9D 7C", "5H AS AH")).reason
    'a 4 + 3 split: the high hand must hold five cards and the low hand two (PG-13)'
    >>> check_foul(Setting.of("KS KH 9D 7C 5H", "AS QH")).fouled
    False
    """
    verify_seven(setting.cards)
    if not setting.is_five_and_two:
        return FoulCheck(
            True,
            f"a {len(setting.high)} + {len(setting.low)} split: the high hand must hold five cards "
            "and the low hand two (PG-13)",
            ("PG-13",),
        )
    high = rank_hand(setting.high, rules.wheel_lowest_straight)
    low = rank_hand(setting.low, rules.wheel_lowest_straight)
    applied = ("PG-12", "PG-R", "PG-J") if _has_joker(setting.cards) else ("PG-12", "PG-R")
    if low > high:
        reason = (
            f"the two-card hand ({low.describe()}) ranks higher than the five-card hand ({high.describe()}) (PG-12)"
        )
        return FoulCheck(True, reason, applied, high, low)
    reason = f"the five-card hand ({high.describe()}) ranks above the two-card hand ({low.describe()}) (PG-12)"
    return FoulCheck(False, reason, applied, high, low)


def _has_joker(cards: Sequence[AnyCard]) -> bool:
    return any(isinstance(card, Joker) for card in cards)


@dataclass(frozen=True)
class HouseWaySetting:
    """The house way's setting of seven cards (PG-H) with the step that placed it."""

    setting: Setting
    step: str
    """The step key of the house way (``"6-split"``...)."""
    explanation: str
    """The step in English words, citing it."""
    rules: tuple[str, ...]
    why: Reason | None = None
    """The step as a reason: the way's message ID with its own thresholds as values."""


def house_way(cards: Sequence[AnyCard], rules: PaiGowRules = DEFAULT_RULES) -> HouseWaySetting:
    """Set seven cards the property's house way (PG-H); never fouled, every card used.
    Each hand keeps the order the cards were given in.

    >>> result = house_way(parse_cards("JS JH 4D 4C AS 9H 2C".split()))
    >>> str(result.setting), result.step
    ('high JS JH AS 9H 2C / low 4D 4C', '6-split')
    """
    codes = codes_of(cards)
    if len(codes) != HAND_SIZE or not is_one_deck(codes):
        verify_seven(cards)  # raises, naming what is wrong
    way = rules.way
    i, j, step = way.place(codes, rules.tables)
    low = (cards[i], cards[j])
    high = tuple([cards[x] for x in range(HAND_SIZE) if x != i and x != j])
    applied = ("PG-H", "PG-J") if JOKER_CODE in codes else ("PG-H",)
    why = way.step_reasons[step]
    return HouseWaySetting(Setting(high, low), step, why.words(cite=False), applied, why)


def player_dealer_setting(setting: Setting, rules: PaiGowRules = DEFAULT_RULES) -> tuple[Setting, tuple[str, ...]]:
    """The player-dealer's hand as it plays: a fouled setting is reset the house way
    (PG-17: never set fouled); the rule IDs applied (empty when it plays as set).

    >>> played, applied = player_dealer_setting(Setting.of("KS KH 9D 7C 5H", "AS AH"))
    >>> str(played), applied
    ('high 9D 7C 5H AS AH / low KS KH', ('PG-17', 'PG-H'))
    """
    if not check_foul(setting, rules).fouled:
        return setting, ()
    return house_way(setting.cards, rules).setting, ("PG-17", "PG-H")


def may_reset_player_dealer(
    current: Setting, proposed: Setting, payoffs_started: bool, rules: PaiGowRules = DEFAULT_RULES
) -> tuple[bool, tuple[str, ...]]:
    """PG-18: the casino may reset the player-dealer's hand when the new setting of the
    same seven cards improves both the front and the back hand (strictly), and payoffs
    have not started.

    >>> may_reset_player_dealer(Setting.of("KS KH 9D 7C 5H", "AS 2H"), Setting.of("KS KH 9D 7C 2H", "AS 5H"), False)
    (False, ('PG-18',))
    """
    if sorted(map(str, current.cards)) != sorted(map(str, proposed.cards)):
        raise SettingError("a reset sets the same seven cards")
    if payoffs_started:
        return False, ("PG-18",)
    for setting in (current, proposed):
        if check_foul(setting, rules).fouled:
            return False, ("PG-18", "PG-17")
    high_before, high_after = (rank_hand(s.high, rules.wheel_lowest_straight) for s in (current, proposed))
    low_before, low_after = (rank_hand(s.low, rules.wheel_lowest_straight) for s in (current, proposed))
    return high_after > high_before and low_after > low_before, ("PG-18",)
