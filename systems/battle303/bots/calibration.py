"""The 303 bots' ladder: each level against the one below, from each side, and Elo from it.

``ladder(games, seed)`` plays, per side, level k against level k-1 on the other side (k = 1 is
measured against the random-legal player, "level 0"), and the strongest level against the
random-legal player. A row counts the wins of the side and level named first; move times are
that bot's. Seeds are derived from ``seed``, so a ladder is replayable.

Elo: the random-legal player is the anchor at 0. The two sides of 303 are not equal, so each
step k over k-1 is rated on the pooled score of both its rows (k as Luftwaffe and k as RAF),
which cancels the side's edge; ``elo = 400·log10(w / (1 − w))`` per step, summed up the ladder.
"""
from __future__ import annotations

import math
import random
import time

from systems.battle303.rules import SYSTEM
from systems.battle303.rules.rules import LUFTWAFFE, RAF, enemy_of
from systems.kit.bots import play_out
from . import LEVELS, make_bot
from .policy import concrete

RANDOM = 0


class RandomLegal:
    """The yardstick: any legal command, uniformly (a template with a shuffled order)."""

    level = RANDOM

    def __init__(self, side: str, seed: str):
        self.side, self._rng = side, random.Random(seed)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return concrete(self._rng.choice(legal), self._rng)


class Timed:
    """Wraps a bot and records the seconds of each of its decisions."""

    def __init__(self, bot, times: list[float]):
        self.bot, self.side, self.level, self.times = bot, bot.side, bot.level, times

    def choose(self, view: dict, legal: list[dict]) -> dict:
        start = time.perf_counter()
        command = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - start)
        return command


def player(side: str, level: int, seed: str):
    return RandomLegal(side, seed) if level == RANDOM else make_bot(side, level, {}, seed)


def pairings() -> list[tuple[int, int]]:
    levels = sorted(LEVELS)
    steps = [(levels[0], RANDOM)] + [(k, below) for below, k in zip(levels, levels[1:])]
    return steps + [(levels[-1], RANDOM)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_pairing(side: str, level: int, opponent: int, games: int, seed: str) -> dict:
    times: list[float] = []
    wins = 0
    for game in range(games):
        tag = f"{seed}:{side}:{level}v{opponent}:{game}"
        bots = {side: Timed(player(side, level, tag + ":a"), times),
                enemy_of(side): player(enemy_of(side), opponent, tag + ":b")}
        final = play_out(SYSTEM, {}, bots, tag)
        wins += SYSTEM.outcome(final)["winner"] == side
    return {"system": "303", "side": side, "pairing": f"{level} v {opponent}", "games": games, "wins": wins,
            "win_rate": round(wins / games, 3) if games else 0.0,
            "move_p50": round(percentile(times, 0.5), 4), "move_p95": round(percentile(times, 0.95), 4)}


def ladder(games: int, seed: str) -> list[dict]:
    return [play_pairing(side, level, opponent, games, seed)
            for level, opponent in pairings() for side in (LUFTWAFFE, RAF)]


def elo_from_ladder(rows: list[dict]) -> dict[int, int]:
    """Level → Elo, the random-legal player = 0 (see the module's docstring)."""
    pooled: dict[tuple[int, int], list[int]] = {}
    for row in rows:
        level, opponent = (int(x) for x in row["pairing"].split(" v "))
        wins_games = pooled.setdefault((level, opponent), [0, 0])
        wins_games[0] += row["wins"]
        wins_games[1] += row["games"]
    elo, rating = {RANDOM: 0}, 0.0
    for level in sorted(LEVELS):
        below = max(k for k in elo if k < level)
        if (level, below) not in pooled:  # the ladder stops at the first step not played
            break
        wins, games = pooled[(level, below)]
        score = (wins + 0.5) / (games + 1)  # half a win each way: no infinite step from a clean sweep
        rating = elo[below] + 400 * math.log10(score / (1 - score))
        elo[level] = round(rating)
    del elo[RANDOM]
    return elo
