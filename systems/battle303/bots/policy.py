"""Picking a command from the scores of luftwaffe.py / raf.py: the levels without look-ahead.

A ``Style`` says how carefully a level picks: with chance ``blunder`` it takes any legal
command (a beginner's slip), else the best-scored one, give or take ``temperature`` (softmax
over the scores; 0 = always the best). A beginner's bomber (``straight_bomber``) just flies the
shortest way to London, whatever waits there. Templates (the open firing order, legal.py) are filled in
with one of their choices; the careful levels take the concrete commands the engine lists.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from systems.battle303.rules.commands import MOVE_BOMBER
from systems.battle303.rules.rules import LUFTWAFFE
from . import luftwaffe, raf
from .tactics import FAR
from .world import geometry


@dataclass(frozen=True)
class Style:
    blunder: float = 0.0
    temperature: float = 0.0
    straight_bomber: bool = False


CAREFUL = Style()


def side_scores(state: dict, side: str, legal: list[dict]) -> list[float]:
    return (luftwaffe if side == LUFTWAFFE else raf).scores(state, legal)


def concrete(action: dict, rng: random.Random) -> dict:
    """A sendable command: a template filled in with one of its choices (a shuffled order)."""
    if not action.get("template"):
        return action
    order = list(action["choices"]["order"])
    rng.shuffle(order)
    return {**action["example"], "order": order}


def ranked(state: dict, side: str, legal: list[dict]) -> list[int]:
    """Indexes of ``legal`` best first (ties: the engine's order)."""
    scores = side_scores(state, side, legal)
    return sorted(range(len(legal)), key=lambda i: (-scores[i], i))


def pick(state: dict, side: str, legal: list[dict], rng: random.Random, style: Style = CAREFUL) -> dict:
    if len(legal) == 1:
        return concrete(legal[0], rng)
    if style.straight_bomber and legal[0]["type"] == MOVE_BOMBER:
        london = geometry(state).london_distance
        return min(legal, key=lambda a: london.get(a["path"][-1], FAR) if a["path"] else FAR)
    if style.blunder and rng.random() < style.blunder:
        return concrete(rng.choice(legal), rng)
    scores = side_scores(state, side, legal)
    if not style.temperature:
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return concrete(legal[best], rng)
    top = max(scores)
    weights = [math.exp((s - top) / style.temperature) for s in scores]
    return concrete(rng.choices(legal, weights=weights)[0], rng)
