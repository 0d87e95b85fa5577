"""Accounts API routes, mounted under /api/."""
from django.urls import path

from . import api

urlpatterns = [
    path("players/", api.PlayerLookup.as_view(), name="player-lookup"),
]
