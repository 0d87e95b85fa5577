"""Practice bots' API routes, mounted under /api/."""
from django.urls import path

from . import api

urlpatterns = [
    path("bot-games/", api.BotGames.as_view(), name="bot-games"),
]
