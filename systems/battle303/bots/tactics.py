"""What both sides' bots reckon with (docs/rules/303.md "Movement and shots", "Combat", "End of game").

* the bomber's road: steps to London around the RAF fighters (German fighters move out of the
  way before the bomber moves, so they do not block it), against the bomber moves left;
* the threat: RAF shots that can reach the bomber's neighbours next turn, and the chance that
  they score the two hits in one turn that shoot it down;
* an evaluation of a position from the Luftwaffe's side in [-1, 1] for look-ahead horizons.
"""
from __future__ import annotations

from math import comb, exp

from systems.battle303.rules.movement import reachable
from systems.battle303.rules.rules import (
    ATTACK, BOMBER_HITS_TO_DESTROY, BOMBER_MOVE, FIGHTER, FIGHTER_ACTION_POINTS, INTACT, LAST_ROUND, LUFTWAFFE,
    MOVE, RAF, REPAIR,
)
from .world import Geometry, bomber_hex, geometry

FAR = 30  # steps standing for "no road to London"


def hit_chance(state: dict) -> float:
    return len(state["parameters"]["hit_faces"]) / 6


def at_least(k: int, n: int, p: float) -> float:
    """P(at least k hits from n shots)."""
    if k <= 0:
        return 1.0
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def fighters(state: dict, side: str, intact_only: bool = False) -> list[dict]:
    return [t for t in state["tokens"].values() if t["side"] == side and t["kind"] == FIGHTER
            and t["hex"] is not None and (not intact_only or t["status"] == INTACT)]


def occupied(state: dict) -> dict[int, str]:
    return {t["hex"]: t["id"] for t in state["tokens"].values() if t["hex"] is not None}


def bomber_moves_left(state: dict) -> int:
    """German phases D still to come, this round's included while the Germans have not flown it."""
    left = LAST_ROUND - state["round"]
    if state["side"] == LUFTWAFFE and state["phase"] in (REPAIR, MOVE, ATTACK, BOMBER_MOVE):
        left += 1
    return left


def road_field(geo: Geometry, state: dict, extra_blocks=(), freed=()) -> dict[int, int]:
    """Steps to London from every hex, around RAF fighters (plus ``extra_blocks``, minus ``freed``)."""
    blocked = {t["hex"] for t in fighters(state, RAF)} | set(extra_blocks)
    blocked -= set(freed)
    blocked -= geo.london
    return geo.distances_from(geo.london, blocked)


def bomber_route(geo: Geometry, state: dict, field: dict[int, int], steps: int = 2) -> list[int]:
    """The bomber's next hexes down ``field`` (ties: the hex farthest from RAF fighters)."""
    here = bomber_hex(state)
    raf = [t["hex"] for t in fighters(state, RAF, intact_only=True)]
    route = []
    for _ in range(steps):
        best = field.get(here, FAR)
        options = [n for n in geo.neighbours[here] if field.get(n, FAR) < best]
        if not options:
            break
        here = max(options, key=lambda h: (min((geo.distance(h, r) for r in raf), default=9), -h))
        route.append(here)
    return route


def arrival(steps: int, moves_left: int) -> float:
    """How likely the bomber is to make London in time, from its road and moves left (smooth)."""
    return 1 / (1 + exp(-(2 * moves_left - steps + 0.5) / 1.2))


def raf_reach(geo: Geometry, state: dict, target_hex: int, skip=()) -> list[int]:
    """Shots each intact RAF fighter (but ``skip``) could fire at ``target_hex`` next turn (moved
    hexes cost shots)."""
    taken = occupied(state)
    ring = [n for n in geo.neighbours[target_hex] if n not in taken]
    shots = []
    for t in fighters(state, RAF, intact_only=True):
        if t["id"] in skip:
            continue
        if geo.distance(t["hex"], target_hex) > FIGHTER_ACTION_POINTS:
            continue
        if t["hex"] in geo.neighbours[target_hex]:
            shots.append(FIGHTER_ACTION_POINTS)
            continue
        paths = reachable(geo.grid, state, t, FIGHTER_ACTION_POINTS - 1)
        best = min((len(paths[h]) for h in ring if h in paths), default=None)
        if best is not None:
            shots.append(FIGHTER_ACTION_POINTS - best)
    # Each neighbour holds one fighter: only as many fighters as free neighbours can shoot.
    return sorted(shots, reverse=True)[:max(len(ring), 1)]


def kill_chance(state: dict, shots: int, hits_so_far: int = 0) -> float:
    return at_least(BOMBER_HITS_TO_DESTROY - hits_so_far, shots, hit_chance(state))


def evaluate(state: dict) -> float:
    """The position for the Luftwaffe in [-1, 1]: +1 won, -1 lost (look-ahead horizons)."""
    outcome = state["outcome"]
    if outcome:
        return 1.0 if outcome["winner"] == LUFTWAFFE else -1.0
    geo = geometry(state)
    here = bomber_hex(state)
    field = road_field(geo, state)
    steps = field.get(here, FAR)
    moves = bomber_moves_left(state)
    arrive = arrival(steps, moves)
    danger = 0.0
    if state["side"] == RAF and state["phase"] in (MOVE, ATTACK):
        shots = sum(a["shots"] for a in state["declared"] if a["target"] == "bomber")
        danger = kill_chance(state, shots, state["bomber_hits"])
        if state["phase"] == MOVE:
            danger = kill_chance(state, shots + sum(raf_reach(geo, state, here, skip=state["moved"])))
    else:
        danger = kill_chance(state, sum(raf_reach(geo, state, here)))
    later = min(moves, 3) * 0.12  # each further RAF turn is another chance at the bomber
    material = 0.04 * (len(fighters(state, LUFTWAFFE, True)) - len(fighters(state, RAF, True)))
    survive = (1 - danger) * (1 - later)
    return max(-1.0, min(1.0, 2 * arrive * survive - 1 + material))
