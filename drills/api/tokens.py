"""Token authentication whose tokens expire (``API_TOKEN_TTL_HOURS`` after issue)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from drills.services.tokens import is_expired

if TYPE_CHECKING:
    from drills.practice.selectors import TokenRead

EXPIRED_MESSAGE = "The token has expired: ask for a new one with POST /api/v1/auth/token/."


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing (401) a token past its lifetime. The expired token
    stays until its owner asks for a new one (which replaces it), so every later use of it
    gets the same clear message rather than "invalid token".

    A view whose ``token_reads_scenario`` is true (the drill answer endpoint) has the token,
    its user and the trainee's scenario named by the URL's ``public_id`` read in one statement
    (``drills.practice.selectors.token_with_scenario``: one round trip less on the path
    trainees wait on, issue 17); ``request.auth`` is then that read (a ``TokenRead``). The
    checks, their order and their 401s are the same either way."""

    scenario_id: Any = None

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        context = getattr(request, "parser_context", None) or {}
        reads_scenario = getattr(context.get("view"), "token_reads_scenario", False)
        self.scenario_id = context.get("kwargs", {}).get("public_id") if reads_scenario else None
        return super().authenticate(request)

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        auth: Any
        if self.scenario_id is None:
            user, token = super().authenticate_credentials(key)
            auth = token
        else:
            auth = self._with_scenario(key, self.scenario_id)
            token, user = auth.token, auth.token.user
        if is_expired(token):
            raise exceptions.AuthenticationFailed(EXPIRED_MESSAGE)
        return user, auth

    def _with_scenario(self, key: str, public_id: Any) -> TokenRead:
        """DRF's two checks on the one read (``TokenRead``) of the token, its user and the scenario."""
        from drills.practice.selectors import token_with_scenario  # the drills app, loaded by now

        read = token_with_scenario(key, public_id)
        if read is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))  # DRF's words (and translation)
        if not read.token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return read
