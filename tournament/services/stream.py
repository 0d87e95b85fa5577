"""Reading and appending a tournament stream ``tournament-<id>`` (service.md, "Event sourcing").

Every write locks the tournament row, folds the stream and appends at the folded version, so
an append is exactly-once under concurrency.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from game import outbox, refusals
from game.models import StoredEvent
from game.services import CommandRejected
from game.store import NewEvent, append_events

from ..models import Tournament
from ..state import TournamentState


def reject(kind: str, code: str, message: str):
    raise CommandRejected(kind, code, message)


def load_state(tournament: Tournament) -> TournamentState:
    rows = StoredEvent.objects.filter(stream=tournament.stream).order_by("seq").values("seq", "type", "payload")
    return TournamentState(list(rows))


def lock(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        reject(refusals.NOT_FOUND, "tournament_not_found", _("no such tournament"))


def append(tournament: Tournament, state: TournamentState, events: list[NewEvent], actor: str) -> None:
    """Append at the folded version; the committed range goes to notifications and webhooks."""
    after = state.version
    rows = append_events(tournament.stream, after, events, actor=actor)
    for row in rows:
        state.apply({"seq": row.seq, "type": row.type, "payload": row.payload})
    outbox.enqueue(outbox.TOURNAMENT_EVENTS, {"tournament_id": tournament.pk, "after": after, "until": state.version})

