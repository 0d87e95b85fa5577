"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages, webhook_pages

urlpatterns = [
    path("notifications/", pages.notification_list, name="notification-list-page"),
    path("notifications/settings/", pages.notification_settings, name="notification-settings"),
    path("tournaments/<int:tournament_id>/webhooks/", webhook_pages.tournament_webhooks,
         name="tournament-webhooks-page"),
    path("leagues/<slug:league>/webhooks/", webhook_pages.league_webhooks, name="league-webhooks-page"),
]
