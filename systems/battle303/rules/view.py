"""``view``, ``outcome`` and ``to_move`` (contract.py; docs/rules/303.md has no hidden information).

Every viewer (a side, ``None`` for spectators, ``"referee"``) gets the same clean dict:
board geometry, round, phase, side to move, every token, declared attacks, last dice.
"""
from __future__ import annotations

from .board import Board, board_of
from .rules import DAMAGED, DESTROYED, LAST_ROUND, OVER, PHASE_LABELS


def outcome(state: dict) -> dict | None:
    return dict(state["outcome"]) if state["outcome"] else None


def to_move(state: dict) -> list[str]:
    return [] if state["phase"] == OVER else [state["side"]]


def _board_view(board: Board) -> dict:
    return {
        "name": board.data.get("name"),
        "london": sorted(board.london),
        "airfields": [{"hex": h, **field} for h, field in sorted(board.airfields.items())],
        "reinforcement_hex": board.reinforcement_hex,
        "hexes": [
            {"id": int(h["id"]), "col2": int(h["col2"]), "row": int(h["row"]), "terrain": h.get("terrain"),
             "neighbours": board.grid.neighbours(int(h["id"]))}
            for h in board.data["hexes"]
        ],
    }


def view(state: dict, side: str | None) -> dict:
    return {
        "system": state["system"],
        "ruleset_version": state["ruleset_version"],
        "viewer": side,
        "board": _board_view(board_of(state)),
        "parameters": dict(state["parameters"]),
        "round": state["round"],
        "last_round": LAST_ROUND,
        "phase": state["phase"],
        "phase_label": PHASE_LABELS[state["phase"]],
        "side_to_move": None if state["phase"] == OVER else state["side"],
        "tokens": [
            {"id": t["id"], "side": t["side"], "kind": t["kind"], "hex": t["hex"],
             "damaged": t["status"] == DAMAGED, "destroyed": t["status"] == DESTROYED}
            for t in state["tokens"].values()
        ],
        "moved": list(state["moved"]),
        "declared_attacks": [
            {"attacker": a["attacker"], "target": a["target"], "shots": a["shots"]} for a in state["declared"]
        ],
        "bomber_hits_this_turn": state["bomber_hits"],
        "last_dice": [dict(d) for d in state["last_dice"]],
        "reinforcements_left": len(state["reserve"]),
        "outcome": outcome(state),
    }
