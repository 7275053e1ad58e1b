"""``{{ record|ran_under }}``: "House rules: <name>, version N (effective <date>)" for a drill
scenario, dealt round or exam sitting; ``ran_under_short`` for a table cell."""

from __future__ import annotations

from django import template

from drills.rule_versions.presenters import ran_under, ran_under_short

register = template.Library()
register.filter("ran_under", ran_under)
register.filter("ran_under_short", ran_under_short)
