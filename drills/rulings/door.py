"""The Django side of the rulings door, shared by the API view and ``manage.py ruling``.

Both doors hand the raw body here and get back a status and the JSON to send, so they
give one answer (RULINGS.md). The order of checks:

1. unknown game or question: 404 (CLI: exit 2), whatever the body;
2. the body: a JSON object (numbers as ``Decimal``), at most ``MAX_REQUEST_BODY_BYTES`` and
   32 levels deep (:mod:`drills.api.json_input`), else 400 naming ``body``;
3. the rule set: ``"rules": "<slug>"`` in the body names one (it must exist, be for this
   game and, for a user who is not a superuser, belong to their property: else 400 naming
   ``rules``); without it the API uses the user's property's default rule set for the game
   and the CLI (``user=None``) the RULES.md defaults;
4. the question's handler: 200, or 400 naming the field.

The ``rules`` key is taken out of the body before the handler sees it. Nothing here
names a game or a question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings

from drills import selectors
from drills.models import RuleSet, User
from drills.rule_versions.services import apply_due_versions
from drills.rulings.base import RulingInputError, UnknownQuestionError, answer, decode_body, find_handler
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.registry import default_rules

RULES_KEY = "rules"


@dataclass(frozen=True)
class DoorResponse:
    """What a door sends: the HTTP status (200, 400, 404) and the JSON object."""

    status: int
    payload: dict[str, Any]

    @property
    def ok(self) -> bool:
        return self.status == 200


def rule(game: str, name: str, raw_body: bytes | str, *, user: User | None = None) -> DoorResponse:
    """Answer question ``name`` of ``game`` for a raw JSON body, as ``user`` (``None``: the CLI)."""
    try:
        find_handler(game, name)
    except UnknownQuestionError as error:
        return DoorResponse(404, error.to_json())
    try:
        body = decode_body(raw_body, max_bytes=settings.MAX_REQUEST_BODY_BYTES)
        rules = resolve_rules(game, body.pop(RULES_KEY, None), user)
        return DoorResponse(200, answer(game, name, body, rules).to_json())
    except RulingInputError as error:
        return DoorResponse(400, error.to_json())


def resolve_rules(game: str, slug: object, user: User | None) -> HouseRules:
    """The rules to answer under (see the module doc, step 3)."""
    if slug is None:
        rule_set = selectors.default_rule_set(user.property if user is not None else None, game)
    else:
        rule_set = _named_rule_set(game, slug, user)
    if rule_set is None:
        return default_rules(game)
    apply_due_versions(rule_set)  # a version whose date has come is in force from midnight
    try:
        return rule_set.as_rules()
    except RuleSetError as error:
        raise RulingInputError.single(
            RULES_KEY, f"rule set {rule_set.slug!r} is invalid ({error}): staff must correct it"
        ) from None


def _named_rule_set(game: str, slug: object, user: User | None) -> RuleSet:
    if not isinstance(slug, str) or not slug.strip():
        raise RulingInputError.single(RULES_KEY, "must be the slug of a rule set, as text")
    rule_set = selectors.usable_rule_set(user, slug.strip())
    if rule_set is None:
        raise RulingInputError.single(RULES_KEY, f"no rule set {slug.strip()!r} that you may use")
    if rule_set.game != game:
        raise RulingInputError.single(RULES_KEY, f"rule set {rule_set.slug!r} is for {rule_set.game}, not {game}")
    return rule_set
