"""CPU cost of the replay's "where could it be" task per Duel in the Dark night (goal: under
10 s a night): random finished games played by random legal play through the engine
(tests/rules/duel/test_properties.py ``random_game``), then what ``game.tasks.compute_replay_fog``
computes for each — fold every event and build the maps (systems/duel/fog.py ``replay_maps``) —
timed in process CPU seconds. Run from the repository root:

    .venv/bin/python bench/bench_fog.py [--games 8] [--seed 1]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from systems.duel.fog import replay_maps  # noqa: E402
from systems.duel.rules import SYSTEM  # noqa: E402
from systems.kit.contract import Event  # noqa: E402
from tests.rules.duel.test_properties import random_game  # noqa: E402

SETUPS = [{}, {"nights": 2}, {"mode": "swap"}, {"players": 3}]


def steps(initial: dict, events: list):
    state = initial
    for seq, event in enumerate(events, start=2):
        state = SYSTEM.evolve(state, Event(event.type, event.payload, event.visibility))
        yield seq, event.type, event.payload, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    per_night = []
    print(f"{'setup':<16} {'nights':>6} {'events':>7} {'maps':>5} {'exact':>5} {'CPU s':>7} {'s/night':>8}")
    for n in range(args.games):
        setup = SETUPS[n % len(SETUPS)]
        initial, final, events = random_game(args.seed + n, setup)
        started = time.process_time()
        maps = replay_maps(steps(initial, events))
        cpu = time.process_time() - started
        nights = final["nights_total"]
        per_night.append(cpu / nights)
        exact = all(m["exact"] for m in maps["maps"])
        print(f"{str(setup) or '{}':<16} {nights:>6} {len(events):>7} {len(maps['maps']):>5} {str(exact):>5} "
              f"{cpu:>7.3f} {cpu / nights:>8.3f}")
    print(f"CPU per night: median {statistics.median(per_night):.3f} s, worst {max(per_night):.3f} s "
          f"over {len(per_night)} games (goal < 10 s)")


if __name__ == "__main__":
    main()
