"""Tournament endpoints (issue 5). Thin: serializers validate, services write, projections read."""
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from game.services import CommandRejected
from game.store import read_events
from game.visibility import is_league_admin
from ratings.models import League, Season

from . import services
from .models import Pairing, Tournament
from .permissions import authenticated, is_organiser, is_referee, may_view, require
from .projections import bracket_of
from .serializers import (DecisionSerializer, KnowledgeTestSerializer, PenaltySerializer, RefereesSerializer,
                          RegisterSerializer, RequiredReasonSerializer, ReasonSerializer, SeedingSerializer,
                          TournamentCreateSerializer, TournamentUpdateSerializer)

OPEN = [permissions.AllowAny]
DICT = OpenApiResponse(description="JSON object (see tournament/projections.py for shapes)")


def tournaments():
    return Tournament.objects.select_related("league", "secret").prefetch_related("referees")


def get_tournament(tournament_id) -> Tournament:
    return get_object_or_404(tournaments(), pk=tournament_id)


def visible(request, tournament_id):
    tournament = get_tournament(tournament_id)
    state = services.load_state(tournament)
    if not may_view(request.user, tournament, state):
        raise CommandRejected(404, "tournament_not_found", "no such tournament")
    return tournament, state


def season_or_reject(season_id: int | None) -> Season | None:
    if season_id is None:
        return None
    season = Season.objects.filter(pk=season_id).first()
    if season is None:
        raise CommandRejected(400, "unknown_season", f"no season {season_id}")
    return season


def summary(tournament: Tournament) -> dict:
    return {"id": tournament.pk, "name": tournament.name, "league": tournament.league.slug,
            "season": tournament.season_id,
            "system": tournament.system, "format": tournament.format, "scoring": tournament.scoring,
            "status": tournament.status, "is_public": tournament.is_public, "created_at": tournament.created_at}


def detail(tournament: Tournament, state) -> dict:
    return {
        **summary(tournament), "version": state.version, "options": state.options,
        "tie_breaks": state.tie_breaks, "penalty_scope": state.penalty_scope,
        "time_control": tournament.time_control, "referees": sorted(u.username for u in tournament.referees.all()),
        "entrants": [{"entrant": n, **e} for n, e in state.entrants.items()], "seeds": state.seeds,
        "rounds": state.rounds, "seed_commitment": state.info.get("seed_commitment"),
        "seed": state.revealed_seed,
    }


def acted(state) -> Response:
    return Response({"version": state.version, "status": state.status}, status=status.HTTP_201_CREATED)


class TournamentListCreate(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="tournaments_list")
    def get(self, request):
        qs = Tournament.objects.select_related("league")
        if not is_league_admin(request.user):
            qs = qs.filter(is_public=True) | qs.filter(league__organisers=request.user.pk or -1) | \
                qs.filter(referees=request.user.pk or -1)
        return Response([summary(t) for t in qs.distinct()[:200]])

    @extend_schema(request=TournamentCreateSerializer, responses={201: DICT})
    def post(self, request):
        require(authenticated(request.user), request.user, "create tournaments")
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        league = League.objects.filter(slug=v["league"]).first()
        if league is None:
            raise CommandRejected(400, "unknown_league", f"no league {v['league']!r}")
        require(is_league_admin(request.user) or league.organisers.filter(pk=request.user.pk).exists(),
                request.user, "create tournaments in this league")
        tournament = services.create_tournament(
            league=league, name=v["name"], system=v["system"], format=v["format"], created_by=request.user,
            scoring_scheme=v["scoring"], options=v["options"], tie_breaks=v["tie_breaks"],
            penalty_scope=v["penalty_scope"], time_control=v["time_control"], is_public=v["is_public"],
            season=season_or_reject(v["season"]))
        return Response(detail(tournament, services.load_state(tournament)), status=status.HTTP_201_CREATED)


class TournamentDetail(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        tournament, state = visible(request, tournament_id)
        return Response(detail(tournament, state))

    @extend_schema(request=TournamentUpdateSerializer, responses={200: DICT})
    def patch(self, request, tournament_id):
        tournament, _ = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, "change this tournament")
        data = TournamentUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        state = services.change_settings(tournament.pk, dict(data.validated_data), request.user.username)
        return Response(detail(get_tournament(tournament.pk), state))

    @extend_schema(request=ReasonSerializer, responses={200: DICT})
    def delete(self, request, tournament_id):
        """Cancel (a ``TournamentCancelled`` event): nothing is deleted from the stream."""
        tournament, _ = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, "cancel this tournament")
        data = ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.cancel_tournament(tournament.pk, data.validated_data["reason"], request.user.username)
        return Response({"version": state.version, "status": state.status})


class TournamentReferees(APIView):
    permission_classes = OPEN

    @extend_schema(request=RefereesSerializer, responses={200: DICT})
    def put(self, request, tournament_id):
        """League admins appoint a tournament's referees."""
        tournament, _ = visible(request, tournament_id)
        require(is_league_admin(request.user), request.user, "appoint referees")
        data = RefereesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        users = list(get_user_model().objects.filter(username__in=data.validated_data["referees"]))
        if len(users) != len(set(data.validated_data["referees"])):
            raise CommandRejected(400, "unknown_user", "every referee must be a user")
        services.appoint_referees(tournament.pk, users)
        return Response({"referees": sorted(u.username for u in users)})


