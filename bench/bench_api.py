"""Commands/second through the HTTP API for one game, the fold cost at move 10 vs 200, and
what the hash chain costs per append.

    .venv/bin/python bench/bench_api.py [--commands 400] [--hash-blocks 10]

Uses the store's snapshots (NIGHTDUEL_SNAPSHOT_EVERY) and, for comparison, the same folds
with snapshots dropped. The hash cost is measured in the same run: blocks of move commands
alternate between the real chain and the hash replaced by a constant (``kernel.store.event_hash``),
and the event hash alone is timed over the events stored. Runs on DATABASE_URL if set, else on
a fresh SQLite file.

The game is ``dice-race``, the test double of tests/doubles.py, not a real system: one die per
command and no end, so hundreds of commands go into one game; the figures are the API's, the
store's and the fold's cost around a near-free engine (bench_duel_engine.py times a real one).
"""
import argparse
import statistics
import time

from django_env import ON_THE_TEST_DOUBLE, setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=400)
    parser.add_argument("--hash-blocks", type=int, default=10, help="blocks of 20 commands per variant")
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from game import services
    from kernel import store
    from kernel.chain import event_hash
    from game.folding import load_aggregate
    from kernel.models import Snapshot, StoredEvent

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

    version = args.commands + 1
    per_command = {"with the hash": [], "without": []}
    for block in range(2 * args.hash_blocks):
        name = "without" if block % 2 else "with the hash"
        store.event_hash = (lambda *event: "0" * 64) if block % 2 else event_hash
        cpu, t0 = time.process_time(), time.perf_counter()
        for _ in range(20):
            response = clients[(version - 1) % 2].post(
                f"/api/games/{game.pk}/commands/", {"expected_version": version, "command": {"type": "roll"}},
                format="json")
            assert response.status_code == 201, response.content
            version = response.json()["version"]
        per_command[name].append(((time.process_time() - cpu) / 20 * 1000, (time.perf_counter() - t0) / 20 * 1000))
    store.event_hash = event_hash
    rows = list(StoredEvent.objects.filter(stream=game.stream).order_by("seq")[:args.commands])
    timings = []
    for _ in range(5):  # the best of five passes: the least disturbed by anything else on the machine
        t0 = time.perf_counter()
        for row in rows:
            event_hash(row.stream, row.seq, row.type, row.payload, row.visibility, row.dice, row.command, row.hash)
        timings.append((time.perf_counter() - t0) / len(rows) * 1e6)
    hash_alone_us = min(timings)

    def around(v: int) -> float:
        return statistics.median(per_version[x] for x in range(max(1, v - 5), v + 5)) * 1000

    print(f"database: {connection.vendor}")
    print(ON_THE_TEST_DOUBLE)
    print(f"commands through the API: {args.commands} in {total:.2f} s = {args.commands / total:.0f} commands/s "
          f"(p50 {statistics.median(latencies) * 1000:.1f} ms, "
          f"p95 {sorted(latencies)[int(len(latencies) * 0.95)] * 1000:.1f} ms)")
    print(f"command latency around move 10: {around(10):.2f} ms, around move 200: {around(200):.2f} ms")
    print(f"fold at move 10:  {with_snap[10]:.2f} ms with snapshots, {without_snap[10]:.2f} ms without")
    print(f"fold at move 200: {with_snap[200]:.2f} ms with snapshots, {without_snap[200]:.2f} ms without")
    print(f"fold cost ratio move 200 / move 10 with snapshots: {with_snap[200] / with_snap[10]:.2f} "
          f"(without: {without_snap[200] / without_snap[10]:.2f})")
    cpu = {k: statistics.median(c for c, _ in v) for k, v in per_command.items()}
    wall = {k: statistics.median(w for _, w in v) for k, v in per_command.items()}
    print(f"hash chain, same run, {args.hash_blocks} x 20 move commands each way (one event per append): "
          f"CPU {cpu['with the hash']:.3f} ms per command with the hash, {cpu['without']:.3f} ms without "
          f"(+{(cpu['with the hash'] - cpu['without']) * 1000:.0f} us); latency {wall['with the hash']:.3f} vs "
          f"{wall['without']:.3f} ms; the event hash alone: {hash_alone_us:.1f} us per event")


if __name__ == "__main__":
    main()
