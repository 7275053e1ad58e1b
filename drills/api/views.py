"""API views: thin; reads come from ``drills.selectors``, rulings from ``drills.rulings.door``."""

from __future__ import annotations

from typing import Any

from django.http.request import RawPostDataException
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import BaseParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills.api import procedure_docs
from drills.api.errors import error_payload
from drills.api.permissions import IsSupervisorOrStaff
from drills.api.serializers import ErrorsSerializer, MeSerializer, RulingSerializer
from drills.models import User
from drills.rulings import door
from games.registry import GAMES


def _user(request: Request) -> User:
    """The signed-in user (the view's permission class has made sure there is one)."""
    user = request.user
    assert isinstance(user, User)
    return user


ERRORS = OpenApiResponse(ErrorsSerializer, description='{"errors": {"<field>": ["<what is wrong>"]}}')


class ObtainTokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (send it as ``Authorization: Token <key>``)."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 400: ERRORS}, tags=["auth"])
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)


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
