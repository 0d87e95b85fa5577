"""Hex grid on doubled coordinates, shared by every engine.

Rows run east–west (pointy-top hexes); a hex is ``(col2, row)`` where ``col2`` steps by 2
along a row and odd/even rows are offset by one. Directions are indexed counter-clockwise
from east, as in docs/rules/duel-in-the-dark.md §0.4: E=0, NE=1, NW=2, W=3, SW=4, SE=5.
A :class:`HexGrid` is built from a board file's ``hexes`` list; adjacency is the board's
own (explicit ``neighbours`` win over geometry, so holes and edges are respected).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
OFFSETS: dict[str, tuple[int, int]] = {
    "E": (2, 0), "NE": (1, -1), "NW": (-1, -1), "W": (-2, 0), "SW": (-1, 1), "SE": (1, 1),
}


def opposite(direction: str) -> str:
    return DIRECTIONS[(DIRECTION_INDEX[direction] + 3) % 6]


def turn(direction: str, steps: int) -> str:
    """Rotate by ``steps`` 60° notches: positive = counter-clockwise, negative = clockwise."""
    return DIRECTIONS[(DIRECTION_INDEX[direction] + steps) % 6]


def clockwise(direction: str) -> str:
    return turn(direction, -1)


def steps_between(a: str, b: str) -> int:
    """Number of 60° notches between two headings, 0..3."""
    d = abs(DIRECTION_INDEX[a] - DIRECTION_INDEX[b])
    return min(d, 6 - d)


def doubled_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Geometric distance between two doubled coordinates ``(col2, row)``."""
    dcol, drow = abs(a[0] - b[0]), abs(a[1] - b[1])
    return drow + max(0, (dcol - drow) // 2)


@dataclass(frozen=True)
class Hex:
    id: int
    col2: int
    row: int


class HexGrid:
    """The board's hexes and adjacency; ids are the board's printed hex numbers."""

    def __init__(self, hexes: Iterable[Mapping]):
        self.hexes: dict[int, Hex] = {}
        self._by_coord: dict[tuple[int, int], int] = {}
        explicit: dict[int, Mapping[str, int]] = {}
        for h in hexes:
            hid = int(h["id"])
            self.hexes[hid] = Hex(hid, int(h["col2"]), int(h["row"]))
            self._by_coord[(int(h["col2"]), int(h["row"]))] = hid
            if "neighbours" in h:
                explicit[hid] = h["neighbours"]
        self._neighbours: dict[int, dict[str, int]] = {}
        for hid, hx in self.hexes.items():
            if hid in explicit:
                self._neighbours[hid] = {d: int(n) for d, n in explicit[hid].items() if int(n) in self.hexes}
            else:
                self._neighbours[hid] = {
                    d: self._by_coord[(hx.col2 + dc, hx.row + dr)]
                    for d, (dc, dr) in OFFSETS.items()
                    if (hx.col2 + dc, hx.row + dr) in self._by_coord
                }

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self.hexes

    def neighbour(self, hex_id: int, direction: str) -> int | None:
        """The hex one step in ``direction``, or ``None`` off the board."""
        return self._neighbours[hex_id].get(direction)

    def neighbours(self, hex_id: int) -> dict[str, int]:
        return dict(self._neighbours[hex_id])

    def direction_to(self, a: int, b: int) -> str | None:
        """The direction from ``a`` to the adjacent hex ``b`` (``None`` if not adjacent)."""
        for d, n in self._neighbours[a].items():
            if n == b:
                return d
        return None

    def adjacent(self, a: int, b: int) -> bool:
        return self.direction_to(a, b) is not None

    def distance(self, a: int, b: int) -> int:
        """Geometric hex distance (ignores holes in the board)."""
        ha, hb = self.hexes[a], self.hexes[b]
        return doubled_distance((ha.col2, ha.row), (hb.col2, hb.row))

    def walk(self, start: int, directions: Iterable[str]) -> list[int] | None:
        """Hexes visited following ``directions`` from ``start``; ``None`` if it leaves the board."""
        path, cur = [], start
        for d in directions:
            nxt = self.neighbour(cur, d)
            if nxt is None:
                return None
            path.append(nxt)
            cur = nxt
        return path

    def is_path(self, start: int, hexes: Iterable[int]) -> bool:
        """Each hex adjacent to the one before it."""
        cur = start
        for h in hexes:
            if h not in self.hexes or not self.adjacent(cur, h):
                return False
            cur = h
        return True

    def within(self, center: int, radius: int) -> set[int]:
        """All on-board hexes at geometric distance ≤ radius."""
        return {h for h in self.hexes if self.distance(center, h) <= radius}
