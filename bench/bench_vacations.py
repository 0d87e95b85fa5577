"""What a vacation costs: taking and ending one over a player's N correspondence games (one
append per game), and a move in a correspondence game whose player has a pause on the row
compared with one that has none (the move reads the pauses from the row it loads anyway).

    .venv/bin/python bench/bench_vacations.py [--games 50] [--moves 200]

Runs on DATABASE_URL if set, else on a fresh SQLite file. The games are ``dice-race``, the test
double of tests/doubles.py, not a real system: the figures are the service's cost of a pause
and a move around a near-free engine.
"""
import argparse
import statistics
import time

from django_env import ON_THE_TEST_DOUBLE, setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    setup_django()

    from django.contrib.auth import get_user_model
    from django.db import connection

    from game import clocks, services, vacations

    fast = clocks.preset("fast")["time_control"]
    suffix = time.time_ns()
    away, other, third = (get_user_model().objects.create_user(f"bench-{name}-{suffix}")
                          for name in ("away", "other", "third"))

    def game(a, b):
        return services.create_game(system_name="dice-race", setup={"target": 10**9},
                                    players={"a": a, "b": b}, time_control=fast)

    for _ in range(args.games):
        game(other, away)
    t0 = time.perf_counter()
    vacations.take(away, 3)
    took = time.perf_counter() - t0
    t0 = time.perf_counter()
    vacations.end(away)
    ended = time.perf_counter() - t0

    plain = game(other, third)
    paused = game(other, away)
    vacations.take(away, 2)
    paused.refresh_from_db()
    assert paused.vacations
    # Moves alternate between the two games, so both see the same load on the machine.
    seats = {g.pk: {s.side: s.user for s in g.seats.all()} for g in (plain, paused)}
    versions = {g.pk: g.version for g in (plain, paused)}
    latencies = {plain.pk: [], paused.pk: []}
    for i in range(args.moves):
        side = "a" if i % 2 == 0 else "b"
        for played in (plain, paused):
            t0 = time.perf_counter()
            _status, body = services.submit_command(game_id=played.pk, user=seats[played.pk][side],
                                                    command={"type": "roll"}, expected_version=versions[played.pk])
            latencies[played.pk].append(time.perf_counter() - t0)
            versions[played.pk] = body["version"]
    plain_ms, paused_ms = (statistics.median(latencies[g.pk]) * 1000 for g in (plain, paused))

    print(f"database: {connection.vendor}")
    print(ON_THE_TEST_DOUBLE)
    print(f"take a vacation over {args.games + 1} correspondence games: {took * 1000:.0f} ms "
          f"({took / (args.games + 1) * 1000:.1f} ms per game); end it: {ended * 1000:.0f} ms")
    print(f"a move (service call with its inline follow-up, median of {args.moves}): {plain_ms:.2f} ms without "
          f"a pause on the row, {paused_ms:.2f} ms with one")


if __name__ == "__main__":
    main()
