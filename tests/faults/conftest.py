"""The service under gunicorn on the PostgreSQL test database, for faults a test client cannot show
(a dropped database connection is only recovered by a real request cycle)."""
import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection

from tests.worker import database_url, debug_off_env

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
        process.wait(30)


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
