"""The raw ceiling: single-row INSERT + COMMIT transactions per second into a table shaped
like ``events``, from as many processes as the service has workers (issue 9 "bench/load")."""
from __future__ import annotations

import json
import multiprocessing
import time

import psycopg

TABLE = "raw_events"
# About the size of a 303 move event.
PAYLOAD = json.dumps({"fighter": "f1", "path": [101, 102, 103], "target": "bomber", "shots": 2})
HASH = "0" * 64  # a chain hash's width; the raw ceiling computes none


def create_table(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {TABLE}")
        # Columns, identity, UNIQUE(stream, seq); no append-only trigger (that is the service's).
        conn.execute(f"CREATE TABLE {TABLE} (LIKE events INCLUDING ALL)")


def insert_loop(dsn: str, process: int, seconds: float, counts) -> None:
    with psycopg.connect(dsn) as conn:
        stream, seq = f"raw-{process}", 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            seq += 1
            conn.execute(
                f"INSERT INTO {TABLE} (stream, seq, type, payload, actor, visibility, recorded_at, hash)"
                " VALUES (%s, %s, 'FighterMoved', %s, 'raw', 'public', now(), %s)",
                (stream, seq, PAYLOAD, HASH),
            )
            conn.commit()
        counts.put(seq)


def measure(dsn: str, processes: int, seconds: float) -> float:
    """Committed single-row transactions per second over all processes."""
    create_table(dsn)
    counts = multiprocessing.get_context("spawn").Queue()
    workers = [multiprocessing.get_context("spawn").Process(target=insert_loop, args=(dsn, p, seconds, counts))
               for p in range(processes)]
    for w in workers:
        w.start()
    total = sum(counts.get() for _ in workers)
    for w in workers:
        w.join()
    create_table(dsn)  # emptied again for the framework floor run
    return total / seconds
