"""Reading and appending a tournament stream ``tournament-<id>`` (docs/rules/service.md, "Event sourcing").

Every write locks the tournament row, folds the stream and appends at the folded version, so
an append is exactly-once under concurrency.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from kernel import refusals
from kernel.models import StoredEvent
from kernel.refusals import CommandRejected
from kernel.store import NewEvent, append_events

from .. import messages
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
    """Append at the folded version, and publish what the events tell the apps above in the same
    transaction (tournament/messages.py)."""
    rows = append_events(tournament.stream, state.version, events, actor=actor)
    messages.publish(messages.derive(tournament, state, [
        {"id": row.id, "seq": row.seq, "type": row.type, "payload": row.payload, "recorded_at": row.recorded_at}
        for row in rows]))