class TournamentEvents(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        tournament, state = visible(request, tournament_id)
        return Response({"version": state.version, "events": [
            {"seq": e.seq, "type": e.type, "payload": e.payload, "actor": e.actor,
             "recorded_at": e.recorded_at.isoformat()} for e in read_events(tournament.stream)]})


class Entrants(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        _, state = visible(request, tournament_id)
        return Response([{"entrant": n, **e} for n, e in state.entrants.items()])

    @extend_schema(request=RegisterSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """Register: organisers anyone (with a rating), players themself."""
        tournament, _ = visible(request, tournament_id)
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        require(authenticated(request.user), request.user, "register")
        username = data.validated_data.get("username") or request.user.username
        organiser = is_organiser(request.user, tournament)
        require(organiser or (username == request.user.username and data.validated_data["rating"] is None),
                request.user, "register somebody else or set a rating")
        state = services.register(tournament.pk, username, request.user.username, data.validated_data["rating"])
        return acted(state)


def _self_or_organiser(request, tournament, username: str, what: str) -> None:
    require(is_organiser(request.user, tournament) or
            (authenticated(request.user) and request.user.username == username), request.user, what)


class Withdraw(APIView):
    permission_classes = OPEN

    @extend_schema(request=ReasonSerializer, responses={201: DICT})
    def post(self, request, tournament_id, username):
        tournament, _ = visible(request, tournament_id)
        _self_or_organiser(request, tournament, username, "withdraw this entrant")
        data = ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return acted(services.withdraw(tournament.pk, username, request.user.username, data.validated_data["reason"]))


class CheckIn(APIView):
    permission_classes = OPEN

    @extend_schema(request=None, responses={201: DICT})
    def post(self, request, tournament_id, username):
        tournament, _ = visible(request, tournament_id)
        _self_or_organiser(request, tournament, username, "check in this entrant")
        return acted(services.check_in(tournament.pk, username, request.user.username))


class Seeding(APIView):
    permission_classes = OPEN

    @extend_schema(request=SeedingSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        tournament, _ = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, "seed this tournament")
        data = SeedingSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.seed(tournament.pk, request.user.username, data.validated_data["order"])
        return Response({"version": state.version, "seeds": state.seeds}, status=status.HTTP_201_CREATED)


class Rounds(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        _, state = visible(request, tournament_id)
        return Response(state.rounds)

    @extend_schema(request=None, responses={201: DICT})
    def post(self, request, tournament_id):
        """Start the next round (elimination brackets then advance by themselves)."""
        tournament, _ = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, "start rounds")
        state = services.start_round(tournament.pk, request.user.username)
        return Response({"version": state.version, "round": state.rounds[-1]}, status=status.HTTP_201_CREATED)


class ProjectionView(APIView):
    """Serves one cached projection of the tournament stream (rebuilt when the stream moved)."""

    permission_classes = OPEN
    projection = ""

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        tournament, state = visible(request, tournament_id)
        return Response(getattr(services.cached_projection(tournament, state), self.projection))


class Bracket(ProjectionView):
    projection = "bracket"


class Standings(ProjectionView):
    projection = "standings"


class PairingDetail(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, pairing_id):
        pairing = get_object_or_404(Pairing, pk=pairing_id)
        tournament, state = visible(request, pairing.tournament_id)
        bracket = bracket_of(state, tournament.pk)
        item = next(p for r in bracket["rounds"] for p in r["pairings"] if p["id"] == str(pairing_id))
        decisions = state.decisions.get(str(pairing_id), [])
        return Response({**item, "tournament": tournament.pk, "decisions": decisions})


class Penalties(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        _, state = visible(request, tournament_id)
        return Response(state.graded_penalties())

    @extend_schema(request=PenaltySerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        tournament, _ = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, "issue penalties")
        data = PenaltySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        _, penalty = services.issue_penalty(tournament.pk, v["entrant"], v["category"], v["text"],
                                            request.user.username,
                                            str(v["pairing_id"]) if v["pairing_id"] else None)
        return Response(penalty, status=status.HTTP_201_CREATED)


class RevokePenalty(APIView):
    permission_classes = OPEN

    @extend_schema(request=RequiredReasonSerializer, responses={201: DICT})
    def post(self, request, tournament_id, penalty_id):
        tournament, _ = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, "revoke penalties")
        data = RequiredReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        state = services.revoke_penalty(tournament.pk, str(penalty_id), data.validated_data["reason"],
                                        request.user.username)
        return Response({"version": state.version, "penalties": state.graded_penalties()},
                        status=status.HTTP_201_CREATED)


class KnowledgeTests(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        _, state = visible(request, tournament_id)
        return Response(state.tests)

    @extend_schema(request=KnowledgeTestSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        tournament, _ = visible(request, tournament_id)
        require(is_organiser(request.user, tournament) or is_referee(request.user, tournament), request.user,
                "record knowledge-test scores")
        data = KnowledgeTestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        return acted(services.record_knowledge_test(tournament.pk, v["entrant"], v["score"], request.user.username))


class Decisions(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        _, state = visible(request, tournament_id)
        return Response([d for ds in state.decisions.values() for d in ds])

    @extend_schema(request=DecisionSerializer, responses={201: DICT})
    def post(self, request, tournament_id):
        """A referee's tie, dispute or overrule decision; always with a written reason."""
        tournament, _ = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, "make referee decisions")
        data = DecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        return acted(services.referee_decision(tournament.pk, str(v["pairing_id"]), v["kind"], v["reason"],
                                               request.user.username, winner=v["winner"], score=v["score"]))


