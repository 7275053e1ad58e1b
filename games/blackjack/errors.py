"""Errors of the twenty-one family: the engine's kinds, carrying the field they are about.

``field`` is the attribute path of the situation that is wrong (``"dealer"``,
``"insurance"``, ``"hands.1.cards"``...): the rulings door's JSON uses the same names, so
it can name the field without guessing.
"""

from __future__ import annotations

from games.errors import BetError, IllegalActionError, ImpossibleCardsError


class SituationError(IllegalActionError):
    """A situation the rules cannot produce (a dealer who stood on 15, a double of a
    blackjack, insurance against a dealer 6...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class ImpossibleShoeError(ImpossibleCardsError):
    """The cards of a situation cannot all come from the game's shoe."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class StakeError(BetError):
    """A stake the rules refuse (insurance above half the bet, a zero bet...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
