"""The site navigation, as data: who sees which link.

A link shows only when its URL exists: a page added later (the trainees' drills and
history) appears in the menu as soon as its URL name resolves, and nobody is ever shown a
link to a page that does not exist yet. To add a page to the menu, add a line to ``NAV``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from drills.models import Role, User

STAFF = "staff"
"""Staff of a property and superusers (``User.is_property_staff``)."""


@dataclass(frozen=True)
class NavItem:
    label: str
    url_name: str
    audiences: frozenset[str]


@dataclass(frozen=True)
class NavLink:
    label: str
    url: str
    active: bool


def _items(*rows: tuple[str, str, Iterable[str]]) -> tuple[NavItem, ...]:
    return tuple(NavItem(label, url_name, frozenset(audiences)) for label, url_name, audiences in rows)


NAV = _items(
    ("Home", "home", [Role.TRAINEE, STAFF]),
    ("Drills", "drills:list", [Role.TRAINEE]),
    ("Deal a round", "rounds:picker", [Role.TRAINEE]),
    ("History", "drills:history", [Role.TRAINEE]),
    ("Progress", "progress:mine", [Role.TRAINEE]),
    ("Exams", "exams:list", [Role.TRAINEE]),
    ("Team dashboard", "progress:teams", [Role.SUPERVISOR, STAFF]),
    ("Item statistics", "progress:items", [Role.SUPERVISOR, STAFF]),
    ("Dealt rounds", "rounds:picker", [Role.SUPERVISOR, STAFF]),
    ("Exam results", "exams:results", [Role.SUPERVISOR, STAFF]),
    ("Assignments", "learning:assignments", [Role.SUPERVISOR, STAFF]),
    ("Certificates", "learning:certificates", [Role.SUPERVISOR, STAFF]),
    ("Rule sets", "rule-sets", [STAFF]),
    ("House rules", "house-rules:list", [STAFF]),
    ("Sign-offs", "rule_versions:pending", [STAFF]),
    ("Exam blueprints", "exams:blueprints", [STAFF]),
    ("Admin", "admin:index", [STAFF]),
)


def audience(user: User) -> str:
    """Which menu a user gets: ``staff`` (property staff, superusers), else their role."""
    return STAFF if user.is_property_staff else str(user.role)


def url_if_exists(url_name: str) -> str | None:
    try:
        return reverse(url_name)
    except NoReverseMatch:
        return None


def nav_for(user: User, path: str = "") -> list[NavLink]:
    """The links ``user`` sees, in order; ``active`` marks the one for ``path``."""
    if not user.is_authenticated:
        return []
    links = []
    kind = audience(user)
    for item in NAV:
        url = url_if_exists(item.url_name) if kind in item.audiences else None
        if url is not None:
            active = path == url if url == "/" else path.startswith(url)
            links.append(NavLink(item.label, url, active))
    return links
