"""Exams API under ``/api/v1/exams/``: list, start, sitting detail, autosave, submit, result.

The error shape is the API's one, ``{"errors": {"<field>": ["<message>"]}}``: answer fields
are named ``answer.<field>``; a refused write (time up, submitted, no attempts left) is a
409 under ``detail``; someone else's sitting is a 404. During a sitting no response holds
a seed, an answer key, an explanation or a score unless the review policy shows it.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills import access
from drills.api.errors import error_payload
from drills.api.views import ERRORS
from drills.exams import presenters, selectors, services
from drills.exams.errors import ExamError
from drills.exams.models import Sitting
from drills.kinds.base import AnswerError
from drills.models import User

TAGS = ["exams"]

EXAM_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "id": serializers.IntegerField(),
    "title": serializers.CharField(),
    "game": serializers.CharField(),
    "version": serializers.IntegerField(),
    "items": serializers.IntegerField(),
    "time_limit_minutes": serializers.IntegerField(),
    "pass_percent": serializers.IntegerField(),
    "attempts_allowed": serializers.IntegerField(),
    "attempts_left": serializers.IntegerField(),
    "next_start_at": serializers.DateTimeField(allow_null=True),
    "can_start": serializers.BooleanField(),
    "refusal": serializers.CharField(allow_null=True),
    "open_sitting": serializers.CharField(allow_null=True),
    "closes_at": serializers.DateTimeField(allow_null=True),
}
ExamListSerializer = inline_serializer("Exam", EXAM_FIELDS, many=True)
SUMMARY_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "id": serializers.UUIDField(),
    "exam": serializers.DictField(),
    "version": serializers.IntegerField(),
    "attempt": serializers.IntegerField(),
    "status": serializers.ChoiceField(choices=["open", "submitted", "closed"]),
    "started_at": serializers.DateTimeField(),
    "deadline": serializers.DateTimeField(help_text="The server's deadline; the only clock that counts."),
    "finished_at": serializers.DateTimeField(allow_null=True),
    "seconds_left": serializers.IntegerField(),
}
"""What ``presenters.sitting_summary`` sends: the start and submit answers carry it, the
detail adds the phase and the items (each schema names exactly what its answer holds)."""
SittingStartSerializer = inline_serializer(
    "SittingStarted",
    SUMMARY_FIELDS | {"resumed": serializers.BooleanField(help_text="true: the open sitting, same deadline.")},
)
SittingSubmitSerializer = inline_serializer(
    "SittingSubmitted",
    SUMMARY_FIELDS
    | {"already_finished": serializers.BooleanField(help_text="true: submitted before; nothing changed.")},
)
SittingSerializer = inline_serializer(
    "Sitting",
    SUMMARY_FIELDS
    | {
        "phase": serializers.ChoiceField(choices=["during", "after_submit", "after_close"]),
        "items": serializers.ListField(
            child=serializers.DictField(),
            allow_null=True,
            help_text="During the sitting: each item's public part (prompt, fields), saved answer, feedback "
            "as the review policy allows.",
        ),
    },
)
ResultSerializer = inline_serializer(
    "SittingResult",
    {
        "id": serializers.UUIDField(),
        "status": serializers.CharField(),
        "phase": serializers.CharField(),
        "shows": serializers.DictField(child=serializers.BooleanField()),
        "graded": serializers.BooleanField(),
        "result": serializers.DictField(allow_null=True, help_text="What the review policy shows now."),
        "certificate": serializers.DictField(allow_null=True),
    },
)
SavedSerializer = inline_serializer(
    "SavedAnswer",
    {
        "position": serializers.IntegerField(),
        "answer": serializers.DictField(),
        "saved_at": serializers.DateTimeField(),
        "locked": serializers.BooleanField(),
        "seconds_left": serializers.IntegerField(),
        "feedback": serializers.DictField(allow_null=True),
    },
)


class StrictSerializer(serializers.Serializer[Any]):
    """Refuses fields it does not know (the seed and the deadline are the server's)."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        unknown = set(getattr(self, "initial_data", {}) or {}) - set(self.fields)
        if unknown:
            raise ValidationError({name: ["not accepted: this is set by the server"] for name in sorted(unknown)})
        return attrs


class ExamStartSerializer(StrictSerializer):
    pass


class ExamAnswerSerializer(StrictSerializer):
    answer = serializers.DictField(help_text="field name -> value, as the item's `fields` describe")


def _user(request: Request) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _candidate(request: Request) -> User:
    user = _user(request)
    if not access.is_candidate(user):
        raise PermissionDenied("Exams are sat by trainees.")
    return user


def _own(request: Request, public_id: Any) -> Sitting:
    sitting = selectors.own_sitting(_candidate(request), public_id)
    if sitting is None:
        raise NotFound("no such sitting")
    return sitting


def _body(request: Request) -> dict[str, Any]:
    data = request.data
    if not isinstance(data, dict):
        raise ValidationError({"body": ["must be a JSON object"]})
    return data


def _refused(error: ExamError) -> Response:
    return Response(error_payload({error.field: [error.message]}), status=error.status)


def exam_json(choice: selectors.ExamChoice) -> dict[str, Any]:
    version = choice.version
    return {
        "id": choice.blueprint.pk,
        "title": choice.blueprint.title,
        "game": choice.blueprint.game,
        "version": version.number if version else None,
        "items": choice.item_count,
        "time_limit_minutes": version.time_limit_minutes if version else None,
        "pass_percent": version.pass_percent if version else None,
        "attempts_allowed": choice.check.attempts_allowed,
        "attempts_left": choice.check.attempts_left,
        "next_start_at": presenters.iso(choice.check.next_start_at),
        "can_start": choice.check.refusal is None,
        "refusal": choice.check.refusal,
        "open_sitting": str(choice.open_sitting.public_id) if choice.open_sitting else None,
        "closes_at": presenters.iso(choice.blueprint.closes_at),
    }


class ExamList(APIView):
    @extend_schema(
        summary="Exams I may sit", tags=TAGS, responses={200: ExamListSerializer, 401: ERRORS, 403: ERRORS}
    )
    def get(self, request: Request) -> Response:
        _candidate(request)
        return Response([exam_json(choice) for choice in selectors.exam_choices(_user(request))])


class ExamStart(APIView):
    @extend_schema(
        summary="Start a sitting (or resume the open one)",
        description="201 with a new sitting; 200 with the open one (same deadline). The server draws the seed "
        "and sets the deadline: a body naming either is refused.",
        tags=TAGS,
        request=ExamStartSerializer,
        responses={200: SittingStartSerializer, 201: SittingStartSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS,
                   404: ERRORS, 409: ERRORS},
    )
    def post(self, request: Request, blueprint_id: int) -> Response:
        user = _candidate(request)
        ExamStartSerializer(data=_body(request)).is_valid(raise_exception=True)
        blueprint = selectors.candidate_blueprint(user, blueprint_id)
        if blueprint is None:
            raise NotFound("no such exam")
        try:
            outcome = services.start_sitting(user, blueprint)
        except ExamError as error:
            return _refused(error)
        code = status.HTTP_200_OK if outcome.resumed else status.HTTP_201_CREATED
        return Response(presenters.sitting_summary(outcome.sitting) | {"resumed": outcome.resumed}, status=code)


class SittingDetail(APIView):
    @extend_schema(
        summary="A sitting of mine",
        description="During the sitting: every item's public part. Fetching it starts every item's clock.",
        tags=TAGS,
        responses={200: SittingSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, public_id: Any) -> Response:
        sitting = _own(request, public_id)
        services.close_if_overdue(sitting)
        data = presenters.sitting_detail(sitting)
        if data["items"] is not None:
            services.mark_shown(sitting, [item["position"] for item in data["items"]])
        return Response(data)


class SittingAnswer(APIView):
    @extend_schema(
        summary="Autosave one item's answer",
        description="Validated with the drill kind's parse_answer: a malformed answer is a 400 naming the field "
        "(`answer.<field>`) and saves nothing. After the deadline or the submit: 409, nothing changes.",
        tags=TAGS,
        request=ExamAnswerSerializer,
        responses={200: SavedSerializer, 400: ERRORS, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
        examples=[OpenApiExample("An answer", value={"answer": {"total": 27}}, request_only=True)],
    )
    def put(self, request: Request, public_id: Any, position: int) -> Response:
        sitting = _own(request, public_id)
        serializer = ExamAnswerSerializer(data=_body(request))
        serializer.is_valid(raise_exception=True)
        try:
            saved = services.save_answer(sitting, position, serializer.validated_data["answer"])
        except AnswerError as error:
            raise ValidationError({f"answer.{name}": messages for name, messages in error.errors.items()}) from None
        except ExamError as error:
            return _refused(error)
        sitting.refresh_from_db()
        _, reveal = selectors.reveal(sitting)
        scenario = services.regenerate_item(sitting, saved.item)
        return Response(
            {
                "position": position,
                "answer": saved.item.answer,
                "saved_at": presenters.iso(saved.saved_at),
                "locked": saved.item.locked,
                "seconds_left": selectors.seconds_left(sitting),
                "feedback": presenters.live_feedback(sitting, saved.item, scenario, reveal),
            }
        )

    post = put


class SittingSubmit(APIView):
    @extend_schema(
        summary="Submit, finally",
        description="200 once submitted (again: `already_finished` true, nothing changes). After the deadline: 409; "
        "the sitting is closed at its deadline with its saved answers.",
        tags=TAGS,
        request=None,
        responses={200: SittingSubmitSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS, 409: ERRORS},
    )
    def post(self, request: Request, public_id: Any) -> Response:
        sitting = _own(request, public_id)
        try:
            outcome = services.submit_sitting(sitting)
        except ExamError as error:
            return _refused(error)
        return Response(presenters.sitting_summary(outcome.sitting) | {"already_finished": outcome.already_finished})


class SittingResultView(APIView):
    @extend_schema(
        summary="My result, as the review policy shows it now",
        tags=TAGS,
        responses={200: ResultSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, public_id: Any) -> Response:
        sitting = _own(request, public_id)
        services.close_if_overdue(sitting)
        return Response(presenters.result_json(sitting))

