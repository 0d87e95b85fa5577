"""Ratings API routes, mounted under /api/."""
from django.urls import path

from . import views

urlpatterns = [
    path("ratings/rebuild/", views.RebuildRatings.as_view(), name="ratings-rebuild"),
    path("ratings/<str:system>/leaderboard/", views.EloLeaderboard.as_view(), name="ratings-leaderboard"),
    path("ratings/<str:system>/solo-leaderboard/", views.SoloLeaderboard.as_view(), name="ratings-solo-leaderboard"),
    path("ratings/<str:system>/side-advantage/", views.SideAdvantage.as_view(), name="ratings-side-advantage"),
    path("players/<int:player_id>/ratings/", views.PlayerRatings.as_view(), name="player-ratings"),
    path("leagues/", views.LeagueListCreate.as_view(), name="league-list"),
    path("leagues/<str:league>/", views.LeagueDetail.as_view(), name="league-detail"),
    path("leagues/<str:league>/seasons/", views.SeasonListCreate.as_view(), name="season-list"),
    path("leagues/<str:league>/seasons/<int:season_id>/", views.SeasonDetail.as_view(), name="season-detail"),
    path("leagues/<str:league>/seasons/<int:season_id>/table/", views.SeasonTable.as_view(),
         name="season-table"),
]
