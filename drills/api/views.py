"""API views: thin; reads come from ``drills.selectors``, rulings from ``drills.rulings.door``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.http.request import RawPostDataException
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills.api import procedure_docs
from drills.api.errors import error_payload
from drills.api.parsers import JSONBodyParser
from drills.api.permissions import IsSupervisorOrStaff
from drills.api.serializers import ErrorsSerializer, MeSerializer, RulingSerializer, TokenSerializer
from drills.models import User
from drills.rulings import door
from drills.services.tokens import expires_at, issue_token, revoke_tokens
from games.registry import GAMES


def _user(request: Request) -> User:
    """The signed-in user (the view's permission class has made sure there is one)."""
    user = request.user
    assert isinstance(user, User)
    return user


ERRORS = OpenApiResponse(ErrorsSerializer, description='{"errors": {"<field>": ["<what is wrong>"]}}')


class ObtainTokenView(ObtainAuthToken):
    """``POST``: exchange a username and password for an API token (send it as
    ``Authorization: Token <key>``); it expires ``API_TOKEN_TTL_HOURS`` after it was issued
    and is revoked when the password changes. ``DELETE``: revoke your own token."""

    parser_classes = [JSONBodyParser, FormParser, MultiPartParser]  # the site's bounded JSON, not DRF's

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "DELETE" else []

    def get_serializer_context(self) -> dict[str, Any]:
        # The sign-in lockout (django-axes) reads and flags the Django request: hand the
        # serializer's ``authenticate(request=...)`` that one, not DRF's wrapper.
        return {**super().get_serializer_context(), "request": self.request._request}

    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: TokenSerializer,
            400: ERRORS,
            401: OpenApiResponse(ErrorsSerializer, description="An Authorization header was sent with a bad token."),
            429: OpenApiResponse(ErrorsSerializer, description="The account is locked (too many failed sign-ins)."),
        },
        tags=["auth"],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        # A sign-in like the others: clears the failed-attempt count, records last_login.
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        token = issue_token(user)
        return Response(TokenSerializer({"token": token.key, "expires_at": expires_at(token)}).data)

    @extend_schema(
        operation_id="auth_token_revoke",
        summary="Revoke your API token",
        request=None,
        responses={204: None, 401: ERRORS},
        tags=["auth"],
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        revoke_tokens(_user(request).pk)
        return Response(status=204)


class MeView(APIView):
    """Who am I: the requesting user's role, property and teams."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MeSerializer, 401: ERRORS}, tags=["auth"])
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(_user(request)).data)


class UnparsedBodyParser(BaseParser):
    """Leaves the body alone, whatever its content type: the rulings door decodes it itself
    (numbers as Decimal, invalid JSON a 400 naming ``body``), and DRF's JSON parser must
    not get there first (session authentication's CSRF check reads ``request.POST``)."""

    media_type = "*/*"

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> dict[str, Any]:
        return {}


class RulingView(APIView):
    """The rulings door (RULINGS.md): a table situation in, the engine's ruling out.

    Answers under the requesting user's property's rule set for the game, or under the
    rule set named by ``"rules": "<slug>"`` in the body (one of the user's property).
    Supervisors and staff only.
    """

    permission_classes = [IsSupervisorOrStaff]
    parser_classes = [UnparsedBodyParser]

    @extend_schema(
        operation_id="rulings_ask",
        summary="Ask for a ruling",
        description=procedure_docs.description(),
        parameters=[
            OpenApiParameter("game", str, OpenApiParameter.PATH, enum=list(GAMES), description="The game's slug."),
            OpenApiParameter("question", str, OpenApiParameter.PATH, description="The question (RULINGS.md)."),
        ],
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            200: RulingSerializer,
            400: ERRORS,
            401: ERRORS,
            403: ERRORS,
            404: OpenApiResponse(ErrorsSerializer, description="Unknown game or question."),
            413: ERRORS,
        },
        examples=[
            OpenApiExample("A request body", value={"cards": ["AS", "KH"]}, request_only=True),
            *procedure_docs.examples(),
            OpenApiExample(
                "procedure: an answer",
                value={
                    "answer": {
                        "steps": [{"step": 1, "action": "turn", "right": True, "rules": ["OU-P5", "OU-6"]}],
                        "deviation": {
                            "step": 3, "action": "pay box=1 bet=main amount=20.00",
                            "due": "collect box=2 bet=main amount=20.00", "rule": "OU-P6",
                            "mistake": "started-settlement-at-wrong-box", "details": {"box": "2", "given": "1"},
                        },
                        "complete": False,
                        "next": None,
                        "settlement": [{"box": 1, "ante_win": "20.00", "bonus_win": "0.00", "net": "20.00",
                                        "outcome": "over"}],
                        "correct_actions": ["deal-up card=9S", "…"],
                    },
                    "rules": ["OU-P5", "OU-6", "OU-P6"],
                    "explanation": "Step 3: Started the settlement at the wrong position: …",
                },
                response_only=True,
            ),
        ],
        tags=["rulings"],
    )
    def post(self, request: Request, game: str, question: str) -> Response:
        try:
            raw = request.body
        except RawPostDataException:
            return Response(error_payload({"body": ["could not be read: send it as JSON"]}), status=400)
        result = door.rule(game, question, raw, user=_user(request))
        return Response(result.payload, status=result.status)


@extend_schema(exclude=True)
class RulingSlashView(RulingView):
    """The same door with a trailing slash (the contract has none; both are accepted)."""
