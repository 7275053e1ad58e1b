"""Drills API under ``/api/v1/drills/``: kinds, next scenario, answer, own history.

Before an answer, a scenario's JSON holds only its public part (no seed, no key). The
error shape is the API's one: ``{"errors": {"<field>": ["<message>"]}}``; answer fields are
named ``answer.<field>``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills.api.views import ERRORS
from drills.kinds.base import AnswerError, Difficulty, UnknownKindError, get_kind
from drills.models import Attempt, AttemptStatus, DrillMode, DrillScenario
from drills.practice import selectors, services
from games.errors import GameError


class StartSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    difficulty = serializers.ChoiceField(
        choices=[d.value for d in Difficulty],
        required=False,
        help_text="normal when omitted; for a review (`family`), wherever the family occurs",
    )
    mode = serializers.ChoiceField(choices=[DrillMode.PRACTICE, DrillMode.SPEED], default=DrillMode.PRACTICE)
    family = serializers.CharField(
        required=False, max_length=60, help_text="a skill family of the kind: a review aimed at it (issue 15)"
    )

    def validate_kind(self, value: str) -> str:
        try:
            get_kind(value)
        except UnknownKindError:
            raise serializers.ValidationError(f"unknown drill kind {value!r}") from None
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        family = attrs.get("family")
        if family is not None and family not in get_kind(attrs["kind"]).family_codes():
            raise serializers.ValidationError({"family": [f"{attrs['kind']} has no skill family {family[:60]!r}"]})
        return attrs


class AnswerSerializer(serializers.Serializer[Any]):
    answer = serializers.DictField(help_text="field name -> value, as the scenario's `fields` describe")


def attempt_json(attempt: Attempt) -> dict[str, Any]:
    return {
        "scenario": str(attempt.scenario.public_id),
        "kind": attempt.kind,
        "difficulty": attempt.difficulty,
        "answer": attempt.answer,
        "answered_at": attempt.answered_at.isoformat(),
        "time_taken_ms": attempt.time_taken_ms,
        "status": attempt.status,
        # Saved but not graded yet (its grading failed: graded again when read, and by the sweep).
        "grading": attempt.status == AttemptStatus.RECEIVED,
        "correct": attempt.correct,
        "score": None if attempt.score is None else str(attempt.score),
        "expected": attempt.expected,
        "explanation": attempt.explanation,
        "rules": attempt.rules,
        "mistake": attempt.mistake or None,
        "mistake_code": attempt.mistake_code or None,
    }


def scenario_json(stored: DrillScenario) -> dict[str, Any]:
    """The scenario as a trainee may see it: public part; the attempt once answered."""
    scenario = services.regenerate(stored)
    kind = get_kind(stored.kind)
    data = {
        "id": str(stored.public_id),
        "mode": stored.mode,
        "shown_at": stored.shown_at.isoformat(),
        "target_seconds": selectors.target_seconds(stored.user, kind),
        **scenario.public_json(),
    }
    attempt = getattr(stored, "attempt", None)
    if attempt is not None:
        attempt = services.grade_if_due(attempt)  # a stranded attempt is graded when read: no beat needed
    data["attempt"] = attempt_json(attempt) if attempt is not None else None
    return data


_OBJECT = inline_serializer("DrillObject", fields={"id": serializers.CharField()})


class KindList(APIView):
    @extend_schema(
        summary="Drill kinds", responses={200: OpenApiResponse(description="list of drill kinds"), 401: ERRORS}
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "slug": choice.kind.slug,
                    "game": choice.kind.game,
                    "title": choice.kind.title,
                    "description": choice.kind.description,
                    "target_seconds": choice.target_seconds,
                    "difficulties": [d.value for d in Difficulty],
                    "available": choice.unavailable_reason is None,
                    "unavailable_reason": choice.unavailable_reason,
                }
                for choice in selectors.kind_choices(request.user)  # type: ignore[arg-type]
            ]
        )


class ScenarioCreate(APIView):
    @extend_schema(summary="Next scenario", request=StartSerializer,
                   responses={201: _OBJECT, 400: ERRORS, 401: ERRORS, 413: ERRORS})
    def post(self, request: Request) -> Response:
        serializer = StartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        kind = get_kind(serializer.validated_data["kind"])
        try:
            data = serializer.validated_data
            stored, _ = services.start_scenario(
                request.user,  # type: ignore[arg-type]
                kind,
                Difficulty(data["difficulty"]) if data.get("difficulty") else None,
                data["mode"],
                family=data.get("family"),
            )
        except GameError as error:
            raise ValidationError({"kind": [str(error)]}) from None
        return Response(scenario_json(stored), status=status.HTTP_201_CREATED)


def _own(request: Request, public_id: str) -> DrillScenario:
    if isinstance(request.auth, selectors.TokenRead):  # read with the token (token_reads_scenario)
        stored = request.auth.scenario
    else:
        stored = selectors.own_scenario(request.user, public_id)  # type: ignore[arg-type]
    if stored is None:
        raise NotFound("no such scenario")
    return stored


class ScenarioDetail(APIView):
    @extend_schema(summary="A scenario of mine", responses={200: _OBJECT, 401: ERRORS, 404: ERRORS})
    def get(self, request: Request, public_id: str) -> Response:
        return Response(scenario_json(_own(request, public_id)))


class ScenarioAnswer(APIView):
    token_reads_scenario = True  # the token, its user and the scenario: one read (drills.api.tokens)
    @extend_schema(summary="Answer a scenario", request=AnswerSerializer,
                   responses={200: _OBJECT, 400: ERRORS, 401: ERRORS, 404: ERRORS, 413: ERRORS})
    def post(self, request: Request, public_id: str) -> Response:
        stored = _own(request, public_id)
        serializer = AnswerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            outcome = services.submit_answer(stored, serializer.validated_data["answer"])
        except AnswerError as error:
            raise ValidationError({f"answer.{name}": messages for name, messages in error.errors.items()}) from None
        return Response(
            {
                "already_answered": outcome.already_answered,
                "attempt": attempt_json(outcome.attempt),
            }
        )


class HistoryPagination(PageNumberPagination):
    page_size = 50


class AttemptList(APIView):
    @extend_schema(
        summary="My attempts",
        responses={200: OpenApiResponse(description="paginated attempts"), 401: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request) -> Response:
        paginator = HistoryPagination()
        page = paginator.paginate_queryset(selectors.own_attempts(request.user), request, view=self)  # type: ignore[arg-type]
        return paginator.get_paginated_response([attempt_json(attempt) for attempt in page or []])
