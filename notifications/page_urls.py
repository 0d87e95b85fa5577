"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages

urlpatterns = [
    path("notifications/", pages.notification_list, name="notification-list-page"),
    path("notifications/settings/", pages.notification_settings, name="notification-settings"),
]
