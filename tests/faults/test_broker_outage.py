"""Redis (the broker) unreachable while games finish (README "Follow-up work"; issue 9 "Fault tests").

Moves are still accepted; the follow-up work waits in the transactional outbox
(kernel/outbox.py) and, once the broker is back, ``drain_outbox`` hands it to a real worker:
every finished game is rated exactly once, nothing lost. The shared Redis server is never
stopped: the outage is the broker URL pointing at a dead port.
"""
import pytest

from config.celery import app
from game.models import Game
from kernel.models import OutboxMessage
from kernel.tasks import drain_outbox
from ratings.models import RatedResult
from tests.conftest import client_for
from tests.worker import reset_connections, wait_until

DEAD_BROKER = "redis://127.0.0.1:1/0"
GAMES = 5


def finish_a_game(users) -> str:
    """Alice wins a one-roll dice race through the API (target 1)."""
    alice = client_for(users["alice"])
    created = alice.post("/api/games/", {"system": "dice-race", "setup": {"target": 1},
                                         "players": {"a": "alice", "b": "bob"}}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    moved = alice.post(f"/api/games/{game_id}/commands/", {"expected_version": 1, "command": {"type": "roll"}},
                       format="json")
    assert moved.status_code == 201, moved.content
    assert [e["type"] for e in moved.json()["events"]] == ["Rolled", "ResultRecorded", "Revealed"]
    return game_id


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_moves_are_accepted_while_the_broker_is_down_and_the_outbox_catches_up(users, real_celery_worker,
                                                                               settings):
    live_broker = app.conf.broker_url
    settings.CELERY_BROKER_URL = DEAD_BROKER  # Celery reads the Django settings (tests/worker.py)
    settings.CELERY_BROKER_CONNECTION_TIMEOUT = 0.5
    reset_connections()
    game_ids = [finish_a_game(users) for _ in range(GAMES)]

    assert Game.objects.filter(pk__in=game_ids, status="finished").count() == GAMES
    waiting = OutboxMessage.objects.filter(dispatched_at__isnull=True)
    assert sorted(m.payload["game_id"] for m in waiting) == sorted(game_ids)
    assert not RatedResult.objects.exists()

    settings.CELERY_BROKER_URL = live_broker
    reset_connections()
    assert drain_outbox.delay().get(timeout=30) == GAMES  # what beat does every 15 s
    wait_until(lambda: RatedResult.objects.filter(game_id__in=game_ids).count() == GAMES, timeout=30)
    assert not OutboxMessage.objects.filter(dispatched_at__isnull=True).exists()

    assert drain_outbox.delay().get(timeout=30) == 0  # nothing left, nothing sent twice
    assert sorted(RatedResult.objects.values_list("game_id", flat=True)) == sorted(
        Game.objects.filter(pk__in=game_ids).values_list("pk", flat=True))
