"""Lag-tolerant reads on a real streaming replica (issue 31; kernel/replica.py).

One replica of the test cluster, made by ``scripts/replica.sh`` for the session on a port of
its own; two gunicorn workers with ``DATABASE_REPLICA_URL`` pointing at it (the test database
under its own name: a physical replica holds the whole cluster). Pausing the replica's replay
makes its lag as long as the test needs: a write then shows where each read came from.
"""
import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from glob import glob

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from game import annotations, services as games
from leagues.models import League, Season
from tests.conftest import make_user
from tests.doubles import RACE
from tests.services import missing_service
from tests.worker import DEFAULT_REDIS, ROOT, database_url, debug_off_env, wait_until
from tournament import services as tournaments
from .conftest import free_port, serving

SCRIPT = ROOT / "scripts" / "replica.sh"
# A physical replica copies the whole server and pauses its replay: alone (tests/parallel.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.exclusive]


def replica_script(action: str, port: int) -> None:
    subprocess.run(["bash", str(SCRIPT), action, str(port), f"/var/tmp/nd-replica-test-{port}"],
                   check=True, timeout=600)


@pytest.fixture(scope="session")
def replica_port(django_db_setup):
    if connection.vendor != "postgresql":
        missing_service("a streaming replica needs the PostgreSQL test database, an outside service (set DATABASE_URL)")
    if not glob("/usr/lib/postgresql/*/bin/pg_basebackup"):
        missing_service("PostgreSQL's server programs (pg_basebackup, pg_ctl) are not installed")
    where = (connection.settings_dict.get("HOST") or "localhost", int(connection.settings_dict.get("PORT") or 5432))
    if where not in {("localhost", 5432), ("127.0.0.1", 5432)}:
        missing_service("scripts/replica.sh copies the PostgreSQL on localhost:5432, not this test database's")
    port = int(os.environ.get("NIGHTDUEL_TEST_REPLICA_PORT") or free_port())
    replica_script("start", port)
    yield port
    replica_script("stop", port)


def on_replica(port: int, sql: str):
    with psycopg.connect(host="localhost", port=port, user="postgres", dbname="postgres", autocommit=True) as c:
        return c.execute(sql).fetchone()[0]


def caught_up(port: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_insert_lsn()::text")
        primary = cursor.fetchone()[0]
    wait_until(lambda: on_replica(port, f"SELECT pg_last_wal_replay_lsn() >= '{primary}'::pg_lsn"), timeout=30)


class Paused:
    """Inside, the replica receives WAL but replays none of it: it lags as long as the block."""

    def __init__(self, port: int):
        self.port = port

    def __enter__(self):
        caught_up(self.port)
        on_replica(self.port, "SELECT pg_wal_replay_pause()")
        wait_until(lambda: on_replica(self.port, "SELECT pg_get_wal_replay_pause_state()") == "paused")

    def __exit__(self, *exc):
        on_replica(self.port, "SELECT pg_wal_replay_resume()")


@contextmanager
def replica_server(replica_port, workers: int):
    """``workers`` gunicorn workers reading lag-tolerant pages from the replica; Redis holds who wrote what."""
    replica_url = database_url().replace(f":{connection.settings_dict.get('PORT') or 5432}/", f":{replica_port}/")
    redis_url = os.environ.get("REDIS_URL", DEFAULT_REDIS)
    queue = f"test-replica-{uuid.uuid4().hex[:10]}"  # move tasks wait there, unconsumed, then go
    env = {**os.environ, "DATABASE_URL": database_url(), "DATABASE_REPLICA_URL": replica_url, "REDIS_URL": redis_url,
           "CELERY_TASK_DEFAULT_QUEUE": queue, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0",
           "NIGHTDUEL_EXTRA_SYSTEMS": f"{RACE}=tests.doubles:SYSTEM", "THROTTLE_COMMANDS": "100000/min",
           "NIGHTDUEL_REPLICA_RETRY_SECONDS": "1", **debug_off_env()}
    try:
        with serving(["gunicorn", "config.wsgi", "-w", str(workers), "--timeout", "60"], env, "gunicorn-replica") as url:
            yield url
    finally:
        redis.Redis.from_url(redis_url).delete(queue)


@pytest.fixture(scope="module")
def server(replica_port):
    with replica_server(replica_port, workers=2) as url:
        yield url


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirects)


