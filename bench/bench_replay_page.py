"""First state of a Duel in the Dark replay in a real browser (issue 15; target: under 1 s and
under 300 KB transferred, for a ~359-event night).

Plays Duel nights to their end through the services (autoplay) until one has at least 359
events, in a throw-away test database, serves it with Django's live server (static files included),
and opens ``/games/<id>/replay/`` in Debian's chromium through Playwright, each run in a fresh
browser context (cold cache). The replay script marks ``replay-first-state`` when the board
shows its first state; the figures are the time of that mark since navigation start, and the
bytes transferred until then (document, scripts, styles and any API call), from the browser's
resource timing. For comparison it also fetches the all-in-one ``/api/games/<id>/replay/``.

    .venv/bin/python bench/bench_replay_page.py [--runs 5] [--seed 1] [--events 359]
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
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop on this thread
CHROMIUM = "/usr/bin/chromium"
TARGET_MS, TARGET_KB = 1000, 300
FIRST_STATE = "replay-first-state"
# Transfer sizes of what the browser fetched before the first state was on screen.
BYTES_UNTIL_MARK = """() => {
  const mark = performance.getEntriesByName("%s")[0].startTime;
  const nav = performance.getEntriesByType("navigation")[0];
  const early = performance.getEntriesByType("resource").filter(r => r.responseEnd <= mark);
  return {ms: mark, bytes: nav.transferSize + early.reduce((sum, r) => sum + r.transferSize, 0),
          requests: 1 + early.length, first_byte: nav.responseStart, document: nav.responseEnd};
}""" % FIRST_STATE


def finished_duel(seed: int, events: int):
    """A finished Duel night of at least ``events`` events (a game's dice depend on its random
    id, so nights differ in length: the first long enough is kept)."""
    from django.contrib.auth import get_user_model

    from game import autoplay, services

    users = [get_user_model().objects.create_user(name, password=name) for name in ("bench-british", "bench-german")]
    players = dict(zip(("british", "german"), users))
    for attempt in range(20):
        game = services.create_game(system_name="duel-in-the-dark", setup={}, players=players)
        game = autoplay.play(game, players, seed=seed + attempt)
        if game.version >= events:
            return game
    raise SystemExit(f"no Duel night of {events} events in 20 tries")


def live_server():
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    thread = LiveServerThread("127.0.0.1", StaticFilesHandler, connections_override={}, port=0)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait()
    if thread.error:
        raise thread.error
    return thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=359, help="the least number of events of the night")
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from playwright.sync_api import sync_playwright

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    server = None
    try:
        game = finished_duel(args.seed, args.events)
        server = live_server()
        base = f"http://127.0.0.1:{server.port}"
        start = time.perf_counter()
        whole = Client().get(f"/api/games/{game.pk}/replay/")
        whole_ms = (time.perf_counter() - start) * 1000
        print(f"Duel in the Dark night: {game.version} events; the all-in-one /replay/ answer is "
              f"{len(whole.content) / 1024:.0f} KiB ({whole_ms:.0f} ms server time)")
        figures = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
            for _ in range(args.runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.goto(f"{base}/games/{game.pk}/replay/")
                page.wait_for_function(f"performance.getEntriesByName('{FIRST_STATE}').length > 0")
                figures.append(page.evaluate(BYTES_UNTIL_MARK))
                context.close()
            browser.close()
        ms = statistics.median(f["ms"] for f in figures)
        kb = statistics.median(f["bytes"] for f in figures) / 1024
        print(f"replay page, first state on screen, median of {args.runs} cold loads: {ms:.0f} ms "
              f"(max {max(f['ms'] for f in figures):.0f} ms), {kb:.0f} KiB transferred in "
              f"{figures[0]['requests']} requests; the page's first byte after "
              f"{statistics.median(f['first_byte'] for f in figures):.0f} ms, its last after "
              f"{statistics.median(f['document'] for f in figures):.0f} ms")
        ok = ms < TARGET_MS and kb < TARGET_KB
        print(f"target < {TARGET_MS} ms and < {TARGET_KB} KB: {'OK' if ok else 'MISSED'}")
    finally:
        if server is not None:
            server.terminate()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
