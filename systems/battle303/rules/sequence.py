"""The round and turn sequence (docs/rules/303.md "Round structure", "End of game").

``advance`` emits the automatic steps — skipping phases where the side to move has nothing to
decide, the Allied phase D (round marker), reinforcements without a choice, the round-8 end —
until a player must act or the game is over.
"""
from __future__ import annotations

from systems.kit.emitter import Emitter
from .board import Board
from .events import (
    GAME_ENDED, PHASE_STARTED, REINFORCEMENT_ARRIVED, REINFORCEMENT_DISCARDED, ROUND_STARTED,
)
from .rules import (
    ATTACK, BOMBER_MOVE, LAST_ROUND, LUFTWAFFE, MOVE, OVER, RAF, REINFORCEMENT, REINFORCEMENT_ROUNDS, REPAIR,
)
from .tokens import bomber, fighters_of, is_damaged, occupied_hexes


def repairable(board: Board, state: dict, side: str) -> list[str]:
    """Damaged fighters of ``side`` standing on one of its own airfields (phase A)."""
    own = set(board.airfields_of(side))
    return [t["id"] for t in fighters_of(state, side) if is_damaged(t) and t["hex"] in own]


def unmoved_fighters(state: dict) -> list[str]:
    return [t["id"] for t in fighters_of(state, state["side"]) if t["id"] not in state["moved"]]


def bomber_targets(board: Board, state: dict) -> list[str]:
    """RAF fighters the bomber may shoot at in the German phase C."""
    if state["parameters"]["bomber_shots"] == 0:
        return []
    near = set(board.grid.neighbours(bomber(state)["hex"]).values())
    return [t["id"] for t in fighters_of(state, RAF) if t["hex"] in near]


def free_raf_airfields(board: Board, state: dict) -> list[int]:
    occupied = occupied_hexes(state)
    return [h for h in board.airfields_of(RAF) if h not in occupied]


def has_attacks(board: Board, state: dict) -> bool:
    return bool(state["declared"]) or (state["side"] == LUFTWAFFE and bool(bomber_targets(board, state)))


def end_game(em: Emitter, winner: str, reason: str) -> None:
    em.emit(GAME_ENDED, {"winner": winner, "reason": reason})


def close_attack_phase(em: Emitter) -> None:
    """After phase C: the bomber moves (German turn) or the round marker advances (Allied turn)."""
    if em.state["side"] == LUFTWAFFE:
        em.emit(PHASE_STARTED, {"side": LUFTWAFFE, "phase": BOMBER_MOVE})
        return
    if em.state["round"] >= LAST_ROUND:
        end_game(em, RAF, "fuel_exhausted")
        return
    next_round = em.state["round"] + 1
    em.emit(ROUND_STARTED, {"round": next_round})
    if next_round in REINFORCEMENT_ROUNDS and em.state["reserve"]:
        em.emit(PHASE_STARTED, {"side": RAF, "phase": REINFORCEMENT})
    else:
        em.emit(PHASE_STARTED, {"side": LUFTWAFFE, "phase": REPAIR})


def place_reinforcement(em: Emitter, hex_id: int | None) -> None:
    """Put the next reserve fighter on ``hex_id`` (``None`` = discarded), then the German turn."""
    fighter = em.state["reserve"][0]
    if hex_id is None:
        em.emit(REINFORCEMENT_DISCARDED, {"fighter": fighter})
    else:
        em.emit(REINFORCEMENT_ARRIVED, {"fighter": fighter, "side": RAF, "hex": hex_id})
    em.emit(PHASE_STARTED, {"side": LUFTWAFFE, "phase": REPAIR})


def reinforcement_choices(board: Board, state: dict) -> list[int]:
    """Airfields the RAF may choose from; one entry = no choice, empty = discarded."""
    free = free_raf_airfields(board, state)
    if board.reinforcement_hex in free:
        return [board.reinforcement_hex]
    return free


def advance(em: Emitter, board: Board) -> None:
    while True:
        state = em.state
        phase, side = state["phase"], state["side"]
        if phase == OVER:
            return
        if phase == REINFORCEMENT:
            choices = reinforcement_choices(board, state)
            if len(choices) > 1:
                return
            place_reinforcement(em, choices[0] if choices else None)
        elif phase == REPAIR:
            if repairable(board, state, side):
                return
            em.emit(PHASE_STARTED, {"side": side, "phase": MOVE})
        elif phase == MOVE:
            if unmoved_fighters(state):
                return
            em.emit(PHASE_STARTED, {"side": side, "phase": ATTACK})
        elif phase == ATTACK:
            if has_attacks(board, state):
                return
            close_attack_phase(em)
        else:  # the German phase D: the bomber's move is always the player's decision
            return