def get(url: str, who: dict | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=who or {})
    try:
        with OPENER.open(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def post(url: str, who: dict, body: dict) -> tuple[int, str]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **who})
    try:
        with OPENER.open(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def token_of(user) -> dict:
    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def session_of(user) -> dict:
    client = Client()
    client.force_login(user)
    return {"Cookie": f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"}


@pytest.fixture
def players(db):
    alice, bob = make_user("alice"), make_user("bob")
    return alice, bob


def race(alice, bob):
    """A game alice wins with her first roll: her move ends it, and its replay opens."""
    return games.create_game(system_name=RACE, setup={"target": 1}, players={"a": alice, "b": bob})


def his_move_is_on_his_next_page(server, port, alice, bob) -> None:
    """Alice's winning roll, while the replica lags: her own replay reads show it at once, bob's
    replay is still the replica's (the game running), bob's game page is the primary's."""
    game = race(alice, bob)
    with Paused(port):
        status, body = post(f"{server}/api/games/{game.pk}/commands/", token_of(alice),
                            {"expected_version": 1, "command": {"type": "roll"}})
        assert status == 201, body
        status, body = get(f"{server}/api/games/{game.pk}/replay/", token_of(alice))
        assert status == 200, body
        assert "Rolled" in [step["event"]["type"] for step in json.loads(body)["steps"]]
        status, body = get(f"{server}/games/{game.pk}/replay/", session_of(alice))
        assert status == 200, body[:500]  # the replay page opens once the game has ended: with her roll
        # Bob's reads that may lag come from the replica, which has not replayed the roll yet.
        assert get(f"{server}/api/games/{game.pk}/replay/", token_of(bob))[0] == 409
        assert get(f"{server}/games/{game.pk}/replay/", session_of(bob))[0] == 302  # "opens when the game has ended"
        assert get(f"{server}/api/games/{game.pk}/replay/")[0] == 409  # anybody's too
        # The rest reads the primary, for bob too.
        status, body = get(f"{server}/api/games/{game.pk}/", token_of(bob))
        assert status == 200 and json.loads(body)["status"] == "finished", body
        assert get(f"{server}/games/{game.pk}/", session_of(bob))[0] == 200
    wait_until(lambda: get(f"{server}/api/games/{game.pk}/replay/", token_of(bob))[0] == 200, timeout=30)


def test_others_read_the_replica_and_a_player_his_own_writes(server, replica_port, players):
    his_move_is_on_his_next_page(server, replica_port, *players)


def lag_tolerant_urls(server, alice, bob) -> list[str]:
    """Every page and API answer marked ``reads_may_lag``, on data that exists."""
    game = race(alice, bob)
    post(f"{server}/api/games/{game.pk}/commands/", token_of(alice), {"expected_version": 1, "command": {"type": "roll"}})
    share = annotations.share(user=alice, game_id=game.pk)
    league = League.objects.create(name="Replica league", slug="replica")
    season = Season.objects.create(league=league, name="2026")
    organiser = make_user("olga")
    league.organisers.add(organiser)
    cup = tournaments.create_tournament(league=league, name="Replica cup", system=RACE, format="single-elimination",
                                        created_by=organiser)
    api, game_api = f"{server}/api", f"{server}/api/games/{game.pk}"
    return [f"{game_api}/replay/", f"{game_api}/replay/steps/", f"{game_api}/replay/fog/",
            f"{game_api}/replay/verification/", f"{api}/shared-replays/{share.token}/",
            f"{server}/games/{game.pk}/replay/", f"{server}/replays/shared/{share.token}/",
            f"{api}/tournaments/{cup.pk}/bracket/", f"{api}/tournaments/{cup.pk}/standings/",
            f"{server}/tournaments/{cup.pk}/", f"{server}/tournaments/{cup.pk}/embed/",
            f"{api}/ratings/{RACE}/leaderboard/", f"{api}/ratings/{RACE}/solo-leaderboard/",
            f"{api}/leagues/{league.slug}/seasons/{season.pk}/table/", f"{server}/league/",
            f"{server}/leagues/{league.slug}/"]


def test_replica_stopped_every_lag_tolerant_read_answers_from_the_primary(server, replica_port, players):
    alice, bob = players
    urls = lag_tolerant_urls(server, alice, bob)
    caught_up(replica_port)
    readers = [{}, token_of(bob), session_of(alice)]  # nobody, someone else, the one who wrote
    before = {(url, i): get(url, who) for url in urls for i, who in enumerate(readers)}
    assert all(status < 500 for status, _ in before.values()), before
    assert all(before[(url, 0)][0] == 200 for url in urls), {url: before[(url, 0)][0] for url in urls}
    replica_script("stop", replica_port)
    try:
        post(f"{server}/api/games/{race(alice, bob).pk}/commands/", token_of(alice),
             {"expected_version": 1, "command": {"type": "roll"}})  # alice has written: her reads check the replica
        for attempt in range(2):  # each worker finds the replica gone, then knows it
            after = {(url, i): get(url, who) for url in urls for i, who in enumerate(readers)}
            assert {k: v[0] for k, v in after.items()} == {k: v[0] for k, v in before.items()}, attempt
            assert {k: v for k, v in after.items() if "/api/" in k[0]} == \
                   {k: v for k, v in before.items() if "/api/" in k[0]}
    finally:
        replica_script("start", replica_port)
    # Back: once the workers try it again, others' reads lag behind the primary again.
    his_move_is_on_his_next_page(server, replica_port, alice, bob)


def test_a_restarted_replica_serves_at_once_on_a_connection_the_worker_held_before(replica_port, players):
    """One worker, so its replica connection is the one opened before the restart: checked at the
    next request (config/settings.py), it is replaced, and the lagging replica answers at once
    instead of the primary for ``NIGHTDUEL_REPLICA_RETRY_SECONDS``."""
    alice, bob = players
    with replica_server(replica_port, workers=1) as one_worker:
        assert get(f"{one_worker}/api/ratings/{RACE}/leaderboard/")[0] == 200  # its replica connection, kept
        replica_script("stop", replica_port)
        replica_script("start", replica_port)
        his_move_is_on_his_next_page(one_worker, replica_port, alice, bob)
