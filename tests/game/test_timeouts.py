"""Clocks and timeouts (docs/rules/service.md "Clocks and timeouts"): the side out of time loses,
an unstarted game is aborted, and adjudication happens exactly once."""
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from game import services, timeouts
from game.models import Game
from kernel.models import StoredEvent
from game.tasks import adjudicate_timeout, sweep_timeouts
from tests.conftest import client_for
from tests.doubles import RACE
from tests.worker import wait_until


def new_game(users, tc):
    return services.create_game(system_name=RACE, setup={"target": 50},
                                players={"a": users["alice"], "b": users["bob"]}, time_control=tc)


def roll(users, game, who="alice"):
    game.refresh_from_db()
    response = client_for(users[who]).post(f"/api/games/{game.pk}/commands/",
                                           {"expected_version": game.version, "command": {"type": "roll"}},
                                           format="json")
    assert response.status_code == 201


def endings(game):
    return list(StoredEvent.objects.filter(stream=game.stream, type__in=["TimeoutAdjudicated", "GameAborted"])
                .values_list("type", "payload"))


@pytest.mark.django_db
def test_per_move_deadline_runs_from_the_last_move(users):
    game = new_game(users, {"kind": "per-move", "seconds": 3600})
    roll(users, game)
    game.refresh_from_db()
    assert game.to_move == ["b"]
    assert abs((game.deadline_at - game.turn_started_at).total_seconds() - 3600) < 1


@pytest.mark.django_db
def test_clock_charges_the_mover_and_adds_the_increment(users):
    game = new_game(users, {"kind": "clock", "base": 600, "increment": 5})
    Game.objects.filter(pk=game.pk).update(turn_started_at=timezone.now() - timedelta(seconds=100))
    roll(users, game)
    game.refresh_from_db()
    assert game.clock["a"] == pytest.approx(505, abs=1)
    assert game.clock["b"] == 600


@pytest.mark.django_db
def test_the_side_to_move_loses_on_time(users):
    game = new_game(users, {"kind": "per-move", "seconds": 60})
    roll(users, game)
    assert sweep_timeouts.apply().get() == 0  # nobody is late yet
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert sweep_timeouts.apply().get() == 1
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.outcome == {"winner": "a", "loser": "b", "reason": "timeout", "forfeit": True}
    assert [t for t, _ in endings(game)] == ["TimeoutAdjudicated"]
    assert sweep_timeouts.apply().get() == 0


@pytest.mark.django_db
def test_a_game_nobody_has_moved_in_is_aborted_not_lost(users):
    game = new_game(users, {"kind": "per-move", "seconds": 60})
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert timeouts.adjudicate(game.pk)
    game.refresh_from_db()
    assert game.status == "aborted" and game.outcome["aborted"]
    assert [t for t, _ in endings(game)] == ["GameAborted"]


@pytest.mark.django_db
def test_a_move_that_lands_first_wins_over_the_adjudication(users, monkeypatch):
    game = new_game(users, {"kind": "per-move", "seconds": 60})
    roll(users, game)
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    real_end_game = timeouts.end_game

    def move_first(*args, **kwargs):
        roll(users, game, "bob")  # bob moves between the sweep's read and its append
        return real_end_game(*args, **kwargs)

    monkeypatch.setattr(timeouts, "end_game", move_first)
    assert not timeouts.adjudicate(game.pk)
    assert endings(game) == []


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_adjudications_append_exactly_one_event(users):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL, an outside service (set DATABASE_URL)")
    game = new_game(users, {"kind": "per-move", "seconds": 60})
    roll(users, game)
    Game.objects.filter(pk=game.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    barrier, results = threading.Barrier(2), []

    def run():
        barrier.wait()
        results.append(timeouts.adjudicate(game.pk))
        connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(results) == [False, True]
    assert len(endings(game)) == 1


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_real_worker_adjudicates_a_clock_that_ran_out_exactly_once(users, real_celery_worker):
    game = new_game(users, {"kind": "clock", "base": 1, "increment": 0})
    roll(users, game)
    wait_until(lambda: Game.objects.get(pk=game.pk).deadline_at < timezone.now(), timeout=5)
    first = adjudicate_timeout.delay(str(game.pk))
    second = adjudicate_timeout.delay(str(game.pk))
    sweep = sweep_timeouts.delay()
    results = [first.get(timeout=30), second.get(timeout=30)]
    sweep.get(timeout=30)
    assert results.count(True) <= 1
    wait_until(lambda: Game.objects.get(pk=game.pk).status == "finished")
    assert [t for t, _ in endings(game)] == ["TimeoutAdjudicated"]
    assert Game.objects.get(pk=game.pk).outcome["loser"] == "b"
