"""Setup options of a Duel in the Dark game (duel-in-the-dark.md §1.5, §1.6, §8, §12).

Every option is recorded in the state (``state["setup"]``).  Assumptions of spec §12 that
change play are parameters whose default is the spec's value; the A-/C- id is in the comment.
Call :func:`validate_setup` before :func:`initial_state` — unknown or ill-typed options are
reported there as a RuleViolation (``initial_state`` raises ValueError on a bad setup).
"""
from __future__ import annotations

from ..contract import RuleViolation
from .board import load_board

MODES = ("standard", "swap", "solo")

DEFAULT_OPTIONS: dict = {
    "nights": 1,                      # §1.5 agreed number of nights
    "mode": "standard",               # standard | swap (§1.6) | solo (§8)
    "weather_card": None,             # force night 1's weather card id (tournament rematch)
    "solo_mosquito_heuristic": False,  # §8.6 H1 (unofficial), solo only
    "board": None,                    # a full board dict; None = the default board
    "max_route_cards": 14,            # §3.4 R8
    "mosquito_tokens": 6,             # §4.2.1 T1
    "summer_from_move": 8,            # §5.1 / C-12: summer counts from bomber move 8
    "fighter_storm_malus": 2,         # C-01
    "bomber_fog_landing_vp": 2,       # C-02
    "crosswind_fuel_cost": 2,
    "fighter_combat_floor": True,     # each fighter and the total >= 0
    "mosquito_attacks_remaining_fighters": False,  # A-39 / C-10
    "smoke_absorbs_airfield_bombs": True,          # penalty counts bombs - smoke
    "emergency_landed_fighters_return": True,      # back next night
    "mosquito_anti_stall": True,
    "fighter_anti_stall": True,
    "markers_only_on_cities": True,
    "max_rounds_per_night": 60,       # §4.7 hard safety net
    "red_faces_only": False,          # §2.6 beginners' game: basic (red) faces only
    "fuel_max": None,                 # {fighter id: lines} overrides the board's gauges (§2.3)
    "compass_inventory": None,        # {"red"|"green": {dir: count}}; None = unlimited
    "solo_ground_units": 40,          # §8.6 H2 harder solo: fewer units
    "solo_ignore_turn_limit": False,  # §8.6 H2 / C-46
}

_BOOL = {k for k, v in DEFAULT_OPTIONS.items() if isinstance(v, bool)}
_INT = {k for k, v in DEFAULT_OPTIONS.items() if isinstance(v, int) and not isinstance(v, bool)}


def normalise(setup: dict | None) -> dict:
    options = dict(DEFAULT_OPTIONS)
    options.update(setup or {})
    if options["mode"] == "swap" and "nights" not in (setup or {}):
        options["nights"] = 2
    return options


def validate_setup(setup: dict | None) -> RuleViolation | None:
    """None if ``setup`` is a valid options dict, else a RuleViolation naming the problem."""
    setup = setup or {}
    if not isinstance(setup, dict):
        return RuleViolation("malformed_command", "setup must be an object")
    for key in setup:
        if key not in DEFAULT_OPTIONS:
            return RuleViolation("unknown_option", f"unknown setup option {key!r}")
    options = normalise(setup)
    for key in _BOOL:
        if not isinstance(options[key], bool):
            return RuleViolation("invalid_option", f"{key} must be true or false")
    for key in _INT:
        if not isinstance(options[key], int) or isinstance(options[key], bool) or options[key] < 1:
            return RuleViolation("invalid_option", f"{key} must be a positive integer")
    if options["mode"] not in MODES:
        return RuleViolation("invalid_option", f"mode must be one of {MODES}")
    if options["mode"] == "swap" and options["nights"] != 2:
        return RuleViolation("options_conflict", "mode 'swap' is played over exactly 2 nights (§1.6)")
    if options["solo_mosquito_heuristic"] and options["mode"] != "solo":
        return RuleViolation("options_conflict", "solo_mosquito_heuristic needs mode 'solo'")
    if options["board"] is not None and not (isinstance(options["board"], dict) and "hexes" in options["board"]):
        return RuleViolation("invalid_option", "board must be a board dict with 'hexes'")
    try:
        board = load_board(options["board"])
    except (KeyError, TypeError, ValueError) as exc:
        return RuleViolation("invalid_option", f"board cannot be read: {exc}")
    card = options["weather_card"]
    if card is not None and card not in board.weather_cards:
        return RuleViolation("invalid_option", f"weather card {card!r} is not on this board")
    if len(board.weather_cards) < options["nights"] and options["mode"] != "swap":
        return RuleViolation("invalid_option", "more nights than weather cards")
    fuel = options["fuel_max"]
    if fuel is not None:
        ids = {f["id"] for f in board.fighters}
        if not isinstance(fuel, dict) or any(k not in ids or not isinstance(v, int) or v < 1 for k, v in fuel.items()):
            return RuleViolation("invalid_option", "fuel_max must map fighter ids to positive integers")
    if options["solo_ground_units"] > 40:
        return RuleViolation("invalid_option", "solo_ground_units is at most 40")
    return None
