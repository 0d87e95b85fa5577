"""The practice bots' calibration ladder: for every system whose bots package exists
(``systems/<module>/bots/``), each pairing of levels (and the random baseline) played ``--games``
times per side by ``calibration.ladder(games, seed)``; prints win rates, the bot's time per move
(p50, p95) and the machine's load average, which the timings depend on.

    .venv/bin/python bench/bench_bots.py [--games 200] [--seed bench]

Pure Python (the engines and the bots; no database). A system without bots is listed as such.
"""
import argparse
import importlib
import importlib.util
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from systems import registry  # noqa: E402  (after the path)

COLUMNS = ("system", "side", "pairing", "games", "wins", "win_rate", "move_p50", "move_p95")


def bots_packages() -> list[tuple[str, str | None]]:
    """(system, its bots package or None) for every built-in system (its descriptor's ``bots``)."""
    return [(d.name, d.bots if d.bots and importlib.util.find_spec(d.bots) is not None else None)
            for d in registry.descriptors()]


def cell(row: dict, column: str) -> str:
    value = row[column]
    if column == "win_rate":
        return f"{value:.1%}"
    if column in ("move_p50", "move_p95"):
        return f"{value * 1000:.1f} ms"
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="games per pairing and side")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    rows = []
    started = time.perf_counter()
    for system, package in bots_packages():
        if package is None:
            print(f"{system}: no bots package")
            continue
        calibration = importlib.import_module(f"{package}.calibration")
        rows += calibration.ladder(args.games, args.seed)
    elapsed = time.perf_counter() - started
    if rows:
        table = [COLUMNS] + [tuple(cell(r, c) for c in COLUMNS) for r in rows]
        widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
        for line in table:
            print("  ".join(text.ljust(width) for text, width in zip(line, widths)))
    load = os.getloadavg()
    print(f"{len(rows)} rows in {elapsed:.1f} s; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
