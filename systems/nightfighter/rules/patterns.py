"""Uncertainty patterns, displacement and search areas (docs/rules/nightfighter-solo.md §2.3–§2.9).

Each pattern is a list of frame vectors (sums of F/FR/BR/B/BL/FL steps) in die order.
"""
from __future__ import annotations

from .geometry import Cell, MapBounds, distance, frame, step

# §2.4 (A3): die 1..6.
LOW_PATTERN: tuple[tuple[str, ...], ...] = (("BR",), ("FR",), (), ("F",), ("BL",), ("FL",))
# §2.5 (A4): k = 3·(blue − 1) + purple pair.
MEDIUM_PATTERN: tuple[tuple[str, ...], ...] = (
    ("BR", "BR"), ("BR", "FR"), ("FR", "FR"),
    ("BR", "B"), ("BR",), ("FR",),
    ("FR", "F"), ("B",), (),
    ("F",), ("F", "F"), ("BL", "B"),
    ("BL",), ("FL",), ("FL", "F"),
    ("BL", "BL"), ("BL", "FL"), ("FL", "FL"),
)
# §2.9: displacement die 1..6 (3 = one hex back).
DISPLACEMENT: tuple[str, ...] = ("BR", "FR", "B", "F", "BL", "FL")
PURPLE_PAIRS = ("1-2", "3-4", "5-6")


def apply_vector(origin: Cell, heading: str, vector: tuple[str, ...]) -> Cell:
    axes = frame(heading)
    cell = origin
    for part in vector:
        cell = step(cell, axes[part])
    return cell


def low_cells(origin: Cell, heading: str) -> list[Cell]:
    return [apply_vector(origin, heading, v) for v in LOW_PATTERN]


def medium_cells(origin: Cell, heading: str) -> list[Cell]:
    return [apply_vector(origin, heading, v) for v in MEDIUM_PATTERN]


def medium_index(blue: int, purple: int) -> int:
    return 3 * (blue - 1) + (purple - 1) // 2


def medium_label(blue: int, purple: int) -> str:
    return f"{blue}/{PURPLE_PAIRS[(purple - 1) // 2]}"


def displaced(origin: Cell, heading: str, die: int) -> Cell:
    return apply_vector(origin, heading, (DISPLACEMENT[die - 1],))


def narrow_ai_area(position: Cell, facing: str, reach: int, bounds: MapBounds) -> set[Cell]:
    """A6: ``reach`` hexes straight ahead, own hex excluded."""
    return {c for k in range(1, reach + 1) if bounds.on_map(c := step(position, facing, k))}


def wide_ai_area(position: Cell, facing: str, reach: int | None, bounds: MapBounds) -> set[Cell]:
    """H7: the 60° cone {P + a·F + b·(FR|FL) | a ≥ b ≥ 0, 1 ≤ a+b ≤ reach}; ``None`` = to the map edge."""
    axes = frame(facing)
    limit = reach if reach is not None else bounds.cols + bounds.rows
    area: set[Cell] = set()
    for side in ("FR", "FL"):
        for a in range(0, limit + 1):
            for b in range(0, a + 1):
                if not 1 <= a + b <= limit:
                    continue
                cell = step(step(position, axes["F"], a), axes[side], b)
                if bounds.on_map(cell):
                    area.add(cell)
    return area


def ai_area(position: Cell, facing: str, ai: dict, bounds: MapBounds) -> set[Cell]:
    if ai["arc"] == "narrow":
        return narrow_ai_area(position, facing, ai["range"], bounds)
    return wide_ai_area(position, facing, ai["range"], bounds)


def within(center: Cell, radius: int, bounds: MapBounds) -> set[Cell]:
    return {
        (c, r)
        for c in range(center[0] - radius, center[0] + radius + 1)
        for r in range(center[1] - radius - 1, center[1] + radius + 2)
        if bounds.on_map((c, r)) and distance(center, (c, r)) <= radius
    }
