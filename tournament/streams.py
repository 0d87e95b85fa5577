"""A tournament's live stream (issue 16): ``GET /api/tournaments/{id}/stream/``.

The same messages as a game's stream (game/api/streams.py): ``stored-event`` per event (id =
seq), then ``version`` with the tournament summary; the tournament pages redraw the bracket
and standings on it. Everything in a tournament stream is public to whoever may view it.
"""
from game.api.streams import StreamView, stream_schema
from kernel.streaming import Message, WithSideFeeds, event_stream, position

from .models import Tournament
from .state import CANCELLED, FINISHED
from .views import summary, tournament_events, tournaments, visible


class TournamentFeed:
    def __init__(self, tournament: Tournament, user):
        self.tournament_id, self.user = tournament.pk, user
        self.keys = (tournament.stream,)

    def share_key(self, after: int):
        return None if self.user.is_authenticated else (self.keys[0], after)

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        tournament = tournaments().visible_to(self.user).filter(pk=self.tournament_id).first()
        if tournament is None:
            return [], after, True
        events = tournament_events(tournament, after)
        version = events[-1]["seq"] if events else after
        messages = [Message("stored-event", e, e["seq"]) for e in events]
        if events:
            messages.append(Message("version", {**summary(tournament), "version": version}, version))
        return messages, version, tournament.status in (FINISHED, CANCELLED)


class TournamentStream(StreamView):
    @stream_schema(400, 404)
    def get(self, request, tournament_id):
        """The tournament live, as Server-Sent Events (id = seq); resumes after ``Last-Event-ID``; 204 once an
        ended tournament is read."""
        after = position(request)
        tournament, _ = visible(request, tournament_id)
        return event_stream(request, WithSideFeeds(TournamentFeed(tournament, request.user), request.user), after)
