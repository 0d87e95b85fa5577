"""Matchmaking API routes, mounted under /api/."""
from django.urls import path

from . import api, streams

urlpatterns = [
    path("challenges/", api.ChallengeListCreate.as_view(), name="challenge-list"),
    path("challenges/<uuid:challenge_id>/", api.ChallengeDetail.as_view(), name="challenge-detail"),
    path("challenges/<uuid:challenge_id>/accept/", api.ChallengeAccept.as_view(), name="challenge-accept"),
    path("challenges/<uuid:challenge_id>/decline/", api.ChallengeDecline.as_view(), name="challenge-decline"),
    path("challenges/<uuid:challenge_id>/cancel/", api.ChallengeCancel.as_view(), name="challenge-cancel"),
    path("challenges/<uuid:challenge_id>/stream/", streams.ChallengeStream.as_view(), name="challenge-stream"),
    path("seeks/", api.SeekListCreate.as_view(), name="seek-list"),
    path("seeks/stream/", streams.LobbyStream.as_view(), name="seek-stream"),
    path("seeks/<uuid:challenge_id>/join/", api.SeekJoin.as_view(), name="seek-join"),
    path("seeks/<uuid:challenge_id>/again/", api.SeekAgain.as_view(), name="seek-again"),
    path("games/<uuid:game_id>/rematch/", api.GameRematch.as_view(), name="game-rematch-api"),
]
