"""Serializers of the API, and the documented shapes of generic JSON answers."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field, inline_serializer
from rest_framework import serializers

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
    teams = TeamSerializer(many=True, read_only=True, help_text="Teams the user is a member of.")
    supervised_teams = TeamSerializer(many=True, read_only=True, help_text="Teams the user supervises.")

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
