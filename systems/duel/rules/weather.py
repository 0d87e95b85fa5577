"""Weather (spec §2.5, §3.3, §5.10): one card per night, presence-based per hex (A-15)."""
from __future__ import annotations

from .board import Board

FULL, NEW, NO_MOON = "full", "new", "none"


def card_payload(board: Board, card_id: int) -> dict:
    card = board.weather_cards[card_id]
    return {
        "card_id": card_id,
        "wind": card["wind"],
        "moon": card.get("moon", NO_MOON),
        "summer": bool(card.get("summer", False)),
        "clouds": sorted(card.get("clouds", [])),
        "storms": sorted(card.get("storms", [])),
        "fog": sorted(card.get("fog", [])),
        "changes_before": list(card.get("changes_before", [])),
        "solo": dict(card["solo"]) if card.get("solo") else None,
    }


def choose_card(state: dict, board: Board, rng) -> int:
    """§3.3 / §1.6 / A-09: swap night 2 reuses night 1's card; a forced card is used on night 1;
    otherwise a seeded draw among the cards not yet used in this game."""
    setup = state["setup"]
    if setup["mode"] == "swap" and state["used_weather_cards"]:
        return state["used_weather_cards"][0]
    if state["night"] == 1 and setup["weather_card"] is not None:
        return setup["weather_card"]
    remaining = [c for c in sorted(board.weather_cards) if c not in state["used_weather_cards"]]
    return remaining[rng.randbelow(len(remaining))]


def cloud(state: dict, hex_id: int) -> bool:
    return hex_id in state["weather"]["clouds"]


def storm(state: dict, hex_id: int) -> bool:
    return hex_id in state["weather"]["storms"]


def fog(state: dict, hex_id: int) -> bool:
    return hex_id in state["weather"]["fog"]


def moon(state: dict) -> str:
    return state["weather"]["moon"]


def summer_active(state: dict, move_no: int) -> bool:
    """C-11/C-12: summer bonuses count from bomber move ``summer_from_move`` on."""
    return state["weather"]["summer"] and move_no >= state["setup"]["summer_from_move"]
