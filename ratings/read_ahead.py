"""The rebuild's read on a connection of its own, in a thread ahead of the writes.

On one connection the rebuild alternates: Python waits while PostgreSQL sorts and sends a
batch, then PostgreSQL waits while Python folds and writes it. Read in a thread on a second
connection, the server's part of the read runs while this thread folds and writes (a thread
waiting on the network lets the other run). The thread's connection sees what is committed, so
this serves only a rebuild that is a transaction of its own, not one inside a transaction that
appended events it has not committed; and the thread starts once the ledgers are locked, so a
result committed later is rated by its own task after the rebuild commits, as on one connection.
"""
from __future__ import annotations

import queue
import threading
from typing import Callable, Iterator, TypeVar

from django.db import connection, transaction

Batch = TypeVar("Batch")

# Batches read and not yet written: enough that the reader does not wait on a slow write, few
# enough that memory stays flat.
DEPTH = 3
_END = object()


def read_ahead(read: Callable[[], Iterator[Batch]]) -> Iterator[Batch]:
    """The batches of ``read()``, read in a thread, in a transaction of its own (so that its
    server-side cursor and ``SET LOCAL`` settings hold); an error there is raised here."""
    batches: queue.Queue = queue.Queue(maxsize=DEPTH)
    stop = threading.Event()

    def put(item) -> bool:
        while not stop.is_set():
            try:
                batches.put(item, timeout=0.1)
                return True
            except queue.Full:
                pass
        return False

    def run() -> None:
        try:
            with transaction.atomic():
                for batch in read():
                    if not put(batch):
                        return
            put(_END)
        except BaseException as error:  # handed over: the consumer raises it
            put(error)
        finally:
            connection.close()  # the thread's own connection

    reader = threading.Thread(target=run, name="ratings-read-ahead", daemon=True)
    reader.start()
    try:
        while (item := batches.get()) is not _END:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()  # stopped early (an error while writing): the reader stops at its next batch
        reader.join()
