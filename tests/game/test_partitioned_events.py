"""The events table partitioned by hash of stream (issue 31; game/migrations/0014), with the append
contract and every guard of the plain table: each refuses on the table and on a partition."""
import importlib
import io
import re
import threading
import time

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.utils import DatabaseError

from kernel.models import StoredEvent
from kernel.store import ConcurrencyError, NewEvent, append_events
from tests.database_owner import as_owner
from tests.game.test_game_api import play_to_end
from tests.game.test_history_integrity import race_game

PARTITIONING = importlib.import_module("game.migrations.0014_events_partitioned_by_stream")
pytestmark = pytest.mark.skipif(connection.vendor != "postgresql",
                                reason="partitions are PostgreSQL's, an outside service (set DATABASE_URL)")


def query(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def partition_of(stream: str) -> str:
    [(partition,)] = query("SELECT DISTINCT tableoid::regclass::text FROM events WHERE stream = %s", [stream])
    return partition


@pytest.mark.django_db
def test_the_table_is_hash_partitioned_by_stream_and_a_stream_lives_and_is_read_in_one_partition():
    assert query("SELECT partstrat, attname FROM pg_partitioned_table JOIN pg_attribute "
                 "ON attrelid = partrelid AND attnum = partattrs[0] WHERE partrelid = 'events'::regclass") == [
        ("h", "stream")]
    assert query("SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass") == [
        (PARTITIONING.PARTITIONS,)]
    streams = [f"s-{n}" for n in range(12)]
    for stream in streams:
        for version in range(3):
            append_events(stream, version, [NewEvent("A")])
    assert query("SELECT count(DISTINCT tableoid) FROM events GROUP BY stream") == [(1,)] * len(streams)
    assert len({partition_of(s) for s in streams}) > 1  # the streams spread over the partitions
    plan = "\n".join(row for (row,) in query("EXPLAIN SELECT * FROM events WHERE stream = %s ORDER BY seq",
                                             [streams[0]]))
    # One partition is read, by an index or a bitmap scan (then named twice: its table and its index).
    assert set(re.findall(r" on (events_p\d+)\b", plan)) == {partition_of(streams[0])}


@pytest.mark.django_db
def test_the_orm_keeps_id_as_the_primary_key():
    rows = append_events("s-orm", 0, [NewEvent("A"), NewEvent("B")])  # bulk_create, ids by RETURNING
    assert rows[1].pk == rows[0].pk + 1
    assert StoredEvent.objects.get(pk=rows[1].pk).type == "B"
    assert query("SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'events'::regclass "
                 "AND contype IN ('p', 'u') ORDER BY contype") == [("PRIMARY KEY (id, stream)",),
                                                                   ("UNIQUE (stream, seq)",)]


@pytest.mark.django_db
@pytest.mark.parametrize("sql", ["UPDATE {} SET type = 'Tampered'", "DELETE FROM {}", "TRUNCATE {}"])
@pytest.mark.parametrize("on_partition", [False, True], ids=["events", "partition"])
def test_the_owner_is_refused_updates_deletes_and_truncates_on_the_table_and_on_a_partition(sql, on_partition):
    append_events("s-guard", 0, [NewEvent("A")])
    table = partition_of("s-guard") if on_partition else "events"
    with pytest.raises(DatabaseError, match="append-only"):
        with as_owner(), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql.format(table))
    assert StoredEvent.objects.get(stream="s-guard").type == "A"


@pytest.mark.django_db
def test_a_partition_holding_no_event_may_be_truncated_and_the_owners_path_empties_every_partition():
    append_events("s-held", 0, [NewEvent("A")])
    held = partition_of("s-held")
    empty = next(PARTITIONING.partition_name(r) for r in range(PARTITIONING.PARTITIONS)
                 if PARTITIONING.partition_name(r) != held)
    with as_owner(), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {empty}")  # loses nothing
        # the owner's explicit path: lifted on events, the guard is lifted on every partition too
        cursor.execute("ALTER TABLE events DISABLE TRIGGER events_no_truncate")
        cursor.execute("TRUNCATE events")
        cursor.execute("ALTER TABLE events ENABLE TRIGGER events_no_truncate")
    assert not StoredEvent.objects.exists()


