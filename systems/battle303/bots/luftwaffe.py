"""How the Luftwaffe's bots weigh their commands (docs/rules/303.md "Round structure", German turn).

The German plan: the bomber flies the shortest road to London that the RAF leaves open, two hexes
a turn (phase D); the fighters (phase B) first shoot the RAF fighters that could reach the
bomber's next hex, and otherwise take the free hexes around that hex, so that no RAF fighter
finds a place to shoot from. A fighter never stands on the bomber's road.

Each ``*_scores`` function gives one number per legal action of its phase (higher is better);
the levels differ in how they pick from them (policy.py) and in look-ahead (search.py).
"""
from __future__ import annotations

from systems.battle303.rules.commands import END_MOVES, FIRE, MOVE_BOMBER, MOVE_FIGHTER
from systems.battle303.rules.rules import BOMBER_ID, DAMAGED, LUFTWAFFE, RAF
from .tactics import (
    FAR, arrival, at_least, bomber_moves_left, bomber_route, fighters, hit_chance, kill_chance, occupied, raf_reach,
    road_field,
)
from .world import bomber_hex, geometry

ESCORT = 1.2  # a free hex next to the bomber's next hex taken away from the RAF
ON_ROAD = 10.0  # a fighter parked on the bomber's road


def target_value(state: dict, target: dict, shots_before: int, shots: int, threat: float) -> float:
    """Worth of ``shots`` more at an enemy fighter that ``shots_before`` shots aim at already:
    a hit damages (it cannot shoot), a second hit destroys (docs/rules/303.md "Combat")."""
    p = hit_chance(state)

    def worth(n: int) -> float:
        if target["status"] == DAMAGED:
            return at_least(1, n, p) * (1.0 + threat)
        return at_least(1, n, p) * (1.0 + threat) + at_least(2, n, p) * 0.8

    return worth(shots_before + shots) - worth(shots_before)


def fighter_move_scores(state: dict, legal: list[dict]) -> list[float]:
    geo = geometry(state)
    field = road_field(geo, state)
    route = bomber_route(geo, state, field)
    here = bomber_hex(state)
    goal = route[-1] if route else here
    taken = occupied(state)
    movable = {t["id"] for t in fighters(state, LUFTWAFFE) if t["id"] not in state["moved"]}
    ring = {n for n in geo.neighbours[goal] if n not in route and (n not in taken or taken[n] in movable)}
    if goal != here:
        ring.add(here)
    raf = {t["id"]: t for t in fighters(state, RAF)}
    aimed = {}
    for a in state["declared"]:
        aimed[a["target"]] = aimed.get(a["target"], 0) + a["shots"]
    scores = []
    for action in legal:
        if action["type"] == END_MOVES:
            scores.append(-1.0)
            continue
        dest = action["path"][-1] if action["path"] else state["tokens"][action["fighter"]]["hex"]
        score = -0.05 * geo.distance(dest, goal)
        if dest in route:
            score -= ON_ROAD
        if action.get("shots"):
            target = raf[action["target"]]
            threat = 1.0 if geo.distance(target["hex"], goal) <= 4 else 0.0
            if target["hex"] in route or target["hex"] in geo.neighbours[here]:
                threat += 1.0
            score += 2.0 * target_value(state, target, aimed.get(target["id"], 0), action["shots"], threat)
        elif dest in ring:
            score += ESCORT
        scores.append(score)
    return scores


def bomber_move_scores(state: dict, legal: list[dict]) -> list[float]:
    geo = geometry(state)
    field = road_field(geo, state)
    moves_after = bomber_moves_left(state) - 1
    scores = []
    for action in legal:
        path = action["path"]
        if any(h in geo.london for h in path):
            scores.append(1000.0)
            continue
        dest = path[-1] if path else bomber_hex(state)
        steps = field.get(dest, FAR)
        moved = {**state, "tokens": {**state["tokens"], BOMBER_ID: {**state["tokens"][BOMBER_ID], "hex": dest}}}
        danger = kill_chance(state, sum(raf_reach(geo, moved, dest)))
        scores.append(4.0 * arrival(steps, moves_after) - 3.0 * danger - 0.05 * steps)
    return scores


def fire_scores(state: dict, legal: list[dict]) -> list[float]:
    """The bomber shoots the RAF fighter it hurts most: an intact one next to it (a damaged
    fighter cannot shoot back next turn)."""
    aimed = {}
    for a in state["declared"]:
        aimed[a["target"]] = aimed.get(a["target"], 0) + a["shots"]
    scores = []
    for action in legal:
        if action.get("template"):
            scores.append(-1.0)
            continue
        target_id = action.get("bomber_target")
        if target_id is None:
            scores.append(0.0)
            continue
        target = state["tokens"][target_id]
        shots = state["parameters"]["bomber_shots"]
        scores.append(target_value(state, target, aimed.get(target_id, 0), shots, 1.0) + 0.01)
    return scores


def scores(state: dict, legal: list[dict]) -> list[float]:
    kind = legal[0]["type"]
    if kind in (MOVE_FIGHTER, END_MOVES):
        return fighter_move_scores(state, legal)
    if kind == MOVE_BOMBER:
        return bomber_move_scores(state, legal)
    if kind == FIRE:
        return fire_scores(state, legal)
    # repair: the engine lists the largest set first, and repairing costs nothing
    return [float(len(a.get("fighters", []))) for a in legal]
