"""Jack Switch (seed 004), built on the twenty-one family's mechanism of ``games.blackjack``.

The blackjack engine plays Jack Switch from :class:`JackSwitchRules` (1:1 blackjack, H17,
the dealer's 22 push, soft-21 draws); this package adds what only Jack Switch has: the
Switch (:mod:`.switch`), the Super Match and pair-bonus side bets and their limits
(:mod:`.bonus`), and their exact odds (:mod:`.odds`).
"""

from games.jack_switch.rules import BonusLimit, JackSwitchRules

__all__ = ["BonusLimit", "JackSwitchRules"]
