"""What the one visibility rule (tournament/visibility.py) costs: the tournament list and a
single tournament's check for a signed-in player, with many tournaments and a large event store.

Builds, in a throw-away test database, ``--tournaments`` tournaments (every other one private),
each with ``--entrants`` ``EntrantRegistered`` events, plus ``--game-events`` other events (the
games' streams that share the table), then times ``Tournament.objects.visible_to(user)`` as the
list pages use it (200 newest) and as one page checks one tournament, for an entrant of a few
private tournaments and for a stranger.

    .venv/bin/python bench/bench_visibility.py [--tournaments 500] [--entrants 32] [--game-events 200000]
"""
from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # DEBUG is off with DATABASE_URL
os.environ.setdefault("HTTPS", "0")


def build(tournaments: int, entrants: int, game_events: int):
    from django.contrib.auth import get_user_model

    from kernel.models import StoredEvent
    from leagues.models import League
    from tournament import events as ev
    from tournament.models import Tournament

    league = League.objects.create(name="Bench league", slug="bench-league")
    rows = Tournament.objects.bulk_create(
        Tournament(league=league, name=f"Cup {i}", system="303", format="swiss", scoring="games",
                   is_public=bool(i % 2)) for i in range(tournaments))
    events = [StoredEvent(stream=t.stream, seq=n + 1, type=ev.ENTRANT_REGISTERED,
                          payload={"entrant": f"player-{(i + n) % (entrants * 4)}", "rating": 1500}, hash="")
              for i, t in enumerate(rows) for n in range(entrants)]
    events += [StoredEvent(stream=f"game-{n // 100}", seq=n % 100 + 1, type="MoveMade", payload={"n": n}, hash="")
               for n in range(game_events)]
    StoredEvent.objects.bulk_create(events, batch_size=5000)
    users = get_user_model().objects
    return users.create_user("player-0"), users.create_user("stranger"), rows


def timed(runs: int, work) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=500)
    parser.add_argument("--entrants", type=int, default=32)
    parser.add_argument("--game-events", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    from tournament.models import Tournament

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        entrant, stranger, rows = build(args.tournaments, args.entrants, args.game_events)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        private = [t for t in rows if not t.is_public]
        print(f"{args.tournaments} tournaments ({len(private)} private), "
              f"{args.tournaments * args.entrants + args.game_events} events, on {connection.vendor}")
        for name, user in (("entrant", entrant), ("stranger", stranger)):
            listed = len(Tournament.objects.visible_to(user)[:200])
            median, worst = timed(args.runs, lambda: list(Tournament.objects.visible_to(user)[:200]))
            print(f"{name}: list of {listed}: median {median:.1f} ms, max {worst:.1f} ms")
            median, worst = timed(args.runs, lambda: Tournament.objects.visible_to(user)
                                  .filter(pk=private[-1].pk).exists())
            print(f"{name}: one private tournament: median {median:.1f} ms, max {worst:.1f} ms")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
