"""Over/Under 26 errors: the engine's kinds, carrying what the rulings door needs to name
the field (which bet was refused)."""

from __future__ import annotations

from typing import Literal

from games.errors import BetError, IllegalActionError, NotConfiguredError

BetName = Literal["ante", "bonus"]


class OverUnderBetError(BetError):
    """A bet OU-3 refuses; ``bet`` is ``"ante"`` or ``"bonus"``."""

    def __init__(self, bet: BetName, message: str) -> None:
        super().__init__(message)
        self.bet: BetName = bet


class BonusNotConfiguredError(NotConfiguredError):
    """A non-zero Bonus while the property has no Bonus pay table (OU-10)."""

    def __init__(self) -> None:
        super().__init__("the Bonus pay table is not configured for this property (OU-10)")


class ChoiceError(IllegalActionError):
    """A choice the situation does not allow (one on a first-card joker, none otherwise)."""
