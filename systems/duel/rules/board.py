"""The Duel in the Dark board as data (docs/rules/duel-in-the-dark.md §2.1, §11).

The engine is board-agnostic: hexes, airfields, cities, British/sea hexes, weather cards
and fighter fuel capacities all come from a board file.  The default board is
``data/boards/duel-in-the-dark.json``; a setup may supply another board dict of the same
format.  Parsed boards are cached by a content key so that folding events stays cheap.
"""
from __future__ import annotations

import hashlib
import json
from collections import deque
from functools import cached_property
from pathlib import Path

from systems.kit.hexgrid import HexGrid

DEFAULT_BOARD_PATH = Path(__file__).resolve().parents[3] / "data" / "boards" / "duel-in-the-dark.json"
DEFAULT_BOARD_KEY = "default"

_cache: dict[str, "Board"] = {}


class Board:
    """Read-only facts of one board; hex ids are the printed numbers."""

    def __init__(self, data: dict):
        self.data = data
        self.name = data.get("name", "duel-in-the-dark")
        self.grid = HexGrid(data["hexes"])
        self.hex_ids = sorted(self.grid.hexes)
        by_id = {int(h["id"]): h for h in data["hexes"]}
        self.british_airfields = sorted(h for h, d in by_id.items() if d.get("airfield") == "british")
        self.german_airfields = sorted(h for h, d in by_id.items() if d.get("airfield") == "german")
        self.cities = {h: dict(d["city"]) for h, d in by_id.items() if d.get("city")}
        # §2.1 BRIT: British/sea hexes — no ground units, 4-VP ditching.
        self.brit_hexes = frozenset(h for h, d in by_id.items() if d.get("territory") == "british")
        self.weather_cards = {int(c["id"]): c for c in data.get("weather_cards", [])}
        self.fighters = [dict(f) for f in data.get("fighters", [])]
        self.solo_barred = frozenset(int(h) for h in data.get("solo_barred_bomber_hexes", []))
        self.solo_mosquito_fallback = {int(k): int(v) for k, v in data.get("solo_mosquito_fallback", {}).items()}
        self.compass_inventory = data.get("compass_inventory")

    @cached_property
    def distances(self) -> dict[int, dict[int, int]]:
        """§0.4 dist(h1, h2): steps along on-board adjacency (all pairs, BFS)."""
        table = {}
        for start in self.hex_ids:
            seen = {start: 0}
            queue = deque([start])
            while queue:
                cur = queue.popleft()
                for nxt in self.grid.neighbours(cur).values():
                    if nxt not in seen:
                        seen[nxt] = seen[cur] + 1
                        queue.append(nxt)
            table[start] = seen
        return table

    def dist(self, a: int, b: int) -> int:
        return self.distances[a].get(b, 10**6)

    def within(self, center: int, radius: int) -> list[int]:
        return sorted(h for h, d in self.distances[center].items() if d <= radius)

    def step(self, hex_id: int, direction: str) -> int | None:
        return self.grid.neighbour(hex_id, direction)

    def is_city(self, hex_id: int) -> bool:
        return hex_id in self.cities

    def has_german_airfield(self, hex_id: int) -> bool:
        return hex_id in self.german_airfields


def board_key(board_data: dict | None) -> str:
    if board_data is None:
        return DEFAULT_BOARD_KEY
    canonical = json.dumps(board_data, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def load_board(board_data: dict | None = None) -> Board:
    key = board_key(board_data)
    if key not in _cache:
        if board_data is None:
            board_data = json.loads(DEFAULT_BOARD_PATH.read_text())
        _cache[key] = Board(board_data)
    return _cache[key]


def board_of(state: dict) -> Board:
    """The board of a game state (the custom board dict lives in ``state['setup']['board']``)."""
    key = state["board_key"]
    board = _cache.get(key)
    if board is None:
        board = load_board(state["setup"].get("board"))
    return board
