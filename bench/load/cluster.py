"""The load run through the cluster of scripts/cluster.sh (issue 31): ``run.py --cluster``.

    .venv/bin/python bench/load/run.py --cluster [--games 200] [--think 1.0] [--kill-games 100]

Starts the cluster on its own database (``nightduel_cluster``, made anew and dropped at the end)
and Redis database 5, and measures through its proxy, in one run: the raw INSERT+COMMIT ceiling,
the service at the offered load and at saturation (the single-machine run's figures: commands/s,
p50/p95/p99, the web nodes' workers' CPU per command, service/raw), then the **web-node kill**:
another set of games played with ``--retry`` (an Idempotency-Key on every command, sent again
when nothing was decided) while one web node is killed with SIGKILL halfway. It prints the
clients' error rate before retry, how soon the proxy took the node out, the recovery time (the
kill to the last failed attempt) and verifies the store after each phase: nothing acknowledged
lost or doubled. ``Cluster`` is the script as a handle, also used by tests/cluster/.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Cluster:
    """scripts/cluster.sh with its settings: start and stop it, reach its nodes and the proxy's view.

    ``settings`` are the script's environment (``NIGHTDUEL_CLUSTER_*``, ``REDIS_URL``, the
    processes' own settings); the port and run directory are the script's defaults unless given.
    """

    def __init__(self, settings: dict):
        self.settings = {k: str(v) for k, v in settings.items()}
        self.port = int(self.settings.setdefault("NIGHTDUEL_CLUSTER_PORT", "8300"))
        self.run_dir = Path(self.settings.setdefault("NIGHTDUEL_CLUSTER_DIR", f"/var/tmp/nd-cluster-{self.port}"))
        self.url = f"http://127.0.0.1:{self.port}"

    def script(self, action: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(["bash", str(ROOT / "scripts/cluster.sh"), action], cwd=ROOT, capture_output=True,
                              text=True, timeout=timeout, env={**os.environ, **self.settings})

    def start(self) -> None:
        done = self.script("start")
        if done.returncode != 0:
            self.stop()
            raise RuntimeError(f"scripts/cluster.sh start failed:\n{done.stdout}{done.stderr}")

    def stop(self) -> None:
        done = self.script("stop", timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"scripts/cluster.sh stop failed:\n{done.stdout}{done.stderr}")

    def group(self, node: str) -> int:
        """The process group of ``node`` (web1, stream2, worker1, proxy, ...): its leader's pid."""
        return int((self.run_dir / "pids" / f"{node}.pid").read_text())

    def workers_cpu_seconds(self, nodes: list[str]) -> float:
        """CPU seconds of the worker processes under ``nodes``' leaders (as run.py counts a server's)."""
        import psutil

        return sum(sum(c.cpu_times()[:2]) for node in nodes for c in psutil.Process(self.group(node)).children())

    def process_cpu_seconds(self, node: str) -> float:
        """CPU seconds of ``node``'s own process (the relay: no workers under it)."""
        import psutil

        return sum(psutil.Process(self.group(node)).cpu_times()[:2])

    def kill(self, node: str) -> float:
        """SIGKILL to every process of ``node``, as in a crash; the wall-clock time it was sent."""
        killed_at = time.time()
        os.killpg(self.group(node), signal.SIGKILL)
        return killed_at

    def proxy(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(5)
            s.connect(str(self.run_dir / "haproxy.sock"))
            s.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def servers(self) -> dict[str, dict]:
        """The proxy's servers by name: ``{"status": "UP"|"DOWN"|..., "sessions": current}``."""
        lines = self.proxy("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","))) for line in lines[1:] if line and not line.startswith("#")]
        return {r["svname"]: {"status": r["status"], "sessions": int(r["scur"] or 0)}
                for r in rows if r["svname"] not in ("FRONTEND", "BACKEND")}

    def wait_for_status(self, node: str, status: str, timeout: float = 10.0) -> float:
        """Seconds until the proxy shows ``node`` in ``status`` (bounded by ``timeout``)."""
        started = time.monotonic()
        while self.servers()[node]["status"] != status:
            if time.monotonic() - started > timeout:
                raise AssertionError(f"the proxy did not show {node} {status} within {timeout} s: {self.servers()}")
            time.sleep(0.05)
        return time.monotonic() - started


def kill_under_load(cluster: Cluster, node: str, play_games, kill_after_s: float) -> dict:
    """Run ``play_games()`` (clients with ``--retry``; returns their results) and kill ``node``
    ``kill_after_s`` seconds in, at a moment it has a request in flight (waiting at most 2 s
    more for one): the results, with when the node was killed, how long the proxy took to
    take it out, and the recovery time."""
    outcome: dict = {}
    players = threading.Thread(target=lambda: outcome.update(results=play_games()), daemon=True)
    players.start()
    time.sleep(kill_after_s)
    busy_by = time.monotonic() + 2
    while cluster.servers()[node]["sessions"] == 0 and time.monotonic() < busy_by:
        time.sleep(0.005)
    killed_at = cluster.kill(node)
    taken_out_s = cluster.wait_for_status(node, "DOWN")
    players.join()
    if "results" not in outcome:
        raise RuntimeError("the clients did not finish (see the output above)")
    results = outcome["results"]
    failures = [r for r in results["retried"] if r["at"] >= killed_at]
    results.update(killed_at=killed_at, taken_out_s=taken_out_s,
                   recovery_s=max((r["at"] for r in failures), default=killed_at) - killed_at)
    return results


def report_kill(results: dict, problems: list[str], commands: int) -> None:
    statuses: dict[str, int] = {}
    for failure in results["retried"]:
        statuses[str(failure["status"])] = statuses.get(str(failure["status"]), 0) + 1
    attempts = max(results["attempts"], 1)
    latencies = sorted(results["latencies_ms"])
    print(f"web-node kill: web1 killed (SIGKILL) {results['killed_at'] - results['started_at']:.1f} s into "
          f"the run; {len(results['acks'])} of {commands} commands acknowledged, {len(results['errors'])} refused")
    print(f"  clients' error rate before retry: {len(results['retried'])} of {results['attempts']} attempts "
          f"= {len(results['retried']) / attempts * 100:.2f}% {statuses or ''}; every one retried with its "
          f"Idempotency-Key")
    print(f"  the proxy took web1 out {results['taken_out_s']:.2f} s after the kill; recovery (the kill to the "
          f"last failed attempt) {results['recovery_s']:.2f} s; latency with retries p95 "
          f"{latencies[int(len(latencies) * 0.95)] if latencies else float('nan'):.1f} ms, max "
          f"{latencies[-1] if latencies else float('nan'):.0f} ms")
    print(f"  store check after the kill: {'0 acknowledged commands lost or doubled' if not problems else ''}")
    for problem in problems[:20]:
        print(f"  PROBLEM: {problem}")


def main(args) -> int:
    """The ``--cluster`` run of run.py (its parsed arguments)."""
    import json
    import tempfile
    import uuid
    from argparse import Namespace

    import run
    from raw_ceiling import measure

    database = "nightduel_cluster"
    owner_url = f"postgresql://nightduel_owner@localhost:5432/{database}"
    queue = f"load-{uuid.uuid4().hex[:8]}"
    cluster = Cluster({
        "NIGHTDUEL_CLUSTER_OWNER_URL": owner_url,
        "NIGHTDUEL_CLUSTER_SERVICE_URL": f"postgresql://nightduel_app@localhost:5432/{database}",
        "REDIS_URL": run.CLUSTER_REDIS_URL, "CELERY_TASK_DEFAULT_QUEUE": queue, "SECRET_KEY": run.BENCH_SECRET_KEY,
        "THROTTLE_COMMANDS": "1000000/min", "LOG_LEVEL": "ERROR"})
    os.environ.update(DATABASE_URL=owner_url, REDIS_URL=run.CLUSTER_REDIS_URL, SECRET_KEY=run.BENCH_SECRET_KEY,
                      DEBUG="0", HTTPS="0", DJANGO_SETTINGS_MODULE="config.settings", CELERY_TASK_DEFAULT_QUEUE=queue)
    workdir = Path(tempfile.mkdtemp(prefix="nightduel-cluster-"))
    run.drop_database(database)
    web = ["web1", "web2"]
    try:
        print(f"cluster: scripts/cluster.sh start (database {database}, proxy {cluster.url}) ...", flush=True)
        cluster.start()
        import django

        django.setup()
        from django.db import connections

        from scripts import create_scripted_games
        from verify import verify_store

        per_set = args.games * args.rounds
        sets = {"offered": per_set, "saturation": 0 if args.no_saturation else per_set, "kill": args.kill_games}
        print(f"creating {sum(sets.values())} scripted 303 games ...", flush=True)
        games = create_scripted_games(sum(sets.values()))
        played = {}
        for name, count in sets.items():
            played[name], games = games[:count], games[count:]
            (workdir / f"{name}.json").write_text(json.dumps(played[name]))
        connections.close_all()

        workers = 2 * int(cluster.settings.get("NIGHTDUEL_CLUSTER_WEB_WORKERS", 2))
        print(f"raw ceiling: {workers} processes x {args.raw_seconds:.0f} s of INSERT+COMMIT ...", flush=True)
        raw_tps = measure(f"{run.SERVER}/{database}", workers, args.raw_seconds)

        def through_proxy(name: str, think: float) -> dict:
            before, relay_before = cluster.workers_cpu_seconds(web), cluster.process_cpu_seconds("relay")
            results = run.play(cluster.url, workdir, name, f"{name}.json", think, args.games, args.timeout)
            results["server_cpu_s"] = cluster.workers_cpu_seconds(web) - before
            results["relay_cpu_s"] = cluster.process_cpu_seconds("relay") - relay_before
            return results

        commands = sum(len(g["steps"]) for g in played["offered"])
        print(f"service through the proxy: {args.games} players play {per_set} games ({commands} commands, think {args.think} s) ...",
              flush=True)
        results = through_proxy("offered", args.think)
        problems = verify_store(played["offered"], results["acks"])
        saturated = None
        if sets["saturation"]:
            print(f"service at saturation through the proxy: another {args.games} games, no think time ...", flush=True)
            saturated = through_proxy("saturation", 0.0)
            problems += verify_store(played["saturation"], saturated["acks"])
        kill_commands = sum(len(g["steps"]) for g in played["kill"])
        print(f"web-node kill: {args.kill_games} games ({kill_commands} commands, think {args.think} s) with "
              f"retries; web1 killed halfway ...", flush=True)
        started_at = time.time()
        killed = kill_under_load(cluster, "web1", lambda: run.play(cluster.url, workdir, "kill", "kill.json", args.think,
                                                                    args.kill_games, args.timeout, retry=True),
                                 kill_after_s=min(args.timeout / 2, 8 * args.think + 2))
        killed["started_at"] = started_at
        kill_problems = verify_store(played["kill"], killed["acks"])
        print()
        print(f"cluster: HAProxy -> 2 web nodes (granian, {workers // 2} workers each) and 2 stream nodes; "
              f"2 Celery workers, beat; PostgreSQL with a streaming replica on port "
              f"{cluster.settings.get('NIGHTDUEL_CLUSTER_REPLICA_PORT', 5434)}; Redis. Workers' CPU: both web nodes'")
        view = Namespace(**{**vars(args), "server": "granian", "workers": workers, "threads": 1, "floor_think": -1})
        status = run.report(view, results, saturated, raw_tps, problems + kill_problems, commands, None)
        report_kill(killed, kill_problems, kill_commands)
        return status
    finally:
        from django.db import connections

        connections.close_all()
        cluster.stop()
        run.drop_database(database)
        run.forget_redis_keys(queue, run.CLUSTER_REDIS_URL)
