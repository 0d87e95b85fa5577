"""How the RAF's bots weigh their commands (docs/rules/303.md "Round structure", Allied turn).

The RAF's two ways to win: two hits on the bomber in one turn, or keeping it out of London until
the German fuel runs out (docs/rules/303.md "End of game"). So a fighter next to the bomber fires all it
can at it when the shots together give a fair chance of the kill; the others stand on the
bomber's road (one token per hex: a damaged fighter blocks as well as an intact one) or close in
on the hex the bomber flies to next, out of the German fighters' way.
"""
from __future__ import annotations

from systems.battle303.rules.commands import END_MOVES, FIRE, MOVE_FIGHTER, PLACE_REINFORCEMENT
from systems.battle303.rules.rules import BOMBER_ID, INTACT, LUFTWAFFE
from .luftwaffe import target_value
from .tactics import FAR, arrival, bomber_moves_left, bomber_route, fighters, kill_chance, road_field
from .world import bomber_hex, geometry

KILL = 8.0  # the bomber shot down: the game won
ROAD = 5.0  # the bomber's chance to make London in time, taken away


def fighter_move_scores(state: dict, legal: list[dict]) -> list[float]:
    geo = geometry(state)
    here = bomber_hex(state)
    moves = bomber_moves_left(state)
    field = road_field(geo, state)
    now = arrival(field.get(here, FAR), moves)
    route = bomber_route(geo, state, field)
    goal = route[-1] if route else here
    aimed, at_bomber = {}, 0
    for a in state["declared"]:
        aimed[a["target"]] = aimed.get(a["target"], 0) + a["shots"]
    at_bomber = aimed.get(BOMBER_ID, 0)
    germans = [t["hex"] for t in fighters(state, LUFTWAFFE, intact_only=True)]
    blocking: dict[tuple[str, int], float] = {}
    freed: dict[str, tuple[dict, float]] = {}
    scores = []
    for action in legal:
        if action["type"] == END_MOVES:
            scores.append(-1.0)
            continue
        token = state["tokens"][action["fighter"]]
        dest = action["path"][-1] if action["path"] else token["hex"]
        if token["id"] not in freed:  # the road once this fighter leaves its hex
            without = road_field(geo, state, freed=[token["hex"]])
            freed[token["id"]] = (without, ROAD * (now - arrival(without.get(here, FAR), moves)))
        without, score = freed[token["id"]]
        # Only a hex on a shortest road lengthens the road when blocked.
        if (token["id"], dest) not in blocking and without.get(dest, FAR) + geo.distance(here, dest) <= without.get(here, FAR):
            after = road_field(geo, state, extra_blocks=[dest], freed=[token["hex"]])
            blocking[(token["id"], dest)] = ROAD * (now - arrival(after.get(here, FAR), moves))
        score = blocking.get((token["id"], dest), score)
        shots = action.get("shots", 0)
        if shots and action["target"] == BOMBER_ID:
            gain = kill_chance(state, at_bomber + shots) - kill_chance(state, at_bomber)
            score += KILL * gain
        elif shots:
            score += target_value(state, state["tokens"][action["target"]], aimed.get(action["target"], 0), shots,
                                  0.3)
        else:
            # Waiting: near the bomber's next hex (to strike next turn), away from German guns.
            gap = geo.distance(dest, goal)
            score += 0.6 if 2 <= gap <= 3 and token["status"] == INTACT else -0.15 * gap
            score -= 0.1 * sum(1 for g in germans if geo.distance(dest, g) <= 2)
        scores.append(score)
    return scores


def reinforcement_scores(state: dict, legal: list[dict]) -> list[float]:
    geo = geometry(state)
    here = bomber_hex(state)
    return [-float(geo.distance(a["hex"], here)) for a in legal]


def scores(state: dict, legal: list[dict]) -> list[float]:
    kind = legal[0]["type"]
    if kind in (MOVE_FIGHTER, END_MOVES):
        return fighter_move_scores(state, legal)
    if kind == PLACE_REINFORCEMENT:
        return reinforcement_scores(state, legal)
    if kind == FIRE:  # the order only decides where attackers fly through: the declared order
        return [0.0 if not a.get("template") else -1.0 for a in legal]
    return [float(len(a.get("fighters", []))) for a in legal]
