"""A finished game's replay a page at a time (issue 15): the viewer loads the steps it shows,
and the seed check on its own, beside the all-in-one ``replay/`` (game/api/views.py)."""
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from game import replay, services
from kernel import refusals
from kernel.replica import reads_may_lag
from .serializers import ReplayStepsSerializer, VerificationSerializer
from kernel.api.schema import with_errors
from .. import replay, replay_fog, services
from .serializers import ReplayFogSerializer, ReplayStepsSerializer, VerificationSerializer
from .views import finished_game, finished_records, int_param, verification_body

DEFAULT_STEPS = 20
AS_PARAMETER = OpenApiParameter(
    "as", str, description="see the game as this side saw it live (an engine side name: british, german, german2, "
                           "raf, luftwaffe, player…): its view of the state, its log; omitted: everything")


@method_decorator(gzip_page, name="dispatch")
@reads_may_lag
class GameReplaySteps(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("start", int, description="first event seq (1 = the game's creation)"),
                               OpenApiParameter("count", int, description=f"steps, 1..{replay.MAX_STEPS_PER_PAGE}"),
                               AS_PARAMETER],
                   responses=with_errors({200: ReplayStepsSerializer}, 400, 401, 404, 409))
    def get(self, request, game_id):
        """Steps ``start`` … ``start + count - 1``: each event (with its words) and the full
        state after it, folded from the nearest snapshot; with ``as`` as that side saw them (an
        event hidden from it keeps its place, marked ``hidden``, without its contents)."""
        game = finished_game(request, game_id)
        side = replay_fog.checked_side(game, request.query_params.get("as"))
        start, count = int_param(request, "start", 1), int_param(request, "count", DEFAULT_STEPS)
        if not 1 <= start <= game.version:
            raise services.CommandRejected(refusals.INVALID, "malformed_query",
                                           _("start must be between 1 and %(version)s") % {"version": game.version})
        if not 1 <= count <= replay.MAX_STEPS_PER_PAGE:
            raise services.CommandRejected(refusals.INVALID, "malformed_query",
                                           _("count must be between 1 and %(max)s")
                                           % {"max": replay.MAX_STEPS_PER_PAGE})
        last = min(game.version, start + count - 1)
        return Response({"version": game.version, "start": start,
                         "steps": replay.steps_between(game.system, game.stream, start, last, side)})


@reads_may_lag
class GameReplayFog(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({200: ReplayFogSerializer}, 401, 404, 409))
    def get(self, request, game_id):
        """Where the hidden piece could have been at each step, as its hunter saw it (Duel in the
        Dark: the Bomber, as the German saw it): computed once after the game ends;
        ``status`` "computing" until then (the request starts it if needed), "none" for a
        system without such maps."""
        return Response(replay_fog.maps_of(finished_game(request, game_id)))


@reads_may_lag
class GameReplayVerification(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({200: VerificationSerializer}, 401, 404, 409))
    def get(self, request, game_id):
        """The revealed seed, checked against its commitment, every die re-derived from it and
        every command re-decided (the same check as ``replay/``), without the steps."""
        game, records = finished_records(request, game_id)
        return Response(verification_body(game, records))
