"""Moves along hex paths (docs/rules/303.md "Forces and board": one token per hex, also while moving).

A path is the list of hexes entered, each adjacent to the one before; the last is the
destination. No hex of the path may hold another token (``path_blocked`` on the way,
``hex_occupied`` at the destination).
"""
from __future__ import annotations

from collections import deque

from systems.kit.contract import reject
from systems.kit.hexgrid import HexGrid
from .tokens import occupied_hexes


def check_path(grid: HexGrid, state: dict, token: dict, path: list[int], max_hexes: int) -> None:
    if len(path) > max_hexes:
        reject("path_too_long", f"{token['id']} may move at most {max_hexes} hexes")
    for hex_id in path:
        if hex_id not in grid:
            reject("unknown_hex", f"hex {hex_id} is not on the board")
    if not grid.is_path(token["hex"], path):
        reject("path_not_adjacent", "each hex of the path must be adjacent to the one before")
    others = {h for h, tid in occupied_hexes(state).items() if tid != token["id"]}
    for hex_id in path[:-1]:
        if hex_id in others:
            reject("path_blocked", f"hex {hex_id} on the path is occupied")
    if path and path[-1] in others:
        reject("hex_occupied", f"destination hex {path[-1]} is occupied")


def reachable(grid: HexGrid, state: dict, token: dict, max_hexes: int) -> dict[int, list[int]]:
    """Every hex the token can end on → a shortest free path to it (``[]`` = stay)."""
    others = {h for h, tid in occupied_hexes(state).items() if tid != token["id"]}
    start = token["hex"]
    paths = {start: []}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if len(paths[cur]) == max_hexes:
            continue
        for nxt in grid.neighbours(cur).values():
            if nxt not in paths and nxt not in others:
                paths[nxt] = paths[cur] + [nxt]
                queue.append(nxt)
    return paths
