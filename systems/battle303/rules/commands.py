"""Command shapes of the 303 engine and their field checks (``malformed_command``: an invalid request).

Commands (docs/rules/303.md "Round structure", "Movement and shots", "Combat"):

* ``{"type": "place_reinforcement", "hex": int}`` — RAF, only when Northolt is taken and
  several RAF airfields are free.
* ``{"type": "repair", "fighters": [id, ...]}`` — phase A; the listed damaged fighters on own
  airfields flip to intact (``[]`` repairs none).
* ``{"type": "move", "fighter": id, "path": [hex, ...], "shots": int = 0, "target": id}`` —
  phase B; ``path`` ``[]`` stays put; ``target`` is required exactly when ``shots`` > 0.
* ``{"type": "end_moves"}`` — phase B; fighters not yet moved stay put without shots.
* ``{"type": "fire", "order": [id, ...], "bomber_target": id, "flythrough": {id: hex}}`` —
  phase C; ``order`` lists every declared attacker (plus ``"bomber"`` when ``bomber_target``
  is given); ``flythrough`` optionally names a free neighbour of the target per attacker.
* ``{"type": "move_bomber", "path": [hex, ...]}`` — German phase D, 0–2 hexes.
"""
from __future__ import annotations

from systems.kit.contract import reject

PLACE_REINFORCEMENT = "place_reinforcement"
REPAIR_FIGHTERS = "repair"
MOVE_FIGHTER = "move"
END_MOVES = "end_moves"
FIRE = "fire"
MOVE_BOMBER = "move_bomber"
COMMAND_TYPES = (PLACE_REINFORCEMENT, REPAIR_FIGHTERS, MOVE_FIGHTER, END_MOVES, FIRE, MOVE_BOMBER)
# The fields each command accepts besides ``type`` (contract.py ``command_fields``).
COMMAND_FIELDS = {
    PLACE_REINFORCEMENT: frozenset({"hex"}), REPAIR_FIGHTERS: frozenset({"fighters"}),
    MOVE_FIGHTER: frozenset({"fighter", "path", "shots", "target"}), END_MOVES: frozenset(),
    FIRE: frozenset({"order", "bomber_target", "flythrough"}), MOVE_BOMBER: frozenset({"path"}),
}


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def command_type(command) -> str:
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        reject("malformed_command", "a command is an object with a string 'type'")
    if command["type"] not in COMMAND_TYPES:
        reject("unknown_command", f"unknown command type {command['type']!r}")
    return command["type"]


def int_field(command: dict, name: str, default=None) -> int:
    value = command.get(name, default)
    if not _is_int(value):
        reject("malformed_command", f"'{name}' must be an integer")
    return value


def str_field(command: dict, name: str, required: bool = True) -> str | None:
    value = command.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        reject("malformed_command", f"'{name}' must be a string")
    return value


def hex_list_field(command: dict, name: str) -> list[int]:
    value = command.get(name)
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        reject("malformed_command", f"'{name}' must be a list of hex ids")
    return value


def id_list_field(command: dict, name: str) -> list[str]:
    value = command.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        reject("malformed_command", f"'{name}' must be a list of aircraft ids")
    return value


def flythrough_field(command: dict) -> dict[str, int]:
    value = command.get("flythrough", {})
    if not isinstance(value, dict) or not all(isinstance(k, str) and _is_int(v) for k, v in value.items()):
        reject("malformed_command", "'flythrough' must map aircraft ids to hex ids")
    return value
