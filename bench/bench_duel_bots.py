"""The Duel in the Dark bots' ladder: win rates per side and pairing, time per move, Elo per level.

    .venv/bin/python bench/bench_duel_bots.py [--games 200] [--strongest-games 40] [--seed s]
        [--only "L2 vs L1" ...] [--sides british german]

Each row: the side's bot at the first level against the other side at the second (random = a
uniformly random legal move); German rows "Lk vs Lj" compare two German levels on the same nights
against the same random British, "L4 vs random" is the strongest German's win rate against it
(systems/duel/bots/calibration.py); Elo from the "Lk vs L(k-1)" rows of both sides, random = 0
(systems/duel/bots/calibration.py).  Pure Python: no database needed.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from systems.duel.bots.calibration import elo, ladder  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--strongest-games", type=int, default=None)
    parser.add_argument("--seed", default="ladder")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--sides", nargs="*", default=["british", "german"])
    args = parser.parse_args()
    start = time.perf_counter()
    rows = ladder(args.games, args.seed, strongest_games=args.strongest_games,
                  only=set(args.only) if args.only else None, sides=tuple(args.sides))
    for row in rows:
        print(row, flush=True)
    print({"elo": elo(rows), "seconds": round(time.perf_counter() - start, 1), "load": os.getloadavg()})


if __name__ == "__main__":
    main()
