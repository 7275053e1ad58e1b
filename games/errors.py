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
    """An amount is negative, not a number, or has more than two decimals.

    Where a person typed the amount, the message is a message ID (``message_id``, marked for
    translation) with its values (``params``): ``str(error)`` is the English sentence and the
    site words it in the reader's language; otherwise ``message_id`` is empty.

    >>> error = MoneyError(message_id="{value} is negative", params={"value": "'-1'"})
    >>> str(error), error.message_id, error.params
    ("'-1' is negative", '{value} is negative', {'value': "'-1'"})
    """

    def __init__(self, message: str = "", *, message_id: str = "", params: dict[str, str] | None = None) -> None:
        self.message_id = message_id
        self.params = dict(params or {})
        super().__init__(message_id.format(**self.params) if message_id else message)


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
