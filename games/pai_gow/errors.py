"""Pai Gow's own kinds of bad input (subclasses of the engine's errors)."""

from games.errors import GameError, ImpossibleCardsError


class SettingError(ImpossibleCardsError):
    """A hand's two parts do not hold the player's seven cards (count or duplicates)."""


class DiceError(GameError):
    """Dice that three six-sided dice cannot show (PG-3)."""


class PositionError(GameError):
    """A table position outside 1–7 (2–7 for players), or one given twice (PG-3, PG-1)."""


class DealEventError(GameError):
    """A deal-procedure event list that cannot happen (PG-5 – PG-8)."""
