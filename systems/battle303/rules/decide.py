"""``decide``: validate a command and return its events (docs/rules/303.md; contract.py).

Rejection codes besides the reserved ``unknown_command`` / ``malformed_command``:
``game_over``, ``not_your_turn``, ``wrong_phase``, ``unknown_aircraft``, ``not_your_aircraft``,
``aircraft_destroyed``, ``not_a_fighter``, ``already_moved``, ``unknown_hex``, ``path_too_long``,
``path_not_adjacent``, ``path_blocked``, ``hex_occupied``, ``too_many_shots``,
``damaged_cannot_shoot``, ``invalid_target``, ``target_not_adjacent``, ``not_repairable``,
``invalid_firing_order``, ``bomber_cannot_shoot``, ``invalid_flythrough``,
``invalid_reinforcement_hex``.
"""
from __future__ import annotations

from systems.kit.contract import Event, RuleViolation, RuleViolationError, reject
from systems.kit.emitter import Emitter
from . import commands as c
from .board import Board, board_of
from .combat import flythrough_hex, roll_shots, status_after_hits
from .events import (
    ATTACK_RESOLVED, ATTACKS_ORDERED, BOMBER_MOVED, FIGHTER_MOVED, FIGHTERS_REPAIRED, PHASE_STARTED, apply,
)
from .movement import check_path
from .rules import (
    ATTACK, BOMBER_ID, BOMBER_MOVE, BOMBER_MOVE_HEXES, DESTROYED, FIGHTER, FIGHTER_ACTION_POINTS, LUFTWAFFE,
    MOVE, OVER, RAF, REINFORCEMENT, REPAIR, SIDES, enemy_of,
)
from .sequence import (
    advance, bomber_targets, close_attack_phase, end_game, place_reinforcement, reinforcement_choices, repairable,
)
from .tokens import is_damaged

PHASE_OF_COMMAND = {
    c.PLACE_REINFORCEMENT: REINFORCEMENT,
    c.REPAIR_FIGHTERS: REPAIR,
    c.MOVE_FIGHTER: MOVE,
    c.END_MOVES: MOVE,
    c.FIRE: ATTACK,
    c.MOVE_BOMBER: BOMBER_MOVE,
}


def decide(state: dict, command: dict, side: str, rng) -> list[Event] | RuleViolation:
    try:
        return _decide(state, command, side, rng)
    except RuleViolationError as exc:
        return exc.violation


def _decide(state: dict, command: dict, side: str, rng) -> list[Event]:
    kind = c.command_type(command)
    if state["phase"] == OVER:
        reject("game_over", "the game is over")
    if side not in SIDES or side != state["side"]:
        reject("not_your_turn", f"it is {state['side']}'s turn")
    if state["phase"] != PHASE_OF_COMMAND[kind]:
        reject("wrong_phase", f"'{kind}' is not allowed in phase {state['phase']}")
    board = board_of(state)
    em = Emitter(state, apply, side)
    HANDLERS[kind](em, board, command, side, rng)
    advance(em, board)
    return em.events


def _own_aircraft(state: dict, aircraft_id: str, side: str) -> dict:
    token = state["tokens"].get(aircraft_id)
    if token is None:
        reject("unknown_aircraft", f"no aircraft {aircraft_id!r}")
    if token["side"] != side:
        reject("not_your_aircraft", f"{aircraft_id} belongs to {token['side']}")
    if token["status"] == DESTROYED:
        reject("aircraft_destroyed", f"{aircraft_id} was destroyed")
    return token


