"""History that cannot be rewritten (issue 20; docs/rules/service.md "Event sourcing").

The database refuses UPDATE, DELETE and TRUNCATE on ``events``; the role the service runs as
may only SELECT and INSERT there and cannot touch the table's definition; every event is
chained to the one before by hash (kernel/chain.py), so an edit made by the owner with the
trigger lifted is named — by seq — by the replay, by import and by ``manage.py verify_history``.
"""
import io
import json
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.db.utils import DatabaseError

from game import services
from kernel.chain import event_hash, first_break
from game.models import Game
from kernel.models import StoredEvent
from game.replay import EventRecord
from leagues.models import League
from tests.conftest import client_for
from tests.database_owner import SERVICE_ROLE, acting_as_service, as_owner
from tests.doubles import RACE
from tests.game.test_game_api import play_to_end
from tests.tournament.conftest import enter, new_tournament, players
from tests.tournament.test_service_tournaments import run_service
from tests.worker import debug_off_env
from tournament.models import Tournament

ROOT = Path(__file__).resolve().parents[2]
postgres_only = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's roles and triggers, an outside service (set DATABASE_URL)")


def race_game(users) -> Game:
    return services.create_game(system_name=RACE, setup={"target": 8}, players={"a": users["alice"], "b": users["bob"]})


def stored(stream: str) -> list:
    return list(StoredEvent.objects.filter(stream=stream).order_by("seq"))


def edit_as_owner(stream: str, seq: int, payload: dict, new_hash: str | None = None) -> None:
    """What only the table's owner can do: lift the trigger, change an event, put the trigger back."""
    with as_owner(), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")
        cursor.execute("UPDATE events SET payload = %s WHERE stream = %s AND seq = %s",
                       [json.dumps(payload), stream, seq])
        if new_hash:
            cursor.execute("UPDATE events SET hash = %s WHERE stream = %s AND seq = %s", [new_hash, stream, seq])
        cursor.execute("ALTER TABLE events ENABLE TRIGGER events_append_only")


# -- the chain -------------------------------------------------------------------------------------
def test_every_event_is_chained_to_the_one_before_and_the_game_row_holds_the_head(users):
    game = race_game(users)
    play_to_end(game.pk, users)
    previous = None
    for row in stored(game.stream):
        assert row.hash == event_hash(game.stream, row.seq, row.type, row.payload, row.visibility, row.dice,
                                      row.command, previous)
        previous = row.hash
    game.refresh_from_db()
    assert game.head_hash == previous and len(previous) == 64


def test_the_first_break_is_the_edited_event_the_event_after_a_rehashed_edit_or_a_missing_seq(users):
    game = race_game(users)
    play_to_end(game.pk, users)
    records = [EventRecord.from_row(r) for r in stored(game.stream)]
    assert first_break(game.stream, records) is None
    edited = [*records[:2], EventRecord(**{**records[2].__dict__, "payload": {"side": "a", "face": 6}}), *records[3:]]
    assert first_break(game.stream, edited) == 3
    e = edited[2]
    edited[2] = EventRecord(**{**e.__dict__, "hash": event_hash(game.stream, 3, e.type, e.payload, e.visibility,
                                                                e.dice, e.command, records[1].hash)})
    assert first_break(game.stream, edited) == 4  # rehashing the edit breaks the link to the next event
    assert first_break(game.stream, records[:3] + records[4:]) == 4
    assert first_break("game-other", records) == 1  # the stream is part of every hash


