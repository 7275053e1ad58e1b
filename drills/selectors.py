"""Reads: every query the pages, the API and the rulings door make lives here."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from drills import access
from drills.models import Property, RuleSet, Team, User
from games.house_rules import HouseRules
from games.registry import GAMES, default_rules


def default_rule_set(property: Property | None, game: str) -> RuleSet | None:
    """The property's default rule set for ``game``, if it has one."""
    if property is None:
        return None
    return RuleSet.objects.filter(property=property, game=game, is_default=True).first()


def rules_for(property: Property | None, game: str) -> HouseRules:
    """The rules a property plays ``game`` by: its default rule set, else the RULES.md defaults.

    Raises :class:`games.errors.RuleSetError` when the stored values no longer validate.
    """
    from drills.rule_versions.services import apply_due_versions  # (it reads this module)

    rule_set = default_rule_set(property, game)
    if rule_set is None:
        return default_rules(game)
    apply_due_versions(rule_set)  # a signed-off version whose date has come is in force: one query
    return rule_set.as_rules()


def visible_rule_sets(user: User) -> QuerySet[RuleSet]:
    """Rule sets a user may read (``drills.access``)."""
    return access.visible_rule_sets(user)


def usable_rule_set(user: User | None, slug: str) -> RuleSet | None:
    """The rule set ``slug`` names, if ``user`` may rule under it (``None``: any, the CLI).

    A non-superuser may only name a rule set of their own property.
    """
    return access.usable_rule_sets(user).filter(slug=slug).first()


@dataclass(frozen=True)
class GameRules:
    """One game as a property plays it: its display name and the rule set in force."""

    slug: str
    name: str
    rule_set: RuleSet | None


def games_of(property: Property | None, defaults: dict[str, RuleSet] | None = None) -> list[GameRules]:
    """Every game with the property's default rule set (``None``: the RULES.md defaults), due
    versions applied; ``defaults``: those rule sets by game when the caller has read them
    already (``drills.progress.selectors.catalogue`` applies their due versions)."""
    from drills.rule_versions.services import apply_due_to

    if defaults is None:
        defaults = {}
        if property is not None:
            defaults = {rs.game: rs for rs in RuleSet.objects.filter(property=property, is_default=True)}
            apply_due_to(defaults.values())
    return [GameRules(slug, name, defaults.get(slug)) for slug, (name, _path) in GAMES.items()]


def teams_of_member(user: User) -> QuerySet[Team]:
    """The teams that list the user (``drills.access.teams_of``)."""
    return access.teams_of(user).select_related("property").prefetch_related("supervisors")


def teams_supervised_by(user: User) -> list[Team]:
    """The supervisor's teams (of their property: ``drills.access``), each with its
    ``listed_members`` by last name."""
    return access.with_listed_members(access.visible_teams(user))


def teams_of_staff(user: User) -> QuerySet[Team]:
    """The teams a staff member oversees (their property's; all for a superuser), each with
    its ``member_count`` (``drills.access.with_member_counts``)."""
    return access.with_member_counts(access.visible_teams(user)).prefetch_related("supervisors")


def property_with_policies(property_id: int | None) -> Property | None:
    """The property with its training and learning policies (one query): the pages that need
    both read them once per request."""
    if property_id is None:
        return None
    return Property.objects.select_related("training_policy", "learning_policy").filter(pk=property_id).first()
