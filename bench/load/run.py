"""Load run: the service under gunicorn on PostgreSQL vs the raw INSERT+COMMIT ceiling (issue 9).

    .venv/bin/python bench/load/run.py [--games 200] [--workers 4] [--think 4.0]

One command does it all: creates its own database (``nightduel_load``), migrates, creates
users, tokens and scripted 303 games, measures the raw ceiling (single-row INSERT + COMMIT
into a table shaped like ``events`` from ``--workers`` processes), starts gunicorn with
``--workers`` sync workers on a free loopback port, lets locust play every game at once,
verifies the store (every stream's seq is 1..n, every acknowledged event is stored), then
measures the framework floor (floor_urls.py: the same clients against an endpoint that only
authenticates, throttles and commits one INSERT), prints the figures and drops everything it
made. Only loopback traffic; bounded by ``--timeout``.

``--think`` sets the offered load (about games / think commands per second): the default
stays under what 4 workers on a 2-core machine serve, so latency is not queueing; a small
value (e.g. 1.0) saturates the workers and shows the throughput ceiling instead. Throttling
is lifted (``THROTTLE_COMMANDS``); Redis database 15 holds the bench's cache and queue.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

SERVER = "postgresql://postgres@localhost:5432"
# A Redis database of its own, so throttle counters and queued tasks meet nobody else's.
REDIS_URL = "redis://localhost:6379/15"
GOALS = {"ratio": 0.20, "p95_ms": 50.0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p))] if sorted_values else float("nan")


def recreate_database(name: str) -> None:
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(name: str) -> None:
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def service_env(database_url: str, queue: str) -> dict:
    return {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": REDIS_URL, "DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "config.settings", "CELERY_TASK_DEFAULT_QUEUE": queue,
            "THROTTLE_COMMANDS": "1000000/min", "LOG_LEVEL": "ERROR"}


def start_gunicorn(env: dict, port: int, workers: int, log: Path) -> subprocess.Popen:
    process = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "config.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}",
         "--backlog", "2048", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: see {log}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not listen within 30 s: see {log}")


def workers_cpu_seconds(gunicorn: subprocess.Popen) -> float:
    import psutil

    return sum(sum(c.cpu_times()[:2]) for c in psutil.Process(gunicorn.pid).children())


def drive(env: dict, args, workdir: Path, name: str, think: float, floor: bool = False) -> dict:
    """Start gunicorn with ``env``, let locust play every game against it, stop it; the clients' results."""
    port = free_port()
    gunicorn = start_gunicorn(env, port, args.workers, workdir / f"gunicorn-{name}.log")
    try:
        cpu_before, load_before = workers_cpu_seconds(gunicorn), os.getloadavg()[0]
        subprocess.run([sys.executable, str(HERE / "clients.py"), str(workdir / "games.json"),
                        str(workdir / f"results-{name}.json"), "--host", f"http://127.0.0.1:{port}",
                        "--think", str(think), "--timeout", str(args.timeout), *(["--floor"] if floor else [])],
                       cwd=ROOT, check=True, timeout=args.timeout + 60)
        results = json.loads((workdir / f"results-{name}.json").read_text())
        results["server_cpu_s"] = workers_cpu_seconds(gunicorn) - cpu_before
        results["load_average"] = (load_before, os.getloadavg()[0])
        return results
    finally:
        gunicorn.terminate()
        gunicorn.wait(30)


def rate_of(results: dict) -> float:
    return len(results["acks"]) / results["busy_s"] if results["busy_s"] > 0 else 0.0


