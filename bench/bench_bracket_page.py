"""Server time of a 64-entrant double-elimination tournament page (issue 7; target < 300 ms).

Builds the whole tournament in a throw-away test database (every pairing played, match and
rematch, through the same planner the service uses), stores its events in the event store,
then renders ``/tournaments/<id>/`` with Django's test client and prints the times: cold
(the per-version page cache cleared before every request: fold, projections and template)
and warm (the bracket body cached for the stream's current version).

    .venv/bin/python bench/bench_bracket_page.py [--entrants 64] [--runs 20]
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
TARGET_MS = 300


def build_tournament(entrants: int):
    from kernel.store import NewEvent, append_events
    from leagues.models import League
    from tests.tournament.simulation import Sim
    from tournament.models import Tournament

    sim = Sim("double-elimination", [f"player-{i:02d}" for i in range(1, entrants + 1)], scoring="games")
    sim.events[0]["payload"]["name"] = f"Bench {entrants} double elimination"
    sim.start_round()
    # The same entrant wins both legs (an elimination pairing needs a winner); an upset in about
    # one pairing in four, so the losers' bracket and the grand final are exercised.
    sim.play_open(lambda p, leg: sorted((p["a"], p["b"]))[0 if sum(map(ord, p["key"])) % 4 else 1])
    league = League.objects.create(name="Bench league", slug="bench-league")
    tournament = Tournament.objects.create(league=league, name="Bench", system="303", format="double-elimination",
                                           scoring="games", status=sim.state.status)
    append_events(tournament.stream, 0, [NewEvent(e["type"], e["payload"]) for e in sim.events], actor="bench")
    return tournament, len(sim.events), len(sim.state.pairings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        tournament, events, pairings = build_tournament(args.entrants)
        client, url = Client(), f"/tournaments/{tournament.pk}/"
        first = client.get(url)
        assert first.status_code == 200, first.status_code
        print(f"{args.entrants}-entrant double elimination: {pairings} pairings, {events} events, "
              f"{len(first.content) // 1024} KiB of HTML")
        for label, clear in (("cold", True), ("warm", False)):
            times = []
            for _ in range(args.runs):
                if clear:
                    cache.clear()
                start = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200
            median, worst = statistics.median(times), max(times)
            print(f"{label} server time over {args.runs} runs: median {median:.1f} ms, max {worst:.1f} ms "
                  f"(target < {TARGET_MS} ms): {'OK' if median < TARGET_MS else 'TOO SLOW'}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
