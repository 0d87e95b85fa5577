"""Railway flak (docs/rules/duel-in-the-dark.md §9.6; A-80, A-81).

One of the 40 tiles may be placed as ``railway_flak`` (option ``railway_flak``).  In each German
turn the designated German seat may move it to an adjacent hex (``MoveRailwayFlak {tile, to}``;
never into a British/sea hex, A-80; once per turn).  When the Bomber enters its hex it fires like
a flak (+1, LOW +2, +1 per searchlight) — ``scoring.flak_combat`` counts it; the face is only a
reminder, it may keep moving and firing (A-81).  It never earns ace medals (A-86) and the
Mosquito may bomb it like any unit.
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..ground_units import RAILWAY_FLAK


def move(em, board, command: dict, rng) -> None:
    s = em.state
    if not s["setup"]["railway_flak"]:
        reject("option_not_enabled", "railway flak (§9.6) is not in use")
    tid, to = command.get("tile"), command.get("to")
    tile = s["tiles"].get(tid) if isinstance(tid, str) else None
    if tile is None or tile["face"] != RAILWAY_FLAK or tile["destroyed"]:
        reject("malformed_command", f"{tid!r} is not an intact railway flak")
    if tid in s["german_turn"].get("railway_moved", []):
        reject("railway_flak_already_moved", "the railway flak moves once per German turn")
    if not isinstance(to, int) or isinstance(to, bool) or to not in board.grid:
        reject("hex_not_on_board", f"hex {to!r} is not on the board")
    if to not in board.grid.neighbours(tile["hex"]).values():
        reject("not_adjacent", f"hex {to} is not adjacent to {tile['hex']}")
    if to in board.brit_hexes:
        reject("ground_unit_forbidden_hex", f"hex {to} is a British/sea hex (A-80)")
    em.emit("RailwayFlakMoved", {"tile": tid, "from": tile["hex"], "to": to})


def suggestions(state: dict, board) -> list[dict]:
    out = []
    for tid, t in sorted(state["tiles"].items()):
        if t["face"] == RAILWAY_FLAK and not t["destroyed"] and tid not in state["german_turn"].get("railway_moved", []):
            out += [{"type": "MoveRailwayFlak", "tile": tid, "to": h}
                    for h in sorted(board.grid.neighbours(t["hex"]).values()) if h not in board.brit_hexes]
    return out


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _railway_flak_moved(s, p):
    s["tiles"][p["tile"]]["hex"] = p["to"]
    s["german_turn"]["railway_moved"].append(p["tile"])


EVOLVE = {
    "RailwayFlakMoved": _railway_flak_moved,
}
TILE_EVENTS = frozenset({"RailwayFlakMoved"})  # their handlers write to state["tiles"]
