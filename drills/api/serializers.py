"""Serializers of the API, and the documented shapes of generic JSON answers."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

from drills import access
from drills.models import Property, Team, User


class PropertySerializer(serializers.ModelSerializer[Property]):
    class Meta:
        model = Property
        fields = ["slug", "name"]


class TeamSerializer(serializers.ModelSerializer[Team]):
    class Meta:
        model = Team
        fields = ["id", "name"]


class MeSerializer(serializers.ModelSerializer[User]):
    """The requesting user: who, which role, which property, which teams."""

    full_name = serializers.CharField(source="get_full_name", read_only=True)
    email = serializers.SerializerMethodField(help_text="null when none is on file.")
    property = PropertySerializer(read_only=True, allow_null=True)
    teams = serializers.SerializerMethodField(help_text="Teams the user is a member of (of their property).")
    supervised_teams = serializers.SerializerMethodField(help_text="Teams the user supervises (of their property).")

    class Meta:
        model = User
        fields = [
            "id", "username", "full_name", "email", "role", "is_superuser", "property", "teams", "supervised_teams"
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.EmailField(allow_null=True))
    def get_email(self, user: User) -> str | None:
        # Django stores "no address" as "", which is not an email address: say null.
        return user.email or None

    @extend_schema_field(TeamSerializer(many=True))
    def get_teams(self, user: User) -> list[dict[str, object]]:
        return list(TeamSerializer(access.teams_of(user), many=True).data)

    @extend_schema_field(TeamSerializer(many=True))
    def get_supervised_teams(self, user: User) -> list[dict[str, object]]:
        # The access rule: a supervisor's teams are those they lead within their property.
        return list(TeamSerializer(access.visible_teams(user).filter(supervisors=user), many=True).data)


ErrorsSerializer = inline_serializer(
    "Errors",
    {
        "errors": serializers.DictField(
            child=serializers.ListField(child=serializers.CharField()),
            help_text='Field name (dotted for nested fields, "detail" for the request as a whole) to messages.',
        )
    },
)
"""Every 4xx answer: ``{"errors": {"<field>": ["<what is wrong>"]}}`` (for the schema)."""


class RulingSerializer(serializers.Serializer[object]):
    """A ruling (RULINGS.md): the answer's shape depends on the question."""

    answer = serializers.DictField(help_text="The question's answer; its keys depend on the question (RULINGS.md).")
    rules = serializers.ListField(
        child=serializers.CharField(), help_text="RULES.md IDs applied, most decisive first."
    )
    explanation = serializers.CharField(help_text="A sentence or two a trainee can read, citing the IDs.")


class TokenSerializer(serializers.Serializer[object]):
    """An API token and when it stops working."""

    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
    expires_at = serializers.DateTimeField(help_text="After this the token is refused (401): ask for a new one.")
