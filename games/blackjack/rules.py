"""Rule sets of the twenty-one family: Blackjack (seed 001) and, on top of it, Jack Switch.

The engine of ``games.blackjack`` plays any game of the family from a
:class:`TwentyOneRules` value. Two kinds of difference between the games:

* **house values** (RULES.md **(house)**, changeable per property without code) are
  dataclass fields: what a blackjack pays (BJ-5 / JS-3), whether the dealer hits a soft 17
  (BJ-8 / JS-5), what insurance pays, the number of decks, how many hands a box may split
  into, whether a split hand may double; and the round's house procedures: when a
  blackjack is paid (BJ-P5 / JS-P5) and the settlement order (BJ-P9);
* **fixed traits** of a game (not house values) are class variables: the dealer total
  that pushes instead of busting (JS-4: 22), whether a player's soft 21 may still draw
  (JS-6), whether the Switch exists (JS-7/JS-8), and which rule IDs a ruling cites.

Jack Switch's rule set (``games.jack_switch.rules``) subclasses :class:`TwentyOneRules`
with its own defaults, traits and side-bet values; nothing of the mechanism is copied.

>>> rules = BlackjackRules()
>>> str(rules.blackjack_pays), rules.dealer_hits_soft_17, str(rules.insurance_pays), rules.decks, rules.max_hands
('3:2', False, '2:1', 6, 4)
>>> BlackjackRules.from_mapping({"blackjack_pays": "6:5"}).blackjack_pays
Ratio(pays=6, per=5)
>>> BlackjackRules.from_mapping({"max_hands": 0})
Traceback (most recent call last):
...
games.errors.RuleSetError: max_hands: a box holds at least one hand and at most 8 (BJ-S2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from games.cards import ShoeSpec
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.money import Ratio

EVEN_MONEY: Final = Ratio(1, 1)
BLACKJACK_PAYS_3_TO_2: Final = Ratio(3, 2)
INSURANCE_PAYS_2_TO_1: Final = Ratio(2, 1)
"""Every winning hand but a blackjack is paid 1:1 (BJ-5); so is even money (BJ-E)."""

NO_SURRENDER: Final = 'the house does not offer surrender (BJ-R1, house setting "Surrender offered")'
"""Why a hand may not surrender where the rule set's ``surrender_offered`` is off."""

MAX_DECKS: Final = 8
MAX_HANDS_LIMIT: Final = 8

BLACKJACK_PROCEDURE_IDS: Final = frozenset(
    {"BJ-6", "BJ-D1", "BJ-D2", "BJ-S1", "BJ-S2", "BJ-S3", "BJ-S4", "BJ-I1", "BJ-I2", "BJ-O", "BJ-E",
     "BJ-R1", "BJ-R2", "BJ-R3"}
)
"""The BJ- rules that JS-9 takes over by name (double, split, surrender, insurance, even
money, no hole card, original-bet-only losses)."""


@dataclass(frozen=True, slots=True)
class RuleIds:
    """The rule IDs a game cites where the games of the family differ.

    Rules the games share are cited by their BJ- ID everywhere; a game that adopts them
    by a rule of its own (JS-9) adds ``adopted`` after them.
    """

    shoe: str
    values: str
    blackjack_pays: str
    player_draws: str
    dealer_draws: str
    adopted: tuple[str, ...] = ()
    blackjack_paid: str = "BJ-P5"
    """When in the round a blackjack is paid (BJ-P5; JS-P5 at Jack Switch)."""


@dataclass(frozen=True)
class TwentyOneRules(HouseRules):
    """The house values shared by the twenty-one family, with Blackjack's defaults."""

    blackjack_pays: Ratio = BLACKJACK_PAYS_3_TO_2
    """BJ-5 (house): what a blackjack pays."""
    dealer_hits_soft_17: bool = False
    """BJ-8 (house): False, the dealer stands on all 17s."""
    insurance_pays: Ratio = INSURANCE_PAYS_2_TO_1
    """BJ-5, BJ-I2: what a winning insurance bet pays."""
    decks: int = 6
    """BJ-1: decks in the shoe."""
    max_hands: int = 4
    """BJ-S2: a box may be split into at most this many hands (three splits)."""
    double_after_split: bool = True
    """BJ-D2: a split hand (not split Aces) may double."""
    surrender_offered: bool = True
    """BJ-R1 (house): the house offers surrender at all (seed 001 does); BJ-R1 to BJ-R3 say how."""
    blackjack_paid_at_turn: bool = True
    """BJ-P5 (house; JS-P5): a blackjack against a dealer card that is not an Ace or a
    10-value is paid when its box's turn comes; False: it waits for the settlement and is
    paid with the winning bets (BJ-P9)."""
    settle_box_by_box: bool = False
    """BJ-P9 (house): False, the settlement goes in passes (insurance, losing bets, winning
    bets; on a dealer blackjack losing bets then insurance), each in reverse box order; True,
    box by box in reverse box order, each box's bets in that same order."""

    # Fixed traits of the game (not house values).
    DEALER_PUSH_TOTAL: ClassVar[int | None] = None
    """JS-4: a dealer total that pushes the hands still in play instead of busting."""
    SOFT_21_MAY_DRAW: ClassVar[bool] = False
    """JS-6: a player's soft 21 (not a blackjack) may still draw; BJ-7: no draw at 21."""
    HAS_SWITCH: ClassVar[bool] = False
    """JS-7: boxes may be switched (and a switched hand is never a blackjack, JS-8)."""
    IDS: ClassVar[RuleIds] = RuleIds(
        shoe="BJ-1", values="BJ-2", blackjack_pays="BJ-5", player_draws="BJ-7", dealer_draws="BJ-8"
    )

    def validate(self) -> None:
        if not 1 <= self.decks <= MAX_DECKS:
            raise RuleSetError("decks", f"a shoe holds 1 to {MAX_DECKS} decks ({self.IDS.shoe})")
        if not 1 <= self.max_hands <= MAX_HANDS_LIMIT:
            raise RuleSetError("max_hands", f"a box holds at least one hand and at most {MAX_HANDS_LIMIT} (BJ-S2)")
        if self.blackjack_pays.pays == 0:
            raise RuleSetError("blackjack_pays", f"a blackjack must pay something ({self.IDS.blackjack_pays})")
        if self.insurance_pays.pays == 0:
            raise RuleSetError("insurance_pays", "a winning insurance bet must pay something (BJ-I2)")

    @property
    def shoe(self) -> ShoeSpec:
        """The game's shoe (BJ-1: six decks, no jokers).

        >>> BlackjackRules().shoe.size
        312
        """
        return ShoeSpec(decks=self.decks)

    def cite(self, ids: Iterable[str]) -> tuple[str, ...]:
        """Rule IDs in citing order, without repeats; a game that adopts BJ- procedures by
        a rule of its own (JS-9) gets that rule added after them.

        >>> BlackjackRules().cite(["BJ-O", "BJ-9", "BJ-O"])
        ('BJ-O', 'BJ-9')
        """
        cited: list[str] = []
        for rule_id in ids:
            if rule_id not in cited:
                cited.append(rule_id)
        if self.IDS.adopted and any(rule_id in BLACKJACK_PROCEDURE_IDS for rule_id in cited):
            cited.extend(rule_id for rule_id in self.IDS.adopted if rule_id not in cited)
        return tuple(cited)


@dataclass(frozen=True)
class BlackjackRules(TwentyOneRules):
    """Blackjack, seed 001: six decks, no hole card, 3:2, dealer stands on soft 17."""

    GAME: ClassVar[str] = "blackjack"
