"""The 303 board: hexes, London, airfields, start hexes (docs/rules/303.md "Forces and board").

Boards are data (``data/boards/303.json`` by default); an organiser may pass another board of
the same format as ``setup["board"]``.
"""
from __future__ import annotations

import json
from functools import cache, cached_property
from pathlib import Path

from systems.kit.contract import reject
from systems.kit.hexgrid import HexGrid
from .rules import LUFTWAFFE, RAF

DEFAULT_BOARD_FILE = Path(__file__).resolve().parents[3] / "data" / "boards" / "303.json"
DEFAULT_REINFORCEMENT_AIRFIELD = "Northolt"


def load_default_board() -> dict:
    return json.loads(DEFAULT_BOARD_FILE.read_text(encoding="utf-8"))


@cache
def default_board() -> "Board":
    """The default board, read once per process: its hex grid is built once, not per command."""
    return Board(load_default_board())


def board_of(state: dict) -> "Board":
    """The board a game plays on. The state holds only an organiser's own board (``None`` stands
    for the default), so states, snapshots and the stored head stay small."""
    return default_board() if state["board"] is None else Board(state["board"])


class Board:
    """Read-only queries over a board dict (the dict itself lives in the game state)."""

    def __init__(self, data: dict):
        self.data = data

    @cached_property
    def grid(self) -> HexGrid:
        return HexGrid(self.data["hexes"])

    @cached_property
    def london(self) -> frozenset[int]:
        flagged = {int(h["id"]) for h in self.data["hexes"] if h.get("london")}
        return frozenset(flagged | {int(h) for h in self.data.get("london", [])})

    @cached_property
    def airfields(self) -> dict[int, dict]:
        """hex id → ``{"side": ..., "name": ...}``."""
        return {int(h["id"]): dict(h["airfield"]) for h in self.data["hexes"] if "airfield" in h}

    def airfields_of(self, side: str) -> list[int]:
        return [hex_id for hex_id, field in self.airfields.items() if field["side"] == side]

    @cached_property
    def reinforcement_hex(self) -> int | None:
        name = self.data.get("reinforcement_airfield", DEFAULT_REINFORCEMENT_AIRFIELD)
        for hex_id, field in self.airfields.items():
            if field["side"] == RAF and field["name"] == name:
                return hex_id
        return None

    def validate(self) -> None:
        """Reject a board the engine cannot play on (``invalid_setup``)."""
        try:
            start = self.data["start"]
            hexes = [start[LUFTWAFFE]["bomber"], *start[LUFTWAFFE]["fighters"], *start[RAF]["fighters"]]
            int(start[RAF].get("reserve", 0))
            grid = self.grid
        except (KeyError, TypeError, ValueError) as exc:
            reject("invalid_setup", f"board is missing or mangles {exc}")
        if any(h not in grid for h in hexes) or len(set(hexes)) != len(hexes):
            reject("invalid_setup", "start hexes must be distinct hexes of the board")
        if not self.london:
            reject("invalid_setup", "board has no London hex")
        if self.reinforcement_hex is None:
            reject("invalid_setup", "board has no RAF reinforcement airfield")
