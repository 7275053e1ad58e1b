"""Writes: assign a "what changed" drill when a property adopts new rules or a trainee moves.

:func:`assign_what_changed` is called by the versions helper's sign-off (the integrator
wires it, directly or through :func:`rules_adopted`, which assigns every trainee of the
property) and by :func:`trainee_moved`, which the admin calls when a trainee's property
changes. The assignment is an ordinary learning assignment ("Master What changed
(Blackjack)" by the due date), so trainees see it on their home and supervisors on the
dashboard; the old and new values ride along in :class:`AssignedChange`.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable, Mapping

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone

from drills.kinds._changes import RuleChange, nothing_to_show, showable
from drills.kinds.messages import Words, gettext_noop, joined, phrase, say
from drills.kinds.what_changed import change_kind
from drills.language import translate
from drills.learning.models import Assignment, AssignmentGoal
from drills.learning.services import create_assignment
from drills.models import Property, Role, User
from drills.progress.selectors import property_rules
from drills.what_changed.models import AssignedChange, ChangeReason
from games.errors import GameError
from games.registry import GAMES, game_name

MOVE_DUE_DAYS = 14
"""Days to master the differences after a move (and, by default, after new rules are adopted)."""
NOTE_LENGTH = 300  # Assignment.note

logger = logging.getLogger(__name__)


def change_words(change: RuleChange) -> Words:
    """What changed ("Blackjack rules changed: Blackjack pays: 3:2 → 6:5 (BJ-5); …"): English
    text that :func:`~drills.kinds.messages.say` puts in the reader's language."""
    each = [
        phrase(gettext_noop("{setting} ({rule})"), setting=d.describe(change), rule=d.rule_id) for d in showable(change)
    ]
    parts = joined(each, "; ")
    return phrase(gettext_noop("{game} rules changed: {changes}"), game=game_name(change.game).split(" (")[0],
                  changes=parts)


def _shortened(note: str) -> str:
    return note if len(note) <= NOTE_LENGTH else note[: NOTE_LENGTH - 1] + "…"


def change_note(change: RuleChange) -> str:
    """What changed, for the trainee, as stored with the assignment (English, shortened to fit)."""
    return _shortened(str(change_words(change)))


def note_words(assignment: Assignment) -> str:
    """The assignment's note in the reader's language: a note this module wrote (the stored
    English of its change) is worded again from the change; a note staff wrote reads as written."""
    try:
        row = assignment.rule_change
    except ObjectDoesNotExist:
        return assignment.note
    try:
        change = RuleChange.of(row.game, row.old_values, row.new_values)
        if change_note(change) != assignment.note:
            return assignment.note
    except GameError:
        return assignment.note
    return _shortened(say(change_words(change), translate))


def assign_what_changed(
    *,
    property: Property,
    game: str,
    old_values: Mapping[str, object],
    new_values: Mapping[str, object],
    trainees: Iterable[User],
    assigned_by: User | None,
    due: dt.date,
    reason: str = ChangeReason.VERSION,
) -> Assignment | None:
    """Assign the game's "what changed" drill to ``trainees`` (of ``property``) by ``due``.

    ``old_values`` / ``new_values``: the two rule sets' values (only the settings set, or all
    of them); a bad value raises :class:`games.errors.RuleSetError` naming ``old.<setting>`` or
    ``new.<setting>``. ``None`` when there is nothing to assign: no trainees, or the two rule
    sets differ on nothing the drill can show (logged with the reason)."""
    change = RuleChange.of(game, old_values, new_values)
    people = list(trainees)
    outsiders = [str(person) for person in people if person.property_id != property.pk]
    if outsiders:
        raise ValueError(f"trainees: not of {property}: {', '.join(outsiders)}")
    reason_none = nothing_to_show(change)
    if reason_none or not people:
        logger.info("no what-changed assignment for %s at %s: %s", game, property, reason_none or "no trainees")
        return None
    with transaction.atomic():
        assignment = create_assignment(
            by=assigned_by, property=property, goal=AssignmentGoal.SKILLS, due_on=due,
            skills=[change_kind(game).slug], trainees=people, note=change_note(change),
        )
        AssignedChange.objects.create(
            assignment=assignment, property=property, game=game, reason=reason,
            old_values=change.old.to_mapping(), new_values=change.new.to_mapping(), created_at=timezone.now(),
        )
    return assignment


def rules_adopted(*, property: Property, game: str, old_values: Mapping[str, object],
                  new_values: Mapping[str, object], assigned_by: User | None,
                  due: dt.date | None = None) -> Assignment | None:
    """A property adopted new rules for ``game`` (a version signed off): every trainee of the
    property is assigned what changed, by ``due`` (default in :data:`MOVE_DUE_DAYS` days)."""
    trainees = User.objects.filter(property=property, role=Role.TRAINEE, is_active=True).order_by("pk")
    return assign_what_changed(
        property=property, game=game, old_values=old_values, new_values=new_values, trainees=trainees,
        assigned_by=assigned_by, due=due or timezone.localdate() + dt.timedelta(days=MOVE_DUE_DAYS),
    )


def trainee_moved(trainee: User, *, from_property: Property | None, by: User | None,
                  due: dt.date | None = None) -> list[Assignment]:
    """A trainee now at another property: per game, the new property's rules against the old
    property's (each property's default rule set, else the RULES.md defaults) are assigned
    where they differ. Nothing for staff and supervisors, nor without both properties."""
    to_property = trainee.property
    if trainee.role != Role.TRAINEE or from_property is None or to_property is None:
        return []
    if from_property.pk == to_property.pk:
        return []
    due = due or timezone.localdate() + dt.timedelta(days=MOVE_DUE_DAYS)
    old_rules, new_rules = property_rules(from_property), property_rules(to_property)
    assigned = []
    for game in GAMES:
        assignment = assign_what_changed(
            property=to_property, game=game, old_values=old_rules[game].to_mapping(),
            new_values=new_rules[game].to_mapping(), trainees=[trainee], assigned_by=by, due=due,
            reason=ChangeReason.MOVE,
        )
        if assignment is not None:
            assigned.append(assignment)
    return assigned
