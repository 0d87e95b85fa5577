"""Attack resolution (docs/rules/303.md "Combat"): dice, damage, the bomber's two hits, the fly-through.

Each shot is one die; it hits on the ``hit_faces`` parameter (4, 5, 6 by default). Every
declared shot is rolled, also after its target was destroyed (docs/rules/303.md: all declared attacks
are resolved); hits on a destroyed target change nothing.
"""
from __future__ import annotations

from collections import deque

from systems.kit.hexgrid import DIRECTIONS, HexGrid, turn
from .rules import BOMBER_HITS_TO_DESTROY, BOMBER_ID, DAMAGED, DESTROYED, INTACT
from .tokens import occupied_hexes


def roll_shots(rng, shots: int, hit_faces: list[int]) -> tuple[list[int], list[bool]]:
    rolls = [rng.roll(6) for _ in range(shots)]
    return rolls, [face in hit_faces for face in rolls]


def status_after_hits(target: dict, hits: int, bomber_hits_so_far: int) -> str:
    """The target's status after ``hits`` more hits this turn."""
    if target["status"] == DESTROYED:
        return DESTROYED
    if target["id"] == BOMBER_ID:
        return DESTROYED if bomber_hits_so_far + hits >= BOMBER_HITS_TO_DESTROY else INTACT
    if hits == 0:
        return target["status"]
    if target["status"] == DAMAGED or hits >= 2:
        return DESTROYED
    return DAMAGED


def _turning_order(first: str, fallback: str) -> list[str]:
    step = -1 if fallback == "clockwise" else 1  # hexgrid turns counter-clockwise for positive steps
    return [turn(first, step * i) for i in range(len(DIRECTIONS))]


def flythrough_hex(grid: HexGrid, state: dict, attacker: dict, target_hex: int,
                   named: int | None, params: dict) -> int:
    """Where an attacking fighter ends after its attack (docs/rules/303.md "Combat", two [RULING]s)."""
    occupied = set(occupied_hexes(state))  # includes the attacker's own hex: "stays" is the last resort
    direction = grid.direction_to(attacker["hex"], target_hex)
    opposite = grid.neighbour(target_hex, direction)
    if opposite is not None and opposite not in occupied:
        return opposite
    if named is not None and grid.adjacent(target_hex, named) and named not in occupied:
        return named
    order = _turning_order(direction, params["flythrough_fallback"])
    for d in order:
        candidate = grid.neighbour(target_hex, d)
        if candidate is not None and candidate not in occupied:
            return candidate
    if params["flythrough_blocked"] == "nearest_free":
        return _nearest_free(grid, target_hex, order, occupied) or attacker["hex"]
    return attacker["hex"]


def _nearest_free(grid: HexGrid, target_hex: int, order: list[str], occupied: set[int]) -> int | None:
    seen, queue = {target_hex}, deque([target_hex])
    while queue:
        cur = queue.popleft()
        for d in order:
            nxt = grid.neighbour(cur, d)
            if nxt is None or nxt in seen:
                continue
            if nxt not in occupied:
                return nxt
            seen.add(nxt)
            queue.append(nxt)
    return None
