"""Uncertainty levels and areas (docs/rules/nightfighter-solo.md §1.2, §2.6, S5.0–S5.4, S16.0, S21.0)."""
from __future__ import annotations

from .geometry import Cell, bounds_of, cell_of, hex_id
from .patterns import low_cells, medium_cells

LIVE = ("pending", "on_map", "exited")
NONE, LOW, MEDIUM, HIGH = "NONE", "LOW", "MEDIUM", "HIGH"


def live_tokens(state: dict, bomber_id: str) -> list[str]:
    return [t for t in state["bombers"][bomber_id]["tokens"] if state["tokens"][t]["state"] in LIVE]


def on_map_tokens(state: dict, bomber_id: str | None = None) -> list[str]:
    return [t for t, tok in state["tokens"].items()
            if tok["state"] == "on_map" and (bomber_id is None or tok["bomber"] == bomber_id)]


def in_play(bomber: dict) -> bool:
    return bomber["status"] == "in_play"


def has_fix(bomber: dict) -> bool:
    fixes = bomber["fixes"]
    return bool(fixes["tally"] or fixes["ai"] or fixes["searchlight"]) or bomber["track"] == "on"


def level(state: dict, bomber_id: str) -> str | None:
    bomber = state["bombers"][bomber_id]
    if not in_play(bomber):
        return None
    if len(live_tokens(state, bomber_id)) >= 2:
        return HIGH
    if bomber["certain"] or has_fix(bomber):
        return NONE
    if bomber["track_ever"]:
        return LOW
    return MEDIUM


def pattern_kind(state: dict, bomber_id: str) -> str:
    """Which figure a token's area uses: NONE, LOW or MEDIUM (HIGH tokens use MEDIUM, or LOW under contrails)."""
    lvl = level(state, bomber_id)
    if lvl == HIGH:
        return LOW if state["options"]["contrails"] else MEDIUM
    return lvl or NONE


def token_cells(state: dict, token_id: str) -> list[Cell]:
    """The token's uncertainty area in die order (off-map cells included, §2.6)."""
    token = state["tokens"][token_id]
    bomber = state["bombers"][token["bomber"]]
    origin = cell_of(token["hex"])
    kind = pattern_kind(state, token["bomber"])
    if kind == LOW:
        return low_cells(origin, bomber["heading"])
    if kind == MEDIUM:
        return medium_cells(origin, bomber["heading"])
    return [origin]


def token_area(state: dict, token_id: str) -> set[int]:
    """The on-map hexes of the token's uncertainty area."""
    bounds = bounds_of(state)
    return {hex_id(c) for c in token_cells(state, token_id) if bounds.on_map(c)}


def bomber_hex(state: dict, bomber_id: str) -> int | None:
    tokens = on_map_tokens(state, bomber_id)
    return state["tokens"][tokens[0]]["hex"] if len(tokens) == 1 else None


def occupied_hexes(state: dict, except_token: str | None = None) -> set[int]:
    return {tok["hex"] for t, tok in state["tokens"].items() if tok["state"] == "on_map" and t != except_token}
