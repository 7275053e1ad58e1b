"""The four games by slug, and their rule-set classes.

The slugs are the ``<game>`` of the rulings door (RULINGS.md) and of stored rule sets.
Imports are lazy so that loading one game never pulls in the others.
"""

from __future__ import annotations

import importlib
from typing import Final

from games.house_rules import HouseRules
from games.reasons import gettext_noop

GAMES: Final[dict[str, tuple[str, str]]] = {
    "blackjack": (gettext_noop("Blackjack (six decks, no hole card)"), "games.blackjack.rules:BlackjackRules"),
    "jack-switch": (gettext_noop("Jack Switch"), "games.jack_switch.rules:JackSwitchRules"),
    "pai-gow": (gettext_noop("Joker's Wild Pai Gow poker"), "games.pai_gow.rules:PaiGowRules"),
    "over-under-26": (gettext_noop("Over/Under 26 Joker"), "games.over_under_26.rules:OverUnderRules"),
}
"""slug -> (display name, "module:RulesClass"); the names are English message IDs, translated
where a page shows them (stored records such as certificates keep the English)."""


class UnknownGameError(KeyError):
    """No game has this slug."""


def game_name(slug: str) -> str:
    """The display name of a game.

    >>> game_name("pai-gow")
    "Joker's Wild Pai Gow poker"
    """
    try:
        return GAMES[slug][0]
    except KeyError:
        raise UnknownGameError(slug) from None


def rules_class(slug: str) -> type[HouseRules]:
    """The rule-set class of a game (its defaults are RULES.md's)."""
    try:
        module_name, class_name = GAMES[slug][1].split(":")
    except KeyError:
        raise UnknownGameError(slug) from None
    cls = getattr(importlib.import_module(module_name), class_name)
    assert isinstance(cls, type)
    assert issubclass(cls, HouseRules)
    return cls


def default_rules(slug: str) -> HouseRules:
    """The RULES.md defaults of a game."""
    return rules_class(slug)()
