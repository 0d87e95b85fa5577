"""The append-only store (docs/rules/service.md "Event sourcing"; issue 2 §2)."""
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.db.utils import DatabaseError

from game import services
from kernel.models import Snapshot, StoredEvent
from kernel.store import ConcurrencyError, NewEvent, append_events, current_version
from tests.conftest import client_for
from tests.database_owner import as_owner
from tests.doubles import RACE
from tests.worker import debug_off_env

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_append_assigns_seq_1_to_n_and_rejects_a_stale_expected_version():
    append_events("s-1", 0, [NewEvent("A"), NewEvent("B")])
    append_events("s-1", 2, [NewEvent("C")])
    with pytest.raises(ConcurrencyError) as stale:
        append_events("s-1", 2, [NewEvent("D")])
    assert stale.value.current == 3
    assert list(StoredEvent.objects.filter(stream="s-1").values_list("seq", "type")) == [(1, "A"), (2, "B"), (3, "C")]


@pytest.mark.django_db
@pytest.mark.parametrize("sql", ["UPDATE events SET type = 'Tampered'", "DELETE FROM events"])
def test_the_database_rejects_update_and_delete_on_events(sql):
    append_events("s-2", 0, [NewEvent("A")])
    with pytest.raises(DatabaseError, match="append-only"):
        with as_owner(), transaction.atomic(), connection.cursor() as cursor:  # the trigger binds even the owner
            cursor.execute(sql)
    assert StoredEvent.objects.get(stream="s-2").type == "A"


@pytest.mark.parametrize("sql", ["UPDATE events SET type = 'Tampered'", "DELETE FROM events"])
def test_the_embedded_sqlite_database_rejects_update_and_delete_too(tmp_path, sql):
    path = tmp_path / "embedded.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(DATABASE_URL=f"sqlite:///{path}", **debug_off_env())
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at, hash) "
               "VALUES ('s', 1, 'A', '{}', '', 'public', '2026-01-01', '')")
    db.commit()
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute(sql)
    assert db.execute("SELECT type FROM events").fetchall() == [("A",)]


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_commands_at_one_version_give_one_201_and_nineteen_409(users):
    if connection.vendor != "postgresql":
        pytest.skip("the concurrency contract is checked on PostgreSQL, an outside service (set DATABASE_URL)")
    game = services.create_game(system_name=RACE, setup={"target": 1000},
                                players={"a": users["alice"], "b": users["bob"]})
    barrier, statuses = threading.Barrier(20), []

    def post():
        client = client_for(users["alice"])
        barrier.wait()
        response = client.post(f"/api/games/{game.pk}/commands/",
                               {"expected_version": 1, "command": {"type": "roll"}}, format="json")
        statuses.append((response.status_code, response.json().get("version")))
        connection.close()

    threads = [threading.Thread(target=post) for _ in range(20)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(s for s, _ in statuses) == [201] + [409] * 19
    assert {v for s, v in statuses if s == 409} == {2}
    assert list(StoredEvent.objects.filter(stream=game.stream).values_list("seq", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_snapshots_are_a_cache_folding_from_them_equals_folding_from_scratch(users, settings):
    from game.folding import fold, load_aggregate
    from systems.registry import get_system
    from kernel.store import read_events

    settings.NIGHTDUEL_SNAPSHOT_EVERY = 4
    game = services.create_game(system_name=RACE, setup={"target": 1000},
                                players={"a": users["alice"], "b": users["bob"]})
    clients = {"a": client_for(users["alice"]), "b": client_for(users["bob"])}
    for version in range(1, 11):
        side = "a" if version % 2 else "b"
        assert clients[side].post(f"/api/games/{game.pk}/commands/", {"expected_version": version,
                                  "command": {"type": "roll"}}, format="json").status_code == 201
    assert list(Snapshot.objects.filter(stream=game.stream).values_list("seq", flat=True).order_by("seq")) == [4, 8]
    from_scratch = fold(get_system(RACE), read_events(game.stream))
    assert load_aggregate(RACE, game.stream, current_version(game.stream)) == from_scratch
    Snapshot.objects.all().delete()  # droppable: the events are the truth
    assert load_aggregate(RACE, game.stream, 11) == from_scratch
