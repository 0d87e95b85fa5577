"""Live streams over Server-Sent Events (issue 16): ``GET /api/games/{id}/stream/``.

Each message is one of
- ``stored-event`` (``id`` = its seq): an event as ``/events/`` shows it to this viewer;
- ``version`` (``id`` = the game's version): the game summary after a batch of events, sent
  even when the batch was hidden from this viewer, so a reconnect resumes after it;
- side messages without an id, e.g. ``notifications`` for a signed-in viewer.
A reconnect with ``Last-Event-ID: N`` (or ``?after=N``) gets exactly the visible events after N.
"""
import json

from django.core.serializers.json import DjangoJSONEncoder
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.views import APIView

from ..models import Game
from kernel.streaming import Message, WithSideFeeds, event_stream, position
from ..visibility import may_view_game
from kernel.api.schema import with_errors
from .views import game_summary, games_with_seats, visible_events, visible_game


class EventStreamRenderer(BaseRenderer):
    """Lets a client ask for ``text/event-stream``; error answers are still ``{code, message}`` JSON."""

    media_type = "text/event-stream"
    format = "event-stream"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return json.dumps(data, cls=DjangoJSONEncoder).encode()


class StreamEventSerializer(serializers.Serializer):
    """One Server-Sent Event: ``data`` is the JSON text of the event, the summary or the unread list."""

    event = serializers.ChoiceField(["stored-event", "version", "notifications", "lobby", "challenge"], required=False)
    id = serializers.CharField(required=False, help_text="the seq, for stored-event and version")
    data = serializers.CharField(required=False)
    retry = serializers.IntegerField(required=False, help_text="milliseconds before a reconnect")


def stream_schema(*statuses: int):
    """The OpenAPI description shared by every live stream endpoint."""
    return extend_schema(
        parameters=[OpenApiParameter("after", int, description="resume after this seq"),
                    OpenApiParameter("Last-Event-ID", int, OpenApiParameter.HEADER,
                                     description="sent by a reconnecting EventSource; wins over ?after")],
        responses=with_errors({(200, "text/event-stream"): StreamEventSerializer, 204: None}, *statuses),
    )


class StreamView(APIView):
    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer, EventStreamRenderer]


class GameFeed:
    """One viewer's game stream, read with the same filter as ``/events/`` (game/api/views.py)."""

    def __init__(self, game: Game, user):
        self.game_id, self.user = game.pk, user
        self.keys = (game.stream,)

    def share_key(self, after: int):
        return None if self.user.is_authenticated else (self.keys[0], after)

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        game = games_with_seats().filter(pk=self.game_id).first()
        if game is None or not may_view_game(self.user, game):
            return [], after, True
        messages = [Message("stored-event", e, e["seq"]) for e in visible_events(game, self.user, after)]
        if game.version > after:
            messages.append(Message("version", game_summary(game), game.version))
        return messages, max(after, game.version), game.status != Game.Status.RUNNING


class GameStream(StreamView):
    @stream_schema(400, 404)
    def get(self, request, game_id):
        """The game live, as Server-Sent Events: the events you may see (id = seq), then the summary; resumes after
        ``Last-Event-ID``; 204 once an ended game is read."""
        after = position(request)
        game = visible_game(request, game_id)
        return event_stream(request, WithSideFeeds(GameFeed(game, request.user), request.user), after)
