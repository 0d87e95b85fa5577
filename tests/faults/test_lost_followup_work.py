"""Follow-up work survives the broker and the worker failing (issue 24, "Lost results"; README
"Follow-up work").

Each test finishes three rated games and resigns an online tournament pairing's game, then
breaks things the way an operator meets them: Redis killed with ``kill -9`` while the tasks wait
in it and its snapshot is older than they are; Redis restarted under a running worker that is
in the middle of tasks; a worker SIGKILLed with tasks reserved. Then nobody does anything but
beat (here: this test sending beat's schedule, every task of it, to the worker every second or
two). Each ends with every game rated once and the tournament's result recorded once.

Real PostgreSQL, a real Celery worker and a real Redis server of each test's own on a free
port (the shared one is never touched). The worker runs with short waits before a re-send and
before the reconciliation pass (a second instead of minutes), its other settings as deployed.
"""
from __future__ import annotations

import time
from collections import Counter

import psycopg
import pytest
from django.conf import settings

from config.celery import app
from game.endings import resign
from game.models import Game
from kernel.models import OutboxMessage
from kernel.store import read_events
from ratings.models import RatedResult, RatingLedger
from leagues.models import League
from tests.conftest import client_for, make_user
from tests.faults.conftest import RedisServer
from tests.worker import RelayProcess, WorkerProcess, database_url, reset_connections, tasks_sent_to, wait_until
from tournament import services as tournaments
from tournament.models import Tournament

RATED_GAMES = 3
SHORT_WAITS = {"NIGHTDUEL_OUTBOX_RESEND_SECONDS": "1", "NIGHTDUEL_MISSED_RESULTS_AFTER_SECONDS": "1"}
RECOVERY = 90.0  # seconds beat gets to put everything right


@pytest.fixture
def broker(own_redis, settings):
    """This process sends its tasks to ``own_redis``; the queue's name."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with tasks_sent_to(own_redis.url) as queue:
        yield queue


@pytest.fixture
def relay(own_redis, broker):
    """The outbox relay publishing to ``own_redis`` (started): the games' requests publish nothing."""
    process = RelayProcess(broker, own_redis.url)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def worker(own_redis, broker):
    """A worker on ``own_redis`` (not started), stopped after the test."""
    process = WorkerProcess(broker, own_redis.url, concurrency=4, env=SHORT_WAITS)
    yield process
    process.stop()


@pytest.fixture
def prefork_worker(own_redis, broker):
    """The same with the pool a deployed worker runs (``celery worker`` without ``-P``)."""
    # No e-mail held back for a burst: a task waiting for its countdown would be reserved too.
    process = WorkerProcess(broker, own_redis.url, concurrency=2, pool="prefork",
                            env={**SHORT_WAITS, "NIGHTDUEL_MAIL_DELAY_SECONDS": "0"})
    yield process
    process.stop()


class Night:
    """Three rated games and one tournament pairing's game, finished while the test watches."""

    def __init__(self, users):
        self.users = users
        organiser = make_user("olga")
        league = League.objects.create(name="Fault League", slug="faults")
        league.organisers.add(organiser)
        self.tournament = tournaments.create_tournament(
            league=league, name="Fault Cup", system="dice-race", format="single-elimination", created_by=organiser)
        self.entrants = [make_user("dora"), make_user("emil")]
        for entrant in self.entrants:
            tournaments.register(self.tournament.pk, entrant.username, "olga", rating=1500)
        tournaments.seed(self.tournament.pk, "olga")
        tournaments.start_round(self.tournament.pk, "olga")
        [pairing] = tournaments.load_state(self.tournament).pairings.values()
        self.pairing_id, self.tournament_game = pairing["id"], pairing["games"][1]["game_id"]
        self.rated_games: list[str] = []

    def finish_rated_games(self) -> None:
        alice = client_for(self.users["alice"])
        for _ in range(RATED_GAMES):
            created = alice.post("/api/games/", {"system": "dice-race", "setup": {"target": 1},
                                                 "players": {"a": "alice", "b": "bob"}}, format="json")
            assert created.status_code == 201, created.content
            game_id = created.json()["id"]
            moved = alice.post(f"/api/games/{game_id}/commands/",
                               {"expected_version": 1, "command": {"type": "roll"}}, format="json")
            assert moved.status_code == 201, moved.content
            self.rated_games.append(game_id)

    def resign_tournament_game(self) -> None:
        seated = Game.objects.get(pk=self.tournament_game).seats.select_related("user").first().user
        resign(self.tournament_game, seated)

    def finish_all(self) -> None:
        self.finish_rated_games()
        self.resign_tournament_game()
        finished = Game.objects.filter(pk__in=self.all_games()).exclude(status=Game.Status.RUNNING).count()
        assert finished == RATED_GAMES + 1

    def all_games(self) -> list[str]:
        return self.rated_games + [self.tournament_game]

    def results_recorded(self) -> list[str]:
        stream = Tournament.objects.get(pk=self.tournament.pk).stream
        return [e.payload["game_id"] for e in read_events(stream) if e.type == "GameResultRecorded"]

    def rated(self) -> Counter:
        return Counter(str(g) for g in RatedResult.objects.filter(game_id__in=self.all_games())
                       .values_list("game_id", flat=True))

    def complete(self) -> bool:
        return set(self.rated()) == set(self.all_games()) and bool(self.results_recorded())

    def assert_each_once(self) -> None:
        assert self.rated() == Counter({game: 1 for game in self.all_games()}), "each game rated exactly once"
        assert self.results_recorded() == [self.tournament_game], "the tournament result recorded exactly once"
        pairing = tournaments.load_state(Tournament.objects.get(pk=self.tournament.pk)).pairings[self.pairing_id]
        assert 1 in pairing["results"], "the pairing is still playing"


