"""The ``procedure`` question in the OpenAPI schema: each game's action vocabulary (from
the engine's own vocabulary, so the schema cannot drift from it) and an example body.
Another game adds a :class:`ProcedureDoc` to :data:`PROCEDURE_DOCS`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from drf_spectacular.utils import OpenApiExample

from games.cards import format_cards
from games.procedure import Action, Vocabulary


@dataclass(frozen=True)
class ProcedureDoc:
    games: tuple[str, ...]
    vocabulary: Vocabulary
    example: dict[str, Any]


def _twenty_one() -> ProcedureDoc:
    from games.blackjack.round_actions import VOCABULARY

    return ProcedureDoc(("blackjack", "jack-switch"), VOCABULARY, {
        "boxes": [{"box": 1, "bet": "10"}, {"box": 2, "bet": "10"}],
        "shoe": ["TS", "6H", "AH", "7C", "5D", "8C", "KC"],
        "decisions": ["insure box=1 amount=5", "stand box=1", "double box=2"],
        "actions": ["deal box=1 card=TS", "deal box=2 card=6H", "deal-dealer card=AH", "deal box=1 card=7C",
                    "deal box=2 card=5D", "offer-insurance box=1", "offer-insurance box=2", "deal box=2 card=8C",
                    "deal-dealer card=KC", "announce total=21 blackjack=yes", "pay box=1 bet=insurance amount=10"],
    })


def _pai_gow() -> ProcedureDoc:
    from games.pai_gow import DECK
    from games.pai_gow.round import VOCABULARY

    # The deck in its fixed order (2S 3S ... AS ... JK JK): dice 1+1+1 deal the first stack to
    # position 3; the announcing and the dealing are the engine's, the dealer does the rest.
    return ProcedureDoc(("pai-gow",), VOCABULARY, {
        "deck": format_cards(DECK.cards()), "dice": [1, 1, 1], "bank": "100",
        "seats": [{"position": 3, "bet": "10"}, {"position": 5, "bet": "25"}],
        "automations": ["announcing", "dealing"],
        "actions": ["open-bank", "pay position=3 amount=10.00", "pay position=5 amount=25.00", "clear"],
    })


def _over_under() -> ProcedureDoc:
    from games.over_under_26.round import VOCABULARY

    return ProcedureDoc(("over-under-26",), VOCABULARY, {
        "cards": ["9S", "5H", "6D", "7C"],
        "boxes": [{"box": 1, "ante": "10", "choice": "over"}, {"box": 2, "ante": "10", "choice": "under"}],
        "automations": ["dealing"],
        "actions": ["turn", "announce total=27", "collect box=2 bet=main amount=20.00",
                    "pay box=1 bet=main amount=20.00", "discard"],
    })


PROCEDURE_DOCS: list[ProcedureDoc] = [_twenty_one(), _pai_gow(), _over_under()]


def _line(action: type[Action]) -> str:
    """``verb key= [optional=]`` and who does it."""
    words = [action.VERB]
    for item in dataclasses.fields(action):  # type: ignore[arg-type]  # every Action is a dataclass
        optional = item.default is not dataclasses.MISSING
        key = f"{item.name.replace('_', '-')}="
        words.append(f"[{key}]" if optional else key)
    return f"`{' '.join(words)}` ({action.ACTOR.value})"


def description() -> str:
    """The vocabulary of every game's ``procedure`` question, for the schema."""
    parts = ["The `procedure` question checks a recorded round step by step (PROCEDURES.md): "
             "`actions` are the dealer's actions and `decisions` the players', one action a line "
             "in the notation `verb key=value ...`."]
    for doc in PROCEDURE_DOCS:
        verbs = "; ".join(_line(action) for action in doc.vocabulary.verbs.values())
        parts.append(f"Vocabulary of {' and '.join(doc.games)}: {verbs}.")
    return "\n\n".join(parts)


def examples() -> list[OpenApiExample]:
    return [OpenApiExample(f"A procedure question ({doc.games[0]})", value=doc.example, request_only=True)
            for doc in PROCEDURE_DOCS]
