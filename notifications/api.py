"""Notifications and webhooks endpoints (issue 16). Thin: the services do the work."""
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from kernel.api.schema import with_errors
from game.api.streams import StreamView, stream_schema
from kernel.refusals import CommandRejected
from kernel.streaming import event_stream, position
from accounts.roles import is_league_admin
from leagues.services import league_at
from tournament.permissions import organised_or_refused, require

from . import inbox, preferences
from .live import NotificationsOnly
from .models import WebhookDelivery, WebhookEndpoint
from .preferences import Choice
from .serializers import (DeliverySerializer, MarkedSerializer, MarkReadSerializer, NotificationListSerializer,
                          PreferencesSerializer, WebhookCreatedSerializer, WebhookCreateSerializer, WebhookSerializer)
from .webhooks import registration

LIST_LIMIT = 50
DELIVERY_LOG_LIMIT = 100


class Notifications(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: NotificationListSerializer}, 401))
    def get(self, request):
        """Your notifications, newest first, and how many are unread."""
        shown = inbox.shown_to(request.user)
        return Response({"unread": shown.filter(read_at__isnull=True).count(),
                         "notifications": [inbox.as_dict(n) for n in shown[:LIST_LIMIT]]})


class MarkRead(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=MarkReadSerializer, responses=with_errors({200: MarkedSerializer}, 400, 401))
    def post(self, request):
        """Mark your notifications read: all, those of ``ids``, or those pointing at ``url``; e-mail still waiting
        for them is dropped."""
        data = MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response({"marked": inbox.mark_read(request.user, data.validated_data.get("ids"),
                                                   data.validated_data.get("url"))})


class Preferences(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: PreferencesSerializer}, 401))
    def get(self, request):
        """How you want each kind of notification: on the site, by e-mail."""
        return Response(PreferencesSerializer(preferences.choices_of([request.user.pk])[request.user.pk]).data)

    @extend_schema(request=PreferencesSerializer, responses=with_errors({200: PreferencesSerializer}, 400, 401))
    def put(self, request):
        """Change how you want some kinds of notification; kinds left out keep their choice."""
        data = PreferencesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        choices = {kind: Choice(**value) for kind, value in data.validated_data.items()}
        return Response(PreferencesSerializer(preferences.update_choices(request.user, choices)).data)


class NotificationStream(StreamView):
    permission_classes = [permissions.IsAuthenticated]

    @stream_schema(401)
    def get(self, request):
        """Your unread notifications as Server-Sent Events (``notifications`` messages), for pages that follow no
        game or tournament."""
        return event_stream(request, NotificationsOnly(request.user), position(request))


def _scope(request, tournament_id=None, league=None) -> dict:
    if tournament_id is not None:
        # A private tournament is not there for those who may not see it (404).
        return {"tournament": organised_or_refused(request.user, tournament_id, _("manage this tournament's webhooks"))}
    league = league_at(league)
    require(is_league_admin(request.user), request.user, _("manage this league's webhooks"))
    return {"league": league}


class Webhooks(APIView):
    """``/api/tournaments/{id}/webhooks/`` (organisers) and ``/api/leagues/{id}/webhooks/`` (league admins)."""

    permission_classes = [permissions.AllowAny]  # a private tournament answers 404 first (``organised_or_refused``)

    @extend_schema(responses=with_errors({200: WebhookSerializer(many=True)}, 401, 403, 404))
    def get(self, request, tournament_id=None, league=None):
        """The webhooks of a tournament (its organisers) or a league (league admins)."""
        scope = _scope(request, tournament_id, league)
        return Response(WebhookSerializer(WebhookEndpoint.objects.filter(**scope), many=True).data)

    @extend_schema(request=WebhookCreateSerializer,
                   responses=with_errors({201: WebhookCreatedSerializer}, 400, 401, 403, 404, 422))
    def post(self, request, tournament_id=None, league=None):
        """Register a URL to receive the events as signed JSON; a private, loopback or link-local address is
        refused (422). The secret is shown this once."""
        scope = _scope(request, tournament_id, league)
        data = WebhookCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        endpoint = registration.register(request.user, **data.validated_data, **scope)
        return Response(WebhookCreatedSerializer(endpoint).data, status=201)


def _endpoint(request, webhook_id) -> WebhookEndpoint:
    endpoint = get_object_or_404(WebhookEndpoint.objects.select_related("tournament__league"), pk=webhook_id)
    if not registration.may_manage(request.user, endpoint):
        raise CommandRejected(refusals.NOT_FOUND, "webhook_not_found", _("no such webhook"))
    return endpoint


class WebhookDetail(APIView):
    @extend_schema(responses=with_errors({204: None}, 401, 404))
    def delete(self, request, webhook_id):
        """Remove a webhook and its delivery log."""
        registration.remove(request.user, _endpoint(request, webhook_id))
        return Response(status=204)


class WebhookDeliveries(APIView):
    @extend_schema(responses=with_errors({200: DeliverySerializer(many=True)}, 401, 404))
    def get(self, request, webhook_id):
        """The delivery log: each event posted, its status and every try (status code, error, duration)."""
        endpoint = _endpoint(request, webhook_id)
        deliveries = endpoint.deliveries.prefetch_related("tries")[:DELIVERY_LOG_LIMIT]
        return Response(DeliverySerializer(deliveries, many=True).data)


class ResendDelivery(APIView):
    @extend_schema(request=None, responses=with_errors({202: DeliverySerializer}, 401, 404))
    def post(self, request, delivery_id):
        """Try a delivery once more, under the same delivery id."""
        delivery = get_object_or_404(WebhookDelivery.objects.select_related("endpoint__tournament__league"),
                                     pk=delivery_id)
        _endpoint(request, delivery.endpoint_id)
        return Response(DeliverySerializer(registration.resend(request.user, delivery)).data, status=202)
