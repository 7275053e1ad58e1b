"""Progress API under ``/api/v1/progress/``: my mastery; teams and team mastery for
supervisors and staff. Same visibility as the pages (``selectors``): a trainee asking for
teams gets 403; a team they may not see is 404."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from drills import access
from drills.api.views import ERRORS
from drills.models import User
from drills.progress import selectors
from drills.progress.stats import Level, Mastery, Policy


class TrainingPolicySerializer(serializers.Serializer[Any]):
    window = serializers.IntegerField(help_text="recent answers per skill that count")
    accuracy = serializers.DecimalField(max_digits=3, decimal_places=2, help_text="share right needed (0.90)")
    minimum_answers = serializers.IntegerField(help_text="fewest recent answers before mastery")
    inactive_days = serializers.IntegerField()
    falling_drop = serializers.DecimalField(max_digits=3, decimal_places=2)


class SkillMasterySerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(help_text="drill kind slug (the skill)")
    title = serializers.CharField()
    answers = serializers.IntegerField(help_text="answers in the recent window")
    correct = serializers.IntegerField(help_text="right answers in the recent window")
    accuracy = serializers.FloatField(allow_null=True, help_text="correct / answers, null when no answers")
    median_seconds = serializers.FloatField(allow_null=True, help_text="median answer time in the window")
    target_seconds = serializers.IntegerField()
    mastered = serializers.BooleanField()
    level = serializers.ChoiceField(choices=[level.value for level in Level])
    total_answers = serializers.IntegerField(help_text="all graded answers of this skill")
    last_answered_at = serializers.DateTimeField(allow_null=True)


class MyProgressSerializer(serializers.Serializer[Any]):
    user = serializers.IntegerField()
    username = serializers.CharField()
    policy = TrainingPolicySerializer()
    mastered = serializers.IntegerField()
    skills = SkillMasterySerializer(many=True)


class ProgressTeamSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    members = serializers.IntegerField(help_text="number of members")


class TraineeMasterySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    mastered = serializers.IntegerField()
    last_answered_at = serializers.DateTimeField(allow_null=True)
    needs_help = serializers.ListField(child=serializers.CharField())
    skills = SkillMasterySerializer(many=True)


class TeamProgressSerializer(serializers.Serializer[Any]):
    team = ProgressTeamSerializer()
    policy = TrainingPolicySerializer()
    trainees = TraineeMasterySerializer(many=True)


def policy_json(policy: Policy) -> dict[str, Any]:
    return {
        "window": policy.window,
        "accuracy": str(policy.accuracy),
        "minimum_answers": policy.minimum_answers,
        "inactive_days": policy.inactive_days,
        "falling_drop": str(policy.falling_drop),
    }


def mastery_json(title: str, item: Mastery) -> dict[str, Any]:
    return {
        "kind": item.kind,
        "title": title,
        "answers": item.answers,
        "correct": item.correct,
        "accuracy": None if item.accuracy is None else round(item.accuracy, 4),
        "median_seconds": item.median_seconds,
        "target_seconds": item.target_seconds,
        "mastered": item.mastered,
        "level": item.level.value,
        "total_answers": item.total_answers,
        "last_answered_at": item.last_answered_at.isoformat() if item.last_answered_at else None,
    }


def _viewer(request: Request) -> User:
    user = request.user
    assert isinstance(user, User)  # IsAuthenticated ran first
    return user


def _team_viewer(request: Request) -> User:
    user = _viewer(request)
    if not access.is_team_viewer(user):
        raise PermissionDenied("Only supervisors and staff see team progress.")
    return user


class MyProgress(APIView):
    @extend_schema(summary="My mastery per skill", responses={200: MyProgressSerializer, 401: ERRORS})
    def get(self, request: Request) -> Response:
        user = _viewer(request)
        progress = selectors.trainee_progress(user, mistakes=0)
        return Response(
            {
                "user": user.pk,
                "username": user.username,
                "policy": policy_json(progress.policy),
                "mastered": progress.mastered,
                "skills": [mastery_json(item.skill.title, item.mastery) for item in progress.skills],
            }
        )


class TeamList(APIView):
    @extend_schema(
        summary="Teams whose progress I may see",
        responses={200: ProgressTeamSerializer(many=True), 401: ERRORS, 403: ERRORS},
    )
    def get(self, request: Request) -> Response:
        teams = access.with_member_counts(access.visible_teams(_team_viewer(request)))
        counts: list[Any] = list(teams)  # annotated member_count
        return Response([{"id": t.pk, "name": t.name, "members": t.member_count} for t in counts])


class TeamProgressView(APIView):
    @extend_schema(
        summary="Team mastery: every trainee × skill",
        responses={200: TeamProgressSerializer, 401: ERRORS, 403: ERRORS, 404: ERRORS},
    )
    def get(self, request: Request, team_id: int) -> Response:
        team = selectors.team_for(_team_viewer(request), team_id)
        if team is None:
            raise NotFound("no such team")
        progress = selectors.team_progress(team, with_trend=False)
        return Response(
            {
                "team": {"id": team.pk, "name": team.name, "members": len(progress.rows)},
                "policy": policy_json(progress.policy),
                "trainees": [
                    {
                        "id": row.trainee.pk,
                        "username": row.trainee.username,
                        "name": row.name,
                        "mastered": row.mastered,
                        "last_answered_at": row.last_answered_at.isoformat() if row.last_answered_at else None,
                        "needs_help": row.reasons,
                        "skills": [
                            mastery_json(skill.title, cell)
                            for skill, cell in zip(progress.skills, row.cells, strict=True)
                        ],
                    }
                    for row in progress.rows
                ],
            }
        )
