"""The generic location roll (docs/rules/nightfighter-solo.md §1.4, S5.2, S5.3, S5.5, S7.0; A9, A11).

Blocked cells (another bomber token, or Excl(token)) are re-rolled; both dice for MEDIUM (A9).
The caller moves the token and places the marker; this module only rolls and reports.
"""
from __future__ import annotations

from .geometry import bounds_of, hex_id
from .patterns import medium_index, medium_label
from .randomness import roll
from .uncertainty import LOW, pattern_kind, occupied_hexes, token_cells


def _blocked_reason(state: dict, token_id: str, cell, occupied: set[int]) -> str | None:
    if not bounds_of(state).on_map(cell):
        return None
    hid = hex_id(cell)
    if hid in occupied:
        return "occupied"
    if hid in state["exclusions"].get(token_id, []):
        return "excluded"
    return None


def location_roll(journal, token_id: str, search_area: set[int], method: str, offmap_ok: bool = False) -> dict:
    """Roll the token's location; returns ``{"hit", "hex", "offmap", "rolled"}`` and emits ``location_roll``."""
    state = journal.state
    cells = token_cells(state, token_id)
    occupied = occupied_hexes(state, except_token=token_id)
    blocked = [_blocked_reason(state, token_id, c, occupied) for c in cells]
    low = pattern_kind(state, state["tokens"][token_id]["bomber"]) == LOW
    if all(blocked):  # A11: nothing left to roll for
        journal.emit("location_roll", {"token": token_id, "method": method, "rolls": [], "hex": None,
                                       "hit": False, "reason": "all_blocked"})
        return {"hit": False, "hex": None, "offmap": False, "rolled": False}
    rolls = []
    while True:
        again = bool(rolls)
        if low:
            die = roll(journal.rng, "location_low", reroll=again)
            index, entry = die["value"] - 1, {"value": die["value"], "dice": [die]}
        else:
            blue = roll(journal.rng, "location_blue", reroll=again)
            purple = roll(journal.rng, "location_purple", reroll=again)
            index = medium_index(blue["value"], purple["value"])
            entry = {"blue": blue["value"], "purple": purple["value"],
                     "label": medium_label(blue["value"], purple["value"]), "dice": [blue, purple]}
        rolls.append(entry)
        if blocked[index]:
            entry["blocked_reason"] = blocked[index]
            continue
        break
    cell = cells[index]
    on_map = bounds_of(state).on_map(cell)
    target = hex_id(cell) if on_map else None
    hit = (on_map and target in search_area) or (offmap_ok and not on_map)
    journal.emit("location_roll", {"token": token_id, "method": method, "rolls": rolls, "hex": target,
                                   "cell": list(cell), "hit": hit, "offmap": not on_map})
    return {"hit": hit, "hex": target, "offmap": not on_map, "rolled": True}


def move_token(journal, token_id: str, to_hex: int, reason: str) -> None:
    token = journal.state["tokens"][token_id]
    if token["hex"] != to_hex:
        journal.emit("token_moved", {"token": token_id, "from": token["hex"], "to": to_hex, "reason": reason})


def add_exclusion(journal, token_id: str, hexes: set[int]) -> None:
    if journal.state["tokens"][token_id]["state"] == "on_map":
        journal.emit("exclusion_added", {"token": token_id, "hexes": sorted(hexes)})
