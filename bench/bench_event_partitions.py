"""Benchmark: the events table partitioned by hash of stream (game migration 0014) at 10⁵ and at
10⁷ events: append latency and a stream read, and their ratio (issue 31; goal within 1.2×).

Fills two throw-away databases (``test_<name>`` of DATABASE_URL, made by migrate, for 10⁷, and
its clone ``test_<name>_small`` for 10⁵; both dropped at the end) from inside PostgreSQL, one
``INSERT … SELECT`` over ``generate_series`` per cohort of COHORT streams of EVENTS_PER_STREAM events each, the cohort's events interleaved as concurrent
games write them (seq 1 of every stream of the cohort, then seq 2, …), so that a stream's events
lie on as many heap pages as it has events. Streams are named ``game-<uuid>``; each event has a
typical move's type, payload (~110 bytes of JSON), dice and command on every other event, actor,
visibility and time, and a placeholder hash (the chain is not what is timed; the appends chain
onto it as onto any head). After each fill, VACUUM ANALYZE, as autovacuum would have done.

Then, in rounds that alternate the two databases and the four measures (so that the load of this
shared machine falls on all of them alike):

- append: ``kernel.store.append_events`` of one event (the real path: the head read, the chain,
  the INSERT in a savepoint, the commit) to a stream of the last cohort (a game being played)
  and to a stream drawn from all (a game resumed after months);
- read: ``list(kernel.store.read_events(stream))``, one stream's events in seq order as the fold
  reads them, likewise for a recent stream and for one drawn from all.

Prints the server's ``shared_buffers`` beside the sizes (at 10⁷ the default 128 MB holds a few
per cent of the table, and a long-idle stream's pages then come from the OS cache), p50/p95 of
each (ms), the PostgreSQL backend's CPU per operation (from /proc, so it needs the server on this
machine; a figure the machine's load moves less than the latencies), the ratios 10⁷/10⁵ and the
load average.

Run: DATABASE_URL=postgresql://... .venv/bin/python bench/bench_event_partitions.py [--small 100000] [--large 10000000]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import secrets
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # DEBUG is off with DATABASE_URL
os.environ.setdefault("HTTPS", "0")

EVENTS_PER_STREAM = 100
COHORT = 1_000  # streams written at once: 100,000 events per INSERT
SAMPLES = 600  # per measure and size
ROUNDS = 20
GOAL = 1.2
SEED = 20261202
PAYLOAD = ("json_build_object('side', CASE WHEN mod(q, 2) = 0 THEN 'luftwaffe' ELSE 'raf' END, 'unit', 'Bf 110 G-4', "
           "'from', json_build_array(mod(s, 17), mod(q, 13)), 'to', json_build_array(mod(s, 17) + 1, mod(q, 13) + 1), "
           "'face', 1 + mod(s + q, 6), 'fuel', mod(q, 9))")
FILL = f"""
    INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at, dice, command, hash)
    SELECT 'game-' || md5(%(cohort)s || '-' || s)::uuid, q, 'FighterMoved', {PAYLOAD}, 'bench', 'public',
           now(), CASE WHEN mod(q, 2) = 1 THEN '[{{"index": 0, "face": 4}}]'::json END,
           CASE WHEN mod(q, 2) = 1 THEN '{{"type": "move", "to": [3, 4]}}'::json END,
           md5(%(cohort)s || '-' || s || '-' || q) || md5(q || '-' || s || '-' || %(cohort)s)
    FROM generate_series(1, {EVENTS_PER_STREAM}) q, generate_series(1, {COHORT}) s
    ORDER BY q, s
