"""Commands/second through the HTTP API for one game, and the fold cost at move 10 vs 200.

    .venv/bin/python bench/bench_api.py [--commands 400]

Uses the store's snapshots (NIGHTDUEL_SNAPSHOT_EVERY) and, for comparison, the same folds
with snapshots dropped. Runs on DATABASE_URL if set, else on a fresh SQLite file.
"""
import argparse
import statistics
import time

from django_env import setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=400)
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from game import services
    from game.folding import load_aggregate
    from game.models import Snapshot

    users = [get_user_model().objects.create_user(f"bench-{i}-{time.time_ns()}") for i in range(2)]
    clients = []
    for user in users:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        clients.append(client)
    game = services.create_game(system_name="dice-race", setup={"target": 10**9},
                                players={"a": users[0], "b": users[1]})

    latencies, per_version = [], {}
    started = time.perf_counter()
    for version in range(1, args.commands + 1):
        t0 = time.perf_counter()
        response = clients[(version - 1) % 2].post(
            f"/api/games/{game.pk}/commands/", {"expected_version": version, "command": {"type": "roll"}},
            format="json")
        elapsed = time.perf_counter() - t0
        assert response.status_code == 201, response.content
        latencies.append(elapsed)
        per_version[version] = elapsed
    total = time.perf_counter() - started

    def fold_ms(version: int, repeat: int = 50) -> float:
        t0 = time.perf_counter()
        for _ in range(repeat):
            load_aggregate("dice-race", game.stream, version)
        return (time.perf_counter() - t0) / repeat * 1000

    with_snap = {v: fold_ms(v) for v in (10, 200)}
    Snapshot.objects.filter(stream=game.stream).delete()
    without_snap = {v: fold_ms(v) for v in (10, 200)}

    def around(v: int) -> float:
        return statistics.median(per_version[x] for x in range(max(1, v - 5), v + 5)) * 1000

    print(f"database: {connection.vendor}")
    print(f"commands through the API: {args.commands} in {total:.2f} s = {args.commands / total:.0f} commands/s "
          f"(p50 {statistics.median(latencies) * 1000:.1f} ms, "
          f"p95 {sorted(latencies)[int(len(latencies) * 0.95)] * 1000:.1f} ms)")
    print(f"command latency around move 10: {around(10):.2f} ms, around move 200: {around(200):.2f} ms")
    print(f"fold at move 10:  {with_snap[10]:.2f} ms with snapshots, {without_snap[10]:.2f} ms without")
    print(f"fold at move 200: {with_snap[200]:.2f} ms with snapshots, {without_snap[200]:.2f} ms without")
    print(f"fold cost ratio move 200 / move 10 with snapshots: {with_snap[200] / with_snap[10]:.2f} "
          f"(without: {without_snap[200] / without_snap[10]:.2f})")


if __name__ == "__main__":
    main()
