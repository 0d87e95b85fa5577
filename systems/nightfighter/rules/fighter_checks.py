"""Shared command checks on fighters and tokens (docs/rules/nightfighter-solo.md §5 error codes)."""
from __future__ import annotations

from systems.kit.contract import reject


def text_field(command: dict, key: str) -> str:
    value = command.get(key)
    if not isinstance(value, str):
        reject("malformed_command", f"{key} must be a string")
    return value


def active_fighter(state: dict, command: dict) -> str:
    fighter_id = text_field(command, "fighter")
    if fighter_id not in state["fighters"]:
        reject("unknown_fighter", f"no fighter {fighter_id!r}")
    if state["fighters"][fighter_id]["status"] != "active":
        reject("fighter_not_active", f"{fighter_id} can no longer act")
    return fighter_id


def on_map_token(state: dict, command: dict) -> str:
    token_id = text_field(command, "token")
    if token_id not in state["tokens"]:
        reject("unknown_token", f"no token {token_id!r}")
    if state["tokens"][token_id]["state"] != "on_map":
        reject("token_not_on_map", f"{token_id} is not on the map")
    return token_id
