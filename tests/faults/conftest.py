"""The service under gunicorn on the PostgreSQL test database, for faults a test client cannot show
(a dropped database connection is only recovered by a real request cycle)."""
import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
from django.db import connection

from tests.worker import database_url, debug_off_env, wait_until

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(args: list[str], env: dict, name: str):
    """``http://127.0.0.1:<port>`` of ``python -m <args> -b 127.0.0.1:<port>`` while inside."""
    port = free_port()
    log = ROOT / "artifacts" / f"{name}-{port}.log"
    log.parent.mkdir(exist_ok=True)
    process = subprocess.Popen([sys.executable, "-m", *args, "-b", f"127.0.0.1:{port}"],
                               cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{args[0]} did not start: see {log}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:  # a server still draining open connections: its test is over
            process.kill()
            process.wait(10)


@pytest.fixture
def live_gunicorn(transactional_db):
    """``http://127.0.0.1:<port>`` of two gunicorn workers (tasks inline, ``dice-race`` known)."""
    if connection.vendor != "postgresql":
        pytest.skip("the live server runs on the PostgreSQL test database, an outside service (set DATABASE_URL)")
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(DATABASE_URL=database_url(), DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0",
               NIGHTDUEL_EXTRA_SYSTEMS="dice-race=tests.doubles:SYSTEM", THROTTLE_COMMANDS="100000/min",
               **debug_off_env())
    with serving(["gunicorn", "config.wsgi", "-w", "2", "--timeout", "60"], env, "gunicorn-faults") as url:
        yield url


class RedisServer:
    """A ``redis-server`` of this test's own, its RDB file in ``directory``; persistence as a
    default install has it, minus the periodic saves (a snapshot is taken when the test says)."""

    def __init__(self, directory: Path):
        self.port, self.directory = free_port(), directory
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = ROOT / "artifacts" / f"redis-{self.port}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start, loading the last snapshot if there is one."""
        self.log.parent.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory),
             "--dbfilename", "dump.rdb", "--save", "", "--appendonly", "no"],
            stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        wait_until(self.answers, timeout=10)

    def answers(self) -> bool:
        try:
            return self.client().ping()
        except redis.ConnectionError:
            return False

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)

    def snapshot(self) -> None:
        self.client().save()

    def kill(self) -> None:
        """``kill -9``: no shutdown save, whatever was only in memory is gone."""
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.kill()


@pytest.fixture
def own_redis(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("needs the redis-server program (an outside service)")
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the PostgreSQL test database, an outside service (set DATABASE_URL)")
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
