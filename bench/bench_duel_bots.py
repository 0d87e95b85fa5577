"""The Duel in the Dark bots' ladder: win rates per side and pairing, time per move, Elo per level.

    .venv/bin/python bench/bench_duel_bots.py [--games 200] [--strongest-games 40] [--seed s]
        [--only "L2 vs L1" ...] [--sides british german] [--paired-british]

British rows "Lk vs Lj": the British at level k against the German at level j (random = a uniformly
random legal move).  German rows "Lk vs Lj": German levels k and j play the same nights against
random legal British moves; the row is level k's share of nights ended with the better margin
(``--paired-british``: British rows so too).  "L4 vs random": the strongest level's win rate
against random legal moves.  Elo from the "Lk vs L(k-1)" rows of both sides, random = 0
(systems/duel/bots/calibration.py).  Pure Python: no database needed.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from systems.duel.bots.calibration import elo, ladder, pairings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--strongest-games", type=int, default=None)
    parser.add_argument("--seed", default="ladder")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--sides", nargs="*", default=["british", "german"])
    parser.add_argument("--paired-british", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    names = [f"L{k} vs {'random' if j == 0 else f'L{j}'}" for k, j in pairings()]
    rows = []
    for name in names:  # row by row, so a long run shows its figures as they come
        if args.only and name not in args.only:
            continue
        for side in args.sides:
            paired_sides = ("german", "british") if args.paired_british else ("german",)
            for row in ladder(args.games, args.seed, strongest_games=args.strongest_games, only={name},
                              sides=(side,), paired_sides=paired_sides):
                print(row, flush=True)
                rows.append(row)
    print({"elo": elo(rows), "seconds": round(time.perf_counter() - start, 1), "load": os.getloadavg()})


if __name__ == "__main__":
    main()
