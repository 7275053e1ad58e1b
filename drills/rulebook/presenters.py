"""A rule's house values at the viewer's property, as people read them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from drills import selectors
from drills.models import Property
from drills.rule_versions.selectors import shown_value
from games.errors import RuleSetError
from games.house_rules import HouseRules
from games.registry import default_rules, game_name
from games.rulebook import Rule


@dataclass(frozen=True)
class HouseValue:
    """One setting of the rule at the property: ``value`` in force, ``default`` RULES.md's;
    ``problem`` when the stored rule set no longer validates (then no value is shown)."""

    game: str
    rule_set: str
    label: str
    value: str
    default: str
    problem: str = ""


def house_values(rule: Rule, property: Property | None) -> list[HouseValue]:
    """The settings that set ``rule`` in the property's rule set of each game they belong to
    (its default rule set, due versions applied; no rule set: the RULES.md defaults)."""
    found: list[HouseValue] = []
    in_force: dict[str, HouseRules | RuleSetError] = {}
    for ref in rule.settings:
        if ref.game not in in_force:
            try:
                in_force[ref.game] = selectors.rules_for(property, ref.game)
            except RuleSetError as error:
                in_force[ref.game] = error
        rules = in_force[ref.game]
        rule_set = selectors.default_rule_set(property, ref.game)
        name = rule_set.name if rule_set is not None else gettext("the RULES.md defaults")
        default = shown_value(ref.setting, getattr(default_rules(ref.game), ref.setting))
        if isinstance(rules, RuleSetError):
            found.append(HouseValue(game_name(ref.game), name, ref.label, "", default, str(rules)))
        else:
            found.append(
                HouseValue(
                    game_name(ref.game), name, ref.label, shown_value(ref.setting, getattr(rules, ref.setting)), default
                )
            )
    return found
