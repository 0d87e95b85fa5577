"""Hidden-state sampling for the Duel bots (fair by construction, systems/kit/bots.py).

A side's ``view`` (spec §4.5, §10.5) hides from the German the British plan: target, landing
airfields, the rest of the route (the Bomber's path shows card by card) and the Window positions.
:func:`sample_plans` draws plans consistent with everything the view shows — the route starts
with the revealed cards from the take-off airfield, enters no city before its target unless the
target was bombed there, ends on a British airfield — and :func:`reconstruct` builds a full
engine state from the view and one plan, so the engine's ``decide``/``evolve`` look ahead on
samples only.  The British sees its own plan: its one sample is the truth.  The rebuilt state
leaves out the scoring history (no rule reads it) and the per-turn Mosquito-fight bookkeeping the
view does not show (the fighters' ``acted`` flags it shows are kept).
"""
from __future__ import annotations

import copy
import random

from systems.kit.hexgrid import DIRECTIONS
from systems.duel.rules.board import Board, load_board
from systems.duel.rules.ground_units import new_tiles
from systems.duel.rules.options import DEFAULT_OPTIONS
from systems.duel.rules.planning import GREEN, RED
from systems.duel.rules.state import initial_state


def board_for(view: dict) -> Board:
    """The board of the game (a custom board travels in the options only as its key: default)."""
    return load_board(None)


def _setup(view: dict) -> dict:
    """The options that differ from the defaults (what the game was set up with)."""
    return {k: v for k, v in view["options"].items() if k in DEFAULT_OPTIONS and v != DEFAULT_OPTIONS[k]}


def reconstruct(view: dict, plan: dict | None, window_positions: list[int] | None = None) -> dict:
    """A full engine state agreeing with ``view`` in everything it shows, with ``plan`` (a sample
    for the German, the truth for the British) and Window ``window_positions`` filled in."""
    options = _setup(view)
    options.pop("board", None)
    state = initial_state(options)
    setup = dict(state["setup"])
    setup.update(view["options"])
    setup["board"] = None
    tiles = new_tiles()
    for unit in view["ground_units"]:
        # extra units of §9.10/§9.11 are tiles of one face beside the 40
        tiles.setdefault(unit["tile"], {"red": unit["face"], "grey": unit["face"]})
        tiles[unit["tile"]].update(face=unit["face"], hex=unit["hex"], destroyed=unit["destroyed"])
    b = view["bomber"]
    bomber = {k: b[k] for k in ("hex", "altitude", "heading", "moves_done", "taken_off", "landed", "target_bombed")}
    bomber["revealed_cards"] = [dict(c) for c in b["revealed_cards"]]
    w = view["window"]
    state.update({
        "setup": setup, "night": view["night"], "phase": view["phase"], "step": view["step"],
        "round": view["round"], "score": view["score"], "night_margins": list(view["night_margins"]),
        "vp_history": [],  # no rule reads the scoring history; the engine copies states whole
        "weather": copy.deepcopy(view["weather"]),
        "used_weather_cards": [view["weather"]["card_id"]] if view["weather"] else [],
        "bomber": bomber, "mosquito": dict(view["mosquito"]),
        "fighters": copy.deepcopy(view["fighters"]), "tiles": tiles, "shelters": dict(view["shelters"]),
        "airfield_bombs": dict(view["airfield_bombs"]), "markers": dict(view["target_markers"]),
        "fighters_lost": list(view["fighters_lost"]), "commitment": view["route_commitment"],
        "commitments": copy.deepcopy(view["commitments"]), "public_plan": dict(view["known_plan"]),
        "plan": copy.deepcopy(plan), "nonce": "0" * 32,
        "medals": dict(view["medals"]), "medals_on_board": dict(view["medals_on_board"]),
        "fuel_medal_used": view["fuel_medal_used"], "weather_changes_done": list(view["weather_changes_done"]),
        "owners": dict(view["owners"]), "personal_track": dict(view["personal_track"]),
        "observer_badge": view["observer_badge"],
        "window": {"declared": w["declared"], "positions": list(window_positions or w.get("positions") or []),
                   "nonce": None, "hash": w["commitment"], "revealed": list(w["revealed_at_moves"])},
        "british_units": {k: list(v) for k, v in view["british_units"].items()},
        "crests": list(view["crests"]) if view["crests"] else None,
        "aces": copy.deepcopy(view["aces"]), "ace_medals": dict(view["ace_medals"]),
        "wild_sau": copy.deepcopy(view["wild_sau"]), "result": copy.deepcopy(view["result"]),
    })
    if plan is not None and plan.get("crest_draws"):
        state["crest_draws"] = list(plan["crest_draws"])
    return state


