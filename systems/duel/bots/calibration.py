"""Calibration of the Duel bots: a ladder of matches and the Elo it gives each level.

:func:`ladder` returns one row per side and pairing with the side's bot's score (win 1, draw ½)
and its time per move.  What a row "Lk vs Lj" means depends on the side:

* British rows: the British bot at level k plays the German bot at level j (0 = random legal
  moves).
* German rows are like for like (:func:`paired`): on each game seed the German at level k and
  at level j (0 = random legal moves) each play the same night against the same British
  opponent, random legal moves (:data:`BENCH_OPPONENT`), and level k scores 1 when its night
  ends with the better margin, ½ on equal margins.

On both sides "L4 vs random" is the plain win rate of the strongest level against random legal
moves on the other side.  :func:`paired` serves the British side too (``--paired-british``).

:func:`elo` turns the rows into ratings: random legal moves = 0; a level's step over the level
below comes from its mean score over both sides' "Lk vs L(k-1)" rows.
Run with ``python bench/bench_duel_bots.py --games 100 --seed s`` (``--only``, ``--sides``: some rows).
"""
from __future__ import annotations

import math
import random
import time

from systems.kit.bots import play_out
from systems.duel.rules import SYSTEM
from . import LEVELS, make_bot
from .common import complete

SIDES = ("british", "german")


class RandomLegal:
    """The anchor: a uniformly random complete legal action (level 0)."""

    def __init__(self, side: str, seed: str):
        self.side, self.level, self.rng = side, 0, random.Random(seed)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return self.rng.choice(complete(legal))


class Timed:
    """A bot whose every decision is timed (seconds)."""

    def __init__(self, bot):
        self.bot, self.side, self.level, self.times = bot, bot.side, bot.level, []

    def choose(self, view: dict, legal: list[dict]) -> dict:
        start = time.perf_counter()
        command = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - start)
        return command


def _bot(side: str, level: int, setup: dict, seed: str):
    return RandomLegal(side, seed) if level == 0 else make_bot(side, level, setup, seed)


def pairings() -> list[tuple[int, int]]:
    levels = sorted(LEVELS)
    return [(level, level - 1) for level in levels] + [(levels[-1], 0)]


def match(side: str, level: int, other: int, games: int, seed: str, setup: dict | None = None) -> dict:
    """``side`` played by ``level`` against ``other`` on the other side (0 = random legal)."""
    setup = setup or {}
    opponent = "german" if side == "british" else "british"
    wins, times = 0.0, []
    for g in range(games):
        game_seed = f"{seed}:{side}:{level}v{other}:{g}"
        mine = Timed(_bot(side, level, setup, game_seed + ":mine"))
        final = play_out(SYSTEM, setup, {side: mine, opponent: _bot(opponent, other, setup, game_seed + ":other")},
                         game_seed)
        winner = SYSTEM.outcome(final)["winner"]
        wins += 1.0 if winner == side else 0.5 if winner is None else 0.0
        times += mine.times
    times.sort()
    return {"system": SYSTEM.name, "side": side, "pairing": f"L{level} vs {'random' if other == 0 else f'L{other}'}",
            "games": games, "wins": wins, "win_rate": round(wins / games, 3) if games else 0.0,
            "move_p50": round(_quantile(times, 0.5), 4), "move_p95": round(_quantile(times, 0.95), 4)}


BENCH_OPPONENT = 0  # the other side's level both bots of a paired row play against (0: random)


def paired(side: str, level: int, below: int, games: int, seed: str, setup: dict | None = None) -> dict:
    """``side`` at ``level`` against ``side`` at ``below`` on the same nights: each game seed is
    played twice against the same opponent (same seed, same dice), once by each level."""
    setup = setup or {}
    opponent = "german" if side == "british" else "british"
    wins, times = 0.0, []
    for g in range(games):
        game_seed = f"{seed}:{side}:{level}v{below}:{g}"
        margins = []
        for lvl in (level, below):
            mine = _bot(side, lvl, setup, game_seed + f":L{lvl}")
            mine = Timed(mine) if lvl == level else mine
            other = _bot(opponent, BENCH_OPPONENT, setup, game_seed + f":{opponent}")
            final = play_out(SYSTEM, setup, {side: mine, opponent: other}, game_seed)
            margins.append(final["score"] if side == "british" else -final["score"])  # §0.1: British positive
            if lvl == level:
                times += mine.times
        wins += 1.0 if margins[0] > margins[1] else 0.5 if margins[0] == margins[1] else 0.0
    times.sort()
    return {"system": SYSTEM.name, "side": side, "pairing": f"L{level} vs {'random' if below == 0 else f'L{below}'}",
            "games": games, "wins": wins, "win_rate": round(wins / games, 3) if games else 0.0,
            "move_p50": round(_quantile(times, 0.5), 4), "move_p95": round(_quantile(times, 0.95), 4),
            "against": f"random {opponent}" if BENCH_OPPONENT == 0 else f"{opponent} L{BENCH_OPPONENT}"}


def _quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def ladder(games: int, seed: str, setup: dict | None = None, strongest_games: int | None = None,
           only: set[str] | None = None, sides: tuple[str, ...] = SIDES,
           paired_sides: tuple[str, ...] = ("german",)) -> list[dict]:
    """The ladder's rows; ``strongest_games`` plays fewer games in the pairings of the strongest
    level (its look-ahead is what costs), ``only`` keeps the pairings named ("L2 vs L1"),
    ``sides`` the sides named; ``paired_sides`` the sides whose rows are :func:`paired`."""
    top = max(LEVELS)
    rows = []
    for level, other in pairings():
        name = f"L{level} vs {'random' if other == 0 else f'L{other}'}"
        if only is not None and name not in only:
            continue
        n = strongest_games if strongest_games is not None and level == top else games
        for side in sides:
            like_for_like = side in paired_sides and not (level == top and other == 0)
            rows.append(paired(side, level, other, n, seed, setup) if like_for_like
                        else match(side, level, other, n, seed, setup))
    return rows


def elo(rows: list[dict]) -> dict[int, int]:
    """Level → Elo, random legal moves = 0, chained over the "Lk vs L(k-1)" rows."""
    by_pairing: dict[str, list[dict]] = {}
    for row in rows:
        by_pairing.setdefault(row["pairing"], []).append(row)
    ratings, current = {}, 0.0
    for level, other in pairings()[:-1]:
        name = f"L{level} vs {'random' if other == 0 else f'L{other}'}"
        found = by_pairing.get(name, [])
        games = sum(r["games"] for r in found)
        if not games:
            break
        p = sum(r["wins"] for r in found) / games
        p = min(max(p, 0.5 / games), 1 - 0.5 / games)  # a clean sweep is not an infinite gap
        current += 400 * math.log10(p / (1 - p))
        ratings[level] = round(current)
    return ratings

