"""Ratings, leaderboards, leagues and seasons API (issue 6). Thin: work in the query modules."""
from django.contrib.auth import get_user_model
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from systems.registry import available_systems
from kernel.refusals import CommandRejected
from kernel.replica import reads_may_lag

from leagues import services as leagues_service

from . import leaderboards, league_table, side_advantage, tasks
from leagues.models import League, Season
from .permissions import IsLeagueAdmin, LeagueAdminOrReadOnly
from .serializers import (EloRowSerializer, LeagueSerializer, LeagueTableSerializer, PlayerRatingsSerializer,
                          RebuildQueuedSerializer, SeasonSerializer, SideAdvantageSerializer, SoloRowSerializer)

MAX_LIMIT = 1000
LIMIT = OpenApiParameter("limit", int, description=f"rows to return (default 100, at most {MAX_LIMIT})")


def known_system(system: str) -> str:
    if system not in available_systems():
        raise CommandRejected(refusals.NOT_FOUND, "unknown_system",
                              _("unknown game system %(system)r") % {"system": system})
    return system


def limit_from(request) -> int:
    try:
        limit = int(request.query_params.get("limit", leaderboards.DEFAULT_LIMIT))
    except ValueError:
        raise CommandRejected(refusals.INVALID, "malformed_query", _("limit must be an integer")) from None
    if not 1 <= limit <= MAX_LIMIT:
        raise CommandRejected(refusals.INVALID, "malformed_query",
                              _("limit must be between 1 and %(max)s") % {"max": MAX_LIMIT})
    return limit


@reads_may_lag
class EloLeaderboard(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Elo leaderboard of a game system", parameters=[LIMIT],
                   description="Players by current Elo in the system (start 1500; K 40 for the first 30 games, "
                               "20 after, 10 from 2400).",
                   responses=EloRowSerializer(many=True))
    def get(self, request, system):
        return Response(leaderboards.elo_leaderboard(known_system(system), limit_from(request)))


@reads_may_lag
class SoloLeaderboard(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Best scores of finished solo games (nightfighter-solo)", parameters=[LIMIT],
                   description="Per player: the best and average score of finished solo games; ties: fewer games.",
                   responses=SoloRowSerializer(many=True))
    def get(self, request, system):
        return Response(leaderboards.solo_leaderboard(known_system(system), limit_from(request)))


class SideAdvantage(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Observed side win rates, and Elo with a fitted per-side offset beside plain Elo",
                   description="How often each side wins, and what the ratings would be if the expectation "
                               "knew about it.",
                   responses=SideAdvantageSerializer)
    def get(self, request, system):
        return Response(side_advantage.report(known_system(system)))


class PlayerRatings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="A player's ratings per game system with their full history",
                   description="Each rated game's change; a private game is named only to its player and admins.",
                   responses=PlayerRatingsSerializer)
    def get(self, request, player_id):
        player = get_object_or_404(get_user_model(), pk=player_id)
        return Response({"player_id": player.pk, "player": player.get_username(),
                         "ratings": leaderboards.player_ratings(player, request.user)})


class RebuildRatings(APIView):
    permission_classes = [IsLeagueAdmin]

    @extend_schema(summary="Recompute all ratings from the result events (league admin)", request=None,
                   description="Queued as a Celery task; the recompute equals the live ratings.",
                   responses={202: RebuildQueuedSerializer})
    def post(self, request):
        queued = tasks.rebuild_all_ratings.delay()
        counts = queued.result if queued.ready() else None
        return Response({"task_id": queued.id, "counts": counts}, status=status.HTTP_202_ACCEPTED)


def leagues():
    return League.objects.prefetch_related(Prefetch("organisers", queryset=get_user_model().objects.only("username")))


LEAGUE = OpenApiParameter("league", str, OpenApiParameter.PATH, description="the league's slug (or its numeric id)")


class LeagueListCreate(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="Leagues", description="Every league with its slug (its address) and organisers.",
                   responses=LeagueSerializer(many=True))
    def get(self, request):
        return Response(LeagueSerializer(leagues(), many=True).data)

    @extend_schema(summary="Create a league (league admin)",
                   description="The slug becomes the league's address (``/api/leagues/{slug}/``, a tournament's "
                               "``league``) and is fixed from then on; it needs a letter.",
                   request=LeagueSerializer, responses={201: LeagueSerializer})
    def post(self, request):
        data = LeagueSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        league = leagues_service.create_league(name=v["name"], slug=v["slug"], organisers=v.get("organisers", ()))
        return Response(LeagueSerializer(league).data, status=status.HTTP_201_CREATED)


class LeagueDetail(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="One league", description="A league by its slug or id.", parameters=[LEAGUE],
                   responses=LeagueSerializer)
    def get(self, request, league):
        return Response(LeagueSerializer(leagues_service.league_at(league)).data)

    @extend_schema(summary="Rename a league or appoint its organisers (league admin)",
                   description="``organisers`` replaces the list of usernames who may create tournaments in the "
                               "league. The slug cannot change: a different one is refused with 400 ``slug_fixed``.",
                   parameters=[LEAGUE], request=LeagueSerializer, responses=LeagueSerializer)
    def patch(self, request, league):
        league = leagues_service.league_at(league)
        data = LeagueSerializer(league, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        leagues_service.change_league(league, name=v.get("name"), slug=v.get("slug"), organisers=v.get("organisers"))
        return Response(LeagueSerializer(leagues_service.league_at(league.slug)).data)


class SeasonListCreate(APIView):
    permission_classes = [LeagueAdminOrReadOnly]

    @extend_schema(summary="Seasons of a league", description="Newest first.", parameters=[LEAGUE],
                   responses=SeasonSerializer(many=True))
    def get(self, request, league):
        return Response(SeasonSerializer(leagues_service.league_at(league).seasons.all(), many=True).data)

    @extend_schema(summary="Create a season (league admin)",
                   description="A season's name is unique in its league; it cannot end before it starts. Attach "
                               "tournaments with ``PUT /api/tournaments/{id}/season/``.",
                   parameters=[LEAGUE], request=SeasonSerializer, responses={201: SeasonSerializer})
    def post(self, request, league):
        league = leagues_service.league_at(league)
        data = SeasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = leagues_service.create_season(league, **data.validated_data)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


def season_of(league: str, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, league=leagues_service.league_at(league))


class SeasonDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="One season", description="Its name and dates.", parameters=[LEAGUE],
                   responses=SeasonSerializer)
    def get(self, request, league, season_id):
        return Response(SeasonSerializer(season_of(league, season_id)).data)


@reads_may_lag
class SeasonTable(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="League table of a season: rating, games, wins, tournament points",
                   description="One row per player and game system: the current Elo, the season's rated games and "
                               "wins, and the points from the season's tournaments (see ratings/league_table.py).",
                   parameters=[LEAGUE], responses=LeagueTableSerializer)
    def get(self, request, league, season_id):
        return Response(league_table.season_table(season_of(league, season_id)))
