"""Aircraft data (docs/rules/nightfighter-solo.md §3.12, H17; [seed]/[base] values as marked there)."""
from __future__ import annotations

FIGHTERS: dict[str, dict] = {
    "Me110C-4": {"speed": 4, "ai": None, "good_view": True, "firepower": 3},
    "Ju88G-1": {"speed": 4, "ai": {"arc": "wide", "range": 3}, "good_view": False, "firepower": 4},
    "Mosquito NF.XIII": {"speed": 5, "ai": {"arc": "narrow", "range": 4}, "good_view": False, "firepower": 4},
    "Visual fighter": {"speed": 4, "ai": None, "good_view": False, "firepower": 3},
    "Ju88C-2": {"speed": 4, "ai": None, "good_view": True, "firepower": 4},
    # H20: 4G pseudo-AI, wide range 2, always lightly jammed.
    "Y-guided fighter": {"speed": 4, "ai": {"arc": "wide", "range": 2, "jamming": "light"},
                         "good_view": False, "firepower": 3},
}

BOMBERS: dict[str, dict] = {
    "Medium bomber": {"speed": [3, 3], "firepower": 1, "toughness": 2},
    "Wellington Ic": {"speed": [3, 3], "firepower": 1, "toughness": 2},
    "Early medium bomber": {"speed": [2, 3], "firepower": 1, "toughness": 2},
    "Halifax": {"speed": [3, 3], "firepower": 2, "toughness": 3},
    "H8K1 Emily": {"speed": [3, 3], "firepower": 2, "toughness": 4},
    "Ju88": {"speed": [3, 3], "firepower": 1, "toughness": 2},
    "V-1": {"speed": [5, 5], "firepower": 0, "toughness": 1, "certain": True},
}


def speed_pair(speed) -> list[int]:
    """§3.3: a single number n means (n, n); a pair is (odd turn, even turn)."""
    if isinstance(speed, (int, float)):
        return [int(speed), int(speed)]
    return [int(speed[0]), int(speed[1])]


def speed_on_turn(speed: list[int], turn: int) -> int:
    return speed[0] if turn % 2 == 1 else speed[1]
