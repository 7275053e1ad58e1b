"""Blackjack (seed 001) and the twenty-one family's shared mechanism.

Hand values (:mod:`.hand`), the dealer's play (:mod:`.dealer`), a hand's options
(:mod:`.options`), settling a box (:mod:`.settle`), exact dealer odds (:mod:`.odds`) and
seeded deals for drills (:mod:`.deal`) all take a :class:`TwentyOneRules` value: Blackjack's
:class:`BlackjackRules`, or Jack Switch's rule set, which is built on the same mechanism.
"""

from games.blackjack.rules import BlackjackRules, RuleIds, TwentyOneRules

__all__ = ["BlackjackRules", "RuleIds", "TwentyOneRules"]
