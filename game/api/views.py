"""Game endpoints (issue 2 §6). Thin: validation in serializers, work in ``game.services``."""
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import imports, pauses, replay, services
from kernel import refusals
from accounts.roles import is_league_admin
from .. import imports, pauses, replay, replay_fog, services
from ..folding import engine_of, game_aggregate, outcome_of
from ..models import Game, GameSeat
from ..presentation import in_words
from kernel.store import read_events
from kernel.replica import reads_may_lag
from ..visibility import may_view_game, sight_for
from .serializers import CommandSerializer, CreatedGameSerializer, CreateGameSerializer, EndingRequestSerializer, EventsSerializer, GameDetailSerializer, GameSummarySerializer, ImportedGameSerializer, ReplaySerializer
from kernel.api.schema import with_errors
from kernel.api.throttling import WindowedScopedRateThrottle


def games_with_seats():
    return Game.objects.prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("user")))


def visible_game(request, game_id) -> Game:
    game = get_object_or_404(games_with_seats(), pk=game_id)
    if not may_view_game(request.user, game):
        raise services.CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
    return game


def game_summary(game: Game) -> dict:
    return {
        "id": game.pk, "system": game.system, "status": game.status, "version": game.version,
        "to_move": game.to_move, "outcome": game.outcome,
        "players": {**game.recorded_players, **{s.side: s.user.get_username() for s in game.seats.all()}},
        "deadline_at": game.deadline_at, "vacations": vacations_in(game), "created_at": game.created_at,
    }


def vacations_in(game: Game) -> list[dict]:
    """Who is on vacation (or about to be) in a correspondence game, until when."""
    players = {s.side: s.user.get_username() for s in game.seats.all()}
    return [{**pause, "player": players.get(pause["side"], "")} for pause in pauses.on_vacation(game, timezone.now())]


def game_detail(game: Game, user, requested_side: str | None = None) -> dict:
    sight = sight_for(user, game)
    system = engine_of(game)
    aggregate = game_aggregate(game)
    side = sight.view_side(requested_side)
    seats = sorted(sight.sides)
    return {
        **game_summary(game),
        "your_sides": seats,
        "viewing_as": side,
        "view": system.view(aggregate["engine"], side),
        "legal_actions": (
            system.legal_actions(aggregate["engine"], side)
            if game.status == Game.Status.RUNNING and side in sight.sides and side in game.to_move else []
        ),
        "outcome": outcome_of(system, aggregate),
        "clock": game.clock,
        "time_control": game.time_control,
        "head_hash": game.head_hash if sight.everything else None,
    }


class GameListCreate(APIView):
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(responses=with_errors({200: GameSummarySerializer(many=True)}, 401), parameters=[
        OpenApiParameter("mine", bool), OpenApiParameter("system", str), OpenApiParameter("status", str)])
    def get(self, request):
        """Games you may see (public ones and your own), newest first; ``mine``, ``system`` and ``status`` filter."""
        games = games_with_seats()
        if not is_league_admin(request.user):
            games = games.filter(is_public=True) | games.filter(seats__user=request.user.pk or -1)
        if request.query_params.get("mine") in {"1", "true"}:
            games = games.filter(seats__user=request.user.pk or -1)
        for field in ("system", "status"):
            if request.query_params.get(field):
                games = games.filter(**{field: request.query_params[field]})
        games = games.distinct()[:200]
        return Response([game_summary(g) for g in games])

    @extend_schema(request=CreateGameSerializer,
                   responses=with_errors({201: CreatedGameSerializer}, 400, 401, 403, 413, 422))
    def post(self, request):
        """Create a game you play in (league admins: any game). The answer names the side(s) to move;
        ``GameCreated`` publishes sha256 of the secret dice seed."""
        data = CreateGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        if not (request.user in v["players"].values() or is_league_admin(request.user)):
            raise services.CommandRejected(refusals.FORBIDDEN, "not_a_player",
                                           _("you may only create games you play in"))
        game = services.create_game(
            system_name=v["system"], setup=v["setup"], players=v["players"], created_by=request.user,
            time_control=v["time_control"], rated=v["rated"], is_public=v["is_public"],
        )
        return Response({"id": game.pk, "version": game.version, "system": game.system,
                         "to_move": game.to_move}, status=status.HTTP_201_CREATED)


class GameDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("side", str)],
                   responses=with_errors({200: GameDetailSerializer}, 401, 404))
    def get(self, request, game_id):
        """A game as you may see it: your side's view (``side`` picks one of your seats, or ``referee``),
        the legal actions of the side you play, players, clocks and the version to send with a command."""
        game = visible_game(request, game_id)
        return Response(game_detail(game, request.user, request.query_params.get("side")))


