"""Ratings tasks (service.md, "Ratings (Celery)"): consumers of the ``game_finished`` outbox topic."""
import logging

from celery import shared_task

from . import projection
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