def _place_reinforcement(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    hex_id = c.int_field(command, "hex")
    if hex_id not in reinforcement_choices(board, em.state):
        reject("invalid_reinforcement_hex", f"hex {hex_id} is not a free RAF airfield")
    place_reinforcement(em, hex_id)


def _repair(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    fighters = c.id_list_field(command, "fighters")
    eligible = repairable(board, em.state, side)
    for fighter in fighters:
        _own_aircraft(em.state, fighter, side)
        if fighter not in eligible:
            reject("not_repairable", f"{fighter} is not a damaged fighter on an own airfield")
    if fighters:
        em.emit(FIGHTERS_REPAIRED, {"side": side, "fighters": sorted(set(fighters), key=fighters.index)})
    em.emit(PHASE_STARTED, {"side": side, "phase": MOVE})


def _move_fighter(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    state = em.state
    fighter = _own_aircraft(state, c.str_field(command, "fighter"), side)
    path = c.hex_list_field(command, "path")
    shots = c.int_field(command, "shots", 0)
    target_id = c.str_field(command, "target", required=False)
    if shots < 0:
        reject("malformed_command", "'shots' must be >= 0")
    if (target_id is None) != (shots == 0):
        reject("malformed_command", "'target' is given exactly when 'shots' > 0")
    if fighter["kind"] != FIGHTER:
        reject("not_a_fighter", "the bomber moves in phase D with 'move_bomber'")
    if fighter["id"] in state["moved"]:
        reject("already_moved", f"{fighter['id']} has already moved this turn")
    check_path(board.grid, state, fighter, path, FIGHTER_ACTION_POINTS)
    destination = path[-1] if path else fighter["hex"]
    target_hex = None
    if shots:
        if is_damaged(fighter):
            reject("damaged_cannot_shoot", f"{fighter['id']} is damaged and cannot shoot")
        if shots > FIGHTER_ACTION_POINTS - len(path):
            reject(
                "too_many_shots", f"after {len(path)} hexes at most {FIGHTER_ACTION_POINTS - len(path)} shots")
        target = _enemy_target(state, target_id, side)
        if not board.grid.adjacent(destination, target["hex"]):
            reject("target_not_adjacent", f"{target_id} is not adjacent to hex {destination}")
        target_hex = target["hex"]
    em.emit(FIGHTER_MOVED, {"fighter": fighter["id"], "side": side, "path": path, "to": destination,
                             "shots": shots, "target": target_id if shots else None, "target_hex": target_hex})


def _enemy_target(state: dict, target_id: str, side: str) -> dict:
    target = state["tokens"].get(target_id)
    if target is None or target["side"] != enemy_of(side) or target["status"] == DESTROYED:
        reject("invalid_target", f"{target_id!r} is not an enemy aircraft on the board")
    return target


def _end_moves(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    em.emit(PHASE_STARTED, {"side": side, "phase": ATTACK})


def _fire(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    state = em.state
    order = c.id_list_field(command, "order")
    bomber_target = c.str_field(command, "bomber_target", required=False)
    flythrough = c.flythrough_field(command)
    attacks = {a["attacker"]: dict(a) for a in state["declared"]}
    if bomber_target is not None:
        if side != LUFTWAFFE or state["parameters"]["bomber_shots"] == 0:
            reject("bomber_cannot_shoot", "only the Luftwaffe bomber shoots, if bomber_shots > 0")
        if bomber_target not in bomber_targets(board, state):
            _enemy_target(state, bomber_target, side)
            reject("target_not_adjacent", f"{bomber_target} is not an RAF fighter next to the bomber")
        target_hex = state["tokens"][bomber_target]["hex"]
        attacks[BOMBER_ID] = {"attacker": BOMBER_ID, "target": bomber_target,
                              "shots": state["parameters"]["bomber_shots"], "target_hex": target_hex}
    if sorted(order) != sorted(attacks):
        reject(
            "invalid_firing_order", f"the firing order must list each attacker once: {sorted(attacks)}")
    for attacker_id, hex_id in flythrough.items():
        if attacker_id not in attacks or attacker_id == BOMBER_ID:
            reject("invalid_flythrough", f"{attacker_id!r} is not an attacking fighter")
        if not board.grid.adjacent(attacks[attacker_id]["target_hex"], hex_id):
            reject("invalid_flythrough", f"hex {hex_id} is not next to the target of {attacker_id}")
    em.emit(ATTACKS_ORDERED, {"side": side, "order": order, "bomber_target": bomber_target,
                               "flythrough": flythrough})
    for attacker_id in order:
        _resolve_attack(em, board, attacks[attacker_id], flythrough.get(attacker_id), rng)
        if em.state["tokens"][BOMBER_ID]["status"] == DESTROYED:
            end_game(em, RAF, "bomber_destroyed")
            return
    close_attack_phase(em)


def _resolve_attack(em: Emitter, board: Board, attack: dict, named_hex: int | None, rng) -> None:
    state = em.state
    params = state["parameters"]
    attacker = state["tokens"][attack["attacker"]]
    target = state["tokens"][attack["target"]]
    rolls, hits = roll_shots(rng, attack["shots"], params["hit_faces"])
    status = status_after_hits(target, sum(hits), state["bomber_hits"])
    landing = attacker["hex"]
    if attacker["kind"] == FIGHTER:  # the bomber never flies through (docs/rules/303.md "Combat")
        landing = flythrough_hex(board.grid, state, attacker, attack["target_hex"], named_hex, params)
    em.emit(ATTACK_RESOLVED, {"attacker": attacker["id"], "target": target["id"], "shots": attack["shots"],
                               "rolls": rolls, "hits": hits, "target_status": status,
                               "attacker_from": attacker["hex"], "attacker_to": landing})


def _move_bomber(em: Emitter, board: Board, command: dict, side: str, rng) -> None:
    path = c.hex_list_field(command, "path")
    token = em.state["tokens"][BOMBER_ID]
    check_path(board.grid, em.state, token, path, BOMBER_MOVE_HEXES)
    em.emit(BOMBER_MOVED, {"path": path, "from": token["hex"], "to": path[-1] if path else token["hex"]})
    if any(hex_id in board.london for hex_id in path):
        end_game(em, LUFTWAFFE, "bomber_reached_london")
    else:
        em.emit(PHASE_STARTED, {"side": RAF, "phase": REPAIR})


HANDLERS = {
    c.PLACE_REINFORCEMENT: _place_reinforcement,
    c.REPAIR_FIGHTERS: _repair,
    c.MOVE_FIGHTER: _move_fighter,
    c.END_MOVES: _end_moves,
    c.FIRE: _fire,
    c.MOVE_BOMBER: _move_bomber,
}
