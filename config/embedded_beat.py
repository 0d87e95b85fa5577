"""The periodic jobs of the embedded default, run inside the serving process.

Without ``REDIS_URL`` tasks run inline and no beat process exists, so the process that serves
(runserver under ``scripts/serve.sh``; :mod:`config.wsgi` starts it) runs Celery's own beat
service in a daemon thread: Celery's scheduler reading the very table ``celery beat`` reads
(``CELERY_BEAT_SCHEDULE``, the app's ``beat_schedule``, whatever entries it holds), each due
task applied inline in that thread. Auto-confirmation of table reports, timeouts, clock
warnings, quiz expiry, the outbox drain, waiting mail and webhook retries run on the same
periods as in the production shape.

Only one scheduler per database: the thread starts in the process that holds an exclusive lock
named after the database, so runserver's autoreloader (its watching parent never serves) or a
second server on the same SQLite file adds none. Off under pytest unless a test asks
(``NIGHTDUEL_EMBEDDED_BEAT``).
"""
from __future__ import annotations

import fcntl
import hashlib
import tempfile
from pathlib import Path

from celery import beat
from django.conf import settings
from django.db import connections

_running = None


class InlineScheduler(beat.Scheduler):
    """Celery's in-memory scheduler; a due task runs inline in the beat thread, which then gives
    back its database connections (SQLite: no connection held between passes)."""

    def apply_entry(self, entry, producer=None):
        try:
            super().apply_entry(entry, producer=producer)
        finally:
            connections.close_all()


def _lock_for_database():
    """An exclusive lock on a file named after the database, held for the process's life; None
    when another process holds it (it runs the schedule)."""
    name = str(settings.DATABASES["default"].get("NAME"))
    digest = hashlib.sha256(f"{settings.DATABASES['default']['ENGINE']}:{name}".encode()).hexdigest()[:16]
    handle = (Path(tempfile.gettempdir()) / f"nightduel-beat-{digest}.lock").open("a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def start():
    """Start the schedule's thread in this process (once), if the embedded default wants it and
    no other process on this database runs it. Returns the thread, or None."""
    global _running
    if _running is not None or not settings.NIGHTDUEL_EMBEDDED_BEAT:
        return _running
    lock = _lock_for_database()
    if lock is None:
        return None
    from config.celery import app

    app.loader.import_default_modules()  # every app's tasks module, as beat and the worker import them
    thread = beat.EmbeddedService(app, thread=True, scheduler_cls=InlineScheduler)
    thread.lock = lock
    thread.start()
    _running = thread
    return thread
