"""``legal_actions``: the concrete commands a client may send now (contract.py; docs/rules/303.md).

* reinforcement: one ``place_reinforcement`` per free RAF airfield to choose from;
* phase A: a ``repair`` per subset of the repairable fighters (``[]`` = none);
* phase B: per unmoved fighter and reachable hex (shortest free path), a ``move`` for each
  allowed shot count and adjacent target, plus ``end_moves``;
* phase C: ``fire`` in declaration order, for the Luftwaffe also once per bomber target
  (any other permutation of ``order`` and any ``flythrough`` choice is legal as well); with two
  attackers or more, each of those also as a template whose ``choices`` name the attackers to
  put in an order of the player's choosing (the play page: click them in turn);
* German phase D: one ``move_bomber`` per reachable hex within 2.
No dice are drawn.
"""
from __future__ import annotations

from itertools import combinations

from .board import Board, board_of
from .commands import END_MOVES, FIRE, MOVE_BOMBER, MOVE_FIGHTER, PLACE_REINFORCEMENT, REPAIR_FIGHTERS
from .movement import reachable
from .rules import (
    ATTACK, BOMBER_ID, BOMBER_MOVE, BOMBER_MOVE_HEXES, FIGHTER_ACTION_POINTS, LUFTWAFFE, MOVE, OVER, REINFORCEMENT,
    REPAIR, enemy_of,
)
from .sequence import bomber_targets, reinforcement_choices, repairable, unmoved_fighters
from .tokens import is_damaged, on_board


def legal_actions(state: dict, side: str) -> list[dict]:
    if state["phase"] == OVER or side != state["side"]:
        return []
    board = board_of(state)
    phase = state["phase"]
    if phase == REINFORCEMENT:
        return [{"type": PLACE_REINFORCEMENT, "hex": h} for h in reinforcement_choices(board, state)]
    if phase == REPAIR:
        eligible = repairable(board, state, side)
        return [{"type": REPAIR_FIGHTERS, "fighters": list(subset)}
                for size in range(len(eligible), -1, -1) for subset in combinations(eligible, size)]
    if phase == MOVE:
        return _fighter_moves(board, state, side) + [{"type": END_MOVES}]
    if phase == ATTACK:
        order = [a["attacker"] for a in state["declared"]]
        fires = [{"type": FIRE, "order": order}]
        fires += [{"type": FIRE, "order": order + [BOMBER_ID], "bomber_target": t}
                  for t in (bomber_targets(board, state) if side == LUFTWAFFE else [])]
        return fires + [_any_order(fire) for fire in fires if len(fire["order"]) > 1]
    if phase == BOMBER_MOVE:
        bomber = state["tokens"][BOMBER_ID]
        paths = reachable(board.grid, state, bomber, BOMBER_MOVE_HEXES)
        return [{"type": MOVE_BOMBER, "path": path} for path in paths.values()]
    return []


def _any_order(fire: dict) -> dict:
    """``fire`` with the firing order left to the player: any order of ``choices["order"]``."""
    return {"type": FIRE, "template": True, "choices": {"order": list(fire["order"])}, "example": dict(fire)}


def _fighter_moves(board: Board, state: dict, side: str) -> list[dict]:
    enemies = [t for t in on_board(state) if t["side"] == enemy_of(side)]
    actions = []
    for fighter_id in unmoved_fighters(state):
        fighter = state["tokens"][fighter_id]
        for destination, path in reachable(board.grid, state, fighter, FIGHTER_ACTION_POINTS).items():
            actions.append({"type": MOVE_FIGHTER, "fighter": fighter_id, "path": path})
            if is_damaged(fighter):
                continue
            near = set(board.grid.neighbours(destination).values())
            for enemy in enemies:
                if enemy["hex"] in near:
                    actions += [{"type": MOVE_FIGHTER, "fighter": fighter_id, "path": path, "shots": shots,
                                 "target": enemy["id"]}
                                for shots in range(1, FIGHTER_ACTION_POINTS - len(path) + 1)]
    return actions
