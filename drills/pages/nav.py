"""The site navigation, as data: who sees which link.

A link shows only when its URL exists: a page added later (the trainees' drills and
history) appears in the menu as soon as its URL name resolves, and nobody is ever shown a
link to a page that does not exist yet. To add a page to the menu, add a line to ``NAV``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, gettext_noop

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
    (gettext_noop("Home"), "home", [Role.TRAINEE, STAFF]),
    (gettext_noop("Drills"), "drills:list", [Role.TRAINEE]),
    (gettext_noop("Deal a round"), "rounds:picker", [Role.TRAINEE]),
    (gettext_noop("History"), "drills:history", [Role.TRAINEE]),
    (gettext_noop("Progress"), "progress:mine", [Role.TRAINEE]),
    (gettext_noop("Exams"), "exams:list", [Role.TRAINEE]),
    (gettext_noop("Team dashboard"), "progress:teams", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Item statistics"), "progress:items", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Dealt rounds"), "rounds:picker", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Exam results"), "exams:results", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Assignments"), "learning:assignments", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Certificates"), "learning:certificates", [Role.SUPERVISOR, STAFF]),
    (gettext_noop("Rule sets"), "rule-sets", [STAFF]),
    (gettext_noop("House rules"), "house-rules:list", [STAFF]),
    (gettext_noop("Sign-offs"), "rule_versions:pending", [STAFF]),
    (gettext_noop("Exam blueprints"), "exams:blueprints", [STAFF]),
    (gettext_noop("Admin"), "admin:index", [STAFF]),
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
            links.append(NavLink(gettext(item.label), url, active))
    return links
