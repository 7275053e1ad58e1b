"""The games that can be dealt at a drawn table, by game slug (``games.registry``).

A game's table module is imported lazily; a game whose round engine is not installed yet
is listed with the reason and cannot be started.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass

from drills.kinds.base import GENERAL_FAMILY
from drills.kinds.messages import gettext_noop, phrase
from drills.rounds.tables.base import TableGame
from games.registry import GAMES

TABLE_MODULES: dict[str, str] = {
    "blackjack": "drills.rounds.tables.blackjack:BLACKJACK",
    "jack-switch": "drills.rounds.tables.blackjack:JACK_SWITCH",
    "pai-gow": "drills.rounds.tables.pai_gow:PAI_GOW",
    "over-under-26": "drills.rounds.tables.over_under_26:OVER_UNDER",
}

SKILL_PREFIX = "round-"
"""A round counts in progress as the skill ``round-<game>``."""


class UnknownTableError(LookupError):
    pass


@dataclass(frozen=True)
class TableChoice:
    slug: str
    name: str
    table: TableGame | None
    unavailable: str | None


@functools.cache
def table_for(game: str) -> TableGame:
    """The table of ``game``; :class:`UnknownTableError` if it has none (yet)."""
    target = TABLE_MODULES.get(game)
    if target is None:
        raise UnknownTableError(f"{game[:40]!r} is not a game dealt at a table")
    module_name, name = target.split(":")
    try:
        table = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError) as error:
        name = GAMES[game][0]
        raise UnknownTableError(f"{name} cannot be dealt yet: its round engine is missing ({error})") from None
    assert isinstance(table, TableGame)
    return table


def choices() -> list[TableChoice]:
    out = []
    for slug in TABLE_MODULES:
        try:
            out.append(TableChoice(slug, GAMES[slug][0], table_for(slug), None))
        except UnknownTableError as error:
            out.append(TableChoice(slug, GAMES[slug][0], None, str(error)))
    return out


def skill_slug(game: str) -> str:
    return f"{SKILL_PREFIX}{game}"


def skill_title(game: str) -> str:
    """ "Deal a round: Jack Switch": English text that :func:`~drills.kinds.messages.say` puts
    in the reader's language (the game's name too)."""
    return phrase(gettext_noop("Deal a round: {game}"), game=GAMES[game][0])


def is_round_skill(kind: str) -> bool:
    return kind.startswith(SKILL_PREFIX)


def game_of_skill(kind: str) -> str:
    """ "blackjack" for the round skill "round-blackjack"."""
    return kind[len(SKILL_PREFIX) :] if is_round_skill(kind) else ""


ROUND_FAMILY = GENERAL_FAMILY
"""A round skill is one skill family for spaced repetition (issue 15): the whole round."""


def round_family_label(kind: str) -> str:
    """ "Blackjack: a whole round", the one family of the round skill "round-blackjack"."""
    game = game_of_skill(kind)
    name = GAMES[game][0].split(" (")[0] if game in GAMES else game or kind
    return f"{name}: a whole round"


ROUND_TARGET_SECONDS = 5
"""Default target time per dealer action (12 actions a minute); a property sets its own as
the target time of the skill ``round-<game>`` (progress ``KindTarget``)."""


def round_skills() -> list[tuple[str, str, str, int]]:
    """(skill slug, title, game, default target seconds per action) of every game."""
    return [(skill_slug(slug), skill_title(slug), slug, ROUND_TARGET_SECONDS) for slug in TABLE_MODULES]


def available_round_skills() -> list[tuple[str, str, str, int]]:
    """The round skills of the games whose table can be dealt (progress lists these)."""
    ready = {choice.slug for choice in choices() if choice.table is not None}
    return [skill for skill in round_skills() if skill[2] in ready]
