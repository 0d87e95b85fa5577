"""Map geometry: flat-topped hexes in columns, ids ``CCRR`` (docs/rules/nightfighter-solo.md §2.1, §2.2).

A cell is a ``(col, row)`` pair; it may lie off the map (patterns keep off-map cells, §2.6).
Only on-map cells have an id (``col * 100 + row``). Even columns sit half a hex lower.
"""
from __future__ import annotations

# Clockwise order of §2.2: the bomber frame indexes into it.
DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_DOUBLED_STEP = {"N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1), "NW": (-1, -1)}

Cell = tuple[int, int]


def cell_of(hex_id: int) -> Cell:
    return (hex_id // 100, hex_id % 100)


def hex_id(cell: Cell) -> int:
    return cell[0] * 100 + cell[1]


def doubled(cell: Cell) -> tuple[int, int]:
    col, row = cell
    return (col, 2 * row + (1 if col % 2 == 0 else 0))


def from_doubled(x: int, y: int) -> Cell:
    return (x, (y - (1 if x % 2 == 0 else 0)) // 2)


def step(cell: Cell, direction: str, times: int = 1) -> Cell:
    x, y = doubled(cell)
    dx, dy = _DOUBLED_STEP[direction]
    return from_doubled(x + dx * times, y + dy * times)


def turn(direction: str, notches: int) -> str:
    """Rotate by 60° notches: positive = clockwise (the order of DIRECTIONS)."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + notches) % 6]


def frame(heading: str) -> dict[str, str]:
    """The aircraft's own frame (§2.2): F, FR, BR, B, BL, FL as map directions."""
    return {name: turn(heading, i) for i, name in enumerate(("F", "FR", "BR", "B", "BL", "FL"))}


def distance(a: Cell, b: Cell) -> int:
    (ax, ay), (bx, by) = doubled(a), doubled(b)
    dx, dy = abs(ax - bx), abs(ay - by)
    return dx + max(0, (dy - dx) // 2)


def hex_distance(a: int, b: int) -> int:
    return distance(cell_of(a), cell_of(b))


def neighbours(cell: Cell) -> dict[str, Cell]:
    return {d: step(cell, d) for d in DIRECTIONS}


class MapBounds:
    """The playing area: columns 1..cols, rows 1..rows (§3.1: 18 × 27 by default)."""

    def __init__(self, cols: int = 18, rows: int = 27):
        self.cols, self.rows = cols, rows

    def on_map(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.cols and 1 <= cell[1] <= self.rows


def bounds_of(state: dict) -> MapBounds:
    return MapBounds(state["map"]["cols"], state["map"]["rows"])
