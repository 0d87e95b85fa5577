"""A bot's picture of the game: an engine state rebuilt from its side's view alone (kit/bots.py).

303 shows both sides everything on the table (docs/rules/303.md; view.py), so the only part hidden from a
side is the dice to come. :func:`state_from_view` rebuilds the engine state the view describes —
the reserve fighters' ids, which no view names, get fresh ones — and :func:`sample_dice` draws a
determinised world's dice from the bot's own seed, never the game's. Look-ahead then runs the
engine's ``decide``/``evolve`` on those samples.
"""
from __future__ import annotations

import hashlib
import json
import random
from functools import cache

from systems.battle303.rules.board import Board, board_of, default_board
from systems.battle303.rules.initial import RULESET_VERSION
from systems.battle303.rules.rules import BOMBER_ID, DAMAGED, DESTROYED, INTACT, RAF
from systems.battle303.rules.view import _board_view
from systems.kit.dice import SeededDice


@cache
def _default_board_view() -> dict:
    return _board_view(default_board())


def board_from_view(board_view: dict) -> dict | None:
    """The board dict a state carries (``None`` = the default board) for the view's board."""
    if board_view == _default_board_view():
        return None
    fields = {a["hex"]: {"side": a["side"], "name": a["name"]} for a in board_view["airfields"]}
    hexes = []
    for h in board_view["hexes"]:
        entry = {"id": h["id"], "col2": h["col2"], "row": h["row"], "terrain": h.get("terrain"),
                 "neighbours": dict(h["neighbours"])}
        if h["id"] in fields:
            entry["airfield"] = fields[h["id"]]
        hexes.append(entry)
    reinforcement = fields.get(board_view["reinforcement_hex"], {}).get("name")
    return {"name": board_view.get("name"), "hexes": hexes, "london": list(board_view["london"]),
            "reinforcement_airfield": reinforcement}


def state_from_view(view: dict) -> dict:
    """The engine state the view shows (303 hides nothing on the table)."""
    tokens = {}
    for t in view["tokens"]:
        status = DESTROYED if t["destroyed"] else DAMAGED if t["damaged"] else INTACT
        tokens[t["id"]] = {"id": t["id"], "side": t["side"], "kind": t["kind"],
                           "hex": None if t["destroyed"] else t["hex"], "status": status}
    raf_numbers = [int(i[3:]) for i in tokens if i.startswith("raf") and i[3:].isdigit()]
    first = max(raf_numbers, default=0) + 1
    declared = [{**a, "target_hex": tokens[a["target"]]["hex"]} for a in view["declared_attacks"]]
    outcome = view.get("outcome")
    return {
        "system": view["system"], "ruleset_version": view.get("ruleset_version", RULESET_VERSION),
        "parameters": dict(view["parameters"]), "board": board_from_view(view["board"]),
        "round": view["round"], "side": view["side_to_move"] or RAF,
        "phase": view["phase"], "tokens": tokens,
        "reserve": [f"raf{i}" for i in range(first, first + view["reinforcements_left"])],
        "moved": list(view["moved"]), "declared": declared,
        "bomber_hits": view["bomber_hits_this_turn"], "last_dice": [dict(d) for d in view["last_dice"]],
        "outcome": dict(outcome) if outcome else None,
    }


def decision_rng(seed: str, view: dict, legal: list[dict], salt: str = "") -> random.Random:
    """The bot's own randomness for one decision: a function of its seed, the view and the legal
    actions only, so the same seed, view and legal give the same decision."""
    text = json.dumps([seed, salt, view, legal], sort_keys=True, separators=(",", ":"), default=str)
    return random.Random(hashlib.sha256(text.encode()).hexdigest())


def sample_dice(world_seed: str, step: int) -> SeededDice:
    """Dice of one determinised world: a sample of the dice to come, drawn from the bot's seed."""
    return SeededDice(world_seed, "bot-lookahead", step)


class Geometry:
    """Distances on one board, computed once per board (a bot asks them thousands of times)."""

    def __init__(self, board: Board):
        self.board = board
        self.grid = board.grid
        self.neighbours = {h: tuple(self.grid.neighbours(h).values()) for h in self.grid.hexes}
        self.london = board.london
        self.london_distance = self.distances_from(self.london)

    def distances_from(self, sources, blocked=frozenset()) -> dict[int, int]:
        """Steps from the nearest of ``sources`` to every hex reachable around ``blocked``."""
        dist = dict.fromkeys(sources, 0)
        frontier, step, neighbours = list(sources), 0, self.neighbours
        while frontier:
            step += 1
            following = []
            for cur in frontier:
                for n in neighbours[cur]:
                    if n not in dist and n not in blocked:
                        dist[n] = step
                        following.append(n)
            frontier = following
        return dist

    @cache
    def distance_table(self, source: int) -> dict[int, int]:
        return self.distances_from([source])

    def distance(self, a: int, b: int) -> int:
        return self.distance_table(a).get(b, 99)


_geometries: dict[int | None, Geometry] = {}


def geometry(state: dict) -> Geometry:
    """The board's :class:`Geometry`. Keyed by the board dict's identity: every state of one
    look-ahead shares its board dict, and the cached Geometry keeps that dict alive."""
    data = state["board"]
    key = None if data is None else id(data)
    found = _geometries.get(key)
    if found is None or (data is not None and found.board.data is not data):
        if len(_geometries) > 16:
            _geometries.clear()
        found = _geometries[key] = Geometry(board_of(state))
    return found


def bomber_hex(state: dict) -> int | None:
    return state["tokens"][BOMBER_ID]["hex"]
