"""Ratings tasks (service.md, "Ratings (Celery)"): consumers of the ``game_finished`` outbox topic."""
import logging

from celery import shared_task

from tournament.models import Tournament

from . import projection, table_results
from .results import result_of

log = logging.getLogger(__name__)


@shared_task(acks_late=True)
def rate_finished_game(game_id: str, result_seq: int) -> bool:
    """Rate the result a finished game's closing batch ends at; True if it changed anything.

    Idempotent per result: a second delivery finds the tracking record and returns False.
    """
    result = result_of(game_id, result_seq)
    if result is None:
        log.warning("no result event at or before seq %s of game %s", result_seq, game_id)
        return False
    return projection.record_result(result)


@shared_task(acks_late=True)
def rebuild_all_ratings() -> dict:
    """Recompute every rating from the result events (league admin's "recompute ratings")."""
    return projection.rebuild()


@shared_task(acks_late=True)
def rate_table_legs(tournament_id: int, after: int, until: int) -> int:
    """Rate the legs at the table a committed range of a tournament stream settled (a consumer of
    ``tournament_events``); idempotent per settling event. A correction of a leg rated before
    asks for a rebuild. Returns how many results it recorded."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    recorded = 0
    for result in table_results.leg_results(tournament, after, until):
        if table_results.is_correction(result):
            rebuild_all_ratings.delay()
            return recorded
        recorded += projection.record_result(result)
    return recorded
