"""API tokens: issued on sign-in, expire after ``API_TOKEN_TTL_HOURS``, revoked by their
owner (``DELETE /api/v1/auth/token/``) and whenever the owner's password changes."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from drills.models import User


def token_lifetime() -> timedelta:
    return timedelta(hours=settings.API_TOKEN_TTL_HOURS)


def expires_at(token: Token) -> datetime:
    created: datetime = token.created
    return created + token_lifetime()


def is_expired(token: Token, now: datetime | None = None) -> bool:
    return (now or timezone.now()) >= expires_at(token)


def issue_token(user: User) -> Token:
    """The user's current token, or a new one when they have none or theirs has expired.
    (``get_or_create`` settles two simultaneous first sign-ins on one token.)"""
    token, created = Token.objects.get_or_create(user=user)
    if created or not is_expired(token):
        return token
    with transaction.atomic():
        Token.objects.filter(pk=token.pk).delete()
        fresh, _ = Token.objects.get_or_create(user=user)
    return fresh


def revoke_tokens(user_id: int) -> int:
    """Delete the user's API tokens; the number deleted."""
    deleted, _ = Token.objects.filter(user_id=user_id).delete()
    return deleted
