"""Moves while the broker or the outbox relay is down (README "Follow-up work"; issues 9 and 31).

No request talks to the broker: a command commits its outbox message with its events and the
relay (kernel/relay.py, ``manage.py relay_outbox`` in a process of its own) publishes it. Here
every publish from the test's process, which serves the requests, fails the test. Moves are
accepted while the relay is stopped or Redis is killed; once either is back the relay hands the
waiting work on and a real worker rates every finished game exactly once.
"""
import time

import pytest
from kombu import Producer

from game.models import Game
from kernel.models import OutboxMessage
from ratings.models import RatedResult
from tests.conftest import client_for
from tests.worker import RelayProcess, WorkerProcess, tasks_sent_to, wait_until

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


PUBLISHED: list = []


def refuse_publish(producer, body, *args, **kwargs):
    """Recorded, then refused: the service swallows a failed publish (the re-send pass is there
    for it), so the test reads the record."""
    PUBLISHED.append(body)
    raise AssertionError("a publish to the broker from the request path")


@pytest.fixture
def no_publish_here(monkeypatch):
    """From here on, anything this process (the requests') sends to a broker fails the test."""
    PUBLISHED.clear()
    monkeypatch.setattr(Producer, "publish", refuse_publish)
    yield
    assert PUBLISHED == [], "the requests published to the broker"


def waiting_for_the_relay() -> list[str]:
    return sorted(m.payload["game_id"] for m in OutboxMessage.objects.filter(dispatched_at__isnull=True))


def assert_each_rated_once(game_ids: list[str]) -> None:
    wait_until(lambda: RatedResult.objects.filter(game_id__in=game_ids).count() == GAMES, timeout=60)
    wait_until(lambda: not OutboxMessage.objects.filter(consumed_at__isnull=True).exists(), timeout=30)
    time.sleep(1)  # a second delivery would show now
    assert sorted(str(g) for g in RatedResult.objects.values_list("game_id", flat=True)) == sorted(game_ids)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_moves_are_accepted_while_the_relay_is_down_and_their_work_goes_once_it_is_back(
        users, real_celery_worker, no_publish_here):
    real_celery_worker.relay.stop()  # its NOTIFYs are lost: its first pass when back finds them
    game_ids = [finish_a_game(users) for _ in range(GAMES)]
    assert PUBLISHED == [], "the requests published to the broker"

    assert Game.objects.filter(pk__in=game_ids, status="finished").count() == GAMES
    assert waiting_for_the_relay() == sorted(game_ids)
    assert not RatedResult.objects.exists()

    real_celery_worker.relay.start()
    assert_each_rated_once(game_ids)
    assert waiting_for_the_relay() == []


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_moves_are_accepted_while_the_broker_is_down_and_the_relay_catches_up(users, own_redis, settings):
    """Redis killed (``kill -9``) under a running relay and worker, games finished meanwhile, Redis
    started again empty: the relay publishes what it could not, nothing lost, nothing doubled."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with tasks_sent_to(own_redis.url) as queue:
        relay, worker = RelayProcess(queue, own_redis.url), WorkerProcess(queue, own_redis.url, concurrency=2)
        try:
            relay.start()
            worker.start()
            own_redis.kill()
            with pytest.MonkeyPatch.context() as patch:
                PUBLISHED.clear()
                patch.setattr(Producer, "publish", refuse_publish)
                game_ids = [finish_a_game(users) for _ in range(GAMES)]
            assert PUBLISHED == [], "the requests published to the broker"
            time.sleep(3)  # the relay's passes meanwhile: each refused by the dead broker
            assert waiting_for_the_relay() == sorted(game_ids)
            assert relay.process.poll() is None, f"the relay exited: see {relay.log}"

            own_redis.start()
            assert_each_rated_once(game_ids)
            assert waiting_for_the_relay() == []
        finally:
            worker.stop()
            relay.stop()
