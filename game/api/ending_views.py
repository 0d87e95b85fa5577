"""Ending a game by its players (issue 15): resign, abort by agreement, claim on time.
Thin: the rules are in ``game.endings``; the page's buttons call the same functions."""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from .. import endings
from kernel import refusals
from kernel.refusals import CommandRejected
from .serializers import EndingRequestSerializer, GameSummarySerializer
from kernel.api.schema import with_errors
from .. import endings
from .views import game_summary, games_with_seats

ENDING_ERRORS = (400, 401, 403, 404, 409, 422)


class GameEnding(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [ScopedRateThrottle]
    end = None  # the endings function: (game_id, user, side) -> Game

    def post(self, request, game_id):
        if not isinstance(request.data, dict):
            raise CommandRejected(refusals.INVALID, "malformed_request", _("body must be a JSON object"))
        data = EndingRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = self.end(game_id, request.user, data.validated_data["side"])
        return Response(game_summary(games_with_seats().get(pk=game.pk)), status=status.HTTP_201_CREATED)


class GameResign(GameEnding):
    end = staticmethod(endings.resign)

    @extend_schema(request=EndingRequestSerializer, responses=with_errors({201: GameSummarySerializer}, *ENDING_ERRORS))
    def post(self, request, game_id):
        """Resign: your side loses (``GameResigned``); rated as a loss."""
        return super().post(request, game_id)


class GameAbort(GameEnding):
    end = staticmethod(endings.propose_abort)

    @extend_schema(request=EndingRequestSerializer, responses=with_errors({201: GameSummarySerializer}, *ENDING_ERRORS))
    def post(self, request, game_id):
        """Propose to abort, or agree to the other player's proposal: once every player has,
        the game is aborted (unrated). Only before the second side's first move (409
        ``too_late_to_abort``)."""
        return super().post(request, game_id)


class GameClaimTimeout(GameEnding):
    end = staticmethod(endings.claim_timeout)

    @extend_schema(request=EndingRequestSerializer, responses=with_errors({201: GameSummarySerializer}, *ENDING_ERRORS))
    def post(self, request, game_id):
        """Claim the win when the side to move has run out of time: the timeout is adjudicated
        now, exactly as the periodic sweep would (422 ``time_left``, ``untimed_game``, ``own_clock``)."""
        return super().post(request, game_id)
