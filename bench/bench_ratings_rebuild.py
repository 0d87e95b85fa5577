"""Benchmark: a full Elo recompute over 1,000,000 synthetic results (issue 6; target < 10 s).

Measures ``ratings.elo.fold`` — the pure loop ``manage.py rebuild_ratings`` runs once the
result events are loaded — including building the per-game change records that become the
rating history. Results are drawn from a fixed seed: 5,000 players, win/draw/loss weighted
so that some players climb past 2400 and switch to K = 10.

Run: .venv/bin/python bench/bench_ratings_rebuild.py [results] [players]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ratings.elo import NEW_PLAYER_GAMES, TOP_RATING, fold  # noqa: E402  (after the path is set)

DEFAULT_RESULTS = 1_000_000
DEFAULT_PLAYERS = 5_000
SEED = 20261121


def synthetic_results(count: int, players: int) -> list[tuple]:
    rng = random.Random(SEED)
    strength = [rng.gauss(0.0, 2.0) for _ in range(players)]
    results = []
    append = results.append
    for _ in range(count):
        a, b = rng.sample(range(players), 2)
        edge = strength[a] - strength[b]
        roll = rng.random() * 4.0 - 2.0
        score = 1.0 if roll < edge - 0.1 else (0.5 if roll < edge + 0.1 else 0.0)
        append((a, b, score, 0.0))
    return results


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_RESULTS
    players = int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_PLAYERS
    results = synthetic_results(count, players)
    started = time.perf_counter()
    states, changes = fold(results)
    elapsed = time.perf_counter() - started
    top = max(state[0] for state in states.values())
    at_k10 = sum(1 for _, games, peak in states.values() if games >= NEW_PLAYER_GAMES and peak >= TOP_RATING)
    print(f"results: {len(changes):,}  players: {len(states):,}  top rating: {top:.1f}  "
          f"players on K=10: {at_k10}")
    print(f"seconds: {elapsed:.3f}")
    print(f"results/second: {len(changes) / elapsed:,.0f}")


if __name__ == "__main__":
    main()
