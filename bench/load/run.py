"""Load run: the service on PostgreSQL under load vs the raw INSERT+COMMIT ceiling and the
framework floor (issues 9 and 18). Prints every goal figure of issue 18.

    .venv/bin/python bench/load/run.py [--games 200] [--workers CORES] [--think 1.0]
                                       [--server gunicorn|granian] [--worker-class sync|gthread]
    .venv/bin/python bench/load/run.py --cluster [--games 200] [--think 1.0] [--kill-games 100]

One command does it all (PostgreSQL and Redis on localhost): creates its own database
(``nightduel_load``), migrates, creates ``--accounts`` users with their tokens (a player keeps his
from game to game, as on the service) and two sets of scripted 303 games among them, and
measures, in one run:

1. the raw ceiling: single-row INSERT + COMMIT into a table shaped like ``events`` from
   ``--workers`` processes;
2. the service at an offered load: the web server (gunicorn; ``--server granian`` to compare)
   on a free loopback port with the outbox relay beside it (``manage.py relay_outbox``: the
   requests publish nothing), locust's ``--games`` players at once, each thinking ``--think``
   seconds on average and starting the next game of the set when his ends (``--rounds`` games
   each on average; 200 players at 1.0 s offer about 200 commands/s): commands/s offered and
   p50/p95/p99 while every player plays, the workers' and the relay's CPU per command;
3. the service at saturation: the second set played with no think time (its throughput);
4. the framework floor: the same clients, no think time, against an endpoint that only
   authenticates, throttles and commits one INSERT (floor_urls.py) on the same stack;

and for each client run the load generator's own CPU. It verifies the store (every stream's
seq is 1..n, every acknowledged event stored, nothing doubled), prints the figures with the
goals, and drops everything it made. Throttling is lifted (``THROTTLE_COMMANDS``); Redis
database 15 holds the bench's cache and queue. Only loopback traffic; bounded by ``--timeout``.
``--cluster`` measures the same through the proxy of scripts/cluster.sh, and kills a web node
in the middle of a last phase (cluster.py).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
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
CLUSTER_REDIS_URL = "redis://localhost:6379/5"  # the cluster's (scripts/cluster.sh)
# Issue 18's goals on a 2-core machine.
GOALS = {"worker_cpu_ms": 3.0, "floor_cpu_ms": 1.5, "service_floor": 0.8, "service_raw": 0.10, "p95_ms": 50.0,
         "offered_per_s": 150.0, "generator_share": 0.25}


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


BENCH_SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)  # DEBUG is off


def service_env(database_url: str, queue: str) -> dict:
    return {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": REDIS_URL, "DEBUG": "0",
            "SECRET_KEY": BENCH_SECRET_KEY, "HTTPS": "0",  # plain HTTP on 127.0.0.1
            "DJANGO_SETTINGS_MODULE": "config.settings", "CELERY_TASK_DEFAULT_QUEUE": queue,
            "THROTTLE_COMMANDS": "1000000/min", "LOG_LEVEL": "ERROR"}


def start_server(env: dict, port: int, args, log: Path) -> subprocess.Popen:
    """The service's web server with ``args.workers`` worker processes on a loopback port."""
    venv = ROOT / ".venv/bin"
    if args.server == "granian":
        command = [str(venv / "granian"), "--interface", "wsgi", "config.wsgi:application", "--workers",
                   str(args.workers), "--blocking-threads", str(args.threads), "--host", "127.0.0.1", "--port",
                   str(port), "--backlog", "2048", "--log-level", "warning", "--no-access-log"]
    else:
        command = [str(venv / "gunicorn"), "config.wsgi", "-w", str(args.workers), "-b", f"127.0.0.1:{port}",
                   "--worker-class", args.worker_class, "--threads", str(args.threads),
                   "--backlog", "2048", "--log-level", "warning"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{args.server} exited: see {log}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{args.server} did not listen within 30 s: see {log}")


def start_relay(env: dict, log: Path) -> subprocess.Popen:
    """The outbox relay (kernel/relay.py), listening once it says so."""
    process = subprocess.Popen([sys.executable, "manage.py", "relay_outbox"], cwd=ROOT, env=env,
                               stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while b"listening" not in log.read_bytes():
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the outbox relay did not start: see {log}")
        time.sleep(0.2)
    return process


def cpu_seconds(process: subprocess.Popen, children: bool) -> float:
    """User + system CPU of ``process`` itself, or of its children (a server's workers)."""
    import psutil

    parent = psutil.Process(process.pid)
    return sum(sum(p.cpu_times()[:2]) for p in (parent.children() if children else [parent]))


def play(base_url: str, workdir: Path, name: str, games: str, think: float, users: int, timeout: float,
         floor: bool = False, retry: bool = False) -> dict:
    """One client phase against the service at ``base_url`` (a web node or a proxy in front of
    several): locust's ``users`` players play the games of ``workdir / games``; the clients'
    results (clients.py) with the load generator's CPU seconds and the load average."""
    load_before = os.getloadavg()[0]
    generator_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, str(HERE / "clients.py"), str(workdir / games),
                    str(workdir / f"results-{name}.json"), "--host", base_url, "--think", str(think),
                    "--users", str(users), "--timeout", str(timeout), *(["--floor"] if floor else []),
                    *(["--retry"] if retry else [])],
                   cwd=ROOT, check=True, timeout=timeout + 60)
    generator_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    results = json.loads((workdir / f"results-{name}.json").read_text())
    results["generator_cpu_s"] = (generator_after.ru_utime + generator_after.ru_stime
                                  - generator_before.ru_utime - generator_before.ru_stime)
    results["load_average"] = (load_before, os.getloadavg()[0])
    return results


