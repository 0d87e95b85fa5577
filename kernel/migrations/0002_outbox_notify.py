"""A committed outbox message wakes the relay (kernel/relay.py): a statement-level trigger on
the outbox table calls ``pg_notify``, which PostgreSQL delivers when the transaction commits
(never for one rolled back) at no extra round trip for the writer. SQLite has no relay (tasks
run inline there), so nothing is made on it."""
from django.db import migrations

CHANNEL = "nightduel_outbox"  # kernel/relay.py CHANNEL

POSTGRES_UP = [
    f"""
    CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', '');
        RETURN NULL;
    END;
    $$ LANGUAGE plpgsql
    """,
    "CREATE TRIGGER outbox_notify AFTER INSERT ON game_outboxmessage "
    "FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()",
]
POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS outbox_notify ON game_outboxmessage",
    "DROP FUNCTION IF EXISTS outbox_notify()",
]


def run(statements):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for sql in statements:
                schema_editor.execute(sql, params=None)

    return apply


class Migration(migrations.Migration):
    dependencies = [("kernel", "0001_initial")]
    operations = [migrations.RunPython(run(POSTGRES_UP), run(POSTGRES_DOWN))]
