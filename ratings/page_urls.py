"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages

urlpatterns = [
    path("league/", pages.league_index, name="league-index"),
    path("leagues/<slug:slug>/", pages.league_page, name="league-page"),
    path("players/<str:username>/", pages.player_page, name="player-page"),
]
