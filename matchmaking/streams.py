"""The lobby's and a challenge's live streams (Server-Sent Events; matchmaking/live.py):
``GET /api/seeks/stream/`` and ``GET /api/challenges/{id}/stream/``. A signed-in viewer also
gets the ``notifications`` side messages, as on every stream."""
from rest_framework import permissions

from game.api.streams import StreamView, stream_schema
from kernel.streaming import WithSideFeeds, event_stream, position

from . import services
from .api import visible
from .live import ChallengeFeed, LobbyFeed


class LobbyStream(StreamView):
    permission_classes = [permissions.IsAuthenticated]

    @stream_schema(400, 401)
    def get(self, request):
        """The lobby live: a ``lobby`` message with the ids of the open seeks whenever a seek is opened, joined,
        cancelled or expires (re-read ``GET /api/seeks/`` with your filters then)."""
        after = position(request)
        return event_stream(request, WithSideFeeds(LobbyFeed(), request.user), after)


class ChallengeStream(StreamView):
    permission_classes = [permissions.IsAuthenticated]

    @stream_schema(400, 401, 404)
    def get(self, request, challenge_id):
        """A challenge live: a ``challenge`` message (status, accepted sides, ``game_url`` once started) whenever
        it changes; the last one, when it closes, has id 1, and a reconnect after it is answered 204."""
        after = position(request)
        challenge = visible(request, challenge_id)
        feed = ChallengeFeed(challenge, services.visible_challenges(request.user))
        return event_stream(request, WithSideFeeds(feed, request.user), after)
