"""What a fighter can search: visibility set and AI area (docs/rules/nightfighter-solo.md §2.8,
S3.0, S10.0, A6, A7, H7)."""
from __future__ import annotations

from .environment import illuminated_cloud
from .geometry import bounds_of, cell_of, hex_id, neighbours, step
from .patterns import ai_area, wide_ai_area
from .uncertainty import token_area


def visibility_set(state: dict, fighter_id: str, token_id: str) -> set[int]:
    fighter = state["fighters"][fighter_id]
    bounds = bounds_of(state)
    position = cell_of(fighter["hex"])
    seen = {fighter["hex"]}
    if state["weather"]["visibility"] == "good":
        ahead = step(position, fighter["facing"])
        if bounds.on_map(ahead):
            seen.add(hex_id(ahead))
    target_hex = state["tokens"][token_id]["hex"]
    target_lit = illuminated_cloud(state, target_hex)
    area = token_area(state, token_id) if target_lit else set()
    for cell in neighbours(position).values():
        if bounds.on_map(cell):
            hid = hex_id(cell)
            if illuminated_cloud(state, hid) or hid in area:
                seen.add(hid)
    return seen


def fighter_ai_area(state: dict, fighter_id: str) -> set[int]:
    fighter = state["fighters"][fighter_id]
    if not fighter["ai"] or fighter["hex"] is None:
        return set()
    cells = ai_area(cell_of(fighter["hex"]), fighter["facing"], fighter["ai"], bounds_of(state))
    return {hex_id(c) for c in cells}


def wide_arc_unlimited(state: dict, fighter_id: str) -> set[int]:
    """Flensburg and Serrate: the wide cone to the map edge (§2.8)."""
    fighter = state["fighters"][fighter_id]
    return {hex_id(c) for c in wide_ai_area(cell_of(fighter["hex"]), fighter["facing"], None, bounds_of(state))}
