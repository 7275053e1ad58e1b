"""Over/Under 26 errors: the engine's kinds, carrying what the rulings door needs to name
the field (which bet was refused)."""

from __future__ import annotations

from typing import Literal

from games.errors import BetError, IllegalActionError, NotConfiguredError
from games.reasons import gettext_noop

BetName = Literal["ante", "bonus"]


class OverUnderBetError(BetError):
    """A bet OU-3 refuses; ``bet`` is ``"ante"`` or ``"bonus"``."""

    def __init__(self, bet: BetName, message: str) -> None:
        super().__init__(message)
        self.bet: BetName = bet


class BonusNotConfiguredError(NotConfiguredError):
    """A non-zero Bonus while the property has no Bonus pay table (OU-10)."""

    # A message ID: the Bonus drill's "not available" note and the "what changed" drill's
    # "could not happen under the old rules" read it in the reader's language.
    MESSAGE = gettext_noop("the Bonus pay table is not configured for this property (OU-10)")

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)


class ChoiceError(IllegalActionError):
    """A choice the situation does not allow (one on a first-card joker, none otherwise)."""
