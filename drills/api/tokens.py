"""Token authentication whose tokens expire (``API_TOKEN_TTL_HOURS`` after issue)."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from drills.services.tokens import is_expired

EXPIRED_MESSAGE = "The token has expired: ask for a new one with POST /api/v1/auth/token/."


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing (401) a token past its lifetime. The expired token
    stays until its owner asks for a new one (which replaces it), so every later use of it
    gets the same clear message rather than "invalid token"."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if is_expired(token):
            raise exceptions.AuthenticationFailed(EXPIRED_MESSAGE)
        return user, token
