"""The outbox relay (kernel/relay.py) on PostgreSQL: woken by the NOTIFY a committed message
sends, claiming with SKIP LOCKED so that relays side by side never hand over the same message,
and leaving a message the broker refused for its next pass. Publishing is recorded here instead
of sent (the real broker and worker: tests/faults/test_broker_outage.py)."""
import threading

import psycopg
import pytest
from django.db import connection, transaction

from kernel import relay
from kernel.models import OutboxMessage
from kernel.tasks import consume_outbox_message
from tests.worker import database_url, wait_until

pytestmark = pytest.mark.django_db(transaction=True)
SENT: list[tuple] = []


@pytest.fixture(autouse=True)
def recorded_broker(settings, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("LISTEN/NOTIFY and SKIP LOCKED need PostgreSQL, an outside service (set DATABASE_URL)")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"probe": ["probe.consumer"]}
    SENT.clear()
    monkeypatch.setattr(consume_outbox_message, "apply_async", lambda args, **options: SENT.append(args))


def listener() -> psycopg.Connection:
    conn = psycopg.connect(database_url(), autocommit=True)
    conn.execute(f"LISTEN {relay.CHANNEL}")
    return conn


def test_a_message_notifies_the_relay_when_it_commits_and_never_when_rolled_back():
    with listener() as conn:
        with pytest.raises(RuntimeError), transaction.atomic():
            OutboxMessage.objects.create(topic="probe", payload={"n": 1})
            raise RuntimeError("rolled back")
        assert list(conn.notifies(timeout=0.5, stop_after=1)) == []
        with transaction.atomic():
            OutboxMessage.objects.create(topic="probe", payload={"n": 2})
            assert list(conn.notifies(timeout=0.3, stop_after=1)) == [], "notified before the commit"
        [notice] = conn.notifies(timeout=2, stop_after=1)
        assert notice.channel == relay.CHANNEL


def test_a_relay_skips_what_another_relay_holds_and_marks_what_it_sent():
    held, free = (OutboxMessage.objects.create(topic="probe", payload={"n": n}) for n in (1, 2))
    with psycopg.connect(database_url()) as other_relay:  # a second relay in the middle of its batch
        other_relay.execute("SELECT 1 FROM game_outboxmessage WHERE id = %s FOR NO KEY UPDATE", [held.pk])
        assert relay.relay_pending() == (1, False)
        assert SENT == [(free.pk, "probe.consumer")]
    assert relay.relay_pending() == (1, False)  # released: the next pass takes it
    assert SENT == [(free.pk, "probe.consumer"), (held.pk, "probe.consumer")]
    assert not OutboxMessage.objects.filter(dispatched_at__isnull=True).exists()
    assert relay.relay_pending() == (0, False)


def test_a_message_the_broker_refused_waits_for_the_next_pass(monkeypatch):
    def refuse(args, **options):
        raise ConnectionError("broker down")

    first, second = (OutboxMessage.objects.create(topic="probe", payload={"n": n}) for n in (1, 2))
    monkeypatch.setattr(consume_outbox_message, "apply_async", refuse)
    assert relay.relay_pending() == (0, True)
    assert OutboxMessage.objects.filter(dispatched_at__isnull=True).count() == 2
    monkeypatch.setattr(consume_outbox_message, "apply_async", lambda args, **options: SENT.append(args))
    assert relay.relay_all(limit=1) == (2, False)
    assert SENT == [(first.pk, "probe.consumer"), (second.pk, "probe.consumer")]


def test_the_running_relay_is_woken_by_the_commit_not_by_its_poll():
    stop = threading.Event()

    def relay_thread():
        try:
            relay.run(stop, poll_seconds=60)
        finally:
            connection.close()

    running = threading.Thread(target=relay_thread)
    waiting = OutboxMessage.objects.create(topic="probe", payload={"n": 1})  # before it started: its first pass
    running.start()
    try:
        wait_until(lambda: len(SENT) == 1, timeout=10)
        fresh = OutboxMessage.objects.create(topic="probe", payload={"n": 2})
        wait_until(lambda: len(SENT) == 2, timeout=5)  # far sooner than the 60 s poll
        assert SENT == [(waiting.pk, "probe.consumer"), (fresh.pk, "probe.consumer")]
    finally:
        stop.set()
        running.join(5)
    assert not running.is_alive(), "the relay did not stop"
