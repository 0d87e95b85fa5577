"""Ratings, leaderboards, leagues and seasons API (issue 6). Thin: work in the query modules."""
from django.contrib.auth import get_user_model
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from game.rules.registry import available_systems
from game.services import CommandRejected

from . import leaderboards, league_table, side_advantage, tasks
from .models import League, Season
from .permissions import IsLeagueAdmin, LeagueAdminOrReadOnly
from .serializers import (EloRowSerializer, LeagueSerializer, LeagueTableSerializer, PlayerRatingsSerializer,
                          RebuildQueuedSerializer, SeasonSerializer, SideAdvantageSerializer, SoloRowSerializer)

MAX_LIMIT = 1000
LIMIT = OpenApiParameter("limit", int, description=f"rows to return (default 100, at most {MAX_LIMIT})")


def known_system(system: str) -> str:
    if system not in available_systems():
        raise CommandRejected(404, "unknown_system", f"unknown game system {system!r}")
    return system


def limit_from(request) -> int:
    try:
        limit = int(request.query_params.get("limit", leaderboards.DEFAULT_LIMIT))
    except ValueError:
        raise CommandRejected(400, "malformed_query", "limit must be an integer") from None
    if not 1 <= limit <= MAX_LIMIT:
        raise CommandRejected(400, "malformed_query", f"limit must be between 1 and {MAX_LIMIT}")
    return limit


class EloLeaderboard(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Elo leaderboard of a game system", parameters=[LIMIT],
                   responses=EloRowSerializer(many=True))
    def get(self, request, system):
        return Response(leaderboards.elo_leaderboard(known_system(system), limit_from(request)))


class SoloLeaderboard(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Best scores of finished solo games (nightfighter-solo)", parameters=[LIMIT],
                   responses=SoloRowSerializer(many=True))
    def get(self, request, system):
        return Response(leaderboards.solo_leaderboard(known_system(system), limit_from(request)))


class SideAdvantage(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Observed side win rates, and Elo with a fitted per-side offset beside plain Elo",
                   responses=SideAdvantageSerializer)
    def get(self, request, system):
        return Response(side_advantage.report(known_system(system)))


class PlayerRatings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="A player's ratings per game system with their full history",
                   responses=PlayerRatingsSerializer)
    def get(self, request, player_id):
        player = get_object_or_404(get_user_model(), pk=player_id)
        return Response({"player_id": player.pk, "player": player.get_username(),
                         "ratings": leaderboards.player_ratings(player, request.user)})


class RebuildRatings(APIView):
    permission_classes = [IsLeagueAdmin]

    @extend_schema(summary="Recompute all ratings from the result events (league admin)", request=None,
                   responses={202: RebuildQueuedSerializer})
    def post(self, request):
        queued = tasks.rebuild_all_ratings.delay()
        counts = queued.result if queued.ready() else None
        return Response({"task_id": queued.id, "counts": counts}, status=status.HTTP_202_ACCEPTED)


def leagues():
    return League.objects.prefetch_related(Prefetch("organisers", queryset=get_user_model().objects.only("username")))


class LeagueListCreate(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="Leagues", responses=LeagueSerializer(many=True))
    def get(self, request):
        return Response(LeagueSerializer(leagues(), many=True).data)

    @extend_schema(summary="Create a league (league admin)", request=LeagueSerializer,
                   responses={201: LeagueSerializer})
    def post(self, request):
        data = LeagueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(LeagueSerializer(data.save()).data, status=status.HTTP_201_CREATED)


class LeagueDetail(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="One league", responses=LeagueSerializer)
    def get(self, request, league_id):
        return Response(LeagueSerializer(get_object_or_404(leagues(), pk=league_id)).data)

    @extend_schema(summary="Rename a league or appoint its organisers (league admin)", request=LeagueSerializer,
                   responses=LeagueSerializer)
    def patch(self, request, league_id):
        data = LeagueSerializer(get_object_or_404(League, pk=league_id), data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(LeagueSerializer(data.save()).data)


class SeasonListCreate(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="Seasons of a league", responses=SeasonSerializer(many=True))
    def get(self, request, league_id):
        league = get_object_or_404(League, pk=league_id)
        return Response(SeasonSerializer(league.seasons.all(), many=True).data)

    @extend_schema(summary="Create a season (league admin)", request=SeasonSerializer,
                   responses={201: SeasonSerializer})
    def post(self, request, league_id):
        league = get_object_or_404(League, pk=league_id)
        data = SeasonSerializer(data=request.data, context={"league": league})
        data.is_valid(raise_exception=True)
        return Response(SeasonSerializer(data.save(league=league)).data, status=status.HTTP_201_CREATED)


class SeasonDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="One season", responses=SeasonSerializer)
    def get(self, request, league_id, season_id):
        return Response(SeasonSerializer(get_object_or_404(Season, pk=season_id, league_id=league_id)).data)


class SeasonTable(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="League table of a season: rating, games, wins, tournament points",
                   responses=LeagueTableSerializer)
    def get(self, request, league_id, season_id):
        season = get_object_or_404(Season, pk=season_id, league_id=league_id)
        return Response(league_table.season_table(season))