"""


def stream(cohort: int, s: int) -> str:
    """The name FILL gives stream ``s`` of ``cohort`` (PostgreSQL's md5(text)::uuid)."""
    return f"game-{uuid.UUID(hashlib.md5(f'{cohort}-{s}'.encode()).hexdigest())}"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def backend_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """One throw-away database's events table: how many cohorts it holds, each stream's version,
    and what was measured on it."""

    def __init__(self, database: str):
        self.database, self.cohorts, self.versions = database, 0, {}
        self.times: dict[str, list[float]] = {name: [] for name in MEASURES}
        self.cpu = {name: [0.0, 0.0] for name in MEASURES}  # PostgreSQL's, the bench's (s)

    def connect(self) -> int:
        """Point Django's connection at this table's database; the backend's pid."""
        from django.db import connection

        connection.close()
        connection.settings_dict["NAME"] = self.database
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            return cursor.fetchone()[0]

    @property
    def events(self) -> int:
        return self.cohorts * COHORT * EVENTS_PER_STREAM

    def fill_to(self, events: int) -> float:
        from django.db import connection

        self.connect()
        started = time.perf_counter()
        with connection.cursor() as cursor:
            while self.events < events:
                cursor.execute(FILL, {"cohort": self.cohorts})
                self.versions.update((stream(self.cohorts, s), EVENTS_PER_STREAM) for s in range(1, COHORT + 1))
                self.cohorts += 1
            cursor.execute("VACUUM ANALYZE events")
        return time.perf_counter() - started

    def recent(self, rng: random.Random) -> str:
        return stream(self.cohorts - 1, rng.randint(1, COHORT))

    def any(self, rng: random.Random) -> str:
        return stream(rng.randrange(self.cohorts), rng.randint(1, COHORT))

    def append(self, name: str) -> None:
        from kernel.store import NewEvent, append_events

        version = self.versions[name]
        append_events(name, version, [NewEvent("FighterMoved", {"side": "raf", "to": [3, 4], "fuel": 2},
                                               dice=[{"index": 0, "face": 4}], command={"type": "move"})], "bench")
        self.versions[name] = version + 1

    def read(self, name: str) -> None:
        from kernel.store import read_events

        assert len(list(read_events(name))) >= EVENTS_PER_STREAM

    def measure_round(self, rng: random.Random, samples: int) -> None:
        """``samples`` of each measure, after a few to warm the new connection and its plans."""
        pid = self.connect()
        for operation, pick in MEASURES.values():
            for _ in range(3):
                operation(self, pick(self, rng))
        for name, (operation, pick) in MEASURES.items():
            names = [pick(self, rng) for _ in range(samples)]
            server, bench = backend_cpu_seconds(pid), time.process_time()
            for chosen in names:
                started = time.perf_counter()
                operation(self, chosen)
                self.times[name].append(time.perf_counter() - started)
            self.cpu[name][0] += backend_cpu_seconds(pid) - server
            self.cpu[name][1] += time.process_time() - bench

    def figures(self, name: str) -> tuple[float, float, float, float]:
        """p50 and p95 (ms), PostgreSQL's and the bench's CPU per operation (ms)."""
        times, count = self.times[name], len(self.times[name])
        p50, p95 = (statistics.quantiles(times, n=100)[q - 1] * 1000 for q in (50, 95))
        return p50, p95, self.cpu[name][0] / count * 1000, self.cpu[name][1] / count * 1000


MEASURES = {"append, recent stream": (Table.append, Table.recent), "append, any stream": (Table.append, Table.any),
            "read, recent stream": (Table.read, Table.recent), "read, any stream": (Table.read, Table.any)}


def sizes() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sum(pg_table_size(inhrelid)), sum(pg_indexes_size(inhrelid)), count(*) "
                       "FROM pg_inherits WHERE inhparent = 'events'::regclass")
        table, indexes, partitions = cursor.fetchone()
        cursor.execute("SHOW shared_buffers")
        buffers = cursor.fetchone()[0]
    # Whether a long-idle stream's pages are still in PostgreSQL's buffers decides its read.
    return (f"table {table / 2**30:.2f} GiB, indexes {indexes / 2**30:.2f} GiB, {partitions} partitions; "
            f"shared_buffers {buffers}")


def report(small: Table, large: Table) -> None:
    for name in MEASURES:
        a, b = small.figures(name), large.figures(name)
        print(name)
        for table, (p50, p95, server, bench) in ((small, a), (large, b)):
            print(f"  at {table.events:>10,}: p50 {p50:6.2f}  p95 {p95:6.2f} ms   CPU per operation: "
                  f"PostgreSQL {server:.2f} ms, bench {bench:.2f} ms")
        ratios = [y / x for x, y in zip(a, b)]
        verdict = "met" if max(ratios[:2]) <= GOAL else "not met"
        print(f"  {large.events:,} / {small.events:,}: p50 {ratios[0]:.2f}x  p95 {ratios[1]:.2f}x   CPU "
              f"{ratios[2]:.2f}x, {ratios[3]:.2f}x   goal {GOAL}x: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", type=int, default=100_000)
    parser.add_argument("--large", type=int, default=10_000_000)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL to a PostgreSQL database (test_ copies of it are created and dropped)")

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    large = Table(connection.settings_dict["NAME"])
    connection.close()
    connection.creation.clone_test_db(suffix="small", verbosity=0)
    small = Table(connection.creation.get_test_db_clone_settings("small")["NAME"])
    rng = random.Random(SEED)
    try:
        for table, size in ((small, args.small), (large, args.large)):
            seconds = table.fill_to(size)
            print(f"filled {table.events:,} events ({len(table.versions):,} streams of {EVENTS_PER_STREAM}) in "
                  f"{seconds:.1f} s ({table.events / seconds:,.0f} events/s, VACUUM ANALYZE included); {sizes()}")
        print(f"load average before measuring: {load()}")
        for _ in range(ROUNDS):  # the two sizes alternate, so that the machine's load falls on both alike
            for table in (small, large):
                table.measure_round(rng, SAMPLES // ROUNDS)
        print(f"load average after: {load()}; {SAMPLES} operations per measure and size\n")
        report(small, large)
    finally:
        connection.close()
        connection.settings_dict["NAME"] = large.database
        connection.creation.destroy_test_db(verbosity=0, suffix="small")
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
