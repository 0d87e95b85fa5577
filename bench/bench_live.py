"""Live streams (issue 16): how fast a move reaches the opponent's open page, and how many idle
streams one web process holds.

    .venv/bin/python bench/bench_live.py [--moves 100] [--idle 1000]

Production shape on this machine: its own PostgreSQL database (``nightduel_live_bench``),
Redis database 15, ONE uvicorn worker under gunicorn (``config.asgi``) on a loopback port.

1. Latency: two headless Chromium pages, alice's and bob's, signed in; each is the real play
   page ``/games/{id}/`` (static/js/play.js following the game's stream, then fetching its new
   panel), or — the baseline — a page polling ``/events/?after=N`` every 1.5 s as the play page
   did before; each moves when it is its turn. A move's latency is the time from just before
   the mover's page sends it to the moment the other page shows it (the play page: its panel's
   version number changed on screen); p50/p95/max over ``--moves`` moves, for both ways.
2. Idle streams: ``--idle`` anonymous viewers open the game's stream and stay; the worker's
   resident memory is read, then one move is made and the time until every viewer has it is
   measured, and a plain API request is timed meanwhile.
The game is ``dice-race``, the test double of tests/doubles.py (one die per move, no end), not a
real system: the figures are the streams' and pages' cost, not a rules engine's.
Every figure is printed with the machine's load (``uptime``): the machine is shared.
Only loopback traffic; everything it made is dropped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import psycopg
import redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SERVER = "postgresql://postgres@localhost:5432"
DATABASE = "nightduel_live_bench"
REDIS_URL = "redis://localhost:6379/15"
CHROMIUM = "/usr/bin/chromium"
POLL_MS = 1500

FOLLOW = {
    "play page": """() => { window.seen = {};
        const note = () => { const node = document.getElementById("game-version");
            const v = node && Number(node.textContent); if (v && !(v in window.seen)) window.seen[v] = Date.now(); };
        new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
        note(); }""",
    "polling": """([api, after]) => { window.seen = {}; let known = after;
        setInterval(() => fetch(api + "events/?after=" + known, {credentials: "same-origin"})
            .then(r => r.json()).then(d => { if (d.version > known) { window.seen[d.version] = Date.now();
                known = d.version; } }), %d); }""" % POLL_MS,
}
MOVE = """([api, version, side, csrf]) => { const sent = Date.now();
    return fetch(api + "commands/", {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
        body: JSON.stringify({expected_version: version, command: {type: "roll"}, side: side})})
      .then(r => r.status === 201 ? sent : Promise.reject(r.status)); }"""


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


BENCH_SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)  # DEBUG is off


def env() -> dict:
    return {**os.environ, "DATABASE_URL": f"{SERVER}/{DATABASE}", "REDIS_URL": REDIS_URL, "DEBUG": "0",
            "SECRET_KEY": BENCH_SECRET_KEY, "HTTPS": "0",  # plain HTTP on 127.0.0.1
            "DJANGO_SETTINGS_MODULE": "config.settings", "NIGHTDUEL_EXTRA_SYSTEMS": "dice-race=tests.doubles:SYSTEM",
            "THROTTLE_COMMANDS": "1000000/min", "DB_POOL_MAX": "20", "LOG_LEVEL": "ERROR",
            "CELERY_TASK_DEFAULT_QUEUE": "bench-live", "ALLOWED_HOSTS": "127.0.0.1"}


def prepare() -> list[str]:
    """A fresh database with alice, bob and a running dice race between them: the game id and
    alice's and bob's API tokens."""
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DATABASE}"')
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env(), check=True)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env(), check=True)
    script = ("from django.contrib.auth import get_user_model as U; from game import services;"
              "a = U().objects.create_user('alice', password='alice'); b = U().objects.create_user('bob', password='bob');"
              "g = services.create_game(system_name='dice-race', setup={'target': 10**9}, players={'a': a, 'b': b},"
              " created_by=a); from rest_framework.authtoken.models import Token;"
              "print(g.pk, Token.objects.create(user=a).key, Token.objects.create(user=b).key)")
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=env(), check=True,
                         capture_output=True, text=True).stdout
    return out.strip().splitlines()[-1].split()


def start_server(port: int) -> subprocess.Popen:
    log = ROOT / "artifacts" / "bench-live-server.log"
    log.parent.mkdir(exist_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.asgi", "-k", "uvicorn_worker.UvicornWorker", "-w", "1",
         "-b", f"127.0.0.1:{port}", "--backlog", "2048", "--log-level", "warning"],
        cwd=ROOT, env=env(), stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not start: see {log}")


def latencies(base: str, game_id: str, mode: str, moves: int, version: int) -> tuple[list[float], int]:
    from playwright.sync_api import sync_playwright

    api = f"/api/games/{game_id}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        pages = {}
        for side, name in (("a", "alice"), ("b", "bob")):
            page = browser.new_context().new_page()
            page.goto(f"{base}/accounts/login/")
            page.get_by_label("Username").fill(name)
            page.get_by_label("Password").fill(name)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url(f"{base}/")
            if mode == "play page":
                page.goto(f"{base}/games/{game_id}/")
            page.evaluate(FOLLOW[mode], [api, version])
            pages[side] = page
        time.sleep(1)
        measured = []
        for n in range(moves):
            side, other = ("a", "b") if version % 2 == 1 else ("b", "a")
            mover = pages[side]
            csrf = next(c["value"] for c in mover.context.cookies() if c["name"] == "csrftoken")
            sent = mover.evaluate(MOVE, [api, version, side, csrf])
            version += 1
            pages[other].wait_for_function(f"window.seen[{version}] !== undefined", timeout=10_000)
            measured.append(pages[other].evaluate(f"window.seen[{version}]") - sent)
        browser.close()
    return measured, version


async def idle_streams(port: int, game_id: str, tokens: dict, count: int, version: int, server_pid: int) -> dict:
    path = f"/api/games/{game_id}/stream/?after={version}"
    opened, got = asyncio.Event(), {}
    ready = refused = 0

    async def viewer(i: int):
        nonlocal ready, refused
        while True:  # as an EventSource does: a refused connection is tried again after a second
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            buffer = await reader.readuntil(b"\r\n")
            if b" 200 " in buffer:
                break
            refused += 1
            writer.close()
            await asyncio.sleep(1)
        while b"retry:" not in buffer:
            buffer += await reader.read(4096)
        ready += 1
        if ready == count:
            opened.set()
        while f"id: {version + 1}\n".encode() not in buffer:
            chunk = await reader.read(65536)
            if not chunk:
                raise RuntimeError("a stream closed before the move reached it")
            buffer += chunk
        got[i] = time.monotonic()
        writer.close()

    tasks = [asyncio.create_task(viewer(i)) for i in range(count)]
    await asyncio.wait_for(opened.wait(), 120)
    await asyncio.sleep(2)
    worker = psutil.Process(server_pid).children()[0]
    rss = worker.memory_info().rss / 2 ** 20
    threads = worker.num_threads()
    token = tokens["a" if version % 2 else "b"]
    started = time.monotonic()
    await asyncio.to_thread(move, port, game_id, token, version)
    await asyncio.wait_for(asyncio.gather(*tasks), 120)
    spread = [t - started for t in got.values()]
    return {"open": ready, "refused": refused, "rss_mb": rss, "threads": threads, "fan_out_p50_ms": percentile(spread, 0.5) * 1000,
            "fan_out_max_ms": max(spread) * 1000}


def move(port: int, game_id: str, token: str, version: int) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games/{game_id}/commands/", method="POST",
        data=json.dumps({"expected_version": version, "command": {"type": "roll"}}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--idle", type=int, default=1000)
    args = parser.parse_args()
    game_id, token_a, token_b = prepare()
    port = free_port()
    server = start_server(port)
    base = f"http://127.0.0.1:{port}"
    print("game system: dice-race, the test double of tests/doubles.py (one die per move), not a real engine: "
          "the figures are the streams' and pages' cost", flush=True)
    try:
        version = 1
        for mode in ("play page", "polling"):
            measured, version = latencies(base, game_id, mode, args.moves, version)
            print(f"{mode:9} a move on the opponent's page: p50 {percentile(measured, .5):.0f} ms, "
                  f"p95 {percentile(measured, .95):.0f} ms, max {max(measured):.0f} ms over {len(measured)} moves"
                  f"  [{load()}]", flush=True)
        figures = asyncio.run(idle_streams(port, game_id, {"a": token_a, "b": token_b}, args.idle, version,
                                             server.pid))
        print(f"idle      {figures['open']} open streams in one uvicorn worker: {figures['rss_mb']:.0f} MiB resident, "
              f"{figures['threads']} threads ({figures['refused']} openings refused and retried); one move reached all of them within {figures['fan_out_max_ms']:.0f} ms "
              f"of sending it (p50 {figures['fan_out_p50_ms']:.0f} ms)  [{load()}]", flush=True)
    finally:
        server.terminate()
        server.wait(30)
        with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        redis.Redis.from_url(REDIS_URL).delete("bench-live")  # the queued notification tasks


if __name__ == "__main__":
    main()
