"""The 303 bots' ladder (systems/battle303/bots/calibration.py): win rates per side and pairing,
move times, Elo per level. Run from the repository root:
``python bench/bench_303_bots.py --games 200 --seed ladder`` (all pairings), or a few pairings
per process with ``--pairing "4 v 3" --out rows.jsonl`` and ``--merge rows.jsonl`` to print the
table and the Elo of rows gathered so.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from systems.battle303.bots.calibration import elo_from_ladder, pairings, play_pairing  # noqa: E402
from systems.battle303.rules.rules import SIDES  # noqa: E402


def table(rows: list[dict]) -> None:
    print("side       pairing  games  wins  win_rate  move_p50  move_p95")
    for r in rows:
        print(f"{r['side']:<10} {r['pairing']:<8} {r['games']:>5} {r['wins']:>5} {r['win_rate']:>9.3f}"
              f" {r['move_p50']:>9.3f} {r['move_p95']:>9.3f}")
    print("Elo (random-legal = 0):", elo_from_ladder(rows))
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


def combined(rows: list[dict]) -> list[dict]:
    """Rows of one side and pairing from several runs as one: wins and games add up; the move
    times are the runs' game-weighted mean (p50) and the worst (p95)."""
    merged: dict[tuple[str, str], dict] = {}
    for row in rows:
        key = (row["side"], row["pairing"])
        if key not in merged:
            merged[key] = dict(row)
            continue
        into = merged[key]
        games = into["games"] + row["games"]
        into["move_p50"] = round((into["move_p50"] * into["games"] + row["move_p50"] * row["games"]) / games, 4)
        into["move_p95"] = max(into["move_p95"], row["move_p95"])
        into["games"], into["wins"] = games, into["wins"] + row["wins"]
        into["win_rate"] = round(into["wins"] / games, 3)
    return list(merged.values())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="ladder")
    parser.add_argument("--pairing", action="append", help='e.g. "4 v 3"; default: every pairing')
    parser.add_argument("--out", help="append rows to this JSON-lines file")
    parser.add_argument("--merge", help="print the table of a JSON-lines file instead of playing")
    args = parser.parse_args()
    if args.merge:
        table(combined([json.loads(line) for line in Path(args.merge).read_text().splitlines() if line.strip()]))
        return
    chosen = [p for p in pairings() if not args.pairing or f"{p[0]} v {p[1]}" in args.pairing]
    rows = []
    for level, opponent in chosen:
        for side in SIDES:
            row = play_pairing(side, level, opponent, args.games, args.seed)
            rows.append(row)
            if args.out:
                with open(args.out, "a") as out:
                    out.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    table(rows)


if __name__ == "__main__":
    main()
