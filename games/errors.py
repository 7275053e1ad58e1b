"""The engine's errors: one ``ValueError`` subclass per kind of failure.

Every message names what is wrong in words a dealer understands; the rulings door adds
the name of the field the value came from.
"""


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""


class CardNotationError(GameError):
    """A token is not a card of the notation (RULINGS.md)."""


class ImpossibleCardsError(GameError):
    """The cards cannot all come from the game's shoe or deck, or the count is wrong."""


class MoneyError(GameError):
    """An amount is negative, not a number, or has more than two decimals."""


class IllegalActionError(GameError):
    """An action the rules do not allow in this situation."""


class BetError(GameError):
    """A bet the rules refuse (a Bonus above the Ante, a bonus bet above its limit...)."""


class RuleSetError(GameError):
    """A house rule set value is invalid; ``setting`` names the offending value."""

    def __init__(self, setting: str, message: str) -> None:
        super().__init__(f"{setting}: {message}")
        self.setting = setting
        self.message = message


class NotConfiguredError(GameError):
    """The property has not entered a value the rule needs (e.g. the OU-10 Bonus table)."""
