"""A real Celery worker on a real Redis broker, against the PostgreSQL test database, with the
outbox relay that publishes what commands commit (kernel/relay.py: no request publishes).

Use with ``@pytest.mark.django_db(transaction=True)`` (the worker is another process, so it
only sees committed rows). Each fixture gets its own queue, so parallel runs do not meet.
"""
import os
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import override_settings

from config.celery import app

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REDIS = "redis://localhost:6379/0"


def database_url() -> str:
    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgresql://{user}{password}@{s.get('HOST') or 'localhost'}:{s.get('PORT') or 5432}/{s['NAME']}"


def debug_off_env() -> dict:
    """What a process of the suite's with DEBUG off needs besides (config/settings.py): the suite's
    secret key, and plain HTTP."""
    return {"SECRET_KEY": settings.SECRET_KEY, "HTTPS": "0"}


def process_env(queue: str, redis_url: str, extra: dict) -> dict:
    """The environment of a worker or relay process of the suite's sending to ``queue``."""
    return {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url,
            "CELERY_TASK_DEFAULT_QUEUE": queue, "DJANGO_SETTINGS_MODULE": "config.settings",
            "NIGHTDUEL_EXTRA_SYSTEMS": "dice-race=tests.doubles:SYSTEM", **debug_off_env(), **extra}


class ChildProcess:
    """A process of the suite's, its output in ``self.log``; stopped (or killed) by the test."""

    process: subprocess.Popen | None = None

    def kill(self) -> None:
        """SIGKILL: the process dies in the middle of whatever it does, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


class RelayProcess(ChildProcess):
    """``manage.py relay_outbox`` publishing to ``queue`` on ``redis_url``: woken by NOTIFY, polling
    every ``poll`` seconds."""

    def __init__(self, queue: str, redis_url: str, env: dict | None = None, poll: float = 1.0):
        self.queue, self.redis_url, self.env, self.poll = queue, redis_url, env or {}, poll
        self.log = ROOT / "artifacts" / f"relay-{queue}.log"

    def start(self) -> None:
        self.log.parent.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "relay_outbox", "--poll", str(self.poll)], cwd=ROOT,
            env=process_env(self.queue, self.redis_url, self.env), stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        # Listening once it says so: a message committed before then is found by its first pass anyway.
        wait_until(lambda: self.process.poll() is not None or b"listening" in self.log.read_bytes(), timeout=60)
        if self.process.poll() is not None:
            raise RuntimeError(f"the outbox relay exited: see {self.log}")


class WorkerProcess(ChildProcess):
    relay: RelayProcess | None = None  # the relay publishing to its queue, when a fixture starts one

    def __init__(self, queue: str, redis_url: str, concurrency: int, env: dict | None = None, pool: str = "threads"):
        self.queue, self.redis_url, self.concurrency, self.pool = queue, redis_url, concurrency, pool
        self.env = env or {}  # settings from the environment, for this worker only
        self.log = ROOT / "artifacts" / f"celery-{queue}.log"

    def start(self) -> None:
        self.log.parent.mkdir(exist_ok=True)
        env = process_env(self.queue, self.redis_url, self.env)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", self.queue, "-P", self.pool,
             "-c", str(self.concurrency), "-n", f"{self.queue}@%h", "--without-gossip", "--without-mingle",
             "-l", "INFO"],
            cwd=ROOT, env=env, stdout=self.log.open("ab"), stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"celery worker exited: see {self.log}")
            if app.control.ping(destination=[f"{self.queue}@{os.uname().nodename}"], timeout=0.5):
                return
        raise RuntimeError(f"celery worker did not answer within 60 s: see {self.log}")


def wait_until(predicate, timeout: float = 30.0, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"condition not met within {timeout} s")


def reset_connections() -> None:
    """Forget pooled broker connections so the next send uses the current broker_url."""
    app._pool = None
    app.amqp._producer_pool = None
    app._backend_cache = None  # the result backend is cached too (memory → Redis and back)
    if hasattr(app._local, "backend"):
        del app._local.backend


@contextmanager
def tasks_sent_to(redis_url: str):
    """Inside, this process sends tasks to ``redis_url`` on a queue of its own (the name).

    Celery 5.6 reads a setting from the Django settings when they define it (config/celery.py),
    later versions from its own copy first: both change here."""
    queue = f"test-{uuid.uuid4().hex[:10]}"
    options = {"task_always_eager": False, "broker_url": redis_url, "result_backend": redis_url,
               "task_default_queue": queue}
    saved = {k: app.conf.get(k) for k in options}
    app.conf.update(options)
    try:
        with override_settings(**{f"CELERY_{k.upper()}": v for k, v in options.items()}):
            reset_connections()
            yield queue
    finally:
        app.conf.update(saved)
        reset_connections()


@pytest.fixture
def real_celery_worker(transactional_db, settings):
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs the PostgreSQL test database, an outside service (set DATABASE_URL)")
    redis_url = os.environ.get("REDIS_URL", DEFAULT_REDIS)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with tasks_sent_to(redis_url) as queue:
        worker = WorkerProcess(queue, redis_url, concurrency=4)
        worker.relay = RelayProcess(queue, redis_url)
        try:
            worker.relay.start()
            worker.start()
            yield worker
        finally:
            worker.stop()
            worker.relay.stop()
