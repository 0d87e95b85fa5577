"""Ratings tasks (docs/rules/service.md, "Ratings (Celery)"): consumers of the ``game_finished`` outbox topic and of
the tournament's ``tournament.result_settled`` and ``tournament_upload_matched`` messages."""
import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from game.models import Game
from tournament.models import Tournament

from . import missed_results, projection, table_results
from .models import RatedResult
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
def rate_missed_games() -> int:
    """Beat's reconciliation pass: finished games whose result was never rated (missed_results.py)."""
    waited = timezone.now() - timedelta(seconds=settings.NIGHTDUEL_MISSED_RESULTS_AFTER_SECONDS)
    return missed_results.rate_missed_games(finished_before=waited)


@shared_task(acks_late=True)
def rebuild_all_ratings() -> dict:
    """Recompute every rating from the result events (league admin's "recompute ratings")."""
    return projection.rebuild()


def rate_settled_leg(**settled) -> int:
    """Rate a leg at the table (a consumer of ``tournament.result_settled``, run once per message).
    A correction of a leg rated before asks for a rebuild. Returns how many results it recorded."""
    result = table_results.result_of(settled)
    if result is None:
        return 0
    if table_results.is_correction(result):
        rebuild_all_ratings.delay()
        return 0
    return projection.record_result(result)


@shared_task(acks_late=True)
def rate_uploaded_tournament(tournament_id: int) -> int:
    """Rate what an entrant matched in an imported tournament (tournament/uploads.py) made ratable:
    its games whose every side is matched, its legs at the table between matched entrants.
    Idempotent per result, so each is rated once however often players are matched."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return 0
    recorded = 0
    games = Game.objects.filter(pairing_link__pairing__tournament=tournament, rated=True).values_list("pk", "version")
    for game_id, version in games:
        result = result_of(str(game_id), version)
        if result is None:
            continue
        with transaction.atomic():
            # Recorded "not rated" while its players were not all matched (by a rebuild or the
            # missed-results pass): that record gives way to the rated one.
            RatedResult.objects.filter(game_id=result.game_id, result_seq=result.result_seq,
                                       kind=RatedResult.Kind.NOT_RATED).delete()
            recorded += projection.record_result(result)
    for result in table_results.leg_results(tournament):
        if table_results.is_correction(result):
            rebuild_all_ratings.delay()
            return recorded
        recorded += projection.record_result(result)
    return recorded