def route_hexes(board: Board, start: int, route: list[dict]) -> list[int]:
    out, cur = [], start
    for card in route:
        cur = board.step(cur, card["dir"])
        out.append(cur)
    return out


def _path(board: Board, start: int, goal: int, rng: random.Random, avoid: set[int]) -> list[str] | None:
    """A random shortest hex path (as directions) from ``start`` to ``goal`` avoiding ``avoid``."""
    dist = board.distances
    if goal not in dist[start]:
        return None
    dirs, cur = [], start
    while cur != goal:
        options = []
        for d in DIRECTIONS:
            nxt = board.step(cur, d)
            if nxt is not None and dist[nxt].get(goal, 99) < dist[cur][goal] and (nxt not in avoid or nxt == goal):
                options.append((d, nxt))
        if not options:
            return None
        d, cur = rng.choice(options)
        dirs.append(d)
    return dirs


def sample_plans(view: dict, board: Board, rng: random.Random, n: int) -> list[dict]:
    """``n`` plans consistent with ``view``: the British plan itself when the view shows it."""
    if view.get("plan") and view["plan"].get("route") is not None:
        return [_plan_of(view["plan"])]
    known, b = view["known_plan"], view["bomber"]
    fields = board.british_airfields
    revealed = [dict(c) for c in b["revealed_cards"]]
    out = []
    for _ in range(n * 3):
        if len(out) == n:
            break
        tb = known.get("takeoff_bomber") or rng.choice(fields)
        tm = known.get("takeoff_mosquito") or rng.choice([f for f in fields if f != tb] or fields)
        passed = set(route_hexes(board, tb, revealed)) if revealed else set()
        cur = b["hex"] if b["hex"] is not None else tb
        if b["target_bombed"]:
            target = known.get("target")
            outbound: list[str] = []
        else:
            cities = [c for c in board.cities if c not in passed and c != cur]
            if not cities:
                continue
            # a prior half even, half leaning to rich and near cities (§5.3)
            leaning = [float(board.cities[c]["vp"]) / (1 + board.dist(cur, c)) for c in cities]
            weights = [w + sum(leaning) / len(leaning) for w in leaning]
            target = rng.choices(cities, weights)[0]
            outbound = _path(board, cur, target, rng, set(board.cities) - {target})
            if outbound is None:
                continue
        lb = known.get("landing_bomber") or rng.choice(fields)
        lm = known.get("landing_mosquito") or rng.choice([f for f in fields if f != lb] or fields)
        back = _path(board, target, lb, rng, set())
        if back is None:
            continue
        bombed = b["target_bombed"]
        cards = revealed + [{"dir": d, "colour": RED} for d in outbound] + \
            [{"dir": d, "colour": GREEN} for d in (back if not bombed else _path(board, cur, lb, rng, set()) or [])]
        if not cards or (bombed and cur == lb):
            cards = revealed or cards
        out.append({"takeoff_bomber": tb, "takeoff_mosquito": tm, "target": target, "landing_bomber": lb,
                    "landing_mosquito": lm, "route": cards})
    return out


def _plan_of(plan: dict) -> dict:
    keys = ("takeoff_bomber", "takeoff_mosquito", "target", "landing_bomber", "landing_mosquito", "route",
            "crest_draws")
    return {k: copy.deepcopy(plan[k]) for k in keys if k in plan}


def future_hexes(view: dict, board: Board, plan: dict) -> list[int]:
    """The hexes the Bomber will still enter under ``plan``, next one first."""
    b = view["bomber"]
    start = plan["takeoff_bomber"]
    hexes = route_hexes(board, start, plan["route"])
    return [h for h in hexes[b["moves_done"]:] if h is not None]
