"""Wind and fighter fuel costs (spec §4.3.2, §4.3.3; A-32, A-34)."""
from __future__ import annotations

from systems.kit.hexgrid import opposite

TAILWIND_COST, HEADWIND_COST = 1, 3
HOVER_COST = 1
TAKEOFF_STAY_LOW_COST, TAKEOFF_CLIMB_HIGH_COST = 1, 2
TWO_HEX_TAILWIND_COST = 2
MAX_LINES_PER_TURN = 3


def is_tailwind(direction: str, wind: str) -> bool:
    """A-34: the arrow points where the wind blows to; flying that way is a tailwind."""
    return direction == wind


def step_cost(direction: str, wind: str, crosswind_cost: int) -> int:
    if direction == wind:
        return TAILWIND_COST
    if direction == opposite(wind):
        return HEADWIND_COST
    return crosswind_cost
