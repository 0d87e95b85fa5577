"""Sandboxes (issue "Replays that teach"): fork a finished game at a step, take a command back.
Thin: the rules are in ``game.sandboxes``; the replay and play pages call the same functions."""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from kernel.api.schema import with_errors
from kernel.refusals import CommandRejected
from kernel import refusals

from .. import sandboxes
from ..models import Game
from .serializers import ForkRequestSerializer, SandboxSerializer, UndoRequestSerializer
from .views import game_summary, games_with_seats


def sandbox_body(game: Game) -> dict:
    game = games_with_seats().get(pk=game.pk)
    return {**game_summary(game), "sandbox": game.sandbox, "forked_from": game.forked_from_id,
            "forked_at_step": game.forked_at_step}


def json_object(request, serializer_class):
    if not isinstance(request.data, dict):
        raise CommandRejected(refusals.INVALID, "malformed_request", _("body must be a JSON object"))
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class GameForks(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [ScopedRateThrottle]

    @extend_schema(request=ForkRequestSerializer,
                   responses=with_errors({201: SandboxSerializer}, 400, 401, 404, 409, 422))
    def post(self, request, game_id):
        """Play on from ``step`` of a finished game you may see: a new private, unrated sandbox,
        both seats yours, at the state after that step; 409 ``game_running`` while it is played."""
        data = json_object(request, ForkRequestSerializer)
        game = sandboxes.fork_game(user=request.user, game_id=game_id, step=data["step"], bot_side=data["bot_side"])
        return Response(sandbox_body(game), status=status.HTTP_201_CREATED)


class GameUndo(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [ScopedRateThrottle]

    @extend_schema(request=UndoRequestSerializer,
                   responses=with_errors({201: SandboxSerializer}, 400, 401, 403, 404, 409, 422))
    def post(self, request, game_id):
        """Take back the last command standing in your sandbox (``CommandTakenBack``); 409
        ``not_a_sandbox`` in any other game, 422 ``nothing_to_undo`` at the fork's own state."""
        data = json_object(request, UndoRequestSerializer)
        game = sandboxes.take_back(user=request.user, game_id=game_id, expected_version=data["expected_version"])
        return Response(sandbox_body(game), status=status.HTTP_201_CREATED)
