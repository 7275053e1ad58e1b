"""Words people read instead of internal values (issue 14, item 3): one place for each.

- :func:`whole_percent` / :func:`percent_of`: a share as a whole percent, rounded half up
  (8 of 9 is 89 %, not 88.88 % nor, with Python's ``round``, an even-rounded 88 % of 88.5).
- :func:`kind_title`: a drill kind's (or dealt-round skill's) title for its slug.
- :func:`card_symbols`: cards in the one notation (``TD TS``) as people read them (``T♦ T♠``).

CSV exports and the API keep the stored values; pages use these (templates through the
``labels`` template library).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

from games.cards import format_card_symbol, parse_card
from games.errors import CardNotationError
from games.registry import game_name

Number = int | float | Decimal | Fraction | str


def whole_percent(value: Number) -> int:
    """A percentage (``88.88``, ``Decimal("12.5")``) as a whole number, half up.

    >>> whole_percent("88.88"), whole_percent(12.5), whole_percent(Decimal("0.49"))
    (89, 13, 0)
    """
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        exact = Decimal(str(value))
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def score_text(value: Number, mark: Number | None = None) -> str:
    """An exam score as shown next to its pass mark (or a section's minimum): the whole
    percent, half up, unless that would reach a mark the score did not, which would read as
    a pass; then the stored figure itself.

    >>> score_text("88.88"), score_text("88.88", 89), score_text("89.00", 89), score_text("0.00", None)
    ('89', '88.88', '89', '0')
    """
    shown = whole_percent(value)
    exact = Decimal(str(value))
    if mark is not None and exact < Decimal(str(mark)) <= shown:
        return f"{exact.quantize(Decimal('0.01'), rounding=ROUND_DOWN)}"
    return str(shown)


def percent_of(part: Number, whole: Number) -> int:
    """``part`` of ``whole`` as a whole percent, half up; 0 of nothing is 0.

    >>> percent_of(8, 9), percent_of(1, 8), percent_of(0, 0)
    (89, 13, 0)
    """
    if type(part) is int and type(whole) is int and part >= 0 and whole > 0:
        # Counts (the usual case, a cell of a big team's heatmap): half up in integers, exact
        # and without the Fraction and Decimal below (issue 17).
        return (200 * part + whole) // (2 * whole)
    whole_value = Fraction(str(whole))
    if whole_value == 0:
        return 0
    return whole_percent(100 * Fraction(str(part)) / whole_value)


def kind_title(slug: str) -> str:
    """The title a skill is shown by: the drill kind's, or "Deal a round: <game>"; an
    unknown slug (a kind since removed) in words."""
    from drills.kinds.base import UnknownKindError, get_kind  # the registries load on first use
    from drills.rounds.tables.registry import game_of_skill, is_round_skill, skill_title

    if is_round_skill(slug):
        game = game_of_skill(slug)
        try:
            return skill_title(game)
        except KeyError:
            return f"Deal a round: {game_name(game)}"
    try:
        return get_kind(slug).title
    except UnknownKindError:
        return slug.replace("-", " ").capitalize()


def card_symbols(cards: Iterable[object] | str) -> str:
    """Cards in the one notation (a list, or a string split on spaces and commas) with suit
    symbols; a token that is no card is kept as it is.

    >>> card_symbols("TD TS"), card_symbols(["AH", "JK"])
    ('T♦ T♠', 'A♥ joker')
    """
    tokens: list[object] = [*cards.replace(",", " ").split()] if isinstance(cards, str) else list(cards)
    shown = []
    for token in tokens:
        try:
            shown.append(format_card_symbol(parse_card(token)))
        except CardNotationError:
            shown.append(str(token))
    return " ".join(shown)
