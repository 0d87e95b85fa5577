"""Benchmark: pairing one Swiss round of a large field (issue 19; targets: 1,000 entrants after
8 rounds < 1 s, 10,000 < 15 s).

The history is played by the pairer itself: 8 rounds with results drawn from a fixed seed
(the better-rated entrant wins more often; a tenth of the pairings are drawn 1:1), Polish
points 3/1/0, byes worth 3. Then the 9th round is timed. Also printed: whether the round meets
the lower bound of the score differences (``swiss.score_lower_bound``), i.e. is optimal in them.

Run: .venv/bin/python bench/bench_swiss.py [entrants ...]
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.formats import swiss  # noqa: E402  (after the path is set)

DEFAULT_SIZES = (1_000, 10_000)
ROUNDS_BEFORE = 8
SEED = 20261207


def played_history(n: int, rounds: int) -> tuple[list[swiss.SwissEntrant], set[frozenset], set[str]]:
    rng = random.Random(SEED + n)
    names = [f"p{i:05d}" for i in range(n)]
    strength = {name: rng.gauss(0.0, 1.0) for name in names}
    points, played, had_bye = dict.fromkeys(names, 0), set(), set()
    for _ in range(rounds):
        field = [swiss.SwissEntrant(name, points[name], seed) for seed, name in enumerate(names)]
        pairs, bye = swiss.pair_round(field, played, had_bye)
        if bye:
            had_bye.add(bye)
            points[bye] += 3
        for a, b in pairs:
            played.add(frozenset((a, b)))
            roll = rng.random()
            if roll < 0.1:
                points[a] += 1
                points[b] += 1
            else:
                winner = a if rng.gauss(strength[a] - strength[b], 1.0) > 0 else b
                points[winner] += 3
    field = [swiss.SwissEntrant(name, points[name], seed) for seed, name in enumerate(names)]
    return field, played, had_bye


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or list(DEFAULT_SIZES)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  (cores: {os.cpu_count()})")
    for n in sizes:
        built = time.perf_counter()
        field, played, had_bye = played_history(n, ROUNDS_BEFORE)
        history_seconds = time.perf_counter() - built
        started = time.perf_counter()
        pairs, bye = swiss.pair_round(field, played, had_bye)
        elapsed = time.perf_counter() - started
        points = {e.name: e.points for e in field}
        rest = swiss.ranked([e for e in field if e.name != bye])
        cost = sum((points[a] - points[b]) ** 2 for a, b in pairs)
        bound = swiss.score_lower_bound(rest)
        groups = len(swiss.score_groups(rest))
        print(f"entrants: {n:,}  after rounds: {ROUNDS_BEFORE}  score groups: {groups}  "
              f"path: {'exact' if n <= swiss.EXACT_LIMIT else 'banded'}")
        print(f"  round {ROUNDS_BEFORE + 1} paired in {elapsed:.3f} s  (history of {ROUNDS_BEFORE} rounds "
              f"built in {history_seconds:.1f} s)")
        print(f"  score differences: {cost} (lower bound {bound}: {'optimal' if cost == bound else 'above'})  "
              f"repeats: {sum(frozenset(p) in played for p in pairs)}  bye: {bye}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
