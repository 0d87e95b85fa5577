"""PostgreSQL goes away while clients are posting (issue 9 "Fault tests").

Every acknowledged command is stored; meanwhile clients get a clean 503 ``{code, message}``
(never a 500 page) and retry with the same ``Idempotency-Key``; nothing is half-written: each
stream is ``GameCreated`` then one ``Rolled`` per acknowledged command, seq 1..n.

Two faults: every server connection killed (``pg_terminate_backend`` on the test database,
harmless to anybody else), and a real PostgreSQL restart. The restart stops the shared server
for a moment, so it runs only where that is allowed: as root with ``pg_ctlcluster`` and
``CI=true`` or ``NIGHTDUEL_FAULT_RESTARTS=1``.
"""
import json
import os
import shutil
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from game import services
from game.models import Game
from kernel.models import IdempotencyRecord, StoredEvent
from tests.database_owner import as_owner
from tests.doubles import RACE
from tests.worker import wait_until

PLAYERS = 4
# Acknowledged commands each player needs before the fault and again after it.
ACKS_AROUND_THE_FAULT = 3
GIVE_UP_AFTER = 60.0


def restarts_allowed() -> bool:
    wanted = os.environ.get("CI") == "true" or os.environ.get("NIGHTDUEL_FAULT_RESTARTS") == "1"
    return wanted and os.geteuid() == 0 and shutil.which("pg_ctlcluster") is not None


def pg_ctlcluster(action: str, **run) -> subprocess.CompletedProcess:
    version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[0]
    return subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action], timeout=60, **run)


def restart_postgres() -> None:
    pg_ctlcluster("restart", check=True)


def ensure_postgres_running() -> None:
    """Whatever happened, leave PostgreSQL running for everybody else."""
    for _ in range(60):
        if subprocess.run(["pg_isready", "-q", "-h", "localhost"]).returncode == 0:
            return
        if restarts_allowed():
            pg_ctlcluster("start")
        time.sleep(1)
    raise RuntimeError("PostgreSQL did not come back")


def kill_server_connections() -> None:
    with as_owner(), connection.cursor() as cursor:  # the servers' login role: only it may end them
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def post(url: str, token: str, body: dict, key: str) -> tuple[int | None, str, str]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Token {token}", "Idempotency-Key": key})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read().decode()
    except OSError as error:  # refused or reset: the client simply retries
        return None, "", str(error)


class Player(threading.Thread):
    """Plays one game, both seats, retrying each command with its key until it is acknowledged."""

    def __init__(self, base: str, game: Game, tokens: dict, stop: threading.Event):
        super().__init__(daemon=True)
        self.url = f"{base}/api/games/{game.pk}/commands/"
        self.game, self.tokens, self.stop = game, tokens, stop
        self.acks: list[int] = []
        self.answers: list[tuple[int | None, str, str]] = []

    def run(self) -> None:
        version, deadline = 1, time.monotonic() + GIVE_UP_AFTER
        while not self.stop.is_set() and time.monotonic() < deadline:
            side = "a" if len(self.acks) % 2 == 0 else "b"
            key = f"{self.game.pk}-{len(self.acks)}"
            while time.monotonic() < deadline:
                answer = post(self.url, self.tokens[side], {"expected_version": version,
                                                            "command": {"type": "roll"}}, key)
                self.answers.append(answer)
                if answer[0] == 201:
                    version = json.loads(answer[2])["version"]
                    self.acks.append(version)
                    break
                if answer[0] not in (None, 503):
                    return
                time.sleep(0.05)


def play_through(base: str, users, interrupt) -> list[Player]:
    tokens = {side: Token.objects.get_or_create(user=users[name])[0].key for side, name in (("a", "alice"), ("b", "bob"))}
    games = [services.create_game(system_name=RACE, setup={"target": 10**6},
                                  players={"a": users["alice"], "b": users["bob"]}) for _ in range(PLAYERS)]
    stop = threading.Event()
    players = [Player(base, game, tokens, stop) for game in games]
    [p.start() for p in players]
    wait_until(lambda: all(len(p.acks) >= ACKS_AROUND_THE_FAULT for p in players), timeout=GIVE_UP_AFTER)
    before = [len(p.acks) for p in players]
    try:
        interrupt()
    finally:
        ensure_postgres_running()
        connection.close()  # ours may have been cut too
    wait_until(lambda: all(len(p.acks) >= n + ACKS_AROUND_THE_FAULT for p, n in zip(players, before)),
               timeout=GIVE_UP_AFTER)
    stop.set()
    [p.join(GIVE_UP_AFTER + 5) for p in players]
    return players


def assert_clean_errors_and_nothing_lost(players: list[Player]) -> None:
    for player in players:
        statuses = {status for status, _, _ in player.answers}
        assert statuses <= {201, 503, None}, [a for a in player.answers if a[0] not in (201, 503, None)][:3]
        for status, content_type, body in player.answers:
            if status == 503:
                assert content_type.startswith("application/json")
                assert set(json.loads(body)) >= {"code", "message"}
        assert not player.is_alive()
        assert player.acks == list(range(2, len(player.acks) + 2)), "each acknowledgement is the next version"
        rows = list(StoredEvent.objects.filter(stream=player.game.stream).order_by("seq").values_list("seq", "type"))
        assert rows == [(1, "GameCreated")] + [(v, "Rolled") for v in player.acks]
        assert Game.objects.get(pk=player.game.pk).version == len(rows)
        assert IdempotencyRecord.objects.filter(stream=player.game.stream).count() == len(player.acks)


@pytest.mark.django_db(transaction=True)
def test_clients_get_a_clean_503_and_lose_nothing_when_server_connections_are_killed(live_gunicorn, users):
    players = play_through(live_gunicorn, users, kill_server_connections)
    assert_clean_errors_and_nothing_lost(players)


@pytest.mark.django_db(transaction=True)
@pytest.mark.exclusive  # the restart stops the server every other test uses
def test_clients_get_a_clean_503_and_lose_nothing_across_a_postgresql_restart(live_gunicorn, users):
    if not restarts_allowed():
        pytest.skip("restarts the shared PostgreSQL, an outside service: set NIGHTDUEL_FAULT_RESTARTS=1 (CI does, as root)")
    players = play_through(live_gunicorn, users, restart_postgres)
    assert_clean_errors_and_nothing_lost(players)
    assert any(status == 503 for p in players for status, _, _ in p.answers), "no request met the outage"
