"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages

urlpatterns = [
    path("games/new/", pages.new_game, name="new-game"),
    path("games/<uuid:game_id>/rematch/", pages.rematch, name="game-rematch"),
    path("challenges/<uuid:challenge_id>/", pages.challenge_page, name="challenge-page"),
    path("lobby/", pages.lobby_page, name="lobby"),
]
