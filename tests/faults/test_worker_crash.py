"""A Celery worker killed in the middle of a timeout sweep (docs/rules/service.md "Clocks and timeouts":
adjudicated exactly once, even with a task run twice; issue 9 "Fault tests").

The worker is SIGKILLed while its sweep has adjudicated some overdue games but not all; a new
worker then runs the sweeps beat would send. Every overdue game ends with exactly one
``TimeoutAdjudicated`` and nothing else.
"""
from datetime import timedelta

import pytest
from django.utils import timezone

from game import services
from game.models import Game
from kernel.models import StoredEvent
from game.tasks import sweep_timeouts
from tests.conftest import client_for
from tests.doubles import RACE
from tests.worker import wait_until

OVERDUE_GAMES = 60


def overdue_games(users) -> list[Game]:
    games = []
    for _ in range(OVERDUE_GAMES):
        game = services.create_game(system_name=RACE, setup={"target": 1000},
                                    players={"a": users["alice"], "b": users["bob"]},
                                    time_control={"kind": "per-move", "seconds": 3600})
        response = client_for(users["alice"]).post(f"/api/games/{game.pk}/commands/",
                                                   {"expected_version": 1, "command": {"type": "roll"}}, format="json")
        assert response.status_code == 201
        games.append(game)
    Game.objects.filter(pk__in=[g.pk for g in games]).update(deadline_at=timezone.now() - timedelta(seconds=5))
    return games


def adjudicated() -> int:
    return Game.objects.exclude(status=Game.Status.RUNNING).count()


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_sweep_leaves_every_overdue_game_adjudicated_exactly_once(users, real_celery_worker):
    games = overdue_games(users)
    sweep_timeouts.delay()
    done_at_kill = wait_until(lambda: adjudicated() or None, timeout=30, interval=0.005)
    real_celery_worker.kill()
    assert done_at_kill < OVERDUE_GAMES, "the sweep finished before the kill: nothing was interrupted"

    real_celery_worker.start()
    retried = [sweep_timeouts.delay() for _ in range(3)]  # beat's next sweeps, racing each other
    [r.get(timeout=60) for r in retried]
    wait_until(lambda: adjudicated() == OVERDUE_GAMES, timeout=60)

    endings = list(StoredEvent.objects.filter(stream__in=[g.stream for g in games], seq__gt=2)
                   .values_list("stream", "type"))
    per_game = {g.stream: [t for s, t in endings if s == g.stream] for g in games}
    assert all(types == ["TimeoutAdjudicated", "ResultRecorded", "Revealed"] for types in per_game.values()), per_game
    assert set(Game.objects.filter(pk__in=[g.pk for g in games]).values_list("status", "version")) == {("finished", 5)}
