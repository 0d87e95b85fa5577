"""Benchmark: ``manage.py rebuild_ratings`` on PostgreSQL over 1,000,000 stored results (issue 19;
goal ≥ 50,000 results/s), and its ratio to the pure in-memory recompute of the same results
measured in the same run (``ratings.elo.fold``, as in bench/bench_ratings_rebuild.py).

Fills a throw-away test database (``test_<name>`` of DATABASE_URL, dropped at the end) by COPY:
5,000 players; 1,000,000 finished games — 303 games of two players drawn as in
bench_ratings_rebuild.py, plus one Duel in the Dark game of 3–5 players in fifty (§9.3
outcomes) — each with its seats and its result (``GAME_ENDED``) and ``Revealed`` events. Then runs the
management command (its tqdm bar goes to a buffer) and prints results/s, the CPU time of
the command and of its PostgreSQL backend (when the server runs on this machine), the in-memory
fold's results/s and the ratio, with the machine's load average before and after (the machine
is shared: note it beside the figures, and compare CPU time where the load is high).

Run: DATABASE_URL=postgresql://... .venv/bin/python bench/bench_ratings_db_rebuild.py [results] [players]
"""
from __future__ import annotations

import io
import json
import os
import secrets
import random
import subprocess
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # DEBUG is off with DATABASE_URL
os.environ.setdefault("HTTPS", "0")

from bench.bench_ratings_rebuild import synthetic_results  # noqa: E402  (after the path is set)

DEFAULT_RESULTS = 1_000_000
DEFAULT_PLAYERS = 5_000
MULTIPLAYER_EVERY = 50
SEED = 20261123


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def backend_cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of the PostgreSQL backend ``pid`` (None unless it runs on this machine)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fill(count: int, players: int) -> list[tuple]:
    """Store ``count`` finished games; returns the two-player results as the in-memory fold reads them."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from systems.kit.framework_events import GAME_ENDED, REVEALED

    User = get_user_model()
    User.objects.bulk_create([User(username=f"bench{i:05d}") for i in range(players)], batch_size=5000)
    ids = list(User.objects.order_by("pk").values_list("pk", flat=True))
    two_player = synthetic_results(count, players)
    rng = random.Random(SEED)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    folded = []
    games, seats, events = [], [], []
    for n, (a, b, score, _) in enumerate(two_player):
        game_id = uuid.UUID(int=rng.getrandbits(128))
        at = start + timedelta(seconds=n)
        if n % MULTIPLAYER_EVERY == MULTIPLAYER_EVERY - 1:
            table = rng.sample(ids, rng.randint(3, 5))
            sides = ["british"] + [f"german{i}" for i in range(1, len(table))]
            track = {side: rng.randint(0, 4) for side in sides[1:]}
            vp = rng.randint(-6, 6)
            outcome = {"winner": "british" if vp > 0 else None, "score": vp, "personal_track": track}
            system = "duel-in-the-dark"
        else:
            table, sides, system = [ids[a], ids[b]], ["luftwaffe", "raf"], "303"
            outcome = {"winner": {1.0: "luftwaffe", 0.0: "raf"}.get(score), "reason": "bench"}
            folded.append((ids[a], ids[b], score, 0.0))
        games.append((game_id, system, at))
        seats.extend((game_id, side, player) for side, player in zip(sides, table))
        events.append((f"game-{game_id}", 40, GAME_ENDED, json.dumps({"outcome": outcome}), at))
        events.append((f"game-{game_id}", 41, REVEALED, json.dumps({"seed": "0" * 64}), at))
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy("COPY game_game (id, system, setup, status, version, to_move, rated, is_public, clock, "
                      "moves_made, vacations, created_at, finished_at, recorded_players, head_version, head_ruleset, "
                      "ruleset_version, head_hash, sandbox) FROM STDIN") as copy:
            for game_id, system, at in games:
                copy.write_row((game_id, system, "{}", "finished", 41, "[]", True, True, "{}", 39, "{}", at, at, "{}",
                                0, "", "", "", False))
        with raw.copy("COPY game_gameseat (game_id, side, user_id) FROM STDIN") as copy:
            for row in seats:
                copy.write_row(row)
        # The hash chain (kernel/chain.py) is not what is measured: a placeholder, never verified here.
        with raw.copy("COPY events (stream, seq, type, payload, actor, visibility, recorded_at, hash) FROM STDIN") as copy:
            for stream, seq, kind, payload, at in events:
                copy.write_row((stream, seq, kind, payload, "bench", "public", at, "0" * 64))
        cursor.execute("ANALYZE")
    return folded


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_RESULTS
    players = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_PLAYERS
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL to a PostgreSQL database (a test_ copy of it is created and dropped)")

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test.utils import setup_test_environment

    from ratings.elo import fold
    from ratings.models import PlayerRating, RatingChange

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        started = time.perf_counter()
        with transaction.atomic():
            folded = fill(count, players)
        print(f"stored {count:,} results ({count // MULTIPLAYER_EVERY:,} of 3-5 players) for {players:,} players "
              f"in {time.perf_counter() - started:.1f} s")
        print(f"before: {load()}")
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
        backend_before, client_before = backend_cpu_seconds(backend), time.process_time()
        started = time.perf_counter()
        out = io.StringIO()
        call_command("rebuild_ratings", stdout=out, stderr=io.StringIO())
        print(out.getvalue().strip())
        database_seconds = time.perf_counter() - started
        client_cpu = time.process_time() - client_before
        backend_after = backend_cpu_seconds(backend)
        print(f"after the rebuild: {load()}")
        started = time.perf_counter()
        fold(folded)
        memory_seconds = time.perf_counter() - started
        print(f"rating changes written: {RatingChange.objects.count():,}  players rated: "
              f"{PlayerRating.objects.count():,}")
        print(f"rebuild_ratings on PostgreSQL: {database_seconds:.2f} s, {count / database_seconds:,.0f} results/s")
        cpu = f"CPU: Python {client_cpu:.2f} s"
        if backend_before is not None and backend_after is not None:
            server_cpu = backend_after - backend_before
            cpu += (f", PostgreSQL backend {server_cpu:.2f} s: {count / (client_cpu + server_cpu):,.0f} results "
                    f"per CPU second of both")
        print(cpu)
        print(f"in-memory elo.fold of the {len(folded):,} two-player results: {memory_seconds:.2f} s, "
              f"{len(folded) / memory_seconds:,.0f} results/s")
        print(f"ratio (database rebuild time / in-memory fold time, per result): "
              f"{(database_seconds / count) / (memory_seconds / len(folded)):.1f}x")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