def drive(env: dict, args, workdir: Path, name: str, games: str, think: float, floor: bool = False) -> dict:
    """Start the web server with ``env`` (and, for the service, the outbox relay), ``play`` the
    games in ``games`` against it, stop them; the results with the workers' and the relay's CPU seconds."""
    port = free_port()
    server = start_server(env, port, args, workdir / f"server-{name}.log")
    relay = None if floor else start_relay(env, workdir / f"relay-{name}.log")
    try:
        cpu_before = cpu_seconds(server, children=True)
        relay_before = cpu_seconds(relay, children=False) if relay else 0.0
        results = play(f"http://127.0.0.1:{port}", workdir, name, games, think, args.games, args.timeout, floor)
        results["server_cpu_s"] = cpu_seconds(server, children=True) - cpu_before
        results["relay_cpu_s"] = cpu_seconds(relay, children=False) - relay_before if relay else 0.0
        return results
    finally:
        for process in (server, relay):
            if process is not None:
                process.terminate()
                process.wait(30)


def measured_window(results: dict) -> tuple[float, list[float]]:
    """Seconds while every player played (from the last one's first command until the pool of
    games ran dry) and the latencies of the requests sent then."""
    start = results["all_started"] or results["first_sent"] or 0.0
    end = results["pool_dry"] or results["last_answered"] or 0.0
    return end - start, [ms for sent, ms in zip(results["sent_s"], results["latencies_ms"]) if start <= sent <= end]


def rate_of(results: dict) -> float:
    """Commands sent per second while every player played."""
    seconds, latencies = measured_window(results)
    return len(latencies) / seconds if seconds > 0 else 0.0


