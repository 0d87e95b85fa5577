"""Ratings through a real Redis broker and Celery worker (docs/rules/service.md, "Ratings (Celery)").

Needs PostgreSQL and Redis: ``DATABASE_URL=postgresql://... pytest -m celery_worker``;
skipped on SQLite by the ``real_celery_worker`` fixture.
"""
import os

import pytest
from celery.backends.redis import RedisBackend
from celery.result import AsyncResult

from config.celery import app
from ratings.models import PlayerRating, RatedResult
from ratings.tasks import rate_finished_game
from tests.ratings.games import forfeit, play, start
from tests.ratings.projection_snapshot import projection_snapshot
from tests.worker import DEFAULT_REDIS, wait_until

TASK_TIMEOUT = 30


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_rates_finished_games_and_a_redelivered_task_changes_nothing(real_celery_worker, users):
    alice, bob = users["alice"], users["bob"]
    first = play(alice, bob, winner="a")
    forfeit(start(alice, bob), loser="b")
    wait_until(lambda: PlayerRating.objects.filter(player=alice, games=2).exists(), timeout=TASK_TIMEOUT)
    alice_rating = PlayerRating.objects.get(player=alice)
    assert alice_rating.wins == 2
    assert alice_rating.rating == pytest.approx(1520.0 + 40 * (1 - 1 / (1 + 10 ** (-40 / 400))))

    before = projection_snapshot()
    sent = rate_finished_game.apply_async(kwargs={"game_id": str(first.pk), "result_seq": first.version})
    assert worker_result(sent.id).get(timeout=TASK_TIMEOUT) is False
    assert projection_snapshot() == before
    assert RatedResult.objects.count() == 2


def worker_result(task_id: str) -> AsyncResult:
    """Read the result where the worker stores it (the app may hold a backend cached earlier)."""
    backend = RedisBackend(app=app, url=os.environ.get("REDIS_URL", DEFAULT_REDIS))
    return AsyncResult(task_id, backend=backend, app=app)
