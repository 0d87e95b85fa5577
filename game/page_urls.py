"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages, sandbox_pages, vacation_pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("games/", pages.game_list, name="game-list-page"),
    path("games/<uuid:game_id>/", pages.play, name="game-play"),
    path("games/<uuid:game_id>/end/", pages.end_from_form, name="game-end"),
    path("games/<uuid:game_id>/claim-seat/", pages.claim_seat_from_form, name="game-claim-seat-page"),
    path("games/<uuid:game_id>/replay/", pages.replay_page, name="game-replay-page"),
    path("games/<uuid:game_id>/forks/", sandbox_pages.fork_from_form, name="game-fork-page"),
    path("games/<uuid:game_id>/undo/", sandbox_pages.undo_from_form, name="game-undo-page"),
    path("vacation/", vacation_pages.vacation_page, name="vacation-page"),
]
