"""Request validation for the game API (responses are plain dicts built by the services)."""
from django.contrib.auth import get_user_model
from rest_framework import serializers

from ..rules.registry import available_systems


class CreateGameSerializer(serializers.Serializer):
    system = serializers.CharField(help_text="one of: " + ", ".join(available_systems()))
    setup = serializers.DictField(required=False, default=dict)
    players = serializers.DictField(child=serializers.CharField(), help_text="side → username")
    time_control = serializers.DictField(required=False, allow_null=True, default=None)
    rated = serializers.BooleanField(required=False, default=True)
    is_public = serializers.BooleanField(required=False, default=True)

    def validate_players(self, value):
        users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=set(value.values()))}
        missing = sorted(set(value.values()) - set(users))
        if missing:
            raise serializers.ValidationError(f"unknown users: {', '.join(missing)}")
        return {side: users[name] for side, name in value.items()}


class CommandSerializer(serializers.Serializer):
    expected_version = serializers.JSONField(help_text="the last version (seq) the client saw")
    command = serializers.JSONField(help_text='{"type": ..., ...} as the game system defines')
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="only needed when you play several sides")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    system = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.CharField())
    outcome = serializers.JSONField(allow_null=True)
    players = serializers.DictField(child=serializers.CharField())
    deadline_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
