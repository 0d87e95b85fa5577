"""The rebuild's read in a thread on a connection of its own (ratings/read_ahead.py): the batches
come in order, an error of the read is raised where they are used, and a consumer that stops
early, or a rebuild that fails while writing, stops the reader. The full rebuild on this path is compared with the live fold in
tests/ratings/test_concurrency.py (a transactional test, so the rebuild is a transaction of its
own there).

PostgreSQL only, like that test: the thread needs a database connection of its own.
"""
import threading
from types import SimpleNamespace

import pytest
from django.conf import settings as django_settings
from django.db import connection

from ratings import projection
from ratings.read_ahead import read_ahead

pytestmark = [
    pytest.mark.skipif("postgresql" not in django_settings.DATABASES["default"]["ENGINE"], reason="needs PostgreSQL, an outside service (set DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]


def backend_pids(count):
    """The reader's own backend, one per batch: the batches are read on another connection."""
    for _ in range(count):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            yield [cursor.fetchone()[0]]


def test_batches_come_in_order_and_are_read_on_another_connection():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        own = cursor.fetchone()[0]
    assert list(read_ahead(lambda: iter([[1], [2], [3]]))) == [[1], [2], [3]]
    pids = {pid for batch in read_ahead(lambda: backend_pids(5)) for pid in batch}
    assert len(pids) == 1 and own not in pids


def test_an_error_of_the_read_is_raised_where_the_batches_are_used():
    def failing():
        yield [1]
        raise ValueError("the read failed")

    batches = read_ahead(failing)
    assert next(batches) == [1]
    with pytest.raises(ValueError, match="the read failed"):
        next(batches)


def test_a_consumer_that_stops_early_stops_the_reader():
    def endless():
        n = 0
        while True:
            n += 1
            yield [n]

    batches = read_ahead(endless)
    assert next(batches) == [1]
    batches.close()
    assert not readers()


def test_a_rebuild_that_fails_while_writing_stops_its_reader_at_once(monkeypatch):
    def endless(batch):
        n = 0
        while True:
            n += 1
            yield [SimpleNamespace(event_id=n)]

    def failing_write(*args):
        raise RuntimeError("the write failed")

    monkeypatch.setattr(projection, "all_results", endless)
    monkeypatch.setattr(projection, "_rebuild_batch", failing_write)
    with pytest.raises(RuntimeError, match="the write failed") as failure:
        projection.rebuild()
    # The traceback still holds the rebuild's frame: the reader must not wait for it to be freed.
    assert failure.traceback and not readers()


def readers():
    return [t for t in threading.enumerate() if t.name == "ratings-read-ahead"]
