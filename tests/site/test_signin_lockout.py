"""Brute-force protection: an account is locked after ``AXES_FAILURE_LIMIT`` failed sign-ins,
on every door (sign-in page, admin sign-in, API token), per account whatever the address,
refused before the password is hashed, and unlocked by staff in the admin."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from django.utils import timezone

from drills.models import Role, User
from drills.signin import lockout_message
from tests.personas import PASSWORD, make_user

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT


class CountingHasher(MD5PasswordHasher):
    """The test hasher, counting every password it hashes or checks."""

    algorithm = "counting_md5"
    calls = 0

    def encode(self, password: str, salt: str, *args: Any, **kwargs: Any) -> str:
        CountingHasher.calls += 1
        return super().encode(password, salt, *args, **kwargs).replace("md5$", "counting_md5$", 1)

    def verify(self, password: str, encoded: str) -> bool:
        algorithm, _, rest = encoded.partition("$")
        assert algorithm == self.algorithm
        return super().verify(password, f"md5${rest}")


@pytest.fixture
def counting_hasher(settings: Any) -> type[CountingHasher]:
    settings.PASSWORD_HASHERS = ["tests.site.test_signin_lockout.CountingHasher"]
    CountingHasher.calls = 0
    return CountingHasher


def sign_in_page(password: str, username: str = "trainee", address: str = "10.0.0.1") -> Any:
    return Client(REMOTE_ADDR=address).post("/login/", {"username": username, "password": password})


def admin_sign_in(password: str, username: str = "staff", address: str = "10.0.0.1") -> Any:
    return Client(REMOTE_ADDR=address).post(
        "/admin/login/?next=/admin/", {"username": username, "password": password, "next": "/admin/"}
    )


def api_token(password: str, username: str = "trainee", address: str = "10.0.0.1") -> Any:
    return Client(REMOTE_ADDR=address).post(
        "/api/v1/auth/token/", {"username": username, "password": password}, content_type="application/json"
    )


def signed_in(response: Any) -> bool:
    if response.wsgi_request.path.startswith("/api/"):
        return response.status_code == 200 and "token" in response.json()
    return response.status_code == 302 and response.wsgi_request.user.is_authenticated


Door = Callable[..., Any]
DOORS: dict[str, tuple[Door, str]] = {
    "sign-in page": (sign_in_page, "trainee"),
    "admin sign-in": (admin_sign_in, "staff"),
    "API token": (api_token, "trainee"),
}


@pytest.fixture
def people(trainee: User, staff: User) -> None:
    """The trainee and the staff member of the site personas (password ``PASSWORD``)."""


@pytest.mark.parametrize("door", DOORS)
def test_the_right_password_is_refused_after_the_limit(people: None, door: str) -> None:
    attempt, username = DOORS[door]
    for _ in range(LIMIT):
        assert not signed_in(attempt("wrong", username))
    refused = attempt(PASSWORD, username)
    assert refused.status_code == 429
    assert not signed_in(refused)
    if door == "API token":
        assert refused.json() == {"errors": {"detail": [lockout_message()]}}
    else:
        assert lockout_message() in refused.content.decode()


@pytest.mark.parametrize("door", DOORS)
def test_one_failure_short_of_the_limit_still_signs_in_and_clears_the_count(people: None, door: str) -> None:
    attempt, username = DOORS[door]
    for _ in range(LIMIT - 1):
        attempt("wrong", username)
    assert signed_in(attempt(PASSWORD, username))
    for _ in range(LIMIT - 1):  # the success reset the count
        attempt("wrong", username)
    assert signed_in(attempt(PASSWORD, username))


def test_the_lock_is_per_account_not_per_address(people: None) -> None:
    """A training room shares one address; an attacker may rotate addresses."""
    for index in range(LIMIT):
        sign_in_page("wrong", address=f"10.1.0.{index}")
    assert sign_in_page(PASSWORD, address="192.168.7.7").status_code == 429
    other_agent = Client(REMOTE_ADDR="192.168.7.8", HTTP_USER_AGENT="another browser")
    assert other_agent.post("/login/", {"username": "trainee", "password": PASSWORD}).status_code == 429
    # Another account from the locked account's address is not locked.
    assert signed_in(admin_sign_in(PASSWORD, "staff", address="10.1.0.0"))


def test_failures_on_one_door_count_on_the_others(people: None) -> None:
    for index in range(LIMIT):
        (sign_in_page, api_token)[index % 2]("wrong")
    assert api_token(PASSWORD).status_code == 429
    assert sign_in_page(PASSWORD).status_code == 429


def test_a_locked_account_is_refused_before_the_password_is_hashed(
    people: None, counting_hasher: type[CountingHasher]
) -> None:
    User.objects.filter(username="trainee").update(password=make_counting(PASSWORD))
    for _ in range(LIMIT):
        sign_in_page("wrong")
    assert counting_hasher.calls >= LIMIT  # the failures before the lock were checked
    counting_hasher.calls = 0
    for door in (sign_in_page, api_token):
        assert door(PASSWORD).status_code == 429
        assert door("wrong").status_code == 429
    assert counting_hasher.calls == 0


def make_counting(password: str) -> str:
    return CountingHasher().encode(password, CountingHasher().salt())


def test_the_lock_ends_after_the_lockout_time(people: None) -> None:
    for _ in range(LIMIT):
        sign_in_page("wrong")
    assert sign_in_page(PASSWORD).status_code == 429
    assert settings.AXES_COOLOFF_TIME is not None
    later = timezone.now() + settings.AXES_COOLOFF_TIME + dt.timedelta(seconds=1)
    with time_machine.travel(later, tick=False):
        assert signed_in(sign_in_page(PASSWORD))


def test_the_message_says_what_happened_and_who_unlocks(settings: Any) -> None:
    assert lockout_message() == (
        "This account is locked after too many failed sign-in attempts. "
        "Try again in 30 minutes, or ask your training staff to unlock it sooner."
    )
    settings.AXES_COOLOFF_TIME = None
    assert lockout_message() == (
        "This account is locked after too many failed sign-in attempts. Ask your training staff to unlock it."
    )


def test_staff_see_the_lock_and_unlock_in_the_admin(people: None, staff: User, client_for: Any) -> None:
    for _ in range(LIMIT):
        sign_in_page("wrong")
    admin = client_for("staff")
    listing = admin.get("/admin/drills/user/")
    assert listing.status_code == 200
    row = next(line for line in listing.content.decode().split("<tr") if ">trainee<" in line)
    assert 'alt="True"' in row.split("field-sign_in_locked")[1].split("</td>")[0]
    trainee_id = User.objects.get(username="trainee").pk
    done = admin.post(
        "/admin/drills/user/", {"action": "unlock_sign_in", "_selected_action": [trainee_id]}, follow=True
    )
    assert "1 locked account(s) unlocked." in done.content.decode()
    assert signed_in(sign_in_page(PASSWORD))


def test_staff_cannot_unlock_another_casinos_people(people: None, client_for: Any, other_casino: Any) -> None:
    make_user("olga", Role.TRAINEE, other_casino)
    for _ in range(LIMIT):
        sign_in_page("wrong", username="olga")
    olga = User.objects.get(username="olga")
    client_for("staff").post("/admin/drills/user/", {"action": "unlock_sign_in", "_selected_action": [olga.pk]})
    assert sign_in_page(PASSWORD, username="olga").status_code == 429
