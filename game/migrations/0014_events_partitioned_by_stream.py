"""On PostgreSQL the events table is partitioned by hash of its stream (issue 31); SQLite unchanged.

All of a stream's events lie in one partition, so an append and a stream read touch one
partition's indexes however long the whole history grows, and each partition is vacuumed,
reindexed and backed up on its own. The append contract is as before: the same columns,
``UNIQUE(stream, seq)`` (kept by each partition, and so by the table, since the stream decides the
partition), the row trigger of 0002 (PostgreSQL clones it onto every partition), the TRUNCATE
guard of 0005 on the table and on each partition, the rights granted on ``events``. A partition is
granted nothing: rows reach it only through ``events``.

PostgreSQL wants every unique key of a partitioned table to hold the partition key, so the
primary key becomes ``(id, stream)``. id comes first: a lookup by Django's pk (``WHERE id = …``)
is one index probe per partition, while ``(stream, id)`` would only repeat the (stream, seq) key
that serves every stream read and help no lookup by id. The model keeps ``id`` as its pk: ids come
from the one sequence, so id alone stays unique. But PostgreSQL lets a GROUP BY select the other
columns only when it names the whole primary key: group events by (id, stream).

The table is converted in place, in this migration's transaction (:func:`rebuild`); the reverse
rebuilds a plain table the same way.
"""
import importlib

from django.db import migrations

APPEND_ONLY = importlib.import_module("game.migrations.0002_events_append_only")
NO_TRUNCATE = importlib.import_module("game.migrations.0005_events_no_truncate")

# Sixteen: a power of two, so that one partition can later be split in two by doubling the modulus
# (remainders r and r + 16) without moving the rows of the others; few enough that what reads every
# partition (verify_history's merge of all streams, the ratings' scans by event type, and each cached
# generic plan, of which PostgreSQL 15 locks every partition before pruning) pays for 16 tables, not
# hundreds; and enough that at 10⁸ events one partition holds about 6 million (a few GB), which one
# VACUUM or REINDEX goes through in minutes.
PARTITIONS = 16

# The TRUNCATE guard of 0005, now on every partition too. A partition's guard follows the one on
# events: lifted there (ALTER TABLE events DISABLE TRIGGER events_no_truncate, the owner's explicit
# path in tests/database_owner.py), it is lifted on the partitions as well, as PostgreSQL does for
# the row trigger it cloned, so that the TRUNCATE of events, which fires each partition's guard,
# passes. Each refuses while its own table holds an event: truncating nothing loses nothing.
PARTITIONED_NO_TRUNCATE = """
    CREATE OR REPLACE FUNCTION events_no_truncate() RETURNS trigger AS $$
    DECLARE
        holds_events boolean;
    BEGIN
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', TG_RELID::regclass) INTO holds_events;
        IF holds_events AND EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'events'::regclass
                                    AND tgname = 'events_no_truncate' AND tgenabled <> 'D') THEN
            RAISE EXCEPTION 'events are append-only: TRUNCATE on % is not allowed', TG_TABLE_NAME
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
        RETURN NULL;
    END;
    $$ LANGUAGE plpgsql
"""
NO_TRUNCATE_TRIGGER = ("CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON {table} "
                       "FOR EACH STATEMENT EXECUTE FUNCTION events_no_truncate()")


# The events' id sequence: its name, and the value and is_called that setval() gives it back.
SEQUENCE = ("SELECT sequencename, COALESCE(last_value, start_value), last_value IS NOT NULL FROM pg_sequences "
            "WHERE format('%I.%I', schemaname, sequencename)::regclass = pg_get_serial_sequence('events', 'id')::regclass")


# What roles other than the owner hold on the table and on its sequence, to be granted again.
GRANTS = ("SELECT relname, CASE relkind WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, grantee::regrole::text, "
          "string_agg(privilege_type, ', ') FROM pg_class, aclexplode(relacl) "
          "WHERE oid IN ('events'::regclass, pg_get_serial_sequence('events', 'id')::regclass) "
          "AND grantee NOT IN (0, relowner) GROUP BY relname, relkind, grantee")


def partition_name(remainder: int) -> str:
    return f"events_p{remainder:02d}"


def rebuild(schema_editor, partitions: int | None) -> None:
    """Replace ``events`` by a table of the same columns and rows, partitioned by hash of stream
    into ``partitions`` tables (or plain, for None), with the old one's id sequence at the value it
    had, its keys, guards and grants. The table is locked against writers until the commit."""
    def execute(*statements):
        for sql in statements:
            schema_editor.execute(sql, params=None)

    def fetch(sql):
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(sql)
            return cursor.fetchall()

    execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
    [(sequence, last_value, is_called)] = fetch(SEQUENCE)
    grants = fetch(GRANTS)
    execute(f"CREATE TABLE events_rebuilt (LIKE events INCLUDING ALL EXCLUDING INDEXES)"
            f"{' PARTITION BY HASH (stream)' if partitions else ''}",
            *[f"CREATE TABLE {partition_name(r)} PARTITION OF events_rebuilt "
              f"FOR VALUES WITH (MODULUS {partitions}, REMAINDER {r})" for r in range(partitions or 0)],
            "INSERT INTO events_rebuilt SELECT * FROM events",
            "DROP TABLE events",  # its triggers, keys, sequence and (converting back) partitions go with it
            "ALTER TABLE events_rebuilt RENAME TO events")
    [(new_sequence, _, _)] = fetch(SEQUENCE)
    execute(f"ALTER SEQUENCE {new_sequence} RENAME TO {sequence}",
            f"SELECT setval('{sequence}', {last_value}, {is_called})",
            f"ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY {'(id, stream)' if partitions else '(id)'}",
            "ALTER TABLE events ADD CONSTRAINT events_stream_seq_unique UNIQUE (stream, seq)",
            APPEND_ONLY.POSTGRES_UP[1])  # the row trigger, cloned onto the partitions
    if partitions:
        execute(PARTITIONED_NO_TRUNCATE, *[NO_TRUNCATE_TRIGGER.format(table=table)
                                           for table in ["events", *map(partition_name, range(partitions))]])
    else:
        execute(*NO_TRUNCATE.POSTGRES_UP)
    execute(*[f"GRANT {privileges} ON {kind} {relation} TO {grantee}" for relation, kind, grantee, privileges in grants],
            "ANALYZE events")  # the moved rows have no statistics yet


def convert(partitions: int | None):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            rebuild(schema_editor, partitions)

    return apply


class Migration(migrations.Migration):
    dependencies = [("game", "0013_game_ruleset_version")]
    operations = [migrations.RunPython(convert(PARTITIONS), convert(None))]
