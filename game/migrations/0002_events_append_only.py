"""The database itself rejects UPDATE and DELETE on the events table (docs/rules/service.md).

PostgreSQL: a PL/pgSQL trigger function; SQLite: two BEFORE triggers that RAISE(ABORT).
"""
from django.db import migrations

POSTGRES_UP = [
    """
    CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger AS $$
    BEGIN
        RAISE EXCEPTION 'events are append-only: % on events is not allowed', TG_OP
            USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$ LANGUAGE plpgsql
    """,
    "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
    "FOR EACH ROW EXECUTE FUNCTION events_append_only()",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS events_append_only ON events",
    "DROP FUNCTION IF EXISTS events_append_only()",
]
SQLITE_UP = [
    "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE on events is not allowed'); END",
    "CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
    "BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE on events is not allowed'); END",
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS events_no_update", "DROP TRIGGER IF EXISTS events_no_delete"]

STATEMENTS = {"postgresql": (POSTGRES_UP, POSTGRES_DOWN), "sqlite": (SQLITE_UP, SQLITE_DOWN)}


def run(direction):
    def apply(apps, schema_editor):
        statements = STATEMENTS.get(schema_editor.connection.vendor)
        if statements is None:
            raise RuntimeError(f"no append-only trigger for {schema_editor.connection.vendor}")
        for sql in statements[direction]:
            schema_editor.execute(sql, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [("game", "0001_initial")]
    operations = [migrations.RunPython(run(0), run(1))]
