"""Request and response shapes of the notifications and webhooks API (issue 16)."""
from django.utils.translation import gettext as _
from rest_framework import serializers

from .kinds import KINDS
from .models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from .webhooks.derivation import EVENTS


class NotificationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(KINDS)
    text = serializers.CharField()
    url = serializers.CharField()
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NotificationListSerializer(serializers.Serializer):
    unread = serializers.IntegerField()
    notifications = NotificationSerializer(many=True)


class MarkReadSerializer(serializers.Serializer):
    # Bounded by the id column's range: a larger number is a 400, not a database error.
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=2**63 - 1), required=False)
    url = serializers.CharField(required=False, max_length=300)


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField()


class ChoiceSerializer(serializers.Serializer):
    in_page = serializers.BooleanField()
    by_email = serializers.BooleanField()


class PreferencesSerializer(serializers.Serializer):
    """``{kind: {"in_page": bool, "by_email": bool}}``; kinds left out keep their choice."""

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": [_("expected an object of kinds")]})
        unknown = sorted(set(data) - set(KINDS))
        if unknown:
            message = _("unknown kind; choose from %(kinds)s") % {"kinds": ", ".join(KINDS)}
            raise serializers.ValidationError({k: [message] for k in unknown})
        out = {}
        for kind, value in data.items():
            choice = ChoiceSerializer(data=value)
            if not choice.is_valid():
                raise serializers.ValidationError({kind: choice.errors})
            out[kind] = choice.validated_data
        return out

    def to_representation(self, choices):
        return {kind: {"in_page": c.in_page, "by_email": c.by_email} for kind, c in choices.items()}


class WebhookCreateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    secret = serializers.CharField(max_length=200, required=False, allow_blank=True, default="",
                                   help_text="HMAC-SHA256 key; left blank, one is generated and shown once")
    events = serializers.ListField(child=serializers.ChoiceField(EVENTS), required=False, default=list,
                                   help_text="empty: every event")


class WebhookSerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookEndpoint
        fields = ["id", "url", "events", "tournament", "league", "created_at"]


class WebhookCreatedSerializer(WebhookSerializer):
    class Meta(WebhookSerializer.Meta):
        fields = WebhookSerializer.Meta.fields + ["secret"]


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookAttempt
        fields = ["at", "status_code", "error", "duration_ms", "resend"]


class DeliverySerializer(serializers.ModelSerializer):
    tries = AttemptSerializer(many=True, read_only=True)

    class Meta:
        model = WebhookDelivery
        fields = ["id", "event", "status", "attempts", "created_at", "delivered_at", "next_attempt_at", "payload",
                  "tries"]
