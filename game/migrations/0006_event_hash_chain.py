"""Every event gets its chain hash (kernel/chain.py), old streams included; games their head hash.

The hashes of events stored before this migration are computed here from the stored events.
That is the one UPDATE ever made to ``events``, so the append-only trigger is lifted for it
inside this migration's transaction (PostgreSQL) and put back. On SQLite, adding a column
rebuilds the table, which drops its triggers: they are created again here.
"""
import importlib

from django.db import migrations, models

from kernel.chain import event_hash

APPEND_ONLY = importlib.import_module("game.migrations.0002_events_append_only")
BATCH = 1000


def chain_stored_events(apps, schema_editor):
    StoredEvent, Game = apps.get_model("game", "StoredEvent"), apps.get_model("game", "Game")
    vendor = schema_editor.connection.vendor
    lift = {"postgresql": ["ALTER TABLE events DISABLE TRIGGER events_append_only"],
            "sqlite": APPEND_ONLY.SQLITE_DOWN}[vendor]
    restore = {"postgresql": ["ALTER TABLE events ENABLE TRIGGER events_append_only"],
               "sqlite": APPEND_ONLY.SQLITE_UP}[vendor]
    for sql in lift:
        schema_editor.execute(sql, params=None)
    heads, batch, stream, previous = {}, [], None, None
    for row in StoredEvent.objects.order_by("stream", "seq").iterator(chunk_size=BATCH):
        if row.stream != stream:
            stream, previous = row.stream, None
        row.hash = previous = event_hash(row.stream, row.seq, row.type, row.payload, row.visibility, row.dice,
                                         row.command, previous)
        heads[row.stream] = row.hash
        batch.append(row)
        if len(batch) >= BATCH:
            StoredEvent.objects.bulk_update(batch, ["hash"])
            batch = []
    StoredEvent.objects.bulk_update(batch, ["hash"])
    for sql in restore:
        schema_editor.execute(sql, params=None)
    games = list(Game.objects.only("id", "version"))
    for game in games:
        game.head_hash = heads.get(f"game-{game.id}", "")
    Game.objects.bulk_update(games, ["head_hash"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [("game", "0005_events_no_truncate")]
    operations = [
        migrations.AddField(
            model_name="storedevent",
            name="hash",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="game",
            name="head_hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.RunPython(chain_stored_events, migrations.RunPython.noop),
    ]
