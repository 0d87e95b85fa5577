"""The production shape of a stream (issue 16): uvicorn workers under gunicorn running
``config.asgi`` on PostgreSQL, woken through Redis — a move made through the API reaches an
open stream, and a reconnect with Last-Event-ID resumes after it."""
import os
import time

import pytest
from django.db import connection

from game import services
from tests.conftest import client_for
from tests.doubles import RACE
from tests.faults.conftest import serving
from tests.live.sse import open_stream
from tests.live.test_game_stream import auth
from tests.worker import database_url, debug_off_env


@pytest.fixture
def live_uvicorn(transactional_db, settings):
    if connection.vendor != "postgresql" or not settings.REDIS_URL:
        pytest.skip("the production shape needs PostgreSQL and Redis, outside services (DATABASE_URL, REDIS_URL)")
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0",
           "NIGHTDUEL_EXTRA_SYSTEMS": "dice-race=tests.doubles:SYSTEM", "DB_POOL_MAX": "4", **debug_off_env()}
    # Streams stay open to the end: a short graceful stop, as scripts/cluster.sh gives its stream nodes.
    with serving(["gunicorn", "config.asgi", "-k", "uvicorn_worker.UvicornWorker", "-w", "2", "--graceful-timeout", "3"], env,
                 "uvicorn-live") as url:
        yield url


@pytest.mark.django_db(transaction=True)
def test_a_move_reaches_an_open_stream_under_uvicorn_and_a_reconnect_resumes(live_uvicorn, users):
    game = services.create_game(system_name=RACE, setup={"target": 1000},
                                players={"a": users["alice"], "b": users["bob"]}, created_by=users["alice"])
    url = f"{live_uvicorn}/api/games/{game.pk}/stream/"
    bob = open_stream(url, auth(users["bob"]))
    bob.wait_for(lambda r: 1 in r.versions())
    started = time.monotonic()
    hidden = client_for(users["alice"]).post(f"/api/games/{game.pk}/commands/",
                                             {"expected_version": 1, "command": {"type": "hide", "secret": "x9"}},
                                             format="json")
    assert hidden.status_code == 201
    bob.wait_for(lambda r: 3 in r.versions(), timeout=10)
    assert time.monotonic() - started < 2
    assert [e["type"] for e in bob.stored()] == ["GameCreated", "TurnPassed"]  # not alice's SecretHidden
    assert b"x9" not in bob.raw
    bob.stop()

    again = open_stream(url, {**auth(users["alice"]), "Last-Event-ID": "1"})
    again.wait_for(lambda r: 3 in r.versions())
    again.stop()
    assert [(m.id, m.data["type"]) for m in again.messages if m.event == "stored-event"] == [
        ("2", "SecretHidden"), ("3", "TurnPassed")]
