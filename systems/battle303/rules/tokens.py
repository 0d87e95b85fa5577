"""Queries over the tokens of a 303 state (docs/rules/303.md "Forces and board": one token per hex)."""
from __future__ import annotations

from .rules import BOMBER, DAMAGED, DESTROYED, FIGHTER


def on_board(state: dict) -> list[dict]:
    return [t for t in state["tokens"].values() if t["status"] != DESTROYED]


def occupied_hexes(state: dict) -> dict[int, str]:
    """hex id → id of the token on it."""
    return {t["hex"]: t["id"] for t in on_board(state)}


def fighters_of(state: dict, side: str) -> list[dict]:
    return [t for t in on_board(state) if t["side"] == side and t["kind"] == FIGHTER]


def bomber(state: dict) -> dict:
    return next(t for t in state["tokens"].values() if t["kind"] == BOMBER)


def is_damaged(token: dict) -> bool:
    return token["status"] == DAMAGED
