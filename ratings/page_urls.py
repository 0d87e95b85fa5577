"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import league_admin_pages, organiser_request_pages, pages

urlpatterns = [
    path("league/", pages.league_index, name="league-index"),
    path("leagues/new/", league_admin_pages.new_league, name="league-new"),
    path("leagues/<slug:slug>/", pages.league_page, name="league-page"),
    path("leagues/<slug:league>/organise/", organiser_request_pages.ask_to_organise, name="league-ask-to-organise"),
    path("leagues/<slug:league>/organisers/grant/", organiser_request_pages.grant_organiser,
         name="league-grant-organiser"),
    path("leagues/<slug:league>/edit/", league_admin_pages.edit_league, name="league-edit"),
    path("leagues/<slug:league>/tournament-imports/", league_admin_pages.tournament_uploads,
         name="league-tournament-uploads"),
    path("leagues/<slug:league>/tournament-imports/<int:tournament_id>/", league_admin_pages.tournament_upload,
         name="league-tournament-upload"),
    path("leagues/<slug:league>/seasons/new/", league_admin_pages.new_season, name="season-new"),
    path("leagues/<slug:league>/seasons/<int:season_id>/", league_admin_pages.season_page, name="season-page"),
    path("leagues/<slug:league>/seasons/<int:season_id>/edit/", league_admin_pages.edit_season,
         name="season-edit"),
    path("players/<str:username>/", pages.player_page, name="player-page"),
]
