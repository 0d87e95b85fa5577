"""Fighter set-up, movement and fix maintenance (docs/rules/nightfighter-solo.md §3.4 H5, §3.5 H6, B-TURN)."""
from __future__ import annotations

from systems.kit.contract import reject
from .environment import in_searching_zone
from .geometry import bounds_of, cell_of, hex_distance, hex_id, step, turn
from .search_areas import fighter_ai_area
from .uncertainty import bomber_hex

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
TURN_LETTERS = {"L": -1, "R": 1}


def in_deploy_area(state: dict, hex_: int) -> bool:
    area = state["scenario"]["deploy_area"]
    if isinstance(area, list):
        return hex_ in area
    low, high = area["rows"]
    return bounds_of(state).on_map(cell_of(hex_)) and low <= hex_ % 100 <= high


def trace_path(state: dict, fighter_id: str, path: list[str], exit_: bool) -> dict:
    """Validate a path and return where it leads; raises with the §5 error codes."""
    fighter = state["fighters"][fighter_id]
    if not path or any(letter not in ("F", "L", "R") for letter in path):
        reject("bad_path", "a path is a non-empty list of F, L and R")
    forwards = path.count("F")
    if not 1 <= forwards <= fighter["speed_max"]:
        reject("path_length", f"between 1 and {fighter['speed_max']} hexes ahead")
    for a, b in zip(path, path[1:]):
        if a in TURN_LETTERS and b in TURN_LETTERS:
            reject("turn_too_sharp", "at most one 60° turn in each hex")
    bounds = bounds_of(state)
    cell, facing, hexes = cell_of(fighter["hex"]), fighter["facing"], []
    for i, letter in enumerate(path):
        if letter in TURN_LETTERS:
            facing = turn(facing, TURN_LETTERS[letter])
            continue
        nxt = step(cell, facing)
        if not bounds.on_map(nxt):
            if exit_ and i == len(path) - 1:
                return {"exited": True, "hexes": hexes, "hex": None, "facing": facing}
            reject("off_map", "the path leaves the map (send exit: true to leave on the last step)")
        cell = nxt
        hexes.append(hex_id(cell))
    if exit_:
        reject("bad_path", "exit: true needs the last step to leave the map")
    return {"exited": False, "hexes": hexes, "hex": hex_id(cell), "facing": facing}


def release_fighter_fixes(journal, fighter_id: str, reason: str) -> None:
    fighter = journal.state["fighters"][fighter_id]
    if fighter["tally"]:
        journal.emit("fix_removed", {"bomber": fighter["tally"], "fix": "tally", "by": fighter_id, "reason": reason})
    if fighter["ai_fix"]:
        journal.emit("fix_removed", {"bomber": fighter["ai_fix"], "fix": "ai", "by": fighter_id, "reason": reason})


def maintain_fixes(journal) -> None:
    """H6, run once when movement ends."""
    state = journal.state
    for bomber_id, bomber in sorted(state["bombers"].items()):
        if bomber["status"] != "in_play":
            continue
        where = bomber_hex(state, bomber_id)
        for fighter_id in list(bomber["fixes"]["tally"]):
            fighter_hex = state["fighters"][fighter_id]["hex"]
            if where is None or hex_distance(fighter_hex, where) > 1:
                journal.emit("fix_removed", {"bomber": bomber_id, "fix": "tally", "by": fighter_id, "reason": "lost_contact"})
        for fighter_id in list(bomber["fixes"]["ai"]):
            if where is None or where not in fighter_ai_area(state, fighter_id):
                journal.emit("fix_removed", {"bomber": bomber_id, "fix": "ai", "by": fighter_id, "reason": "out_of_ai_area"})
        zone = bomber["fixes"]["searchlight"]
        if zone and (where is None or not in_searching_zone(state, where)):
            journal.emit("fix_removed", {"bomber": bomber_id, "fix": "searchlight", "by": zone, "reason": "left_zones"})
