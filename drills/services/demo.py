"""Demo data: one casino, its people and a rule set per game. Idempotent.

The passwords are fixed and public: demo data is for a developer's machine or a
throw-away demonstration, never for a site with real users.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from drills.models import Property, Role, RuleSet, Team, User
from games.house_rules import PayTable
from games.registry import GAMES, rules_class

PROPERTY_NAME = "Demo Casino"
PROPERTY_SLUG = "demo"
TEAM_NAME = "Day shift"


@dataclass(frozen=True)
class DemoUser:
    username: str
    password: str
    first_name: str
    last_name: str
    role: Role
    superuser: bool = False


DEMO_USERS = (
    DemoUser("admin", "demo-admin", "Ada", "Admin", Role.STAFF, superuser=True),
    DemoUser("staff", "demo-staff", "Sam", "Staff", Role.STAFF),
    DemoUser("supervisor", "demo-supervisor", "Pat", "Pitboss", Role.SUPERVISOR),
    DemoUser("trainee1", "demo-trainee", "Alex", "Rivera", Role.TRAINEE),
    DemoUser("trainee2", "demo-trainee", "Bea", "Nguyen", Role.TRAINEE),
    DemoUser("trainee3", "demo-trainee", "Chris", "Okafor", Role.TRAINEE),
    DemoUser("trainee4", "demo-trainee", "Dana", "Kowalski", Role.TRAINEE),
    DemoUser("trainee5", "demo-trainee", "Eli", "Moreau", Role.TRAINEE),
)


@dataclass(frozen=True)
class DemoReport:
    users: tuple[DemoUser, ...]
    rule_sets: tuple[RuleSet, ...]
    skipped_games: tuple[str, ...]
    """Games whose engine (rules class) is not installed yet: no rule set for them."""
    versions: tuple[str, ...] = ()
    """The version history made for the demo, in words."""


def example_bonus_pay_table() -> PayTable | None:
    """Over/Under 26's EXAMPLE Bonus pay table, once its engine exports one (RULES.md OU-10)."""
    try:
        module = importlib.import_module("games.over_under_26.rules")
    except ImportError:
        return None
    table = getattr(module, "EXAMPLE_BONUS_PAY_TABLE", None)
    return table if isinstance(table, PayTable) else None


def _engine_installed(game: str) -> bool:
    try:
        rules_class(game)
    except ImportError:
        return False
    return True


def _rule_set(property: Property, slug: str, **fields: object) -> RuleSet:
    """Create the demo rule set (its version 1 comes with it: ``drills.rule_versions``), or
    reset its other fields; the values of an existing one change only through versions."""
    rule_set = RuleSet.objects.filter(slug=slug).first() or RuleSet(slug=slug)
    rule_set.property = property
    if rule_set.pk is not None:
        fields.pop("values", None)
    for name, value in fields.items():
        setattr(rule_set, name, value)
    rule_set.full_clean()
    rule_set.save()
    return rule_set


@transaction.atomic
def load_demo() -> DemoReport:
    """Create or reset the demo casino; running it again changes nothing further."""
    property, _ = Property.objects.update_or_create(slug=PROPERTY_SLUG, defaults={"name": PROPERTY_NAME})
    users = {}
    for demo in DEMO_USERS:
        user = User.objects.filter(username=demo.username).first() or User(username=demo.username)
        user.first_name, user.last_name = demo.first_name, demo.last_name
        user.role, user.property, user.is_superuser, user.is_active = demo.role, property, demo.superuser, True
        user.set_password(demo.password)
        user.save()
        users[demo.username] = user
    team, _ = Team.objects.get_or_create(property=property, name=TEAM_NAME)
    team.supervisors.set([users["supervisor"]])
    team.members.set([user for user in users.values() if user.role == Role.TRAINEE])

    exam = _demo_exam(property, users)

    rule_sets = []
    skipped = []
    for game in GAMES:
        if not _engine_installed(game):
            skipped.append(game)
            continue
        rule_sets.append(
            _rule_set(
                property,
                f"{PROPERTY_SLUG}-{game}",
                game=game,
                name=f"{PROPERTY_NAME} standard rules",
                values={},
                is_default=True,
                notes="The RULES.md defaults; changed only through versions (House rules, Sign-offs).",
            )
        )
    table = example_bonus_pay_table()
    if table is not None:
        rule_sets.append(
            _rule_set(
                property,
                f"{PROPERTY_SLUG}-over-under-26-example-bonus",
                game="over-under-26",
                name="EXAMPLE Bonus pay table (made up for the demo, not the seed's)",
                values={"bonus_pay_table": table.to_mapping()},
                is_default=False,
                notes=(
                    "An example Bonus pay table made up for this project (RULES.md OU-10: the seed's table is "
                    "missing). Never present it as the house rules of the game."
                ),
            )
        )
    # Issue 15: a few weeks of answers, sittings and assignments (once), after the rule sets.
    from drills.learning.demo import load_history

    load_history(team, users, exam)
    # Issue 16: a change in force with its what-changed assignment, one waiting for sign-off.
    from drills.rule_versions.demo import load_versions

    defaults = {rule_set.game: rule_set for rule_set in rule_sets if rule_set.is_default}
    versions = load_versions(defaults, users)
    return DemoReport(DEMO_USERS, tuple(RuleSet.objects.get(pk=rs.pk) for rs in rule_sets), tuple(skipped),
                      tuple(versions))


DEMO_EXAM_TITLE = "Blackjack dealer certification (demo)"


def _demo_exam(property: Property, users: dict[str, User]) -> Any:
    """A short Blackjack exam, so the demo shows a sitting end to end (made once)."""
    from drills.exams.models import Blueprint, BlueprintSection, BlueprintVersion

    blueprint, created = Blueprint.objects.get_or_create(
        property=property,
        title=DEMO_EXAM_TITLE,
        defaults={"game": "blackjack", "description": "Payouts, dealer play and settling a box: 9 items, 15 minutes."},
    )
    if not created or blueprint.versions.exists():
        return blueprint
    staff = next((user for user in users.values() if user.role == Role.STAFF), None)
    version = BlueprintVersion.objects.create(
        blueprint=blueprint, number=1, created_by=staff, time_limit_minutes=15, pass_percent=80, retake_wait_hours=0
    )
    for position, (title, kind, difficulty, count) in enumerate(
        [
            ("Payouts", "bj-payout", "normal", 3),
            ("Dealer hit or stand", "bj-dealer-action", "normal", 3),
            ("Settle a box", "bj-settle-box", "hard", 3),
        ],
        start=1,
    ):
        BlueprintSection.objects.create(
            version=version, position=position, title=title, kind=kind, difficulty=difficulty, count=count
        )
    return blueprint