def test_commands_with_numbers_json_cannot_carry_exactly_are_refused_and_nothing_is_appended(users):
    game = race_game(users)
    response = client_for(users["alice"]).post(f"/api/games/{game.pk}/commands/", {
        "expected_version": 1, "command": {"type": "roll", "note": 2**60}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "malformed_command"
    assert [r.seq for r in stored(game.stream)] == [1]


def test_head_hashes_are_shown_once_the_whole_history_may_be_seen(users):
    game = race_game(users)
    alice = client_for(users["alice"])
    assert alice.get(f"/api/games/{game.pk}/").json()["head_hash"] is None  # a hash over hidden events
    assert b"History fingerprint" not in alice.get(f"/games/{game.pk}/").content
    play_to_end(game.pk, users)
    game.refresh_from_db()
    assert client_for().get(f"/api/games/{game.pk}/").json()["head_hash"] == game.head_hash
    assert client_for().get(f"/api/games/{game.pk}/events/").json()["events"][-1]["hash"] == game.head_hash
    for page in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/"):
        assert game.head_hash.encode() in client_for(users["alice"]).get(page).content
    exported = client_for().get(f"/api/games/{game.pk}/export/").content.decode().splitlines()
    assert json.loads(exported[0])["head_hash"] == game.head_hash == json.loads(exported[-1])["hash"]
    replay = client_for().get(f"/api/games/{game.pk}/replay/").json()
    assert replay["verified"] and replay["head_hash"] == game.head_hash and replay["chain_broken_at"] is None


# -- an edit by the owner is caught ---------------------------------------------------------------
def test_an_event_edited_by_the_owner_is_caught_by_replay_import_and_verify_history_naming_its_seq(users):
    if connection.vendor != "postgresql":
        pytest.skip("the owner's trigger lifting is PostgreSQL's ALTER TABLE, an outside service (set DATABASE_URL)")
    game = race_game(users)
    play_to_end(game.pk, users)
    call_command("verify_history", stdout=io.StringIO(), stderr=io.StringIO())
    rolled = next(r for r in stored(game.stream) if r.type == "Rolled" and r.seq > 2)
    edit_as_owner(game.stream, rolled.seq, {**rolled.payload, "face": rolled.payload["face"] % 6 + 1})

    replay = client_for().get(f"/api/games/{game.pk}/replay/").json()
    assert not replay["verified"] and replay["chain_broken_at"] == rolled.seq and replay["head_hash"] is None
    assert f"hash chain broken at seq {rolled.seq}" in replay["problems"]

    exported = client_for().get(f"/api/games/{game.pk}/export/").content
    Game.objects.filter(pk=game.pk).delete()  # so that only the chain can refuse it
    response = client_for(users["carol"]).post("/api/games/import/", data=exported,
                                               content_type="application/x-ndjson")
    assert response.status_code == 422 and f"hash chain broken at seq {rolled.seq}" in response.json()["message"]

    err = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 streams have a broken hash chain"):
        call_command("verify_history", stdout=io.StringIO(), stderr=err)
    assert f"{game.stream}: hash chain broken at seq {rolled.seq}" in err.getvalue()


def test_an_edit_rehashed_by_the_owner_breaks_the_link_to_the_next_event(users):
    if connection.vendor != "postgresql":
        pytest.skip("the owner's trigger lifting is PostgreSQL's ALTER TABLE, an outside service (set DATABASE_URL)")
    game = race_game(users)
    play_to_end(game.pk, users)
    rows = stored(game.stream)
    target = rows[2]
    payload = {**target.payload, "face": target.payload["face"] % 6 + 1}
    edit_as_owner(game.stream, target.seq, payload, new_hash=event_hash(
        game.stream, target.seq, target.type, payload, target.visibility, target.dice, target.command, rows[1].hash))
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_history", game.stream, stdout=io.StringIO(), stderr=err)
    assert f"{game.stream}: hash chain broken at seq {target.seq + 1}" in err.getvalue()


def test_an_import_whose_lines_do_not_chain_is_refused_naming_the_seq(users):
    game = race_game(users)
    play_to_end(game.pk, users)
    lines = [json.loads(x) for x in client_for().get(f"/api/games/{game.pk}/export/").content.decode().splitlines()]
    lines[4]["visibility"] = "referee"  # not checked by re-deciding the commands: only the chain sees it
    Game.objects.filter(pk=game.pk).delete()
    response = client_for(users["carol"]).post("/api/games/import/", data="\n".join(json.dumps(x) for x in lines),
                                               content_type="application/x-ndjson")
    assert response.status_code == 422 and f"hash chain broken at seq {lines[4]['seq']}" in response.json()["message"]


# -- a fresh game and tournament --------------------------------------------------------------------
def test_a_finished_tournament_publishes_its_head_hash_and_every_stream_verifies_clean(users):
    league = League.objects.create(name="Chain league", slug="chain")
    organiser = users["carol"]
    league.organisers.add(organiser)
    tournament = new_tournament(league, organiser, fmt="single-elimination", game_setup={"target": 3})
    enter(tournament, players(4))
    run_service(tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == "finished"
    rows = stored(tournament.stream)
    assert rows[-1].type == "TournamentFinished" and rows[-1].payload["head_hash"] == rows[-2].hash
    for result in (r for r in rows if r.type == "GameResultRecorded"):
        assert result.payload["game_head_hash"] == Game.objects.get(pk=result.payload["game_id"]).head_hash
    events = client_for().get(f"/api/tournaments/{tournament.pk}/events/").json()
    assert events["head_hash"] == rows[-1].hash == events["events"][-1]["hash"]
    assert rows[-1].hash.encode() in client_for().get(f"/tournaments/{tournament.pk}/").content
    out = io.StringIO()
    call_command("verify_history", stdout=out, stderr=io.StringIO())
    streams = StoredEvent.objects.values("stream").distinct().count()
    assert f"{streams} streams" in out.getvalue() and "every hash chain intact" in out.getvalue()


# -- what the database refuses ---------------------------------------------------------------------
@postgres_only
@pytest.mark.parametrize("sql", ["TRUNCATE events", "TRUNCATE events, django_session", "TRUNCATE events CASCADE"])
def test_the_database_refuses_truncate_while_events_are_stored(users, sql):
    game = race_game(users)
    with pytest.raises(DatabaseError, match="append-only: TRUNCATE"):
        with as_owner(), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert [r.seq for r in stored(game.stream)] == [1]


@postgres_only
def test_truncating_an_empty_event_table_loses_nothing_and_is_let_through(db):
    """So a flush of every table (``manage.py flush``) passes once the owner has emptied events."""
    assert not StoredEvent.objects.exists()
    with as_owner(), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("TRUNCATE events")


def test_the_service_role_may_only_select_and_insert_events_and_cannot_touch_the_table(users, service_login):
    game = race_game(users)
    assert service_login.execute("SELECT count(*) FROM events").fetchone() == (1,)
    service_login.execute("UPDATE game_game SET version = version")  # read models are its to write
    service_login.execute("INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at, hash) "
                          "VALUES ('probe', 1, 'A', '{}', '', 'public', now(), '')")
    for sql in ["UPDATE events SET type = 'Tampered'", "DELETE FROM events", "TRUNCATE events",
                "ALTER TABLE events DISABLE TRIGGER events_append_only",
                "ALTER TABLE events DISABLE TRIGGER ALL",
                "ALTER TABLE events ADD COLUMN note text",
                "DROP TRIGGER events_no_truncate ON events",
                "CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger AS $$ BEGIN RETURN NEW; END $$ "
                "LANGUAGE plpgsql",
                "DELETE FROM django_migrations"]:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            service_login.execute(sql)
    assert [r.type for r in stored(game.stream)] == ["GameCreated"]


# -- old streams get their chain ----------------------------------------------------------------------
def migrate(env: dict, *target: str) -> None:
    subprocess.run([sys.executable, "manage.py", "migrate", *target, "-v0"], cwd=ROOT, env={**env, **debug_off_env()},
                   check=True)


OLD_EVENTS = [("game-old", 1, "GameCreated", {"system": "x"}), ("game-old", 2, "Rolled", {"face": 4}),
              ("tournament-9", 1, "TournamentCreated", {"name": "Old cup"})]


def check_chained(rows, refuse_update) -> None:
    records = [EventRecord(seq, kind, json.loads(payload), visibility, hash=digest)
               for seq, kind, payload, visibility, digest in rows]
    for stream in ("game-old", "tournament-9"):
        assert first_break(stream, [r for r, (s, *_) in zip(records, OLD_EVENTS) if s == stream]) is None
    with pytest.raises(Exception, match="append-only"):
        refuse_update()


def test_the_migration_chains_the_streams_stored_before_it_on_sqlite(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    migrate(env, "game", "0005")
    db = sqlite3.connect(tmp_path / "old.sqlite3")
    db.executemany("INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at) "
                   "VALUES (?, ?, ?, ?, '', 'public', '2026-01-01')",
                   [(s, q, t, json.dumps(p)) for s, q, t, p in OLD_EVENTS])
    db.commit()
    db.close()
    migrate(env)
    db = sqlite3.connect(tmp_path / "old.sqlite3")
    rows = db.execute("SELECT seq, type, payload, visibility, hash FROM events ORDER BY stream, seq").fetchall()
    check_chained(rows, lambda: db.execute("UPDATE events SET type = 'T'"))  # the triggers are back


@postgres_only
def test_the_migration_chains_the_streams_stored_before_it_on_postgresql(db):
    s = connection.settings_dict
    name = f"{s['NAME']}_chain_{uuid.uuid4().hex[:6]}"
    server = f"postgresql://{s['USER'] or 'postgres'}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env["DATABASE_URL"] = f"{server}/{name}"
        migrate(env, "game", "0005")
        with psycopg.connect(f"{server}/{name}", autocommit=True) as old:
            for stream, seq, kind, payload in OLD_EVENTS:
                old.execute("INSERT INTO events (stream, seq, type, payload, actor, visibility, recorded_at) "
                            "VALUES (%s, %s, %s, %s, '', 'public', now())", (stream, seq, kind, json.dumps(payload)))
        migrate(env)
        with psycopg.connect(f"{server}/{name}", autocommit=True) as new:
            rows = new.execute("SELECT seq, type, payload::text, visibility, hash FROM events "
                               "ORDER BY stream, seq").fetchall()
            check_chained(rows, lambda: new.execute("UPDATE events SET type = 'T'"))
            # and partitioned with them (game 0014)
            assert new.execute("SELECT relkind FROM pg_class WHERE oid = 'events'::regclass").fetchone() == ("p",)
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.skipif(not acting_as_service(), reason="needs PostgreSQL's service role, an outside service set up in the production shape (NIGHTDUEL_TEST_SERVICE_ROLE)")
def test_in_the_production_shape_the_suite_acts_as_the_service_role(users):
    race_game(users)
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        assert cursor.fetchone()[0] == SERVICE_ROLE
    with pytest.raises(DatabaseError, match="permission denied"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE events SET type = 'Tampered'")


# -- a whole chain rewritten by the owner -----------------------------------------------------------
def rewrite_as_owner(stream: str, seq: int, payload: dict) -> None:
    """An owner's full rewrite: change one event and recompute every hash from it on, so that the
    stream's chain checks out on its own."""
    rows = stored(stream)
    previous = rows[seq - 2].hash if seq > 1 else None
    with as_owner(), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("ALTER TABLE events DISABLE TRIGGER events_append_only")
        for row in rows[seq - 1:]:
            if row.seq == seq:
                row.payload = payload
            previous = event_hash(stream, row.seq, row.type, row.payload, row.visibility, row.dice, row.command,
                                  previous)
            cursor.execute("UPDATE events SET payload = %s, hash = %s WHERE stream = %s AND seq = %s",
                           [json.dumps(row.payload), previous, stream, row.seq])
        cursor.execute("ALTER TABLE events ENABLE TRIGGER events_append_only")
    assert first_break(stream, stored(stream)) is None  # the rewritten chain holds together


def finished_tournament(users) -> Tournament:
    league = League.objects.create(name="Chain league", slug="chain")
    league.organisers.add(users["carol"])
    tournament = new_tournament(league, users["carol"], fmt="single-elimination", game_setup={"target": 3})
    enter(tournament, players(4))
    run_service(tournament)
    return tournament


def verify_history_problems(*streams) -> str:
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 of"):
        call_command("verify_history", *streams, stdout=io.StringIO(), stderr=err)
    return err.getvalue()


@postgres_only
def test_a_game_rewritten_whole_by_the_owner_is_caught_by_the_head_hashes_kept_apart(users):
    tournament = finished_tournament(users)
    result = next(r for r in stored(tournament.stream) if r.type == "GameResultRecorded")
    game = Game.objects.get(pk=result.payload["game_id"])
    first = stored(game.stream)[0]
    rewrite_as_owner(game.stream, 1, {**first.payload, "forged": True})

    problems = verify_history_problems()
    assert f"{game.stream}: the game row's head hash {game.head_hash} is not the hash of its last event" in problems
    assert (f"{game.stream}: the head hash {game.head_hash} recorded in {tournament.stream} at seq {result.seq} "
            "is the hash of none of its events") in problems
    assert "hash chain broken" not in problems  # the chain alone would not tell
    assert game.stream in verify_history_problems(game.stream)  # checking the one stream finds it too


@postgres_only
def test_a_tournament_rewritten_whole_by_the_owner_contradicts_the_head_hash_it_published(users):
    tournament = finished_tournament(users)
    rows = stored(tournament.stream)
    rewrite_as_owner(tournament.stream, 1, {**rows[0].payload, "name": "Another cup"})
    finished = stored(tournament.stream)[-1]
    assert finished.type == "TournamentFinished"
    problems = verify_history_problems(tournament.stream)
    assert (f"{tournament.stream}: the head hash published at seq {finished.seq} is not the hash of the event "
            "before it") in problems


def test_a_row_numbered_before_the_first_is_named_by_its_own_seq(users):
    game = race_game(users)
    play_to_end(game.pk, users)
    records = [EventRecord.from_row(r) for r in stored(game.stream)]
    before = EventRecord(**{**records[0].__dict__, "seq": 0})
    assert first_break(game.stream, [before, *records]) == 0
    StoredEvent.objects.create(stream=game.stream, seq=0, type=before.type, payload=before.payload,
                               visibility=before.visibility, dice=before.dice, command=before.command,
                               hash=before.hash)  # an INSERT, which even the service role may do
    assert f"{game.stream}: hash chain broken at seq 0" in verify_history_problems(game.stream)