def forget_redis_keys(queue: str, redis_url: str = REDIS_URL) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    for pattern in (f"*{queue}*", "*throttle_*"):
        keys = list(client.scan_iter(pattern))
        if keys:
            client.delete(*keys)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="players at once (each plays one game at a time)")
    parser.add_argument("--rounds", type=int, default=3, help="games in each set per player, on average")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                        help="web worker processes (default: one per core, as deploy/systemd/nightduel-web.service)")
    parser.add_argument("--accounts", type=int,
                        help="user accounts the games are shared among, each keeping its token from game to game "
                             "(default: 2 x --games)")
    parser.add_argument("--raw-workers", type=int, default=4, help="processes of the raw INSERT+COMMIT ceiling")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks between moves")
    parser.add_argument("--server", choices=["gunicorn", "granian"], default="gunicorn",
                        help="the web server: gunicorn (production default) or granian (Rust HTTP, WSGI)")
    parser.add_argument("--worker-class", default="sync", help="gunicorn worker class (sync, gthread)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (gunicorn gthread; granian)")
    parser.add_argument("--raw-seconds", type=float, default=8.0)
    parser.add_argument("--timeout", type=float, default=150.0, help="upper bound of the load phase")
    parser.add_argument("--database", default="nightduel_load")
    parser.add_argument("--floor-think", type=float, default=0.0,
                        help="think time of the framework floor run (0 = as fast as it answers; -1 skips it)")
    parser.add_argument("--no-saturation", action="store_true", help="skip the service's saturation run")
    parser.add_argument("--cluster", action="store_true",
                        help="through the proxy of scripts/cluster.sh, with a web-node kill phase (cluster.py)")
    parser.add_argument("--kill-games", type=int, default=100, help="--cluster: games of the web-node kill phase")
    args = parser.parse_args()
    if args.cluster:
        import cluster

        return cluster.main(args)

    database_url = f"{SERVER}/{args.database}"
    queue = f"load-{uuid.uuid4().hex[:8]}"
    env = service_env(database_url, queue)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY", "HTTPS",
                                           "CELERY_TASK_DEFAULT_QUEUE")})
    workdir = Path(tempfile.mkdtemp(prefix="nightduel-load-"))
    recreate_database(args.database)
    try:
        per_set = args.games * args.rounds
        accounts = args.accounts or 2 * args.games
        print(f"database {args.database}: migrating, creating 2 x {per_set} scripted 303 games among {accounts} "
              f"accounts ...", flush=True)
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        import django

        django.setup()
        from django.db import connections

        from scripts import create_scripted_games
        from verify import verify_store

        games = create_scripted_games(2 * per_set, accounts)
        offered_games, saturation_games = games[:per_set], games[per_set:]
        (workdir / "offered.json").write_text(json.dumps(offered_games))
        (workdir / "saturation.json").write_text(json.dumps(saturation_games))
        connections.close_all()

        from raw_ceiling import measure

        print(f"raw ceiling: {args.raw_workers} processes x {args.raw_seconds:.0f} s of INSERT+COMMIT ...", flush=True)
        raw_tps = measure(database_url, args.raw_workers, args.raw_seconds)

        commands = sum(len(g["steps"]) for g in offered_games)
        print(f"service: {args.server} with {args.workers} workers and the outbox relay; {args.games} players play "
              f"{per_set} games ({commands} commands, think {args.think} s) ...", flush=True)
        results = drive(env, args, workdir, "service", "offered.json", think=args.think)
        problems = verify_store(offered_games, results["acks"])
        saturated = None
        if not args.no_saturation:
            print(f"service at saturation: another {per_set} games, no think time ...", flush=True)
            saturated = drive(env, args, workdir, "saturated", "saturation.json", think=0.0)
            problems += verify_store(saturation_games, saturated["acks"])
        floor = None
        if args.floor_think >= 0:
            print(f"framework floor: the same clients post to a bench-only endpoint that only authenticates, "
                  f"throttles and commits one INSERT (think {args.floor_think} s) ...", flush=True)
            floor_env = {**env, "DJANGO_SETTINGS_MODULE": "floor_settings", "PYTHONPATH": str(HERE)}
            floor = drive(floor_env, args, workdir, "floor", "saturation.json", think=args.floor_think, floor=True)
        return report(args, results, saturated, raw_tps, problems, commands, floor)
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(args.database)
        forget_redis_keys(queue)


def cpu_ms(results: dict, of: str = "server_cpu_s") -> float:
    return results[of] / max(len(results["acks"]), 1) * 1000


def generator_line(name: str, results: dict) -> tuple[str, float]:
    share = results["generator_cpu_s"] / results["elapsed_s"] / (os.cpu_count() or 1) if results["elapsed_s"] else 0.0
    return (f"  load generator (locust) during the {name}: {results['generator_cpu_s']:.1f} CPU s over "
            f"{results['elapsed_s']:.0f} s = {share * 100:.0f}% of the machine, "
            f"{results['generator_cpu_s'] / max(len(results['latencies_ms']), 1) * 1000:.2f} ms per request"), share


