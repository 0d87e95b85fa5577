"""How an open live stream learns that a stream (or a user's notifications) moved on (issue 16).

After a commit, ``announce(key)`` wakes the waiters of ``key`` in every web process: through
one Redis pub/sub channel when ``REDIS_URL`` is set (one listener thread per process), else in
this process only — the embedded default, where runserver is the one process and Celery runs
inline in it. An announcement carries a key only (``game-<id>``, ``tournament-<id>``,
``user-<id>``), never an event: each waiter reads the store with its own sight, so nothing
hidden travels through Redis. Pub/sub may drop a message (a reconnect); streams therefore
also re-read on a timer (``NIGHTDUEL_STREAM_RECHECK_SECONDS``) and after the listener reconnects.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections import defaultdict

import redis
from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)


def user_key(user_id) -> str:
    return f"user-{user_id}"


def channel() -> str:
    # Pub/sub ignores Redis database numbers: the channel is named after the event store instead.
    return f"nightduel:live:{settings.DATABASES['default']['NAME']}"


class Waiter:
    """One open stream: woken (from any thread) when one of its keys is announced."""

    def __init__(self, keys: tuple[str, ...], loop: asyncio.AbstractEventLoop | None = None):
        self.keys = keys
        self._loop = loop
        self._flag = asyncio.Event() if loop else threading.Event()

    def wake(self) -> None:
        if self._loop is None:
            self._flag.set()
            return
        try:
            self._loop.call_soon_threadsafe(self._flag.set)
        except RuntimeError:  # the stream's event loop has closed
            pass

    def clear(self) -> None:
        self._flag.clear()

    def wait(self, timeout: float) -> bool:
        return self._flag.wait(timeout)

    async def async_wait(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._flag.wait(), timeout)
        except asyncio.TimeoutError:
            return False
        return True


class Hub:
    """The waiters of this process, by key, and (with Redis) the thread that listens for them."""

    def __init__(self):
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Waiter]] = defaultdict(set)
        self._listener_pid: int | None = None

    def watch(self, keys, loop=None) -> Waiter:
        waiter = Waiter(tuple(keys), loop)
        with self._lock:
            for key in waiter.keys:
                self._waiters[key].add(waiter)
        if settings.REDIS_URL:
            self._ensure_listener()
        return waiter

    def unwatch(self, waiter: Waiter) -> None:
        with self._lock:
            for key in waiter.keys:
                self._waiters[key].discard(waiter)
                if not self._waiters[key]:
                    del self._waiters[key]

    def open_streams(self) -> int:
        with self._lock:
            return len({w for waiters in self._waiters.values() for w in waiters})

    def wake(self, key: str) -> None:
        with self._lock:
            waiters = list(self._waiters.get(key, ()))
        for waiter in waiters:
            waiter.wake()

    def wake_all(self) -> None:
        with self._lock:
            waiters = {w for ws in self._waiters.values() for w in ws}
        for waiter in waiters:
            waiter.wake()

    def _ensure_listener(self) -> None:
        # After a fork (gunicorn workers) the parent's thread is not in the child: start one here.
        with self._lock:
            if self._listener_pid == os.getpid():
                return
            self._listener_pid = os.getpid()
        threading.Thread(target=self._listen, name="nightduel-live-listener", daemon=True).start()

    def _listen(self) -> None:
        while True:
            try:
                client = redis.Redis.from_url(settings.REDIS_URL, health_check_interval=30)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(channel())
                self.wake_all()  # whatever was announced while nobody listened is read now
                for message in pubsub.listen():
                    self.wake(message["data"].decode())
            except Exception:
                log.warning("live listener lost Redis; reconnecting", exc_info=True)
                time.sleep(1)


hub = Hub()
_publisher: redis.Redis | None = None


def publish(keys) -> None:
    global _publisher
    if not settings.REDIS_URL:
        for key in keys:
            hub.wake(key)
        return
    try:
        if _publisher is None:
            _publisher = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
        for key in keys:
            _publisher.publish(channel(), key)
    except redis.RedisError:
        # Streams re-read on their timer; a lost announcement only delays them.
        log.warning("live announcement of %s not published", keys, exc_info=True)


def announce(*keys: str) -> None:
    """Wake the streams watching ``keys`` once the current transaction commits."""
    transaction.on_commit(lambda: publish(keys), robust=True)
