"""Reads that may lag, on a streaming replica (README, "Production shape").

- A view marked :func:`reads_may_lag` (a function view, or a class view's ``get``) reads from the
  ``replica`` database alias while it answers a GET or HEAD; every other view, every write and
  every read inside a transaction use the primary (``default``). Without the alias (no
  ``DATABASE_REPLICA_URL``) the mark does nothing.
- Read your own writes, exactly: after every unsafe request by a signed-in person,
  :class:`RememberWrites` stores the primary's WAL insert position under his id (in the cache,
  Redis in production, so every web node sees it). His marked reads go to the replica only once
  its replay position has passed that one — it then holds every commit he made — else to the primary.
- A replica that fails (down, refusing, cancelling a query) is left alone for
  ``NIGHTDUEL_REPLICA_RETRY_SECONDS`` in this process, and the failed view runs again on the primary.
"""
from __future__ import annotations

import functools
import logging
import time
from contextvars import ContextVar

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

REPLICA = "replica"
SAFE_METHODS = ("GET", "HEAD")
# What the primary's position stands for when it could not be read after a write: "not yet", so
# the person reads the primary until his next write records a real position.
UNKNOWN_POSITION = 2**64
WRITE_KEY = "nightduel:replica:wrote:{}"
# A recorded position older than this no longer matters: the replica is far past it, or so far
# behind that nobody should read from it (its lag is the cluster's, README).
WRITE_MEMORY_SECONDS = 24 * 3600

logger = logging.getLogger(__name__)
_replica_reads: ContextVar[bool] = ContextVar("nightduel_replica_reads", default=False)
# Per process: until when the replica is not tried again, and the highest replay position seen
# (positions only grow, so an old sighting is a safe lower bound that spares a query).
_down_until = 0.0
_replayed = 0


def configured() -> bool:
    return REPLICA in settings.DATABASES


def wal_position(text: str | None) -> int | None:
    """``'16/B374D848'`` (a ``pg_lsn``) as a number that orders as the WAL does."""
    if text is None:
        return None
    high, low = str(text).split("/")
    return (int(high, 16) << 32) + int(low, 16)


def replica_up() -> bool:
    return time.monotonic() >= _down_until


def mark_replica_down(reason: BaseException) -> None:
    global _down_until
    _down_until = time.monotonic() + settings.NIGHTDUEL_REPLICA_RETRY_SECONDS
    logger.warning("replica unavailable, reading from the primary for %ss: %s",
                   settings.NIGHTDUEL_REPLICA_RETRY_SECONDS, reason)
    replica = connections[REPLICA]
    try:
        replica.close()
    except DatabaseError:
        pass  # a connection that is already broken needs no closing
    replica.errors_occurred = False  # nothing of it is left to blame for the next error


def _single_value(alias: str, sql: str):
    with connections[alias].cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0]


def replayed_position() -> int:
    """The replica's replay position now (0 if it is not a standby: nobody reads his writes there)."""
    global _replayed
    seen = wal_position(_single_value(REPLICA, "SELECT pg_last_wal_replay_lsn()")) or 0
    _replayed = max(_replayed, seen)
    return seen


def remember_write(user_id) -> None:
    try:
        position = wal_position(_single_value(DEFAULT_DB_ALIAS, "SELECT pg_current_wal_insert_lsn()"))
    except DatabaseError:  # the request's own error answer says what happened; be safe meanwhile
        position = UNKNOWN_POSITION
    cache.set(WRITE_KEY.format(user_id), position, WRITE_MEMORY_SECONDS)


def replica_serves(user) -> bool:
    """May this person's lag-tolerant reads go to the replica now?"""
    if not replica_up():
        return False
    wrote = cache.get(WRITE_KEY.format(user.pk)) if user.is_authenticated else None
    if wrote is None or _replayed >= wrote:
        return True
    try:
        return replayed_position() >= wrote
    except DatabaseError as error:
        mark_replica_down(error)
        return False


def _on_replica(handler, request_at: int):
    @functools.wraps(handler)
    def handle(*args, **kwargs):
        request = args[request_at]
        if request.method not in SAFE_METHODS or not configured():
            return handler(*args, **kwargs)
        token = _replica_reads.set(replica_serves(request.user))
        try:
            if _replica_reads.get():
                try:
                    return handler(*args, **kwargs)
                except DatabaseError as error:
                    if not connections[REPLICA].errors_occurred:
                        raise  # the primary's error: answered as it always is
                    mark_replica_down(error)
                    _replica_reads.set(False)
            return handler(*args, **kwargs)  # a safe request: running it again on the primary is harmless
        finally:
            _replica_reads.reset(token)
    return handle


def reads_may_lag(view):
    """Mark a view whose reads may lag behind the primary (replays, brackets, standings,
    leaderboards): a function view, or a class view (its ``get``)."""
    if isinstance(view, type):
        view.get = _on_replica(view.get, request_at=1)
        return view
    return _on_replica(view, request_at=0)


class ReplicaRouter:
    """``DATABASE_ROUTERS``: marked reads to the replica, all else to the primary; never migrates the replica."""

    def db_for_read(self, model, **hints):
        if _replica_reads.get() and replica_up() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            return REPLICA
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the replica holds the same rows

    def allow_migrate(self, db, app_label, **hints):
        return db != REPLICA


class RememberWrites:
    """Middleware: after an unsafe request by a signed-in person, remember where the primary's
    WAL stood (for :func:`replica_serves`). In the chain only when a replica is configured."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)  # a token's person: set by DRF in the view
        if request.method not in SAFE_METHODS and user is not None and user.is_authenticated:
            remember_write(user.pk)
        return response
