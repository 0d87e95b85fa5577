"""CPU per move command through the whole WSGI stack in one process, without HTTP (issue 18).

    .venv/bin/python bench/load/command_cpu.py [--games 60] [--floor] [--profile FILE] [--top 25]

Sets up like run.py (its own PostgreSQL database, migrated; scripted 303 games; Redis
database 15; throttling lifted), then calls the service's WSGI application directly, as a
gunicorn worker would after parsing HTTP, for every game's commands in turn (round robin, so
consecutive commands touch different games). Prints CPU milliseconds per command (this
process: Django, DRF, the service, the database and Redis clients) and, with ``--profile``,
the functions that take it. ``--floor`` does the same for the framework floor endpoint.
Measures CPU, not throughput, so it stays meaningful on a busy machine.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

from run import SERVER, drop_database, forget_redis_keys, recreate_database, service_env  # noqa: E402


def wsgi_post(application, path: str, token: str, body: dict) -> tuple[int, bytes]:
    data = json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)), "HTTP_AUTHORIZATION": f"Token {token}",
        "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    status = []
    response = application(environ, lambda s, headers, exc_info=None: status.append(int(s[:3])))
    try:
        content = b"".join(response)
    finally:
        response.close()  # as a WSGI server does: request_finished, connection bookkeeping
    return status[0], content


def play(application, games: list[dict], floor: bool) -> int:
    """Every game's commands, round robin; the number of commands acknowledged."""
    scripts = [(g, iter(g["steps"])) for g in games]
    acknowledged = 0
    while scripts:
        still = []
        for game, steps in scripts:
            step = next(steps, None)
            if step is None:
                continue
            path = "/api/bench/floor/" if floor else f"/api/games/{game['id']}/commands/"
            status, content = wsgi_post(application, path, game["tokens"][step["side"]],
                                        {"expected_version": step["expected_version"], "command": step["command"]})
            if status != 201:
                raise RuntimeError(f"{path}: {status} {content[:300]!r}")
            acknowledged += 1
            still.append((game, steps))
        scripts = still
    return acknowledged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--floor", action="store_true", help="the framework floor endpoint instead of the service")
    parser.add_argument("--profile", help="write a cProfile of the measured run here and print its top")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--database", default="nd_command_cpu")
    args = parser.parse_args()

    queue = f"cpu-{uuid.uuid4().hex[:8]}"
    env = service_env(f"{SERVER}/{args.database}", queue)
    recreate_database(args.database)
    try:
        import subprocess

        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=HERE.parents[1], env=env, check=True)
        os.environ.update(env, **({"DJANGO_SETTINGS_MODULE": "floor_settings"} if args.floor else {}))
        import django

        django.setup()
        from scripts import create_scripted_games

        games = create_scripted_games(args.games)
        if args.floor:
            from raw_ceiling import create_table

            create_table(f"{SERVER}/{args.database}")
        from config.wsgi import application  # what gunicorn serves: token API requests on the lean handler
        warm_up, measured = games[: max(1, len(games) // 6)], games[max(1, len(games) // 6):]
        play(application, warm_up, args.floor)  # imports, prepared statements, the first connection
        profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waiting
        cpu, wall = time.process_time(), time.perf_counter()
        if profiler:
            profiler.enable()
        commands = play(application, measured, args.floor)
        if profiler:
            profiler.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        load = os.getloadavg()[0]
        what = "framework floor requests" if args.floor else "move commands"
        print(f"{commands} {what} in one process: {cpu / commands * 1000:.2f} ms CPU and "
              f"{wall / commands * 1000:.2f} ms wall each{' (under cProfile)' if profiler else ''}; "
              f"load average {load:.1f} on {os.cpu_count()} cores")
        if profiler:
            profiler.dump_stats(args.profile)
            pstats.Stats(args.profile).sort_stats("cumulative").print_stats(args.top)
            pstats.Stats(args.profile).sort_stats("tottime").print_stats(args.top)
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(args.database)
        forget_redis_keys(queue)


if __name__ == "__main__":
    sys.exit(main())
