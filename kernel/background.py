"""Outbox consumers that must not hold up a web request, in the embedded default.

Without a broker (no ``REDIS_URL``) Celery tasks run inline, inside the request that wrote the
message. A consumer named in ``NIGHTDUEL_OUTBOX_BACKGROUND`` (a practice bot's move, which may
think for seconds) instead runs once the request's transaction has committed, in one daemon
thread of the serving process — the way config/embedded_beat.py runs the periodic jobs there.
One thread, so on SQLite its writes queue behind each other as a worker's would. With a broker
every consumer runs in a Celery worker and this module is not used.
"""
from __future__ import annotations

import logging
import queue
import threading

from django.db import connections, transaction

log = logging.getLogger(__name__)

_work: "queue.Queue[tuple[int, str]]" = queue.Queue()
_thread: threading.Thread | None = None
_lock = threading.Lock()


def after_commit(message_id: int, consumer_path: str) -> None:
    """Run the consumer in the background thread once the current transaction commits."""
    transaction.on_commit(lambda: submit(message_id, consumer_path), robust=True)


def submit(message_id: int, consumer_path: str) -> None:
    global _thread
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="nightduel-outbox-background", daemon=True)
            _thread.start()
    _work.put((message_id, consumer_path))


def wait_until_idle() -> None:
    """Block until every submitted consumer has run (tests; a server shutting down)."""
    _work.join()


def _run() -> None:
    from . import outbox  # outbox imports this module

    while True:
        message_id, consumer_path = _work.get()
        try:
            outbox.consume(message_id, consumer_path)
        except Exception:  # the re-send pass (beat's drain_outbox) hands it over again later
            log.exception("background consumer %s of outbox message %s failed", consumer_path, message_id)
        finally:
            connections.close_all()
            _work.task_done()
