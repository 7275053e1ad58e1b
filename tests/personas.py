"""People for tests: one way to make a user of a role at a casino, with a known password."""

from __future__ import annotations

from drills.models import Property, Role, User

PASSWORD = "a-test-password-1"


def make_user(username: str, role: Role, casino: Property | None, **extra: object) -> User:
    """A saved user; first name from the username unless ``extra`` gives one."""
    fields: dict[str, object] = {"first_name": username.title(), **extra}
    user = User(username=username, role=role, property=casino, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user