@pytest.fixture
def night(users, broker, relay):
    return Night(users)


def all_handed_over() -> bool:
    return not OutboxMessage.objects.filter(dispatched_at__isnull=True).exists()


def queued(server: RedisServer, queue: str) -> int:
    return server.client().llen(queue)


def reserved(server: RedisServer) -> int:
    """Tasks workers took and have not acknowledged (kombu's ``unacked`` hash)."""
    return server.client().hlen("unacked")


def beat_until(check, worker: WorkerProcess, timeout: float = RECOVERY) -> None:
    """What beat does, and nothing else: every task of the schedule sent to the worker, every
    second or two, until ``check()`` holds. Fails at once if the worker process exited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert worker.process.poll() is None, f"the worker exited: see {worker.log}"
        for entry in settings.CELERY_BEAT_SCHEDULE.values():
            app.send_task(entry["task"], ignore_result=True)
        for _ in range(15):
            if check():
                return
            time.sleep(0.1)
    raise AssertionError(f"not recovered within {timeout} s")


def settle(night: Night, worker: WorkerProcess) -> None:
    """Recovered, then two more beat passes: a late duplicate would show now."""
    beat_until(night.complete, worker)
    for _ in range(2):
        beat_until(lambda: True, worker)
        time.sleep(1.5)
    night.assert_each_once()


class RowLock:
    """Holds one row from another connection, so that the tasks that need it block in the worker:
    they are running, their messages reserved and not acknowledged."""

    def __init__(self, model, **where):
        [(column, value)] = where.items()
        self.connection = psycopg.connect(database_url())
        self.connection.execute(f"SELECT 1 FROM {model._meta.db_table} WHERE {column} = %s FOR UPDATE", [value])

    def waiters(self) -> int:
        """Sessions waiting for a lock, asked on the lock's own connection: in the production shape
        the test acts as the service role, whose pg_stat_activity hides the workers' wait events.
        Inside the lock's transaction the activity view is a snapshot until cleared."""
        self.connection.execute("SELECT pg_stat_clear_snapshot()")
        return self.connection.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                       "AND wait_event_type = 'Lock'").fetchone()[0]

    def release(self) -> None:
        self.connection.rollback()
        self.connection.close()


def ledger_lock() -> RowLock:
    """Every rating task of the race game blocks."""
    RatingLedger.objects.get_or_create(system="dice-race")
    return RowLock(RatingLedger, system="dice-race")


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_redis_killed_with_a_stale_snapshot_while_tasks_wait_loses_nothing(own_redis, broker, worker, night):
    wait_until(all_handed_over)  # what the night's set-up left for the relay, in the snapshot
    own_redis.snapshot()  # the last snapshot: before any game's follow-up work was queued
    in_snapshot = queued(own_redis, broker)
    night.finish_all()
    wait_until(all_handed_over)
    assert queued(own_redis, broker) >= in_snapshot + 3 * (RATED_GAMES + 1), "the follow-up work waits in Redis"
    # One game's message as the old outbox left it: marked done once handed over (what the
    # migration assumes of older rows). No re-send covers it; the reconciliation pass must.
    old_style = OutboxMessage.objects.get(topic="game_finished", payload__game_id=night.rated_games[0])
    OutboxMessage.objects.filter(pk=old_style.pk).update(consumed_at=old_style.dispatched_at)

    own_redis.kill()
    own_redis.start()
    assert queued(own_redis, broker) == in_snapshot, "the stale snapshot holds none of the games' tasks"
    reset_connections()
    worker.start()
    settle(night, worker)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_lives_through_a_redis_restart_under_it_and_loses_nothing(own_redis, broker, prefork_worker,
                                                                          night):
    worker = prefork_worker
    worker.start()
    own_redis.snapshot()
    # The tournament's result task blocks on its row: one task in the worker's hands, not acked,
    # while the worker goes on taking others (what celery 5.7.0's worker did not survive).
    lock = RowLock(Tournament, id=night.tournament.pk)
    try:
        night.resign_tournament_game()
        wait_until(lambda: lock.waiters() == 1 and queued(own_redis, broker) == 0 and reserved(own_redis) == 1,
                   timeout=60)
        own_redis.kill()
        time.sleep(1)
        own_redis.start()
        time.sleep(3)  # the worker reconnects (celery 5.7.0's exited: AttributeError ... 'hostname')
    finally:
        lock.release()
    reset_connections()
    night.finish_rated_games()  # games finished after the restart: the same worker rates them
    settle(night, worker)
    assert worker.process.poll() is None


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_with_reserved_tasks_strands_nothing(own_redis, broker, worker, night):
    worker.start()
    lock = ledger_lock()
    try:
        night.finish_all()
        wait_until(lambda: lock.waiters() >= 1, timeout=30)
        worker.kill()
    finally:
        lock.release()
    worker.start()
    settle(night, worker)
