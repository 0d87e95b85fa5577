"""The reconciliation pass for ratings: finished games whose result was never recorded.

The outbox re-sends what a consumer has not run (kernel/outbox.py); this pass also covers what no
message stands for any more — a message the old outbox marked done when it only reached the
broker, which a Redis crash then lost. It rates each such result through the same projection
as the task, so exactly once: ``record_result`` checks ``RatedResult`` under the ledger's lock.
"""
from __future__ import annotations

import logging

from django.db.models import Exists, OuterRef

from game.models import Game

from . import projection
from .models import RatedResult
from .results import result_of

log = logging.getLogger(__name__)


def unrecorded_games(finished_before, limit: int):
    """``(game id, version)`` of finished games without any recorded result, oldest first."""
    recorded = RatedResult.objects.filter(game_id=OuterRef("pk"))
    return (Game.objects.exclude(status=Game.Status.RUNNING).filter(finished_at__lt=finished_before)
            .exclude(Exists(recorded)).order_by("finished_at").values_list("pk", "version")[:limit])


def rate_missed_games(finished_before, limit: int = 500) -> int:
    """Record (and rate) each missing result; how many were recorded now."""
    recorded = 0
    for game_id, version in unrecorded_games(finished_before, limit):
        result = result_of(str(game_id), version)
        if result is None:
            log.warning("finished game %s has no result event to rate", game_id)
            continue
        recorded += projection.record_result(result)
    return recorded