class GameCommands(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request=CommandSerializer, responses=with_errors({201: EventsSerializer}, 400, 401, 403, 404,
                                                                       409, 413, 422),
                   parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)])
    def post(self, request, game_id):
        """Submit a command for your side at ``expected_version``: the rules engine validates it (422 with a
        machine code; a field the command does not have: ``unknown_field``), a stale version is a 409, an
        ``Idempotency-Key`` (yours, in this game) makes a retry return the first answer and refuses another
        command under it (422 ``idempotency_key_reused``)."""
        if not isinstance(request.data, dict):
            raise services.CommandRejected(refusals.INVALID, "malformed_command", _("body must be a JSON object"))
        data = CommandSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code, body = services.submit_command(
            game_id=game_id, user=request.user, command=data.validated_data["command"],
            expected_version=data.validated_data["expected_version"], side=data.validated_data["side"],
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return Response(body, status=code)


def visible_events(game: Game, user, after: int = 0) -> list[dict]:
    """The game's events after ``after`` that ``user`` may see, each with its words (text,
    filter category, replay marker): the event log of the API and of the play page."""
    sight = sight_for(user, game)
    events = [services.serialize_event(r, sight)
              for r in read_events(game.stream, after=after, until=game.version) if sight.may_see(r.visibility)]
    return [{**e, **in_words(game.system, e)} for e in events]


def int_param(request, name: str, default: int) -> int:
    try:
        return int(request.query_params.get(name, default))
    except ValueError:
        raise services.CommandRejected(refusals.INVALID, "malformed_query",
                                       _("%(name)s must be an integer") % {"name": name}) from None


class GameEvents(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("after", int)],
                   responses=with_errors({200: EventsSerializer}, 400, 401, 404))
    def get(self, request, game_id):
        """The events you may see, after seq ``after``: the other side's hidden moves stay hidden until the end."""
        game = visible_game(request, game_id)
        after = int_param(request, "after", 0)
        return Response({"version": game.version, "events": visible_events(game, request.user, after)})


def finished_game(request, game_id) -> Game:
    game = visible_game(request, game_id)
    if game.status == Game.Status.RUNNING:
        raise services.CommandRejected(refusals.CONFLICT, "game_running",
                                       _("replays and exports are for finished games"))
    return game


def finished_records(request, game_id):
    game = finished_game(request, game_id)
    return game, [replay.EventRecord.from_row(r) for r in read_events(game.stream)]


def verification_body(game: Game, records: list) -> dict:
    """The seed and what checking it found (docs/rules/service.md "Provably fair randomness")."""
    check = replay.verify(game.stream, records)
    created = records[0].payload if records else {}
    return {"seed": check.seed, "seed_commitment": created.get("seed_commitment"),
            "seed_verified": check.seed_verified, "rolls_checked": check.rolls_checked,
            "verified": check.ok, "problems": check.problems,
            "head_hash": check.head_hash, "chain_broken_at": check.chain_broken_at}


@reads_may_lag
class GameReplay(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("as", str, description="see the steps as this side saw them live "
                                                                        "(an engine side name); omitted: everything")],
                   responses=with_errors({200: ReplaySerializer}, 400, 401, 404, 409))
    def get(self, request, game_id):
        """A finished game step by step with everything revealed (or ``as`` one side saw it), in
        one answer (large; a viewer pages through ``replay/steps/`` instead); the dice seed and
        the route commitment verified and every roll re-derived."""
        game, records = finished_records(request, game_id)
        side = replay_fog.checked_side(game, request.query_params.get("as"))
        return Response({
            **game_summary(game),
            **verification_body(game, records),
            "steps": replay.replay_steps(game.system, records, side=side),
        })


class GameExport(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({(200, "application/x-ndjson"): str}, 401, 404, 409))
    def get(self, request, game_id):
        """A finished game's events as JSON lines, for import elsewhere."""
        game, records = finished_records(request, game_id)
        response = HttpResponse(replay.export_lines(game.stream, game.system, records),
                                content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="{game.system}-{game.pk}.jsonl"'
        return response


class GameImport(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request={"application/x-ndjson": str},
                   responses=with_errors({201: ImportedGameSerializer}, 400, 401, 409, 413, 422))
    def post(self, request):
        """Import an exported game (JSON lines): stored only if every event re-derives from its recorded
        commands and dice (422 naming the first ``seq`` that does not); nobody is seated — each player
        named in it claims his own seat (``claim-seat/``). Unrated."""
        try:
            text = request.body.decode("utf-8", errors="replace")
        except RequestDataTooBig:  # a body sent without Content-Length
            raise services.CommandRejected(refusals.TOO_LARGE, "payload_too_large",
                                           _("request body over %(limit)s bytes") % {
                "limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}) from None
        game = imports.import_game(text, request.user)
        return Response({"id": game.pk, "version": game.version, "outcome": game.outcome}, status=201)


class GameClaimSeat(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request=EndingRequestSerializer, responses=with_errors({200: GameSummarySerializer}, 400, 401, 403,
                                                                          404, 409))
    def post(self, request, game_id):
        """Take your seat in an imported game: the sides its history gives to your user name (``side``
        picks one); a seat recorded under another name is refused (403 ``not_your_seat``)."""
        if not isinstance(request.data, dict):
            raise services.CommandRejected(refusals.INVALID, "malformed_request", _("body must be a JSON object"))
        data = EndingRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = imports.claim_seat(game_id, request.user, data.validated_data["side"])
        return Response(game_summary(games_with_seats().get(pk=game.pk)))
