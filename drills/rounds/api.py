"""Rounds API under ``/api/v1/rounds/``: start a round, see it, act on it, replay it.

Errors keep the API's shape ``{"errors": {"<field>": ["<message>"]}}``: a tap that is not an
action names its field (400); a stale tap (another tab, the back button) is a 409 under
``seen`` with the table as it is now; a tap on a finished round is a 409 under ``round``.
A refused action is not an error: it is a 200 whose ``accepted`` is false, with the rule,
the mistake and the right action.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills.api.errors import error_payload
from drills.api.serializers import ErrorsSerializer
from drills.api.views import ERRORS
from drills.language import translate
from drills.rounds import presenters, replays, selectors, services
from drills.rounds.models import DealtRound
from drills.rounds.tables.base import Focus, Level, TapError
from drills.rounds.tables.registry import UnknownTableError, choices, table_for
from games.errors import GameError


class RoundStartSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=[choice.slug for choice in choices()])
    # A plain string checked by hand: as a choice field its enum would clash in the schema
    # with the drills' identical difficulty choices under another name.
    level = serializers.CharField(default=Level.NORMAL.value, help_text="easy, normal or hard")
    focus = serializers.ChoiceField(choices=[f.value for f in Focus], default=Focus.ROUND.value)

    def validate_level(self, value: str) -> str:
        if value not in {lv.value for lv in Level}:
            raise serializers.ValidationError("choose easy, normal or hard")
        return value


class AsciiInteger(serializers.IntegerField):
    """A whole number as a JSON integer or a string of ASCII digits: ``int()`` would take
    other scripts' digits (``"٣"``) and ``1e30`` silently."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not (
            isinstance(data, int) or (isinstance(data, str) and data.isascii() and data.strip().isdigit())
        ):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class RoundTapSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(max_length=64, help_text="a fresh idempotency key per tap (8–64 of A-Z a-z 0-9 - _)")
    seen = AsciiInteger(min_value=0, help_text="the table step the tap was made on (`seen` of the round)")
    verb = serializers.CharField(max_length=30, help_text="one of the round's `controls`")
    place = serializers.CharField(max_length=30, required=False, help_text='a spot key: "box-2", "dealer"')
    chips = serializers.DictField(
        child=AsciiInteger(min_value=0, max_value=200), required=False,
        help_text='a chip stack, denomination → count: {"25": 2, "5": 1}',
    )
    number = AsciiInteger(min_value=0, max_value=999, required=False, help_text="an announced total")
    choice = serializers.CharField(
        max_length=40, required=False, help_text="which bet: main, insurance, pair-bonus, super-match"
    )
    flags = serializers.ListField(child=serializers.CharField(max_length=20), max_length=4, required=False,
                                  help_text='yes/no parts of a call: ["blackjack"]')


_ROUND = inline_serializer("DealtRoundObject", fields={"id": serializers.CharField()})
_TAP = inline_serializer(
    "RoundTapResult",
    fields={"accepted": serializers.BooleanField(), "repeated": serializers.BooleanField(), "round": _ROUND},
)


def _own(request: Request, public_id: str) -> DealtRound:
    stored = selectors.own_round(request.user, public_id)  # type: ignore[arg-type]
    if stored is None:
        raise NotFound("no such round")
    return stored


class TableList(APIView):
    @extend_schema(summary="Games dealt at a table", responses={200: OpenApiResponse(description="games"), 401: ERRORS})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {"game": c.slug, "name": c.name, "available": c.table is not None, "unavailable_reason": c.unavailable,
                 "levels": [lv.value for lv in Level], "focuses": [f.value for f in Focus]}
                for c in choices()
            ]
        )


class RoundCreate(APIView):
    @extend_schema(summary="Start a round", request=RoundStartSerializer,
                   responses={201: _ROUND, 400: ERRORS, 401: ERRORS, 413: ERRORS})
    def post(self, request: Request) -> Response:
        serializer = RoundStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            stored = services.start_round(
                request.user, data["game"], Level(data["level"]), Focus(data["focus"])  # type: ignore[arg-type]
            )
        except (UnknownTableError, GameError) as error:
            raise ValidationError({"game": [str(error)]}) from None
        return Response(presenters.round_json(stored), status=status.HTTP_201_CREATED)


class RoundDetail(APIView):
    @extend_schema(summary="A round I deal", responses={200: _ROUND, 401: ERRORS, 404: ERRORS})
    def get(self, request: Request, public_id: str) -> Response:
        return Response(presenters.round_json(_own(request, public_id)))


class RoundAct(APIView):
    @extend_schema(
        summary="Act on a round (one tap)",
        request=RoundTapSerializer,
        responses={
            200: _TAP,
            400: OpenApiResponse(ErrorsSerializer, description="not an action"),
            401: ERRORS,
            404: ERRORS,
            413: ERRORS,
            409: OpenApiResponse(description="stale or over"),
        },
    )
    def post(self, request: Request, public_id: str) -> Response:
        serializer = RoundTapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            key, seen = presenters.parse_key(data.get("key")), presenters.parse_seen(data.get("seen"))
            outcome = services.act_for(
                request.user, public_id, presenters.tap_maker(data), key, seen  # type: ignore[arg-type]
            )
        except services.NoSuchRound:
            raise NotFound("no such round") from None
        except TapError as error:
            raise ValidationError({error.field: [error.words(translate)]}) from None
        except (services.StaleTable, services.RoundClosed) as error:
            stored = _own(request, public_id)
            field = "seen" if isinstance(error, services.StaleTable) else "round"
            said = error.words(translate) if isinstance(error, services.StaleTable) else gettext(str(error))
            body = error_payload({field: [said]}) | {"round": presenters.round_json(stored)}
            return Response(body, status=status.HTTP_409_CONFLICT)
        table = table_for(outcome.round.game)
        return Response(
            {
                "accepted": outcome.step.right,
                "repeated": outcome.repeated,
                "step": presenters.step_json(outcome.step, table),
                "round": presenters.round_json(outcome.round, outcome.state),
            }
        )


class RoundReplay(APIView):
    @extend_schema(
        summary="Replay a round beside the correct procedure",
        description="The round's own dealer may replay it once it is finished (an exam's round once the "
                    "sitting's review shows the answers): before that, a 403 under `round`.",
        responses={200: _ROUND, 401: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, public_id: str) -> Response:
        user = request.user
        stored = selectors.visible_round(user, public_id)  # type: ignore[arg-type]
        if stored is None:
            raise NotFound("no such round")
        withheld = selectors.replay_withheld(user, stored)  # type: ignore[arg-type]
        if withheld is not None:
            return Response(error_payload({"round": [withheld]}), status=status.HTTP_403_FORBIDDEN)
        return Response(replays.replay_json(replays.replay_of(stored, for_dealer=stored.user_id == user.pk)))
