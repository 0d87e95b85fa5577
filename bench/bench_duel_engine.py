"""Benchmark of the Duel in the Dark engine: folding a full night from its events, and
validating one command (``decide``).  Run from the repository root:
``python bench/bench_duel_engine.py``."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from systems.kit.dice import SeededDice  # noqa: E402
from systems.duel.rules import SYSTEM  # noqa: E402
from tests.rules.duel.policies import POLICIES, play  # noqa: E402


def best_of(runs: int, fn) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    initial = SYSTEM.initial_state({"weather_card": 1}, None)
    final, events = play(SYSTEM, initial, lambda n: SeededDice("bench", "duel", n))

    def fold():
        state = initial
        for event in events:
            state = SYSTEM.evolve(state, event)
        assert state == final

    fold_time = best_of(5, fold)
    print(f"fold a full night: {len(events)} events in {fold_time * 1000:.2f} ms "
          f"({fold_time / len(events) * 1e6:.1f} µs per event)")

    # a mid-night position: the first German turn of phase 6
    state, n = initial, 0
    while state["step"] != "german":
        side = SYSTEM.to_move(state)[0]
        command = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        for event in SYSTEM.decide(state, command, side, SeededDice("bench", "duel", n)):
            state = SYSTEM.evolve(state, event)
        n += 1
    command = {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "HIGH"}
    runs = 2000
    start = time.perf_counter()
    for _ in range(runs):
        SYSTEM.decide(state, command, "german", SeededDice("bench", "duel", n))
    per = (time.perf_counter() - start) / runs
    print(f"validate one command (decide MoveFighter): {per * 1e6:.1f} µs")
    bad = {"type": "MoveFighter", "fighter": "red", "path": ["E", "E", "E"], "altitude": "HIGH"}
    start = time.perf_counter()
    for _ in range(runs):
        SYSTEM.decide(state, bad, "german", SeededDice("bench", "duel", n))
    print(f"reject one command (too_many_hexes): {(time.perf_counter() - start) / runs * 1e6:.1f} µs")
    start = time.perf_counter()
    for _ in range(200):
        SYSTEM.legal_actions(state, "german")
    print(f"legal_actions in a German turn: {(time.perf_counter() - start) / 200 * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
