"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import pages

urlpatterns = [
    path("tournaments/", pages.tournament_list, name="tournament-list-page"),
    path("tournaments/<int:tournament_id>/", pages.tournament_page, name="tournament-page"),
    path("tournaments/<int:tournament_id>/pairings/<str:pairing_id>/", pages.pairing_page,
         name="tournament-pairing-page"),
]
