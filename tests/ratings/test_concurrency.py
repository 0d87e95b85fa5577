"""Two deliveries of rating tasks at the same moment (docs/rules/service.md: tasks are idempotent, Celery
may run them on several workers). Threads use their own database connections.

PostgreSQL only: the in-memory SQLite test database is shared-cache (table locks, not row
locks) and cannot be flushed after a transactional test (the events table is append-only).
"""
import threading

import pytest
from django.conf import settings as django_settings
from django.db import connection

from ratings.models import RatedResult, RatingChange
from ratings.tasks import rate_finished_game
from tests.ratings.games import play
from tests.ratings.projection_snapshot import projection_snapshot
from tests.ratings.test_projection import rebuilt_equals_incremental

pytestmark = [
    pytest.mark.skipif("postgresql" not in django_settings.DATABASES["default"]["ENGINE"], reason="needs PostgreSQL, an outside service (set DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


def run_at_once(calls):
    barrier = threading.Barrier(len(calls))
    outcomes, errors = [], []

    def run(call):
        try:
            barrier.wait()
            outcomes.append(call())
        except Exception as exc:  # reported below: a thread's exception would otherwise vanish
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors, errors
    return outcomes


@pytest.fixture
def games(users, settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    return [play(alice, bob, "a"), play(bob, carol, "b"), play(carol, alice, "a")]


def deliver(game):
    return lambda: rate_finished_game(str(game.pk), game.version)


def test_the_same_task_delivered_twice_at_once_rates_once(games):
    outcomes = run_at_once([deliver(games[0]), deliver(games[0])])
    assert sorted(outcomes) == [False, True]
    assert RatedResult.objects.count() == 1 and RatingChange.objects.count() == 2


def test_different_games_rated_at_once_in_any_order_equal_the_rebuild(games):
    run_at_once([deliver(g) for g in reversed(games)] + [deliver(games[1])])
    assert RatedResult.objects.count() == 3
    before = projection_snapshot()
    assert rebuilt_equals_incremental()
    assert projection_snapshot() == before