def report(args, results: dict, saturated: dict | None, raw_tps: float, problems: list[str], commands: int,
           floor: dict | None) -> int:
    window_s, latencies = measured_window(results)
    latencies.sort()
    acks = len(results["acks"])
    rate = rate_of(results)
    p95 = percentile(latencies, 0.95)
    statuses: dict[str, int] = {}
    for error in results["errors"]:
        statuses[str(error["status"])] = statuses.get(str(error["status"]), 0) + 1
    goals = {}
    print()
    server = (f"granian --workers {args.workers} --blocking-threads {args.threads}" if args.server == "granian" else
              f"gunicorn -w {args.workers} {args.worker_class}{f' --threads {args.threads}' if args.threads > 1 else ''}")
    print(f"machine: {os.cpu_count()} cores; load average {results['load_average'][0]:.1f} before the service run; "
          f"{server}")
    print(f"offered load: {args.games} players, think {args.think} s, {results['finished_games']} games played to "
          f"the end; {results['busy_s']:.1f} s of load, {window_s:.1f} s of it with every player playing")
    print(f"  move commands: {acks} acknowledged of {commands} scripted; {rate:.0f} commands/s offered while "
          f"every player played")
    print(f"  latency ms then: p50 {percentile(latencies, 0.50):.1f}  p95 {p95:.1f}  p99 {percentile(latencies, 0.99):.1f}"
          f"  max {latencies[-1] if latencies else float('nan'):.1f}")
    print(f"  errors: {len(results['errors'])} {statuses or ''}{' (load phase timed out)' if results['timed_out'] else ''}")
    for error in results["errors"][:5]:
        print(f"    e.g. {error}")
    print(f"  workers' CPU: {cpu_ms(results):.2f} ms per command; the outbox relay's beside them: "
          f"{cpu_ms(results, 'relay_cpu_s'):.2f} ms per command")
    line, share = generator_line("offered load", results)
    print(line)
    goals["worker CPU per command <= 3 ms"] = cpu_ms(results) <= GOALS["worker_cpu_ms"]
    goals["p95 < 50 ms with >= 150 commands/s offered"] = p95 < GOALS["p95_ms"] and rate >= GOALS["offered_per_s"]
    goals["load generator <= 25% of the machine"] = share <= GOALS["generator_share"]
    print(f"raw ceiling: {raw_tps:.0f} INSERT+COMMIT transactions/s from {args.raw_workers} processes")
    served = rate
    if saturated is not None:
        served = rate_of(saturated)
        print(f"service at saturation (think 0): {served:.0f} commands/s, p95 "
              f"{percentile(sorted(measured_window(saturated)[1]), 0.95):.1f} ms, {len(saturated['errors'])} errors, "
              f"workers' CPU {cpu_ms(saturated):.2f} ms per command, the relay's {cpu_ms(saturated, 'relay_cpu_s'):.2f}")
        line, share = generator_line("saturation run", saturated)
        print(line)
        goals["load generator <= 25% of the machine"] &= share <= GOALS["generator_share"]
    print(f"service/raw: {served / raw_tps if raw_tps else 0.0:.3f}  (goal >= {GOALS['service_raw']:.2f})")
    goals["service/raw >= 0.10"] = raw_tps > 0 and served / raw_tps >= GOALS["service_raw"]
    if floor is not None:
        floor_rate = rate_of(floor)
        floor_latencies = sorted(measured_window(floor)[1])
        print(f"framework floor (auth + throttle + one INSERT+COMMIT through the same stack, think "
              f"{args.floor_think} s): {floor_rate:.0f} requests/s, p50 {percentile(floor_latencies, 0.5):.1f}"
              f"  p95 {percentile(floor_latencies, 0.95):.1f} ms, {len(floor['errors'])} errors, workers' "
              f"CPU {cpu_ms(floor):.2f} ms per request (goal <= {GOALS['floor_cpu_ms']}); floor/raw "
              f"{floor_rate / raw_tps if raw_tps else 0.0:.2f}")
        line, share = generator_line("floor run", floor)
        print(line)
        service_floor = served / floor_rate if floor_rate else 0.0
        print(f"service/floor: {service_floor:.2f} by throughput{' at saturation' if saturated else ''}, "
              f"{cpu_ms(floor) / cpu_ms(saturated or results):.2f} by workers' CPU per request "
              f"(goal >= {GOALS['service_floor']})")
        goals["floor CPU per request <= 1.5 ms"] = cpu_ms(floor) <= GOALS["floor_cpu_ms"]
        goals["service/floor >= 0.8"] = service_floor >= GOALS["service_floor"]
        goals["load generator <= 25% of the machine"] &= share <= GOALS["generator_share"]
    print(f"store check: {'nothing lost, nothing doubled: every stream 1..n without gaps, every acknowledged event stored' if not problems else ''}")
    for problem in problems[:20]:
        print(f"  PROBLEM: {problem}")
    goals["0 lost or doubled events"] = not problems
    for goal, met in goals.items():
        print(f"goal {'met    ' if met else 'NOT met'}: {goal}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
