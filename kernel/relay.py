"""The outbox relay: hands committed outbox messages to Celery, so no request talks to the broker.

A command's transaction writes its outbox message with its events (kernel/outbox.py); with a
broker configured the request does nothing more. The relay (``manage.py relay_outbox``, a process
of its own, systemd unit ``nightduel-relay``) claims the messages never handed over, publishes each
to its consumers and marks it ``dispatched_at``, in one transaction per batch.

Why LISTEN/NOTIFY rather than beat polling: a statement-level trigger on the outbox table
(migration ``kernel/0002_outbox_notify``) calls ``pg_notify``, which PostgreSQL delivers at
commit, costing the writer no round trip, and wakes the relay within a millisecond; a beat task
polling often enough for a bot's reply or a "your move" to feel immediate would query the table
several times a second for nothing, and run through a broker that may be the thing that is down.

Why a process of its own rather than a thread in each Celery worker: the relay must keep
publishing while the workers restart, are busy with a ratings rebuild or are all down (the
broker then queues), and a thread in a prefork worker's parent shares neither its restarts nor
its GIL budget cleanly. Several relays are safe: a batch is claimed with ``FOR NO KEY UPDATE
SKIP LOCKED`` (a consumer's tracking record may still reference a claimed row meanwhile), so two
relays never hand over the same message, and a message published twice (a relay killed between
publishing and committing) is run once anyway: its consumers' tracking records say so.

NOTIFYs sent while no relay listens are lost, so the relay also passes every ``poll_seconds``
and once when it starts; beat's ``drain_outbox`` (``resend_unconsumed``) stays the safety net for
messages published but never consumed. While the broker is down a pass publishes nothing, leaves
its batch unclaimed and the relay waits ``poll_seconds`` before trying again.
"""
from __future__ import annotations

import logging
import threading
import time

import psycopg
from django.db import DatabaseError, close_old_connections, connection, transaction
from django.utils import timezone

from kernel import outbox
from kernel.models import OutboxMessage

log = logging.getLogger(__name__)

CHANNEL = "nightduel_outbox"  # the trigger's channel (migration kernel/0002_outbox_notify)
BATCH = 100
# After a NOTIFY, the commits that follow within this long are relayed in the same batch: one
# transaction for several messages under load, a delay nobody notices in follow-up work.
GATHER_SECONDS = 0.02


def relay_pending(limit: int = BATCH) -> tuple[int, bool]:
    """One pass over a batch of messages never handed over: (how many were published, whether
    the broker refused one). What was published before a refusal stays marked."""
    sent, refused = [], False
    with transaction.atomic():
        pending = OutboxMessage.objects.filter(dispatched_at__isnull=True, consumed_at__isnull=True).order_by("id")
        if connection.features.has_select_for_update_skip_locked:
            pending = pending.select_for_update(skip_locked=True, no_key=True)
        for message in pending[:limit]:
            if not outbox.publish(message):
                refused = True
                break
            sent.append(message.pk)
        if sent:
            OutboxMessage.objects.filter(pk__in=sent).update(dispatched_at=timezone.now())
    return len(sent), refused


def relay_all(limit: int = BATCH) -> tuple[int, bool]:
    """Passes until no full batch is left: (how many were published, whether the broker refused one)."""
    total = 0
    while True:
        sent, refused = relay_pending(limit)
        total += sent
        if refused or sent < limit:
            return total, refused


def listen() -> psycopg.Connection | None:
    """A connection of its own LISTENing on the channel (None on a database without NOTIFY)."""
    if connection.vendor != "postgresql":
        return None
    params = {k: v for k, v in connection.get_connection_params().items() if k not in ("cursor_factory", "context")}
    listener = psycopg.connect(**params, autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")
    return listener


def wait_for_notice(listener: psycopg.Connection | None, seconds: float, stop: threading.Event) -> None:
    """Until a NOTIFY arrives (all that arrived are consumed), ``seconds`` pass or ``stop`` is set."""
    deadline = time.monotonic() + seconds
    while not stop.is_set() and (left := deadline - time.monotonic()) > 0:
        if listener is None:
            stop.wait(min(left, 1.0))
            continue
        # At most a second per wait, so that a stop is seen soon.
        if any(True for _ in listener.notifies(timeout=min(left, 1.0), stop_after=1)):
            for _ in listener.notifies(timeout=GATHER_SECONDS):  # those that follow: one pass serves all
                pass
            return


def run(stop: threading.Event, poll_seconds: float = 5.0) -> None:
    """Relay until ``stop`` is set: a pass at start, after every NOTIFY, at least every
    ``poll_seconds``; a lost database connection is opened again after ``poll_seconds``."""
    listener = None
    while not stop.is_set():
        try:
            if listener is None or listener.closed:
                listener = listen()
            _, refused = relay_all()
            if refused:
                stop.wait(poll_seconds)
                continue
            wait_for_notice(listener, poll_seconds, stop)
        except (DatabaseError, psycopg.Error):
            log.warning("outbox relay: database unavailable, trying again in %.0f s", poll_seconds, exc_info=True)
            if listener is not None:
                listener.close()
            listener = None
            close_old_connections()
            connection.close()
            stop.wait(poll_seconds)
    if listener is not None:
        listener.close()
