"""Notifications and webhooks API, mounted under /api/ (issue 16)."""
from django.urls import path

from . import api

urlpatterns = [
    path("notifications/", api.Notifications.as_view(), name="notification-list"),
    path("notifications/read/", api.MarkRead.as_view(), name="notification-read"),
    path("notifications/preferences/", api.Preferences.as_view(), name="notification-preferences"),
    path("notifications/stream/", api.NotificationStream.as_view(), name="notification-stream"),
    path("tournaments/<int:tournament_id>/webhooks/", api.Webhooks.as_view(), name="tournament-webhooks"),
    path("leagues/<str:league>/webhooks/", api.Webhooks.as_view(), name="league-webhooks"),
    path("webhooks/<int:webhook_id>/", api.WebhookDetail.as_view(), name="webhook-detail"),
    path("webhooks/<int:webhook_id>/deliveries/", api.WebhookDeliveries.as_view(), name="webhook-deliveries"),
    path("webhook-deliveries/<uuid:delivery_id>/resend/", api.ResendDelivery.as_view(), name="webhook-resend"),
]