def forget_redis_keys(queue: str) -> None:
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    for pattern in (f"*{queue}*", "*throttle_*"):
        keys = list(client.scan_iter(pattern))
        if keys:
            client.delete(*keys)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--think", type=float, default=4.0, help="mean seconds a player thinks between moves")
    parser.add_argument("--raw-seconds", type=float, default=8.0)
    parser.add_argument("--timeout", type=float, default=150.0, help="upper bound of the load phase")
    parser.add_argument("--database", default="nightduel_load")
    parser.add_argument("--floor-think", type=float, default=0.0,
                        help="think time of the framework floor run (0 = as fast as it answers; -1 skips it)")
    args = parser.parse_args()

    database_url = f"{SERVER}/{args.database}"
    queue = f"load-{uuid.uuid4().hex[:8]}"
    env = service_env(database_url, queue)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE",
                                           "CELERY_TASK_DEFAULT_QUEUE")})
    workdir = Path(tempfile.mkdtemp(prefix="nightduel-load-"))
    recreate_database(args.database)
    try:
        print(f"database {args.database}: migrating, creating {args.games} scripted 303 games ...", flush=True)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        import django

        django.setup()
        from django.db import connections

        from scripts import create_scripted_games
        from verify import verify_store

        games = create_scripted_games(args.games)
        (workdir / "games.json").write_text(json.dumps(games))
        connections.close_all()

        from raw_ceiling import measure

        print(f"raw ceiling: {args.workers} processes x {args.raw_seconds:.0f} s of INSERT+COMMIT ...", flush=True)
        raw_tps = measure(database_url, args.workers, args.raw_seconds)

        commands = sum(len(g["steps"]) for g in games)
        print(f"service: gunicorn -w {args.workers}; locust plays {args.games} games "
              f"({commands} commands, think {args.think} s) ...", flush=True)
        results = drive(env, args, workdir, "service", think=args.think)
        problems = verify_store(games, results["acks"])
        floor = None
        if args.floor_think >= 0:
            print(f"framework floor: the same clients post to a bench-only endpoint that only authenticates, "
                  f"throttles and commits one INSERT (think {args.floor_think} s) ...", flush=True)
            floor_env = {**env, "DJANGO_SETTINGS_MODULE": "floor_settings", "PYTHONPATH": str(HERE)}
            floor = drive(floor_env, args, workdir, "floor", think=args.floor_think, floor=True)
        return report(args, results, raw_tps, problems, commands, floor)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(args.database)
        forget_redis_keys(queue)


def report(args, results: dict, raw_tps: float, problems: list[str], commands: int, floor: dict | None) -> int:
    latencies = sorted(results["latencies_ms"])
    acks = len(results["acks"])
    rate = rate_of(results)
    p95 = percentile(latencies, 0.95)
    ratio = rate / raw_tps if raw_tps else 0.0
    statuses: dict[str, int] = {}
    for error in results["errors"]:
        statuses[str(error["status"])] = statuses.get(str(error["status"]), 0) + 1
    print()
    print(f"games {args.games} ({results['finished_games']} played to the end), gunicorn workers {args.workers}, "
          f"think {args.think} s, {results['busy_s']:.1f} s of load")
    print(f"move commands: {acks} acknowledged of {commands} scripted = {rate:.0f} commands/s")
    print(f"latency ms: p50 {percentile(latencies, 0.50):.1f}  p95 {p95:.1f}  p99 {percentile(latencies, 0.99):.1f}"
          f"  max {latencies[-1] if latencies else float('nan'):.1f}")
    print(f"errors: {len(results['errors'])} {statuses or ''}{' (load phase timed out)' if results['timed_out'] else ''}")
    for error in results["errors"][:5]:
        print(f"  e.g. {error}")
    print(f"gunicorn workers' CPU: {results['server_cpu_s'] / max(acks, 1) * 1000:.1f} ms per command; "
          f"machine load average {results['load_average'][0]:.1f} before, {results['load_average'][1]:.1f} after "
          f"({os.cpu_count()} cores)")
    print(f"raw ceiling: {raw_tps:.0f} INSERT+COMMIT transactions/s from {args.workers} processes")
    print(f"ratio service/raw: {ratio:.2f}  (goal >= {GOALS['ratio']:.2f}; p95 goal < {GOALS['p95_ms']:.0f} ms)")
    if floor is not None:
        floor_latencies = sorted(floor["latencies_ms"])
        floor_acks = len(floor["acks"])
        print(f"framework floor (auth + throttle + one INSERT+COMMIT through the same stack, think "
              f"{args.floor_think} s): {rate_of(floor):.0f} requests/s, p50 {percentile(floor_latencies, 0.5):.1f}"
              f"  p95 {percentile(floor_latencies, 0.95):.1f} ms, {len(floor['errors'])} errors, gunicorn workers' CPU "
              f"{floor['server_cpu_s'] / max(floor_acks, 1) * 1000:.1f} ms per request; "
              f"ratio floor/raw {rate_of(floor) / raw_tps if raw_tps else 0.0:.2f}, "
              f"service/floor {rate / rate_of(floor) if rate_of(floor) else 0.0:.2f}")
    print(f"store check: {'every stream 1..n without gaps, every acknowledged event stored' if not problems else ''}")
    for problem in problems[:20]:
        print(f"  PROBLEM: {problem}")
    met = ratio >= GOALS["ratio"] and p95 < GOALS["p95_ms"] and not problems and not results["errors"]
    print("goal met" if met else "goal NOT met")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