def test_the_service_role_may_not_touch_a_partition_directly(service_login):
    append_events("s-service", 0, [NewEvent("A")])
    partition = partition_of("s-service")
    service_login.execute("INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at, hash) "
                          "VALUES ('s-service', 2, 'B', '{}', '', 'public', now(), '')")  # through events: yes
    for sql in [f"INSERT INTO {partition} (stream, seq, type, payload, actor, visibility, recorded_at, hash) "
                "VALUES ('s-service', 3, 'C', '{}', '', 'public', now(), '')",
                f"UPDATE {partition} SET type = 'Tampered'", f"DELETE FROM {partition}", f"TRUNCATE {partition}",
                f"SELECT * FROM {partition}",
                f"ALTER TABLE {partition} DISABLE TRIGGER ALL", f"ALTER TABLE events DETACH PARTITION {partition}",
                f"DROP TABLE {partition}"]:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            service_login.execute(sql)
    assert list(StoredEvent.objects.filter(stream="s-service").values_list("type", flat=True)) == ["A", "B"]


@pytest.mark.django_db(transaction=True)
def test_of_two_racing_appends_unique_stream_seq_lets_one_win_and_the_other_gets_a_concurrency_error():
    """The loser reads the stream at version 0 while the winner's seq 1 is not yet committed: only
    the partition's (stream, seq) key stops it, and the store reports that as a stale version."""
    append_events("s-other", 0, [NewEvent("A")])  # the partitions are not empty
    outcome, backend = {}, {}

    def loser():
        try:
            backend["pid"] = query("SELECT pg_backend_pid()")[0][0]
            append_events("s-race", 0, [NewEvent("Late")])
        except ConcurrencyError as refused:
            outcome["error"] = refused
        finally:
            connection.close()

    with transaction.atomic():
        append_events("s-race", 0, [NewEvent("First")])
        thread = threading.Thread(target=loser)
        thread.start()
        deadline = time.monotonic() + 10
        while not query("SELECT 1 FROM pg_locks WHERE pid = %s AND NOT granted",
                        [backend.get("pid", 0)]):  # the loser waits on the winner's key
            assert time.monotonic() < deadline and thread.is_alive(), outcome
            time.sleep(0.02)
    thread.join(10)
    assert outcome["error"].expected == 0 and outcome["error"].current == 1
    assert list(StoredEvent.objects.filter(stream="s-race").values_list("seq", "type")) == [(1, "First")]


@pytest.mark.django_db(transaction=True)
def test_converting_a_populated_table_keeps_its_rows_ids_chains_sequence_guards_and_grants(users):
    game = race_game(users)
    play_to_end(game.pk, users)
    append_events("tournament-0", 0, [NewEvent("A"), NewEvent("B")])
    rows = query("SELECT * FROM events ORDER BY id")
    [(last_id,)] = query("SELECT last_value FROM events_id_seq")
    try:
        for partitions, kind in [(None, "r"), (PARTITIONING.PARTITIONS, "p")]:  # back to plain, and again
            with as_owner(), connection.schema_editor() as editor:
                PARTITIONING.rebuild(editor, partitions)
            assert query("SELECT relkind FROM pg_class WHERE oid = 'events'::regclass") == [(kind,)]
            assert query("SELECT * FROM events ORDER BY id") == rows
            out = io.StringIO()
            call_command("verify_history", stdout=out, stderr=io.StringIO())
            assert "2 streams" in out.getvalue() and "every hash chain intact" in out.getvalue()
            with pytest.raises(DatabaseError, match="append-only"):
                with as_owner(), transaction.atomic(), connection.cursor() as cursor:
                    cursor.execute("DELETE FROM events")
    finally:
        if query("SELECT relkind FROM pg_class WHERE oid = 'events'::regclass") != [("p",)]:
            with as_owner(), connection.schema_editor() as editor:
                PARTITIONING.rebuild(editor, PARTITIONING.PARTITIONS)
    appended = append_events("tournament-0", 2, [NewEvent("C")])  # as the service role: its grants carried over
    assert appended[0].pk == last_id + 1
